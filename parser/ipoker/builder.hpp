// iPoker's XML hand histories (docs/sites/ipoker.md): a <session> document holds a <general>
// header (game, stakes, currency, table, tournament) and many <game>s, each a hand. Read with
// pugixml, not X3: the format is XML, and its quirks (actions out of document order, amounts with
// currency marks in the player's locale, cards "C10") are resolved here.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::ipoker {

// The format's entry in the registry (format.cpp).
std::unique_ptr<Format> make_format();

// The lines where an iPoker piece of a file starts (Format::is_hand_start): a "<session" tag, a
// document of many hands, and an XML declaration "<?xml ... ?>", which precedes the session on a
// line of its own: it announces the session (Format::announces_hand), so both are one piece.
bool is_document_start(std::string_view line);
bool is_xml_declaration(std::string_view line);

// Reads one piece cut out at is_document_start(): a hand for each <game> of its session(s), each
// with its own source line and raw text (the <game> element), its header taken from the session.
// Empty for a lone XML declaration. Never throws: a malformed document gives unparsed hands (or
// issues on a hand) that say what was expected and where.
std::vector<Hand> read_document(const HandText& text, const std::string& file);

// An iPoker amount in minor units, `unit` per major unit: a currency mark before or after
// ("$1,214.15", "RSD1,110.25", "€0,50"), separators in the player's locale ("1.500" chips), and the
// escape "\x80" one export tool wrote for the cp1252 euro sign. nullopt when it is no amount.
std::optional<Money> read_amount(std::string_view text, int unit);

// A card as hhaudit writes it: suit letter first and "10" for the ten in iPoker ("C10" -> "Tc",
// "DA" -> "Ad"); "" for a hidden card ("X") or anything else.
std::string card_of(std::string_view printed);

}  // namespace hh::ipoker
