#include "parser/text/header_fields.hpp"

namespace hh::header {

const GameName* game_named(std::string_view printed, std::span<const GameName> names) {
  for (const GameName& g : names)
    if (printed == g.printed) return &g;
  return nullptr;
}

const GameName* game_at_start(std::string_view text, std::span<const GameName> names) {
  for (const GameName& g : names)
    if (text.substr(0, g.printed.size()) == g.printed) return &g;
  return nullptr;
}

GameFound first_game_in(std::string_view text, std::span<const GameName> names) {
  GameFound best;
  best.pos = std::string_view::npos;
  for (const GameName& g : names) {
    const std::size_t pos = text.find(g.printed);
    if (pos == std::string_view::npos) continue;
    if (pos < best.pos || (pos == best.pos && g.printed.size() > best.name->printed.size())) {
      best.pos = pos;
      best.name = &g;
    }
  }
  if (!best.name) best.pos = 0;
  return best;
}

GameFound last_game_in(std::string_view text, std::span<const GameName> names) {
  GameFound best;
  for (const GameName& g : names) {
    const std::size_t pos = text.rfind(g.printed);
    if (pos == std::string_view::npos) continue;
    const std::size_t end = pos + g.printed.size();
    if (!best.name || end > best.end() ||
        (end == best.end() && g.printed.size() > best.name->printed.size())) {
      best.pos = pos;
      best.name = &g;
    }
  }
  return best;
}

Structure structure_of(std::string_view limit, std::span<const LimitName> names) {
  for (const LimitName& l : names) {
    const bool hit = l.match == Match::Exact    ? limit == l.printed
                     : l.match == Match::Prefix ? limit.substr(0, l.printed.size()) == l.printed
                                                : limit.find(l.printed) != std::string_view::npos;
    if (hit) return l.structure;
  }
  return Structure::Unknown;
}

std::string currency_of(std::string_view stakes, std::span<const CurrencyMark> marks) {
  for (const CurrencyMark& m : marks)
    if (stakes.find(m.mark) != std::string_view::npos) return std::string(m.code);
  return "";
}

}  // namespace hh::header
