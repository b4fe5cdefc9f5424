#!/usr/bin/env bash
# Run here (tilec needs Clang, which the GPU machine lacks): translates every
# configuration of the config files for their targets into OUTDIR, with the
# sources, runtime and scripts that gpu-run.sh needs on the GPU machine.
#   bench/prepare-gpu-run.sh OUTDIR PROFILE CONFIG_FILE...
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: prepare-gpu-run.sh OUTDIR PROFILE CONFIG_FILE...}
profile=${2:?device profile, e.g. h100-sxm}
shift 2
tilec="$root/build/bin/tilec"

rm -rf "$out"
mkdir -p "$out"
cp -r "$root/runtime" "$root/samples" "$out/"
cp "$root/test/e2e/compare_outputs.py" "$root/bench/gpu-run.sh" \
  "$root/bench/build-tilec-cuda.sh" "$root/bench/report.py" \
  "$root/bench/copy_bandwidth.cu" "$out/"

manifest="$out/manifest.txt"
: >"$manifest"
cat "$@" | grep -v '^#' | while read -r name sample targets modes compare tilec_args defines; do
  [ -n "$name" ] || continue
  src="$root/samples/$sample/$sample.c"
  args=()
  [ "$tilec_args" != - ] && IFS=+ read -r -a args <<<"$tilec_args"
  for target in ${targets//,/ }; do
    "$tilec" --target=$target --device="$profile" "${args[@]}" \
      -o "$out/$name/$target" "$src" -- $defines
  done
  # Points updated per step (the calc ranges) and the vector in use.
  points=$("$tilec" --device="$profile" --dump-ir "${args[@]}" "$src" -- $defines |
    sed -n 's/.*calc \[\([0-9]*\), \([0-9]*\)).*/\1 \2/p' |
    awk 'BEGIN { p = 1 } { p *= $2 - $1 } END { print p }')
  params=$("$tilec" --device="$profile" --dump-params "${args[@]}" "$src" -- $defines | grep -v '^#' | head -n 1)
  steps=$(echo "$defines" | sed -n 's/.*-DSTEPS=\([0-9]*\).*/\1/p')
  echo "$name $sample $targets $modes $compare $params $points ${steps:-100} $defines" >>"$manifest"
done
echo "prepared $(wc -l <"$manifest") configurations in $out (profile $profile)"
