#!/usr/bin/env bash
# Installs tilec into a temporary prefix, then builds the example user
# projects against that prefix only: samples/cmake-project (find_package and
# tilec_add_executable, with Ninja or the generator given) and
# samples/make-project (tilec-cc from a Makefile). Each OpenCL program runs
# (pocl in CI) and must print exactly what the serial build prints. Also
# checks that the build re-translates when the source or the device profile
# changes and does nothing when nothing changed. With --nvcc, the CUDA
# variants are compiled too (not run). Every missing piece is a failure.
#   --build-dir B --source-dir S --work DIR --cmake CMAKE --cc CC
#   --python PY [--generator G] [--nvcc NVCC]
set -euo pipefail

build= src= work= cmake=cmake cc=cc python=python3 generator=Ninja nvcc=
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build=$2; shift 2 ;;
    --source-dir) src=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --cmake) cmake=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --python) python=$2; shift 2 ;;
    --generator) generator=$2; shift 2 ;;
    --nvcc) nvcc=$2; shift 2 ;;
    *) echo "check_install.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for required in build src work; do
  if [ -z "${!required}" ]; then
    echo "check_install.sh: --$required is required" >&2
    exit 2
  fi
done

fail() {
  echo "check_install.sh: FAIL: $*" >&2
  exit 1
}
step() { echo "== $*"; }
compare="$src/test/e2e/compare_outputs.py"

rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"

step "install into $prefix"
"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log"
expected=(bin/tilec bin/tilec-cc lib/libtilec_rt_opencl.a
  include/tilec/tilec_rt.h include/tilec/tilec_rt_opencl.h
  share/tilec/profiles/pocl.json share/tilec/profiles/h100-sxm.json
  lib/cmake/tilec/tilecConfig.cmake lib/cmake/tilec/tilecConfigVersion.cmake
  lib/cmake/tilec/tilecTargets.cmake lib/cmake/tilec/tilecFunctions.cmake)
if [ -n "$nvcc" ]; then
  expected+=(lib/libtilec_rt_cuda.a include/tilec/tilec_rt_cuda.h)
fi
for f in "${expected[@]}"; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
# The installed tilec finds its profiles under the prefix.
"$prefix/bin/tilec" --help | grep -q "Shipped device profiles: .*pocl" ||
  fail "installed tilec does not list its profiles"

if [ -n "$nvcc" ] && ! command -v "$nvcc" >/dev/null 2>&1; then
  fail "nvcc not found ('$nvcc'); install the CUDA toolkit at /usr/local/cuda"
fi

# The projects refer to ../heat3d and ../heat2d, so copy them side by side;
# the copies are touched below, never the repository's files.
mkdir -p "$work/samples"
for d in cmake-project make-project heat2d heat3d; do
  cp -r "$src/samples/$d" "$work/samples/"
done

serial_vs_program() { # serial program label
  "$1" >"$work/$3.serial.out"
  "$2" >"$work/$3.out"
  "$python" "$compare" "$work/$3.serial.out" "$work/$3.out" ||
    fail "$3: output differs from the serial program"
}

# --- CMake project ---------------------------------------------------------
project="$work/samples/cmake-project"
bdir="$work/cmake-build"
config_args=(-S "$project" -B "$bdir" -G "$generator"
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc"
  -DCMAKE_PREFIX_PATH="$prefix" "-DHEAT3D_DEFINES=NX=24;NY=20;NZ=16;STEPS=5")
if [ -n "$nvcc" ]; then
  config_args+=(-DWITH_CUDA=ON -DCMAKE_CUDA_COMPILER="$(command -v "$nvcc")")
fi
step "configure samples/cmake-project"
"$cmake" "${config_args[@]}" >"$work/configure.log" ||
  { cat "$work/configure.log"; fail "configure failed"; }

build_project() { # log-name
  "$cmake" --build "$bdir" >"$work/$1" 2>&1 ||
    { cat "$work/$1"; fail "build failed ($1)"; }
}
translations() { grep -c "tilec: translating" "$work/$1" || true; }
mtime() { stat -c %y "$1"; }

