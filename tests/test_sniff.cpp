// The Format registry's scored sniffing: a file's format is the most confident of all formats on
// the head of the file, so a site whose first line another site also prints (PartyPoker's
// "#Game No", Full Tilt's "... Game #") is not taken for that other site; recognised-only formats
// name the sites that are not read yet; and over the shared corpus every folder's files sniff as
// their own site.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "parser/format.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"
#include "parser/text/decode.hpp"
#include "parser/text/split.hpp"
#include "tests/test_paths.hpp"

using namespace hh;
namespace fs = std::filesystem;

namespace {

std::string sniffed(std::string_view head) {
  const SniffResult r = sniff_format(head);
  return r.format ? std::string(r.format->name()) : std::string("none");
}

int confidence_of(std::string_view format, std::string_view head) {
  const Format* f = format_by_name(format);
  REQUIRE(f);
  return f->sniff(head);
}

}  // namespace

TEST_CASE("Sniff: the registry holds the readable formats and the recognised-only ones",
          "[sniff]") {
  std::set<std::string> readable, recognised;
  for (const auto& f : formats()) {
    CHECK_FALSE(f->name().empty());
    CHECK_FALSE(f->display_name().empty());
    CHECK(format_by_name(f->name()) == f.get());
    (f->readable() ? readable : recognised).insert(std::string(f->name()));
  }
  // Each site folder registers its formats itself (parser/registry.hpp), read or only
  // recognised: every folder of parser/ with a format.cpp registers a format, and every format
  // comes from one.
  std::set<std::string> folders, registering;
  for (const auto& de : fs::directory_iterator(test::source_dir() / "parser"))
    if (fs::is_regular_file(de.path() / "format.cpp"))
      folders.insert(de.path().filename().string());
  for (const FormatEntry& e : format_entries()) {
    INFO(e.format->name());
    CHECK_FALSE(e.folder.empty());
    registering.insert(std::string(e.folder));
  }
  CHECK(folders.size() >= 30);
  CHECK(registering == folders);
  CHECK(readable.count("pokerstars-summary") == 1);
  // Issue 33, point 21: recorded "unsupported" with their names, never "no-hands" (each sample
  // sniffed below, each listed in docs/sites.md: tests/test_registry_docs.cpp).
  CHECK(recognised.count("9stacks") == 1);
  CHECK(recognised.count("betonline-xml") == 1);
  CHECK(format_by_name("pacific") == nullptr);
  CHECK(sniff_format("just some notes\nnot a hand\n").format == nullptr);
  CHECK(sniff_format("").confidence == 0);
}

TEST_CASE("Registry: ranks order the formats, and every format's samples exist", "[sniff]") {
  const std::vector<FormatEntry>& entries = format_entries();
  REQUIRE(entries.size() == formats().size());
  std::set<int> ranks;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const FormatEntry& e = entries[i];
    INFO(e.format->name());
    CHECK(e.format == formats()[i].get());
    CHECK(ranks.insert(e.rank).second);  // a tie between ranks would be the link order's
    if (i > 0) CHECK(entries[i - 1].rank < e.rank);
    // Readable formats of hands first, then the summaries, then the recognised-only ones.
    const int group = !e.format->readable() ? 2 : e.format->reads_summaries() ? 1 : 0;
    if (i > 0) {
      const Format& before = *entries[i - 1].format;
      CHECK((!before.readable() ? 2 : before.reads_summaries() ? 1 : 0) <= group);
    }
    // A format's test data, which fuzz/seed.sh seeds from with its corpus folders.
    REQUIRE_FALSE(e.samples.testdata_folder.empty());
    CHECK(fs::is_directory(test::testdata(std::string(e.samples.testdata_folder))));
    if (!e.format->readable()) {
      // A format only recognised: its samples (every file but the README) sniff as it, so that
      // the pipeline records them "unsupported" with its name (tests/test_cli.cpp).
      int samples = 0;
      for (const auto& de :
           fs::directory_iterator(test::testdata(std::string(e.samples.testdata_folder)))) {
        if (de.path().extension() == ".md") continue;
        ++samples;
        const std::string text = test::read_file(de.path());
        INFO(de.path());
        CHECK(sniff_format(text).format == e.format);
      }
      CHECK(samples >= 1);
      continue;
    }
    for (std::string_view folder : e.samples.corpus_folders)
      CHECK(fs::is_directory(test::shared_corpus() / folder));
  }
}

