// The pipeline's reader of a file in pieces and of the complete hands in them, shared with
// bench/parse_bench.cpp so that the bench reads files the way the pipeline's reader thread does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "parser/text/hand_splitter.hpp"
#include "pipeline/pipeline.hpp"

namespace hh::pipeline {

// Reads raw bytes in pieces that end at a line end of the file's encoding (as decode() detected
// it on the file's head), so that each piece decodes on its own (a CR LF pair, a UTF-8 sequence
// or a UTF-16 unit is never cut). A line longer than kMaxPiece is cut into pieces of about that
// size, at a character's boundary: memory stays bounded whatever the file (10 MB of zeros, a
// sparse file of gigabytes), and each byte is searched for a line end once.
class PieceReader {
 public:
  static constexpr std::size_t kPiece = kReadPiece;
  static constexpr std::size_t kMaxPiece = 4 * kReadPiece;

  PieceReader(std::istream& in, Encoding encoding)
      : in_(in),
        unit_(encoding == Encoding::Utf16Le || encoding == Encoding::Utf16Be ? 2 : 1),
        big_endian_(encoding == Encoding::Utf16Be) {}

  bool next(std::string& piece) {
    piece.clear();
    if (!pending_.empty()) piece.swap(pending_);
    std::size_t searched = 0;  // the bytes of `piece` known to hold no line end
    while (true) {
      std::size_t old = piece.size();
      piece.resize(old + kPiece);
      in_.read(piece.data() + old, static_cast<std::streamsize>(kPiece));
      piece.resize(old + static_cast<std::size_t>(in_.gcount()));
      if (!in_) return !piece.empty();  // end of file: the rest is the last piece
      std::size_t cut = cut_point(piece, searched);
      if (cut == std::string::npos && piece.size() >= kMaxPiece) cut = forced_cut(piece);
      if (cut != std::string::npos) {
        pending_.assign(piece, cut, std::string::npos);
        piece.resize(cut);
        return true;
      }
      // No line end yet (a long line): read on.
      searched = piece.size() - (piece.size() % unit_);
    }
  }

  // Bytes already read from the stream (a head read to sniff it): they come first.
  void put_back(std::string bytes) { pending_ = std::move(bytes); }

  bool failed() const { return in_.bad(); }

 private:
  // Just after the last line end of the piece at or after `from`, or npos.
  std::size_t cut_point(const std::string& p, std::size_t from) const {
    if (unit_ == 1) {
      const std::size_t nl = std::string_view(p).substr(from).rfind('\n');
      return nl == std::string_view::npos ? std::string::npos : from + nl + 1;
    }
    for (std::size_t i = p.size() & ~std::size_t{1}; i >= 2 && i - 2 >= from; i -= 2) {
      if (unit_at(p, i - 2) == u'\n') return i;
    }
    return std::string::npos;
  }

  // Where a piece of a line too long to keep whole is cut: not inside a UTF-8 sequence, a UTF-16
  // surrogate pair or a CR LF pair.
  std::size_t forced_cut(const std::string& p) const {
    std::size_t cut = p.size();
    if (unit_ == 1) {
      // Back to the start of the last sequence when it is not complete.
      std::size_t lead = cut;
      while (lead > 0 && cut - lead < 4 && (static_cast<unsigned char>(p[lead - 1]) & 0xC0) == 0x80)
        --lead;
      if (lead > 0) {
        const auto b = static_cast<unsigned char>(p[lead - 1]);
        const std::size_t need = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
        if (b >= 0xC0 && cut - (lead - 1) < need) cut = lead - 1;
      }
      if (cut > 1 && p[cut - 1] == '\r') --cut;
      return cut;
    }
    cut &= ~std::size_t{1};
    if (cut >= 4) {
      const char16_t last = unit_at(p, cut - 2);
      if ((last >= 0xD800 && last <= 0xDBFF) || last == u'\r') cut -= 2;
    }
    return cut;
  }

