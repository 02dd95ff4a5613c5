// Everest Poker's XML hand histories (docs/sites/everest.md): a <SESSION .../> element (table,
// game, structure, currency) followed by its <HAND> elements, whose children are the play in
// order: <SEAT>s, <ANTE>s, <BLIND>s, <HOLE> cards one at a time, <BET>s of the chips added,
// <PUSH> (a bet returned), <SWEEP> (the pot after each round), <COMMUNITY> cards, <SHOW>, <WIN>.
// Read with the XML layer (parser/xml/document.hpp).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::everest {

// The format's entry in the registry (format.cpp).
std::unique_ptr<Format> make_format();

// A piece starts at a "<SESSION " line and holds the session's hands.
bool is_document_start(std::string_view line);

// Reads one piece cut out at is_document_start(): a hand for each <HAND>. Never throws.
std::vector<Hand> read_document(const HandText& text, const std::string& file);

// An Everest card, "10d", "Kh", as the model writes it ("Td", "Kh"); "" for anything else ("--",
// a card not seen).
std::string card_of(std::string_view text);

}  // namespace hh::everest
