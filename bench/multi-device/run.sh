#!/usr/bin/env bash
# On the GPU machine, in the directory prepare.sh wrote: every program of
# check.txt once as it is and on two and three slabs of the GPU
# (TILEC_DEVICES=0,0 and 0,0,0, or the lists in DEVICE_LISTS, such as
# "0,1 0,1,0" on two GPUs), CUDA and OpenCL, against serial, each with
# TILEC_PROFILE (copies one at a time; it counts them) and without
# (copies side by side, overlapping the launches that follow them); a
# few two-slab runs under compute-sanitizer memcheck and racecheck; the
# runtime's own slab test; then the kernel times of time.txt, twice, with
# the baseline's beside them when prepared, and the region times of the
# xe-* programs on 1, 2 and 4 slabs. Exits non-zero if any run differs.
set -uo pipefail
cd "$(dirname "$0")"
(cd check && bash run.sh >run.log 2>&1; grep -E "program|failed" run.log)
fail=0
while read -r name source args compare defines; do
  d=check/$name
  cargs=()
  [ "$compare" != - ] && IFS=, read -ra cargs <<<"$compare"
  for devices in ${DEVICE_LISTS:-0,0 0,0,0}; do
    for p in program program-opencl; do
      for profile in 1 0; do
        out=$d/$p.$devices.$profile
        if [ $profile = 1 ]; then
          TILEC_DEVICES=$devices TILEC_PROFILE=1 $d/$p >$out.out 2>$out.err
        else
          TILEC_DEVICES=$devices $d/$p >$out.out 2>$out.err
        fi
        if result=$(python3 check/compare_outputs.py $d/serial.out \
          $out.out ${cargs[@]+"${cargs[@]}"}); then :; else
          fail=$((fail + 1))
          tail -3 $out.err
        fi
        exchanges=$(grep '\[exchange\]' $out.err |
          sed 's/.*: \([0-9]* transfers\).*/\1/')
        echo "$name $p TILEC_DEVICES=$devices TILEC_PROFILE=$profile:" \
          "$result (${exchanges:-none})"
      done
    done
  done
done <check/programs.txt
echo "multi-slab failures: $fail"
sanitizer=/usr/local/cuda/bin/compute-sanitizer
for name in md-heat3d-small md-fdtd-small md-himeno-small md-apsp-small; do
  for tool in memcheck racecheck; do
    TILEC_DEVICES=0,0 $sanitizer --tool $tool --error-exitcode 9 \
      check/$name/program >/dev/null 2>cs-$name-$tool.txt
    echo "compute-sanitizer $tool, $name on 2 slabs: rc=$?"
  done
done
nvcc -arch=sm_90 -Icheck/runtime/include cuda_compile_test.cu \
  check/runtime/src/tilec_rt_cuda.c -o runtime_test &&
  for devices in 0 0,0 0,0,0; do
    TILEC_DEVICES=$devices ./runtime_test 2>&1 | grep -v "tilec profile"
  done
for pass in 1 2; do
  for v in old new; do
    [ -d time-$v ] || continue
    (cd time-$v && bash run.sh >run$pass.log 2>&1
      grep "kernel time" run$pass.log | sed "s/^/$v /")
  done
done
# The exchanges: the region's time (exchange-heat3d.c's second call,
# transfers included, no profiling so that the copies run side by side) on
# 1, 2 and 4 slabs of the GPU, five runs each, baseline and new.
for name in xe-128 xe-256; do
  for devices in 0 0,0 0,0,0,0; do
    for v in old new; do
      [ -x time-$v/$name/program ] || continue
      times=$(for run in 1 2 3 4 5; do
        TILEC_DEVICES=$devices time-$v/$name/program 2>&1 >/dev/null |
          sed -n 's/^call 2 time \([0-9.]*\) ms/\1/p'
      done | tr '\n' ' ')
      echo "exchange $v $name TILEC_DEVICES=$devices: ${times}ms"
    done
  done
done
exit $((fail > 0))
