# Sourced by sweep.sh and sweep-fp64.sh: emit NAME SOURCE PARAMS DEFINES...
# prints one bench/c-output programs line (kernel time only) for the
# program translated with --params=PARAMS (or tilec's own choice where
# PARAMS is "auto"), if tilec accepts that vector.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tilec=${TILEC:-$root/build/bin/tilec}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
emit() {
  local name=$1 src=$2 params=$3 args=()
  shift 3
  [ "$params" = auto ] || args=(--params="$params")
  if "$tilec" --target=cuda ${args[@]+"${args[@]}"} --dump-params \
    -o "$scratch" "$root/$src" -- "$@" >/dev/null 2>&1; then
    echo "$name $src ${args[0]:--} time $*"
  fi
}
