// What a store reads back of the hands it holds for the checks between hands (docs/sessions.md,
// docs/rake.md): db/ writes and reads these rows, audit/ checks them. Data only: the checks are
// audit/'s (audit/session_checks.hpp, audit/table_moves.hpp, audit/summary_checks.hpp,
// audit/rake/outlier.hpp), the SQL db/'s.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/finding.hpp"
#include "model/hand.hpp"
#include "model/session_seat.hpp"
#include "model/tournament.hpp"

namespace hh {

// One hand of a table, reduced to its seats, button and time.
struct SessionHand {
  std::int64_t hand_id{0};  // the store's: findings name hands by it
  std::string site_hand_id;
  std::string table_name;      // the table's name (a tournament's hands are at several)
  std::string started_at_utc;  // "YYYY-MM-DDTHH:MM:SSZ", "" when not known
  bool tournament{false};
  int unit{100};
  Money big_blind{0};
  int max_seats{0};
  int button_seat{0};     // 0: not known
  bool has_button{true};  // false for stud games: their dealer seat does not move
  // Whether seats say who sat out and who posted which blind (false for hands stored before
  // the store kept it): the button and blind checks then skip the pair.
  bool seat_details_known{true};
  // False when hhaudit did not read the whole hand (a line not read: UNRECOGNISED_LINE): its
  // stacks and blinds may be the gap's, so no pair with it is compared (its CHECKS_NOT_RUN says
  // so).
  bool read_whole{true};
  // Hand::registration_may_be_open: its places are not compared with other hands' (schema 15).
  bool registration_may_be_open{false};
  std::vector<SessionSeat> seats;
};

// A finding between two hands: attached to the later hand, naming the earlier one.
struct SessionFinding {
  std::int64_t hand_id{0};
  std::int64_t related_hand_id{0};
  Finding finding;
};

// The hands of a table or a tournament as a store reads them back, one at a time (a table may
// hold more hands than memory should hold at once): calling it hands each to `each`, in the order
// the store's read promises (db::ScopeInput::hands in db/store.hpp).
using HandCursor = std::function<void(const std::function<void(SessionHand)>& each)>;

// A cash hand whose rake can be learned from (Store::raked_cash_hands, audit/rake/profile.hpp).
struct ProfileHand {
  std::int64_t hand_id{0};  // the store's (0: not from a store)
  std::string site;
  std::string site_hand_id;
  std::string currency;
  std::string limit_type;  // hands.limit_type as stored ("No Limit", "Pot Limit", "Limit", ...)
  std::string date;        // YYYY-MM-DD or empty
  Money big_blind{0};
  Money pot{0};  // gross total pot
  Money rake{0};
  int players{0};    // players dealt in
  std::string game;  // hands.game ("Hold'em", "Omaha Hi/Lo", ...)
};

// A finding on one stored hand (its hand_id is the store's).
struct HandFinding {
  std::int64_t hand_id{0};
  Finding finding;
};

// The place a tournament's hands print a player finishing in (hand_players.finish_place).
struct HandPlace {
  std::string player;
  int place{0};
  std::string site_hand_id;  // the hand that prints it
};

// What the store holds of a tournament for the checks of its summary against its hands.
struct StoredTournament {
  std::vector<TournamentResult> results;  // the summary's places (no prize), in file order
  std::optional<int> entrants;
  std::optional<Money> starting_chips;
  bool rebuys{false};
  std::vector<HandPlace> places;  // every place the tournament's hands print
  // The hand of the tournament whose seats start with the most chips, and how many: one table's
  // chips, never more than the whole tournament's. Empty when no hand is stored.
  std::string most_chips_hand;
  Money most_chips{0};
  std::uint32_t line{0};  // the summary's first line
};

// A hand as the signals across hands read it (audit/integrity_signals.hpp, docs/integrity.md):
// who was dealt in, what each won or lost, and who bet, raised or folded on which street.
struct IntegritySeat {
  int seat{0};
  std::string player;
  Money net{0};  // collected - contributed
  bool dealt{true};
  Money contributed{0};  // what the seat put in (the pots are layered from it: all-in equity)
};
struct IntegrityAction {
  int seat{0};
  Street street{Street::Preflop};
  EventKind kind{EventKind::Check};  // Fold, Check, Call, Bet or Raise
};
// The cards of one line of a hand: a deal, a show or muck (seat), or a board's street (seat 0):
// what the all-in equity and the deck's frequencies read (audit/integrity_chance.hpp).
struct IntegrityCards {
  int seat{0};  // 0 for a board
  Street street{Street::Preflop};
  EventKind kind{EventKind::DealtHole};  // DealtHole, Shows, Mucks or Board
  int board_index{0};                    // a board's: 0 the first (run it twice: 1, ...)
  EventCards cards;  // read from the stored text: "Ah Kd", "[3s 3c]", "5c 2c 6d"
};
struct IntegrityHand {
  std::int64_t hand_id{0};  // the store's
  std::string site;
  std::string site_hand_id;
  std::string table_name;  // "" when not known
  std::string date;        // YYYY-MM-DD (UTC) or ""
  bool tournament{false};
  std::string tournament_id;  // "" for a cash game
  std::string started_at;     // started_at_utc, "" when not known
  bool fast_fold{false};      // a pool's hands: the table name is the pool's
  std::string currency;       // "" for a tournament's chips
  int unit{100};
  Money big_blind{0};
  Money total_pot{0};
  Money rake{0};
  bool rake_known{false};  // the hand printed or derived its rake (hands.rake not NULL)
  std::vector<IntegritySeat> seats;
  std::vector<IntegrityAction> actions;  // in order of play
  std::string game;                      // Game::name() ("Hold'em", "Omaha Hi/Lo"), "" unknown
  std::vector<IntegrityCards> cards;     // in order of play
};

// A signal across hands for review (never a verdict): integrity_signals rows.
struct IntegritySignal {
  // "chip_dumping", "seats_together", "soft_play", "squeeze", "tournament_seats",
  // "rake_above_table_max", "allin_results", "deck_frequencies"
  std::string kind;
  std::string site;
  // the pair; the one player of allin_results; empty for rake_above_table_max, deck_frequencies
  std::vector<std::string> players;
  double score{0};              // the statistic (docs/integrity.md gives each)
  double threshold{0};          // the value it passed
  std::string statistic;        // its name: "z", "-log10 p", "rake over cap (big blinds)"
  std::optional<Money> amount;  // minor units of `currency` (a net transfer, a rake over the cap)
  std::string currency;
  std::string explanation;             // for a person
  std::vector<std::int64_t> hand_ids;  // the hands that support it (the store's)
};

}  // namespace hh
