#!/usr/bin/env bash
# Throughput benchmark. Builds a corpus of SIZE_MB (default 1024) from the real hands of
# ../shared/corpus/Stars with fresh hand numbers, then times, printing each command:
#   wc -l and sha256sum over the files (the floors), parse only and parse + audit (one thread and
#   all cores), and the full pipeline into SQLite (-j 1 and -j all cores), each with peak RSS
#   from /usr/bin/time; and at the end the table of issue 17 (markdown) with the targets.
# Usage: bench/run.sh [SIZE_MB [CORPUS_DIR]]
#   BENCH_BUILD=DIR bench/run.sh ...: the binaries of DIR, as they are (another build, to compare)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/common.sh
source bench/common.sh
size=${1:-1024}
corpus=${2:-/tmp/hhaudit-bench-corpus}
build=${BENCH_BUILD:-build}
cores=$(nproc)
if [ -z "${BENCH_BUILD:-}" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$build" -j"$cores" --target hhaudit hhaudit_gen_corpus hhaudit_parse_bench \
    hhaudit_sqlite_floor >/dev/null
fi
if [ ! -d "$corpus" ]; then
  "$build/hhaudit_gen_corpus" "$corpus" "$size" ../shared/corpus/Stars
fi
files=("$corpus"/*.txt)
bytes=$(cat "${files[@]}" | wc -c)
echo "corpus: ${#files[@]} files, $bytes bytes, $cores cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
cat "${files[@]}" >/dev/null  # warm the page cache: every run below reads from memory

tmp=$(mktemp -d)
db=$tmp/bench.db
trap 'rm -rf "$tmp"' EXIT
rows=()  # stage|threads|wall|user|peak RSS KB
# run LABEL THREADS COMMAND...: runs and times the command, prints its last line of output.
run() {
  local label=$1 threads=$2
  shift 2
  echo "+ $*"
  if ! /usr/bin/time -o "$tmp/time" -f "%e %U %S %M" "$@" >"$tmp/out" 2>&1; then
    cat "$tmp/out"
    echo "bench: failed: $*" >&2
    exit 1
  fi
  # The line that says what was done: the run summary, else the last line (wc's total).
  { grep -m 1 -E '^(audited|parse)' "$tmp/out" || tail -n 1 "$tmp/out"; } | cut -c1-160 |
    sed 's/^/  /'
  local wall user sys rss
  read -r wall user sys rss <"$tmp/time"
  echo "  wall $wall s, user $user s, sys $sys s, peak RSS $rss KB"
  rows+=("$label|$threads|$wall|$user|$rss")
}
# shellcheck disable=SC2016 # the backquotes are markdown's, for the table
run '`wc -l`' 1 wc -l "${files[@]}"
# shellcheck disable=SC2016
run '`sha256sum`' 1 sha256sum "${files[@]}"
for jobs in 1 "$cores"; do
  run "parse only" "$jobs" "$build/hhaudit_parse_bench" --parse -j "$jobs" "${files[@]}"
done
hands=$(sed -n 's/^parse, [0-9]* thread(s): \([0-9]*\) hands.*/\1/p' "$tmp/out")
for jobs in 1 "$cores"; do
  run "parse + audit" "$jobs" "$build/hhaudit_parse_bench" --audit -j "$jobs" "${files[@]}"
done
for jobs in 1 "$cores"; do
  rm -f "$db" "$db-wal" "$db-shm"
  run "full pipeline into SQLite" "$jobs" \
    "$build/hhaudit" audit "$corpus" --db "$db" -q --fail-on none -j "$jobs"
  stored=$("$build/hhaudit" query --db "$db" --format csv "SELECT COUNT(*) FROM hands" | tail -n 1)
  if [ "$stored" != "$hands" ]; then
    echo "bench: the database holds $stored hands, the parse bench read $hands" >&2
    exit 1
  fi
done

# The floor of the SQLite store (bench/sqlite_floor.cpp): the rows of the first file's hands, as
# the pipeline stored them, inserted again into a new database with nothing else to do; per CPU
# second, since one thread writes a SQLite database: the most hands a second any writer of this
# schema can store on this machine.
"$build/hhaudit" audit "${files[0]}" --db "$tmp/first.db" -q --fail-on none >/dev/null
echo "+ $build/hhaudit_sqlite_floor (the database of ${files[0]}) $tmp/floor.db"
"$build/hhaudit_sqlite_floor" "$tmp/first.db" "$tmp/floor.db" | tee "$tmp/floor" | sed 's/^/  /'
floor=$(sed -n 's/.*: \([0-9]*\) hands\/s, \([0-9]*\) hands a CPU second$/\2/p' "$tmp/floor")
rm -f "$tmp"/first.db* "$tmp"/floor.db*

# Every file read once: the bytes the pipeline read() (or readv()) from the corpus's files (strace, untimed; the
# database's pages are read with pread, which is not traced).
read_bytes=""
if command -v strace >/dev/null; then
  rm -f "$db" "$db-wal" "$db-shm"
  echo "+ strace -f -e trace=openat,read,readv,close $build/hhaudit audit $corpus ... -j 1"
  strace -f -qq --seccomp-bpf -e trace=openat,read,readv,close -e signal=none -o "$tmp/strace" \
    "$build/hhaudit" audit "$corpus" --db "$db" -q --fail-on none -j 1 >/dev/null
  read_bytes=$(awk -v dir="$corpus/" '
    # "PID openat(AT_FDCWD, \"PATH\", ...) = FD", "PID read(FD, ...) = N" (readv too),
    # "PID close(FD) = 0"
    / openat\(/ && index($0, "\"" dir) && /<unfinished/ { opening[$1] = 1; next }
    / <\.\.\. openat resumed>/ { if (opening[$1] && $NF >= 0) open[$NF] = 1; delete opening[$1]; next }
    / openat\(/ && index($0, "\"" dir) { fd = $NF; if (fd >= 0) open[fd] = 1; next }
    # A call another thread interrupted: "PID read(FD, <unfinished ...>", then
    # "PID <... read resumed>...) = N".
    / readv?\(/ && /<unfinished/ { split($2, a, /[(,]/); pending[$1] = a[2]; next }
    / <\.\.\. readv? resumed>/ { if (open[pending[$1]] && $NF > 0) total += $NF; next }
    / readv?\(/ { split($2, a, /[(,]/); if (open[a[2]] && $NF > 0) total += $NF; next }
    / close\(/ { split($2, a, /[(,)]/); delete open[a[2]] }
    END { printf "%d", total }' "$tmp/strace")
  echo "  read from the corpus: $read_bytes bytes ($bytes in the files)"
fi

echo
echo "## bench/run.sh $size: ${#files[@]} files, $bytes bytes, $hands hands, $cores cores, $(date -u +%F)"
echo
printf '%s\n' "${rows[@]}" | awk -F'|' -v bytes="$bytes" -v hands="$hands" -v cores="$cores" \
  -v read_bytes="$read_bytes" -v floor="$floor" "$awk_group"'
  {
    stage[NR] = $1; threads[NR] = $2; wall[NR] = $3; user[NR] = $4; rss[NR] = $5
    mbs = $3 > 0 ? bytes / $3 / 1e6 : 0
    hs = $3 > 0 ? hands / $3 : 0
    if ($1 ~ /parse only/ && $2 == 1) parse1 = mbs
    if ($1 ~ /parse \+ audit/ && $2 == 1) audit1 = mbs
    if ($1 ~ /full pipeline/ && $2 == 1) { full1 = hs; wall1 = $3 }
    if ($1 ~ /full pipeline/ && $2 == cores) { fulln = hs; walln = $3 }
    if ($1 ~ /full pipeline/ && $5 > maxrss) maxrss = $5
  }
  END {
    print "| stage | threads | wall | user | MB/s | hands/s | peak RSS |"
    print "|---|---|---|---|---|---|---|"
    for (i = 1; i <= NR; i++) {
      mbs = wall[i] > 0 ? bytes / wall[i] / 1e6 : 0
      hs = wall[i] > 0 ? hands / wall[i] : 0
      printf "| %s | %s | %.2f s | %.2f s | %s | %s | %.0f MB |\n", stage[i], threads[i],
             wall[i], user[i], group(mbs + 0.5), (stage[i] ~ /`/ ? "–" : group(hs + 0.5)),
             rss[i] / 1024
    }
    print ""
    print "| target (issue 17) | measured | met? |"
    print "|---|---|---|"
    printf "| full pipeline into SQLite, all cores: >= 100,000 hands/s | %s (SQLite alone, the rows inserted again: %s hands a CPU second) | %s |\n",
           group(fulln + 0.5), group(floor), (fulln >= 100000 ? "yes" : "no")
    printf "| parse + audit, one thread: >= 200 MB/s | %.0f MB/s | %s |\n", audit1,
           (audit1 >= 200 ? "yes" : "no")
    printf "| parse only, one thread: >= 400 MB/s | %.0f MB/s | %s |\n", parse1,
           (parse1 >= 400 ? "yes" : "no")
    speedup = walln > 0 ? wall1 / walln : 0
    printf "| `-j %d` faster than `-j 1` by at least 1.6x | %.2fx | %s |\n", cores, speedup,
           (speedup >= 1.6 ? "yes" : "no")
    printf "| peak RSS of the pipeline <= 100 MB | %.0f MB | %s |\n", maxrss / 1024,
           (maxrss <= 100 * 1024 ? "yes" : "no")
    if (read_bytes == "")
      print "| every file read once | not measured (no strace) | – |"
    else
      printf "| every file read once | %.3f times the corpus read (%s of %s bytes) | %s |\n",
             read_bytes / bytes, group(read_bytes), group(bytes), (read_bytes <= bytes ? "yes" : "no")
  }'
