// Hand values, with the worked examples of the hand-ranking rule text
// (../shared/rules/004_f671926a555e38ee.txt, "Ranking of hands").
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <regex>
#include <string>
#include <string_view>

#include "audit/hand_eval.hpp"
#include "tests/test_paths.hpp"

using namespace hh;

namespace {

HandValue value(const char* five) {
  auto cards = parse_cards(five);
  REQUIRE(cards);
  REQUIRE(cards->size() == 5);
  return eval5(cards->data());
}

}  // namespace

TEST_CASE("a card is read from exactly a rank and a suit, of the strings of up to 3 bytes",
          "[eval]") {
  // The cards the reader takes, from the rule: ranks 2-9, T or 10, J, Q, K, A and suits c, d, h,
  // s, letters in either case. Every other string of up to three bytes is no card.
  std::map<std::string, Card> cards;
  const std::vector<std::pair<std::string, int>> ranks = {
      {"2", 2},  {"3", 3},  {"4", 4},  {"5", 5},   {"6", 6},  {"7", 7},  {"8", 8},
      {"9", 9},  {"T", 10}, {"t", 10}, {"10", 10}, {"J", 11}, {"j", 11}, {"Q", 12},
      {"q", 12}, {"K", 13}, {"k", 13}, {"A", 14},  {"a", 14}};
  const std::string suits = "cdhs";
  for (const auto& [text, rank] : ranks)
    for (int suit = 0; suit < 4; ++suit)
      for (char s : {suits[suit], static_cast<char>(suits[suit] - 'a' + 'A')})
        cards[text + s] = Card{static_cast<std::uint8_t>(rank), static_cast<std::uint8_t>(suit)};
  REQUIRE(cards.size() == 19 * 8);
  std::size_t read = 0, wrong = 0;
  std::string t;
  auto check = [&] {
    const auto got = parse_card(t);
    const auto want = cards.find(t);
    if (got) ++read;
    if (want == cards.end() ? got.has_value() : got != want->second) ++wrong;
  };
  t.clear();
  check();
  for (int a = 0; a < 256; ++a) {
    t.assign(1, static_cast<char>(a));
    check();
    for (int b = 0; b < 256; ++b) {
      t.assign({static_cast<char>(a), static_cast<char>(b)});
      check();
      // Three bytes: every last byte that is a suit, and some that are not (a last byte that
      // is no suit is no card, as the strings of one and two bytes show for every byte).
      for (char c : std::string_view("cdhsCDHSbexX0 ")) {
        t.assign({static_cast<char>(a), static_cast<char>(b), c});
        check();
      }
    }
  }
  CHECK(read == cards.size());
  CHECK(wrong == 0);
}

TEST_CASE("cards are read as sites print them", "[eval]") {
  CHECK(parse_card("Ah") == Card{14, 2});
  CHECK(parse_card("Td") == Card{10, 1});
  CHECK(parse_card("10d") == Card{10, 1});
  CHECK(parse_card("2C") == Card{2, 0});
  CHECK_FALSE(parse_card("1s"));
  CHECK_FALSE(parse_card("Ax"));
  CHECK_FALSE(parse_card("Kn"));  // 888's localised ranks are not guessed
  auto cards = parse_cards("[Ah, Kd] 7c");
  REQUIRE(cards);
  CHECK(cards->size() == 3);
  CHECK_FALSE(parse_cards("Ah Zz"));
}

