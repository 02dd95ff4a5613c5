// hand_event_log.events read back (db/hand_row.hpp read_events_json) and what the signals across
// hands take of it (db/integrity_rows.hpp add_integrity_events): logs written here by hand, in
// the writer's format (events_json) and in the spacing of SQLite's and PostgreSQL's JSON
// functions, and logs that do not decode.
#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/hand_row.hpp"
#include "db/integrity_rows.hpp"
#include "model/hand.hpp"

using hh::db::LoggedEvent;
using hh::db::read_events_json;

namespace {

// A LoggedEvent with its texts copied: what a test keeps after the visit.
struct Read {
  std::string street, kind;
  std::optional<std::int64_t> seat, amount, to, line;
  bool all_in{false};
  std::optional<std::string> cards;
  std::optional<std::int64_t> board;
  bool operator==(const Read&) const = default;
};

// The events of `json`, or std::nullopt when it does not decode; fails if a log that does not
// decode visited any event.
std::optional<std::vector<Read>> read_all(std::string_view json) {
  std::vector<Read> out;
  const bool decoded = read_events_json(json, [&out](const LoggedEvent& e) {
    Read r{std::string(e.street),
           std::string(e.kind),
           e.seat,
           e.amount,
           e.to,
           e.line,
           e.all_in,
           std::nullopt,
           e.board};
    if (e.cards) r.cards = std::string(*e.cards);
    out.push_back(std::move(r));
  });
  if (!decoded) {
    CHECK(out.empty());
    return std::nullopt;
  }
  return out;
}

}  // namespace

TEST_CASE("event log: every element present or absent is read as written", "[event_log]") {
  const auto events = read_all(R"([["setup","small_blind",2,5,null,3],)"
                               R"(["setup","dealt",1,null,null,9,0,"[Ah Kd]"],)"
                               R"(["preflop","raise",1,20,30,10,1],)"
                               R"(["flop","board",null,null,null,12,0,"[2c 3d 4h]",0],)"
                               R"(["flop","board",null,null,null,13,0,"[5s 6s 7s]",1],)"
                               R"(["showdown","shows",3,null,null,14,0,"[\"Q\u00e9\" \\ Js]"],)"
                               R"(["showdown","collected",null,null,null,null]])");
  REQUIRE(events);
  REQUIRE(events->size() == 7);
  const Read& blind = (*events)[0];
  CHECK(blind.street == "setup");
  CHECK(blind.kind == "small_blind");
  CHECK(blind.seat == 2);
  CHECK(blind.amount == 5);
  CHECK_FALSE(blind.to);
  CHECK(blind.line == 3);
  CHECK_FALSE(blind.all_in);
  CHECK_FALSE(blind.cards);
  CHECK_FALSE(blind.board);
  CHECK((*events)[1].cards == "[Ah Kd]");
  CHECK_FALSE((*events)[1].all_in);
  const Read& raise = (*events)[2];
  CHECK(raise.amount == 20);
  CHECK(raise.to == 30);
  CHECK(raise.all_in);
  CHECK_FALSE(raise.cards);
  const Read& second_board = (*events)[4];
  CHECK_FALSE(second_board.seat);
  CHECK(second_board.cards == "[5s 6s 7s]");
  CHECK(second_board.board == 1);
  CHECK((*events)[3].board == 0);
  // Unescaped: quotes, a backslash and a \u escape as the site printed them.
  CHECK((*events)[5].cards == "[\"Q\xc3\xa9\" \\ Js]");
  const Read& collected = (*events)[6];
  CHECK(collected.kind == "collected");
  CHECK_FALSE(collected.seat);
  CHECK_FALSE(collected.line);
  CHECK(read_all("[]") == std::vector<Read>{});
}

