#!/usr/bin/env bash
# Throughput benchmark. Builds a corpus of SIZE_MB (default 1024) from the real hands of
# ../shared/corpus/Stars with fresh hand numbers, then times, printing each command:
#   wc -l (the floor), parse only and parse + audit, and the full pipeline into SQLite, each with
#   one thread and with all cores, and each with peak RSS from /usr/bin/time.
# Usage: bench/run.sh [SIZE_MB [CORPUS_DIR]]
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-1024}
corpus=${2:-/tmp/hhaudit-bench-corpus}
build=build
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)" --target hhaudit hhaudit_gen_corpus hhaudit_parse_bench >/dev/null
if [ ! -d "$corpus" ]; then
  "$build/hhaudit_gen_corpus" "$corpus" "$size" ../shared/corpus/Stars
fi
files=("$corpus"/*.txt)
bytes=$(cat "${files[@]}" | wc -c)
echo "corpus: ${#files[@]} files, $bytes bytes, $(nproc) cores"
cat "${files[@]}" >/dev/null  # warm the page cache: every run below reads from memory

run() {
  echo "+ $*"
  /usr/bin/time -f "  wall %e s, user %U s, sys %S s, peak RSS %M KB" "$@"
}
run wc -l "${files[@]}" | tail -1
for jobs in 1 "$(nproc)"; do
  run "$build/hhaudit_parse_bench" --parse -j "$jobs" "${files[@]}"
  run "$build/hhaudit_parse_bench" --audit -j "$jobs" "${files[@]}"
done
for jobs in 1 "$(nproc)"; do
  rm -f /tmp/hhaudit-bench.db /tmp/hhaudit-bench.db-wal /tmp/hhaudit-bench.db-shm
  run "$build/hhaudit" audit "$corpus" --db /tmp/hhaudit-bench.db -q --fail-on none -j "$jobs"
done
