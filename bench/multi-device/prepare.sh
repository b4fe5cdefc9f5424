#!/usr/bin/env bash
# Several devices on the GPU machine: translates the programs of
# check.txt (run on two and three slabs of the one GPU, CUDA and OpenCL,
# against serial) and time.txt (kernel times with TILEC's slab kernels,
# beside a baseline tilec's if one is given) into OUTDIR, with run.sh.
#   bench/multi-device/prepare.sh OUTDIR [TILEC] [BASELINE_TILEC]
# Carry OUTDIR to the GPU machine and run `bash OUTDIR/run.sh` there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:?usage: prepare.sh OUTDIR [TILEC] [BASELINE_TILEC]}
tilec=${2:-$root/build/bin/tilec}
baseline=${3:-}
prepare="$root/bench/c-output/prepare.sh"
mkdir -p "$out"
bash "$prepare" "$out/check" "$tilec" "$here/check.txt"
bash "$prepare" "$out/time-new" "$tilec" "$here/time.txt"
if [ -n "$baseline" ]; then
  bash "$prepare" "$out/time-old" "$baseline" "$here/time.txt"
  # The baseline's code calls its own runtime: take it from the baseline's
  # checkout when the binary sits in one (CHECKOUT/build/bin/tilec).
  old_runtime=$(cd "$(dirname "$baseline")/../.." && pwd)/runtime
  if [ -d "$old_runtime" ]; then
    rm -rf "$out/time-old/runtime"
    cp -r "$old_runtime" "$out/time-old/runtime"
  fi
fi
cp "$here/run.sh" "$root/test/runtime/cuda_compile_test.cu" \
  "$root/test/runtime/slab_exchange_expected.h" "$out/"