TEST_CASE("event log: what events_json writes reads back", "[event_log]") {
  hh::Hand hand;
  hh::Event fold;
  fold.kind = hh::EventKind::Fold;
  fold.street = hh::Street::Flop;
  fold.seat = 4;
  fold.line = 21;
  hh::Event chat;  // not logged
  chat.kind = hh::EventKind::Chat;
  chat.text = "gl";
  hh::Event board;
  board.kind = hh::EventKind::Board;
  board.street = hh::Street::Turn;
  board.cards = hh::EventCards::read("[Tc]");
  board.board_index = 1;
  board.line = 22;
  hh::Event shows;
  shows.kind = hh::EventKind::Shows;
  shows.street = hh::Street::Showdown;
  shows.seat = 2;
  shows.cards = hh::EventCards::read("[Ah \"K\"]");
  hand.events = {fold, chat, board, shows};
  std::string json;
  hh::db::events_json(hand, json);
  const auto events = read_all(json);
  REQUIRE(events);
  REQUIRE(events->size() == 3);
  CHECK((*events)[0].street == "flop");
  CHECK((*events)[0].kind == "fold");
  CHECK((*events)[0].seat == 4);
  CHECK((*events)[0].line == 21);
  CHECK((*events)[1].kind == "board");
  CHECK_FALSE((*events)[1].seat);
  CHECK((*events)[1].cards == "[Tc]");
  CHECK((*events)[1].board == 1);
  CHECK((*events)[2].cards == "[Ah \"K\"]");
  CHECK_FALSE((*events)[2].board);
}

TEST_CASE("event log: the spacing of the databases' JSON functions is read", "[event_log]") {
  // SQLite's json_array of the schema 4 migration (every element, nulls written) and a spaced
  // text as PostgreSQL's json functions make.
  const auto events = read_all(
      "[[\"preflop\",\"call\",3,10,null,7,0,null,null], \n [ \"turn\" , \"bet\" , 5 , 40 , 40 , "
      "9 ] ]");
  REQUIRE(events);
  REQUIRE(events->size() == 2);
  CHECK((*events)[0].seat == 3);
  CHECK_FALSE((*events)[0].cards);
  CHECK_FALSE((*events)[0].board);
  CHECK((*events)[1].kind == "bet");
  CHECK((*events)[1].to == 40);
}

TEST_CASE("event log: a log that does not decode gives no event", "[event_log]") {
  const std::string good = R"(["preflop","fold",1,null,null,5])";
  for (const std::string& bad : {
           std::string(""), std::string("{}"),
           "[" + good,                                                        // truncated
           "[" + good + ",[\"preflop\",\"fold\",1,null,null]]",               // 5 elements
           "[" + good + ",[\"preflop\",\"fold\",1,null,null,5,0,null,0,1]]",  // 10 elements
           std::string(R"([[1,"fold",1,null,null,5]])"),                      // street a number
           std::string(R"([["preflop",null,1,null,null,5]])"),                // kind null
           std::string(R"([["preflop","fold","1",null,null,5]])"),            // seat a string
           std::string(R"([["preflop","call",1,1.5,null,5]])"),          // amount not an integer
           std::string(R"([["flop","board",null,null,null,5,0,7,0]])"),  // cards a number
           std::string(R"([["preflop","fold",1,null,null,5]] x)"),       // text after it
           std::string("[[\"pre\xff\",\"fold\",1,null,null,5]]"),        // not UTF-8
           "[" + good + ",7]",                                           // an event not an array
       }) {
    CAPTURE(bad);
    CHECK_FALSE(read_all(bad));
  }
}

