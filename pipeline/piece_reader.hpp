// The pipeline's reader of a file in pieces and of the complete hands in them, shared with
// bench/parse_bench.cpp so that the bench reads files the way the pipeline's reader thread does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "pipeline/pipeline.hpp"

namespace hh::pipeline {

// Reads raw bytes in pieces that end at a line end of the file's encoding (as decode() detected
// it on the file's head), so that each piece decodes on its own (a CR LF pair, a UTF-8 sequence
// or a UTF-16 unit is never cut).
class PieceReader {
 public:
  static constexpr std::size_t kPiece = kReadPiece;

  PieceReader(std::istream& in, Encoding encoding)
      : in_(in),
        unit_(encoding == Encoding::Utf16Le || encoding == Encoding::Utf16Be ? 2 : 1),
        big_endian_(encoding == Encoding::Utf16Be) {}

  bool next(std::string& piece) {
    piece.clear();
    if (!pending_.empty()) piece.swap(pending_);
    while (true) {
      std::size_t old = piece.size();
      piece.resize(old + kPiece);
      in_.read(piece.data() + old, static_cast<std::streamsize>(kPiece));
      piece.resize(old + static_cast<std::size_t>(in_.gcount()));
      if (!in_) return !piece.empty();  // end of file: the rest is the last piece
      std::size_t cut = cut_point(piece);
      if (cut != std::string::npos) {
        pending_.assign(piece, cut, std::string::npos);
        piece.resize(cut);
        return true;
      }
      // No line end in a whole piece (a giant line): read on, the line is one piece.
    }
  }

  // Bytes already read from the stream (a head read to sniff it): they come first.
  void put_back(std::string bytes) { pending_ = std::move(bytes); }

  bool failed() const { return in_.bad(); }

 private:
  // Just after the last line end of the piece, or npos.
  std::size_t cut_point(const std::string& p) const {
    if (unit_ == 1) {
      std::size_t nl = p.rfind('\n');
      return nl == std::string::npos ? nl : nl + 1;
    }
    for (std::size_t i = p.size() & ~std::size_t{1}; i >= 2; i -= 2) {
      char lo = big_endian_ ? p[i - 1] : p[i - 2];
      char hi = big_endian_ ? p[i - 2] : p[i - 1];
      if (lo == '\n' && hi == '\0') return i;
    }
    return std::string::npos;
  }

  std::istream& in_;
  std::string pending_;
  int unit_;
  bool big_endian_;
};

// The complete hands of a file read in pieces: a run a piece, its decoded text begun with what
// the pieces before it left of their last hand (a hand may go on in the next piece; the last
// piece ends it), the hands that end in it, their offsets and lines the file's.
class HandRuns {
 public:
  struct Run {
    std::shared_ptr<std::string> text;  // what `hands` view
    std::vector<HandText> hands;
    std::uint64_t piece_bytes{0};  // the raw bytes of this run's piece
    bool last{false};              // the file's last piece
    // No hand starts in the text yet: it is all carried into the next run, `hands` is empty.
    bool carried{false};
  };

  // `next_piece(raw)`: the file's next raw piece, false after the last (PieceReader::next, or a
  // caller's wrapper of it).
  explicit HandRuns(std::function<bool(std::string&)> next_piece)
      : next_piece_(std::move(next_piece)), more_(next_piece_(raw_)) {}

  // The next piece's run; false once the pieces are read.
  bool next(Run& run) {
    if (!more_) return false;
    run.piece_bytes = raw_.size();
    run.text = std::make_shared<std::string>(std::move(carry_));
    run.text->append(decode(raw_).text);
    more_ = next_piece_(raw_);
    run.last = !more_;
    run.carried = false;
    run.hands = split_any_hands(*run.text);
    const std::uint64_t base_offset = carry_offset_;
    const std::uint32_t base_line = carry_line_;
    carry_.clear();
    if (more_ && !run.hands.empty()) {
      // The last hand may go on in the next piece.
      const HandText tail = run.hands.back();
      run.hands.pop_back();
      const std::size_t at = static_cast<std::size_t>(tail.text.data() - run.text->data());
      carry_.assign(*run.text, at, std::string::npos);
      carry_offset_ = base_offset + at;
      carry_line_ = base_line + tail.line - 1;
    } else if (more_) {
      carry_ = *run.text;  // no hand start yet: keep reading
      run.carried = true;
      return true;
    }
    for (HandText& h : run.hands) {
      h.byte_offset += base_offset;
      h.line += base_line - 1;
    }
    return true;
  }

 private:
  std::function<bool(std::string&)> next_piece_;
  std::string raw_;
  bool more_;
  std::string carry_;
  std::uint64_t carry_offset_{0};  // decoded offset of carry_'s first byte in the file
  std::uint32_t carry_line_{1};    // line number of carry_'s first line
};

}  // namespace hh::pipeline
