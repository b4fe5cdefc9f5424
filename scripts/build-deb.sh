#!/usr/bin/env bash
# Builds the Debian package tilec_<version>_<arch>.deb (settings in
# cmake/Packaging.cmake): installs what is missing and builds tilec in
# build/ (setup.sh), then runs cpack. The package goes to OUTDIR, default
# build/deb; install it with `sudo apt-get install ./tilec_*.deb`, which
# also installs what it depends on.
#   build-deb.sh [OUTDIR]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/setup.sh"
out=$(realpath -m "${1:-$root/build/deb}")
cpack -G DEB --config "$root/build/CPackConfig.cmake" -B "$out"
# cpack stages the install in OUTDIR/_CPack_Packages; only the .deb is kept.
rm -rf "$out/_CPack_Packages"
ls "$out"/tilec_*.deb
