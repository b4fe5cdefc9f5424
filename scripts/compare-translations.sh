#!/usr/bin/env bash
# For changes to the code generators that must not change their output (a
# refactor): translates a corpus with two tilec builds and compares the
# results byte for byte. The corpus: every sample and every input of the
# end-to-end tests at their default sizes and at 256^3, and the streaming
# kernels' shapes under several --params (2D and 3D, one to four points,
# chained levels and not, ping-pong pairs, run-time extents, a reduction),
# each for CUDA and OpenCL on the H200's profile, and every sample on each
# other shipped profile; a translation that fails must fail alike. Both
# builds write to the same folder in turn, so that the file names the
# output names in its #line directives match.
#   scripts/compare-translations.sh OLD_TILEC NEW_TILEC [WORKDIR]
# Exits non-zero and prints the differing files when the outputs differ.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
old=${1:?usage: compare-translations.sh OLD_TILEC NEW_TILEC [WORKDIR]}
new=${2:?usage: compare-translations.sh OLD_TILEC NEW_TILEC [WORKDIR]}
work=${3:-$(mktemp -d)}
inputs=$root/test/lit/e2e/Inputs
samples=$root/samples

# translate TILEC OUTDIR: every case of the corpus, one folder each.
translate() {
  local tilec=$1 out=$2 count=0
  rm -rf "$out"
  mkdir -p "$out"
  local device=h200
  one() { # SOURCE PARAMS DEFINES...
    local source=$1 params=$2 target dir
    shift 2
    for target in cuda opencl; do
      count=$((count + 1))
      dir=$out/$count-$target-$device-$(basename "$source" .c)
      local args=(--target="$target" --device="$device")
      [ "$params" != - ] && args+=(--params="$params")
      "$tilec" "${args[@]}" -o "$dir" "$source" -- -I"$inputs" "$@" \
        >"$dir.out" 2>"$dir.err"
      echo "rc=$?" >>"$dir.out"
    done
  }
  local p f
  for p in - 32,8,1,4,2,128 32,8,1,3,4 16,4,1,2 32,4,1,4,4,37 64,16,1,4,2 32,8,1,1; do
    one "$samples/heat3d/heat3d.c" "$p" -DNX=256 -DNY=256 -DNZ=256 -DSTEPS=100
    one "$samples/heat3d/heat3d.c" "$p" -DNX=131 -DNY=77 -DNZ=203 -DSTEPS=13 \
      -DDATA_TYPE_IS_DOUBLE
  done
  for p in - 128,1,1,8 256,1,1,8,1,71 64,1,1,4,1,16 32,8,1,3 128,1,1,1; do
    one "$samples/heat2d/heat2d.c" "$p" -DNX=2048 -DNY=2048 -DSTEPS=100 \
      -DDATA_TYPE_IS_DOUBLE
    one "$samples/heat2d/heat2d.c" "$p" -DNX=301 -DNY=407 -DSTEPS=19
  done
  for p in - 128,1,1,8 64,1,1,4,1,32; do
    one "$samples/jacobi2d/jacobi2d.c" "$p" -DN=2048 -DSTEPS=50 \
      -DDATA_TYPE_IS_DOUBLE
  done
  for p in - 32,16,1,2 32,8,1,3,4; do
    one "$inputs/heat-3d.c" "$p" -DN=256 -DSTEPS=50 -DUSE_DOUBLE
    one "$inputs/heat-3d.c" "$p" -DN=40 -DSTEPS=9
  done
  for f in "$inputs"/*.c; do
    one "$f" -
    one "$f" - -DNX=256 -DNY=256 -DNZ=256
  done
  for p in 32,8,1,3,4 16,4,1,2,2 32,4,1,2; do
    one "$inputs/gray-scott-3d.c" "$p"
    one "$inputs/heat3d-vla.c" "$p"
    one "$inputs/flat-3d.c" "$p" -DNX=100 -DNY=90 -DNZ=80 -DRUNTIME_BOUNDS
  done
  for f in "$samples"/*/*.c; do
    one "$f" -
  done
  one "$samples/himeno/himeno.c" 32,4,1,1 -DNX=129 -DNY=65 -DNZ=67 -DSTEPS=5
  for device in h100-sxm pocl tesla-c2070 xeon-phi-5110p; do
    for f in "$samples"/*/*.c; do
      one "$f" -
    done
  done
  echo "$count translations"
}

rm -rf "$work/old" "$work/new"
translate "$old" "$work/out" >/dev/null
mv "$work/out" "$work/old"
translate "$new" "$work/out"
mv "$work/out" "$work/new"
if diff -r "$work/old" "$work/new" >"$work/diff.txt"; then
  echo "identical ($work)"
else
  echo "the translations differ ($work/diff.txt):"
  grep -E '^(diff|Only in)' "$work/diff.txt" | head -40
  exit 1
fi
