#!/usr/bin/env bash
# On the GPU machine, in a bench/c-output directory (prepare.sh) of
# regcap.txt: rebuilds every 'time' program with nvcc's register cap at
# each of CAPS (none, then -maxrregcount=N), prints ptxas's registers and
# spills for the calc kernels and the median kernel time of RUNS runs
# (TILEC_PROFILE=1).
#   bash regcap.sh [CAPS [RUNS]]      e.g. bash regcap.sh "0 64 80 96" 3
set -uo pipefail
cd "$(dirname "$0")"
caps=${1:-0 64 80 96}
runs=${2:-3}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
# Every build first, side by side (nvcc takes tens of seconds a kernel).
build() {
  local name=$1 defines=$2 cap=$3 base fmad flags
  base=$(basename "$(ls "$name"/cuda/*_tilec.cu)" _tilec.cu)
  fmad=
  grep -q -- '-fmad=false -c' "$name/cuda/${base}_tilec.cu" && fmad=-fmad=false
  flags="$fmad -Xptxas -v"
  [ "$cap" = 0 ] || flags="$flags -maxrregcount=$cap"
  bash build-tilec-cuda.sh "$name/cuda" "$base" "$name/program-cap$cap" \
    "-mcmodel=medium $defines -I$name" "$flags" >"$name/program-cap$cap.log" 2>&1
}
export -f build
while read -r name source tilec_args compare defines; do
  [ "$compare" = time ] || continue
  for cap in $caps; do
    # Each build in its own copy of the output: the objects land next to it.
    mkdir -p "$name-cap$cap"
    cp -r "$name/cuda" "$name-cap$cap/"
    cp "$name"/*.h "$name-cap$cap/" 2>/dev/null
    printf '%s\0%s\0%s\0' "$name-cap$cap" "$defines" "$cap"
  done
done <programs.txt | xargs -0 -n 3 -P "$(nproc)" bash -c 'build "$@"' _
while read -r name source tilec_args compare defines; do
  [ "$compare" = time ] || continue
  for cap in $caps; do
    program=$name-cap$cap/program-cap$cap
    if [ ! -x "$program" ]; then
      echo "$name cap $cap: BUILD FAILED"
      tail -5 "$program.log"
      continue
    fi
    # ptxas prints each calc kernel's spills, then its registers.
    regs=$(grep -A3 "Compiling entry function '.*slab_calc" "$program.log" |
      grep -E 'Used|spill' | sed -E 's/.*(Used [0-9]+ registers).*/\1;/;
        s/.*[^0-9]([0-9]+ bytes spill stores).*/\1,/; s/^ +//' |
      tr '\n' ' ' | sed -E 's/ +/ /g')
    times=$(for run in $(seq "$runs"); do
      TILEC_PROFILE=1 "$program" 2>&1 >/dev/null | grep '^tilec profile' |
        grep -v '\[' | sed -E 's/.*, ([0-9.]+) ms total.*/\1/' |
        awk '{ s += $1 } END { print s }'
    done | sort -n | tr '\n' ' ')
    median=$(echo "$times" | awk '{ print $(int((NF + 1) / 2)) }')
    echo "$name cap $cap: kernel time $median ms (runs: $times) | $regs"
  done
done <programs.txt
