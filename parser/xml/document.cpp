#include "parser/xml/document.hpp"

#include <date/date.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "parser/text/text_util.hpp"

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
  std::size_t pos = 0;
  while (true) {
    header_at = header_from(pos);
    hand_at = find_tag(text, shape.hand_tag, pos);
    if (header_at == std::string_view::npos && hand_at == std::string_view::npos) break;
    if (header_at < hand_at) {
      const std::string_view header =
          text.substr(header_at, hand_at == std::string_view::npos ? std::string_view::npos
                                                                   : hand_at - header_at);
      reader.header(header, header_at, lines);
      // A hand whose opening tag is not the hand's ("<zzyzx gamecode=..>" in place of "<game"):
      // its closing tag is in the header's text. It is no hand read, but it is a hand: an
      // unparsed one, never none.
      const std::size_t orphan = header.find(closing);
      if (orphan != std::string_view::npos) {
        const std::size_t at = header_at + orphan;
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
        hands.push_back(std::move(h));
      }
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
    Hand h = reader.hand(text.substr(hand_at, end - hand_at), hand_at, closed, lines);
    // Between a hand and what follows only the document's closing tag belongs.
    std::string_view after = text.substr(end, limit - end);
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
    if (!only_space(rest)) {
      const std::size_t junk = after.find_first_not_of(" \t\r\n");
      std::string_view got = after.substr(junk);
      got = got.substr(0, std::min(got.find('\n'), std::size_t{120}));
      std::string expected = "only whitespace after " + closing;
      if (!shape.closing_after.empty())
        expected = "only " + std::string(shape.closing_after) + " after " + closing;
      h.issues.push_back({lines.at(end + junk), std::move(expected), std::string(got), 0});
    }
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
