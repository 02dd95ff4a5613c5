#!/usr/bin/env bash
# `hhaudit query` at scale (docs/reliability.md, "Read-only queries"): the time of scripts of many
# statements ("SELECT 1;" N times, N in STATEMENTS, default "80000 120000 200000") and the peak
# memory (GNU time's maximum RSS) and time of one result of ROWS rows (default 3,000,000) written
# as CSV, on SQLite and, with PG=1, on a throwaway PostgreSQL server (tests/pg_server.sh).
# Usage: bench/query_scale.sh [HHAUDIT]   (default build/hhaudit, built first if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/hhaudit}
statements=${STATEMENTS:-80000 120000 200000}
rows=${ROWS:-3000000}
[[ -x $bin ]] || cmake --build build -j2 --target hhaudit >/dev/null
work=$(mktemp -d /tmp/hhaudit-query-scale.XXXXXX)
chmod 755 "$work"
server=$work/server
cleanup() {
  [[ -d $server ]] && bash tests/pg_server.sh stop "$server"
  rm -rf "$work"
}
trap cleanup EXIT
"$bin" audit testdata/sample --db "$work/q.db" -q >/dev/null 2>&1 || true
dbs=("$work/q.db")
if [[ ${PG:-0} == 1 ]]; then
  url=$(bash tests/pg_server.sh start "$server")
  "$bin" audit testdata/sample --db "$url" -q >/dev/null 2>&1 || true
  dbs+=("$url")
fi
many_rows="WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT $rows) \
SELECT x, 'row ' || x AS label FROM c"
for db in "${dbs[@]}"; do
  store=sqlite
  [[ $db == postgresql://* ]] && store=postgresql
  [[ $store == postgresql ]] &&
    many_rows="SELECT x, 'row ' || x AS label FROM generate_series(1, $rows) AS x"
  for n in $statements; do
    awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) print "SELECT 1;" }' >"$work/many.sql"
    /usr/bin/time -f '%e %M' -o "$work/time" "$bin" query --db "$db" --format csv \
      -f "$work/many.sql" >/dev/null
    read -r secs kb <"$work/time"
    printf '%-10s %8d statements   %7.2f s  %7d KB max RSS\n' "$store" "$n" "$secs" "$kb"
  done
  /usr/bin/time -f '%e %M' -o "$work/time" "$bin" query --db "$db" --format csv "$many_rows" |
    tail -n 1 >"$work/last"
  read -r secs kb <"$work/time"
  printf '%-10s %8d rows (csv)   %7.2f s  %7d KB max RSS  (last row: %s)\n' "$store" "$rows" \
    "$secs" "$kb" "$(cat "$work/last")"
done
