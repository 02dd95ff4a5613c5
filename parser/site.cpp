#include "parser/site.hpp"

#include <map>
#include <mutex>

#include "parser/ggpoker/builder.hpp"

namespace hh {

namespace {

std::mutex g_options_mutex;
ReadOptions g_options;  // only until cli/ passes ReadOptions itself

ReadOptions current_options() {
  std::lock_guard<std::mutex> lock(g_options_mutex);
  return g_options;
}

}  // namespace

namespace gg {

void set_default_zone(std::string zone) {
  ReadOptions options = current_options();
  options.gg_time_zone = std::move(zone);
  check_read_options(options);
  std::lock_guard<std::mutex> lock(g_options_mutex);
  g_options = std::move(options);
}

std::string default_zone() { return current_options().gg_time_zone; }

}  // namespace gg

const SiteFormat* format_of_line(std::string_view line) {
  static const std::map<std::string_view, SiteFormat> by_name = [] {
    std::map<std::string_view, SiteFormat> m;
    for (const auto& f : formats()) m.emplace(f->name(), SiteFormat{std::string(f->name())});
    return m;
  }();
  const Format* f = readable_format_of_line(line);
  return f ? &by_name.at(f->name()) : nullptr;
}

Hand parse_hand_text(const HandText& ht, const std::string& file) {
  return read_any_hand_text(nullptr, ht, file, current_options());
}

std::vector<Hand> parse_text(std::string_view decoded, const std::string& file) {
  return read_text(decoded, file, current_options());
}

}  // namespace hh
