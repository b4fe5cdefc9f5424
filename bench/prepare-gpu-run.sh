#!/usr/bin/env bash
# Run here (tilec needs Clang, which the GPU machine lacks): translates every
# configuration of bench/configs.txt for CUDA and OpenCL into OUTDIR, with the
# sources, runtime and scripts that bench/gpu-run.sh needs on the GPU machine.
#   bench/prepare-gpu-run.sh OUTDIR [DEVICE-PROFILE]   (default h100-sxm)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: prepare-gpu-run.sh OUTDIR [DEVICE-PROFILE]}
profile=${2:-h100-sxm}
tilec="$root/build/bin/tilec"

rm -rf "$out"
mkdir -p "$out"
cp -r "$root/runtime" "$root/samples" "$out/"
cp "$root/test/e2e/compare_outputs.py" "$root/bench/gpu-run.sh" \
  "$root/bench/copy_bandwidth.cu" "$out/"

manifest="$out/manifest.txt"
: >"$manifest"
grep -v '^#' "$root/bench/configs.txt" | while read -r name sample modes compare defines; do
  [ -n "$name" ] || continue
  src="$root/samples/$sample/$sample.c"
  for target in cuda opencl; do
    "$tilec" --target=$target --device="$profile" -o "$out/$name/$target" \
      "$src" -- $defines
  done
  # Points updated per step: the product of the calc ranges.
  points=$("$tilec" --dump-ir "$src" -- $defines |
    sed -n 's/.*calc \[\([0-9]*\), \([0-9]*\)).*/\1 \2/p' |
    awk 'BEGIN { p = 1 } { p *= $2 - $1 } END { print p }')
  steps=$(echo "$defines" | sed -n 's/.*-DSTEPS=\([0-9]*\).*/\1/p')
  echo "$name $sample $modes $compare $points ${steps:-100} $defines" >>"$manifest"
done
echo "prepared $(wc -l <"$manifest") configurations in $out (profile $profile)"
