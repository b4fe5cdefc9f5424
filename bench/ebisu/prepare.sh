#!/usr/bin/env bash
# Prepares the side-by-side run of tilec and EBISU (bench/ebisu/README.md):
# tilec's CUDA output of programs.txt (bench/c-output/prepare.sh), a copy
# of the prebuilt EBISU folder and the scripts, all in OUTDIR (a git-ignored
# folder of the checkout, carried to the GPU machine). There:
# `bash OUTDIR/side-by-side.sh`.
#   bench/ebisu/prepare.sh OUTDIR [EBISU_DIR (default ../shared/peers/ebisu)]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:?usage: prepare.sh OUTDIR [EBISU_DIR]}
ebisu=${2:-$root/../shared/peers/ebisu}
[ -x "$ebisu/ebisu-3d7pt" ] || {
  echo "prepare.sh: no EBISU binaries in $ebisu" >&2
  exit 1
}
bash "$root/bench/c-output/prepare.sh" "$out" "$root/build/bin/tilec" \
  "$here/programs.txt"
cp -r "$ebisu" "$out/ebisu"
chmod -R u+w "$out/ebisu"
cp "$here/side-by-side.sh" "$here/side_by_side.py" "$out/"
echo "then, on the GPU machine: bash $out/side-by-side.sh"
