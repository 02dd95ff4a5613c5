#!/usr/bin/env bash
# Copies seed inputs for one fuzz target into a folder: hand-history files of at most 64 KB from
# the shared corpus (../shared/corpus beside the checkout, or $HHAUDIT_CORPUS) and testdata/.
# Site targets get their site's files only, so the fuzzer starts from valid hands of its grammar.
# Usage: fuzz/seed.sh TARGET DIR   (TARGET: decode split audit limits, or a readable format's name)
# A format's folders come from the registry (`hhaudit sites --samples`: the shared corpus's folders
# and its testdata/ folder, declared where the format registers itself), so a new format needs no
# line here. HHAUDIT_BIN names the hhaudit to ask (default build/hhaudit of this checkout).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target=$1
dest=$2
corpus=${HHAUDIT_CORPUS:-$root/../shared/corpus}
case $target in
  decode | split | audit) dirs=(.) ; local_dirs=(.) ;;
  limits) dirs=() ; local_dirs=() ;;
  *)
    hhaudit=${HHAUDIT_BIN:-$root/build/hhaudit}
    # site,name,read,corpus folders,test data (no field holds a comma).
    row=$("$hhaudit" sites --samples --format csv |
      awk -F, -v t="$target" 'NR > 1 && $1 == t && $3 == "yes" {print $4 "," $5}')
    [[ -n $row ]] || { echo "fuzz/seed.sh: unknown target $target" >&2; exit 2; }
    read -r -a dirs <<<"${row%%,*}"
    local_dirs=("${row#*,}")
    ;;
esac
mkdir -p "$dest"
n=0
copy_from() {
  local dir=$1
  [[ -d $dir ]] || return 0
  # fpdb's expected-result files (.hp, .hands, .gt) are not inputs; sorted for a stable seed set.
  while IFS= read -r -d '' f; do
    # Flattened names keep files of the same name in different folders apart.
    cp "$f" "$dest/$(echo "${f#"$dir"/}" | tr '/ ' '__')"
    n=$((n + 1))
  done < <(find "$dir" -type f -size -65k ! -name '*.hp' ! -name '*.hands' ! -name '*.gt' \
             ! -name '*.md' ! -name '*.tsv' -print0 | sort -z)
}
# limits (fuzz/fuzz_limits.cpp): "FORMAT COUNT", then PREFIX, FRAGMENT and SUFFIX apart by NULs.
if [[ $target == limits ]]; then
  phh=$(cat "$root/testdata/phh/dwan-ivey-2009.phh")
  walk=$(cat "$root/testdata/sample/fixtures_holdem_walk.txt")
  printf 'phh 40000\n%s\nx = a\0.a\0 = 1\n' "$phh" >"$dest/phh-dotted-key"
  printf 'phh 40000\n%s\n[a\0.a\0]\n' "$phh" >"$dest/phh-dotted-header"
  printf 'phh 10000\n%s\nx = \0[\0\n' "$phh" >"$dest/phh-nested"
  printf 'ipoker 2000\n<session sessioncode="1"><general><gametype>Holdem NL $0.01/$0.02</gametype></general><game gamecode="1"><general><players>\0<player seat="1" name="a&#0;b" chips="$1" bet="$0" win="$0"/>\0</players></general></game></session>\n' >"$dest/ipoker-players"
  printf 'ohh 2000\n{"ohh": {"game_number": "1", "players": [\0{"id": 1, "seat": 1, "name": "a\\u0000", "name": "b"},\0{}], "rounds": [], "pots": []}}\n' >"$dest/ohh-players"
  printf 'pokerstars 5000\n%s\0Seat 9: P ($1 in chips)\n\0\n' "${walk%%Seat *}" >"$dest/pokerstars-seats"
  n=6
fi
for d in "${dirs[@]}"; do copy_from "$corpus/$d"; done
for d in "${local_dirs[@]}"; do copy_from "$root/testdata/$d"; done
echo "fuzz/seed.sh: $n seed files for $target in $dest"
