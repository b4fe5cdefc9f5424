#!/usr/bin/env bash
# Runs on the GPU machine, inside the bundle prepare.sh made: builds every
# variant, checks each against the serial program, and times it.
#   bash run.sh RESULTS_DIR
# OpenACC results differ from the serial ones in the last bits on the GPU
# (bench/openacc/README.md), so they are compared with rtol 1e-5; every
# other variant must match exactly (or within the program's COMPARE).
# Times, median of 3 after a warm-up (the check run): whole program (wall
# clock); the region as the program times it (stderr "NAME time X s": the
# time loop with its transfers, for tilec's region and OpenACC's data
# region); the time loop alone (the region minus the same program's region
# with 0 steps, which leaves the transfers out); and kernel time from
# CUDA/OpenCL events where the program reports it.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
results=${1:?usage: run.sh RESULTS_DIR}
mkdir -p "$results"
cd "$here"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
# The NVIDIA OpenCL driver is installed but not registered (device-notes).
if ldconfig -p | grep -q libnvidia-opencl.so.1; then
  mkdir -p /tmp/vendors && echo libnvidia-opencl.so.1 >/tmp/vendors/nvidia.icd
  export OCL_ICD_VENDORS=/tmp/vendors
fi
# Load every kernel at start-up, so that no first launch pays for it inside
# the timed loop (CUDA 13 loads lazily by default).
export CUDA_MODULE_LOADING=EAGER
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$results/device.txt"
"$nvcc" -O2 -arch=sm_90 copy_bandwidth.cu -o copy_bandwidth &&
  ./copy_bandwidth >"$results/copy_bandwidth.txt"