TEST_CASE("event log: the signals across hands take a seat's actions and the lines' cards",
          "[event_log][integrity]") {
  hh::IntegrityHand hand;
  const std::string log =
      R"([["setup","ante",1,1,null,2],)"
      R"(["setup","dealt",1,null,null,3,0,"[Ah Kd]"],)"
      R"(["setup","dealt",2,null,null,4,0,null],)"  // no cards printed: left out
      R"(["preflop","raise",1,20,30,5,1],)"
      R"(["preflop","fold",null,null,null,6],)"  // no seat: left out
      R"(["preflop","call",2,20,null,7],)"
      R"(["flop","board",null,null,null,8,0,"[2c 3d 4h]",0],)"
      R"(["flop","check",2,null,null,9],)"
      R"(["seventh","bet",1,10,10,10],)"
      R"(["turn","board",null,null,null,11,0,"[5s]",1],)"
      R"(["showdown","shows",2,null,null,12,0,"[Qs Qd]"],)"
      R"(["showdown","mucks",1,null,null,13,0,"[]"],)"
      R"(["showdown","collected",2,60,null,14]])";
  REQUIRE(hh::db::add_integrity_events(hand, log));
  REQUIRE(hand.actions.size() == 4);
  using hh::EventKind;
  using hh::Street;
  const auto action = [&](std::size_t i, int seat, Street street, EventKind kind) {
    CAPTURE(i);
    CHECK(hand.actions[i].seat == seat);
    CHECK(hand.actions[i].street == street);
    CHECK(hand.actions[i].kind == kind);
  };
  action(0, 1, Street::Preflop, EventKind::Raise);
  action(1, 2, Street::Preflop, EventKind::Call);
  action(2, 2, Street::Flop, EventKind::Check);
  action(3, 1, Street::Seventh, EventKind::Bet);
  REQUIRE(hand.cards.size() == 5);
  const auto cards = [&](std::size_t i, int seat, Street street, EventKind kind,
                         const std::string& printed, int board_index, std::size_t count) {
    CAPTURE(i);
    CHECK(hand.cards[i].seat == seat);
    CHECK(hand.cards[i].street == street);
    CHECK(hand.cards[i].kind == kind);
    CHECK(hand.cards[i].cards.printed() == printed);
    CHECK(hand.cards[i].cards.cards().size() == count);
    CHECK(hand.cards[i].board_index == board_index);
  };
  cards(0, 1, Street::Setup, EventKind::DealtHole, "[Ah Kd]", 0, 2);
  cards(1, 0, Street::Flop, EventKind::Board, "[2c 3d 4h]", 0, 3);
  cards(2, 0, Street::Turn, EventKind::Board, "[5s]", 1, 1);
  cards(3, 2, Street::Showdown, EventKind::Shows, "[Qs Qd]", 0, 2);
  cards(4, 1, Street::Showdown, EventKind::Mucks, "[]", 0, 0);
  // A log that does not decode adds nothing to the hand.
  hh::IntegrityHand other;
  CHECK_FALSE(hh::db::add_integrity_events(
      other, R"([["preflop","call",2,20,null,7],["preflop","fold","x",null,null,8]])"));
  CHECK(other.actions.empty());
  CHECK(other.cards.empty());
}

TEST_CASE("event log: the logs join their hands by id, and those that do not decode are counted",
          "[event_log][integrity]") {
  std::vector<hh::IntegrityHand> hands(3);
  hands[0].hand_id = 2;
  hands[1].hand_id = 5;
  hands[2].hand_id = 9;
  hh::db::IntegrityLogJoin logs(hands);
  const std::string fold = R"([["preflop","fold",3,null,null,5]])";
  logs.add(1, fold);  // no such hand
  logs.add(2, fold);
  logs.add(5, "[[");
  logs.add(7, fold);  // no such hand
  logs.add(9, R"([["river","check",6,null,null,9],["river","bet",4,50,50,10]])");
  CHECK(logs.undecoded() == 1);
  REQUIRE(hands[0].actions.size() == 1);
  CHECK(hands[0].actions[0].seat == 3);
  CHECK(hands[1].actions.empty());
  REQUIRE(hands[2].actions.size() == 2);
  CHECK(hands[2].actions[1].kind == hh::EventKind::Bet);
  CHECK(hands[2].actions[1].street == hh::Street::River);
}
