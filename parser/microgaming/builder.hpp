// Microgaming's XML hand histories (docs/sites/microgaming.md): one <Game> element per hand, after
// a "----PRIMA.DAT----" line (the network's former name, Prima) in most files, whose attributes
// say the game, the stakes, the table and the rake, with <Seats> (stacks before and after the
// hand) and <Gameplay> <Action>s in order, the pot paid in a last <Action type="Win">. Read with
// the XML layer (parser/xml/document.hpp).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::microgaming {

// The format's entry in the registry (format.cpp).
std::unique_ptr<Format> make_format();

// A hand starts at a "<Game " line; "----PRIMA.DAT----" before it announces it.
bool is_hand_start(std::string_view line);
bool announces_hand(std::string_view line);

// Reads one piece cut out at is_hand_start(): a hand for each <Game>. Never throws.
std::vector<Hand> read_document(const HandText& text, const std::string& file);

// The text of an attribute Microgaming stores as base64 of UTF-16LE (unicodetablename,
// unicodealias, currencysymbol: "rCA=" is "€"), as UTF-8; "" when it is no base64.
std::string text_of_base64_utf16(std::string_view base64);

}  // namespace hh::microgaming
