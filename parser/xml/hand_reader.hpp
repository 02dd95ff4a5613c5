// What the readers of one XML hand element (iPoker's <game>, Merge's <game>) share: the Hand
// being built with its source, the file line of a node, issues, events, and the betting state
// that turns the sites' amounts into bets, calls and raises.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <pugixml.hpp>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/text/split.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/xml/document.hpp"

namespace hh::xml {

class HandReader {
 protected:
  // `raw` is the hand element's text at `offset` in the piece `ht` of `file`.
  HandReader(std::string_view site, std::string_view raw, std::size_t offset, const HandText& ht,
             const Lines& lines, const std::string& file);

  // Parses the hand element into `doc`; false, with an issue, when it is no well-formed XML or
  // the document ends inside it (`closed` false; `cut_short` is that issue's expectation:
  // "</HISTORY>: the document ends inside the hand").
  bool parse_whole(pugi::xml_document& doc, bool closed, std::string_view cut_short);
  // The amount in attribute `attr` of `n` (parse_amount, in the hand's unit), or an issue.
  std::optional<Money> amount_of(const pugi::xml_node& n, const char* attr);

  // The whole number in attribute `attr` of `n` (digits only, none missing), or an issue naming
  // `expected`: a count, a seat, an order or a code is never read as 0 when it does not parse.
  std::optional<long long> number_of(const pugi::xml_node& n, const char* attr,
                                     std::string_view expected);
  // The totals a site prints before the play (iPoker's bet/win and Microgaming's endbalance on
  // the seat lines) are judged on the whole play: in a hand with a gap they are moved to the
  // first line not read, so that the audit withholds their checks with the rest of the money
  // checks (docs/discrepancies.md, CHECKS_NOT_RUN). Call once the hand is read.
  void totals_wait_for_the_play();

  std::uint32_t line_at(std::size_t offset_in_raw) const;
  std::uint32_t line_of(const pugi::xml_node& n) const;
  void issue(std::uint32_t line, std::string expected, std::string_view got);
  Event& add(EventKind kind, Street street, int seat, std::uint32_t line);

  // The largest street total so far on the betting round of `s` (forced bets count for the
  // first round).
  Money street_max(Street s) const;
  // An all-in that brings the seat's street total to `reaches`: a bet, a call or a raise.
  EventKind all_in_kind(const Event& e, Money reaches) const;
  // The hand's ante: the largest posted (the exports print none in their headers).
  void ante_from_events();
  // Completes a money event (StreetBets::apply), keeps the street's largest total and adds it.
  void push_bet(Event e);

  std::string_view raw_;
  std::size_t offset_;
  const Lines& lines_;
  Hand h_;
  StreetBets bets_;

 private:
  std::map<Street, Money> max_;
};

}  // namespace hh::xml
