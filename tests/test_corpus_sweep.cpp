// Sweeps the real PokerStars corpus in ../shared/corpus/Stars (skipped when absent): at least
// 99.5% of hands parse, no error finding unless the hand is a known site anomaly listed in
// testdata/stars_anomalies.tsv, and every player's net matches fpdb's .hp file where there is one.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "audit/audit.hpp"
#include "parser/decode.hpp"
#include "parser/site.hpp"
#include "test_paths.hpp"
#include "tests/fpdb_hp.hpp"

namespace fs = std::filesystem;
using namespace hh;

namespace {

bool is_sidecar(const fs::path& p) {
  auto ext = p.extension().string();
  return ext == ".hp" || ext == ".hands" || ext == ".gt";
}

// "HAND_ID<TAB>CODE<TAB>reason" lines; '#' starts a comment.
std::set<std::pair<std::string, std::string>> load_anomalies() {
  std::set<std::pair<std::string, std::string>> out;
  std::istringstream in(test::read_file(test::testdata("stars_anomalies.tsv")));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto t1 = line.find('\t');
    auto t2 = line.find('\t', t1 + 1);
    REQUIRE(t1 != std::string::npos);
    REQUIRE(t2 != std::string::npos);
    REQUIRE(t2 + 1 < line.size());  // every anomaly states its reason
    out.emplace(line.substr(0, t1), line.substr(t1 + 1, t2 - t1 - 1));
  }
  return out;
}

std::string hand_key(const Hand& h, const fs::path& rel) {
  return h.site_hand_id.empty() ? rel.string() + ":" + std::to_string(h.source.line)
                                : h.site_hand_id;
}

}  // namespace

TEST_CASE("PokerStars corpus sweep", "[corpus]") {
  const fs::path root = test::shared_corpus() / "Stars";
  if (!fs::is_directory(root)) {
    WARN("skipped: " << root << " is absent");
    return;
  }
  const auto anomalies = load_anomalies();
  long hands = 0, parsed = 0, hp_checked = 0;
  std::vector<std::string> unexpected;
  std::set<std::pair<std::string, std::string>> seen_anomalies;
  std::vector<fs::path> files;
  for (const auto& de : fs::recursive_directory_iterator(root))
    if (de.is_regular_file() && !is_sidecar(de.path())) files.push_back(de.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    const fs::path rel = fs::relative(file, root);
    Decoded d = decode(test::read_file(file));
    std::vector<Hand> parsed_hands = parse_text(d.text, rel.string());
    std::map<std::string, long> nets;
    for (const Hand& h : parsed_hands) {
      ++hands;
      if (h.parsed) ++parsed;
      AuditResult r = audit_hand(h);
      for (const Finding& f : r.findings) {
        if (f.severity != Severity::Error) continue;
        auto key = std::make_pair(hand_key(h, rel), f.code);
        if (anomalies.count(key)) {
          seen_anomalies.insert(key);
          continue;
        }
        unexpected.push_back(rel.string() + ":" + std::to_string(h.source.line) + " #" +
                             h.site_hand_id + " " + f.code + ": " + f.message);
      }
      for (const PlayerResult& p : r.players) nets[p.player] += p.net();
    }
    fs::path hp = file;
    hp += ".hp";
    if (fs::exists(hp) && parsed_hands.size() == 1) {
      for (const auto& [player, profit] : test::fpdb_profits(test::read_file(hp))) {
        INFO(rel.string() << " player " << player);
        REQUIRE(nets.count(player));
        CHECK(nets[player] == profit);
        ++hp_checked;
      }
    }
  }
  INFO(hands << " hands, " << parsed << " parsed");
  CHECK(hands > 900);
  CHECK(parsed * 1000 >= hands * 995);
  CHECK(hp_checked > 0);
  std::string report;
  for (const std::string& u : unexpected) report += u + "\n";
  INFO("error findings on real hands not listed in testdata/stars_anomalies.tsv:\n" << report);
  CHECK(unexpected.empty());
  // Every listed anomaly must still occur, so the list cannot hide a fixed bug or a typo.
  for (const auto& a : anomalies) {
    INFO("listed anomaly no longer seen: " << a.first << " " << a.second);
    CHECK(seen_anomalies.count(a));
  }
}
