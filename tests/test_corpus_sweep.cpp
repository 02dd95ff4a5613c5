// Sweeps the real PokerStars corpus in ../shared/corpus/Stars (skipped when absent): at least
// 99.5% of hands parse, no error finding unless the hand is a known site anomaly listed in
// testdata/stars_anomalies.tsv, and every player's net matches fpdb's .hp file where there is one.
#include <catch2/catch.hpp>
#include <filesystem>

#include "tests/corpus_sweep.hpp"

TEST_CASE("PokerStars corpus sweep", "[corpus]") {
  const std::filesystem::path root = hh::test::shared_corpus() / "Stars";
  // The corpus is part of the test set: a missing corpus fails, it does not skip.
  REQUIRE(std::filesystem::is_directory(root));
  const hh::test::SweepResult r = hh::test::sweep_corpus(root, "stars_anomalies.tsv");
  CHECK(r.hands > 900);
  hh::test::check_sweep(r, "stars_anomalies.tsv");
}
