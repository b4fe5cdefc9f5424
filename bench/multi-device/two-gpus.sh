#!/usr/bin/env bash
# Several GPUs (issues 14 and 15): translates heat3d (exchange-heat3d.c, the
# region called twice), heat2d and apsp at sizes for one to two GPUs into
# OUTDIR with a run.sh that runs each on GPU 0 and on GPUs 0,1, printing its
# output's md5 (equal on both) and its timing lines. Two step counts per
# size give the time per step without the transfers: (t(b) - t(a)) / steps.
#   bash bench/multi-device/two-gpus.sh OUTDIR [TILEC]
# Carry OUTDIR to a machine with two GPUs and run `bash OUTDIR/run.sh`.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: two-gpus.sh OUTDIR [TILEC]}
tilec=${2:-$root/build/bin/tilec}
mkdir -p "$out"
cp -r "$root/runtime" "$root/bench/build-tilec-cuda.sh" "$out/"
: >"$out/list.txt"
program() { # NAME SOURCE DEFINES...
  local name=$1 src=$2
  shift 2
  mkdir -p "$out/$name"
  "$tilec" --target=cuda -o "$out/$name" "$root/$src" -- "$@" >/dev/null
  echo "$name|$*" >>"$out/list.txt"
}
program xe512a bench/multi-device/exchange-heat3d.c -DN=512 -DSTEPS=400
program xe512b bench/multi-device/exchange-heat3d.c -DN=512 -DSTEPS=4000
program xe1024a bench/multi-device/exchange-heat3d.c -DN=1024 -DSTEPS=50
program xe1024b bench/multi-device/exchange-heat3d.c -DN=1024 -DSTEPS=500
program h2a samples/heat2d/heat2d.c -DNX=16384 -DNY=16384 -DSTEPS=200
program h2b samples/heat2d/heat2d.c -DNX=16384 -DNY=16384 -DSTEPS=2000
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
    TILEC_DEVICES=$devices $name/program >$name/out.$devices 2>$name/err.$devices
    echo "$name($defines) TILEC_DEVICES=$devices rc=$? md5" \
      "$(md5sum <$name/out.$devices | cut -c1-8):" \
      "$(grep -h time $name/err.$devices | tr '\n' ' ')"
  done
done <list.txt
RUN
echo "prepared $(wc -l <"$out/list.txt") programs in $out"
