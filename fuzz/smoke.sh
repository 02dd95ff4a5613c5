#!/usr/bin/env bash
# CI smoke run: builds every fuzz target with clang and fuzzes each for a few seconds
# (FUZZ_SMOKE_SECONDS, default 10), from the seeds only, so that a target that no longer builds
# or crashes on the first mutations is caught. Skips (exit 0) with a message when clang or
# libFuzzer is missing. Exits non-zero on any crash, leak or UB report.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${FUZZ_SMOKE_SECONDS:-10}

cxx=""
for c in clang++ clang++-14; do
  if command -v "$c" >/dev/null; then cxx=$c; break; fi
done
if [[ -z $cxx ]]; then
  echo "fuzz/smoke.sh: SKIPPED: clang++ not found (HHAUDIT_FUZZ=1 scripts/install-deps.sh installs it)"
  exit 0
fi
# libFuzzer ships in compiler-rt (libclang-rt-14-dev on Debian 12): probe it with a one-liner.
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
echo 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }' \
  >"$probe/p.cpp"
if ! "$cxx" -fsanitize=fuzzer,address,undefined "$probe/p.cpp" -o "$probe/p" 2>/dev/null; then
  echo "fuzz/smoke.sh: SKIPPED: $cxx cannot link libFuzzer (install libclang-rt-14-dev)"
  exit 0
fi

export FUZZ_BUILD_DIR=${FUZZ_BUILD_DIR:-$root/build-fuzz}
export CXX_CLANG=$cxx
if [[ ! -f $FUZZ_BUILD_DIR/CMakeCache.txt ]]; then
  cmake -S "$root" -B "$FUZZ_BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHHAUDIT_FUZZ=ON \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="${cxx/clang++/clang}" >/dev/null
fi
cmake --build "$FUZZ_BUILD_DIR" --target fuzz_targets hhaudit -j"$(nproc)"
# Every readable format of the registry (`hhaudit sites`), so that a new format is fuzzed here
# without a list to edit.
mapfile -t formats < <("$FUZZ_BUILD_DIR/hhaudit" sites --format csv | awk -F, 'NR > 1 && $3 == "yes" {print $1}')
((${#formats[@]})) || { echo "fuzz/smoke.sh: hhaudit sites listed no readable format"; exit 1; }
targets=(decode split "${formats[@]}" audit limits)

failed=()
for t in "${targets[@]}"; do
  log=$FUZZ_BUILD_DIR/smoke-$t.log
  # A fresh corpus folder each time: the smoke run must not depend on earlier runs.
  rm -rf "$FUZZ_BUILD_DIR/corpus-smoke/$t"
  mkdir -p "$FUZZ_BUILD_DIR/corpus-smoke/$t"
  if FUZZ_CORPUS_DIR="$FUZZ_BUILD_DIR/corpus-smoke/$t" bash "$root/fuzz/run.sh" "$t" "$seconds" \
      >"$log" 2>&1; then
    echo "fuzz/smoke.sh: $t ok: $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') runs in ${seconds}s"
  else
    echo "fuzz/smoke.sh: $t FAILED, last lines of $log:"
    tail -40 "$log"
    failed+=("$t")
  fi
done
if ((${#failed[@]})); then
  echo "fuzz/smoke.sh: failed: ${failed[*]}"
  exit 1
fi
echo "fuzz/smoke.sh: all ${#targets[@]} targets ran ${seconds}s without a finding"