TEST_CASE("the rule text's ranking examples", "[eval]") {
  // 4-4-4-7-7 beats 2-2-2-K-K; 4-4-4-3-2 beats 2-2-2-A-K.
  CHECK(value("4c 4d 4h 7s 7c") > value("2c 2d 2h Ks Kc"));
  CHECK(value("4c 4d 4h 3s 2c") > value("2c 2d 2h As Kc"));
  // 5-5-5-9-9 beats 5-5-5-6-6.
  CHECK(value("5c 5d 5h 9s 9c") > value("5c 5d 5s 6s 6c"));
  // K-K-2-2-A beats 7-7-3-3-Q; 7-7-3-3-Q beats 7-7-2-2-A.
  CHECK(value("Kc Kd 2h 2s Ac") > value("7c 7d 3h 3s Qc"));
  CHECK(value("7c 7d 3h 3s Qc") > value("7h 7s 2h 2s Ac"));
  // A-K-8-3-2 beats A-K-7-6-5.
  CHECK(value("Ac Kd 8h 3s 2c") > value("Ad Kc 7h 6s 5c"));
  // 6-5-4-3-2 beats 5-4-3-2-A: the ace is low in the wheel.
  CHECK(value("6c 5d 4h 3s 2c") > value("5c 4d 3h 2s Ac"));
  CHECK(category_of(value("5c 4d 3h 2s Ac")) == HandCategory::Straight);
  // 2-A-K-Q-J and 4-3-2-A-K are not straights.
  CHECK(category_of(value("2c Ad Kh Qs Jc")) == HandCategory::HighCard);
  CHECK(category_of(value("4c 3d 2h As Kc")) == HandCategory::HighCard);
  // Every category above the one below.
  CHECK(value("9h Th Jh Qh Kh") > value("9c 9d 9h 9s 2c"));
  CHECK(value("9c 9d 9h 9s 2c") > value("Ac Ad Ah Ks Kc"));
  CHECK(value("Ac Ad Ah Ks Kc") > value("2h 4h 6h 8h Th"));
  CHECK(value("2h 4h 6h 8h Th") > value("Ac Kd Qh Js Tc"));
  CHECK(value("Ac Kd Qh Js Tc") > value("Qc Qd Qh 3s 2c"));
  CHECK(value("Qc Qd Qh 3s 2c") > value("Jc Jd 3h 3s 2c"));
  CHECK(value("Jc Jd 3h 3s 2c") > value("Qc Qd Ah 8s 7c"));
  CHECK(value("Qc Qd Ah 8s 7c") > value("Ac Kd 9h 7s 5c"));
  // Suits never break ties.
  CHECK(value("Ac Kd 9h 7s 5c") == value("Ad Kh 9s 7c 5d"));
}

TEST_CASE("the rule text's hand categories and their examples", "[eval]") {
  // Rule 004, "Ranking of Poker Hands": each category's example is that category.
  CHECK(category_of(value("9c 9d 9h 9s Qc")) == HandCategory::Quads);          // 9-9-9-9-Q
  CHECK(category_of(value("5c 5d 5h Ks Kc")) == HandCategory::FullHouse);      // 5-5-5-K-K
  CHECK(category_of(value("7c 7d 7h Ts 6c")) == HandCategory::Trips);          // 7-7-7-10-6
  CHECK(category_of(value("Jc Jd 3h 3s 8c")) == HandCategory::TwoPair);        // J-J-3-3-8
  CHECK(category_of(value("Qc Qd Ah 8s 7c")) == HandCategory::Pair);           // Q-Q-A-8-7
  CHECK(category_of(value("2h 7h 9h Jh Kh")) == HandCategory::Flush);          // not consecutive
  CHECK(category_of(value("Ac Kd Qh Js Tc")) == HandCategory::Straight);       // A-K-Q-J-10
  CHECK(category_of(value("Ah Kh Qh Jh Th")) == HandCategory::StraightFlush);  // the royal
  CHECK(category_of(value("5s 4s 3s 2s As")) == HandCategory::StraightFlush);  // ace low
  // The royal flush is the highest straight flush, 5-4-3-2-A the lowest.
  CHECK(value("Ah Kh Qh Jh Th") > value("Kd Qd Jd Td 9d"));
  CHECK(value("6s 5s 4s 3s 2s") > value("5s 4s 3s 2s As"));
  // "Ace ... not high and low at the same time (2-A-K-Q-J is not valid)": in one suit that is a
  // flush, ace high, not a straight flush.
  CHECK(category_of(value("2d Ad Kd Qd Jd")) == HandCategory::Flush);
  // The kicker decides between equal quads: 9-9-9-9-Q beats 9-9-9-9-J.
  CHECK(value("9c 9d 9h 9s Qc") > value("9c 9d 9h 9s Jc"));
  // Two pair: the kicker last (J-J-3-3-8 beats J-J-3-3-7).
  CHECK(value("Jc Jd 3h 3s 8c") > value("Jh Js 3c 3d 7c"));
  // Hands equal apart from suits tie (rule 004: "all suits are equal").
  CHECK(value("Ah Kh Qh Jh 9h") == value("As Ks Qs Js 9s"));
  CHECK(value("7c 7d 7h Ts 6c") == value("7c 7d 7s Th 6d"));
}

