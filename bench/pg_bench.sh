#!/usr/bin/env bash
# Writers into PostgreSQL next to SQLite (docs/performance.md, docs/scale-out.md). Builds the
# corpus bench/run.sh builds (SIZE_MB, default 64, of PokerStars hands with fresh numbers, in
# 64 MB files: at least one file a writer, so pass SIZE_MB >= 64 * the largest WRITERS), starts a
# throwaway server (tests/pg_server.sh), and times `hhaudit audit -j 1`:
#   into SQLite; into PostgreSQL with one writer; then with W writers at once (W in WRITERS,
#   default "2 4"), each given the whole corpus and --shard K/W, into one fresh database, then
#   one `hhaudit integrity -j 1` (the signals across hands a run without --shard computes at its
#   end, left by shards to one computation after the last: docs/scale-out.md), timed with them.
# Prints hands/s for each. Usage: bench/pg_bench.sh [SIZE_MB [CORPUS_DIR]]
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-64}
corpus=${2:-/tmp/hhaudit-pg-bench-corpus}
writers=${WRITERS:-2 4}
build=build
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j2 --target hhaudit hhaudit_gen_corpus >/dev/null
if [ ! -d "$corpus" ]; then
  "$build/hhaudit_gen_corpus" "$corpus" "$size" ../shared/corpus/Stars >/dev/null
fi
cat "$corpus"/*.txt >/dev/null  # warm the page cache
work=$(mktemp -d /tmp/hhaudit-pg-bench.XXXXXX)
chmod 755 "$work"  # the server account (tests/pg_server.sh) must reach its folder in it
server=$work/server
trap 'bash tests/pg_server.sh stop "$server"; rm -rf "$work"' EXIT
url=$(bash tests/pg_server.sh start "$server")
base=${url%/*}/
fresh() {  # NAME: a new empty database, its URL
  psql -q "$url" -c "CREATE DATABASE $1" >/dev/null
  echo "${base}$1"
}
hands_of() { psql -tA "$1" -c "SELECT count(*) FROM hands"; }
timed() {  # label, command...: prints label, seconds
  local label=$1
  shift
  local start end
  start=$(date +%s.%N)
  "$@"
  end=$(date +%s.%N)
  echo "$label $(echo "$end - $start" | bc)"
}
audit() { "$build/hhaudit" audit -q --fail-on none -j 1 "$@" >/dev/null; }
report() {  # label, seconds, hands
  echo "$1: $3 hands in $2 s: $(echo "$3 / $2" | bc) hands/s"
}

read -r _ s < <(timed sqlite audit "$corpus" --db "$work/bench.db")
report "SQLite, 1 writer" "$s" "$(sqlite3 "$work/bench.db" 'SELECT count(*) FROM hands' 2>/dev/null ||
  "$build/hhaudit" query --db "$work/bench.db" --format csv 'SELECT count(*) FROM hands' | tail -1)"
db=$(fresh writers1)
read -r _ s < <(timed pg1 audit "$corpus" --db "$db")
report "PostgreSQL, 1 writer" "$s" "$(hands_of "$db")"
for w in $writers; do
  db=$(fresh "writers$w")
  # The schema first, so that the writers time their hands, not its creation.
  "$build/hhaudit" audit -q --db "$db" /dev/null >/dev/null 2>&1 || true
  all() {
    for k in $(seq 1 "$w"); do audit "$corpus" --db "$db" --shard "$k/$w" & done
    wait
    "$build/hhaudit" integrity -j 1 --db "$db" >/dev/null
  }
  read -r _ s < <(timed "pg$w" all)
  report "PostgreSQL, $w writers (--shard K/$w)" "$s" "$(hands_of "$db")"
done
