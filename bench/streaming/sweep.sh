#!/usr/bin/env bash
# Prints a bench/c-output programs list (kernel time only) sweeping the
# streaming vectors of heat3d at 512^3 and 256^3 (P = 1, 2, 4; T = 1..4)
# and heat2d at 8192^2 and 2048^2 (T = 2..16), keeping those tilec
# accepts; SIZES_3D and SIZES_2D choose other sizes (empty: none), and
# SAMPLE_3D another 3D program with the same -D sizes (such as
# samples/heat3d/heat3d_runtime.c, named r3-...). Prepare
# with
#   bash bench/streaming/sweep.sh > /tmp/sweep.txt
#   bash bench/c-output/prepare.sh .gpu-sweep build/bin/tilec /tmp/sweep.txt
# and run `cd .gpu-sweep && bash run.sh` on the GPU machine.
set -euo pipefail
source "$(dirname "$0")/emit.sh"
sample3d=${SAMPLE_3D:-samples/heat3d/heat3d.c}
prefix3d=h3
[ "$sample3d" = samples/heat3d/heat3d.c ] || prefix3d=r3
for n in ${SIZES_3D-512 256}; do
  d=(-DNX=$n -DNY=$n -DNZ=$n -DSTEPS=100)
  for wh in 32,16 32,8 64,8 64,4 128,4 128,2; do
    for t in 1 2 3 4; do
      emit "$prefix3d-$n-${wh/,/x}-t$t" "$sample3d" "$wh,1,$t" "${d[@]}"
    done
  done
  for wh in 64,4 32,8 64,2 32,4 128,2 64,8; do
    for t in 2 3 4; do
      emit "$prefix3d-$n-${wh/,/x}-t$t-p4" "$sample3d" "$wh,1,$t,4" "${d[@]}"
    done
  done
  for wh in 64,4 32,8 64,8; do
    for t in 2 3 4; do
      emit "$prefix3d-$n-${wh/,/x}-t$t-p2" "$sample3d" "$wh,1,$t,2" "${d[@]}"
    done
  done
done
for n in ${SIZES_2D-8192 2048}; do
  for w in 64 128 256 512; do
    for t in 2 4 8 16; do
      emit "h2-$n-$w-t$t" samples/heat2d/heat2d.c "$w,1,1,$t" -DNX=$n -DNY=$n -DSTEPS=100
    done
  done
done
