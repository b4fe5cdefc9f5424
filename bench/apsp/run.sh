#!/usr/bin/env bash
# Runs the apsp benchmark bundle made by prepare.sh on the GPU machine:
# the add+min peak microbenchmark, checks of tilec's CUDA and OpenCL
# programs against the serial program and against the naive CUDA kernel
# (hash of the whole matrix), timings (whole region, steps time, and kernel
# time from TILEC_PROFILE), the naive kernel, torch's k-loop, and the
# --params sweep.
#   run.sh RESULTS_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
results=${1:?usage: run.sh RESULTS_DIR}
mkdir -p "$results"
# Everything printed also goes to RESULTS/run.log.
exec > >(tee "$results/run.log") 2>&1
cd "$here"
mkdir -p /tmp/vendors
echo libnvidia-opencl.so.1 >/tmp/vendors/nvidia.icd
export OCL_ICD_VENDORS=/tmp/vendors
export LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv | tee "$results/device.txt"

# Before (base_*, BASELINE_TILEC) and after (cuda_*), where prepare.sh
# built both.
ab_passes() {
  if ls bin/base_* >/dev/null 2>&1; then
    echo "== before (base_*, BASELINE_TILEC) and after (cuda_*), three interleaved passes"
    # Each pass: kernel times (TILEC_PROFILE, every launch timed alone) and the
    # steps time (the device's work from the first launch, pack, to the end of
    # the last, unpack, gaps included) of both builds; then both builds'
    # steps time without the profile's events between the launches.
    for pass in 1 2 3; do
      for spec in int_8192 float_8192 int_16384 float_16384; do
        for v in base cuda; do
          TILEC_PROFILE=1 TILEC_STEPS_TIME=1 ./bin/${v}_$spec >"$results/ab.out" 2>"$results/ab.err"
          echo "$v $spec pass $pass: $(grep -h 'D hash' "$results/ab.out") | $(grep -h 'apsp n=' "$results/ab.err") | $(grep -h 'steps time' "$results/ab.err")"
          grep -h 'tilec profile: apsp_fw_\(pivot\|panel\|rest\)' "$results/ab.err"
        done
        for v in base cuda; do
          TILEC_STEPS_TIME=1 ./bin/${v}_$spec >"$results/ab.out" 2>"$results/ab.err"
          echo "$v $spec pass $pass unprofiled: $(grep -h 'D hash' "$results/ab.out") | $(grep -h 'steps time' "$results/ab.err")"
        done
      done
    done
  fi
}

# AB_ONLY=1: only the before/after passes (a trial against its base).
if [ "${AB_ONLY:-0}" = 1 ]; then
  ab_passes
  exit 0
fi

echo "== add+min peak"
./bin/minplus_peak | tee "$results/minplus_peak.txt"

echo "== checks against the serial program"
for prog in bin/serial_*; do
  spec=${prog#bin/serial_}
  ./$prog >"$results/serial_$spec.out" 2>"$results/serial_$spec.err"
  cat "$results/serial_$spec.err"
  tol=; case $spec in real_*) tol=--rtol=1e-5 ;; esac
  for target in cuda opencl; do
    ./bin/${target}_$spec >"$results/${target}_$spec.out" 2>"$results/${target}_$spec.err"
    echo -n "$target $spec: "
    python3 compare_outputs.py $tol "$results/serial_$spec.out" "$results/${target}_$spec.out"
    grep -h "paths invalid" "$results/${target}_$spec.out"
  done
done

echo "== checks under other parameters (D against the serial program)"
while read -r prog serial fields; do
  ./bin/$serial | cut -d' ' -f$fields >"$results/$serial.d"
  ./bin/$prog >"$results/$prog.out" 2>"$results/$prog.err"
  echo -n "$prog: "
  python3 compare_outputs.py "$results/$serial.d" <(cut -d' ' -f$fields "$results/$prog.out")
  grep -h "paths invalid" "$results/$prog.out"
done <param-checks.txt
echo "== two slabs of one GPU (TILEC_DEVICES=0,0)"
for spec in path_1000 int_2048; do
  TILEC_DEVICES=0,0 ./bin/cuda_$spec >"$results/cuda_$spec.slabs.out"
  echo -n "cuda_$spec on two slabs: "
  python3 compare_outputs.py "$results/serial_$spec.out" "$results/cuda_$spec.slabs.out"
  grep -h "paths invalid" "$results/cuda_$spec.slabs.out"
done

echo "== timings (tilec)"
for prog in bin/cuda_int_* bin/cuda_float_* bin/opencl_int_* bin/opencl_float_* bin/sweep_*; do
  name=${prog#bin/}
  case $name in *_1000|*_777|*path*|*real*) continue ;; esac
  TILEC_STEPS_TIME=1 ./$prog >"$results/$name.out" 2>"$results/$name.err"
  TILEC_PROFILE=1 ./$prog >/dev/null 2>"$results/$name.profile"
  echo "$name: $(grep -h 'apsp n=' "$results/$name.err") | $(grep -h 'D hash' "$results/$name.out") | $(grep -h 'steps time' "$results/$name.err")"
  grep -h 'tilec profile: apsp_fw_\(pivot\|panel\|rest\)' "$results/$name.profile"
done

ab_passes

echo "== naive CUDA kernel"
for n in 1024 2048 4096 8192 16384; do
  for type in int float; do
    echo "naive $type $n: $(./bin/naive_fw $type $n | tr '\n' ' ')"
  done
done

echo "== torch"
python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.is_available())' \
  && timeout 120 python3 torch_fw.py 1024 2048 4096 8192
echo "== done"
