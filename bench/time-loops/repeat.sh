#!/usr/bin/env bash
# After run.sh (on the GPU machine, in the prepared directory): the kernel
# time of each timed program REPEAT times (default 5), CUDA and OpenCL,
# one line per program: the times in ms, then their median.
#   bash repeat.sh [REPEAT]
set -uo pipefail
repeat=${1:-5}
while read -r name source tilec_args compare defines; do
  case "$compare" in time | time+opencl) ;; *) continue ;; esac
  programs=program
  [ "$compare" = time+opencl ] && programs="program program-opencl"
  for program in $programs; do
    [ -x "$name/$program" ] || continue
    times=()
    for _ in $(seq "$repeat"); do
      times+=("$(TILEC_PROFILE=1 "$name/$program" 2>&1 >/dev/null |
        grep '^tilec profile' | grep -v '\[' |
        sed -E 's/.*, ([0-9.]+) ms total.*/\1/' | awk '{ s += $1 } END { print s }')")
    done
    median=$(printf '%s\n' "${times[@]}" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    echo "$name $program: ${times[*]} ms; median $median"
  done
done <programs.txt
