#!/usr/bin/env bash
# Prints the configuration lines (configs.txt format) of the blocking
# benchmark: the naive mapping, tilec's own choice (no --params), and a sweep
# of parameter vectors for heat1d, heat2d, heat3d and himeno at the paper
# sizes and the larger ones; plus GPU checks of the streaming kernel against
# the serial program. Vectors tilec rejects for the profile are left out.
#   bench/blocking-sweep.sh PROFILE > sweep.txt
#   bench/prepare-gpu-run.sh .devrun/gpu PROFILE sweep.txt
#   (on the GPU machine) cd .devrun/gpu && bash gpu-run.sh RESULTS
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
profile=${1:?usage: blocking-sweep.sh PROFILE}
sweep() { bash "$here/make-sweep.sh" "$profile" "$@"; }

# Correctness on the GPU (CUDA and OpenCL against the serial build).
cat <<'VERIFY'
verify-heat2d-stream heat2d cuda,opencl verify - --params=64,1,1,3 -DNX=1000 -DNY=777 -DSTEPS=11
verify-heat2d-chosen heat2d cuda,opencl verify - - -DSTEPS=100
verify-heat3d-stream heat3d cuda,opencl verify - --params=64,4,1,1 -DNX=130 -DNY=67 -DNZ=45 -DSTEPS=5
verify-heat3d-chosen heat3d cuda,opencl verify - - -DSTEPS=100
verify-heat3d-512 heat3d cuda,opencl verify - - -DNX=512 -DNY=512 -DNZ=512 -DSTEPS=5
verify-heat1d-chosen heat1d cuda,opencl verify - - -DSTEPS=100
verify-himeno-chosen himeno cuda,opencl verify --rtol=3e-2,--only=gosa - -DSTEPS=100
VERIFY

# Naive and chosen, both targets, every program and size.
while read -r name sample defines; do
  echo "$name-naive $sample cuda,opencl time - --params=naive $defines"
  echo "$name-chosen $sample cuda,opencl time - - $defines"
done <<'SIZES'
heat1d heat1d -DSTEPS=100
heat1d-32M heat1d -DNX=33554432 -DSTEPS=100
heat2d heat2d -DSTEPS=100
heat2d-8192 heat2d -DNX=8192 -DNY=8192 -DSTEPS=100
heat3d heat3d -DSTEPS=100
heat3d-512 heat3d -DNX=512 -DNY=512 -DNZ=512 -DSTEPS=100
himeno himeno -DSTEPS=100
SIZES

# Sweeps (CUDA).
sweep heat1d h1d "256 512 1024" "1" "1" "1 8 16 32" -DSTEPS=100
sweep heat1d h1d32M "256 512" "1" "1" "16 32" -DNX=33554432 -DSTEPS=100
sweep heat2d h2d "32 64 128 256" "1" "1" "1 2 4 8" -DSTEPS=100
sweep heat2d h2d "32 64" "4 8" "1" "1 2" -DSTEPS=100
sweep heat2d h2d8192 "64 128 256 512" "1" "1" "1 2 4 8 16" -DNX=8192 -DNY=8192 -DSTEPS=100
sweep heat3d h3d "32 64 128" "2 4 8 16" "1" "1 2 4" -DSTEPS=100
sweep heat3d h3d "32 64" "4 8" "2" "1 2" -DSTEPS=100
sweep heat3d h3d512 "32 64 128" "2 4 8 16" "1" "1 2 3 4" -DNX=512 -DNY=512 -DNZ=512 -DSTEPS=100
sweep himeno him "32 64 128" "2 4" "1 2" "1" -DSTEPS=100
