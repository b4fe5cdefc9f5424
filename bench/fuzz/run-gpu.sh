#!/usr/bin/env bash
# On the GPU machine, in the folder prepare-gpu.sh wrote: builds every
# translated program with nvcc (-fmad=false, as the strict model's build line
# says) and its serial build with gcc, runs both, and compares their outputs
# (fuzz.py --compare: every array's hash, reduction sums within the bound of
# docs/notes/fuzzing.md). Every SANITIZE-th run also runs under
# compute-sanitizer memcheck. "devices N" runs take TILEC_DEVICES=0,0,...:
# N slabs on the one GPU. Writes results.txt; exits non-zero on any
# difference, build failure or sanitizer error.
#   bash run-gpu.sh [SANITIZE]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
export SANITIZE=${1:-10}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
one() {
  local n=$1 seed=$2 variant=$3 devices=$4 dir=programs/$2
  local fmad=
  grep -q -- '-fmad=false -c' "$dir/$variant/prog_tilec.cu" && fmad=-fmad=false
  if [ ! -x "$dir/serial" ]; then
    gcc -std=c11 -O2 -ffp-contract=off -Wno-unknown-pragmas "$dir/prog.c" \
      -o "$dir/serial.$variant" -lm && mv -f "$dir/serial.$variant" "$dir/serial"
  fi
  "$dir/serial" >"$dir/$variant/serial.out" 2>/dev/null || { echo "$seed $variant SERIAL FAILED"; return; }
  bash build-tilec-cuda.sh "$dir/$variant" prog "$dir/$variant/program" \
    "-std=c11 -O1" "$fmad" >"$dir/$variant/build.log" 2>&1 ||
    { echo "$seed $variant BUILD FAILED"; return; }
  local slabs=0
  for ((d = 1; d < devices; d++)); do slabs="$slabs,0"; done
  local env=()
  [ "$devices" -gt 1 ] && env=(TILEC_DEVICES="$slabs")
  if ! env "${env[@]}" "$dir/$variant/program" >"$dir/$variant/out" 2>"$dir/$variant/err"; then
    # Slabs thinner than a launch reads: the runtime refuses, as it must.
    if grep -q 'into slabs too thin' "$dir/$variant/err"; then
      echo "$seed $variant SKIPPED: slabs too thin for $devices devices"
    else
      echo "$seed $variant RUN FAILED: $(head -c 300 "$dir/$variant/err")"
    fi
    return
  fi
  local bound=()
  [ -f "$dir/sum-scale" ] && bound=(--sum-scale "$dir/sum-scale")
  if ! python3 fuzz.py --compare "$dir/$variant/serial.out" "$dir/$variant/out" "${bound[@]}" >"$dir/$variant/diff"; then
    echo "$seed $variant DIFFERS: $(head -c 300 "$dir/$variant/diff")"
    return
  fi
  if [ $((n % SANITIZE)) -eq 0 ]; then
    if ! env "${env[@]}" compute-sanitizer --tool memcheck --error-exitcode 9 \
      "$dir/$variant/program" >"$dir/$variant/memcheck" 2>&1; then
      echo "$seed $variant MEMCHECK: $(grep -m1 -i 'error' "$dir/$variant/memcheck")"
      return
    fi
    echo "$seed $variant ok (memcheck clean)"
    return
  fi
  echo "$seed $variant ok"
}
export -f one
# The serial build of a seed is shared by its variants: build those first.
awk '{ print NR, $1, $2, $3 }' programs.txt | xargs -P "$(nproc)" -n 4 bash -c 'one "$@"' _ \
  | tee results.txt
runs=$(wc -l <results.txt)
bad=$(grep -v ' ok' results.txt | grep -vc ' SKIPPED')
skipped=$(grep -c ' SKIPPED' results.txt)
checked=$(grep -c 'memcheck clean' results.txt)
echo "$runs runs, $bad failed, $skipped skipped, $checked under compute-sanitizer memcheck" | tee -a results.txt
[ "$bad" -eq 0 ]
