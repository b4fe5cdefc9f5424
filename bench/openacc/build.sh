#!/usr/bin/env bash
# Builds the OpenACC samples (samples/NAME/NAME_acc.c) for the GPU machine
# with GCC's nvptx offloading, with what they need to run there, into OUTDIR:
#   bin/NAME         the program as a user builds it (gcc -O3);
#   bin/NAME.steps0  STEPS=0 (time: subtracted, leaving the time loop);
#   bin/NAME.serial  NAME_plain.c, gcc -O2 (verify);
#   lib/             libgomp.so.1 and libgomp-plugin-nvptx.so.1 of this GCC;
#   run.sh, compare_outputs.py, manifest.txt.
# On the GPU machine: cd OUTDIR && bash run.sh [RESULTS_DIR].
#   bench/openacc/build.sh OUTDIR [CONFIG_FILE...]
# Needs gcc-12-offload-nvptx (scripts/setup.sh installs it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: build.sh OUTDIR [CONFIG_FILE...]}
shift
[ $# -gt 0 ] || set -- "$root/bench/openacc/configs.txt"
gcc=${GCC:-gcc}

# CUDA 13's ptxas rejects GCC 12's default sm_35 (sm_80 PTX runs on Hopper
# through the driver's JIT); -no-pie avoids a text relocation in the
# offload table.
offload=(-fopenacc -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80 -no-pie)

rm -rf "$out"
mkdir -p "$out/bin" "$out/lib"
for lib in libgomp.so.1 libgomp-plugin-nvptx.so.1; do
  path=$("$gcc" -print-file-name="$lib")
  [ -e "$path" ] || path=/usr/lib/x86_64-linux-gnu/$lib
  cp -L "$path" "$out/lib/$lib"
done
cp "$root/bench/openacc/run.sh" "$root/test/e2e/compare_outputs.py" "$out/"

manifest="$out/manifest.txt"
: >"$manifest"
cat "$@" | grep -v '^#' | while read -r name sample modes tolerances defines; do
  [ -n "$name" ] || continue
  src="$root/samples/$sample/${sample}_acc.c"
  # shellcheck disable=SC2086  # the defines are separate words
  "$gcc" -O3 "${offload[@]}" $defines "$src" -o "$out/bin/$name" -lm
  case ",$modes," in
    *,verify,*)
      "$gcc" -O2 $defines "$root/samples/$sample/${sample}_plain.c" \
        -o "$out/bin/$name.serial" -lm
      ;;
  esac
  case ",$modes,$sample" in
    *,time,*heat*|*,time,*himeno|*,time,*jacobi2d|*,time,*fdtd2d)
      steps0="$(echo "$defines" | sed 's/-DSTEPS=[0-9]*//') -DSTEPS=0"
      "$gcc" -O3 "${offload[@]}" $steps0 "$src" -o "$out/bin/$name.steps0" -lm
      ;;
  esac
  # Interior points per step of the stencils (apsp: N), for run.sh's rates.
  size() { # -DNAME=V from the defines, else the sample's default
    local v
    v=$(echo " $defines " | sed -n "s/.* -D$1=\([0-9]*\) .*/\1/p")
    [ -n "$v" ] || v=$(sed -n "s/^#define $1 \([0-9]*\)$/\1/p" "$src" | head -n 1)
    echo "${v:-1}"
  }
  case $sample in
    heat1d) points=$(($(size NX) - 2)) ;;
    heat2d) points=$((($(size NX) - 2) * ($(size NY) - 2))) ;;
    jacobi2d) points=$((2 * ($(size N) - 2) * ($(size N) - 2))) ;; # 2 sweeps
    fdtd2d) points=$(($(size NX) * $(size NY))) ;;
    apsp) points=$(size N) ;;
    *) points=$((($(size NX) - 2) * ($(size NY) - 2) * ($(size NZ) - 2))) ;;
  esac
  echo "$name $sample $modes $tolerances $points $(size STEPS) $defines" >>"$manifest"
  echo "built $name"
done
echo "built $(wc -l <"$manifest") OpenACC configurations in $out"
