#!/usr/bin/env bash
# Prints bench config lines (configs.txt format) for a sweep of parameter
# vectors over one sample: every combination of the listed W, H, D and T that
# tilec accepts for the device profile (work-group and local-memory limits).
#   make-sweep.sh PROFILE SAMPLE NAME "W..." "H..." "D..." "T..." [DEFINES...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
profile=$1 sample=$2 name=$3 ws=$4 hs=$5 ds=$6 ts=$7
shift 7
src="$root/samples/$sample/$sample.c"
for w in $ws; do for h in $hs; do for d in $ds; do for t in $ts; do
  pv=$w,$h,$d,$t
  if "$root/build/bin/tilec" --device="$profile" --params=$pv --dump-params \
    "$src" -- "$@" >/dev/null 2>&1; then
    echo "$name-$w-$h-$d-$t $sample cuda time - --params=$pv $*"
  fi
done; done; done; done
