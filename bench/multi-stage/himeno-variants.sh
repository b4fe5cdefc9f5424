#!/usr/bin/env bash
# Hand variants of Himeno's emitted CUDA (himeno-variants.py for the 32 x 4
# x 2 groups of tilec c634413, himeno-naive-variants.py for the 128 x 2 x 1
# groups since), timed side by side. Prepare (here; the variants of the
# second script are written the same way):
#   d=.gpu-hm; mkdir -p $d && cp -r runtime bench/build-tilec-cuda.sh \
#     bench/copy_bandwidth.cu bench/multi-stage/himeno-variants.sh $d/
#   tilec --target=cuda --device=h100-sxm -o /tmp/M samples/himeno/himeno.c -- -DNX=256 -DNY=128 -DNZ=128
#   tilec --target=cuda --device=h100-sxm -o /tmp/L samples/himeno/himeno.c -- -DNX=512 -DNY=256 -DNZ=256
#   python3 bench/multi-stage/himeno-variants.py /tmp/M $d/M
#   python3 bench/multi-stage/himeno-variants.py /tmp/L $d/L --large
# then on the GPU machine: bash .gpu-hm/himeno-variants.sh RESULTS_DIR
# (builds every variant, three interleaved passes of kernel time with
# TILEC_PROFILE=1 and steps time with TILEC_STEPS_TIME=1).
set -uo pipefail
cd "$(dirname "$0")"
res=${1:-/tmp/res}
mkdir -p "$res"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$res/log.txt"
nvcc -O2 -arch=sm_90 copy_bandwidth.cu -o copy_bandwidth && ./copy_bandwidth | tee -a "$res/log.txt"
build() {
  local d=$1 defs=$2
  bash build-tilec-cuda.sh "$d" himeno "$d/program" "-mcmodel=medium $defs" "-fmad=false" >"$d/build.log" 2>&1 || echo "BUILD FAILED $d"
  nvcc -O3 -arch=sm_90 -fmad=false -Iruntime/include -c "$d/himeno_tilec.cu" -o /dev/null -Xptxas -v 2>&1 |
    grep -E "registers|spill" | sed "s#^#$d: #" >>"$d/ptxas.txt"
}
export -f build
(
  for d in M/*; do echo "$d -DNX=256 -DNY=128 -DNZ=128"; done
  for d in L/*; do echo "$d -DNX=512 -DNY=256 -DNZ=256"; done
) | {
  while read -r d defs; do build "$d" "$defs" & done
  wait
}
cat M/*/ptxas.txt L/*/ptxas.txt >>"$res/log.txt"
for pass in 1 2 3; do
  for d in M/* L/*; do
    TILEC_PROFILE=1 "$d/program" >"$d/out.txt" 2>"$d/prof.txt"
    k=$(grep '^tilec profile' "$d/prof.txt" | grep -v '\[' | sed -E 's/.*, ([0-9.]+) ms total.*/\1/' | awk '{s+=$1} END {print s}')
    TILEC_STEPS_TIME=1 "$d/program" >/dev/null 2>"$d/steps.txt"
    st=$(grep 'steps time' "$d/steps.txt" | sed -E 's/.*steps time ([0-9.]+) ms.*/\1/')
    wall=$(grep 'himeno time' "$d/steps.txt" | awk '{print $3}')
    echo "pass $pass $d: kernel $k ms steps $st ms wall $wall s $(grep gosa "$d/out.txt")" | tee -a "$res/log.txt"
  done
done
