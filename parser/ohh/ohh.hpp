// Open Hand History (PokerTracker's JSON, spec 1.4.7): one {"ohh": {...}} object per hand, hands
// separated by a blank line (a file as a whole is not JSON). Read with simdjson's On-Demand API,
// which hands out each number's own text, so amounts become minor units exactly, never through a
// double; written with the amounts formatted from minor units the same way.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"

namespace hh::ohh {

// A line that opens a hand: "{" alone at the start of a line (pretty-printed files), or a whole
// hand on one line ("{"ohh": ...", JSON Lines).
bool is_hand_start(std::string_view line);

// Reads one piece cut out by split_hands(): one hand object. Never throws on bad input.
Hand read_hand(const HandText& text, const std::string& file);

// A hand's identity in OHH (1.4: game_number "uniquely identifies the hand on the network"):
// `site | network | game number`, the hand's site_hand_id; the number alone where the file names
// neither site nor network; "" without a number (the store keys the hand by its content).
std::string hand_key(std::string_view site, std::string_view network, std::string_view number);

// The parts of a hand_key(): site, network, number (site and network empty for a number alone).
struct KeyParts {
  std::string site, network, number;
};
KeyParts key_parts(std::string_view key);

// The hand as one OHH object (Format::write_hand).
Format::WrittenHand write_hand(const Hand& hand);

std::unique_ptr<Format> make_format();

}  // namespace hh::ohh
