#!/usr/bin/env bash
# Builds the apsp benchmark bundle on the CPU machine (nvcc and the OpenCL
# loader are here; the GPU machine only runs): tilec CUDA and OpenCL programs
# of samples/apsp for every size and type, serial builds for the checks, the
# naive CUDA baseline, the add+min peak microbenchmark, and a small --params
# sweep. Then copy DIR to the GPU machine and run DIR/run.sh there.
# With BASELINE_TILEC (another build's tilec), the timed programs at n =
# 8192 and 16384 are also built with it (base_*), and run.sh times both
# builds side by side.
#   [BASELINE_TILEC=...] bench/apsp/prepare.sh BUILD_DIR DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:?usage: prepare.sh BUILD_DIR DIR}" && pwd)
out=${2:?usage: prepare.sh BUILD_DIR DIR}
tilec=$build/bin/tilec
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
sample=$root/samples/apsp/apsp.c
rm -rf "$out"
mkdir -p "$out/bin" "$out/src" "$out/lib"
cp -L "$(dirname "$nvcc")"/../lib64/libcudart.so.13 "$out/lib/"
cp "$here/run.sh" "$here/torch_fw.py" "$root/test/e2e/compare_outputs.py" "$out/"

type_flags() { case $1 in int) ;; float) echo -DUSE_FLOAT ;;
  real) echo -DUSE_FLOAT -DREAL_WEIGHTS ;; path) echo -DWITH_PATH ;;
  fpath) echo -DUSE_FLOAT -DWITH_PATH ;; esac; }

# name type n target [tilec args...]
translate_and_build() {
  local name=$1 type=$2 n=$3 target=$4
  local tilec=${TRANSLATOR:-$tilec}
  shift 4
  local flags="-DN=$n $(type_flags "$type")"
  local dir=$out/src/$name
  mkdir -p "$dir"
  "$tilec" --target="$target" --device=h200 "$@" -o "$dir" "$sample" -- $flags
  if [ "$target" = cuda ]; then
    # Matrices of 1 GB and more live in static arrays: medium code model,
    # and the shared CUDA runtime (the static one does not link that way).
    NVCC=$nvcc bash "$root/bench/build-tilec-cuda.sh" "$dir" apsp "$out/bin/$name" \
      "-mcmodel=medium $flags -I$root/samples/apsp" "-cudart shared"
  else
    gcc -O2 -mcmodel=medium $flags "$dir/apsp.c" "$root/runtime/src/tilec_rt_opencl.c" \
      -I"$root/runtime/include" -lOpenCL -lm -o "$out/bin/$name"
  fi
}
# serial TYPE N [PREFIX]: run.sh pairs every bin/serial_* with its tilec
# builds; the parameter checks' serial programs have a prefix of their own.
serial() {
  gcc -O3 -DN=$2 $(type_flags "$1") "$sample" -o "$out/bin/${3:-serial}_$1_$2" -lm
}

# Checks against the serial program: sizes that are and are not multiples
# of the tile, int, float with integer and with real weights, paths.
for spec in int:1000 path:1000 float:1024 real:1000 fpath:777 int:2048; do
  type=${spec%:*} n=${spec#*:}
  serial "$type" "$n"
  translate_and_build "cuda_${type}_$n" "$type" "$n" cuda
  translate_and_build "opencl_${type}_$n" "$type" "$n" opencl
done
# The same checks under other parameters than the chosen ones (slice
# depths from 2 to 32, one to four tiles per block; fw:16,8,8,1's four
# threads copy the pivot column's slices element by element, fw:16,2,2,1's
# 64 threads cover more pivot rows than a slice has) and for the path forms
# and element types the sample lacks (test/lit/apsp/Inputs/forms.c: D is
# compared, fields 1-2 of its lines; P may record another of several
# shortest paths). param-checks.txt: program, serial program, fields.
forms=$root/test/lit/apsp/Inputs/forms.c
for spec in int:1000:fw:32,4,4,1 path:1000:fw:16,2,2,1 int:777:fw:32,8,4,4 \
  path:2048:fw:64,4,8,2 fpath:700:fw:32,4,4,2 int:300:fw:16,8,8,1; do
  IFS=: read -r type n fw params <<<"$spec"
  name=cuda_${type}_${n}_${params//,/_}
  translate_and_build "$name" "$type" "$n" cuda --params=fw:$params
  echo "$name pserial_${type}_$n 1-" >>"$out/param-checks.txt"
  [ -x "$out/bin/pserial_${type}_$n" ] || serial "$type" "$n" pserial
done
for spec in double:2:300:fw:32,4,4,2 unsigned:1:257:fw:16,2,2,1 \
  double:0:300:fw:32,4,4,2 unsigned:0:257:fw:16,2,2,1 \
  int:2:513:fw:64,8,8,2 double:1:200:; do
  IFS=: read -r type form n fw params <<<"$spec"
  name=forms_${type}_${form}_$n
  flags="-DTYPE=$type -DPATHFORM=$form -DN=$n"
  mkdir -p "$out/src/$name"
  "$tilec" --target=cuda --device=h200 ${params:+--params=fw:$params} \
    -o "$out/src/$name" "$forms" -- $flags
  NVCC=$nvcc bash "$root/bench/build-tilec-cuda.sh" "$out/src/$name" forms \
    "$out/bin/cuda_$name" "$flags" "-cudart shared"
  gcc -O2 $flags "$forms" -o "$out/bin/formserial_$name" -lm
  echo "cuda_$name formserial_$name 1-2" >>"$out/param-checks.txt"
done
# Timing.
for n in 4096 8192 16384; do
  for type in int float; do
    translate_and_build "cuda_${type}_$n" "$type" "$n" cuda
    [ "$n" = 4096 ] || translate_and_build "opencl_${type}_$n" "$type" "$n" opencl
  done
done
if [ -n "${BASELINE_TILEC:-}" ]; then
  for n in 8192 16384; do
    for type in int float; do
      TRANSLATOR=$BASELINE_TILEC translate_and_build "base_${type}_$n" "$type" "$n" cuda
    done
  done
fi
translate_and_build cuda_float_2048 float 2048 cuda
translate_and_build cuda_int_1024 int 1024 cuda
# A small sweep around the chosen fw:64,8,8,2 for int at n = 8192, and
# four tiles per block (256 threads) at every timed size and type.
for spec in 64,8,8,1:int:8192 64,8,8,4:int:8192 32,8,8,2:int:8192 \
  64,4,8,2:int:8192 64,8,4,2:int:8192 64,8,8,4:int:4096 \
  64,8,8,4:int:16384 64,8,8,4:float:8192 64,8,8,4:float:16384; do
  IFS=: read -r p type n <<<"$spec"
  translate_and_build "sweep_${p//,/_}_${type}_$n" "$type" "$n" cuda --params=fw:$p
done
"$nvcc" -O3 -arch=sm_90 "$here/naive_fw.cu" -o "$out/bin/naive_fw"
"$nvcc" -O3 -arch=sm_90 "$here/minplus_peak.cu" -o "$out/bin/minplus_peak"
echo "bundle ready in $out"
