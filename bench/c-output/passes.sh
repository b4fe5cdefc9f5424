#!/usr/bin/env bash
# On the GPU machine, after run.sh built the programs: more timing passes
# over the 'time' programs of programs.txt, each pass running every program
# once with TILEC_PROFILE=1 (interleaved, so that drifts of the clocks hit
# all alike). With several CUDA_MODULE_LOADING modes each pass runs every
# program in each mode. Prints one line per run, then per program the
# median kernel time, its range and the median launch times the launches.
#   bash passes.sh [PASSES [MODES]]     e.g. bash passes.sh 5 "LAZY EAGER"
set -uo pipefail
cd "$(dirname "$0")"
passes=${1:-2}
modes=${2:-LAZY}
runs=$(mktemp)
for pass in $(seq "$passes"); do
  for mode in $modes; do
    while read -r name source tilec_args compare defines; do
      [ "$compare" = time ] || [ "$compare" = time+opencl ] || continue
      label=$name
      [ "$modes" = LAZY ] || label="$name-$mode"
      CUDA_MODULE_LOADING=$mode TILEC_PROFILE=1 "$name/program" >/dev/null \
        2>"$name/passes.profile"
      # Kernels only: transfers are the [bracketed] lines.
      grep '^tilec profile' "$name/passes.profile" | grep -v '\[' |
        sed -E 's/.*: ([0-9]+) launches, ([0-9.]+) ms total, .* ([0-9.]+) us median/\1 \2 \3/' |
        awk -v pass="$pass" -v label="$label" '
          { launches += $1; total += $2; median += $1 * $3 / 1000 }
          END { printf "pass %s %s: kernel time %.3f ms (launches x median launch %.3f ms)\n", pass, label, total, median }'
    done <programs.txt
  done
done | tee "$runs"
echo "# per program over $passes passes: median kernel time (min - max), median of launches x median launch"
python3 - "$runs" <<'PY'
import re, sys
times = {}
for line in open(sys.argv[1]):
    m = re.match(r"pass \d+ (\S+): kernel time ([0-9.]+) ms \(launches x median launch ([0-9.]+) ms\)", line)
    if m:
        times.setdefault(m.group(1), []).append((float(m.group(2)), float(m.group(3))))
for name, runs in times.items():
    total = sorted(t for t, _ in runs)
    launch = sorted(l for _, l in runs)
    mid = len(runs) // 2
    print(f"{name:28s} {total[mid]:8.3f} ms ({total[0]:.3f} - {total[-1]:.3f})  {launch[mid]:8.3f} ms")
PY
rm -f "$runs"
