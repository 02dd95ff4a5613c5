// Boss Media's XML hand histories (docs/sites/boss.md): one <HISTORY> element per hand, whose
// attributes say the game, the stakes and the table, with <PLAYER>s, <ACTION>s in order and a
// <SHOWDOWN> of <RESULT>s. Read with the XML layer (parser/xml/document.hpp).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::boss {

// The format's entry in the registry (format.cpp).
std::unique_ptr<Format> make_format();

// A hand starts at a "<HISTORY " line; "<?xml ...?>" and "<ROOT>" before it announce it.
bool is_hand_start(std::string_view line);
bool announces_hand(std::string_view line);

// Reads one piece cut out at is_hand_start(): a hand for each <HISTORY>. Never throws.
std::vector<Hand> read_document(const HandText& text, const std::string& file);

// A card of Boss's numbering, "0".."51": the suit (diamonds, clubs, hearts, spades) times 13
// plus the rank counted from the ace ("34" is 9h, "25" Kc); "" for a hidden card ("b") or
// anything else.
std::string card_of(std::string_view link);

}  // namespace hh::boss