TEST_CASE("Hold'em: best five of seven, split pots", "[eval]") {
  // The rule text: board 5-5-5-K-7, A-K and K-3 both make 5-5-5-K-K and share the pot.
  auto board = *parse_cards("5c 5d 5h Ks 7c");
  auto ak = *parse_cards("Ad Kc");
  auto k3 = *parse_cards("Kh 3c");
  std::vector<Card> a = ak, b = k3;
  a.insert(a.end(), board.begin(), board.end());
  b.insert(b.end(), board.begin(), board.end());
  CHECK(best_of(a) == best_of(b));
  CHECK(category_of(best_of(a)) == HandCategory::FullHouse);
}

TEST_CASE("Omaha: exactly two hole cards and three board cards", "[eval]") {
  // Four hearts on the board and one in hand is no flush in Omaha (it would be in Hold'em), and
  // three aces in hand are only a pair: two of them with three board cards.
  auto board = *parse_cards("2h 5h 9h Kh 3c");
  auto hole = *parse_cards("Ah Ac Ad 7s");
  CHECK(category_of(best_omaha(hole, board)) == HandCategory::Pair);
  std::vector<Card> seven = {hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]};
  CHECK(category_of(best_of(seven)) == HandCategory::Flush);
  // Two hearts in hand make the flush.
  auto flush_hole = *parse_cards("Ah Qh 7s 7d");
  CHECK(category_of(best_omaha(flush_hole, board)) == HandCategory::Flush);
}

namespace {
HandValue a5(const char* five) {
  auto cards = parse_cards(five);
  REQUIRE(cards);
  return low_a5(cards->data());
}
HandValue d27(const char* five) {
  auto cards = parse_cards(five);
  REQUIRE(cards);
  return low_27(cards->data());
}
}  // namespace

TEST_CASE("ace-to-five lows: razz and eight-or-better", "[eval]") {
  // Rule 004 (razz, lowball): the lowest hand is 5-4-3-2-A; straights and flushes do not count;
  // 8-6-5-4-3 beats 8-7-4-3-2 because 6 is lower than 7.
  CHECK(a5("5c 4d 3h 2s Ac") > a5("6c 4d 3h 2s Ac"));
  CHECK(a5("5h 4h 3h 2h Ah") == a5("5c 4d 3h 2s Ac"));  // the flush does not count
  CHECK(a5("8c 6d 5h 4s 3c") > a5("8d 7c 4h 3s 2c"));
  CHECK(a5("Kc Qd Jh Ts 9c") > a5("Ac Ad 2h 3s 4c"));  // any no-pair beats a pair
  CHECK(a5("2c 2d 3h 4s 5c") > a5("3c 3d 2h 4s 5c"));  // a pair of deuces beats a pair of treys
  CHECK(qualifies_8(a5("8c 6d 5h 4s 3c")));
  CHECK_FALSE(qualifies_8(a5("9c 6d 5h 4s 3c")));
  CHECK_FALSE(qualifies_8(a5("2c 2d 3h 4s 5c")));
  // Best of seven: the five lowest distinct ranks.
  auto seven = *parse_cards("Kc 7d 2h 2s 4c Ad 8h");
  CHECK(best_low_a5(seven) == a5("8h 7d 4c 2h Ad"));
  // Omaha eight-or-better: exactly two hole cards. A-2 in hand with 3-4-5 on board is a wheel;
  // with only one low card in hand there is no low even on a board of 3-4-5-6-7.
  auto board = *parse_cards("3c 4d 5h Ks Qc");
  CHECK(qualifies_8(best_omaha_low_a5(*parse_cards("Ah 2s Kd Kh"), board)));
  auto low_board = *parse_cards("3c 4d 5h 6s 7c");
  CHECK_FALSE(qualifies_8(best_omaha_low_a5(*parse_cards("Ah Ks Kd Kh"), low_board)));
}

