// The action line every site grammar yields: one verb and the views it matched, so that one
// function (HandBuilder::action_event) turns any site's action into an Event. A site's grammar
// uses the verbs it prints and leaves the other fields empty.
#pragma once

#include <string_view>

namespace hh::action_ast {

enum class Verb : unsigned char {
  Fold,
  Check,
  Call,
  Bet,
  Raise,       // amount: the increment as printed (may be empty); amount2: the street total
  RaiseBy,     // amount: the chips the raise adds (888 prints no total)
  SmallBlind,  // posted out of position (Winamax) it is dead money
  BigBlind,
  BothBlinds,  // amount: the total, or the dead part when amount2 holds the live part (888)
  Ante,
  Straddle,    // amount: the chips put in
  StraddleTo,  // amount: the player's street total after the straddle (GG)
  ButtonBlind,
  DeadBlind,  // a missed blind posted dead
  BringIn,
  Discard,
  StandPat,
  Show,
  Muck,
  SitOut,
  Return,
  Uncalled,  // amount: the part of a bet nobody called, given back (Cake: "returns uncalled bet X")
  Collected,
  CashedOut,  // amount: the cash-out; amount2: the fee
  Chat,
  PaidBesidePot,      // amount: paid to the site beside the pot (GG's insurance premium)
  ReceivedBesidePot,  // amount: received from the site beside the pot (GG's EV Cashout)
  Other,  // a recognised, money-neutral line: kept as an Other event with the line's text
};

// "NAME: <action>" or "NAME <note>" after the name.
struct Action {
  Verb verb{Verb::Other};
  std::string_view amount;
  std::string_view amount2;  // see Verb
  bool all_in{false};
  bool out_of_position{false};  // Winamax: blinds posted out of the blind positions
  std::string_view cards;
  unsigned count{0};      // discards
  int pot_index{-1};      // collected: 0 main pot, k side pot k, -1 "the pot"
  std::string_view text;  // chat text
};

}  // namespace hh::action_ast
