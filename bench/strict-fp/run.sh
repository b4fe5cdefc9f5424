#!/usr/bin/env bash
# Strict floating point without -fmad=false: tilec's strict CUDA output
# rounds every product on its own (__fmul_rn, __dmul_rn), so a user who adds
# the .cu to a CUDA target and builds it with plain `nvcc -O3` gets the
# serial program's bits. For fdtd2d (PolyBench's LARGE size, 2000 x 2600,
# 500 steps) and heat3d at 256^3 this translates with tilec (strict, and
# fast as the control that fuses), builds the .cu with plain nvcc -O3 and
# with -fmad=false (bench/build-tilec-cuda.sh; fast with -fmad=false too:
# plain products, not fused), runs each against the serial program (exact
# comparison: differing lines of its output), counts the fused
# multiply-adds in the SASS (cuobjdump), and times the steps
# (TILEC_STEPS_TIME, the median of RUNS runs). Prints one table.
# From the repository root, on the GPU machine:
#   bash bench/strict-fp/run.sh [--translate-only | --run-only] [WORKDIR]
# WORKDIR defaults to build/strict-fp. --translate-only stops after the
# translations (where tilec runs but no GPU does); --run-only takes them
# from WORKDIR (where a GPU runs but tilec does not).
# Environment: TILEC (default build/bin/tilec), DEVICE (tilec's profile,
# default h200), RUNS (default 3), CC, NVCC, CUDA_ARCH (as for
# build-tilec-cuda.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
mode=all
case "${1:-}" in
  --translate-only) mode=translate; shift ;;
  --run-only) mode=run; shift ;;
esac
work=${1:-$root/build/strict-fp}
tilec=${TILEC:-$root/build/bin/tilec}
device=${DEVICE:-h200}
runs=${RUNS:-3}
cc=${CC:-gcc}
nvcc=${NVCC:-nvcc}
command -v "$nvcc" >/dev/null || nvcc=/usr/local/cuda/bin/nvcc
cuobjdump=$(command -v cuobjdump || echo "$(dirname "$nvcc")/cuobjdump")

# NAME SAMPLE DEFINES
cases=(
  "fdtd2d samples/fdtd2d/fdtd2d.c -DNX=2000 -DNY=2600 -DSTEPS=500"
  "heat3d samples/heat3d/heat3d.c -DNX=256 -DNY=256 -DNZ=256 -DSTEPS=100"
)
# NAME FP_MODEL NVCC_FLAGS (the translation's model; flags for nvcc)
# fast with -fmad=false: the products as written and not fused, which is
# what strict kernels were before they rounded each product on its own
# (the same bits; the time is the intrinsics' cost).
variants=(
  "strict strict -"
  "strict-fmad-false strict -fmad=false"
  "products-fmad-false fast -fmad=false"
  "fast fast -"
)

translate() {
  local name=$1 sample=$2
  shift 2
  for model in strict fast; do
    rm -rf "${work:?}/$name/translated-$model"
    "$tilec" --target=cuda --device="$device" --fp-model="$model" \
      -o "$work/$name/translated-$model" "$root/$sample" -- "$@"
  done
  # What makes strict strict: every product rounded on its own.
  if ! grep -q '__[fd]mul_rn' "$work/$name/translated-strict/${name}_tilec.cu" ||
    grep -q '__[fd]mul_rn' "$work/$name/translated-fast/${name}_tilec.cu"; then
    echo "run.sh: $name: __fmul_rn/__dmul_rn not in strict output only" >&2
    exit 1
  fi
}

# The median of the numbers on stdin.
median() {
  sort -g | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : "-" }'
}

# Builds and runs one variant of case NAME (SAMPLE, DEFINES...): the
# translation MODEL (WORKDIR/NAME/translated-MODEL) built with NVCC_FLAGS
# ("-" for none) in WORKDIR/NAME/LABEL. Prints "EXACT DIFFERING/LINES MS FMA".
run_variant() {
  local name=$1 sample=$2 label=$3 model=$4 flags=$5
  shift 5
  local dir=$work/$name/$label
  rm -rf "$dir"
  cp -r "$work/$name/translated-$model" "$dir"
  [ "$flags" = - ] && flags=
  if ! NVCC=$nvcc bash "$root/bench/build-tilec-cuda.sh" "$dir" "$name" \
    "$dir/program" "$* -I$root/$(dirname "$sample")" "$flags" \
    >"$dir/build.log" 2>&1; then
    echo "build-failed - - -"
    return
  fi
  # Fused multiply-adds in the program's machine code: contractions, and
  # those ptxas writes for other operations (as many with -fmad=false).
  local fma=-
  if [ -x "$cuobjdump" ]; then
    fma=$("$cuobjdump" -sass "$dir/program" | grep -cE '\b(FFMA|DFMA|HFMA2)' ||
      true)
  fi
  local times=() run
  for run in $(seq "$runs"); do
    if ! TILEC_STEPS_TIME=1 "$dir/program" >"$dir/program.out" \
      2>"$dir/steps.$run"; then
      echo "run-failed - - $fma"
      return
    fi
    times+=("$(sed -nE 's/.*steps time ([0-9.]+) ms.*/\1/p' "$dir/steps.$run")")
  done
  local lines differing exact=no
  lines=$(wc -l <"$work/$name/serial.out")
  differing=$(diff "$work/$name/serial.out" "$dir/program.out" |
    grep -c '^<' || true)
  cmp -s "$work/$name/serial.out" "$dir/program.out" && exact=yes
  echo "$exact $differing/$lines $(printf '%s\n' "${times[@]}" | median) $fma"
}

if [ "$mode" != run ]; then
  if [ ! -x "$tilec" ]; then
    echo "run.sh: no tilec at $tilec (set TILEC)" >&2
    exit 1
  fi
  for c in "${cases[@]}"; do
    # shellcheck disable=SC2086
    translate $c
  done
  echo "translations in $work"
  [ "$mode" = translate ] && exit 0
fi

command -v nvidia-smi >/dev/null &&
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
"$nvcc" --version | tail -n 1
table=$work/table.md
{
  echo "| case | translation | nvcc | exact | differing lines | FMA in SASS | steps ms (median of $runs) |"
  echo "| --- | --- | --- | --- | --- | --- | --- |"
} >"$table"
for c in "${cases[@]}"; do
  # shellcheck disable=SC2086
  set -- $c
  name=$1 sample=$2
  shift 2
  defines=("$@")
  # The serial program as its user builds it: C, no contraction.
  "$cc" -O2 -ffp-contract=off -Wno-unknown-pragmas "${defines[@]}" \
    "$root/$sample" -o "$work/$name/serial" -lm
  "$work/$name/serial" >"$work/$name/serial.out" 2>"$work/$name/serial.err"
  for v in "${variants[@]}"; do
    # shellcheck disable=SC2086
    set -- $v
    label=$1 model=$2 flags=$3
    result=$(run_variant "$name" "$sample" "$label" "$model" "$flags" \
      "${defines[@]}")
    read -r exact differing ms fma <<<"$result"
    nvcc_text="nvcc -O3"
    [ "$flags" = - ] || nvcc_text="nvcc -O3 $flags"
    echo "| $name | $model | $nvcc_text | $exact | $differing | $fma | $ms |" >>"$table"
    echo "$name $label: $result"
  done
done
cat "$table"
