#!/usr/bin/env bash
# Installs hhaudit into a temporary prefix, moves the installed tree to another place (so neither
# the prefix it was installed to nor the build tree can serve its data), and audits the samples:
# the copy must find its rake schedules and house rules beside itself and find what the build
# tree's binary finds. Usage: tests/install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
mv "$tmp/prefix" "$tmp/moved"
bin=$tmp/moved/bin/hhaudit
test -x "$bin"
test -f "$tmp/moved/share/hhaudit/house-rules.toml"
ls "$tmp/moved/share/hhaudit/rake/"*.toml >/dev/null
# The man page, with every command's options (help2man, scripts/man-page.sh).
man=$tmp/moved/share/man/man1/hhaudit.1
test -f "$man"
grep -q '^\.SS report' "$man"
grep -q 'money in error' "$man"
# Nothing beside the installed binary points back into the build or source tree.
test ! -e "$tmp/moved/bin/hhaudit-data-dir"

cp -r "$src/testdata/sample" "$tmp/sample"
cd "$tmp"  # not the source tree: the current directory must not serve the data either
unset HHAUDIT_DATA_DIR
set +e
"$bin" audit sample --db moved.db -q --format csv >moved.csv
moved=$?
"$build/hhaudit" audit sample --db built.db -q --format csv >built.csv
built=$?
"$build/hhaudit" audit sample --db none.db -q --format csv --no-rake-schedules >none.csv
HHAUDIT_DATA_DIR=$tmp/nowhere "$bin" audit sample --db nowhere.db -q 2>nowhere.err >/dev/null
nowhere=$?
set -e
fail() { echo "install test: $*" >&2; exit 1; }
[ "$moved" -le 1 ] || fail "installed binary exited $moved"
[ "$moved" -eq "$built" ] || fail "installed binary exited $moved, the build tree's $built"
cmp -s moved.csv built.csv || { diff moved.csv built.csv >&2; fail "findings differ"; }
# The comparison means something: the schedules change what the samples give.
! cmp -s built.csv none.csv || fail "the rake schedules change nothing on the samples"
# The codes rows of audit's CSV: section "codes", then the code in its column.
grep -q '^codes,.*,RAKE_[A-Z_]*,' moved.csv || fail "no rake schedule finding"
# HHAUDIT_DATA_DIR wins, and a folder without data is an error naming what is missing.
[ "$nowhere" -eq 2 ] || fail "HHAUDIT_DATA_DIR=nowhere: exit $nowhere, expected 2"
grep -q "$tmp/nowhere" nowhere.err || fail "the error does not name the data folder"
"$bin" house-rules >/dev/null || fail "house-rules cannot find house-rules.toml"
echo "install test: ok"
