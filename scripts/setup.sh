#!/usr/bin/env bash
# Installs what tilec needs on Debian 12 (only what is missing), then
# configures and builds it in build/. Sourced by run-main.sh and
# run-tests.sh; safe to run again.
set -euo pipefail

packages=(
  cmake ninja-build g++ python3
  clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools
  zlib1g-dev libzstd-dev libedit-dev
  pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers clinfo
  libgtest-dev
  # cpack -G DEB (scripts/build-deb.sh, test install.deb): dpkg-shlibdeps
  # (dpkg-dev) and file find the shared libraries the binaries need.
  dpkg-dev file
  # tilec-cc's tests: a C compiler given as a command (CC="ccache gcc") and
  # an MPI compiler wrapper (CC=mpicc).
  ccache openmpi-bin libopenmpi-dev
  # The OpenACC samples: gcc -fopenacc alone runs them on the host; the nvptx
  # offload compiler keeps their GPU build checked (test/lit/openacc).
  gcc-12-offload-nvptx
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "tilec setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
fi

if [ ! -x /usr/local/cuda/bin/nvcc ] && ! command -v nvcc >/dev/null; then
  echo "tilec setup: note: no CUDA toolkit (nvcc) found; CUDA output can" \
    "be produced but not compiled, and the CUDA tests will fail" >&2
fi

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build"
