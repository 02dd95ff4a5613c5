// PHH and OHH as other tools read them (issue 34, docs/convert.md): every hand of a fixed slice of
// the shared corpus that PHH can express is written as PHH and replayed by PokerKit, the PHH
// standard's reference implementation (../shared/tools/pokerkit, scripts/phh-replay.py: every
// action applied as written, none repaired), whose final stacks must be the hand's; the same
// slice written as OHH passes a checker written from the OHH 1.4 specification
// (scripts/ohh-validate.py, testdata/ohh/ohh-1.4.schema.json), not hhaudit's reader. Stud hands
// are replayed too, their unprinted down cards unknown; a stud hand with an up card the site did
// not print is PokerKit's one exception (PokerKit places the bring-in and the first to act from
// the up cards): listed, not replayed. The whole corpus is measured by
// scripts/phh-conformance.sh.
// The writer's rules are tested on hands written for them (testdata/phh/pokerkit/).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "parser/text/money.hpp"
#include "tests/cli_run.hpp"
#include "tests/hand_events.hpp"
#include "tests/test_paths.hpp"

namespace fs = std::filesystem;
using namespace hh;
using test::q;

namespace {

// One file of each site and game of the corpus (hold'em, Omaha, hi/lo, draws, Badugi, stud; cash
// and tournaments; text, XML, OHH, PHH, PokerNow), about 500 hands.
const std::vector<std::string> kSlice = {
    "Absolute/cash/Flop/PLO8-2max-USD-30-60-200912.txt",
    "Absolute/cash/Flop/IHH20101207 Montego Dr - Hold'em Normal $0.25-$0.50(Real Money) Table "
    "26747256.txt",
    "Absolute/cash/Flop/IHH20090610 Chile Way - Hold'em No Limit $0.02(Real Money) Table "
    "9339866.txt",
    "BetOnline/cash/Flop/NLHE-10max-0.01-0.02-201604.zero.ante.txt",
    "Boss/cash/Flop/NLHE-SEK-2.00-4.00-201307.add.call.txt",
    "Boss/cash/Flop/PLO-USD-0.15-0.30-201207.empy.string.name.txt",
    "Bovada/cash/Flop/FLHE-9max-USD - $8-$16 - 201307.all.in.blind.txt",
    "Bovada/tour/Flop/NLHE-6max-USD-STT - Hyper Turbo (500 Chips) - $25-$1.25 - 201706.txt",
    "Bovada/cash/Flop/PLO-USD-5-10-201204.new.format.txt",
    "Cake/cash/Flop/LHE-6max-USD-3.00-6.00-201207.datetime.dashes.txt",
    "Cake/cash/Flop/NLHE-6max-USD-0.25-0.50-201004.new.showdown.formats.txt",
    "Cake/cash/Flop/PLO-6max-EUR-0.04-0.08-201206.USD.conversion.txt",
    "Enet/cash/Flop/PLO-6max-USD-0.25-0.50-201207.txt",
    "Entraction/tour/Flop/NLHE-EUR-MTT-201206.ante.txt",
    "Entraction/cash/Flop/PLO-6max-EUR-0.02-0.04-201103.txt",
    "Everest/cash/Flop/NLHE-USD-0.50-1.00-201203.txt",
    "Everest/cash/Flop/PLO-EUR-5-10-Unknown-Sample.txt",
    "Everleaf/cash/Flop/FLO8-10max-USD-0.50-1.00-201003.HU.on.10max.txt",
    "Everleaf/cash/Flop/NLHE-6max-USD-0.05-0.10-29Aug2010.txt",
    "FTP/cash/Draw/3-Draw-Limit-USD-150-300-201011.Hero.and.Player1.sitting.out.txt",
    "FTP/cash/Draw/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt",
    "FTP/cash/Flop/LO8-6max-USD-200-400.200610.Observed.Hand.with.chat.txt",
    "FTP/tour/Flop/NLHE-USD-STT-2-20100323.Allin.with.less.than.sb.txt",
    "FTP/cash/Flop/NLHE-6max-USD-0.50-1.00-200605.HM2.archive.txt",
    "FTP/cash/Flop/PLO-6max-USD-2.00-4.00-201211.no.win.line.txt",
    "GGPoker/tour/Flop/NLHE-8max-MTT-USD-1050-202104.extra.space.txt",
    "GGPoker/cash/Flop/PLO-6max-USD-0.50-1.00-202004.txt",
    "KingsClub/cash/Draw/Badugi-Limit-USD-30-60-202010.txt",
    "KingsClub/cash/Flop/LO8-USD-40-80-202101.txt",
    "KingsClub/cash/Flop/LHE-USD-40-80-202012.txt",
    "KingsClub/cash/Draw/NL-2-7-SD-USD-125-250-202103.missed.sb.txt",
    "KingsClub/cash/Flop/NLHE-USD-125-250-202012.multi.pot.txt",
    "Merge/cash/Flop/PLO8-USD-0.25-0.50-201111.txt",
    "Merge/cash/Flop/FLHE-9max-USD-0.02-0.04.20110416.xml",
    "Merge/tour/Flop/NLHE-USD-11-MTT-201503.v.2.1.txt",
    "Merge/cash/Flop/PLO-USD-0.50-1.00-201009.colon.divider.txt",
    "Microgaming/cash/Flop/NLHE-EUR-0.05-0.10-2011011.multi.allin.txt",
    "Microgaming/cash/Flop/PLO-6max-EUR-10-20-201603.v5.flat.txt",
    "OHH/Holdem Cash Game (PokerStars).ohh",
    "OHH/poker_now_log_pgllrZB4-s11jXpJVdapSiar1.ohh",
    "OHH/Omaha Cash Game (WPN).ohh",
    "OnGame/cash/Flop/LHE-9max-USD-0.50-1.00-201008.All-in.with.showdown.txt",
    "OnGame/cash/Flop/NLHE-5max-USD-0.05-0.10-201302.Strobe.txt",
    "PHH/yockey-arieh-2019.phh",
    "PHH/handhq-abs-2009-sample.phhs",
    "PKR/tour/Flop/NLHE-USD-STT-201205.txt",
    "PKR/cash/Flop/PLO-6max-USD-0.02-0.04-201205.txt",
    "PacificPoker/cash/Flop/888-FHE-USD-5-10-201203.all.in.blind.txt",
    "PacificPoker/cash/Flop/888-NLHE-USD-5-10-201205.uncalled.non.blind.txt",
    "PartyPoker/cash/Flop/LO8-USD-20-40.201201.limit3format.txt",
    "PartyPoker/cash/Flop/NLHE-10max-Freeroll-201207.name.starts.with.number.txt",
    "PartyPoker/cash/Flop/PLO-2max-USD-25-50-201710.deep.txt",
    "PokerNow/poker_now_log_pgl6kvq-E5GHsh-gPLXn9YRtz.csv",
    "PokerNow/poker_now_log_pglhTdT0g-V_oxxMaQxatNdFk.csv",
    "PokerTracker/tour/Flop/NLHE-2max-USD-0-STT-201307.Microgaming.txt",
    "PokerTracker/cash/Flop/PLO-2max-EUR-0.25-0.50-201309.Microgaming.Export.txt",
    "SealsWithClubs/cash/Flop/LHE-6max-mBTC-2.00-4.00-201305.txt",
    "SealsWithClubs/cash/Flop/NLHE-9max-mBTC-1.00-1.00-201304.side.pot.txt",
    "SealsWithClubs/cash/Flop/PLO-9max-mBTC-1.00-1.00-201304.txt",
    "Stars/fixtures/draw/triple_draw.txt",
    "Stars/cash/Flop/LHE-10max-USD-0.05-0.10-PF_all_fold_to_BB.txt",
    "Stars/cash/Draw/2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt",
    "Stars/tour/Flop/NLHE-Play-STT-20110405.txt",
    "Stars/cash/Flop/PLO-6max-USD-2.00-4.00-201403.2.partial.txt",
    "Unibet/cash/Flop/NLHE-EUR-0.05-0.10-202104.Banzi.txt",
    "Winamax/cash/Draw/Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt",
    "Winamax/cash/Flop/LHE-2max-EUR-0.05-0.10-201204.txt",
    "Winamax/tour/Flop/NLHE-EUR-STT-FullHist.txt",
    "Winamax/cash/Flop/PLO-FR-EUR-0.50-1.00-201103.hid.out.of.range.txt",
    "Winning/cash/Flop/NLHE-6max-USD-0.05-0.10-201906.RUSHID-TN-Blitz Poker GAMETYPE.txt",
    "iPoker/cash/Flop/LHE-5-10-10-20-USD-201103.HEM.archive.txt",
    "iPoker/cash/Flop/NLHE-EUR-0.01-0.02-201701.new.datetime.format.txt",
    "iPoker/cash/Flop/PLO-EUR-0.10-0.20-201604.export.bad.players.txt",
    // Stud: text, XML and a hand whose all-in shows before the rest is dealt.
    "Stars/cash/Stud/7-StudHL-USD-0.04-0.08-200911.txt",
    "FTP/tour/Stud/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt",
    "Bovada/cash/Stud/7-StudHL-USD-0.25-0.50-201209.txt",
    "iPoker/cash/Stud/7-StudL-USD-0.05-0.10-201009.txt",
    "Merge/cash/Stud/7-StudHL-USD-0.25-0.50-201307.no.null.xml",
    "OnGame/cash/Stud/7-StudHL-USD-0.25-0.50-201008.All.streets.txt",
    "Absolute/cash/Stud/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt",
};

std::string python_with_pokerkit() {
  return "PYTHONPATH=" + q(test::source_dir().parent_path() / "shared" / "tools" / "pokerkit") +
         " python3 ";
}

// The seats of a written PHH hand in PHH's order (its `seats = [..]` line).
std::vector<int> phh_seats(const std::string& text) {
  std::vector<int> seats;
  const std::size_t at = text.find("\nseats = [");
  if (at == std::string::npos) return seats;
  const std::size_t end = text.find(']', at);
  std::string list = text.substr(at + 10, end - at - 10);
  std::replace(list.begin(), list.end(), ',', ' ');
  std::istringstream in(list);
  for (int s; in >> s;) seats.push_back(s);
  return seats;
}

// The hand's own final stacks (stack - put in + collected, as the audit reads them), in PHH's
// order; "inf" for a stack the site did not print.
std::string final_stacks(const Hand& h, const std::vector<int>& seats) {
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  std::string out;
  for (int seat : seats) {
    if (!out.empty()) out += ",";
    const Seat* s = h.seat_of(seat);
    const auto p = std::find_if(r.players.begin(), r.players.end(),
                                [&](const PlayerResult& x) { return x.seat == seat; });
    if (!s || p == r.players.end() || s->stack_unknown) {
      out += "inf";
      continue;
    }
    out += format_amount(p->start_stack - p->contributed + p->collected, h.unit);
  }
  return out;
}

struct Written {
  long hands{0}, written{0}, stud{0};
  std::vector<std::string> stud_hands;  // PokerKit's exception: "FILE HAND"
};

std::vector<std::string> phh_actions(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = text.find("actions = [\n");
  REQUIRE(at != std::string::npos);
  at += 12;
  for (std::size_t end; (end = text.find('\n', at)) != std::string::npos; at = end + 1) {
    const std::string line = text.substr(at, end - at);
    if (line == "]") break;
    out.push_back(line.substr(3, line.size() - 5));  // `  "p1 f",` -> `p1 f`
  }
  return out;
}

// Whether a written stud hand deals an up card the site did not print (third street's third
// card, fourth to sixth street's card: `??`): PokerKit places the bring-in and the first to act
// from the up cards, so it cannot replay the hand (Everleaf prints no card of the others).
bool stud_up_card_unknown(const std::string& text) {
  std::map<std::string, int> deals;  // player -> the deals written so far
  for (const std::string& a : phh_actions(text)) {
    if (a.rfind("d dh ", 0) != 0) continue;
    const std::size_t sp = a.find(' ', 5);
    const int n = ++deals[a.substr(5, sp - 5)];
    if (n <= 4 && a.compare(a.size() - 2, 2, "??") == 0) return true;
  }
  return false;
}

// Writes every hand of `files` (under `root`) that PHH expresses into `dir` (one .phhs per file),
// the expected final stacks into dir/expected.tsv, and the same hands as OHH into dir/ohh.
Written write_phh(const fs::path& root, const std::vector<std::string>& files,
                  const fs::path& dir) {
  const Format* phh = format_by_name("phh");
  const Format* ohh = format_by_name("ohh");
  REQUIRE(phh);
  REQUIRE(ohh);
  Written w;
  std::string expected;
  fs::create_directories(dir / "ohh");
  for (std::size_t i = 0; i < files.size(); ++i) {
    const Decoded d = decode(test::read_file(root / files[i]));
    std::vector<std::string> texts, ohh_texts;
    for (const Hand& h : read_text(d.text, files[i])) {
      ++w.hands;
      const Format::WrittenHand out = phh->write_hand(h);
      if (!h.parsed || !h.issues.empty() || !out.written) continue;
      const Format::WrittenHand o = ohh->write_hand(h);
      if (o.written) ohh_texts.push_back(o.text);
      if (h.game.is_stud()) {
        ++w.stud;
        if (stud_up_card_unknown(out.text)) {
          w.stud_hands.push_back(files[i] + " " + h.site_hand_id);
          continue;
        }
      }
      ++w.written;
      texts.push_back(out.text);
      const fs::path name = dir / (std::to_string(i) + ".phhs");
      expected += name.string() + "\t" + std::to_string(texts.size()) + "\t" +
                  final_stacks(h, phh_seats(out.text)) + "\n";
    }
    if (!texts.empty())
      std::ofstream(dir / (std::to_string(i) + ".phhs"), std::ios::binary)
          << phh->join_written(texts);
    if (!ohh_texts.empty())
      std::ofstream(dir / "ohh" / (std::to_string(i) + ".ohh"), std::ios::binary)
          << ohh->join_written(ohh_texts);
  }
  std::ofstream(dir / "expected.tsv", std::ios::binary) << expected;
  return w;
}

test::Run replay(const fs::path& dir) {
  return test::run(python_with_pokerkit() + q(test::source_dir() / "scripts" / "phh-replay.py") +
                   " --expect " + q(dir / "expected.tsv") + " " + q(dir) + " 2>&1");
}

test::Run validate_ohh(const fs::path& dir) {
  return test::run("python3 " + q(test::source_dir() / "scripts" / "ohh-validate.py") + " " +
                   q(dir) + " 2>&1");
}

// The hands of a file of testdata/phh/pokerkit/, written for the writer's rules.
std::vector<Hand> rule_hands(const std::string& name, std::size_t count) {
  std::vector<Hand> hands =
      read_text(test::read_file(test::testdata("phh/pokerkit/" + name)), name);
  REQUIRE(hands.size() == count);
  return hands;
}

const Format& phh_format() {
  const Format* phh = format_by_name("phh");
  REQUIRE(phh);
  return *phh;
}

}  // namespace

