// How a format joins the registry (formats(), parser/format.hpp) from its own folder: the folder
// parser/SITE/ defines HH_REGISTER_FORMATS(SITE) { registry.add(...); } in its format.cpp, and the
// build calls every such function. CMake writes the calls (parser/registered_sites.cpp in the
// build tree) from the folders that hold a format.cpp, so a new site edits no shared list, and a
// folder whose function is missing fails to link instead of being dropped silently (a static
// registrar object in a static library is dropped when nothing references its object file).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "parser/format.hpp"

namespace hh {

// Where a format's sample files are, for the tests and fuzz/seed.sh: the folders of the shared
// corpus (../shared/corpus) that hold its files, and its folder under testdata/.
struct FormatSamples {
  std::vector<std::string_view> corpus_folders;
  std::string_view testdata_folder;
};

struct RegisteredFormat {
  // The registry's order: a sniffing tie (two formats equally sure of a head) goes to the lower
  // rank, and a line two readable formats claim is read by the lower rank's (sniff_format,
  // readable_format_of_line). Readable formats rank below tournament summaries, which rank below
  // the recognised-only formats.
  int rank{0};
  std::unique_ptr<Format> format;
  FormatSamples samples;
  std::string_view folder;  // parser/FOLDER/ that registered it
};

class FormatRegistry {
 public:
  void add(int rank, std::unique_ptr<Format> format, FormatSamples samples = {}) {
    entries_.push_back({rank, std::move(format), std::move(samples), folder_});
  }
  // The folder whose formats the next add() calls register (the generated calls set it).
  void set_folder(std::string_view folder) { folder_ = folder; }
  std::vector<RegisteredFormat>& entries() { return entries_; }

 private:
  std::vector<RegisteredFormat> entries_;
  std::string_view folder_;
};

// Calls every site folder's HH_REGISTER_FORMATS function (generated: parser/registered_sites.cpp).
void register_site_formats(FormatRegistry& registry);

// A format of formats() with its rank and samples.
struct FormatEntry {
  const Format* format{nullptr};
  int rank{0};
  FormatSamples samples;
  std::string_view folder;
};
// Every format with its rank and samples, in the registry's order (that of formats()).
const std::vector<FormatEntry>& format_entries();

}  // namespace hh

// Opens the definition of the function by which parser/FOLDER/format.cpp registers its formats
// (at namespace hh scope); its body calls registry.add(rank, format, samples).
#define HH_REGISTER_FORMATS(folder)                               \
  void register_formats_##folder(::hh::FormatRegistry& registry); \
  void register_formats_##folder(::hh::FormatRegistry& registry)
