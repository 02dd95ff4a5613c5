// Turning printed amounts into integer minor units. One place for every site's number format.
#pragma once

#include <optional>
#include <string_view>

#include "model/amount_text.hpp"  // format_amount, for the readers' messages
#include "model/hand.hpp"

namespace hh {

// How a site writes numbers: which character separates decimals and which groups thousands.
struct NumberFormat {
  char decimal{'.'};
  char group{','};  // also accepted: '\'' and ' ' (some sites group with them)
};

// Parses an amount such as "$1,270.5", "€0.05", "₹136.50", "1'000" or "10000" into minor units,
// `unit` minor units per major unit (100 for currency, 1 for chips). Currency symbols before or
// after the number are skipped. Returns nullopt when the text is not a number or carries more
// decimals than the unit can represent (no rounding: money is exact).
std::optional<Money> parse_amount(std::string_view text, int unit, NumberFormat fmt = {});

// The same for sites whose amounts follow each player's locale (888poker, PartyPoker's Mac client):
// the decimal separator is decided per amount. A '.' or ',' followed by one or two digits at the
// end is decimal, any other '.', ',' or space groups thousands ("$1,728.25", "0,01 $", "5 000 $",
// "$ 3.243" is 3243, "$26,02" is 26.02).
std::optional<Money> parse_amount_either_decimal(std::string_view text, int unit);

}  // namespace hh
