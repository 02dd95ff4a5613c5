#!/usr/bin/env bash
# Writes hhaudit's man page with Debian's help2man: the top-level --help and --version, plus a
# COMMANDS section holding each command's own --help, so the page says what `hhaudit CMD --help`
# says. Run by the build (CMakeLists.txt), installed by `cmake --install`.
# Usage: scripts/man-page.sh HHAUDIT_BINARY OUTPUT.1
set -euo pipefail
bin=$1
out=$2
include=$(mktemp)
trap 'rm -f "$include"' EXIT
# The commands: the lines under "SUBCOMMANDS:" (CLI11) up to the next blank line.
mapfile -t commands < <("$bin" --help | awk 'tolower($0) ~ /^subcommands:/ {on = 1; next}
  on && NF == 0 {exit} on {print $1}')
((${#commands[@]})) || { echo "man-page.sh: no commands in $bin --help" >&2; exit 1; }
{
  echo "[COMMANDS]"
  for c in "${commands[@]}"; do
    echo ".SS $c"
    echo ".nf"
    # roff: a backslash is \e; a line starting with . or ' would be a request.
    "$bin" "$c" --help | sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
    echo ".fi"
  done
} >"$include"
help2man --no-info --name "audits poker hand histories and stores every discrepancy" \
  --include "$include" --output "$out.tmp" "$bin"
mv "$out.tmp" "$out"
