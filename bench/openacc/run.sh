#!/usr/bin/env bash
# Runs the OpenACC programs that build.sh put here, on the GPU machine:
# confirms that the regions run on the GPU, compares the results with the
# serial programs and times the programs. Writes RESULTS_DIR/acc.csv.
#   bash run.sh [RESULTS_DIR]
# Columns: name, check (ok, FAIL, -), median wall s of 3 runs, median wall s
# of the STEPS=0 build, per step ms, G points/s (stencils: interior points x
# steps over the difference; apsp: its own N^3 over its own timed region,
# transfers included).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
results=${1:-$here/results}
mkdir -p "$results"
export LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# No silent fallback to the host: with nvidia asked for, libgomp fails when
# it cannot offload.
export ACC_DEVICE_TYPE=${ACC_DEVICE_TYPE:-nvidia}
bin=$here/bin
csv=$results/acc.csv
echo "name,check,wall_s,wall_steps0_s,ms_per_step,gpoints_per_s" >"$csv"

nvidia-smi -L 2>/dev/null || echo "nvidia-smi: not found"
ldd "$bin/$(awk 'NR == 1 { print $1 }' "$here/manifest.txt")" | grep gomp

# Offload check: libgomp's debug output names the nvptx plugin and the
# kernel launches.
first=$(awk 'NR == 1 { print $1 }' "$here/manifest.txt")
GOMP_DEBUG=1 "$bin/$first" >/dev/null 2>"$results/gomp_debug.txt"
echo "GOMP_DEBUG=1 $first: exit $?; lines naming nvptx/CUDA:" \
  "$(grep -ciE 'nvptx|cuda' "$results/gomp_debug.txt")"
sed -E 's/0x[0-9a-f]+/0x_/g' "$results/gomp_debug.txt" |
  grep -iE 'nvptx|cuda|launch|device' | sort | uniq -c | sort -rn | head -12

wall() { # median of 3 wall-clock runs of "$@" (stdout discarded), seconds
  local times=() i s e
  for i in 1 2 3; do
    s=$(date +%s%N)
    "$@" >/dev/null 2>&1 || { echo "FAIL"; return; }
    e=$(date +%s%N)
    times+=("$(((e - s) / 1000))")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 2p | awk '{ printf "%.4f", $1 / 1e6 }'
}

status=0
while read -r name sample modes tolerances points steps defines; do
  check=- t=- t0=- ms=- rate=-
  if [[ ,$modes, == *,verify,* ]]; then
    serial=$results/$name.serial.out acc=$results/$name.acc.out
    "$bin/$name.serial" >"$serial" 2>/dev/null
    "$bin/$name" >"$acc" 2>"$results/$name.err" || echo "$name: exit $?"
    # Lines under a KEY:RTOL of their own, then the rest at 1e-5.
    check=ok rest=(-e '^#none#')
    : >"$results/$name.cmp"
    if [ "$tolerances" != - ]; then
      for kr in ${tolerances//,/ }; do
        key=${kr%%:*}
        rest+=(-e "^$key")
        python3 "$here/compare_outputs.py" <(grep "^$key" "$serial") \
          <(grep "^$key" "$acc") --rtol="${kr#*:}" >>"$results/$name.cmp" 2>&1 ||
          check=FAIL
      done
    fi
    python3 "$here/compare_outputs.py" <(grep -v "${rest[@]}" "$serial") \
      <(grep -v "${rest[@]}" "$acc") --rtol=1e-5 >>"$results/$name.cmp" 2>&1 ||
      check=FAIL
    [ $check = ok ] || status=1
    echo "$name verify: $check: $(grep -E '^(OK|MISMATCH)' "$results/$name.cmp" | tr '\n' ' ')"
    # How close: the largest relative difference of any value.
    err=$(python3 "$here/compare_outputs.py" "$serial" "$acc" 2>&1 |
      grep -o 'rel err [0-9.e+-]*' | sort -k3 -g | tail -1)
    echo "  largest ${err:-difference: none, bit-exact}"
  fi
  if [[ ,$modes, == *,time,* ]]; then
    t=$(wall "$bin/$name")
    if [ "$sample" = apsp ]; then
      "$bin/$name" 2>"$results/$name.time" >/dev/null
      rate=$(sed -n 's/.*s, \([0-9.]*\) G updates.*/\1/p' "$results/$name.time")
      echo "$name: $(cat "$results/$name.time"); whole program ${t} s"
    else
      t0=$(wall "$bin/$name.steps0")
      ms=$(awk -v a="$t" -v b="$t0" -v s="$steps" 'BEGIN { printf "%.4f", (a - b) * 1e3 / s }')
      rate=$(awk -v a="$t" -v b="$t0" -v s="$steps" -v p="$points" 'BEGIN { printf "%.2f", p * s / (a - b) / 1e9 }')
      echo "$name: whole program ${t} s, STEPS=0 ${t0} s, ${ms} ms per step, ${rate} GStencil/s"
    fi
  fi
  echo "$name,$check,$t,$t0,$ms,$rate" >>"$csv"
done <"$here/manifest.txt"
echo "results in $csv"
exit $status
