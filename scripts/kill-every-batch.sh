#!/usr/bin/env bash
# Kills `hhaudit audit` at every step of a run and checks that running it again ends with the
# database of one clean run (issue 31, point 7; docs/reliability.md, "Crash safety"): the hidden
# test "[kill-every]" of tests/test_kill_checks.cpp, which CI runs at a few points only ("[kill]").
# A step is each write the run makes through its store (each batch of hands, each file begun or
# finished, each commit, each check between hands) and each finding those checks report: the run
# is killed (SIGKILL) before it, run again to its end, and its database compared with the clean
# run's, on SQLite and on PostgreSQL (skipped when no server can start; tests/pg_server.sh).
#
#   scripts/kill-every-batch.sh [BUILD_DIR] [FOLDER...]
#
# FOLDER...: the input (default: testdata/sessions, tournaments, sample and rake: about 400 steps,
# a few minutes). ../shared/corpus/Stars for a larger one (thousands of steps: an hour or more).
# KILL_STORE=sqlite or postgres runs one store only.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build}
shift || true
[[ -x $build_dir/hhaudit_tests ]] || {
  echo "no $build_dir/hhaudit_tests: build first (README.md)" >&2
  exit 2
}
input=""
for folder in "$@"; do
  input+="${input:+:}$(realpath "$folder")"
done
store=()
[[ -n ${KILL_STORE:-} ]] && store=(-c "$KILL_STORE")
HH_KILL_INPUT="$input" "$build_dir/hhaudit_tests" "[kill-every]" "${store[@]}"
