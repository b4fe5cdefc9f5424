#!/usr/bin/env bash
# On the GPU machine, inside the directory prepare.sh wrote: builds every
# program's CUDA output (foo.c with gcc as C, foo_tilec.cu with nvcc), its
# OpenCL output and its serial build, runs them and compares both GPU
# programs with the serial one; the 'time' programs run
# once with TILEC_PROFILE=1 and report their kernel time, the 'time+opencl'
# ones the same for the CUDA and the OpenCL program. Writes
# results.txt; exits non-zero if anything differs or fails to build.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
if [ -f copy_bandwidth.cu ] && "${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}" -O2 -arch=sm_90 copy_bandwidth.cu \
  -o copy_bandwidth 2>/dev/null; then
  ./copy_bandwidth | tee copy_bandwidth.txt
fi

build() {
  local name=$1 defines=$2 base
  base=$(basename "$(ls "$name"/cuda/*_tilec.cu)" _tilec.cu)
  # The file's build line says -fmad=false unless translated with
  # --fp-model=fast.
  local fmad=
  grep -q -- '-fmad=false -c' "$name/cuda/${base}_tilec.cu" && fmad=-fmad=false
  bash build-tilec-cuda.sh "$name/cuda" "$base" "$name/program" \
    "-mcmodel=medium $defines -I$name" "$fmad" >"$name/build.log" 2>&1 &&
    gcc -O2 -mcmodel=medium -Wno-unknown-pragmas $defines "$name/serial.c" \
      -o "$name/serial" -lm >>"$name/build.log" 2>&1 || return 1
  [ -d "$name/opencl" ] || return 0
  gcc -O2 -mcmodel=medium $defines -I"$name" "$name/opencl/$base.c" \
    runtime/src/tilec_rt_opencl.c -Iruntime/include -lOpenCL -lm \
    -o "$name/program-opencl" >>"$name/build.log" 2>&1
}
export -f build
while read -r name source tilec_args compare defines; do
  printf '%s\0%s\0' "$name" "$defines"
done <programs.txt | xargs -0 -n 2 -P "$(nproc)" bash -c \
  'build "$0" "$1" || echo "BUILD FAILED: $0"'

failures=0
: >results.txt
while read -r name source tilec_args compare defines; do
  if [ ! -x "$name/program" ]; then
    echo "$name: BUILD FAILED" | tee -a results.txt
    sed 's/^/    /' "$name/build.log" | tail -20
    failures=$((failures + 1))
    continue
  fi
  if [ "$compare" = time ] || [ "$compare" = time+opencl ]; then
    programs=program
    [ "$compare" = time+opencl ] && programs="program program-opencl"
    for program in $programs; do
      label=$name
      [ "$program" = program-opencl ] && label="$name opencl"
      TILEC_PROFILE=1 "$name/$program" >"$name/$program.out" 2>"$name/$program.profile"
      kernels=$(grep '^tilec profile' "$name/$program.profile" | grep -v '\[' |
        sed -E 's/.*, ([0-9.]+) ms total.*/\1/' | awk '{ s += $1 } END { print s }')
      echo "$label: kernel time ${kernels} ms" | tee -a results.txt
      grep '^tilec profile' "$name/$program.profile" | sed 's/^/    /'
    done
    continue
  fi
  args=()
  programs="program program-opencl"
  if [ "$compare" = cuda ]; then
    programs=program
  elif [ "$compare" != - ]; then
    IFS=, read -ra args <<<"$compare"
  fi
  "$name/serial" >"$name/serial.out"
  for program in $programs; do
    result=
    if "$name/$program" >"$name/$program.out" &&
      result=$(python3 compare_outputs.py "$name/serial.out" \
        "$name/$program.out" ${args[@]+"${args[@]}"}); then
      echo "$name $program: $result" | tee -a results.txt
    else
      echo "$name $program: DIFFERS $result" | tee -a results.txt
      failures=$((failures + 1))
    fi
  done
done <programs.txt
echo "$failures failed"
exit $((failures > 0))
