#!/usr/bin/env bash
# On the GPU machine: two bench/c-output directories of the same programs
# list, translated by two tilec builds (DIR/old and DIR/new): run.sh in each
# (build, check against the serial programs, first timing), then PASSES
# interleaved passes over the 'time' programs (and the OpenCL build of
# the 'time+opencl' ones), each run once with
# TILEC_PROFILE=1 (kernel time) and once with TILEC_STEPS_TIME=1 (steps
# time: from the first launch to the first transfer out), and the median
# of each per program and side.
#   bash ab.sh DIR [PASSES]
set -uo pipefail
dir=${1:?usage: ab.sh DIR [PASSES]}
passes=${2:-3}
status=0
for side in old new; do
  echo "== $side: run.sh"
  bash "$dir/$side/run.sh" || status=1
done
runs=$(mktemp)
for pass in $(seq "$passes"); do
  for side in old new; do
    while read -r name source tilec_args compare defines; do
      programs=program
      [ "$compare" = time+opencl ] && programs="program program-opencl"
      [ "$compare" = time ] || [ "$compare" = time+opencl ] || continue
      for binary in $programs; do
        program=$dir/$side/$name/$binary
        label=$name
        [ "$binary" = program-opencl ] && label=$name-opencl
        TILEC_PROFILE=1 "$program" >/dev/null 2>"$program.profile"
        kernel=$(grep '^tilec profile' "$program.profile" | grep -v '\[' |
          sed -E 's/.*, ([0-9.]+) ms total.*/\1/' | awk '{ s += $1 } END { print s }')
        TILEC_STEPS_TIME=1 "$program" >/dev/null 2>"$program.steps"
        steps=$(sed -nE 's/.*steps time ([0-9.]+) ms.*/\1/p' "$program.steps")
        echo "pass $pass $side $label: kernel $kernel ms, steps $steps ms"
      done
    done <"$dir/$side/programs.txt"
  done
done | tee "$runs"
echo "# median over $passes passes: kernel time, steps time (ms)"
python3 - "$runs" <<'PY'
import re, sys
table = {}
for line in open(sys.argv[1]):
    m = re.match(r"pass \d+ (\S+) (\S+): kernel ([0-9.]+) ms, steps ([0-9.]+) ms", line)
    if m:
        table.setdefault((m.group(2), m.group(1)), []).append((float(m.group(3)), float(m.group(4))))
median = lambda xs: sorted(xs)[len(xs) // 2]
for name in dict.fromkeys(n for n, _ in table):
    cells = []
    for side in ("old", "new"):
        runs = table.get((name, side), [])
        if runs:
            cells.append(f"{side} {median([k for k, _ in runs]):8.3f} / {median([s for _, s in runs]):8.3f}")
    print(f"{name:26s} " + "   ".join(cells))
PY
rm -f "$runs"
exit $status
