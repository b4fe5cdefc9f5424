#!/usr/bin/env bash
# Installs what is missing, builds tilec, and runs every test: unit tests,
# the runtime's tests, and the lit suite (IR, diagnostics, emitted code,
# drivers, and end-to-end runs on pocl and nvcc builds).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/setup.sh"
cd "$root/build"
ctest --output-on-failure -j"$(nproc)"