TEST_CASE("PHH for PokerKit: no muck after the others folded, shows before an all-in run-out",
          "[phh][pokerkit]") {
  const std::vector<Hand> hands = rule_hands("stars_rules.txt", 3);
  const Format* phh = &phh_format();
  // Ann (p3, the button) raises, both fold, Ann shows: a show after the hand is over shows every
  // card (PHH allows it), and the folded players write nothing more.
  const Format::WrittenHand won = phh->write_hand(hands[0]);
  REQUIRE(won.written);
  CHECK(phh_actions(won.text) == std::vector<std::string>{"d dh p1 ????", "d dh p2 ????",
                                                          "d dh p3 8dAs", "p3 cbr 0.30", "p1 f",
                                                          "p2 f", "p3 sm 8dAs"});
  // All-in before the flop: the two hands are shown, then the board is dealt; the dealt cards
  // are card codes, whatever brackets the text printed them in.
  const Format::WrittenHand allin = phh->write_hand(hands[1]);
  REQUIRE(allin.written);
  CHECK(phh_actions(allin.text) == std::vector<std::string>{"d dh p1 ????", "d dh p2 ????",
                                                            "d dh p3 8dAs", "p3 f", "p1 cbr 5.00",
                                                            "p2 cc", "p1 sm AhAd", "p2 sm KcKd",
                                                            "d db 2c7dJh", "d db Qs", "d db 3h"});
  CHECK(allin.text.find("winnings = [9.50, 0.00, 0.00]") != std::string::npos);
  // A walk printed with no uncalled line: the big blind's 0.15 holds its own uncalled 0.05.
  const Format::WrittenHand walk = phh->write_hand(hands[2]);
  REQUIRE(walk.written);
  CHECK(walk.text.find("winnings = [0.00, 0.10, 0.00]") != std::string::npos);
  CHECK(walk.text.find("_total_pot = 0.10") != std::string::npos);

  // OHH: card codes without brackets, and the walk's pot pays what it holds.
  const Format* ohh = format_by_name("ohh");
  REQUIRE(ohh);
  const Format::WrittenHand o = ohh->write_hand(hands[0]);
  REQUIRE(o.written);
  CHECK(o.text.find("\"[") == std::string::npos);
  CHECK(o.text.find("\"8d\",\n") != std::string::npos);
  const Format::WrittenHand ow = ohh->write_hand(hands[2]);
  REQUIRE(ow.written);
  CHECK(ow.text.find("\"amount\": 0.10,") != std::string::npos);
  CHECK(ow.text.find("\"win_amount\": 0.10") != std::string::npos);

  // PokerKit replays all three with the hands' final stacks; the OHH passes the checker.
  const fs::path dir = test::temp_dir("hhaudit-pokerkit-rules");
  const fs::path root = test::testdata("phh/pokerkit");
  const Written w = write_phh(root, {"stars_rules.txt"}, dir);
  CHECK(w.written == 3);
  const test::Run r = replay(dir);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("replayed 3 of 3 hands; 0 failed") != std::string::npos);
  const test::Run v = validate_ohh(dir / "ohh");
  INFO(v.out);
  CHECK(v.code == 0);
  CHECK(v.out.find("checked 3 hands in 1 files; 0 with problems") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("PHH for PokerKit: what PHH cannot replay as the site printed it is not written",
          "[phh][pokerkit]") {
  const std::string text = test::read_file(test::testdata("phh/pokerkit/stars_refused.txt"));
  const std::vector<Hand> hands = read_text(text, "refused.txt");
  REQUIRE(hands.size() == 4);
  const Format* phh = format_by_name("phh");
  REQUIRE(phh);
  auto refused = [&](const Hand& h) {
    const Format::WrittenHand w = phh->write_hand(h);
    CHECK_FALSE(w.written);
    return w.lost.empty() ? std::string() : w.lost.front();
  };
  // The big blind raises before the small blind acts: PHH's engine asks the small blind.
  CHECK(refused(hands[0]) ==
        "an action the site printed out of turn (line 10: seat 3 acts where seat 2 is to act): "
        "PHH's actions are in the order of play");
  // Heads-up fixed limit, a bet and four raises on the flop: PHH allows four a round.
  CHECK(refused(hands[1]) ==
        "a fifth bet or raise in a fixed-limit round (line 36): PHH's fixed-limit games allow "
        "four and have no field to lift the cap");
  // All-in before the flop, the all-in player mucks, the caller keeps 5.00 behind.
  CHECK(refused(hands[2]) ==
        "an all-in showdown before the whole board where the others muck and the one keeping "
        "cards has chips behind: PokerKit cannot deal the rest of the board to one player");

  // Four bets and raises are written.
  std::string four = text.substr(text.find("PokerStars Hand #200000002"));
  four = four.substr(0, four.find("\n\n\n"));
  four.replace(four.find("Cat: raises $0.10 to $0.50"), 26, "Cat: calls $0.10");
  const Format::WrittenHand w4 = phh->write_hand(test::only_hand(read_text(four, "four.txt")));
  CHECK(w4.written);
  // The caller all-in too (no chips behind): written, the board after the muck not dealt.
  std::string kept = text.substr(text.find("PokerStars Hand #200000003"));
  kept = kept.substr(0, kept.find("\n\n\n"));
  kept.replace(kept.find("Seat 3: Cat ($10 in chips)"), 26, "Seat 3: Cat ($5 in chips)");
  const Format::WrittenHand wk = phh->write_hand(test::only_hand(read_text(kept, "kept.txt")));
  REQUIRE(wk.written);
  CHECK(phh_actions(wk.text) ==
        std::vector<std::string>{"d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f",
                                 "p1 cbr 5.00", "p2 cc", "p2 sm KcKd", "p1 sm", "d db 2c7dJh"});
  // Two all-in, one with chips: the site's checks of the all-in player and of the one with
  // chips (whom no one can bet against) are not written, and the showdown comes before the flop.
  const Format::WrittenHand w = phh->write_hand(hands[3]);
  REQUIRE(w.written);
  CHECK(phh_actions(w.text) ==
        std::vector<std::string>{"d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 5.00",
                                 "p1 cc", "p2 cc", "p3 sm AhAd", "p1 sm KcKd", "p2 sm QcQd",
                                 "d db 2c7dJh", "d db Qs", "d db 3h"});

  // PokerKit replays the written ones with the hands' final stacks.
  const fs::path dir = test::temp_dir("hhaudit-pokerkit-refused");
  fs::create_directories(dir / "in");
  std::ofstream(dir / "in" / "kept.txt", std::ios::binary) << kept << "\n";
  std::ofstream(dir / "in" / "refused.txt", std::ios::binary) << text;
  const Written written = write_phh(dir / "in", {"kept.txt", "refused.txt"}, dir / "out");
  CHECK(written.written == 2);
  const test::Run r = replay(dir / "out");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("replayed 2 of 2 hands; 0 failed") != std::string::npos);
  fs::remove_all(dir);
}

