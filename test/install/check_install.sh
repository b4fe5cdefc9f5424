#!/usr/bin/env bash
# Installs tilec into a fresh prefix outside the source and build trees,
# then runs check_prefix.sh on it with both trees unreachable
# (hide_trees.sh): the installed tools, the example user projects
# (samples/cmake-project, samples/make-project) and their programs on pocl
# must work from the prefix alone. With --nvcc, the CUDA variants are
# compiled too.
#   --build-dir B --source-dir S [--work DIR] --cmake CMAKE --cc CC
#   --python PY [--generator G] [--nvcc NVCC]
# Without --work, a new directory under ${TMPDIR:-/tmp} is used, removed
# when every check passed and kept (its path printed) otherwise.
set -euo pipefail

build= src= work= cmake=cmake cc=cc python=python3 generator=Ninja nvcc=
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build=$2; shift 2 ;;
    --source-dir) src=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --cmake) cmake=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --python) python=$2; shift 2 ;;
    --generator) generator=$2; shift 2 ;;
    --nvcc) nvcc=$2; shift 2 ;;
    *) echo "check_install.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for required in build src; do
  if [ -z "${!required}" ]; then
    echo "check_install.sh: --$required is required" >&2
    exit 2
  fi
done

fail() {
  echo "check_install.sh: FAIL: $*" >&2
  exit 1
}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$(realpath "$src")
build=$(realpath "$build")
# shellcheck source=test/install/work_dir.sh
source "$here/work_dir.sh"
make_work_dir "$work" tilec-install "$src" "$build"

prefix="$work/prefix"
echo "== install into $prefix"
"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log" ||
  { cat "$work/install.log"; fail "cmake --install failed"; }
copy_checks "$src"

checks=(--prefix "$prefix" --work "$work" --cmake "$cmake" --cc "$cc"
  --python "$python" --generator "$generator" --hidden "$src"
  --hidden "$build")
[ -z "$nvcc" ] || checks+=(--nvcc "$nvcc")
bash "$here/hide_trees.sh" "$src" "$build" -- \
  bash "$work/check_prefix.sh" "${checks[@]}" || fail "see above"
echo "check_install.sh: all checks passed"
