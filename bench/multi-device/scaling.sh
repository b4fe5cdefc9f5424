#!/usr/bin/env bash
# Multi-GPU scaling on a machine with several GPUs: translates
# into OUTDIR, for the device profile DEVICE (default h200):
#   strong scaling  heat3d 512^3 and 1024^3 (exchange-heat3d.c, the region
#                   called twice), heat2d 16384^2, apsp n = 16384 and 32768,
#                   each on 1, 2, 4 and 8 GPUs (as many as there are);
#   weak scaling    heat3d 512 x 512 x 512P on P GPUs (weakP);
#   a big grid      big-heat3d.c at 2800^3 fp32 (176 GB in two arrays,
#                   more than one H200 holds), on every GPU count whose
#                   memory holds it: 2 steps checked against the serial
#                   program run once on the host (exact), then 20 steps
#                   timed once;
# and `tilec --explain`'s predicted speed-ups (explain.txt). run.sh runs
# everything with TILEC_STEPS_TIME=1 (the steps without the transfers),
# three runs each, printing each output's md5 (equal on every GPU count)
# and its times; per-step.py turns its log into times per step, speed-ups
# and weak-scaling efficiency.
#   bash bench/multi-device/scaling.sh OUTDIR [TILEC [DEVICE]]
# Carry OUTDIR to the GPU machine and run `bash OUTDIR/run.sh > log` there,
# then `python3 bench/multi-device/per-step.py log`. The big grid needs
# 180 GB of host memory (the program's arrays, then the serial one's) and
# takes a few minutes; run.sh skips it when BIG=0 and runs only it when
# BIG=only.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: scaling.sh OUTDIR [TILEC [DEVICE]]}
tilec=${2:-$root/build/bin/tilec}
device=${3:-h200}
mkdir -p "$out"
cp -r "$root/runtime" "$root/bench/build-tilec-cuda.sh" \
  "$root/bench/multi-device/per-step.py" "$root/test/e2e/compare_outputs.py" \
  "$out/"
: >"$out/list.txt"
: >"$out/explain.txt"
# NAME LISTS SOURCE DEFINES...: LISTS "all" or GPU counts "4"; $options
# (say --assume=...) go to tilec.
program() {
  local name=$1 lists=$2 src=$3
  shift 3
  mkdir -p "$out/$name"
  "$tilec" --target=cuda --device="$device" ${options:-} -o "$out/$name" \
    "$root/$src" -- "$@" >/dev/null
  { echo "== $name ($*${options:+ $options})"
    "$tilec" --target=cuda --device="$device" ${options:-} --explain \
      -o "$out/$name" "$root/$src" -- "$@" | grep -E "chosen:|devices?: " ||
      true
  } >>"$out/explain.txt"
  echo "$name|$lists|$*" >>"$out/list.txt"
}
program strong512 all bench/multi-device/exchange-heat3d.c -DN=512 -DSTEPS=1000
program strong1024 all bench/multi-device/exchange-heat3d.c -DN=1024 -DSTEPS=200
program strong2d all samples/heat2d/heat2d.c -DNX=16384 -DNY=16384 -DSTEPS=1000
for p in 1 2 4 8; do
  program weak$p $p samples/heat3d/heat3d.c -DNX=512 -DNY=512 \
    -DNZ=$((512 * p)) -DSTEPS=200
done
program apsp16k all samples/apsp/apsp.c -DN=16384
program apsp32k all samples/apsp/apsp.c -DN=32768
# Sizes from argv: "nz ny nx steps"; OpenMP for the host's own loops.
options=--assume=nz=2800,ny=2800,nx=2800,steps=20 \
  program big big bench/multi-device/big-heat3d.c -fopenmp
cp "$root/bench/multi-device/big-heat3d.c" "$out/big/serial.c"
cat >"$out/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs what scaling.sh prepared; see there.
cd "$(dirname "$0")"
gpus=$(nvidia-smi -L | wc -l)
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
nvidia-smi topo -m | head -$((gpus + 1))
free -g | head -2
list_of() { # GPU count -> "0,1,...,n-1"
  seq -s, 0 $(($1 - 1))
}
while IFS='|' read -r name lists defines; do
  base=$(basename "$(ls $name/*_tilec.cu)" _tilec.cu)
  nvcc_flags=-fmad=false
  case $defines in *-fopenmp*) nvcc_flags="$nvcc_flags -Xcompiler -fopenmp" ;; esac
  [ -x $name/program ] ||
    (TILEC_RUNTIME=$PWD/runtime bash build-tilec-cuda.sh $name $base \
      $name/program "-mcmodel=medium $defines" "$nvcc_flags" \
      >$name/build.log 2>&1 || echo "$name BUILD FAILED") &
done <list.txt
[ -x big/serial ] || gcc -O3 -fopenmp big/serial.c -o big/serial -lm ||
  echo "big serial BUILD FAILED"
wait
run() { # NAME DEFINES COUNT [ARGS...]
  local name=$1 defines=$2 count=$3
  shift 3
  local devices
  devices=$(list_of $count)
  for run in 1 2 3; do
    TILEC_STEPS_TIME=1 TILEC_DEVICES=$devices $name/program "$@" \
      >$name/out.$count 2>$name/err.$count.$run
    echo "$name($defines${*:+ argv $*}) TILEC_DEVICES=$devices rc=$? md5" \
      "$(md5sum <$name/out.$count | cut -c1-8):" \
      "$(grep -h time $name/err.$count.$run | tr '\n' ' ')"
  done
}
[ "${BIG:-1}" = only ] || while IFS='|' read -r name lists defines; do
  case $lists in
  all)
    for count in 1 2 4 8; do
      [ $count -le $gpus ] && run $name "$defines" $count
    done ;;
  big) ;;
  *) [ $lists -le $gpus ] && run $name "$defines" $lists ;;
  esac
done <list.txt
[ "${BIG:-1}" = 0 ] && exit 0
# The big grid on every GPU count that holds it (88 GB per GPU on two
# H200s), checked after 2 steps against the serial program, then timed.
per_gpu=$(nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits |
  head -1)
for count in 2 4 8; do
  [ $count -le $gpus ] || continue
  [ $((176000 / count + 4000)) -lt $per_gpu ] || continue
  start=$SECONDS
  TILEC_STEPS_TIME=1 TILEC_DEVICES=$(list_of $count) big/program 2800 2800 \
    2800 2 >big/gpu.out 2>big/gpu.err
  echo "big on $count GPUs, 2 steps: rc=$? $((SECONDS - start)) s in all;" \
    "$(tr '\n' ' ' <big/gpu.err)"
  if [ ! -f big/serial.out ]; then
    start=$SECONDS
    ./big/serial 2800 2800 2800 2 >big/serial.out 2>big/serial.err
    echo "big serial on the host, 2 steps: rc=$? $((SECONDS - start)) s in" \
      "all; $(tr '\n' ' ' <big/serial.err)"
  fi
  python3 compare_outputs.py big/serial.out big/gpu.out &&
    echo "big on $count GPUs equals the serial program"
  cat big/gpu.out
  TILEC_STEPS_TIME=1 TILEC_DEVICES=$(list_of $count) big/program 2800 2800 \
    2800 20 >big/out.$count 2>big/err.$count
  echo "big(argv 2800 2800 2800 20) TILEC_DEVICES=$(list_of $count) rc=$? md5" \
    "$(md5sum <big/out.$count | cut -c1-8): $(tr '\n' ' ' <big/err.$count)"
done
RUN
echo "prepared $(wc -l <"$out/list.txt") programs in $out (explain.txt:" \
  "predicted speed-ups)"
