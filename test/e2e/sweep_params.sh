#!/usr/bin/env bash
# Runs check_sample.sh (OpenCL on pocl against the serial build) for every
# parameter vector W,H,D,T with W, H, D powers of two up to the given limits
# and T from 1 to TMAX, in parallel; with --pmax P, also W,H,1,T,P for the
# points per work item P = 2, 4 .. P (streaming 3D). Vectors the device cannot take (too
# large a work group or tile) must be rejected by tilec with a message; they
# are counted, not failed.
#   sweep_params.sh --max W,H,D [--tmax T] [--pmax P] --workdir DIR CHECK_SAMPLE_ARGS...
# CHECK_SAMPLE_ARGS are check_sample.sh's (tools, --sample, -- defines).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
max= tmax=4 pmax=1 workdir=
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --max) max=$2; shift 2 ;;
    --tmax) tmax=$2; shift 2 ;;
    --pmax) pmax=$2; shift 2 ;;
    --workdir) workdir=$2; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
if [ -z "$max" ] || [ -z "$workdir" ]; then
  echo "usage: sweep_params.sh --max W,H,D [--tmax T] [--pmax P] --workdir DIR ARGS..." >&2
  exit 2
fi
IFS=, read -r wmax hmax dmax <<<"$max"
rm -rf "$workdir"
mkdir -p "$workdir"

vectors=()
for ((w = 1; w <= wmax; w *= 2)); do
  for ((h = 1; h <= hmax; h *= 2)); do
    for ((d = 1; d <= dmax; d *= 2)); do
      for ((t = 1; t <= tmax; t++)); do
        vectors+=("$w,$h,$d,$t")
        for ((p = 2; p <= pmax && d == 1; p *= 2)); do
          vectors+=("$w,$h,$d,$t,$p")
        done
      done
    done
  done
done

run_one() {
  local pv=$1 dir=$workdir/${1//,/_}
  local defines_at=0 i
  # Insert --target/--workdir/--tilec-arg before the `--` of the defines.
  local before=() after=()
  for i in "${args[@]}"; do
    if [ "$defines_at" = 1 ]; then after+=("$i"); continue; fi
    if [ "$i" = -- ]; then defines_at=1; continue; fi
    before+=("$i")
  done
  if bash "$here/check_sample.sh" "${before[@]}" --target opencl \
    --workdir "$dir" --tilec-arg "--params=$pv" -- "${after[@]}" \
    >"$dir.log" 2>&1; then
    echo "ok $pv"
  elif grep -q "cannot map this stencil region" "$dir.log"; then
    echo "rejected $pv: $(grep -o 'cannot map.*' "$dir.log" | head -n 1)"
  else
    echo "FAILED $pv (log: $dir.log)"
  fi
  rm -rf "$dir"
}
export -f run_one
export here workdir
results=$(for pv in "${vectors[@]}"; do echo "$pv"; done |
  ARGS="$(printf '%q ' "${args[@]}")" xargs -P "$(nproc)" -I{} \
    bash -c 'eval "args=($ARGS)"; run_one {}')
ok=$(grep -c '^ok' <<<"$results")
rejected=$(grep -c '^rejected' <<<"$results")
failed=$(grep -c '^FAILED' <<<"$results")
grep -E '^(FAILED|rejected)' <<<"$results" | sort
echo "sweep: ${#vectors[@]} vectors: $ok match the serial program," \
  "$rejected rejected by tilec, $failed failed"
[ "$failed" = 0 ] && [ "$ok" -gt 0 ]
