#!/usr/bin/env bash
# Several GPUs: translates heat3d (exchange-heat3d.c, the
# region called twice), heat2d, jacobi2d and apsp at sizes for one to two
# GPUs into OUTDIR with a run.sh that runs each three times on GPU 0 and on
# GPUs 0,1 with TILEC_STEPS_TIME=1, printing its output's md5 (equal on
# both) and its timing lines: the steps' wall time without the transfers
# in and out. `python3 bench/multi-device/per-step.py LOG` prints the time
# per step (the fastest run) and the speed-up.
# With BASELINE_TILEC, each program is also translated by it (NAME-old),
# and run.sh runs the two one after the other (the runtime is this
# checkout's: it must still serve the baseline's code).
#   bash bench/multi-device/two-gpus.sh OUTDIR [TILEC [BASELINE_TILEC]]
# Carry OUTDIR to a machine with two GPUs and run `bash OUTDIR/run.sh`.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: two-gpus.sh OUTDIR [TILEC [BASELINE_TILEC]]}
tilec=${2:-$root/build/bin/tilec}
baseline=${3:-}
mkdir -p "$out"
cp -r "$root/runtime" "$root/bench/build-tilec-cuda.sh" "$out/"
: >"$out/list.txt"
program() { # NAME SOURCE DEFINES...
  local name=$1 src=$2
  shift 2
  mkdir -p "$out/$name"
  "$tilec" --target=cuda -o "$out/$name" "$root/$src" -- "$@" >/dev/null
  echo "$name|$*" >>"$out/list.txt"
  if [ -n "$baseline" ]; then
    mkdir -p "$out/$name-old"
    "$baseline" --target=cuda -o "$out/$name-old" "$root/$src" -- "$@" \
      >/dev/null
    echo "$name-old|$*" >>"$out/list.txt"
  fi
}
program xe512 bench/multi-device/exchange-heat3d.c -DN=512 -DSTEPS=1000
program xe1024 bench/multi-device/exchange-heat3d.c -DN=1024 -DSTEPS=200
program h2 samples/heat2d/heat2d.c -DNX=16384 -DNY=16384 -DSTEPS=1000
program j2 samples/jacobi2d/jacobi2d.c -DN=16384 -DSTEPS=500
baseline= # apsp: this tilec only
program apsp samples/apsp/apsp.c -DN=16384
cat >"$out/run.sh" <<'RUN'
#!/usr/bin/env bash
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
nvidia-smi topo -m | head -3
while IFS='|' read -r name defines; do
  base=$(basename "$(ls $name/*_tilec.cu)" _tilec.cu)
  (TILEC_RUNTIME=$PWD/runtime bash build-tilec-cuda.sh $name $base \
    $name/program "-mcmodel=medium $defines" -fmad=false >$name/build.log 2>&1 ||
    echo "$name BUILD FAILED") &
done <list.txt
wait
while IFS='|' read -r name defines; do
  for devices in 0 0,1; do
    for run in 1 2 3; do
      TILEC_STEPS_TIME=1 TILEC_DEVICES=$devices $name/program \
        >$name/out.$devices 2>$name/err.$devices.$run
      echo "$name($defines) TILEC_DEVICES=$devices rc=$? md5" \
        "$(md5sum <$name/out.$devices | cut -c1-8):" \
        "$(grep -h time $name/err.$devices.$run | tr '\n' ' ')"
    done
  done
done <list.txt
RUN
echo "prepared $(wc -l <"$out/list.txt") programs in $out"
