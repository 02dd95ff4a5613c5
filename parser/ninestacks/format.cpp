// 9stacks Poker (India), recognised but not read (issue 33, point 21): a PokerStars-like text
// whose hands start "9stacks Poker Hand #N: ...". Its files are recorded "9stacks Poker: not
// supported".
#include "parser/recognised.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh {

namespace {

int nine_stacks_signature(std::string_view line) {
  return starts_with(line, "9stacks Poker Hand #") ? sniff::kSignature : 0;
}

}  // namespace

HH_REGISTER_FORMATS(ninestacks) {
  registry.add(kRecognisedRank,
               recognised_format("9stacks", "9stacks Poker", nine_stacks_signature),
               {{}, "9stacks"});
}

}  // namespace hh
