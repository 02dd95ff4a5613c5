#!/usr/bin/env bash
# Builds one libFuzzer target with clang (ASan + UBSan, own build folder) and fuzzes it.
# Usage: fuzz/run.sh TARGET SECONDS [LIBFUZZER_ARGS...]
#   TARGET: decode, split, audit, limits, or a readable format's name (`hhaudit sites`): the formats share
#   one binary, fuzz_site, told the format by HH_FUZZ_FORMAT.
# Environment: FUZZ_BUILD_DIR (default build-fuzz), CXX_CLANG (default clang++, or clang++-14),
# FUZZ_CORPUS_DIR (default $FUZZ_BUILD_DIR/corpus/TARGET).
# The corpus the fuzzer grows is kept in $FUZZ_BUILD_DIR/corpus/TARGET between runs; seeds are
# copied from the shared corpus (fuzz/seed.sh) into $FUZZ_BUILD_DIR/seeds/TARGET on first use.
# A crash, leak or UB report leaves its input in $FUZZ_BUILD_DIR/artifacts/TARGET/ and exits
# non-zero; replay it with: $FUZZ_BUILD_DIR/fuzz_TARGET FILE (a format's: HH_FUZZ_FORMAT=NAME
# $FUZZ_BUILD_DIR/fuzz_site FILE)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target=${1:?usage: fuzz/run.sh TARGET SECONDS}
seconds=${2:?usage: fuzz/run.sh TARGET SECONDS}
shift 2
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
cxx=${CXX_CLANG:-}
if [[ -z $cxx ]]; then
  for c in clang++ clang++-14; do
    if command -v "$c" >/dev/null; then cxx=$c; break; fi
  done
fi
[[ -n $cxx ]] || { echo "fuzz/run.sh: clang++ not found (apt-get install clang libclang-rt-14-dev)" >&2; exit 3; }
cc=${cxx/clang++/clang}

if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHHAUDIT_FUZZ=ON \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc" >/dev/null
fi
case $target in
  decode | split | audit | limits) binary=fuzz_$target ;;
  *) binary=fuzz_site; export HH_FUZZ_FORMAT=$target ;;
esac
# hhaudit too: fuzz/seed.sh asks it where a format's samples are (`hhaudit sites --samples`).
cmake --build "$build" --target "$binary" hhaudit -j"$(nproc)"

if [[ ! -d $build/seeds/$target ]]; then
  HHAUDIT_BIN=$build/hhaudit bash "$root/fuzz/seed.sh" "$target" "$build/seeds/$target"
fi
corpus_dir=${FUZZ_CORPUS_DIR:-$build/corpus/$target}
mkdir -p "$corpus_dir" "$build/artifacts/$target"
# Inputs up to 64 KB, like the seeds; a hand that takes over 10 s or 2 GB is a bug too.
exec "$build/$binary" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
  -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$build/artifacts/$target/" "$@" \
  "$corpus_dir" "$build/seeds/$target"
