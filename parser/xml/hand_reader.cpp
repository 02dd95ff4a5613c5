#include "parser/xml/hand_reader.hpp"

#include <algorithm>
#include <utility>

#include "parser/text/money.hpp"
#include "parser/text/text_util.hpp"

namespace hh::xml {

namespace {
Street betting_round(Street s) { return s == Street::Setup ? Street::Preflop : s; }
}  // namespace

HandReader::HandReader(std::string_view site, std::string_view raw, std::size_t offset,
                       const HandText& ht, const Lines& lines, const std::string& file)
    : raw_(raw), offset_(offset), lines_(lines) {
  h_.site = std::string(site);
  h_.source = {file, ht.byte_offset + offset, lines.at(offset)};
  h_.raw = std::string(raw);
}

bool HandReader::parse_whole(pugi::xml_document& doc, bool closed, std::string_view cut_short) {
  const pugi::xml_parse_result r = parse(doc, raw_);
  if (r && closed) return true;
  issue(line_at(static_cast<std::size_t>(r.offset)),
        closed ? "well-formed XML" : std::string(cut_short), r ? "" : r.description());
  return false;
}

std::optional<Money> HandReader::amount_of(const pugi::xml_node& n, const char* attr) {
  auto m = parse_amount(trim(n.attribute(attr).value()), h_.unit);
  if (!m)
    issue(line_of(n), std::string("an amount in ") + attr + "=\"...\"", n.attribute(attr).value());
  return m;
}

std::optional<long long> HandReader::number_of(const pugi::xml_node& n, const char* attr,
                                               std::string_view expected) {
  const std::string_view v = n.attribute(attr).value();
  if (v.empty() || v.size() > 12 || v.find_first_not_of("0123456789") != std::string_view::npos) {
    issue(line_of(n), std::string(expected), v);
    return std::nullopt;
  }
  long long out = 0;
  for (char c : v) out = out * 10 + (c - '0');
  return out;
}

void HandReader::totals_wait_for_the_play() {
  if (h_.issues.empty()) return;
  std::uint32_t first = 0;
  for (const ParseIssue& i : h_.issues) {
    const std::uint32_t line = i.line != 0 ? i.line : std::max<std::uint32_t>(h_.source.line, 1);
    if (first == 0 || line < first) first = line;
  }
  for (SummarySeat& s : h_.summary) s.line = std::max(s.line, first);
  for (Event& e : h_.events)
    if (e.kind == EventKind::Collected) e.line = std::max(e.line, first);
  h_.totals_line = h_.totals_line == 0 ? 0 : std::max(h_.totals_line, first);
}

std::uint32_t HandReader::line_at(std::size_t offset_in_raw) const {
  return lines_.at(offset_ + std::min(offset_in_raw, raw_.size()));
}

std::uint32_t HandReader::line_of(const pugi::xml_node& n) const {
  const auto off = offset_of(n);
  return off ? line_at(*off) : h_.source.line;
}

void HandReader::issue(std::uint32_t line, std::string expected, std::string_view got) {
  h_.issues.push_back({line, std::move(expected), std::string(got.substr(0, 120)), 0});
}

Event& HandReader::add(EventKind kind, Street street, int seat, std::uint32_t line) {
  Event e;
  e.kind = kind;
  e.street = street;
  e.seat = seat;
  e.line = line;
  h_.events.push_back(std::move(e));
  return h_.events.back();
}

Money HandReader::street_max(Street s) const {
  auto it = max_.find(betting_round(s));
  return it == max_.end() ? 0 : it->second;
}

EventKind HandReader::all_in_kind(const Event& e, Money reaches) const {
  const Money max = street_max(e.street);
  return max == 0 ? EventKind::Bet : reaches <= max ? EventKind::Call : EventKind::Raise;
}

void HandReader::ante_from_events() {
  for (const Event& e : h_.events)
    if (e.kind == EventKind::PostAnte) h_.ante = std::max(h_.ante, e.amount);
}

void HandReader::push_bet(Event e) {
  bets_.apply(e);
  // Dead money is no part of the bet to match.
  if (e.kind != EventKind::PostAnte && e.kind != EventKind::PostDead)
    max_[betting_round(e.street)] = std::max(street_max(e.street), e.to);
  h_.events.push_back(std::move(e));
}

}  // namespace hh::xml
