// The pipeline's reader of a file in pieces, shared with bench/parse_bench.cpp so that the bench
// reads files the way the pipeline's reader thread does.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

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

}  // namespace hh::pipeline