TEST_CASE("deuce-to-seven: the worst high hand wins, aces high", "[eval]") {
  CHECK(d27("7c 5d 4h 3s 2c") > d27("7c 6d 4h 3s 2c"));
  CHECK(d27("8c 6d 5h 4s 2c") > d27("8d 6c 5s 4h 3c"));
  CHECK(d27("7c 6d 5h 4s 2c") > d27("6c 5d 4h 3s 2c"));  // 6-5-4-3-2 is a straight
  CHECK(d27("Kc Qd 9h 4s 2c") > d27("Ac 5d 4h 3s 2c"));  // A-5-4-3-2 is ace high, not a straight
  CHECK(d27("7h 5h 4h 3h 2h") < d27("Kc Qd Jh 9s 7c"));  // the flush counts against you
  // Rule 004, lowball: where straights and flushes count and aces are high, the best hand is
  // 7-5-4-3-2 (mixed suits).
  CHECK(d27("7c 5d 4h 3s 2c") > d27("7c 6d 4h 3s 2c"));
  CHECK(d27("7c 5d 4h 3s 2c") > d27("8c 5d 4h 3s 2c"));
  CHECK(d27("7c 5d 4h 3s 2c") > d27("6c 5d 4h 3s 2d"));  // a straight
  CHECK(d27("7c 5d 4h 3s 2c") > d27("7c 5c 4c 3c 2c"));  // a flush
}

TEST_CASE("stud hi/lo: the same five cards can win both halves", "[eval]") {
  // Rule 004, stud high-low: "It's also possible to win the whole pot with the same five cards -
  // for example if those cards form a straight or flush, which counts for high but not for
  // low": 5-4-3-2-A is a straight for high and the best low.
  auto seven = *parse_cards("5c 4d 3h 2s Ac Kd Kh");
  CHECK(category_of(best_of(seven)) == HandCategory::Straight);
  CHECK(best_low_a5(seven) == a5("5c 4d 3h 2s Ac"));
  CHECK(qualifies_8(best_low_a5(seven)));
}

namespace {
HandValue bad(const char* four) {
  auto cards = parse_cards(four);
  REQUIRE(cards);
  REQUIRE(cards->size() == 4);
  return badugi(cards->data());
}
}  // namespace

TEST_CASE("badugi: most cards of different ranks and suits, then the lowest", "[eval][badugi]") {
  // Four cards of four ranks and four suits are a badugi; A-2-3-4 is the best hand.
  CHECK(badugi_size(bad("Ac 2d 3h 4s")) == 4);
  CHECK(badugi_name(bad("Ac 2d 3h 4s")) == "Badugi: 4,3,2,A");
  CHECK(bad("Ac 2d 3h 4s") > bad("Ac 2d 3h 5s"));
  // Any badugi beats any three-card hand: K-Q-J-T of four suits beats A-2-3 with a pair.
  CHECK(bad("Kc Qd Jh Ts") > bad("Ac 2d 3h 3s"));
  // A suit twice: the better of the two three-card hands (4-3-A, not 4-3-2).
  CHECK(bad("As 2s 3h 4d") == bad("Ac 3h 4d Kc"));
  CHECK(badugi_name(bad("As 2s 3h 4d")) == "3-card: 4,3,A");
  // A rank twice: the pair counts once.
  CHECK(badugi_name(bad("2c 2d 5h 9s")) == "3-card: 9,5,2");
  // Same size: the lower highest card wins (8-5-4-2 beats 9-3-2-A), then the next.
  CHECK(bad("8c 5d 4h 2s") > bad("9c 3d 2h As"));
  CHECK(bad("8c 5d 4h 2s") > bad("8c 6d 4h 2s"));
  CHECK(bad("8c 5d 4h 2s") > bad("8c 5d 4h 3s"));
  // Suits never break a tie.
  CHECK(bad("8c 5d 4h 2s") == bad("8s 5h 4d 2c"));
  CHECK(bad("Kc Kd 5c 3h") == bad("Ks Kh 5s 3c"));  // 3-card: K,5,3 both
  // Three-card beats two-card, two-card beats one-card.
  CHECK(bad("Kc Qd Jh Jc") > bad("Ac 2c 3d 4d"));
  CHECK(badugi_name(bad("Ac 2c 3d 4d")) == "2-card: 3,A");
  CHECK(bad("Ac 2c 3d 4d") > bad("2h 3h 4h 5h"));
  CHECK(badugi_name(bad("2h 3h 4h 5h")) == "1-card: 2");
  CHECK(badugi_name(bad("Ks Kd Kh Kc")) == "1-card: K");
  // Aces are low: A-2-3-4 of four suits beats 2-3-4-5.
  CHECK(bad("Ac 2d 3h 4s") > bad("2c 3d 4h 5s"));
  CHECK(bad("Ac 2d 3h Ks") < bad("2c 3d 4h 5s"));
}

