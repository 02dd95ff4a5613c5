// PHH (Poker Hand History, uoftcprg/phh-std) read into the site-neutral Hand. A PHH file is TOML:
// `.phh` holds one hand at its root, `.phhs` many, each under a `[N]` table. The piece a split
// gives the reader is the whole document (from its first `[N]` or `variant = ` line), so a
// `.phhs` becomes one Hand per table, each with its own line and raw text.
//
// Amounts are read exactly from the TOML source text, never through a double: a hand's unit is
// 10^d where d is the largest number of decimals among the hand's amounts ("0.50" and "200.30":
// d = 2, unit 100; all integers: unit 1). docs/sites/phh.md.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::phh {

// `variant = ...` at the start of a line (a `.phh` hand or a `.phhs` table's first field), or a
// `[N]` table header of a `.phhs`.
bool is_hand_start(std::string_view line);
// A `[N]` table header: the `variant = ` line after it belongs to the same hand.
bool is_table_header(std::string_view line);
// Only TOML comments and blank lines: what a PHH file may hold before its first hand.
bool is_comment_only(std::string_view text);

// A number as TOML writes it ("200.30", "1_000", "2.5e3", "inf"), exactly: mantissa / 10^decimals.
struct Decimal {
  Money mantissa{0};
  int decimals{0};
  bool infinite{false};
};
// nullopt: not a number, a negative or NaN value, or one that does not fit 18 digits.
std::optional<Decimal> parse_decimal(std::string_view text);

// Every hand of one PHH document (a `.phh` or a `.phhs`).
std::vector<Hand> read_document(const HandText& text, const std::string& file);

// The variant code PHH names a game and structure by ("NT", "FO/8", ...); "" when PHH has none.
std::string_view variant_code(const Game& game, Structure structure);

// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::phh
