// Amounts as messages, the report and the summaries print them. Reading printed amounts is the
// readers' business (parser/text/money.hpp); writing them is everyone's, so it lives here.
#pragma once

#include <string>

#include "model/hand.hpp"

namespace hh {

// Formats minor units for messages: 12345 with unit 100 -> "123.45"; with unit 1 -> "12345".
std::string format_amount(Money amount, int unit);

}  // namespace hh
