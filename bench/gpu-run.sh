#!/usr/bin/env bash
# Run on the GPU machine, in a directory made by prepare-gpu-run.sh: builds
# every configuration's serial, CUDA and OpenCL programs, checks the GPU
# results against the serial program, times the kernels (TILEC_PROFILE event
# times, median of 3 runs) and measures the device-to-device copy bandwidth.
# Writes results.csv and prints a Markdown table.
#   gpu-run.sh [RESULTS_DIR]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
results=${1:-$here/results}
mkdir -p "$results"
cd "$here"

# The NVIDIA OpenCL driver is installed but not registered with the loader.
mkdir -p /tmp/vendors
echo libnvidia-opencl.so.1 >/tmp/vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/vendors
nvcc=${NVCC:-nvcc}
command -v "$nvcc" >/dev/null || nvcc=/usr/local/cuda/bin/nvcc

"$nvcc" -O2 -arch=sm_90 copy_bandwidth.cu -o copy_bandwidth
./copy_bandwidth | tee "$results/copy_bandwidth.txt"

csv="$results/results.csv"
echo "config,target,verify,launches,kernel_ms_median,gstencil_per_s,points,steps" >"$csv"
failures=0

# Kernel time of one run: the total of the calc kernel's event times.
kernel_ms() {
  TILEC_PROFILE=1 "$1" 2>&1 >/dev/null |
    sed -n 's/^tilec profile: [a-z0-9_]*_calc: \([0-9]*\) launches, \([0-9.]*\) ms total.*/\1 \2/p'
}

while read -r name sample modes compare points steps defines; do
  dir="$here/$name"
  gcc -O2 -Wno-unknown-pragmas $defines "samples/$sample/$sample.c" -o "$dir/serial" -lm
  "$nvcc" -O2 -arch=sm_90 -fmad=false $defines "$dir/cuda/$sample.cu" \
    runtime/src/tilec_rt_cuda.c -Iruntime/include -o "$dir/cuda/program" || failures=$((failures + 1))
  gcc -O2 -Wall $defines "$dir/opencl/$sample.c" runtime/src/tilec_rt_opencl.c \
    -Iruntime/include -lOpenCL -lm -o "$dir/opencl/program" || failures=$((failures + 1))
  if [[ $modes == *verify* ]]; then
    "$dir/serial" >"$dir/serial.out"
  fi
  for target in cuda opencl; do
    program="$dir/$target/program"
    verdict=-
    if [[ $modes == *verify* ]]; then
      "$program" >"$dir/$target.out"
      args=()
      [ "$compare" != - ] && IFS=, read -r -a args <<<"$compare"
      if python3 compare_outputs.py "$dir/serial.out" "$dir/$target.out" "${args[@]}" \
        >"$dir/$target.compare"; then
        verdict=OK
      else
        verdict=MISMATCH
        failures=$((failures + 1))
        cat "$dir/$target.compare"
      fi
    fi
    launches=- median=- rate=-
    if [[ $modes == *time* ]]; then
      times=()
      for run in 1 2 3; do
        read -r launches ms < <(kernel_ms "$program")
        times+=("$ms")
      done
      median=$(printf '%s\n' "${times[@]}" | sort -g | sed -n 2p)
      rate=$(awk "BEGIN { printf \"%.1f\", $points * $steps / ($median * 1e6) }")
    fi
    echo "$name,$target,$verdict,$launches,$median,$rate,$points,$steps" | tee -a "$csv"
  done
done <manifest.txt

echo
echo "| config | target | matches serial | kernel time (ms, median of 3) | GStencil/s |"
echo "| --- | --- | --- | --- | --- |"
tail -n +2 "$csv" | awk -F, '{ printf "| %s | %s | %s | %s | %s |\n", $1, $2, $3, $5, $6 }'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "failures: $failures"
exit $((failures > 0))
