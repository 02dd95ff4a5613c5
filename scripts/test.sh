#!/usr/bin/env bash
# Builds hhaudit and runs the whole test suite with ctest. BUILD_DIR and extra CMake arguments
# (e.g. -DHHAUDIT_SANITIZE=ON) may be given: scripts/test.sh [BUILD_DIR [CMAKE_ARGS...]].
# HHAUDIT_CTEST_EXCLUDE (a ctest -E regex) leaves tests out: CI's sanitizer build skips the ones
# that only drive external processes the Release run already covers (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build_dir=${1:-build}
shift || true
# Ninja for a new build folder (it schedules the long grammar units better than make); a folder
# configured before keeps its generator.
generator=()
[[ -f $build_dir/CMakeCache.txt ]] || generator=(-G Ninja)
cmake -S . -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$build_dir" -j"$(nproc)"
exclude=()
[[ -n ${HHAUDIT_CTEST_EXCLUDE:-} ]] && exclude=(-E "$HHAUDIT_CTEST_EXCLUDE")
ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)" "${exclude[@]}"