TEST_CASE("Sniff: PartyPoker's #Game No head is PartyPoker, not 888poker", "[sniff]") {
  const std::string party =
      "#Game No : 11354414824\n***** Hand History for Game 11354414824 *****\n"
      "$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012\n";
  const std::string eight =
      "#Game No : 548154959\n***** 888poker Hand History for Game 548154959 *****\n"
      "$0.50/$1 Blinds No Limit Holdem Jackpot table - *** 04 07 2016 02:30:27\n";
  // 888 can split both (the same first line), but is only sure of its own banner.
  CHECK(confidence_of("888poker", party) > 0);
  CHECK(confidence_of("888poker", party) < confidence_of("partypoker", party));
  CHECK(confidence_of("888poker", eight) > confidence_of("partypoker", eight));
  CHECK(sniffed(party) == "partypoker");
  CHECK(sniff_format(party).format->readable());
  CHECK(sniff_format(party).format->display_name() == "PartyPoker");
  CHECK(sniffed(eight) == "888poker");
  CHECK(sniffed("Game #12827330772 starts.\n") == "partypoker");
  CHECK(sniffed("#Game No : 221147108\n***** 888.ro Hand History for Game 221147108 *****\n") ==
        "888poker");
  CHECK(sniffed("#Game No : 171407432\n***** Cassava Hand History for Game 171407432 *****\n") ==
        "888poker");
}

TEST_CASE("Sniff: 9stacks and BetOnline's XML are recognised by their own first lines", "[sniff]") {
  const std::string nine =
      "9stacks Poker Hand #1234567: Hold'em No Limit (5/10) - 2021/03/04 20:11:12\n"
      "Table 'Mumbai 1' 6-max Seat #1 is the button\nSeat 1: Ann (1000 in chips)\n";
  CHECK(sniffed(nine) == "9stacks");
  CHECK_FALSE(sniff_format(nine).format->readable());
  CHECK(sniff_format(nine).format->display_name() == "9stacks Poker");
  CHECK(sniffed("<?xml version=\"1.0\"?>\n<HandHistory><GameState GameId=\"1\">\n") ==
        "betonline-xml");
  CHECK(sniffed("<HandHistory>\n  <GameState GameId=\"1\">\n") == "betonline-xml");
  CHECK(format_by_name("betonline-xml")->display_name() == "BetOnline XML");
  // BetOnline's text export stays BetOnline's.
  CHECK(sniffed("BetOnline Poker Game #123456: Hold'em No Limit ($0.05/$0.10) - 2011/01/02 "
                "03:04:05 ET\n") == "betonline");
}

TEST_CASE("Sniff: Full Tilt's own software is Full Tilt, Full Tilt on PokerStars' is PokerStars",
          "[sniff]") {
  const std::string ftp =
      "Full Tilt Poker Game #22488827305: Table Flash - $0.02/$0.05 - No Limit Hold'em - "
      "20:53:40 ET - 2010/08/14\nSeat 1: Player0 ($5)\n";
  // The Full Tilt reader owns these lines: the PokerStars reader neither claims nor splits them.
  CHECK(confidence_of("pokerstars", ftp) == 0);
  CHECK(confidence_of("fulltilt", ftp) == 100);
  CHECK(sniffed(ftp) == "fulltilt");
  CHECK(format_by_name("fulltilt")->readable());
  CHECK(readable_format_of_line("Full Tilt Poker Game #22488827305: Table Flash - x") ==
        format_by_name("fulltilt"));
  CHECK(readable_format_of_line("FullTiltPoker Game #656000081: Table Keifer (6 max) - x") ==
        format_by_name("fulltilt"));
  // A tournament summary holds no hand: Full Tilt's summary format, read whole as a summary.
  CHECK(sniffed("Full Tilt Poker Tournament Summary $26 Super Turbo Matrix (244669447)\n") ==
        "fulltilt-summary");
  CHECK(format_by_name("fulltilt-summary")->reads_summaries());
  CHECK_FALSE(format_by_name("fulltilt")->reads_summaries());
  // After 2016 Full Tilt ran on PokerStars' software and wrote PokerStars' format.
  const std::string rush =
      "Full Tilt Rush Hand #153580762880:  Hold'em No Limit (25/50) - 2016/05/20 8:39:15 ET\n";
  CHECK(sniffed(rush) == "pokerstars");
  CHECK(confidence_of("fulltilt", rush) == 0);
  CHECK(sniffed("PokerStars Hand #184487904738: Hold'em No Limit ($1/$2 USD) - 2018/03/28 "
                "13:38:18 ET\n") == "pokerstars");
}

