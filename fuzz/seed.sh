#!/usr/bin/env bash
# Copies seed inputs for one fuzz target into a folder: hand-history files of at most 64 KB from
# the shared corpus (../shared/corpus beside the checkout, or $HHAUDIT_CORPUS) and testdata/.
# Site targets get their site's files only, so the fuzzer starts from valid hands of its grammar.
# Usage: fuzz/seed.sh TARGET DIR      (TARGET: decode split audit pokerstars winamax 888poker ggpoker winning bovada partypoker unibet
#                                     ipoker fulltilt kingsclub merge boss ohh betonline phh pokernow
#                                     everleaf pkr ongame absolute betfair
#                                     pokertracker entraction enet sealswithclubs
#                                     microgaming everest cake pokerstars-summary fulltilt-summary
#                                     limits)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target=$1
dest=$2
corpus=${HHAUDIT_CORPUS:-$root/../shared/corpus}
case $target in
  pokerstars) dirs=(Stars) ; local_dirs=(sample) ;;
  winamax) dirs=(Winamax) ; local_dirs=(winamax) ;;
  888poker) dirs=(PacificPoker) ; local_dirs=(888poker) ;;
  ggpoker) dirs=(GGPoker) ; local_dirs=(gg) ;;
  winning) dirs=(Winning) ; local_dirs=(winning) ;;
  bovada) dirs=(Bovada) ; local_dirs=(bovada) ;;
  partypoker) dirs=(PartyPoker) ; local_dirs=(partypoker) ;;
  unibet) dirs=(Unibet) ; local_dirs=(unibet) ;;
  ipoker) dirs=(iPoker) ; local_dirs=(ipoker) ;;
  merge) dirs=(Merge) ; local_dirs=(merge) ;;
  boss) dirs=(Boss) ; local_dirs=(boss) ;;
  microgaming) dirs=(Microgaming) ; local_dirs=(microgaming) ;;
  everest) dirs=(Everest) ; local_dirs=(everest) ;;
  fulltilt) dirs=(FTP) ; local_dirs=(fulltilt) ;;
  kingsclub) dirs=(KingsClub) ; local_dirs=(kingsclub) ;;
  ohh) dirs=(OHH) ; local_dirs=(ohh) ;;
  betonline) dirs=(BetOnline) ; local_dirs=(betonline) ;;
  phh) dirs=(PHH) ; local_dirs=(phh) ;;
  pokernow) dirs=(PokerNow) ; local_dirs=(pokernow) ;;
  everleaf) dirs=(Everleaf) ; local_dirs=(everleaf) ;;
  pkr) dirs=(PKR) ; local_dirs=(pkr) ;;
  ongame) dirs=(OnGame) ; local_dirs=(ongame) ;;
  absolute) dirs=(Absolute UltimateBet) ; local_dirs=(absolute) ;;
  betfair) dirs=(Betfair) ; local_dirs=(betfair) ;;
  pokertracker) dirs=(PokerTracker) ; local_dirs=(pokertracker) ;;
  entraction) dirs=(Entraction) ; local_dirs=(entraction) ;;
  enet) dirs=(Enet) ; local_dirs=(enet) ;;
  sealswithclubs) dirs=(SealsWithClubs) ; local_dirs=(sealswithclubs) ;;
  cake) dirs=(Cake) ; local_dirs=(cake) ;;
  # Tournament summaries: the corpus's one (Full Tilt's) is copied into testdata/ with fpdb's.
  pokerstars-summary) dirs=() ; local_dirs=(pokerstars-summary) ;;
  fulltilt-summary) dirs=() ; local_dirs=(fulltilt-summary) ;;
  decode | split | audit) dirs=(.) ; local_dirs=(.) ;;
  limits) dirs=() ; local_dirs=() ;;
  *) echo "fuzz/seed.sh: unknown target $target" >&2; exit 2 ;;
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
