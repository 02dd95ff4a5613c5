#include "cli/site_names.hpp"

#include <algorithm>
#include <stdexcept>

#include "parser/format.hpp"

namespace hh::cli {

std::string site_names() {
  std::string names;
  for (const auto& f : formats()) {
    if (!f->readable()) continue;  // no hands read, so nothing to give a site for
    if (!names.empty()) names += ", ";
    names += f->name();
  }
  return names;
}

void check_site_name(std::string_view name, const std::vector<std::string>& also) {
  const Format* f = format_by_name(name);
  if ((f && f->readable()) || std::find(also.begin(), also.end(), name) != also.end()) return;
  std::string known = site_names();
  for (const std::string& s : also)
    if (const Format* g = format_by_name(s); !g || !g->readable()) known += ", " + s;
  throw std::invalid_argument("unknown site " + std::string(name) + " (known: " + known + ")");
}

}  // namespace hh::cli