step "build samples/cmake-project"
build_project build1.log
translated="$bdir/tilec/heat3d/heat3d.c"
[ -f "$translated" ] || fail "no translated file $translated"
[ -f "$bdir/tilec/heat3d/heat3d.cl" ] || fail "no kernel file next to it"
grep -q "TILEC_STATIC_ASSERT\|static_assert\|_Static_assert" "$translated" ||
  fail "translated file has no size check"
serial_vs_program "$bdir/heat3d_serial" "$bdir/heat3d" cmake-heat3d
if [ -n "$nvcc" ]; then
  # CUDA: the rewritten .c (compiled as C), the kernels and host functions in
  # heat3d_tilec.cu (compiled by nvcc), and the header both include.
  for f in heat3d.c heat3d_tilec.cu heat3d_tilec.h; do
    [ -f "$bdir/tilec/heat3d_cuda/$f" ] || fail "no translated CUDA file $f"
  done
  grep -q "TILEC_STATIC_ASSERT\|static_assert\|_Static_assert" \
    "$bdir/tilec/heat3d_cuda/heat3d.c" ||
    fail "translated CUDA .c has no size check"
  [ -x "$bdir/heat3d_cuda" ] || fail "heat3d_cuda was not built"
  [ "$(translations build1.log)" = 2 ] || fail "expected two translations"
fi

step "rebuild without changes: no translation"
before=$(mtime "$translated")
build_project build2.log
[ "$(translations build2.log)" = 0 ] || fail "a build without changes re-translated"
[ "$(mtime "$translated")" = "$before" ] || fail "translated file rewritten"

step "touch the source: re-translate"
sleep 1
touch "$work/samples/heat3d/heat3d.c"
build_project build3.log
[ "$(translations build3.log)" -ge 1 ] || fail "touching the source did not re-translate"
[ "$(mtime "$translated")" != "$before" ] || fail "translated file not rewritten"
before=$(mtime "$translated")

step "touch the device profile: re-translate"
sleep 1
touch "$prefix/share/tilec/profiles/pocl.json"
build_project build4.log
[ "$(translations build4.log)" -ge 1 ] || fail "touching the profile did not re-translate"
[ "$(mtime "$translated")" != "$before" ] || fail "translated file not rewritten"
serial_vs_program "$bdir/heat3d_serial" "$bdir/heat3d" cmake-heat3d-again

step "a different size reaches tilec and the compiler"
"$cmake" "-DHEAT3D_DEFINES=NX=18;NY=14;NZ=12;STEPS=3" "$bdir" >/dev/null
build_project build5.log
[ "$(translations build5.log)" -ge 1 ] || fail "new DEFINES did not re-translate"
serial_vs_program "$bdir/heat3d_serial" "$bdir/heat3d" cmake-heat3d-resized
grep -q "heat3d nx=18 ny=14 nz=12 steps=3" "$work/cmake-heat3d-resized.out" ||
  fail "the program was not built with the new sizes"

# --- Makefile project ------------------------------------------------------
mproject="$work/samples/make-project"
make_args=(-C "$mproject" TILEC_CC="$prefix/bin/tilec-cc" CC="$cc"
  "DEFINES=-DNX=40 -DNY=24 -DSTEPS=5")
step "make samples/make-project"
make "${make_args[@]}" >"$work/make1.log" 2>&1 ||
  { cat "$work/make1.log"; fail "make failed"; }
serial_vs_program "$mproject/heat2d_serial" "$mproject/heat2d" make-heat2d
make -q "${make_args[@]}" heat2d || fail "make: heat2d out of date right after a build"
sleep 1
touch "$work/samples/heat2d/heat2d.c"
if make -q "${make_args[@]}" heat2d; then
  fail "make: touching the source did not make heat2d out of date"
fi
make "${make_args[@]}" >"$work/make2.log" 2>&1 ||
  { cat "$work/make2.log"; fail "make failed after touch"; }
grep -q "tilec-cc --target=opencl" "$work/make2.log" ||
  fail "make: heat2d not rebuilt with tilec-cc after touch"
if [ -n "$nvcc" ]; then
  step "make cuda"
  NVCC="$nvcc" make "${make_args[@]}" cuda >"$work/make3.log" 2>&1 ||
    { cat "$work/make3.log"; fail "make cuda failed"; }
  [ -x "$mproject/heat2d_cuda" ] || fail "heat2d_cuda was not built"
fi

echo "check_install.sh: all checks passed"
