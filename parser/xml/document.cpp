#include "parser/xml/document.hpp"

#include <date/date.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "parser/text/text_util.hpp"
#include "parser/text/unread_cards.hpp"

namespace hh::xml {

Lines::Lines(std::string_view text, std::uint32_t first_line) : first_line_(first_line) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') ends_.push_back(i);
}

std::uint32_t Lines::at(std::size_t offset) const {
  auto it = std::lower_bound(ends_.begin(), ends_.end(), offset);
  return first_line_ + static_cast<std::uint32_t>(it - ends_.begin());
}

std::size_t find_tag(std::string_view text, std::string_view name, std::size_t from) {
  while (true) {
    std::size_t p = text.find('<', from);
    if (p == std::string_view::npos) return p;
    std::string_view rest = text.substr(p + 1);
    if (starts_with(rest, name) && rest.size() > name.size()) {
      char c = rest[name.size()];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '>' || c == '/') return p;
    }
    from = p + 1;
  }
}

bool only_space(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
}

bool is_xml_declaration(std::string_view line) {
  line = trim(line);
  // A byte order mark the decoder left (a UTF-8 file with a BOM after a cp1252 round trip).
  if (starts_with(line, "\xEF\xBB\xBF")) line.remove_prefix(3);
  return starts_with(line, "<?xml");
}

pugi::xml_parse_result parse(pugi::xml_document& doc, std::string_view text) {
  return doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
}

std::optional<std::size_t> offset_of(const pugi::xml_node& n) {
  const std::ptrdiff_t off = n.offset_debug();
  if (off < 0) return std::nullopt;
  return static_cast<std::size_t>(off);
}

namespace {

// Where `text` holds the first character reference ("&#N;", "&#xN;") to a character XML does not
// allow (NUL and the other controls but tab, LF and CR, a surrogate, U+FFFE, U+FFFF, anything past
// U+10FFFF however many digits), or nullopt.
std::optional<std::size_t> bad_character_reference(std::string_view text) {
  for (std::size_t at = text.find("&#"); at != std::string_view::npos;
       at = text.find("&#", at + 2)) {
    std::size_t i = at + 2;
    const bool hex = i < text.size() && (text[i] == 'x');
    if (hex) ++i;
    const std::size_t digits = i;
    std::uint64_t value = 0;
    bool too_big = false;
    for (; i < text.size(); ++i) {
      const char c = text[i];
      int d = -1;
      if (c >= '0' && c <= '9') d = c - '0';
      if (hex && c >= 'a' && c <= 'f') d = c - 'a' + 10;
      if (hex && c >= 'A' && c <= 'F') d = c - 'A' + 10;
      if (d < 0) break;
      value = value * (hex ? 16 : 10) + static_cast<std::uint64_t>(d);
      if (value > 0x10FFFF) {
        too_big = true;
        value = 0x110000;  // stays too big however many digits follow
      }
    }
    // Not a reference pugixml decodes ("&#;", "&#12" with no ';'): left as the text it is.
    if (i == digits || i >= text.size() || text[i] != ';') continue;
    const bool allowed = !too_big && (value == 0x9 || value == 0xA || value == 0xD ||
                                      (value >= 0x20 && value <= 0xD7FF) ||
                                      (value >= 0xE000 && value <= 0xFFFD) || value >= 0x10000);
    if (!allowed) return at;
  }
  return std::nullopt;
}

// The issue of the first bad character reference of text[from, to), if any.
std::optional<ParseIssue> bad_reference_issue(std::string_view text, std::size_t from,
                                              std::size_t to, const Lines& lines) {
  const std::string_view part = text.substr(from, to - from);
  const std::optional<std::size_t> at = bad_character_reference(part);
  if (!at) return std::nullopt;
  const std::string_view ref =
      part.substr(*at, std::min(part.find(';', *at) + 1 - *at, std::size_t{40}));
  return ParseIssue{lines.at(from + *at),
                    "a character reference to a character XML allows (not &#0;, a surrogate or "
                    "past U+10FFFF)",
                    std::string(ref), 0};
}

// A hand element not read, with the issue why.
Hand unread_hand(const HandText& ht, const std::string& file, const Shape& shape,
                 std::string_view raw, std::size_t offset, const Lines& lines, ParseIssue issue) {
  Hand h;
  h.site = std::string(shape.site);
  h.source = {file, ht.byte_offset + offset, lines.at(offset)};
  h.raw = std::string(raw);
  h.issues.push_back(std::move(issue));
  return h;
}

// A hand whose opening tag is not the hand's ("<zzyzx gamecode=..>" in place of "<game"): its
// closing tag (`closing`) is in the text of the header (`header`, at `header_at`). It is no hand
// read, but it is a hand: an unparsed one, never none.
Hand orphan_closing_tag_hand(const HandText& ht, const std::string& file, const Shape& shape,
                             std::string_view header, std::size_t header_at,
                             const std::string& closing, const Lines& lines) {
  const std::string_view text = ht.text;
  const std::size_t at = header_at + header.find(closing);
  const std::size_t begin = text.rfind('\n', at);
  const std::size_t from = begin == std::string_view::npos ? 0 : begin + 1;
  Hand h;
  h.site = std::string(shape.site);
  h.source = {file, ht.byte_offset + header_at, lines.at(at)};
  h.raw = std::string(header);
  std::string expected =
      fmt::format("<{} ...> opening the hand this {} closes", shape.hand_tag, closing);
  std::string got(trim(text.substr(from, at - from + closing.size())));
  if (got.size() > 120) got.resize(120);
  h.issues.push_back({lines.at(at), std::move(expected), std::move(got), 0});
  return h;
}

// Between a hand and what follows (`after`, from `end` in the text) only the document's closing
// tag belongs (and the shape's trailer lines): anything else is an issue of the hand `h`.
void check_after_hand(Hand& h, const Shape& shape, std::string_view after, std::size_t end,
                      const std::string& closing, const Lines& lines) {
  std::string rest;
  for (std::size_t p = 0; p < after.size();) {
    if (!shape.closing_after.empty() && after.substr(p).starts_with(shape.closing_after)) {
      p += shape.closing_after.size();
    } else if (!shape.trailer_line.empty() && (p == 0 || after[p - 1] == '\n') &&
               after.substr(p).starts_with(shape.trailer_line)) {
      p = std::min(after.find('\n', p), after.size());
    } else {
      rest += after[p++];
    }
  }
  if (only_space(rest)) return;
  const std::size_t junk = after.find_first_not_of(" \t\r\n");
  std::string_view got = after.substr(junk);
  got = got.substr(0, std::min(got.find('\n'), std::size_t{120}));
  std::string expected = "only whitespace after " + closing;
  if (!shape.closing_after.empty())
    expected = "only " + std::string(shape.closing_after) + " after " + closing;
  h.issues.push_back({lines.at(end + junk), std::move(expected), std::string(got), 0});
}

}  // namespace

