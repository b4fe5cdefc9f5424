#!/usr/bin/env bash
# On the GPU machine, in the folder prepare.sh wrote: EBISU's own script
# (its correctness checks, then fp32 timing, 3 repetitions), EBISU in fp64
# (3 repetitions), tilec's programs (bench/c-output/run.sh, then two more
# passes of passes.sh: kernel time with TILEC_PROFILE=1, the median of the
# three runs), then one table (side_by_side.py) in side-by-side.md. Raw
# output: ebisu.txt, ebisu/run.log, ebisu-fp64.txt, results.txt,
# tilec-passes.txt.
set -uo pipefail
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
(cd ebisu && REPS=3 bash run.sh) | tee ebisu.txt
# fp64: EBISU's run.sh times fp32 only. Columns as its run.sh reads them:
# runtime_ms and EBISU's GCells/s are the last two.
: >ebisu-fp64.txt
for size in "2048 2048" "8192 8192" "256 256 256" "512 512 512"; do
  set -- $size
  bin=ebisu/ebisu-2d5pt
  [ $# = 3 ] && bin=ebisu/ebisu-3d7pt
  for rep in 1 2 3; do
    # EBISU prints CUDA errors and carries on (at 512^3 in fp64 its
    # cooperative launch fails and the line it prints times nothing).
    out=$("$bin" "$@" --warmup --bdim=256 --iter=100 2>&1)
    line=$(printf '%s\n' "$out" | grep -E '<[0-9]+,[0-9]+,[0-9]+>' | head -1)
    error=$(printf '%s\n' "$out" | grep -E 'Cuda failure|CUDA-ERROR|too many' |
      head -1)
    [ -n "$error" ] && line="FAILED: $error"
    echo "${size// /x} rep=$rep ${line:-FAILED: no result line}" |
      tee -a ebisu-fp64.txt
  done
done
bash run.sh >tilec.txt 2>&1
tail -n 20 tilec.txt
bash passes.sh 2 >tilec-passes.txt 2>&1
cat results.txt tilec-passes.txt >tilec-times.txt
python3 side_by_side.py ebisu.txt ebisu-fp64.txt tilec-times.txt side-by-side.svg |
  tee side-by-side.md
