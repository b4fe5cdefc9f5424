#!/usr/bin/env bash
# Prints a bench/c-output programs list (kernel time only) sweeping the
# streaming vectors of the fp64 programs that bench/ebisu compares with
# EBISU: PolyBench's jacobi-2d (samples/jacobi2d, -DDATA_TYPE_IS_DOUBLE)
# at 2048^2 and 8192^2 and its heat-3d (test/lit/e2e/Inputs/heat-3d.c,
# -DUSE_DOUBLE) at 256^3 and 512^3, 50 steps of two sweeps each, plus
# each program at tilec's own choice (NAME-auto); then the heat2d and
# heat3d samples in double (-DDATA_TYPE_IS_DOUBLE, 100 steps of one sweep)
# at the same sizes (PAIRS=0 leaves out the PolyBench shapes, SAMPLES=0 the samples). Vectors tilec rejects
# are left out. Prepare with
#   bash bench/streaming/sweep-fp64.sh > /tmp/sweep64.txt
#   bash bench/c-output/prepare.sh .gpu-sweep64 build/bin/tilec /tmp/sweep64.txt
# and run `cd .gpu-sweep64 && bash run.sh` on the GPU machine.
set -euo pipefail
source "$(dirname "$0")/emit.sh"
if [ "${PAIRS:-1}" = 1 ]; then
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
fi
[ "${SAMPLES:-1}" = 1 ] || exit 0
for n in ${SIZES_2D-2048 8192}; do
  d=(-DNX=$n -DNY=$n -DSTEPS=100 -DDATA_TYPE_IS_DOUBLE)
  emit "h2s64-$n-auto" samples/heat2d/heat2d.c auto "${d[@]}"
  for w in 64 128 256 512; do
    for t in 2 4 6 8 12 16; do
      emit "h2s64-$n-$w-t$t" samples/heat2d/heat2d.c "$w,1,1,$t" "${d[@]}"
    done
  done
done
for n in ${SIZES_3D-256 512}; do
  d=(-DNX=$n -DNY=$n -DNZ=$n -DSTEPS=100 -DDATA_TYPE_IS_DOUBLE)
  emit "h3s64-$n-auto" samples/heat3d/heat3d.c auto "${d[@]}"
  for wh in 32,16 32,8 64,8 64,4 128,2 32,4; do
    for t in 1 2 3 4; do
      emit "h3s64-$n-${wh/,/x}-t$t" samples/heat3d/heat3d.c "$wh,1,$t" "${d[@]}"
    done
    for p in 2 4; do
      for t in 2 3 4; do
        emit "h3s64-$n-${wh/,/x}-t$t-p$p" samples/heat3d/heat3d.c "$wh,1,$t,$p" "${d[@]}"
      done
    done
  done
done
