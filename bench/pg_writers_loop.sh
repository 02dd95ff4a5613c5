#!/usr/bin/env bash
# Three writers on overlapping inputs into one PostgreSQL server, RUNS times (docs/scale-out.md):
# each run audits CORPUS_DIR's folders with three `hhaudit audit` at once (each every folder, in
# its own order: as listed, reversed, rotated by half) into a fresh database, and is compared with
# one single-writer run: every writer exits 0, and the same hands and the same findings by key
# (site, hand number or digest, code, fields, related hand) are stored.
# Usage: bench/pg_writers_loop.sh [RUNS [CORPUS_DIR]]   (default 20 runs of ../shared/corpus)
# HHAUDIT: the binary (default build/hhaudit); PG_URL: a server's postgres database to use instead
# of a throwaway one (tests/pg_server.sh). Prints one line a run and the tally; exits 1 on any
# difference, keeping the differing run's dumps (their folder is printed).
# Hands whose number two files give different texts (hand_conflicts) are stored as whichever
# writer came first wrote them: their findings may differ between runs (docs/scale-out.md), so
# they are compared by number only; the tally says how many such hands there were.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
corpus=${2:-../shared/corpus}
bin=${HHAUDIT:-build/hhaudit}
work=$(mktemp -d /tmp/hhaudit-writers-loop.XXXXXX)
chmod 755 "$work"  # the server account (tests/pg_server.sh) must reach its folder in it
keep=""
cleanup() {
  [[ -z ${PG_URL:-} ]] && bash tests/pg_server.sh stop "$work/server"
  [[ -z $keep ]] && rm -rf "$work"
  return 0
}
trap cleanup EXIT
url=${PG_URL:-$(bash tests/pg_server.sh start "$work/server")}
base=${url%/*}/

mapfile -t folders < <(find "$corpus" -mindepth 1 -maxdepth 1 -type d | sort)
n=${#folders[@]}
reversed=()
rotated=()
for ((i = n - 1; i >= 0; --i)); do reversed+=("${folders[i]}"); done
for ((i = 0; i < n; ++i)); do rotated+=("${folders[(i + n / 2) % n]}"); done

fresh() {  # NAME: a new empty database, its URL
  psql -q "$url" -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1" >/dev/null
  echo "${base}$1"
}
audit() {  # DB OUT PATH...: one writer; its output to OUT, its exit code in OUT.rc
  local db=$1 out=$2
  shift 2
  local rc=0
  "$bin" audit --fail-on none --db "$db" "$@" >"$out" 2>&1 || rc=$?
  echo "$rc" >"$out.rc"
}
# The hands (key, digest) and the findings by key of DB into DIR/hands, DIR/findings, sorted
# byte by byte; DIR/conflicted: the keys of hands with a conflicting copy.
dump() {
  local db=$1 dir=$2
  mkdir -p "$dir"
  local key="h.site || '/' || COALESCE(h.site_hand_id, 'sha:' || h.content_sha256)"
  psql -tA -F '|' "$db" -c "SELECT $key, h.content_sha256 FROM hands h" | LC_ALL=C sort >"$dir/hands"
  psql -tA -F '|' "$db" -c "SELECT DISTINCT site || '/' || site_hand_id FROM hand_conflicts" |
    LC_ALL=C sort >"$dir/conflicted"
  psql -tA -F '|' "$db" -c "SELECT $key, d.code, d.severity, d.street, d.seat, d.player,
      d.expected, d.actual, d.message, r.site || '/' || COALESCE(r.site_hand_id, r.content_sha256)
      FROM discrepancies d JOIN hands h ON h.hand_id = d.hand_id
      LEFT JOIN hands r ON r.hand_id = d.related_hand_id
      UNION ALL SELECT 'tournament ' || t.site || '/' || COALESCE(t.tournament_id, ''), f.code,
      f.severity, NULL, NULL, f.player, NULL, NULL, f.message, NULL
      FROM tournament_findings f JOIN tournaments t USING (tournament_row_id)" |
    LC_ALL=C sort >"$dir/findings"
}
# Lines of FILE whose first field is not a key of CONFLICTED.
unconflicted() { awk -F'|' 'NR == FNR { c[$0] = 1; next } !($1 in c)' "$1" "$2"; }

one=$(fresh loop_one)
audit "$one" "$work/one.out" "${folders[@]}"
[[ $(cat "$work/one.out.rc") == 0 ]] || { cat "$work/one.out" >&2; exit 1; }
dump "$one" "$work/one"
echo "one writer: $(wc -l <"$work/one/hands") hands, $(wc -l <"$work/one/findings") findings"

failed=0
for run in $(seq 1 "$runs"); do
  db=$(fresh loop_run)
  dir=$work/run$run
  mkdir -p "$dir"
  start=$(date +%s.%N)
  audit "$db" "$dir/w1.out" "${folders[@]}" &
  audit "$db" "$dir/w2.out" "${reversed[@]}" &
  audit "$db" "$dir/w3.out" "${rotated[@]}" &
  wait
  seconds=$(echo "$(date +%s.%N) - $start" | bc)
  dump "$db" "$dir"
  problems=()
  for w in 1 2 3; do
    rc=$(cat "$dir/w$w.out.rc")
    [[ $rc == 0 ]] || problems+=("writer $w exit $rc: $(tail -1 "$dir/w$w.out")")
  done
  cut -d'|' -f1 "$dir/hands" | cmp -s - <(cut -d'|' -f1 "$work/one/hands") ||
    problems+=("hands differ")
  cat "$work/one/conflicted" "$dir/conflicted" | LC_ALL=C sort -u >"$dir/all_conflicted"
  if ! cmp -s <(unconflicted "$dir/all_conflicted" "$dir/findings") \
    <(unconflicted "$dir/all_conflicted" "$work/one/findings"); then
    problems+=("findings differ: $(diff <(unconflicted "$dir/all_conflicted" "$work/one/findings") \
      <(unconflicted "$dir/all_conflicted" "$dir/findings") | grep -c '^[<>]') lines")
  fi
  same_conflicted=$(cmp -s "$dir/findings" "$work/one/findings" && echo "all" || echo "not all")
  retries=$(cat "$dir"/w?.out | { grep -o '^[0-9]* transactions retried' || true; } |
    awk '{s += $1} END {print s + 0}')
  if ((${#problems[@]})); then
    failed=$((failed + 1))
    keep=1
    echo "run $run: FAILED in $seconds s: ${problems[*]} (kept in $dir)"
    diff <(unconflicted "$dir/all_conflicted" "$work/one/findings") \
      <(unconflicted "$dir/all_conflicted" "$dir/findings") | head -20 || true
  else
    echo "run $run: same in $seconds s ($(wc -l <"$dir/findings") findings, $same_conflicted of" \
      "the $(wc -l <"$dir/all_conflicted") conflicting hands' findings as one writer's;" \
      "$retries retries)"
    rm -rf "$dir"
  fi
done
echo "$((runs - failed)) of $runs runs the same as one writer"
((failed == 0))