// Stud (testdata/phh/pokerkit/stars_stud.txt): each street's cards are dealt in the game's
// order (third street two down then one up, fourth to sixth up, seventh down), the down cards
// the site did not print unknown, so that PokerKit places the bring-in (the lowest up card,
// clubs lowest in a tie; razz the highest, spades highest) and the first to act from the up
// cards.
TEST_CASE("PHH for PokerKit: stud deals each street's up cards, the down cards not printed unknown",
          "[phh][pokerkit][stud]") {
  const std::vector<Hand> hands = rule_hands("stars_stud.txt", 3);
  const Format* phh = &phh_format();
  // The hero's three cards as printed (the up card last); Cat's 2c brings in over the hero's 2d
  // (clubs below diamonds); Bob's pair of nines showing acts first on later streets; Bob's
  // seventh card, dealt down, is unknown, and he mucks.
  const Format::WrittenHand seven = phh->write_hand(hands[0]);
  REQUIRE(seven.written);
  CHECK(phh_actions(seven.text) ==
        std::vector<std::string>{"d dh p1 AhKd2d", "d dh p2 ????9c", "d dh p3 ????2c",
                                 "p3 pb",          "p1 cc",          "p2 cc",
                                 "d dh p1 Qc",     "d dh p2 9h",     "d dh p3 3s",
                                 "p2 cbr 0.04",    "p3 f",           "p1 cc",
                                 "d dh p1 Jd",     "d dh p2 4s",     "p2 cbr 0.08",
                                 "p1 cc",          "d dh p1 Ts",     "d dh p2 5d",
                                 "p2 cc",          "p1 cbr 0.08",    "p2 cc",
                                 "d dh p1 7h",     "d dh p2 ??",     "p2 cc",
                                 "p1 cbr 0.08",    "p2 cc",          "p1 sm AhKd2dQcJdTs7h",
                                 "p2 sm"});
  CHECK(seven.text.find("bring_in = 0.02\n") != std::string::npos);
  CHECK(seven.text.find("winnings = [0.62, 0.00, 0.00]") != std::string::npos);
  // Razz: Bob's Ks brings in over the hero's Kd (spades highest).
  const Format::WrittenHand razz = phh->write_hand(hands[1]);
  REQUIRE(razz.written);
  CHECK(phh_actions(razz.text) == std::vector<std::string>{"d dh p1 3c4dKd", "d dh p2 ????Ks",
                                                           "d dh p3 ????5h", "p2 pb", "p3 cbr 0.04",
                                                           "p1 f", "p2 f"});
  CHECK(razz.text.find("variant = \"FR\"") != std::string::npos);
  // All-in on fourth street: the cards known so far are shown, the streets left dealt (Bob's
  // seventh unknown), Bob showing his known cards again after each (PokerKit asks whoever holds
  // a card not shown), then the cards the site showed.
  const Format::WrittenHand allin = phh->write_hand(hands[2]);
  REQUIRE(allin.written);
  CHECK(phh_actions(allin.text) == std::vector<std::string>{"d dh p1 AhAd9c",
                                                            "d dh p2 ????2c",
                                                            "p2 pb",
                                                            "p1 cbr 0.04",
                                                            "p2 cbr 0.08",
                                                            "p1 cc",
                                                            "d dh p1 4h",
                                                            "d dh p2 3d",
                                                            "p1 cbr 0.04",
                                                            "p2 cc",
                                                            "p1 sm AhAd9c4h",
                                                            "p2 sm 2c3d",
                                                            "d dh p1 5s",
                                                            "d dh p2 7d",
                                                            "p2 sm 2c3d7d",
                                                            "d dh p1 6s",
                                                            "d dh p2 8d",
                                                            "p2 sm 2c3d7d8d",
                                                            "d dh p1 Jc",
                                                            "d dh p2 ??",
                                                            "p1 sm AhAd9c4h5s6sJc",
                                                            "p2 sm KcKs2c3d7d8dJd"});

  // PokerKit replays the three with the hands' final stacks.
  const fs::path dir = test::temp_dir("hhaudit-pokerkit-stud");
  const Written w = write_phh(test::testdata("phh/pokerkit"), {"stars_stud.txt"}, dir);
  CHECK(w.written == 3);
  CHECK(w.stud == 3);
  const test::Run r = replay(dir);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("replayed 3 of 3 hands; 0 failed") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("PHH for PokerKit: stud bet sizes from the hand's bets, no big bet on fourth street",
          "[phh][pokerkit][stud]") {
  const std::vector<Hand> hands = rule_hands("stars_stud.txt", 3);
  const Format* phh = &phh_format();
  // Fixed-limit bet sizes the header does not state come from the hand's bets: the razz
  // completion to 0.04 is the small bet, the big bet its double; with no bet, not written.
  Hand unstated = hands[1];
  unstated.small_bet = unstated.big_bet = 0;
  const Format::WrittenHand sized = phh->write_hand(unstated);
  REQUIRE(sized.written);
  CHECK(sized.text.find("small_bet = 0.04\nbig_bet = 0.08\n") != std::string::npos);
  unstated.events.erase(std::remove_if(unstated.events.begin(), unstated.events.end(),
                                       [](const Event& e) { return e.kind == EventKind::Raise; }),
                        unstated.events.end());
  const Format::WrittenHand unsized = phh->write_hand(unstated);
  CHECK_FALSE(unsized.written);
  CHECK(unsized.lost == std::vector<std::string>{
                            "fixed-limit bet sizes the site did not print, and no bet of the hand "
                            "shows them: PHH needs them"});
  // A big bet on fourth street (Bob's open pair of nines): PHH's stud has no such option.
  std::string text = test::read_file(test::testdata("phh/pokerkit/stars_stud.txt"));
  text = text.substr(0, text.find("\n\n\n"));
  const std::string small = "Bob: bets $0.04\nCat: folds\nHero: calls $0.04";
  text.replace(text.find(small), small.size(), "Bob: bets $0.08\nCat: folds\nHero: calls $0.08");
  const Format::WrittenHand big = phh->write_hand(test::only_hand(read_text(text, "big.txt")));
  CHECK_FALSE(big.written);
  CHECK(big.lost == std::vector<std::string>{
                        "a big bet on fourth street (line 20): PHH's stud variants bet the small "
                        "bet there and have no field for an open pair's option of the big bet"});
}

TEST_CASE(
    "PokerKit replays the PHH written from a corpus slice, and its OHH passes the 1.4 checker",
    "[phh][ohh][pokerkit][corpus]") {
  const fs::path root = test::shared_corpus();
  REQUIRE(fs::is_directory(root));
  const fs::path dir = test::temp_dir("hhaudit-pokerkit");
  const Written w = write_phh(root, kSlice, dir);
  CHECK(w.stud == 14);  // every up card printed: all replayed
  CHECK(w.stud_hands.empty());
  CHECK(w.written >= 400);
  const test::Run r = replay(dir);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("replayed " + std::to_string(w.written) + " of " + std::to_string(w.written) +
                   " hands; 0 failed") != std::string::npos);
  const test::Run v = validate_ohh(dir / "ohh");
  INFO(v.out);
  CHECK(v.code == 0);
  CHECK(v.out.find(" 0 with problems") != std::string::npos);
  fs::remove_all(dir);
}

