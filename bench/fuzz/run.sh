#!/usr/bin/env bash
# The long differential run of tilec on random programs (test/fuzz/fuzz.py):
# COUNT programs from FIRST_SEED on, each under the chosen mapping and
# VARIANTS - 1 forced ones, compared with the serial program; failures are
# shrunk and written as reproducers under OUT/repro. For a developer's
# machine (OpenCL on pocl, all cores); the summary and coverage tables go
# to OUT/summary.txt, every result to OUT/results.json. TILEC_CC names
# another tilec-cc (an installed copy, so that the tree can be rebuilt
# during a run of hours).
#   bench/fuzz/run.sh [FIRST_SEED] [COUNT] [OUT] [VARIANTS]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
first=${1:-1000}
count=${2:-5000}
out=${3:-$root/build/fuzz-$first}
variants=${4:-3}
mkdir -p "$out"
python3 "$root/test/fuzz/fuzz.py" --seed "$first" --count "$count" \
  --variants "$variants" --jobs "$(nproc)" --out "$out" \
  --tilec-cc "${TILEC_CC:-$root/build/bin/tilec-cc}" \
  --json "$out/results.json" | tee "$out/log.txt" |
  grep -v '^seed .* ok' || true
sed -n '/^[0-9]* programs, /,$p' "$out/log.txt" > "$out/summary.txt"
cat "$out/summary.txt" | head -3
grep -q ' 0 programs failed' "$out/summary.txt"
