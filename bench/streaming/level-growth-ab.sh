#!/usr/bin/env bash
# Prepares DIR/new and DIR/old (bench/c-output directories of
# level-growth-2d.txt) and DIR/ab.sh: new translated by TILEC as it is, old
# by the same TILEC given the h200 profile without stream_level_ps_2d,
# stream_fused_level_ps_2d and stream_level_group_growth_2d (the figures
# before 2026-11-27: every further step 0.8 ps whatever the kernel and the
# group's width). Prints both sides' choices. On the GPU machine: bash DIR/ab.sh DIR [PASSES].
#   bench/streaming/level-growth-ab.sh DIR [TILEC]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir=${1:?usage: level-growth-ab.sh DIR [TILEC]}
tilec=$(realpath "${2:-$root/build/bin/tilec}")
list=$here/level-growth-2d.txt
rm -rf "$dir"
mkdir -p "$dir"
dir=$(realpath "$dir")
python3 - "$root/translator/profiles/h200.json" "$dir/h200-old.json" <<'PY'
import json, sys
profile = json.load(open(sys.argv[1]))
for key in ("stream_level_ps_2d", "stream_fused_level_ps_2d",
            "stream_level_group_growth_2d"):
    del profile["figures"][key]
json.dump(profile, open(sys.argv[2], "w"), indent=1)
PY
# The old side: the same tilec, the old profile in place of --device=h200.
cat >"$dir/tilec-old" <<SH
#!/usr/bin/env bash
args=()
for a in "\$@"; do
  [ "\$a" = --device=h200 ] && a=--device=$dir/h200-old.json
  args+=("\$a")
done
exec "$tilec" "\${args[@]}"
SH
chmod +x "$dir/tilec-old"
bash "$root/bench/c-output/prepare.sh" "$dir/new" "$tilec" "$list"
bash "$root/bench/c-output/prepare.sh" "$dir/old" "$dir/tilec-old" "$list"
cp "$root/bench/multi-stage/ab.sh" "$dir/"
# The vector TILEC ($1) chooses for the program being read below.
pick() {
  # shellcheck disable=SC2086
  "$1" --target=cuda --device=h200 --dump-params ${extra[@]+"${extra[@]}"} \
    -o "$dir/scratch" "$root/$source" -- $defines | grep -v '^[#;]' | tr '\n' ' '
}
echo "# choices (h200 profile): NAME old -> new"
grep -v '^#' "$list" | while read -r name source tilec_args compare defines; do
  [ "$tilec_args" = - ] || [[ "$tilec_args" == --assume* ]] || continue
  extra=()
  [ "$tilec_args" != - ] && extra=("$tilec_args")
  echo "$name $(pick "$dir/tilec-old") -> $(pick "$tilec")"
done
rm -rf "$dir/scratch"
