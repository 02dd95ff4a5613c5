// Builds a large benchmark corpus from real hands: every PokerStars-format hand of the input
// folders, repeated with fresh hand numbers (so nothing is a duplicate), written as UTF-8 files of
// about 64 MB until the requested size is reached.
//
//   hhaudit_gen_corpus OUT_DIR SIZE_MB INPUT_DIR...
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "parser/text/split.hpp"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: hhaudit_gen_corpus OUT_DIR SIZE_MB INPUT_DIR...\n";
    return 2;
  }
  const fs::path out_dir = argv[1];
  const std::uint64_t target = std::strtoull(argv[2], nullptr, 10) << 20;
  std::vector<std::string> hands;
  for (int i = 3; i < argc; ++i) {
    std::vector<fs::path> files;
    for (const auto& de : fs::recursive_directory_iterator(argv[i]))
      if (de.is_regular_file()) files.push_back(de.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& p : files) {
      std::ifstream in(p, std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      hh::Decoded d = hh::decode(ss.str());
      for (const hh::HandText& h : hh::split_any_hands(d.text)) {
        std::string_view head = h.text.substr(0, h.text.find('\n'));
        // Only hands that parse and carry a numeric id: the id is what gets renumbered.
        if (!hh::is_any_hand_start(head) || head.find('#') == std::string_view::npos) continue;
        const std::vector<hh::Hand> read = hh::read_any_hands_text(nullptr, h, p.string(), {});
        if (read.size() != 1 || !read.front().parsed) continue;
        hands.emplace_back(h.text);
      }
    }
  }
  if (hands.empty()) {
    std::cerr << "no hands found\n";
    return 1;
  }
  fs::create_directories(out_dir);
  std::uint64_t written = 0, next_id = 900000000000ULL, count = 0;
  int file_no = 0;
  std::ofstream out;
  std::uint64_t in_file = 0;
  while (written < target) {
    for (const std::string& h : hands) {
      if (!out.is_open() || in_file > (64ULL << 20)) {
        out.close();
        out.open(out_dir / ("bench_" + std::to_string(file_no++) + ".txt"), std::ios::binary);
        in_file = 0;
      }
      // Replace the digits after the first '#' (the hand number) with a fresh one.
      std::size_t hash = h.find('#');
      std::size_t end = hash + 1;
      while (end < h.size() && std::isalnum(static_cast<unsigned char>(h[end]))) ++end;
      std::string id = std::to_string(next_id++);
      out.write(h.data(), static_cast<std::streamsize>(hash + 1));
      out.write(id.data(), static_cast<std::streamsize>(id.size()));
      out.write(h.data() + end, static_cast<std::streamsize>(h.size() - end));
      out.write("\n\n\n", 3);
      std::uint64_t n = hash + 1 + id.size() + (h.size() - end) + 3;
      written += n;
      in_file += n;
      ++count;
      if (written >= target) break;
    }
  }
  std::cout << count << " hands, " << written << " bytes in " << file_no << " files under "
            << out_dir.string() << "\n";
  return 0;
}
