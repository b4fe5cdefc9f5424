#!/usr/bin/env bash
# The time-loop forms on the GPU machine: translates here, then on the GPU
# builds, compares with the serial programs and times (bench/c-output's
# machinery, programs.txt here).
#   bench/time-loops/run.sh prepare OUTDIR    # on a developer's machine
#   bash OUTDIR/run.sh                        # on the GPU machine
#   bash OUTDIR/repeat.sh 5                   # then: each timing 5 times
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
case "${1:-}" in
prepare)
  out=${2:?usage: run.sh prepare OUTDIR}
  bash "$root/bench/c-output/prepare.sh" "$out" "$root/build/bin/tilec" \
    "$here/programs.txt"
  cp "$here/repeat.sh" "$out/" ;;
*)
  echo "usage: run.sh prepare OUTDIR; then bash OUTDIR/run.sh on the GPU" >&2
  exit 2 ;;
esac
