#!/usr/bin/env bash
# Prepares OUTDIR with two checks of rings in dynamic shared memory for the
# GPU machine (run `bash OUTDIR/run.sh` there):
# - heat3d at 64,8,1,4,4 (53856 bytes a group) against serial, on one
#   slab and on two and three slabs of one GPU (TILEC_DEVICES=0,0 and
#   0,0,0), all exact;
# - heat2d in double at 512,1,1,16 (246720 bytes), translated for a
#   profile that claims 300000 bytes a block: the program must stop at its
#   first launch with the runtime's message (the H100 allows 232448).
#   bench/streaming/dynamic-shared-checks.sh OUTDIR [TILEC]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: dynamic-shared-checks.sh OUTDIR [TILEC]}
tilec=${2:-$root/build/bin/tilec}
rm -rf "$out"
mkdir -p "$out"
cp "$root/bench/build-tilec-cuda.sh" "$root/test/e2e/compare_outputs.py" "$out/"
cp -r "$root/runtime" "$out/runtime"
python3 - "$root/translator/profiles/h100-sxm.json" "$out/more.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p['name'] = 'h100-claims-more-shared'
p['figures']['local_memory_bytes']['value'] = 300000
json.dump(p, open(sys.argv[2], 'w'))
PY
d3='-DNX=250 -DNY=130 -DNZ=67 -DSTEPS=13'
d2='-DNX=2048 -DNY=2048 -DSTEPS=20 -DDATA_TYPE_IS_DOUBLE'
"$tilec" --target=cuda --device=h200 --params=64,8,1,4,4 -o "$out/slabs" \
  "$root/samples/heat3d/heat3d.c" -- $d3
cp "$root/samples/heat3d/heat3d.c" "$out/slabs/serial.c"
"$tilec" --target=cuda --device="$out/more.json" --params=512,1,1,16 \
  -o "$out/over" "$root/samples/heat2d/heat2d.c" -- $d2
cat >"$out/run.sh" <<RUN
#!/usr/bin/env bash
set -uo pipefail
cd "\$(dirname "\$0")"
bash build-tilec-cuda.sh slabs heat3d slabs/program "$d3" -fmad=false >slabs/build.log 2>&1
gcc -O2 -Wno-unknown-pragmas $d3 slabs/serial.c -o slabs/serial -lm
./slabs/serial >slabs/serial.out
for devices in 0 0,0 0,0,0; do
  TILEC_DEVICES=\$devices ./slabs/program >slabs/out-\$devices.txt &&
    echo "slabs on \$devices: \$(python3 compare_outputs.py slabs/serial.out slabs/out-\$devices.txt)"
done
bash build-tilec-cuda.sh over heat2d over/program "$d2 -mcmodel=medium" -fmad=false >over/build.log 2>&1
./over/program >/dev/null
echo "over: exit \$?"
RUN
echo "prepared $out; on the GPU machine: bash $out/run.sh"
