#!/usr/bin/env bash
# Runs a command with directories made unreachable: in a private mount
# namespace, each DIR is covered by an empty read-only tmpfs, so the command
# and everything it starts see DIR empty while the rest of the system (and
# every other process) is unchanged. The install tests run the installed
# tools this way, so that a tool still reading the source or build tree
# fails instead of passing because the trees happen to be there.
#   hide_trees.sh DIR... -- COMMAND [ARG...]
# COMMAND runs in /, and must not live under a DIR. Exits 2 when DIRs cannot be hidden
# (needs root, or unprivileged user namespaces): the checks must not run
# with the trees visible and pass.
set -euo pipefail

dirs=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  [ -d "$1" ] || { echo "hide_trees.sh: not a directory: $1" >&2; exit 2; }
  dirs+=("$(realpath "$1")")
  shift
done
if [ $# -lt 2 ] || [ ${#dirs[@]} -eq 0 ]; then
  echo "usage: hide_trees.sh DIR... -- COMMAND [ARG...]" >&2
  exit 2
fi
shift

# Root needs only a mount namespace; anyone else also a user namespace, in
# which they may mount.
unshare_args=(--mount --propagation private)
[ "$(id -u)" -eq 0 ] || unshare_args+=(--map-root-user)

# The deepest directory first: one inside another (build/ in the source
# tree) would vanish under the outer one's mount before it could be covered.
# shellcheck disable=SC2016 # expanded by the inner shell
inner='set -euo pipefail
n=$1
shift
dirs=("${@:1:n}")
shift "$n"
while IFS= read -r d; do
  mount -t tmpfs -o ro,size=4k,mode=0555 tilec-hidden "$d" ||
    { echo "hide_trees.sh: cannot mount over $d" >&2; exit 2; }
done < <(printf "%s\n" "${dirs[@]}" | awk "{ print length(), \$0 }" |
         sort -rn | cut -d" " -f2-)
for d in "${dirs[@]}"; do
  if [ -e "$d" ] && [ -n "$(ls -A "$d")" ]; then
    echo "hide_trees.sh: $d is still visible" >&2
    exit 2
  fi
done
# A working directory inside a DIR would still reach it by relative paths.
cd /
exec "$@"'
exec unshare "${unshare_args[@]}" bash -c "$inner" hide_trees.sh \
  "${#dirs[@]}" "${dirs[@]}" "$@"
