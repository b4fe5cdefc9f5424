#!/usr/bin/env bash
# Lists the vector tilec chooses (--dump-params) for heat3d, the heat-3d
# pair, heat2d and jacobi-2d in float and double over a grid of sizes, for
# the h200 and h100-sxm profiles and both targets: one line per choice.
# Run it with two builds and diff the lists to see which choices a change
# to the search moves (no GPU needed).
#   bash bench/streaming/list-choices.sh [TILEC] > choices.txt
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tilec=${1:-$root/build/bin/tilec}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
choose() { # NAME SOURCE TILEC_ARGS... -- DEFINES...
  local label=$1 source=$2
  shift 2
  printf '%s %s\n' "$label" \
    "$("$tilec" "$source" --dump-params -o "$out/x" "$@" 2>&1 | tail -1)"
}
for device in h200 h100-sxm; do
  for target in cuda opencl; do
    at="$device $target"
    for n in 128 160 192 200 224 240 256 300 384 512; do
      choose "$at heat3d $n f" "$root/samples/heat3d/heat3d.c" \
        --target=$target --device=$device -- -DNX=$n -DNY=$n -DNZ=$n
      choose "$at heat3d $n d" "$root/samples/heat3d/heat3d.c" \
        --target=$target --device=$device -- -DNX=$n -DNY=$n -DNZ=$n \
        -DDATA_TYPE_IS_DOUBLE
      choose "$at pair $n d" "$root/test/lit/e2e/Inputs/heat-3d.c" \
        --target=$target --device=$device -- -DN=$n -DUSE_DOUBLE
    done
    for n in 512 2048 8192; do
      for type in f d; do
        double=()
        [ $type = d ] && double=(-DDATA_TYPE_IS_DOUBLE)
        choose "$at heat2d $n $type" "$root/samples/heat2d/heat2d.c" \
          --target=$target --device=$device -- -DNX=$n -DNY=$n "${double[@]}"
        choose "$at jacobi2d $n $type" "$root/samples/jacobi2d/jacobi2d.c" \
          --target=$target --device=$device -- -DN=$n "${double[@]}"
      done
    done
  done
done
