#!/usr/bin/env bash
# Translates a sample with tilec, builds it, and checks it against the serial
# build of the same file.
#   OpenCL: build with -Wall -Wextra -Werror, run (pocl in CI), compare.
#   CUDA:   build foo.c with the C compiler (-Wall -Wextra -Werror) and
#           foo_tilec.cu with nvcc (no warnings allowed), link; with
#           --run-cuda also run and compare (GPU only).
# Tool paths come first (lit passes them); then:
#   --sample FILE.c --target opencl|cuda --workdir DIR
#   [--tilec-arg ARG]... [--cflag ARG]... [--compare-arg ARG]... [--run-cuda]
#   [--run "ARGS"]... -- DEFINES...
# --run runs the serial and the translated program with ARGS (split at
# spaces) and compares them; several --run check several command lines of
# one build (sizes read at run time). Without it, one run without arguments.
# --cflag adds ARG to the C compiler's build of the translated file (say
# -std=c99 -pedantic), not to the serial build's.
# --devices "LIST..." runs the translated program once per device list
# (TILEC_DEVICES, say "0 0,1 0,1,2": one, two and three slabs) for each
# command line, each compared with the serial program.
set -euo pipefail

tilec= cc= nvcc= rt_include= ocl_lib= cuda_rt_src= compare=
sample= target= workdir= run_cuda=0 devices=
tilec_args=() cflags=() compare_args=() defines=() runs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --tilec) tilec=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --nvcc) nvcc=$2; shift 2 ;;
    --runtime-include) rt_include=$2; shift 2 ;;
    --opencl-lib) ocl_lib=$2; shift 2 ;;
    --cuda-runtime-src) cuda_rt_src=$2; shift 2 ;;
    --compare) compare=$2; shift 2 ;;
    --sample) sample=$2; shift 2 ;;
    --target) target=$2; shift 2 ;;
    --workdir) workdir=$2; shift 2 ;;
    --tilec-arg) tilec_args+=("$2"); shift 2 ;;
    --cflag) cflags+=("$2"); shift 2 ;;
    --cflag=*) cflags+=("${1#--cflag=}"); shift ;;
    --compare-arg) compare_args+=("$2"); shift 2 ;;
    --run-cuda) run_cuda=1; shift ;;
    --run) runs+=("$2"); shift 2 ;;
    --devices) devices=$2; shift 2 ;;
    --) shift; defines=("$@"); break ;;
    *) echo "check_sample.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for required in tilec cc sample target workdir compare; do
  if [ -z "${!required}" ]; then
    echo "check_sample.sh: --$required is required" >&2
    exit 2
  fi
done

name=$(basename "$sample" .c)
# The translated file lives elsewhere; its quoted includes still resolve
# against the sample's own directory, as tilec-cc arranges too.
source_dir=$(cd "$(dirname "$sample")" && pwd)
rm -rf "$workdir"
mkdir -p "$workdir"

"$tilec" --target="$target" ${tilec_args[@]+"${tilec_args[@]}"} \
  -o "$workdir/out" "$sample" -- ${defines[@]+"${defines[@]}"}

serial_and_compare() {
  "$cc" -O2 -Wno-unknown-pragmas ${defines[@]+"${defines[@]}"} "$sample" \
    -o "$workdir/serial" -lm
  [ ${#runs[@]} -gt 0 ] || runs=("")
  for run in "${runs[@]}"; do
    # shellcheck disable=SC2086
    "$workdir/serial" $run >"$workdir/serial.out"
    for list in ${devices:-default}; do
      if [ "$list" = default ]; then
        # shellcheck disable=SC2086
        "$workdir/program" $run >"$workdir/program.out"
      else
        # shellcheck disable=SC2086
        TILEC_DEVICES=$list "$workdir/program" $run >"$workdir/program.out"
      fi
      [ -z "$run" ] || echo "arguments: $run"
      [ "$list" = default ] || echo "TILEC_DEVICES=$list"
      python3 "$compare" "$workdir/serial.out" "$workdir/program.out" \
        ${compare_args[@]+"${compare_args[@]}"}
    done
  done
}

case "$target" in
  opencl)
    "$cc" -O2 -Wall -Wextra -Werror ${cflags[@]+"${cflags[@]}"} \
      ${defines[@]+"${defines[@]}"} "$workdir/out/$name.c" -I"$source_dir" -I"$rt_include" "$ocl_lib" -lOpenCL -lm \
      -o "$workdir/program"
    serial_and_compare
    ;;
  cuda)
    if ! command -v "$nvcc" >/dev/null 2>&1; then
      echo "check_sample.sh: nvcc not found ('$nvcc'); install the CUDA" \
        "toolkit at /usr/local/cuda" >&2
      exit 1
    fi
    # The user's file stays C: the C compiler builds it, nvcc only the
    # kernels and host functions, which need none of the user's flags.
    "$cc" -O2 -Wall -Wextra -Werror -c ${cflags[@]+"${cflags[@]}"} \
      ${defines[@]+"${defines[@]}"} \
      "$workdir/out/$name.c" -I"$source_dir" -I"$rt_include" \
      -o "$workdir/$name.o"
    "$nvcc" -O2 -arch=sm_90 -fmad=false -Werror all-warnings \
      -Xcompiler=-Wall,-Wextra,-Werror -c "$workdir/out/${name}_tilec.cu" \
      -I"$rt_include" -o "$workdir/${name}_tilec.o"
    "$nvcc" -arch=sm_90 "$workdir/$name.o" "$workdir/${name}_tilec.o" \
      "$cuda_rt_src" -I"$rt_include" -lm -o "$workdir/program"
    if [ "$run_cuda" = 1 ]; then
      serial_and_compare
    fi
    ;;
  *)
    echo "check_sample.sh: unknown target '$target'" >&2
    exit 2
    ;;
esac
