#!/usr/bin/env bash
# Builds Inputs/cc-project, an ordinary project that never mentions tilec,
# with tilec-cc as its C compiler, as a user of make or CMake would:
#   opencl: make CC=tilec-cc, run (pocl), compare with the serial build;
#           rebuilding without changes does nothing
#   cuda:   make CC='tilec-cc --target=cuda': the objects compile and link
#           (one object per translated source), the program is not run;
#           a link by hand of those objects adds the runtime by itself
#   ccache: TILEC_CC='ccache CC' make CC=tilec-cc: ccache runs every compile
#   cmake:  CC=tilec-cc cmake -G Ninja, build, run, compare
#   deps:   the .d files make includes: touching heat.h rebuilds both
#           objects, touching the device profile (--profile, copied) only
#           heat.o, touching nothing does nothing
#   check-cc-project.sh MODE --tilec-cc T --cc CC --python PY --compare C
#     --work DIR [--profile JSON]
set -euo pipefail

mode=$1
shift
tcc= cc= python= compare= work= profile=
while [ $# -gt 0 ]; do
  case "$1" in
    --tilec-cc) tcc=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --python) python=$2; shift 2 ;;
    --compare) compare=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --profile) profile=$2; shift 2 ;;
    *) echo "check-cc-project.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
fail() {
  echo "check-cc-project.sh: FAIL: $*" >&2
  exit 1
}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
rm -rf "$work"
mkdir -p "$work"
cp -r "$here/cc-project" "$work/project"
cp -r "$here/cc-project" "$work/serial"
cd "$work"

# The serial program: the same project and flags with the C compiler alone.
make -C serial CC="$cc" "CFLAGS=-O2 -Wall -Wno-unknown-pragmas -DNX=48 -DNY=20 -DSTEPS=6" \
  >serial.log 2>&1 || { cat serial.log; fail "serial build failed"; }
serial/prog >serial.out

compare_run() { # program label
  "$1" >"$2.out" || fail "$2: the program failed"
  "$python" "$compare" serial.out "$2.out" ||
    fail "$2: output differs from the serial program"
}

case "$mode" in
opencl)
  make -C project CC="$tcc" >make1.log 2>&1 || { cat make1.log; fail "make failed"; }
  grep -q -- "-MMD -MP -c heat.c -o heat.o" make1.log || fail "make did not run its own rule"
  compare_run project/prog make-opencl
  make -q -C project CC="$tcc" || fail "out of date right after a build"
  make -C project CC="$tcc" >make2.log 2>&1 || { cat make2.log; fail "second make failed"; }
  if grep -q -- " -c \| -o prog" make2.log; then
    cat make2.log
    fail "a build without changes compiled or linked"
  fi
  ;;
cuda)
  make -C project CC="$tcc --target=cuda --device=h200" >make1.log 2>&1 ||
    { cat make1.log; fail "make (cuda) failed"; }
  [ -x project/prog ] || fail "no program"
  # heat.o holds the user's code and nvcc's kernels: one object for make.
  nm project/heat.o >heat.nm
  grep -q " T heat_run$" heat.nm || fail "heat.o does not define heat_run"
  grep -q " U tilec_cuda_" heat.nm || fail "heat.o does not call the CUDA runtime"
  objdump -h project/heat.o | grep -q nv_fatbin || fail "heat.o has no kernels"
  nm project/prog | grep -q " T tilec_cuda_alloc$" || fail "the program lacks the runtime"
  # A link of those objects that never names CUDA.
  (cd project && "$tcc" main.o heat.o -o prog-by-hand) >link.log 2>&1 ||
    { cat link.log; fail "linking the objects without --target failed"; }
  nm project/prog-by-hand | grep -q " T tilec_cuda_alloc$" ||
    fail "the link by hand lacks the runtime"
  ;;
ccache)
  export CCACHE_DIR="$work/ccache"
  TILEC_CC="ccache $cc" make -C project CC="$tcc" >make1.log 2>&1 ||
    { cat make1.log; fail "make with ccache failed"; }
  compare_run project/prog make-ccache
  # main.c, heat.c (translated) and the link: three calls, two compiles.
  ccache --print-stats >stats.txt
  misses=$(awk '$1 == "cache_miss" { print $2 }' stats.txt)
  [ "$misses" = 2 ] || { cat stats.txt; fail "ccache saw $misses compiles, not 2"; }
  links=$(awk '$1 == "called_for_link" { print $2 }' stats.txt)
  [ "$links" = 1 ] || { cat stats.txt; fail "ccache saw $links links, not 1"; }
  ;;
cmake)
  CC="$tcc" cmake -S project -B build -G Ninja >configure.log 2>&1 ||
    { cat configure.log; fail "configure failed"; }
  grep -q "The C compiler identification is GNU" configure.log ||
    { cat configure.log; fail "CMake did not identify the C compiler"; }
  cmake --build build >build1.log 2>&1 || { cat build1.log; fail "build failed"; }
  compare_run build/prog cmake
  cmake --build build >build2.log 2>&1 || { cat build2.log; fail "rebuild failed"; }
  grep -q "no work to do" build2.log || { cat build2.log; fail "a rebuild without changes did work"; }
  sleep 1
  touch project/heat.h
  cmake --build build >build3.log 2>&1 || { cat build3.log; fail "build after touch failed"; }
  grep -q "heat.c.o" build3.log || { cat build3.log; fail "touching heat.h did not rebuild heat.c"; }
  ;;
deps)
  cp "$profile" my.json
  flags="CFLAGS=-O2 -Wall -DNX=48 -DNY=20 -DSTEPS=6 --device=$work/my.json"
  build() { # log
    make -C project CC="$tcc" "$flags" >"$1" 2>&1 || { cat "$1"; fail "make failed ($1)"; }
  }
  compiled() { # log source: did make compile it?
    grep -q -- "-c $2 -o" "$1"
  }
  build make1.log
  compare_run project/prog make-deps
  grep -q "my.json" project/heat.d || fail "heat.d does not name the profile"
  if grep -q "my.json" project/main.d; then
    fail "main.d names the profile, yet main.c has no region"
  fi
  build make2.log
  if compiled make2.log heat.c || compiled make2.log main.c; then
    cat make2.log
    fail "a build without changes compiled something"
  fi
  sleep 1
  touch project/heat.h
  build make3.log
  compiled make3.log heat.c || { cat make3.log; fail "touching heat.h did not rebuild heat.o"; }
  compiled make3.log main.c || { cat make3.log; fail "touching heat.h did not rebuild main.o"; }
  sleep 1
  touch my.json
  build make4.log
  compiled make4.log heat.c || { cat make4.log; fail "touching the profile did not rebuild heat.o"; }
  if compiled make4.log main.c; then
    cat make4.log
    fail "touching the profile rebuilt main.o"
  fi
  build make5.log
  if compiled make5.log heat.c || compiled make5.log main.c; then
    cat make5.log
    fail "a build right after a build compiled something"
  fi
  compare_run project/prog make-deps-again
  ;;
*)
  fail "unknown mode '$mode'"
  ;;
esac
echo "check-cc-project.sh: $mode: all checks passed"
