#!/usr/bin/env bash
# The whole-corpus figures of docs/convert.md ("PokerKit and the OHH checker"): every hand of
# ../shared/corpus written as PHH and replayed by PokerKit (final stacks against the hand's own),
# stud included, stud hands with an up card the site did not print listed as PokerKit's
# exception; then every hand written as OHH and checked against OHH 1.4. The PokerKit part is in
# CI too ([pokerkit-corpus], 24-48 s on the shared machine; the slice, [pokerkit], in 8 s); the
# OHH part is measured here only.
#   scripts/phh-conformance.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
time "$build/hhaudit_tests" "[pokerkit-corpus]" | grep -v '^stud, an up card not printed' | tail -n 40
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$build/hhaudit" convert "$here/../shared/corpus" --to ohh -o "$out" 2>"$out/convert.err" || true
tail -n 1 "$out/convert.err"
python3 "$here/scripts/ohh-validate.py" "$out"