// The whole corpus (scripts/phh-conformance.sh; 24-30 s on the shared machine, about 10 s of CPU):
// at least 99% of the written hands replay with equal stacks, stud included, but for the stud
// hands with an up card the site did not print (listed). Its name holds
// the slice's, which .ci/run leaves out of the sanitizer run (Python and the whole corpus).
TEST_CASE("PokerKit replays the PHH written from a corpus slice and from the whole corpus",
          "[pokerkit-corpus]") {
  const fs::path root = test::shared_corpus();
  REQUIRE(fs::is_directory(root));
  std::vector<std::string> files;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    const std::string ext = de.path().extension().string();
    if (de.is_regular_file() && ext != ".hp" && ext != ".hands" && ext != ".gt" && ext != ".md" &&
        ext != ".tsv")
      files.push_back(fs::relative(de.path(), root).string());
  }
  std::sort(files.begin(), files.end());
  const fs::path dir = test::temp_dir("hhaudit-pokerkit-corpus");
  const Written w = write_phh(root, files, dir);
  const test::Run r = replay(dir);
  std::cout << r.out;
  for (const std::string& s : w.stud_hands)
    std::cout << "stud, an up card not printed, not replayed: " << s << "\n";
  long failed = -1, total = -1;
  const std::size_t at = r.out.rfind("replayed ");
  REQUIRE(at != std::string::npos);
  long replayed = 0;
  REQUIRE(std::sscanf(r.out.c_str() + at, "replayed %ld of %ld hands; %ld failed", &replayed,
                      &total, &failed) == 3);
  std::cout << w.hands << " hands read, " << w.written + w.stud_hands.size() << " written as PHH ("
            << w.stud << " of stud), " << w.stud_hands.size()
            << " stud with an up card the site did not print (PokerKit's exception, listed), "
            << replayed << " of " << total << " others replayed with equal final stacks\n";
  CHECK(replayed * 100 >= total * 99);
  fs::remove_all(dir);
}

