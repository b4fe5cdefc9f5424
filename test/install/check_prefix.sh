#!/usr/bin/env bash
# Checks an installed tilec using nothing but its prefix: the files it
# holds; tilec by hand and tilec-cc on samples/heat2d; samples/cmake-project
# (find_package and tilec_add_executable) and samples/make-project (tilec-cc
# from a Makefile). Each OpenCL program runs (pocl in CI) and must print
# exactly what the serial build prints. Also checks that the CMake build
# re-translates when the source or the device profile changes and does
# nothing when nothing changed. With --nvcc, the CUDA variants are compiled
# too (not run). Every missing piece is a failure.
#
# check_install.sh and check_deb.sh run this under hide_trees.sh, with the
# source and build trees unreachable: each --hidden DIR must be empty here,
# and no installed text file, run path or tool command may name it.
#   --prefix P --work DIR (holds samples/ and compare_outputs.py)
#   --cmake CMAKE --cc CC --python PY [--generator G] [--nvcc NVCC]
#   [--hidden DIR]...
set -euo pipefail

prefix= work= cmake=cmake cc=cc python=python3 generator=Ninja nvcc=
hidden=()
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --cmake) cmake=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --python) python=$2; shift 2 ;;
    --generator) generator=$2; shift 2 ;;
    --nvcc) nvcc=$2; shift 2 ;;
    --hidden) hidden+=("$2"); shift 2 ;;
    *) echo "check_prefix.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for required in prefix work; do
  if [ -z "${!required}" ]; then
    echo "check_prefix.sh: --$required is required" >&2
    exit 2
  fi
done

fail() {
  echo "check_prefix.sh: FAIL: $*" >&2
  exit 1
}
step() { echo "== $*"; }
cd "$work"
compare="$work/compare_outputs.py"
[ -f "$compare" ] || fail "no $compare"

# Prints the hidden tree TEXT mentions, if any.
names_hidden() { # text
  local d
  for d in "${hidden[@]}"; do
    case "$1" in *"$d"*) echo "$d"; return 0 ;; esac
  done
  return 1
}

