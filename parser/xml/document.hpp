// The reading layer the XML exports share (iPoker, Merge): they are read with pugixml, element by
// element, not with an X3 grammar. A piece split_hands() cuts holds a header element every hand
// needs (iPoker's <session>, Merge's <description>) and many hand elements (<game>), whose tags
// may share a line with the previous one. This layer finds the elements, keeps the file's line
// numbers, and turns what is no hand into issues; each site is then a mapping of its elements.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <pugixml.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "model/hand.hpp"
#include "parser/text/split.hpp"

namespace hh::xml {

// Byte offsets to 1-based line numbers of the file, for a text that starts at `first_line`.
class Lines {
 public:
  Lines(std::string_view text, std::uint32_t first_line);
  std::uint32_t at(std::size_t offset) const;

 private:
  std::uint32_t first_line_;
  std::vector<std::size_t> ends_;
};

// The next tag "<NAME" (followed by a space, '>' or '/') at or after `from`, or npos.
std::size_t find_tag(std::string_view text, std::string_view name, std::size_t from);

bool only_space(std::string_view s);

// "<?xml ...?>", a byte order mark the decoder left before it allowed.
bool is_xml_declaration(std::string_view line);

// Parses `text` (one element and what it holds) into `doc`, in place of a copy kept by the
// caller (pugixml keeps pointers into its own buffer).
pugi::xml_parse_result parse(pugi::xml_document& doc, std::string_view text);

// An element's byte offset in the text it was parsed from, or nullopt when pugixml has none.
std::optional<std::size_t> offset_of(const pugi::xml_node& n);

// The tags of one export's pieces.
struct Shape {
  std::string_view site;           // Hand::site of an unparsed hand
  std::string_view header_tag;     // the element that precedes its hands: "session", "description";
                                   // "" when each hand element holds all it needs (Microgaming)
  std::string_view hand_tag;       // one hand: "game"
  std::string_view closing_after;  // a closing tag that may follow a hand ("</session>"), or ""
  std::string_view expected;       // what a piece holds, for an issue: "an iPoker <session> ..."
  // A line the export writes after a hand, which belongs to it, up to the line's end
  // (Microgaming's "ExtendedTableName: Tornado [168341]"), or "".
  std::string_view trailer_line{};
};

// What a site makes of the elements; offsets are in the piece, `lines` numbers them in the file.
struct Reader {
  // The header element's text, running up to the next hand (or the piece's end), and its offset.
  std::function<void(std::string_view text, std::size_t offset, const Lines& lines)> header;
  // One hand element: from its tag to its closing tag (`closed`), or, cut short, up to the next
  // hand or header tag; `offset` in the piece.
  std::function<Hand(std::string_view text, std::size_t offset, bool closed, const Lines& lines)>
      hand;
};

// Reads one piece: calls `reader` on each header and hand in document order and returns the
// hands. A piece that is only an XML declaration holds none; one with neither a header nor a
// hand gives one unparsed hand saying so. Anything between a hand and the next but whitespace
// (and shape.closing_after, and lines that start with shape.trailer_line) becomes an issue of
// that hand.
std::vector<Hand> read_hands(const HandText& text, const std::string& file, const Shape& shape,
                             const Reader& reader);

// Seconds since the Unix epoch as ISO 8601 UTC ("2011-12-20T10:01:17Z"): the XML exports print
// epoch times (Boss Media's DATE, Merge's event timestamps).
std::string utc_of_epoch(std::int64_t seconds);

// A 0-based seat number attribute (Everest's position="N", Merge's seat="N" and dealer="N") as
// the model's 1-based seat; 0 when missing, not a number or beyond any table (never an overflow:
// position="2147483647" came from the fuzz smoke).
// Only digits are a position: "O" or "1O" is none (never read as seat 1).
inline int seat_from_position(const pugi::xml_attribute& a) {
  const std::string_view v = a.value();
  if (v.empty() || v.size() > 2 || v.find_first_not_of("0123456789") != std::string_view::npos)
    return 0;
  const int p = v.size() == 1 ? v[0] - '0' : (v[0] - '0') * 10 + (v[1] - '0');
  return p + 1;
}

}  // namespace hh::xml
