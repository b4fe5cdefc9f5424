#!/usr/bin/env bash
# On the GPU machine, inside a directory bench/c-output/prepare.sh wrote
# and run.sh built: profiles one launch of each named program's kernel
# with Nsight Compute (all sections) and writes, per program, into
# profile/: NAME.details.txt (ncu's report: throughput, occupancy, warp
# stalls, instruction mix, memory tables), NAME.source.csv (the kernel's
# SASS with each instruction's executed count, where this ncu can print
# it) and NAME.sass.txt (cuobjdump -sass of the program).
#   bash profile.sh NAME... [-- KERNEL_REGEX [LAUNCH_SKIP]]
set -uo pipefail
cd "$(dirname "$0")"
names=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  names+=("$1")
  shift
done
[ "${1:-}" = -- ] && shift
kernel=${1:-calc}
skip=${2:-2}
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
mkdir -p profile
for name in "${names[@]}"; do
  rep=profile/$name
  # With the runtime registering the host arrays, ncu failed to profile
  # Himeno's kernel (the program died with signal 11; H200, 2026-11-28);
  # the kernels are the same with the copies pageable.
  TILEC_CUDA_REGISTER=0 "$ncu" --set full --import-source no -k "regex:$kernel" \
    --launch-skip "$skip" --launch-count 1 -f -o "$rep" \
    "$name/program" >"$rep.ncu.log" 2>&1 ||
    { echo "$name: ncu failed"; tail -5 "$rep.ncu.log"; continue; }
  "$ncu" -i "$rep.ncu-rep" --page details >"$rep.details.txt" 2>&1
  "$ncu" -i "$rep.ncu-rep" --page source --csv --print-source sass \
    >"$rep.source.csv" 2>&1 || true
  "$cuobjdump" -sass "$name/program" >"$rep.sass.txt" 2>&1 || true
  echo "== $name"
  grep -E 'Duration|Executed Ipc Active|Issue Slots Busy|Registers Per|Achieved Occupancy|Theoretical Occupancy|DRAM Throughput|Shared Memory Configuration|Dynamic Shared|Static Shared|Block Limit' \
    "$rep.details.txt" | sed 's/^ */    /'
done
