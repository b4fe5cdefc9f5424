#!/usr/bin/env bash
# The main job: translate samples/heat3d with tilec, build it, run it on the
# GPU when there is one (CUDA), else on pocl's CPU OpenCL, and compare the
# result with the serial program built from the same file.
# Sizes: run-main.sh [-DNX=.. -DNY=.. -DNZ=.. -DSTEPS=..] (default 256^3,
# 100 steps).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/setup.sh"

sample="$root/samples/heat3d/heat3d.c"
work="$root/build/main-job"
mkdir -p "$work"
defines=("$@")

if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 &&
  { command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ]; }; then
  target=cuda
  device=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
  case "$device" in
    *H200*) profile=h200 ;;
    *) profile=h100-sxm ;;
  esac
else
  target=opencl
  profile=pocl
  device="pocl CPU OpenCL"
fi

echo "== Translating and building $sample for $target ($device)"
"$root/build/bin/tilec-cc" --target=$target --device=$profile --keep \
  "$sample" -o "$work/heat3d" -- -O2 ${defines[@]+"${defines[@]}"}
cc -O2 -Wno-unknown-pragmas ${defines[@]+"${defines[@]}"} "$sample" \
  -o "$work/heat3d-serial" -lm

echo "== Running the serial program"
start=$EPOCHREALTIME
"$work/heat3d-serial" >"$work/serial.out"
serial_s=$(awk "BEGIN { print $EPOCHREALTIME - $start }")
echo "== Running the tilec program on $device"
start=$EPOCHREALTIME
TILEC_PROFILE=1 "$work/heat3d" >"$work/tilec.out" 2>"$work/profile.txt"
tilec_s=$(awk "BEGIN { print $EPOCHREALTIME - $start }")

echo
cat "$work/tilec.out"
echo
grep '^tilec profile' "$work/profile.txt" || true
printf 'wall time: serial %.2f s, tilec %.2f s (including setup and transfers)\n' \
  "$serial_s" "$tilec_s"
echo "== Agreement with the serial program"
python3 "$root/test/e2e/compare_outputs.py" "$work/serial.out" "$work/tilec.out"
