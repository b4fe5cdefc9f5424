#!/usr/bin/env bash
# Translates a batch of random programs (test/fuzz/fuzz.py) for CUDA on the
# H200's profile into OUT, with the runtime, the build script and run-gpu.sh:
# carry OUT to the GPU machine and run `bash OUT/run-gpu.sh` there, which
# builds each with nvcc, runs it beside its serial build and compares.
#   bench/fuzz/prepare-gpu.sh OUT [FIRST_SEED] [COUNT] [VARIANTS]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${1:?usage: prepare-gpu.sh OUT [FIRST_SEED] [COUNT] [VARIANTS]}
rm -rf "$out"
mkdir -p "$out"
python3 "$root/test/fuzz/fuzz.py" --prepare "$out/programs" \
  --seed "${2:-1}" --count "${3:-500}" --variants "${4:-3}"
mv "$out/programs/programs.txt" "$out/programs.txt"
cp -r "$root/runtime" "$out/runtime"
cp "$root/bench/build-tilec-cuda.sh" "$root/bench/fuzz/run-gpu.sh" \
  "$root"/test/fuzz/*.py "$out/"
