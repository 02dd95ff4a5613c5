#!/usr/bin/env bash
# Quick start: install what is missing, build in Release, audit the bundled sample hands into
# hhaudit.db and print the summary.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
generator=()
[[ -f build/CMakeCache.txt ]] || generator=(-G Ninja)  # as scripts/test.sh
cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release >/dev/null
# The binary and its man page: what `cmake --install build` installs (README, "Install").
cmake --build build -j"$(nproc)" --target hhaudit man_page
rm -f hhaudit.db hhaudit.db-wal hhaudit.db-shm
set +e
./build/hhaudit audit testdata/sample --db hhaudit.db --quiet
status=$?
set -e
echo "exit code $status (0 clean, 1 findings at or above --fail-on, 2 usage or I/O error, 3 nothing audited or files of an unread format skipped)"
./build/hhaudit query --db hhaudit.db \
  "SELECT site, status, count(*) AS hands, sum(total_pot) AS total_pot, sum(rake) AS rake, unit FROM hands GROUP BY site, status, unit"
echo "try: ./build/hhaudit query --db hhaudit.db \"SELECT code, count(*) FROM discrepancies GROUP BY code\""
[ "$status" -le 1 ]
