# shellcheck shell=bash
# The work directory that check_install.sh and check_deb.sh share with
# check_prefix.sh (sourced, not run). It must lie outside the trees that
# hide_trees.sh covers, or the checks could not see their own files.

# make_work_dir DIR|"" NAME TREE...: sets `work` to DIR (emptied) or to a new
# directory under ${TMPDIR:-/tmp}. A directory made here is removed when the
# script exits with success and kept, for its logs, otherwise.
make_work_dir() {
  local given=$1 name=$2 tree
  shift 2
  if [ -n "$given" ]; then
    rm -rf "$given"
    mkdir -p "$given"
    work=$(realpath "$given")
    work_is_temporary=
  else
    work=$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")
    work=$(realpath "$work")
    work_is_temporary=1
  fi
  for tree in "$@"; do
    case "$work/" in
      "$tree"/*) echo "work directory $work is inside $tree" >&2; exit 2 ;;
    esac
  done
  # shellcheck disable=SC2154 # status is set in the trap itself
  trap 'status=$?
    if [ $status -eq 0 ] && [ -n "$work_is_temporary" ]; then rm -rf "$work"
    elif [ $status -ne 0 ]; then echo "logs kept in $work" >&2; fi' EXIT
}

# copy_checks SRC: what check_prefix.sh runs on, copied out of the source
# tree: the samples the projects refer to (side by side, as ../heat2d and
# ../heat3d; the copies are touched, never the repository's files), the
# output comparison and check_prefix.sh itself.
copy_checks() {
  local src=$1 d
  mkdir -p "$work/samples"
  for d in cmake-project make-project heat2d heat3d; do
    cp -r "$src/samples/$d" "$work/samples/"
  done
  cp "$src/test/e2e/compare_outputs.py" "$src/test/install/check_prefix.sh" \
    "$work/"
}