TEST_CASE("PHH keys a hand by event, day, table and number: repeated numbers are all audited",
          "[phh][cli]") {
  const fs::path events = test::testdata("phh/pokerkit/events");
  const Hand a = test::only_hand(read_text(test::read_file(events / "event43.phh"), "a.phh"));
  const Hand b = test::only_hand(read_text(test::read_file(events / "event54.phh"), "b.phh"));
  CHECK(a.site_hand_id == "WSOP 2023 Event #43 | 2023-7-2 | 1");
  CHECK(b.site_hand_id == "WSOP 2023 Event #54 | 2023-7-2 | 1");
  // A hand hhaudit wrote from a card room keeps the room's own number.
  const Hand stars =
      read_text(test::read_file(test::testdata("phh/pokerkit/stars_rules.txt")), "s.txt").front();
  const Format::WrittenHand w = format_by_name("phh")->write_hand(stars);
  REQUIRE(w.written);
  CHECK(test::only_hand(read_text(w.text, "s.phh")).site_hand_id == "100000001");

  const fs::path dir = test::temp_dir("hhaudit-phh-events");
  const test::Run run =
      test::run(test::bin() + " audit " + q(events) + " --db " + q(dir / "a.db") + " 2>&1");
  const test::Summary s = test::summary_of(run.out);
  CHECK(s.hands == 2);
  CHECK(s.parsed == 2);
  CHECK(s.conflicts == 0);
  CHECK(s.duplicates == 0);
  fs::remove_all(dir);
}

