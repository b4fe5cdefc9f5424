#!/usr/bin/env bash
# Run on the GPU machine, in a directory made by prepare-gpu-run.sh: builds
# every configuration's programs (in parallel), checks GPU results against
# the serial program where asked, times the calc kernels (event timers:
# total over all launches, and the median launch), and measures the
# device-to-device copy bandwidth. Writes results.csv, results.json and
# results.md into RESULTS_DIR.
#   gpu-run.sh RESULTS_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
results=${1:?usage: gpu-run.sh RESULTS_DIR}
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

# Build everything first, many at a time.
build_one() {
  local name=$1 sample=$2 target=$3 defines=$4 dir=$here/$1
  if [ "$target" = cuda ]; then
    NVCC=$nvcc bash "$here/build-tilec-cuda.sh" "$dir/cuda" "$sample" \
      "$dir/cuda/program" "$defines -I$here/samples/$sample" -fmad=false
  else
    gcc -O2 $defines "$dir/opencl/$sample.c" runtime/src/tilec_rt_opencl.c \
      -Iruntime/include -lOpenCL -lm -o "$dir/opencl/program"
  fi >"$dir/$target.build.log" 2>&1 || echo "build failed: $name $target"
}
export -f build_one
export here nvcc
while read -r name sample targets modes compare params points steps defines; do
  for target in ${targets//,/ }; do
    printf '%s\t%s\t%s\t%s\n' "$name" "$sample" "$target" "$defines"
  done
done <manifest.txt | xargs -P "$(nproc)" -d '\n' -I{} bash -c \
  'IFS=$'"'"'\t'"'"' read -r n s t d <<<"{}"; build_one "$n" "$s" "$t" "$d"'

csv="$results/results.csv"
echo "config,sample,target,params,verify,launches,kernel_ms,median_launch_us,points,steps,gstencil_per_s" >"$csv"
failures=0
while read -r name sample targets modes compare params points steps defines; do
  dir="$here/$name"
  if [[ $modes == *verify* ]]; then
    gcc -O2 -Wno-unknown-pragmas $defines "samples/$sample/$sample.c" -o "$dir/serial" -lm
    "$dir/serial" >"$dir/serial.out"
  fi
  for target in ${targets//,/ }; do
    program="$dir/$target/program"
    verdict=- launches=- ms=- median=- rate=-
    if [ ! -x "$program" ]; then
      verdict=BUILD-FAILED
      failures=$((failures + 1))
    else
      if [[ $modes == *verify* ]]; then
        args=()
        [ "$compare" != - ] && IFS=, read -r -a args <<<"$compare"
        if "$program" >"$dir/$target.out" &&
          python3 compare_outputs.py "$dir/serial.out" "$dir/$target.out" \
            "${args[@]}" >"$dir/$target.compare"; then
          verdict=OK
        else
          verdict=MISMATCH
          failures=$((failures + 1))
          cat "$dir/$target.compare"
        fi
      fi
      if [[ $modes == *time* ]]; then
        line=$(TILEC_PROFILE=1 "$program" 2>&1 >/dev/null | grep '_calc: ')
        launches=$(sed -n 's/.*: \([0-9]*\) launches.*/\1/p' <<<"$line")
        ms=$(sed -n 's/.* launches, \([0-9.]*\) ms total.*/\1/p' <<<"$line")
        median=$(sed -n 's/.* \([0-9.]*\) us median.*/\1/p' <<<"$line")
        rate=$(awk "BEGIN { printf \"%.1f\", $points * $steps / ($ms * 1e6) }")
      fi
    fi
    echo "$name,$sample,$target,\"$params\",$verdict,$launches,$ms,$median,$points,$steps,$rate" | tee -a "$csv"
  done
done <manifest.txt

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$results/device.txt"
python3 report.py "$results"
echo "failures: $failures"
exit $((failures > 0))