  char16_t unit_at(const std::string& p, std::size_t i) const {
    const auto lo = static_cast<unsigned char>(big_endian_ ? p[i + 1] : p[i]);
    const auto hi = static_cast<unsigned char>(big_endian_ ? p[i] : p[i + 1]);
    return static_cast<char16_t>(hi << 8 | lo);
  }

  std::istream& in_;
  std::string pending_;
  std::size_t unit_;
  bool big_endian_;
};

// The longest text a hand may carry from piece to piece: a hand (an XML session, a PHH
// document, or text that is no hand) longer than this is cut here, and what follows it is read as
// text of its own (no hand start: an unparsed hand). Bounds the memory of any input, with
// PieceReader's bound on a piece.
inline constexpr std::size_t kMaxCarriedHand = std::size_t{8} << 20;

// The complete hands of a file read in pieces: a run a piece, its decoded text begun with what
// the pieces before it left of their last hand (a hand may go on in the next piece; the last
// piece ends it), the hands that end in it, their offsets and lines the file's. Each line is
// looked at once (HandSplitter), whatever the length of the hand it is in, so the time is linear
// in the file and the memory bounded (kMaxCarriedHand).
class HandRuns {
 public:
  struct Run {
    std::shared_ptr<std::string> text;  // what `hands` view
    std::vector<HandText> hands;
    std::uint64_t piece_bytes{0};  // the raw bytes of this run's piece
    bool last{false};              // the file's last piece
    // No hand ends in the text yet: it is carried into the next run, `hands` is empty.
    bool carried{false};
  };

  // `next_piece(raw)`: the file's next raw piece, false after the last (PieceReader::next, or a
  // caller's wrapper of it).
  explicit HandRuns(std::function<bool(std::string&)> next_piece,
                    std::size_t max_carried = kMaxCarriedHand)
      : next_piece_(std::move(next_piece)),
        more_(next_piece_(raw_)),
        max_carried_(max_carried),
        splitter_(&is_any_hand_start, &is_any_hand_announcement) {}

  // The next piece's run; false once the pieces are read.
  bool next(Run& run) {
    if (!more_) return false;
    run.piece_bytes = raw_.size();
    run.text = std::make_shared<std::string>(std::move(carry_));
    run.text->append(decode(raw_).text);
    more_ = next_piece_(raw_);
    run.last = !more_;
    run.hands.clear();
    const std::string_view text = *run.text;
    // The complete lines not seen yet; a last line with no line end waits for the next piece.
    std::size_t pos = scan_from_;
    for (std::size_t nl; (nl = text.find('\n', pos + searched_)) != std::string_view::npos;
         pos = nl + 1) {
      splitter_.line(text, pos, nl - pos, line_++, run.hands);
      searched_ = 0;
    }
    searched_ = text.size() - pos;  // a long line is searched for its end once
    std::size_t keep = splitter_.keep_from(pos);
    if (run.last || text.size() - keep > max_carried_) {
      // The end of the file, or a hand too long to carry: what is open ends here. A line cut
      // here goes on in the next piece's text, as a line of the same number.
      if (pos < text.size()) splitter_.line(text, pos, text.size() - pos, line_, run.hands);
      splitter_.close(text, run.hands);
      keep = pos = text.size();
      searched_ = 0;
    }
    for (HandText& h : run.hands) h.byte_offset += base_offset_;
    carry_.assign(text.substr(keep));
    base_offset_ += keep;
    splitter_.drop(keep);
    scan_from_ = pos - keep;
    run.carried = run.hands.empty() && !run.last;
    return true;
  }

 private:
  std::function<bool(std::string&)> next_piece_;
  std::string raw_;
  bool more_;
  std::size_t max_carried_;
  HandSplitter splitter_;
  std::string carry_;             // the text of the hands not ended yet, and a cut last line
  std::uint64_t base_offset_{0};  // decoded offset of carry_'s first byte in the file
  std::size_t scan_from_{0};      // where in carry_ the lines not seen yet begin
  std::size_t searched_{0};       // the bytes after it known to hold no line end
  std::uint32_t line_{1};         // the number of the line at scan_from_
};

}  // namespace hh::pipeline