std::vector<Hand> read_hands(const HandText& ht, const std::string& file, const Shape& shape,
                             const Reader& reader) {
  std::vector<Hand> hands;
  const std::string_view text = ht.text;
  const Lines lines(text, ht.line);
  const auto find_header = [&](std::size_t from) {
    return shape.header_tag.empty() ? std::string_view::npos
                                    : find_tag(text, shape.header_tag, from);
  };
  std::size_t header_at = find_header(0);
  std::size_t hand_at = find_tag(text, shape.hand_tag, 0);
  if (header_at == std::string_view::npos && hand_at == std::string_view::npos) {
    // An XML declaration on a line of its own holds no hand; anything else here is no hand.
    const std::string_view t = trim(text);
    if (starts_with(t, "<?xml") && t.find('\n') == std::string_view::npos && t.ends_with("?>"))
      return hands;
    Hand h;
    h.site = std::string(shape.site);
    h.source = {file, ht.byte_offset, ht.line};
    h.raw = std::string(text);
    h.issues.push_back({ht.line, std::string(shape.expected),
                        std::string(t.substr(0, t.find('\n')).substr(0, 120)), 0});
    hands.push_back(std::move(h));
    return hands;
  }
  // The next header tag at or after a position, searched again only once passed, so that a
  // document of thousands of hands is read in one pass.
  auto header_from = [&](std::size_t from) {
    if (header_at != std::string_view::npos && header_at < from) header_at = find_header(from);
    return header_at;
  };
  const std::string closing = "</" + std::string(shape.hand_tag) + ">";
  std::optional<ParseIssue> header_problem;  // of the last header read
  std::size_t pos = 0;
  while (true) {
    header_at = header_from(pos);
    hand_at = find_tag(text, shape.hand_tag, pos);
    if (header_at == std::string_view::npos && hand_at == std::string_view::npos) break;
    if (header_at < hand_at) {
      // Up to the hand or the next header, so that each byte is looked at once.
      const std::size_t header_end = std::min({hand_at, find_header(header_at + 1), text.size()});
      header_problem = bad_reference_issue(text, header_at, header_end, lines);
      const std::string_view header =
          text.substr(header_at, hand_at == std::string_view::npos ? std::string_view::npos
                                                                   : hand_at - header_at);
      reader.header(header, header_at, lines);
      if (header.find(closing) != std::string_view::npos)  // a hand under another opening tag
        hands.push_back(
            orphan_closing_tag_hand(ht, file, shape, header, header_at, closing, lines));
      pos = header_at + 1;
      continue;
    }
    // The hand runs to its closing tag, or (a document cut short) up to the next tag of a hand
    // or a header, or the end.
    const std::size_t next =
        std::min(find_tag(text, shape.hand_tag, hand_at + 1), header_from(hand_at + 1));
    const std::size_t limit = next == std::string_view::npos ? text.size() : next;
    std::size_t end = text.substr(hand_at, limit - hand_at).find(closing);
    const bool closed = end != std::string_view::npos;
    end = closed ? hand_at + end + closing.size() : limit;
    while (end > hand_at && (text[end - 1] == ' ' || text[end - 1] == '\t' ||
                             text[end - 1] == '\n' || text[end - 1] == '\r'))
      --end;
    // A hand, or the header it depends on, holding a character reference to no character XML
    // allows (&#0;, &#xD800;, &#99999999999;) is not read: pugixml would give its text cut
    // short or as invalid UTF-8. It is unparsed, with the reference's line.
    std::optional<ParseIssue> problem = bad_reference_issue(text, hand_at, end, lines);
    if (!problem) problem = header_problem;
    Hand h = problem ? unread_hand(ht, file, shape, text.substr(hand_at, end - hand_at), hand_at,
                                   lines, *problem)
                     : reader.hand(text.substr(hand_at, end - hand_at), hand_at, closed, lines);
    check_after_hand(h, shape, text.substr(end, limit - end), end, closing, lines);
    report_unread_cards(h);
    hands.push_back(std::move(h));
    pos = end;
  }
  return hands;
}

std::string utc_of_epoch(std::int64_t seconds) {
  const date::sys_seconds t{std::chrono::seconds{seconds}};
  return date::format("%Y-%m-%dT%H:%M:%SZ", t);
}

}  // namespace hh::xml