TEST_CASE("badugi: the published ranking examples", "[eval][badugi]") {
  // The rule texts in ../shared/rules do not cover badugi; these are the examples of
  // http://www.checknraisepoker.com/badugi-poker-hand-ranking/ and
  // http://gl-wiki.com/poker/types/badugi/.
  CHECK(bad("3s 5d 7h 8c") > bad("Ah 2c 3d 9s"));             // the lower top card wins
  CHECK(badugi_name(bad("8h 5d 3s Ah")) == "3-card: 5,3,A");  // the higher heart is ignored
  CHECK(bad("8h 5d 3s Ah") < bad("Kh Qd Js Tc"));             // ... and loses to any badugi
  CHECK(badugi_name(bad("7h 5d 4d 3s")) == "3-card: 7,4,3");
  CHECK(bad("8h 5d 3s Ah") > bad("7h 5d 4d 3s"));
  CHECK(badugi_name(bad("Ad As 2d 2c")) == "2-card: 2,A");
  CHECK(badugi_name(bad("Qd Jd 8d 4d")) == "1-card: 4");
  CHECK(badugi_name(bad("2h 6d 6c 9s")) == "3-card: 9,6,2");
  CHECK(badugi_name(bad("3h 5d 7s Qh")) == "3-card: 7,5,3");
  CHECK(badugi_name(bad("Ad 4s 5d 7c")) == "3-card: 7,4,A");
  CHECK(badugi_name(bad("4h 4d 4c 6s")) == "2-card: 6,4");
  CHECK(badugi_name(bad("6c 7s 8s 9s")) == "2-card: 7,6");
  CHECK(badugi_name(bad("4d 7d 8d Td")) == "1-card: 4");
  CHECK(badugi_name(bad("Ad As Ah Ac")) == "1-card: A");
  CHECK(badugi_name(bad("4c 3s 2h Ac")) == "3-card: 3,2,A");  // the four of clubs is ignored
  CHECK(badugi_name(bad("Ks Js 8h 6d")) == "3-card: J,8,6");  // the king of spades is ignored
  // gl-wiki's list of badugis: 4-3-2-A first, K-Q-J-T last, then the three-card hands. It puts
  // 8-7-2-A above 8-5-4-2, against its own rule (and every other source): with the same top card
  // the next one decides, and 5 is lower than 7.
  CHECK(bad("4c 3d 2h As") > bad("8c 7d 2h As"));
  CHECK(bad("8s 5d 4c 2h") > bad("8c 7d 2h As"));
  CHECK(bad("8c 7d 2h As") > bad("Kh Qd Js Tc"));
  CHECK(bad("Kh Qd Js Tc") > bad("3s 3h 2c Ad"));
}