TEST_CASE("Sniff: each summary format scores its own signature and is read", "[sniff][summaries]") {
  const std::map<std::string, std::string> heads = {
      {"fulltilt-summary",
       "Full Tilt Poker Tournament Summary Step 2 (Super Turbo) (243814827) Hold'em No Limit\n"},
      {"pokerstars-summary",
       "PokerStars Tournament #2711645426, No Limit Hold'em\nBuy-In: $0.98/$0.12 USD\n"},
  };
  std::set<std::string> summaries;
  for (const auto& f : formats()) {
    // The summaries, recognised only before issue 15, are read.
    if (f->reads_summaries()) {
      CHECK(f->readable());
      summaries.insert(std::string(f->name()));
    }
  }
  CHECK(summaries == std::set<std::string>{"fulltilt-summary", "pokerstars-summary"});
  for (const auto& [name, head] : heads) {
    INFO(name << ": " << head);
    CHECK(sniffed(head) == name);
    CHECK(sniff_format(head).confidence > 0);
    // No line of a summary starts a hand.
    CHECK_FALSE(is_any_hand_start(head.substr(0, head.find('\n'))));
  }
}

TEST_CASE("Sniff: WPN's two exports are one readable format, look-alikes are not WPN",
          "[sniff][winning]") {
  for (const char* head :
       {"Game started at: 2016/8/8 16:26:41\nGame ID: 698338917 0.01/0.02 (PRR)\n",
        "Hand #151588328 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC\n",
        "Game Hand #80586589 - Tournament #11182752 - Holdem(No Limit) - Level 15 "
        "(250.00/500.00)- 2019/07/21 17:44:50 UTC\n"}) {
    INFO(head);
    CHECK(sniffed(head) == "winning");
    CHECK(sniff_format(head).confidence == 100);
  }
  CHECK(format_by_name("winning")->readable());
  // Seals With Clubs numbers its hands "Hand #6340502-110 - ": no " - " right after the digits.
  CHECK(sniffed("Hand #6340502-110 - 2013-05-02 02:14:03\nSite: Seals With Clubs\n") ==
        "sealswithclubs");
  CHECK(sniffed("PokerStars Hand #184487904738: Hold'em No Limit ($1/$2 USD) - 2018/03/28 "
                "13:38:18 ET\n") == "pokerstars");
}

TEST_CASE("Sniff: iPoker's XML is told apart from the other sites' XML", "[sniff]") {
  const std::string decl = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n";
  CHECK(sniffed(decl + "<session sessioncode=\"0\">\n  <general>\n") == "ipoker");
  CHECK(sniffed(decl + "<game gamecode=\"3805968550\">\n") == "ipoker");
  CHECK(format_by_name("ipoker")->readable());
  // The XML declaration alone is no site's; the other XML sites keep their own signatures.
  CHECK(sniff_format(decl).format == nullptr);
  CHECK(sniffed(decl + "<SESSION time=\"1335014137\" tableName=\"Kitwe-5\" id=\"1548\">\n") ==
        "everest");
  CHECK(sniffed(decl + "<HISTORY ID=\"89027776\" SESSION=\"session28098971.xml\">\n") == "boss");
  CHECK(sniffed(decl + "<description type=\"Holdem\" stakes=\"No Limit ($0.02/$0.04)\"/>\n") ==
        "merge");
}

