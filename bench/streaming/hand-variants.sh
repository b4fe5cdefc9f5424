#!/usr/bin/env bash
# Prepares a bench/c-output directory whose CUDA kernels are rewritten by
# hand-variant.py: each line of LIST is
#   NAME SOURCE PARAMS AHEAD CHUNK COMPARE DEFINES...
# (PARAMS "auto" for tilec's choice; AHEAD rows loaded ahead, 1 as tilec
# emits; CHUNK rows per chunk, 0 as tilec emits). Since the vector's sixth
# number sets the chunk (--params=W,H,D,T,P,C), CHUNK is only needed to
# reproduce docs/data/h100-2026-11-27-chunk-sweep.txt as it was made.
#   bash bench/streaming/hand-variants.sh bench/streaming/load-ahead.txt .gpu-ahead
#   # on the GPU machine: cd .gpu-ahead && bash run.sh && bash passes.sh 2
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
list=${1:?usage: hand-variants.sh LIST OUTDIR}
out=${2:?usage: hand-variants.sh LIST OUTDIR}
programs=$(mktemp)
trap 'rm -f "$programs"' EXIT
grep -v '^#' "$list" | while read -r name src params ahead chunk compare defines; do
  p=-
  [ "$params" = auto ] || p=--params=$params
  echo "$name $src $p $compare $defines"
done >"$programs"
bash "$root/bench/c-output/prepare.sh" "$out" "$root/build/bin/tilec" "$programs"
grep -v '^#' "$list" | while read -r name src params ahead chunk compare defines; do
  args=(--ahead "$ahead")
  [ "$chunk" = 0 ] || args+=(--chunk "$chunk")
  python3 "$here/hand-variant.py" "$(ls "$out/$name"/cuda/*_tilec.cu)" "${args[@]}"
done
