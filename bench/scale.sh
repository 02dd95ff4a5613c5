#!/usr/bin/env bash
# How the cost grows: with the size of the input (default 16, 64, 256 and 1024 MB of the real
# hands bench/run.sh uses) and with the threads (-j 1, all cores, twice the cores). For each size
# and -j it times parse + audit (hhaudit_parse_bench) and the full pipeline into a new SQLite
# database (hhaudit audit), and prints one markdown table: wall, CPU (user + sys), CPU a hand,
# hands/s, peak RSS.
# Usage: bench/scale.sh ["SIZES_MB" ["JOBS"]]   e.g. bench/scale.sh "16 64" "1 2"
#   BENCH_BUILD=DIR bench/scale.sh ...: the binaries of DIR, as they are (another build, to compare)
#   SCALE_DIR=DIR: where the corpora are made and kept (default /tmp/hhaudit-scale), one folder a
#   size, reused by the next run.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/common.sh
source bench/common.sh
cores=$(nproc)
sizes=${1:-16 64 256 1024}
jobs_list=${2:-1 $cores $((2 * cores))}
build=${BENCH_BUILD:-build}
corpora=${SCALE_DIR:-/tmp/hhaudit-scale}
if [ -z "${BENCH_BUILD:-}" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$build" -j"$cores" --target hhaudit hhaudit_gen_corpus hhaudit_parse_bench >/dev/null
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
db=$tmp/scale.db
rows=()  # size|hands|stage|jobs|wall|cpu|peak RSS KB

# timed LABEL COMMAND...: runs the command under /usr/bin/time into $tmp/time, its output into
# $tmp/out; prints the command and what it took.
timed() {
  echo "+ $*"
  if ! /usr/bin/time -o "$tmp/time" -f "%e %U %S %M" "$@" >"$tmp/out" 2>&1; then
    cat "$tmp/out"
    echo "scale: failed: $*" >&2
    exit 1
  fi
  local wall user sys rss
  read -r wall user sys rss <"$tmp/time"
  echo "  wall $wall s, user $user s, sys $sys s, peak RSS $rss KB"
}

echo "$cores cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%F)"
for size in $sizes; do
  corpus=$corpora/$size
  [ -d "$corpus" ] || "$build/hhaudit_gen_corpus" "$corpus" "$size" ../shared/corpus/Stars
  files=("$corpus"/*.txt)
  cat "${files[@]}" >/dev/null  # warm the page cache: every run reads from memory
  hands=""
  for jobs in $jobs_list; do
    timed "$build/hhaudit_parse_bench" --audit -j "$jobs" "${files[@]}"
    hands=$(sed -n 's/^[^,]*, [0-9]* thread(s): \([0-9]*\) hands.*/\1/p' "$tmp/out")
    read -r wall user sys rss <"$tmp/time"
    rows+=("$size|$hands|parse + audit|$jobs|$wall|$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')|$rss")
  done
  for jobs in $jobs_list; do
    rm -f "$db" "$db-wal" "$db-shm"
    timed "$build/hhaudit" audit "$corpus" --db "$db" -q --fail-on none -j "$jobs"
    stored=$("$build/hhaudit" query --db "$db" --format csv "SELECT COUNT(*) FROM hands" | tail -n 1)
    if [ "$stored" != "$hands" ]; then
      echo "scale: the database holds $stored hands, the parse bench read $hands" >&2
      exit 1
    fi
    read -r wall user sys rss <"$tmp/time"
    rows+=("$size|$hands|full pipeline into SQLite|$jobs|$wall|$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')|$rss")
  done
done

echo
echo "## bench/scale.sh \"$sizes\" \"$jobs_list\": $cores cores, $(date -u +%F)"
echo
printf '%s\n' "${rows[@]}" | awk -F'|' "$awk_group"'
  BEGIN {
    print "| input | hands | stage | `-j` | wall | CPU | CPU a hand | hands/s | peak RSS |"
    print "|---|---|---|---|---|---|---|---|---|"
  }
  {
    printf "| %s MB | %s | %s | %s | %.2f s | %.2f s | %.1f µs | %s | %.0f MB |\n", $1, group($2),
           $3, $4, $5, $6, ($2 > 0 ? $6 / $2 * 1e6 : 0), ($5 > 0 ? group($2 / $5 + 0.5) : "–"),
           $7 / 1024
  }'