TEST_CASE("Sniff: a file of several readable formats is split on any of them", "[sniff]") {
  const std::string text =
      decode(test::read_file(test::testdata("winamax/cash_plo_post_both.txt")) + "\n\n" +
             test::read_file(test::testdata("sample/fixtures_holdem_Sample.txt")))
          .text;
  CHECK(sniffed(text) == "pokerstars");  // both score 100: the first registered wins the tie
  const std::vector<Hand> hands = read_text(text, "mixed.txt");
  REQUIRE(hands.size() == 2);
  CHECK(hands[0].site == "winamax");
  CHECK(hands[1].site == "pokerstars");
}

TEST_CASE("Sniff: every folder of the shared corpus sniffs as its own site", "[sniff][corpus]") {
  const fs::path root = test::shared_corpus();
  // Not skipped: the corpus is part of the check-out's neighbourhood (test_paths.hpp).
  REQUIRE(fs::is_directory(root));
  // The site of each corpus folder, as the formats declare their samples (parser/registry.hpp).
  std::map<std::string, std::string> site_of_folder;
  for (const FormatEntry& e : format_entries())
    for (std::string_view folder : e.samples.corpus_folders)
      site_of_folder.emplace(std::string(folder), std::string(e.format->name()));
  CHECK(site_of_folder.size() >= 30);
  std::size_t files = 0;
  std::vector<std::string> unrecognised;
  for (const auto& folder : fs::directory_iterator(root)) {
    if (!folder.is_directory()) continue;
    const std::string name = folder.path().filename().string();
    INFO("folder " << name);
    REQUIRE(site_of_folder.count(name) == 1);
    const std::string& own = site_of_folder.at(name);
    for (const auto& de : fs::recursive_directory_iterator(folder.path())) {
      if (!de.is_regular_file()) continue;
      const std::string ext = de.path().extension().string();
      if (ext == ".hp" || ext == ".hands" || ext == ".gt" || ext == ".md") continue;
      const std::string bytes = test::read_file(de.path());
      if (bytes.empty()) continue;  // empty on purpose
      ++files;
      const std::string text = decode(bytes).text;
      const SniffResult r = sniff_format(std::string_view(text).substr(0, kSniffBytes));
      INFO(de.path().string());
      if (!r.format) {
        unrecognised.push_back(de.path().lexically_relative(root).string());
        continue;
      }
      // A site's tournament summary file (results, no hand) is its own recognised format.
      if (r.format->name() == own + "-summary") continue;
      CHECK(r.format->name() == own);
    }
  }
  CHECK(files > 600);
  std::string list;
  for (const std::string& u : unrecognised) list += u + "\n";
  INFO("not recognised:\n" << list);
  CHECK(unrecognised.empty());
}

TEST_CASE("Sniff: the texts a format's hand starts begin with hide none of its hand starts",
          "[sniff][corpus]") {
  const fs::path root = test::shared_corpus();
  REQUIRE(fs::is_directory(root));
  // Every line of every file of the corpus, .hp and the like included: whatever a format claims
  // as a hand start begins with one of its hand_start_prefixes(), and the line's format is the
  // one the registry's order gives without them.
  std::map<std::string, long> starts;
  std::vector<std::string> hidden;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    const std::string text = decode(test::read_file(de.path())).text;
    LineCursor lines(text);
    std::string_view line;
    while (lines.next(line)) {
      const Format* unfiltered = nullptr;
      for (const auto& f : formats()) {
        if (!f->readable() || f->reads_summaries() || !f->is_hand_start(line)) continue;
        ++starts[std::string(f->name())];
        if (!unfiltered) unfiltered = f.get();
        const std::vector<std::string_view> prefixes = f->hand_start_prefixes();
        const std::string_view cleaned = sniff::clean(line);
        if (!prefixes.empty() && std::none_of(prefixes.begin(), prefixes.end(),
                                              [&](auto p) { return cleaned.starts_with(p); }))
          hidden.push_back(std::string(f->name()) + ": " + std::string(line));
      }
      if (readable_format_of_line(line) != unfiltered)
        hidden.push_back("order: " + std::string(line));
    }
  }
  CHECK(hidden.empty());
  // Every format of hands declares its texts, and the corpus has hand starts of each.
  for (const auto& f : formats()) {
    if (!f->readable() || f->reads_summaries()) continue;
    INFO(f->name());
    CHECK_FALSE(f->hand_start_prefixes().empty());
    CHECK(starts[std::string(f->name())] > 0);
  }
  // Lines that begin otherwise are no hand starts of any format.
  for (const std::string_view line :
       {"Seat 1: Alice ($10 in chips)", "*** FLOP *** [2c 3d 4h]", "  ", "", "Alice: folds"})
    CHECK(readable_format_of_line(line) == nullptr);
}

