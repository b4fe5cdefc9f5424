#!/usr/bin/env bash
# Builds one program from tilec's CUDA output in DIR (BASE.c, BASE_tilec.cu,
# BASE_tilec.h): the C compiler compiles BASE.c with CFLAGS (the -D flags,
# -I for the sample's own headers, -mcmodel=medium for large static arrays),
# nvcc compiles BASE_tilec.cu, the C compiler compiles the tilec CUDA
# runtime, and nvcc links the three objects into PROGRAM. NVCC_FLAGS go to
# nvcc's compile and link alike (-fmad=false for strict floating point,
# -cudart shared). Objects are left in DIR.
#   build-tilec-cuda.sh DIR BASE PROGRAM [CFLAGS [NVCC_FLAGS]]
# Environment: NVCC (default nvcc, else /usr/local/cuda/bin/nvcc), CC
# (default gcc), CUDA_ARCH (default sm_90), TILEC_RUNTIME (default the
# runtime/ next to this script, as in the bundles, else the repository's).
set -euo pipefail
dir=${1:?usage: build-tilec-cuda.sh DIR BASE PROGRAM [CFLAGS [NVCC_FLAGS]]}
base=${2:?usage: build-tilec-cuda.sh DIR BASE PROGRAM [CFLAGS [NVCC_FLAGS]]}
program=${3:?usage: build-tilec-cuda.sh DIR BASE PROGRAM [CFLAGS [NVCC_FLAGS]]}
cflags=${4:-}
nvcc_flags=${5:-}
here=$(cd "$(dirname "$0")" && pwd)
runtime=${TILEC_RUNTIME:-$here/runtime}
[ -d "$runtime/include" ] || runtime=$(cd "$here/../runtime" && pwd)
nvcc=${NVCC:-nvcc}
command -v "$nvcc" >/dev/null || nvcc=/usr/local/cuda/bin/nvcc
nvcc=$(command -v "$nvcc")
cuda=$(cd "$(dirname "$nvcc")/.." && pwd)
cc=${CC:-gcc}
arch=${CUDA_ARCH:-sm_90}

set -x
"$cc" -O3 $cflags -I"$runtime/include" -c "$dir/$base.c" -o "$dir/$base.o"
"$nvcc" -O3 -arch="$arch" $nvcc_flags -I"$runtime/include" \
  -c "$dir/${base}_tilec.cu" -o "$dir/${base}_tilec.o"
"$cc" -O2 -I"$runtime/include" -I"$cuda/include" \
  -c "$runtime/src/tilec_rt_cuda.c" -o "$dir/tilec_rt_cuda.o"
"$nvcc" -arch="$arch" $nvcc_flags "$dir/$base.o" "$dir/${base}_tilec.o" \
  "$dir/tilec_rt_cuda.o" -lm -o "$program"
