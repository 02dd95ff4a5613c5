#include "parser/site.hpp"

#include "parser/gg_parser.hpp"
#include "parser/pacific_parser.hpp"
#include "parser/stars_parser.hpp"
#include "parser/winamax_parser.hpp"

namespace hh {

const std::vector<SiteFormat>& site_formats() {
  static const std::vector<SiteFormat> formats = {
      {"pokerstars", &stars::is_hand_start, &stars::parse_hand},
      {"winamax", &winamax::is_hand_start, &winamax::parse_hand},
      {"888poker", &pacific::is_hand_start, &pacific::parse_hand},
      {"ggpoker", &gg::is_hand_start, &gg::parse_hand},
  };
  return formats;
}

const SiteFormat* format_of_line(std::string_view line) {
  for (const SiteFormat& f : site_formats())
    if (f.is_hand_start(line)) return &f;
  return nullptr;
}

bool is_any_hand_start(std::string_view line) { return format_of_line(line) != nullptr; }

namespace {
std::string_view first_line(std::string_view text) {
  std::size_t nl = text.find('\n');
  return nl == std::string_view::npos ? text : text.substr(0, nl);
}
}  // namespace

Hand parse_hand_text(const HandText& ht, const std::string& file) {
  std::string_view head = first_line(ht.text);
  if (const SiteFormat* f = format_of_line(head)) return f->parse(ht, file);
  Hand h;
  h.site = "unknown";
  h.source = {file, ht.byte_offset, ht.line};
  h.raw = std::string(ht.text);
  h.issues.push_back({ht.line,
                      "the first line of a hand of a known site (e.g. \"PokerStars Hand #\")",
                      std::string(head.substr(0, 120))});
  return h;
}

std::vector<Hand> parse_text(std::string_view decoded, const std::string& file) {
  std::vector<Hand> hands;
  for (const HandText& ht : split_hands(decoded, &is_any_hand_start))
    hands.push_back(parse_hand_text(ht, file));
  return hands;
}

}  // namespace hh