TEST_CASE("badugi: values order hands as a direct comparison does", "[eval][badugi]") {
  // An independent reading of the rule: each hand as (card count, ranks highest first), the best
  // over all 15 subsets; then more cards win, then the lower ranks. 20,000 random pairs of hands
  // must compare the same way through badugi() values.
  using Reading = std::pair<int, std::vector<int>>;
  auto read = [](const std::vector<Card>& four) {
    Reading best{0, {}};
    for (int subset = 1; subset < 16; ++subset) {
      std::vector<int> ranks, suits;
      for (int i = 0; i < 4; ++i)
        if (subset & (1 << i)) {
          ranks.push_back(four[i].rank == 14 ? 1 : four[i].rank);
          suits.push_back(four[i].suit);
        }
      std::vector<int> r = ranks, s = suits;
      std::sort(r.begin(), r.end());
      std::sort(s.begin(), s.end());
      if (std::adjacent_find(r.begin(), r.end()) != r.end() ||
          std::adjacent_find(s.begin(), s.end()) != s.end())
        continue;
      std::reverse(r.begin(), r.end());
      const int size = static_cast<int>(r.size());
      if (size > best.first || (size == best.first && r < best.second)) best = {size, r};
    }
    return best;
  };
  auto better = [](const Reading& a, const Reading& b) {  // a beats b
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  };
  std::mt19937 rng(5);
  for (int round = 0; round < 20000; ++round) {
    std::vector<int> deck(52);
    for (int i = 0; i < 52; ++i) deck[i] = i;
    std::shuffle(deck.begin(), deck.end(), rng);
    std::vector<Card> a, b;
    for (int i = 0; i < 8; ++i)
      (i < 4 ? a : b)
          .push_back({static_cast<std::uint8_t>(deck[i] % 13 + 2),
                      static_cast<std::uint8_t>(deck[i] / 13)});
    const Reading ra = read(a), rb = read(b);
    const HandValue va = badugi(a.data()), vb = badugi(b.data());
    REQUIRE((va > vb) == better(ra, rb));
    REQUIRE((vb > va) == better(rb, ra));
    REQUIRE(badugi_size(va) == ra.first);
  }
}

TEST_CASE("badugi: every hand PokerStars named in the corpus is named the same", "[eval][badugi]") {
  // ../shared/corpus/Stars/tour/Draw/LBad-USD-SNG8-201011.txt prints each shown hand with its
  // name ("shows [5h 2c Ah 9d] (3-card: 9,2,A)"): the evaluator must find the same hand.
  const std::string text =
      hh::test::read_file(hh::test::shared_corpus() / "Stars/tour/Draw/LBad-USD-SNG8-201011.txt");
  REQUIRE_FALSE(text.empty());
  const std::regex shows(R"(shows \[([^\]]+)\] \(((?:Badugi|\d-card): [^)]+)\))");
  int named = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), shows);
       it != std::sregex_iterator(); ++it) {
    auto cards = parse_cards((*it)[1].str());
    REQUIRE(cards);
    REQUIRE(cards->size() == 4);
    CHECK(badugi_name(badugi(cards->data())) == (*it)[2].str());
    ++named;
  }
  CHECK(named >= 40);
}

TEST_CASE("best of seven equals the best of its 21 five-card hands", "[eval]") {
  // The seven-card evaluator reads the hand from rank counts and suit masks; each five-card hand
  // is far simpler. 20,000 random deals must agree exactly.
  std::mt19937 rng(11);
  for (int round = 0; round < 20000; ++round) {
    std::vector<int> deck(52);
    for (int i = 0; i < 52; ++i) deck[i] = i;
    std::shuffle(deck.begin(), deck.end(), rng);
    std::vector<Card> seven;
    for (int i = 0; i < 7; ++i)
      seven.push_back(
          {static_cast<std::uint8_t>(deck[i] % 13 + 2), static_cast<std::uint8_t>(deck[i] / 13)});
    HandValue brute = 0;
    for (int a = 0; a < 7; ++a)
      for (int b = a + 1; b < 7; ++b)
        for (int c = b + 1; c < 7; ++c)
          for (int d = c + 1; d < 7; ++d)
            for (int e = d + 1; e < 7; ++e) {
              Card five[5] = {seven[a], seven[b], seven[c], seven[d], seven[e]};
              brute = std::max(brute, eval5(five));
            }
    REQUIRE(best_of(seven) == brute);
  }
}

// --- short deck (6+ Hold'em) ------------------------------------------------------------------

namespace {

HandValue short_deck(const char* cards, bool trips_beat_straight = true) {
  auto parsed = parse_cards(cards);
  REQUIRE(parsed);
  return best_of_short_deck(*parsed, trips_beat_straight);
}

}  // namespace

