#!/usr/bin/env bash
# Prepares a bench/c-output directory from LIST and rewrites the CUDA
# kernels of its programs by the prefix of their names: w- with
# level-window-prototype.py, r- with ring-slots-prototype.py, s- with
# ring-slots-prototype.py --sync-every 2, x- with points-x-prototype.py (o- stay as
# tilec emits them).
#   [TILEC=path/to/tilec] bash bench/streaming/prototypes.sh LIST OUTDIR
#   # on the GPU machine: cd OUTDIR && bash run.sh && bash passes.sh 3
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
list=${1:?usage: prototypes.sh LIST OUTDIR}
out=${2:?usage: prototypes.sh LIST OUTDIR}
bash "$root/bench/c-output/prepare.sh" "$out" "${TILEC:-$root/build/bin/tilec}" "$list"
for dir in "$out"/*; do
  [ -d "$dir/cuda" ] || continue
  case $(basename "$dir") in
  w-*) python3 "$here/level-window-prototype.py" "$(ls "$dir"/cuda/*_tilec.cu)" ;;
  r-*) python3 "$here/ring-slots-prototype.py" "$(ls "$dir"/cuda/*_tilec.cu)" ;;
  x-*) python3 "$here/points-x-prototype.py" "$(ls "$dir"/cuda/*_tilec.cu)" ;;
  s-*) python3 "$here/ring-slots-prototype.py" "$(ls "$dir"/cuda/*_tilec.cu)" --sync-every 2 ;;
  esac
done
