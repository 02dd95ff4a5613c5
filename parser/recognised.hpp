// A format hhaudit knows by sight but does not read yet: its files are recorded with its name
// ("9stacks Poker: not supported") instead of being taken for another site's or skipped
// silently. Each registers itself from its site's folder (HH_REGISTER_FORMATS, parser/registry.hpp)
// with its own signature, as a readable format does, and its test data sample
// (tests/test_sniff.cpp sniffs every sample as its format; docs/sites.md lists them).
#pragma once

#include <memory>
#include <string_view>

#include "parser/format.hpp"

namespace hh {

// Recognised-only formats rank from here: after the readable formats and the summaries (ranks
// below 1000), so that either wins a tie; each takes a rank of its own.
inline constexpr int kRecognisedRank = 1000;

// The format named `name` ("9stacks", its files' `site`) and `display_name`, recognised by
// `score`, which rates one line of a file's head (already trimmed; sniff::kSignature for the
// format's own signature line). Its hands are never read.
std::unique_ptr<Format> recognised_format(std::string_view name, std::string_view display_name,
                                          int (*score)(std::string_view line));

}  // namespace hh
