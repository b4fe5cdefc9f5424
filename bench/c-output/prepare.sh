#!/usr/bin/env bash
# Translates every program of a programs list (default: programs.txt here)
# for CUDA (profile h200), and
# those that are compared also for OpenCL, into OUTDIR, with the sources for the serial builds, the runtime, the shared
# build script, run.sh, passes.sh and profile.sh. Carry OUTDIR to the GPU machine and run
# `bash run.sh` there.
#   bench/c-output/prepare.sh OUTDIR [TILEC] [PROGRAMS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:?usage: prepare.sh OUTDIR [TILEC] [PROGRAMS]}
tilec=${2:-$root/build/bin/tilec}
programs=${3:-$here/programs.txt}

rm -rf "$out"
mkdir -p "$out"
cp -r "$root/runtime" "$out/runtime"
cp "$root/bench/build-tilec-cuda.sh" "$root/test/e2e/compare_outputs.py" \
  "$here/run.sh" "$here/passes.sh" "$here/profile.sh" "$here/sass-mix.py" "$out/"
cp "$root/bench/copy_bandwidth.cu" "$out/"
grep -v '^#' "$programs" | grep -v '^ *$' >"$out/programs.txt"
while read -r name source tilec_args compare defines; do
  dir="$out/$name"
  mkdir -p "$dir"
  cp "$root/$source" "$dir/serial.c"
  args=()
  [ "$tilec_args" != - ] && args=("$tilec_args")
  # shellcheck disable=SC2086
  "$tilec" --target=cuda --device=h200 ${args[@]+"${args[@]}"} \
    -o "$dir/cuda" "$root/$source" -- $defines
  if [ "$compare" != time ] && [ "$compare" != cuda ]; then
    # shellcheck disable=SC2086
    "$tilec" --target=opencl --device=h200 ${args[@]+"${args[@]}"} \
      -o "$dir/opencl" "$root/$source" -- $defines
  fi
  # The translated file keeps the source's quoted includes.
  cp -r "$(dirname "$root/$source")"/*.h "$dir/" 2>/dev/null || true
done <"$out/programs.txt"
echo "prepared $(wc -l <"$out/programs.txt") programs in $out"