TEST_CASE("short deck: every category in its order, trips above the straight",
          "[eval][short_deck]") {
  // Worst first, one hand of each category from the 36-card deck (sixes to aces).
  const char* const order[] = {
      "Ah Qd Tc 8s 7h",  // high card
      "6h 6d Ac Ks Qh",  // a pair
      "6h 6d 7c 7s Ah",  // two pair
      "Ah Kd Qc Js Th",  // a straight (the best one)
      "6h 6d 6c 7s 8h",  // three of a kind (the worst one)
      "6h 6d 6c 7s 7h",  // a full house (the worst one)
      "Ah Kh Qh Jh 9h",  // a flush (the best one)
      "6h 6d 6c 6s 7h",  // four of a kind
      "9h Th Jh Qh Kh",  // a straight flush
  };
  for (std::size_t i = 0; i + 1 < std::size(order); ++i) {
    INFO(order[i] << " < " << order[i + 1]);
    CHECK(short_deck(order[i]) < short_deck(order[i + 1]));
  }
  CHECK(category_of(short_deck("6h 6d 6c 7s 7h")) == HandCategory::FullHouse);
  CHECK(category_of(short_deck("Ah Kh Qh Jh 9h")) == HandCategory::Flush);
}

TEST_CASE("short deck: the straight above trips when the house says so", "[eval][short_deck]") {
  CHECK(short_deck("Ah Ad Ac Ks Qh", false) < short_deck("Ah 6d 7c 8s 9h", false));
  CHECK(short_deck("Ah Ad Ac Ks Qh", true) > short_deck("Ah 6d 7c 8s 9h", true));
  // The flush still beats the full house.
  CHECK(short_deck("Ah Ad Ac Ks Kh", false) < short_deck("6h 7h 8h Th Jh", false));
}

TEST_CASE("short deck: A-6-7-8-9 is the lowest straight", "[eval][short_deck]") {
  CHECK(category_of(short_deck("Ah 6d 7c 8s 9h")) == HandCategory::Straight);
  CHECK(short_deck("Ah 6d 7c 8s 9h") < short_deck("6d 7c 8s 9h Th"));
  CHECK(short_deck("Ah 6d 7c 8s 9h") > short_deck("Ah Kd Qc Js 9h"));  // above any pair-less hand
  CHECK(category_of(short_deck("Ah 6h 7h 8h 9h")) == HandCategory::StraightFlush);
  CHECK(short_deck("Ah 6h 7h 8h 9h") < short_deck("6h 7h 8h 9h Th"));
  // The full deck's wheel is no straight in short deck's evaluation of other cards either.
  CHECK(category_of(short_deck("Ah Kd 6c 7s 8h 9d Qc")) == HandCategory::Straight);
}

TEST_CASE("short deck: of seven cards, the better hand in short deck's order",
          "[eval][short_deck]") {
  // (Seven cards never hold a full house and a flush at once: the full house takes five cards
  // with at most two of a suit.)
  // Three of a kind and a straight at once: trips play when they beat the straight.
  CHECK(category_of(short_deck("9h 9d 9c Ts Jh Qd Kc", true)) == HandCategory::Trips);
  CHECK(category_of(short_deck("9h 9d 9c Ts Jh Qd Kc", false)) == HandCategory::Straight);
  // A full house beats trips and straights whatever the option.
  CHECK(short_deck("9h 9d 9c Ts Th Qd Kc") > short_deck("Ah Ad Ac Ks Qh Jd Tc"));
}

// --- the five-card evaluators read from rank counts -------------------------------------------

TEST_CASE("eval5 equals the seven-card evaluator on every five-card hand", "[eval]") {
  // eval5 (and Omaha through it) reads a hand from nibble counts of its ranks; best_of() from
  // rank counts and suit masks. All 2,598,960 hands of five must get the same value.
  std::vector<Card> five(5);
  std::size_t hands = 0, differ = 0;
  auto card = [](int i) {
    return Card{static_cast<std::uint8_t>(i % 13 + 2), static_cast<std::uint8_t>(i / 13)};
  };
  for (int a = 0; a < 52; ++a)
    for (int b = a + 1; b < 52; ++b)
      for (int c = b + 1; c < 52; ++c)
        for (int d = c + 1; d < 52; ++d)
          for (int e = d + 1; e < 52; ++e) {
            five = {card(a), card(b), card(c), card(d), card(e)};
            ++hands;
            if (eval5(five.data()) != best_of(five)) ++differ;
          }
  CHECK(hands == 2598960);
  CHECK(differ == 0);
}