TEST_CASE("Sniff: a hand start is found by its first two bytes and its texts", "[sniff]") {
  const auto format_of = [](std::string_view line) {
    const Format* f = readable_format_of_line(line);
    return f ? std::string(f->name()) : std::string("none");
  };
  // After a byte order mark, spaces and NULs, as sniff::clean() skips them.
  CHECK(format_of("\xEF\xBB\xBFGAME #3751843463: Texas Hold'em NL $0.05/$0.10 - 2012/04/01") ==
        "pokertracker");
  CHECK(format_of("  PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)") == "pokerstars");
  CHECK(format_of(std::string_view("\0Game #9582251255 starts.", 25)) == "partypoker");
  // Texts sharing their first two bytes, told apart by the rest: "GAME #" and "Game #".
  CHECK(format_of("GAME #3751843463: Texas Hold'em NL $0.05/$0.10 - 2012/04/01 05:16:51") ==
        "pokertracker");
  CHECK(format_of("Game #9582251255 starts.") == "partypoker");
  // A text of one byte: the line of one byte is a start too.
  CHECK(format_of("{") == "ohh");
  // Their first bytes, not their texts.
  CHECK(format_of("Stage 1") == "none");
  CHECK(format_of("PokerStar Hand #1:") == "none");
  CHECK(format_of("***** Hand History") == "none");
}

TEST_CASE("Sniff: Bovada, Ignition and Bodog heads are Bovada's, and only theirs", "[sniff]") {
  CHECK(sniffed("Ignition Hand #3340409736 TBL#10916521 HOLDEM No Limit - 2016-08-09 12:41:32\n") ==
        "bovada");
  CHECK(sniffed("\xEF\xBB\xBF"
                "Bodog UK Hand #2635581996 TBL#2076847 HOLDEM No Limit - "
                "2012-09-26 16:42:02\n") == "bovada");
  CHECK(format_by_name("bovada")->readable());
  // Other sites' "Hand #" lines are not Bovada's.
  CHECK(confidence_of("bovada", "PokerStars Hand #184487904738: Hold'em No Limit ($1/$2 USD)\n") ==
        0);
  CHECK(confidence_of("bovada", "Hand #151588328 - Holdem(No Limit) - $0.01/$0.02 - x UTC\n") == 0);
  CHECK(confidence_of("bovada", "Poker Hand #RC1: Hold'em No Limit ($0.01/$0.02) - x\n") == 0);
}

TEST_CASE("Sniff: KingsClub's \"#N: GAME - S/B\" head is KingsClub's, and only theirs", "[sniff]") {
  CHECK(sniffed("#37660193: Pot Limit Omaha 5 Card - 5/10\n2020-10-28 22:29:45\n") == "kingsclub");
  CHECK(sniffed("#3703449: Limit 2-7 Razz - 500/1,000\n2021-02-21 09:28:49\n") == "kingsclub");
  CHECK(format_by_name("kingsclub")->readable());
  // A "#" line without the game's " - S/B" is not a KingsClub hand (a note, a PHH comment).
  CHECK(confidence_of("kingsclub", "#12: a note about this file\n") == 0);
  CHECK(confidence_of("kingsclub", "# A big pot between Dwan and Ivey.\nvariant = \"NT\"\n") == 0);
  CHECK(confidence_of("kingsclub",
                      "PokerStars Hand #184487904738: Hold'em No Limit ($1/$2 USD)\n") == 0);
}