step "the source and build trees are unreachable"
for d in "${hidden[@]}"; do
  if [ -e "$d" ] && [ -n "$(ls -A "$d")" ]; then
    fail "$d is visible; run under hide_trees.sh"
  fi
  case "$prefix/" in "$d"/*) fail "the prefix $prefix is inside $d" ;; esac
done

step "installed files in $prefix"
expected=(bin/tilec bin/tilec-cc lib/libtilec_rt_opencl.a
  include/tilec/tilec_rt.h include/tilec/tilec_rt_opencl.h
  share/tilec/profiles/pocl.json share/tilec/profiles/h100-sxm.json
  share/doc/tilec/copyright
  lib/cmake/tilec/tilecConfig.cmake lib/cmake/tilec/tilecConfigVersion.cmake
  lib/cmake/tilec/tilecTargets.cmake lib/cmake/tilec/tilecFunctions.cmake)
if [ -n "$nvcc" ]; then
  expected+=(lib/libtilec_rt_cuda.a include/tilec/tilec_rt_cuda.h)
fi
for f in "${expected[@]}"; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
if [ ${#hidden[@]} -gt 0 ]; then
  for d in "${hidden[@]}"; do
    if grep -rIlF -- "$d" "$prefix" >"$work/names-tree.txt"; then
      fail "installed files name $d: $(tr '\n' ' ' <"$work/names-tree.txt")"
    fi
  done
  for tool in tilec tilec-cc; do
    runpath=$(readelf -d "$prefix/bin/$tool" | grep -E 'R(UN)?PATH' || true)
    if d=$(names_hidden "$runpath"); then
      fail "$tool's run path names $d: $runpath"
    fi
  done
fi
# The installed tilec finds its profiles under the prefix.
"$prefix/bin/tilec" --help | grep -q "Shipped device profiles: .*pocl" ||
  fail "installed tilec does not list its profiles"

if [ -n "$nvcc" ] && ! command -v "$nvcc" >/dev/null 2>&1; then
  fail "nvcc not found ('$nvcc'); install the CUDA toolkit at /usr/local/cuda"
fi

serial_vs_program() { # serial program label
  "$1" >"$work/$3.serial.out"
  "$2" >"$work/$3.out"
  "$python" "$compare" "$work/$3.serial.out" "$work/$3.out" ||
    fail "$3: output differs from the serial program"
}

# --- heat2d by hand and with tilec-cc --------------------------------------
heat2d="$work/samples/heat2d/heat2d.c"
sizes=(-DNX=40 -DNY=24 -DSTEPS=5)
hand="$work/by-hand"
mkdir -p "$hand"
"$cc" -O2 -Wno-unknown-pragmas "${sizes[@]}" "$heat2d" -o "$hand/heat2d_serial" ||
  fail "serial heat2d did not build"

step "tilec by hand: translate heat2d, compile with the prefix's runtime"
"$prefix/bin/tilec" --target=opencl -o "$hand/out" "$heat2d" -- "${sizes[@]}" ||
  fail "tilec did not translate heat2d"
"$cc" -O2 "$hand/out/heat2d.c" -I"$prefix/include" \
  "$prefix/lib/libtilec_rt_opencl.a" -lOpenCL -lm "${sizes[@]}" \
  -o "$hand/heat2d" || fail "translated heat2d did not build"
serial_vs_program "$hand/heat2d_serial" "$hand/heat2d" hand-heat2d

step "tilec takes Clang's builtin headers from TILEC_CLANG_RESOURCE_DIR"
mkdir -p "$hand/resource/include" "$hand/no-resource"
echo '#error builtin headers of TILEC_CLANG_RESOURCE_DIR' \
  >"$hand/resource/include/stddef.h"
if TILEC_CLANG_RESOURCE_DIR="$hand/resource" "$prefix/bin/tilec" \
  --target=opencl -o "$hand/out-resource" "$heat2d" -- "${sizes[@]}" \
  >"$hand/resource.log" 2>&1; then
  fail "tilec ignored TILEC_CLANG_RESOURCE_DIR"
fi
grep -q "builtin headers of TILEC_CLANG_RESOURCE_DIR" "$hand/resource.log" ||
  { cat "$hand/resource.log"; fail "tilec failed, but not on the given stddef.h"; }
# A directory without include/stddef.h is passed over.
TILEC_CLANG_RESOURCE_DIR="$hand/no-resource" "$prefix/bin/tilec" \
  --target=opencl -o "$hand/out-no-resource" "$heat2d" -- "${sizes[@]}" ||
  fail "tilec took a TILEC_CLANG_RESOURCE_DIR without include/stddef.h"

step "tilec-cc: heat2d in one step, its commands use the prefix only"
"$prefix/bin/tilec-cc" --verbose --target=opencl "$heat2d" \
  -o "$hand/heat2d_cc" -- "${sizes[@]}" >"$hand/tilec-cc.log" 2>&1 ||
  { cat "$hand/tilec-cc.log"; fail "tilec-cc failed"; }
grep -qF -- "$prefix/include" "$hand/tilec-cc.log" ||
  { cat "$hand/tilec-cc.log"; fail "tilec-cc does not include $prefix/include"; }
grep -qF -- "$prefix/lib/libtilec_rt_opencl.a" "$hand/tilec-cc.log" ||
  { cat "$hand/tilec-cc.log"; fail "tilec-cc does not link the prefix's runtime"; }
if d=$(names_hidden "$(cat "$hand/tilec-cc.log")"); then
  cat "$hand/tilec-cc.log"
  fail "tilec-cc's commands name $d"
fi
serial_vs_program "$hand/heat2d_serial" "$hand/heat2d_cc" tilec-cc-heat2d

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
grep -q "^tilec_DIR:PATH=$prefix/lib/cmake/tilec$" "$bdir/CMakeCache.txt" ||
  fail "find_package(tilec) did not find $prefix/lib/cmake/tilec"

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

echo "check_prefix.sh: all checks passed"
