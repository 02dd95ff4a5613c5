// Merge Gaming Network's XML hand histories (Carbon, Lock, ...; docs/sites/merge.md): a
// <description type=".." stakes=".."/> header and one or more <game>s, each a hand of rounds of
// <event>s, <cards> and <winner>s. Read with the XML layer (parser/xml/document.hpp).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::merge {

// The format's entry in the registry (format.cpp).
std::unique_ptr<Format> make_format();

// A piece of a Merge file starts at its "<description" header: the <game>s after it need it.
bool is_document_start(std::string_view line);

// Reads one piece cut out at is_document_start(): a hand for each <game>, each with its own
// source line and raw text, its game and stakes taken from the <description>. Never throws.
std::vector<Hand> read_document(const HandText& text, const std::string& file);

// A Merge amount ("$8.48", "0.04", chips "4460.00") in minor units, `unit` per major unit.
std::optional<Money> read_amount(std::string_view text, int unit);

}  // namespace hh::merge
