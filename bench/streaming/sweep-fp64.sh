#!/usr/bin/env bash
# Prints a bench/c-output programs list (kernel time only) sweeping the
# streaming vectors of the fp64 programs that bench/ebisu compares with
# EBISU: PolyBench's jacobi-2d (samples/jacobi2d, -DDATA_TYPE_IS_DOUBLE)
# at 2048^2 and 8192^2 and its heat-3d (test/lit/e2e/Inputs/heat-3d.c,
# -DUSE_DOUBLE) at 256^3 and 512^3, 50 steps of two sweeps each, plus
# each program at tilec's own choice (NAME-auto). Vectors tilec rejects
# are left out. Prepare with
#   bash bench/streaming/sweep-fp64.sh > /tmp/sweep64.txt
#   bash bench/c-output/prepare.sh .gpu-sweep64 build/bin/tilec /tmp/sweep64.txt
# and run `cd .gpu-sweep64 && bash run.sh` on the GPU machine.
set -euo pipefail
source "$(dirname "$0")/emit.sh"
for n in ${SIZES_2D-2048 8192}; do
  d=(-DN=$n -DSTEPS=50 -DDATA_TYPE_IS_DOUBLE)
  emit "j2d64-$n-auto" samples/jacobi2d/jacobi2d.c auto "${d[@]}"
  for w in 64 128 256 512; do
    for t in 2 4 6 8 12; do
      emit "j2d64-$n-$w-t$t" samples/jacobi2d/jacobi2d.c "$w,1,1,$t" "${d[@]}"
    done
  done
done
for n in ${SIZES_3D-256 512}; do
  d=(-DN=$n -DSTEPS=50 -DUSE_DOUBLE)
  emit "h3d64-$n-auto" test/lit/e2e/Inputs/heat-3d.c auto "${d[@]}"
  for wh in 32,16 32,8 64,8 64,4; do
    for t in 1 2 3; do
      emit "h3d64-$n-${wh/,/x}-t$t" test/lit/e2e/Inputs/heat-3d.c "$wh,1,$t" "${d[@]}"
    done
  done
  for wh in 32,8 64,4 32,4; do
    for t in 2 3; do
      emit "h3d64-$n-${wh/,/x}-t$t-p2" test/lit/e2e/Inputs/heat-3d.c "$wh,1,$t,2" "${d[@]}"
    done
  done
done
