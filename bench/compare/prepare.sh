#!/usr/bin/env bash
# Builds the side-by-side benchmark bundle here (tilec needs Clang and the
# OpenACC build needs GCC's nvptx offload compiler, neither of which the GPU
# machine has): for every line of programs.txt, tilec's CUDA and OpenCL
# output with the chosen parameters and with the sweep's best vector, the
# OpenACC binary, and the serial and hand-written CUDA sources, each at the
# program's step count and at 0 steps; plus the runtime, libgomp and the
# scripts. Then, on the GPU machine: cd OUTDIR && bash run.sh RESULTS.
#   bench/compare/prepare.sh PROFILE OUTDIR [PROGRAMS_FILE]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
profile=${1:?usage: prepare.sh PROFILE OUTDIR}
out=${2:?usage: prepare.sh PROFILE OUTDIR}
programs=${3:-$here/programs.txt}
tilec=$root/build/bin/tilec
# bench/openacc/README.md: sm_80 PTX (CUDA 13's ptxas rejects GCC 12's
# default sm_35) and no PIE (a text relocation in the offload table).
acc_flags=(-O3 -fopenacc -foffload=nvptx-none
  -foffload-options=nvptx-none=-misa=sm_80 -no-pie)

rm -rf "$out"
mkdir -p "$out/lib"
cp -r "$root/runtime" "$out/"
cp "$here/run.sh" "$root/test/e2e/compare_outputs.py" \
  "$root/bench/build-tilec-cuda.sh" "$root/bench/copy_bandwidth.cu" \
  "$root/bench/apsp/torch_fw.py" "$root/bench/apsp/naive_fw.cu" "$out/"
for lib in libgomp.so.1 libgomp-plugin-nvptx.so.1; do
  cp -L "$(gcc -print-file-name="$lib")" "$out/lib/" 2>/dev/null ||
    cp -L "/usr/lib/x86_64-linux-gnu/$lib" "$out/lib/"
done

# Predicted total and kernel time from --explain ("total X; kernel device
# time Y"), in seconds.
predict() {
  "$tilec" --device="$profile" --explain "$@" 2>/dev/null |
    sed -n 's/.*total \([0-9.e+-]*\) \([mun]*\)s; kernel device time \([0-9.e+-]*\) \([mun]*\)s.*/\1 \2 \3 \4/p' |
    tail -n 1 | awk '
      function sec(v, u) { return v * (u == "m" ? 1e-3 : u == "u" ? 1e-6 : u == "n" ? 1e-9 : 1) }
      { printf "%.6g %.6g", sec($1, $2), sec($3, $4) }'
}

manifest=$out/manifest.txt
: >"$manifest"
grep -v '^#' "$programs" | while read -r name sample steps compare best defines; do
  [ -n "$name" ] || continue
  src=$root/samples/$sample
  counts=("$steps")
  [ "$steps" != - ] && counts+=(0)
  for s in "${counts[@]}"; do
    dir=$out/$name/s$s
    mkdir -p "$dir"
    d=($defines)
    [ "$s" != - ] && d+=("-DSTEPS=$s")
    cp "$src/${sample}_plain.c" "$dir/serial.c"
    [ -f "$src/${sample}_cuda.cu" ] && cp "$src/${sample}_cuda.cu" "$dir/naive.cu"
    for target in cuda opencl; do
      "$tilec" --target=$target --device="$profile" -o "$dir/tilec-$target" \
        "$src/$sample.c" -- "${d[@]}"
      [ "$best" != - ] && "$tilec" --target=$target --device="$profile" \
        --params="$best" -o "$dir/best-$target" "$src/$sample.c" -- "${d[@]}"
    done
    if [ -f "$src/${sample}_acc.c" ]; then
      gcc "${acc_flags[@]}" "${d[@]}" "$src/${sample}_acc.c" -o "$dir/acc" -lm ||
        echo "prepare: OpenACC build of $name failed" >&2
    fi
    echo "${d[*]}" >"$dir/defines"
  done
  d=($defines)
  [ "$steps" != - ] && d+=("-DSTEPS=$steps")
  chosen=$("$tilec" --device="$profile" --dump-params "$src/$sample.c" -- "${d[@]}" | grep -v '^#' | head -n 1)
  points=$("$tilec" --device="$profile" --dump-ir "$src/$sample.c" -- "${d[@]}" 2>/dev/null |
    sed -n 's/.*calc \[\([0-9]*\), \([0-9]*\)).*/\1 \2/p' |
    awk 'BEGIN { p = 1; n = 0 } { p *= $2 - $1; n++ } END { print n ? p : 0 }')
  prediction=$(predict "$src/$sample.c" -- "${d[@]}")
  echo "$name $sample $steps $compare ${chosen// /_} $best $points ${prediction:-- -}" >>"$manifest"
done
echo "prepared $(wc -l <"$manifest") programs in $out (profile $profile)"
