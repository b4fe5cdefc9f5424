#!/usr/bin/env bash
# Builds the Debian package with cpack from a configured build tree and
# checks it: its name, its declared dependencies (dpkg-deb -f), that apt can
# resolve them here (apt-get install -s, a simulation), and its files. Then
# extracts it into a temporary root (dpkg-deb -x) and runs check_prefix.sh
# on ROOT/usr with the source and build trees unreachable (hide_trees.sh):
# heat2d translated by tilec and by tilec-cc, the CMake and Make sample
# projects, each OpenCL program on pocl against its serial build.
#   --build-dir B --source-dir S [--work DIR] --cpack CPACK --cmake CMAKE
#   --cc CC --python PY [--generator G]
set -euo pipefail

build= src= work= cpack=cpack cmake=cmake cc=cc python=python3 generator=Ninja
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build=$2; shift 2 ;;
    --source-dir) src=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --cpack) cpack=$2; shift 2 ;;
    --cmake) cmake=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --python) python=$2; shift 2 ;;
    --generator) generator=$2; shift 2 ;;
    *) echo "check_deb.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for required in build src; do
  if [ -z "${!required}" ]; then
    echo "check_deb.sh: --$required is required" >&2
    exit 2
  fi
done

fail() {
  echo "check_deb.sh: FAIL: $*" >&2
  exit 1
}
step() { echo "== $*"; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$(realpath "$src")
build=$(realpath "$build")
# shellcheck source=test/install/work_dir.sh
source "$here/work_dir.sh"
make_work_dir "$work" tilec-deb "$src" "$build"

step "cpack -G DEB"
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work/package" \
  >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; fail "cpack failed"; }
debs=("$work"/package/tilec_*.deb)
if [ ${#debs[@]} != 1 ] || [ ! -f "${debs[0]}" ]; then
  cat "$work/cpack.log"
  fail "expected one tilec_*.deb, got: ${debs[*]}"
fi
deb=${debs[0]}
field() { dpkg-deb -f "$deb" "$1"; }
# The package names in a relationship field, one a line, alternatives too.
names() { field "$1" | sed 's/[,|]/\n/g' | sed 's/^ *//; s/[ (].*//'; }
version=$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' \
  "$build/CPackConfig.cmake")
[ "$(basename "$deb")" = "tilec_${version}_$(dpkg --print-architecture).deb" ] ||
  fail "package named $(basename "$deb"), not tilec_${version}_<arch>.deb"
if [ "$(field Package)" != tilec ] || [ "$(field Version)" != "$version" ]; then
  fail "control: Package '$(field Package)', Version '$(field Version)'"
fi

step "declared dependencies"
echo "Depends: $(field Depends)"
echo "Recommends: $(field Recommends)"
# Each must be a dependency of its own or one of a group's alternatives.
for p in libclang-cpp19 libllvm19 libclang-common-19-dev libc6-dev gcc \
  ocl-icd-opencl-dev opencl-c-headers libstdc++6 libc6; do
  names Depends | grep -x "$p" >/dev/null || fail "Depends does not name $p"
done
names Recommends | grep -x pocl-opencl-icd >/dev/null ||
  fail "Recommends does not name pocl-opencl-icd"

step "apt can resolve the dependencies (simulated install)"
apt-get install -s "$deb" >"$work/apt.log" 2>&1 ||
  { cat "$work/apt.log"; fail "apt-get install -s failed"; }
grep -Eq "^Inst tilec |tilec is already the newest version" "$work/apt.log" ||
  { cat "$work/apt.log"; fail "apt-get install -s would not install tilec"; }

step "files under /usr"
dpkg-deb -c "$deb" | awk '{ print $NF }' >"$work/contents.txt"
for f in usr/bin/tilec usr/bin/tilec-cc usr/include/tilec/tilec_rt.h \
  usr/include/tilec/tilec_rt_opencl.h usr/lib/libtilec_rt_opencl.a \
  usr/share/tilec/profiles/pocl.json usr/lib/cmake/tilec/tilecConfig.cmake \
  usr/lib/cmake/tilec/tilecTargets.cmake usr/share/doc/tilec/copyright; do
  grep -qx "./$f" "$work/contents.txt" || fail "the package has no /$f"
done
if grep -v '^\./usr/' "$work/contents.txt" | grep -vqx '\./'; then
  fail "files outside /usr: $(grep -v '^\./usr/' "$work/contents.txt" | tr '\n' ' ')"
fi

step "extract into $work/root"
dpkg-deb -x "$deb" "$work/root"
cmp -s "$work/root/usr/share/doc/tilec/copyright" "$src/LICENSE" ||
  fail "the copyright file is not LICENSE"
copy_checks "$src"
bash "$here/hide_trees.sh" "$src" "$build" -- \
  bash "$work/check_prefix.sh" --prefix "$work/root/usr" --work "$work" \
  --cmake "$cmake" --cc "$cc" --python "$python" --generator "$generator" \
  --hidden "$src" --hidden "$build" || fail "see above"
echo "check_deb.sh: all checks passed"
