#!/usr/bin/env bash
# Builds an OpenACC sample (samples/NAME/NAME_acc.c) with GCC, runs it and
# checks its output against the serial build of NAME_plain.c.
#   host:    gcc -fopenacc -foffload=disable (OpenACC on the host CPU);
#   offload: gcc -fopenacc -foffload=nvptx-none -misa=sm_80 (GCC's nvptx
#            offload compiler must be installed); without a GPU libgomp runs
#            the regions on the host, so this checks that the GPU build stays
#            valid and still computes the same.
# Fails (never skips) when gcc cannot build either form.
#   --sample NAME_acc.c --workdir DIR --compare compare_outputs.py
#   [--gcc GCC] [--compare-arg ARG]... -- DEFINES...
set -euo pipefail

gcc=gcc sample= workdir= compare=
compare_args=() defines=()
while [ $# -gt 0 ]; do
  case "$1" in
    --gcc) gcc=$2; shift 2 ;;
    --sample) sample=$2; shift 2 ;;
    --workdir) workdir=$2; shift 2 ;;
    --compare) compare=$2; shift 2 ;;
    --compare-arg) compare_args+=("$2"); shift 2 ;;
    --) shift; defines=("$@"); break ;;
    *) echo "check_acc.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for required in sample workdir compare; do
  if [ -z "${!required}" ]; then
    echo "check_acc.sh: --$required is required" >&2
    exit 2
  fi
done
plain=${sample%_acc.c}_plain.c
if [ ! -f "$plain" ]; then
  echo "check_acc.sh: no serial version '$plain' next to '$sample'" >&2
  exit 2
fi
rm -rf "$workdir"
mkdir -p "$workdir"

# CUDA 13's ptxas rejects GCC 12's default sm_35; -no-pie avoids a text
# relocation in the offload table that ld warns about.
offload_flags=(-foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80 -no-pie)
flags=(-O2 -Wall -Wextra -Werror -fopenacc)

"$gcc" -O2 -Wno-unknown-pragmas ${defines[@]+"${defines[@]}"} "$plain" \
  -o "$workdir/serial" -lm
"$workdir/serial" >"$workdir/serial.out"

if ! "$gcc" "${flags[@]}" -foffload=disable ${defines[@]+"${defines[@]}"} \
  "$sample" -o "$workdir/host" -lm; then
  echo "check_acc.sh: '$gcc -fopenacc' failed: OpenACC needs GCC" >&2
  exit 1
fi
if ! "$gcc" "${flags[@]}" "${offload_flags[@]}" ${defines[@]+"${defines[@]}"} \
  "$sample" -o "$workdir/offload" -lm; then
  echo "check_acc.sh: the nvptx offload build failed: install" \
    "gcc-12-offload-nvptx (scripts/setup.sh does)" >&2
  exit 1
fi

for form in host offload; do
  # On the host whether or not a GPU is present, so that the output is the
  # same everywhere (a GPU may contract multiply-adds).
  ACC_DEVICE_TYPE=host "$workdir/$form" >"$workdir/$form.out"
  python3 "$compare" "$workdir/serial.out" "$workdir/$form.out" \
    ${compare_args[@]+"${compare_args[@]}"}
done