sample_of() { awk -v n="$1" '$1 == n { print $2 }' manifest.txt; }
build_dir() {
  local dir=$1 sample=$2 d
  d=$(cat "$dir/defines")
  gcc -O3 -mcmodel=medium $d "$dir/serial.c" -o "$dir/serial" -lm
  [ -f "$dir/naive.cu" ] && "$nvcc" -O3 -arch=sm_90 -fmad=false \
    -Xcompiler -mcmodel=medium -cudart shared $d "$dir/naive.cu" -o "$dir/naive"
  for v in tilec best; do
    [ -d "$dir/$v-cuda" ] && NVCC=$nvcc bash "$here/build-tilec-cuda.sh" \
      "$dir/$v-cuda" "$sample" "$dir/$v-cuda/program" "-mcmodel=medium $d" \
      "-fmad=false -cudart shared"
    [ -d "$dir/$v-opencl" ] && gcc -O2 -mcmodel=medium $d \
      "$dir/$v-opencl/$sample.c" runtime/src/tilec_rt_opencl.c \
      -Iruntime/include -lOpenCL -lm -o "$dir/$v-opencl/program"
  done
  return 0
}
export -f build_dir
export nvcc here
for dir in */s*; do
  echo "$dir $(sample_of "${dir%%/*}")"
done | xargs -P "$(nproc)" -n 2 bash -c 'build_dir "$0" "$1" >"$0/build.log" 2>&1'
"$nvcc" -O3 -arch=sm_90 naive_fw.cu -o naive_fw

program() { # DIR VARIANT -> the executable
  case $2 in
  serial | naive | acc) echo "$1/$2" ;;
  *) echo "$1/$2/program" ;;
  esac
}
median() { sort -g | awk '{ a[NR] = $1 } END { print NR ? a[int((NR + 1) / 2)] : "" }'; }
# Runs EXE once: prints "wall kernel region transfers" in seconds ('-' where
# the program does not report it).
timed() {
  local exe=$1 t0 t1 err
  err=$(mktemp)
  t0=$(date +%s.%N)
  LD_LIBRARY_PATH=$here/lib TILEC_PROFILE=1 "$exe" >/dev/null 2>"$err"
  t1=$(date +%s.%N)
  awk -v w="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')" '
    /tilec profile: .* launches, / { for (i = 1; i <= NF; i++) if ($(i + 1) == "ms" && $(i + 2) == "total,") k += $i }
    /tilec profile: .* transfers, / { for (i = 1; i <= NF; i++) if ($(i + 1) == "ms" && $(i + 2) == "total,") x += $i }
    /^kernel_ms / { k += $2 }
    / time [0-9.]+ s/ { for (i = 1; i <= NF; i++) if ($i == "time") r = $(i + 1) }
    END { printf "%s %s %s %s\n", w, k ? k / 1000 : "-", r ? r : "-", x ? x / 1000 : "-" }' "$err"
  rm -f "$err"
}

csv=$results/results.csv
echo "program,sample,variant,params,verify,steps,wall_s,wall0_s,loop_s,kernel_s,region_s,transfer_s,points,pred_total_s,pred_kernel_s" >"$csv"
while read -r name sample steps compare chosen best points pred_total pred_kernel; do
  full=$name/s$steps zero=$name/s0
  args=()
  [ "$compare" != - ] && IFS=, read -r -a args <<<"$compare"
  # Serial apsp at n = 8192 would take minutes: the CUDA output is the
  # reference there (it matched the serial program at the smaller n).
  ref=$full/serial
  if [ "$sample" = apsp ] && grep -q -- '-DN=8192' "$full/defines"; then ref=$full/tilec-cuda/program; fi
  LD_LIBRARY_PATH=$here/lib "$ref" >"$full/reference.out" 2>/dev/null
  for v in serial acc naive tilec-cuda tilec-opencl best-cuda best-opencl; do
    exe=$(program "$full" "$v")
    [ -x "$exe" ] || continue
    [ "$v" = serial ] && [ "$ref" != "$full/serial" ] && continue
    vargs=("${args[@]}")
    # OpenACC: every line within 1e-5, or Himeno's gosa tolerance for all.
    if [ "$v" = acc ]; then
      vargs=(--rtol=1e-5)
      [ "$compare" != - ] && vargs=(--rtol=3e-2)
    fi
    verdict=OK
    if ! LD_LIBRARY_PATH=$here/lib "$exe" >"$full/$v.out" 2>"$full/$v.err" ||
      ! python3 compare_outputs.py "$full/reference.out" "$full/$v.out" \
        "${vargs[@]}" \
        >"$full/$v.compare" 2>&1; then
      verdict=MISMATCH
      cat "$full/$v.compare" "$full/$v.err" | tail -5
    fi
    runs=3
    [ "$v" = serial ] && runs=1
    w=() k=() r=() x=() w0=() r0=()
    for ((i = 0; i < runs; i++)); do
      read -r a b c e < <(timed "$exe")
      w+=("$a") k+=("$b") r+=("$c") x+=("$e")
      if [ "$steps" != - ]; then
        read -r a b c e < <(timed "$(program "$zero" "$v")")
        w0+=("$a") r0+=("$c")
      fi
    done
    wall=$(printf '%s\n' "${w[@]}" | median)
    wall0=$(printf '%s\n' "${w0[@]}" | grep . | median)
    kernel=$(printf '%s\n' "${k[@]}" | grep -v '^-' | median)
    region=$(printf '%s\n' "${r[@]}" | grep -v '^-' | median)
    transfers=$(printf '%s\n' "${x[@]}" | grep -v '^-' | median)
    region0=$(printf '%s\n' "${r0[@]}" | grep -v '^-' | grep . | median)
    # The time loop: the region the program times (stderr "time X s"; the
    # transfers of a data region are in both runs and cancel), else the
    # whole program, each minus the same with 0 steps.
    loop=
    if [ -n "$region" ] && [ -n "$region0" ]; then
      loop=$(awk -v a="$region" -v b="$region0" 'BEGIN { printf "%.6f", a - b }')
    elif [ -n "$wall0" ]; then
      loop=$(awk -v a="$wall" -v b="$wall0" 'BEGIN { printf "%.6f", a - b }')
    fi
    params=-
    case $v in tilec-*) params=$chosen ;; best-*) params=$best ;; esac
    line="$name,$sample,$v,\"$params\",$verdict,$steps,$wall,$wall0,$loop,$kernel,$region,$transfers,$points,$pred_total,$pred_kernel"
    echo "$line" | tee -a "$csv"
  done
  if [ "$sample" = apsp ]; then
    n=$(sed -n 's/.*-DN=\([0-9]*\).*/\1/p' "$full/defines")
    ./naive_fw int "$n" 2>&1 | sed -n 's/.*time \([0-9.]*\) ms.*/\1/p' |
      awk -v n="$name" '{ printf "%s,apsp,naive,-,-,-,,,,%s,,,,,\n", n, $1 / 1000 }' | tee -a "$csv"
    python3 torch_fw.py "$n" 2>&1 | grep "torch int" | sed -n 's/.*time \([0-9.]*\) ms.*/\1/p' |
      awk -v n="$name" '{ printf "%s,apsp,torch,-,-,-,,,,%s,,,,,\n", n, $1 / 1000 }' | tee -a "$csv"
  fi
done <manifest.txt
cp manifest.txt "$results/"
python3 - "$csv" "$results/results.json" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
json.dump({"device": open(sys.argv[1].rsplit("/", 1)[0] + "/device.txt").read().strip(),
           "results": rows}, open(sys.argv[2], "w"), indent=1)
PY
echo "done: $(grep -c MISMATCH "$csv") mismatches"