namespace {
// Ace-to-five low as the rule text defines it, the slow way: ranks (aces 1) grouped, the larger
// groups first, ranks descending within a size; fewer pairs better, then lower cards better.
HandValue a5_reference(const std::vector<int>& ranks) {
  std::array<int, 14> count{};
  for (int r : ranks) ++count[r];
  std::vector<std::pair<int, int>> groups;  // (count, rank)
  for (int r = 13; r >= 1; --r)
    if (count[r]) groups.emplace_back(count[r], r);
  std::stable_sort(groups.begin(), groups.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  HandValue packed = 0;
  int k = 0;
  for (const auto& [n, r] : groups)
    for (int c = 0; c < n; ++c, ++k) packed |= static_cast<HandValue>(r) << (16 - 4 * k);
  HandValue badness = 0;
  if (groups[0].first == 4)
    badness = 5;
  else if (groups[0].first == 3)
    badness = groups[1].first == 2 ? 4 : 3;
  else if (groups[0].first == 2)
    badness = groups[1].first == 2 ? 2 : 1;
  return ((7 - badness) << 20) | (0xFFFFFu - packed);
}
}  // namespace

TEST_CASE("low_a5 equals the rule's reading on every five ranks", "[eval]") {
  // Suits do not count in ace-to-five: every multiset of five ranks (at most four of one), the
  // ace as rank 14 and low.
  int checked = 0;
  for (int a = 1; a <= 13; ++a)
    for (int b = a; b <= 13; ++b)
      for (int c = b; c <= 13; ++c)
        for (int d = c; d <= 13; ++d)
          for (int e = d; e <= 13; ++e) {
            if (a == e) continue;  // five of a rank
            const std::vector<int> ranks = {a, b, c, d, e};
            Card five[5];
            for (int i = 0; i < 5; ++i) {
              // Suits chosen so that no rank repeats a suit: card i of a rank takes suit i mod 4.
              const int same_before =
                  static_cast<int>(std::count(ranks.begin(), ranks.begin() + i, ranks[i]));
              five[i] = {static_cast<std::uint8_t>(ranks[i] == 1 ? 14 : ranks[i]),
                         static_cast<std::uint8_t>(same_before)};
            }
            INFO(a << " " << b << " " << c << " " << d << " " << e);
            REQUIRE(low_a5(five) == a5_reference(ranks));
            ++checked;
          }
  CHECK(checked == 6175);
}

TEST_CASE("Omaha's best hands equal the best of their 60 combinations", "[eval]") {
  // best_omaha and best_omaha_low_a5 count each board triple once and add each hole pair;
  // every combination of two hole and three board cards evaluated on its own must agree, for
  // four, five and six hole cards.
  std::mt19937 rng(17);
  for (int round = 0; round < 6000; ++round) {
    const int holes = 4 + round % 3;
    std::vector<int> deck(52);
    for (int i = 0; i < 52; ++i) deck[i] = i;
    std::shuffle(deck.begin(), deck.end(), rng);
    std::vector<Card> hole, board;
    for (int i = 0; i < holes + 5; ++i)
      (i < holes ? hole : board)
          .push_back({static_cast<std::uint8_t>(deck[i] % 13 + 2),
                      static_cast<std::uint8_t>(deck[i] / 13)});
    HandValue high = 0, low = 0;
    for (int h1 = 0; h1 < holes; ++h1)
      for (int h2 = h1 + 1; h2 < holes; ++h2)
        for (int b1 = 0; b1 < 5; ++b1)
          for (int b2 = b1 + 1; b2 < 5; ++b2)
            for (int b3 = b2 + 1; b3 < 5; ++b3) {
              const Card five[5] = {hole[h1], hole[h2], board[b1], board[b2], board[b3]};
              high = std::max(high, eval5(five));
              low = std::max(low, low_a5(five));
            }
    REQUIRE(best_omaha(hole, board) == high);
    REQUIRE(best_omaha_low_a5(hole, board) == low);
  }
}