TEST_CASE("hhaudit convert: a hand with a gap is not written, and every input gets its own output",
          "[phh][cli]") {
  const fs::path dir = test::temp_dir("hhaudit-convert-gaps");
  fs::create_directories(dir / "a");
  fs::create_directories(dir / "b");
  const std::string rules = test::read_file(test::testdata("phh/pokerkit/stars_rules.txt"));
  std::ofstream(dir / "a" / "hands.txt", std::ios::binary) << rules;
  // The same first hand with a line hhaudit does not read, under another number.
  std::string gap = rules.substr(0, rules.find("\n\n\n"));
  gap.replace(gap.find("100000001"), 9, "100000011");
  gap.replace(gap.find("Bob: folds"), 10, "Bob: does a little dance");
  std::ofstream(dir / "b" / "hands.txt", std::ios::binary) << gap << "\n";

  const test::Run r =
      test::run(test::bin() + " convert " + q(dir / "a" / "hands.txt") + " " +
                q(dir / "b" / "hands.txt") + " --to phh -o " + q(dir / "out") + " 2>&1");
  INFO(r.out);
  CHECK(r.code == 3);
  CHECK(r.out.find("hands.txt:1: not written (hand 100000011): line 11 was not read (does a little "
                   "dance), so the hand is not whole\n") != std::string::npos);
  CHECK(r.out.find("4 hands read, 3 written as Poker Hand History, 1 not written") !=
        std::string::npos);
  CHECK(fs::exists(dir / "out" / "hands.phhs"));
  CHECK_FALSE(fs::exists(dir / "out" / "hands-2.phhs"));

  // Two inputs of the same name, both whole: each gets its own output, and the tally is true.
  std::ofstream(dir / "b" / "hands.txt", std::ios::binary) << rules;
  const test::Run both =
      test::run(test::bin() + " convert " + q(dir / "a" / "hands.txt") + " " +
                q(dir / "b" / "hands.txt") + " --to phh -o " + q(dir / "out2") + " 2>&1");
  INFO(both.out);
  CHECK(both.code == 0);
  CHECK(both.out.find("6 hands read, 6 written as Poker Hand History, 0 not written") !=
        std::string::npos);
  CHECK(read_text(test::read_file(dir / "out2" / "hands.phhs"), "1.phhs").size() == 3);
  CHECK(read_text(test::read_file(dir / "out2" / "hands-2.phhs"), "2.phhs").size() == 3);
  fs::remove_all(dir);
}
