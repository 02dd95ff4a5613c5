#include "cli/site_names.hpp"

#include <algorithm>
#include <stdexcept>

#include "cli/nearest_name.hpp"
#include "parser/format.hpp"

namespace hh::cli {

std::string site_names() {
  std::string names;
  for (const auto& f : formats()) {
    // No hands read (a recognised-only format, or one of tournament summaries, whose site is
    // the hands' own): nothing to give a site for.
    if (!f->readable() || f->reads_summaries()) continue;
    if (!names.empty()) names += ", ";
    names += f->name();
  }
  return names;
}

void check_site_name(std::string_view name, const std::vector<std::string>& also) {
  const Format* f = format_by_name(name);
  if ((f && f->readable() && !f->reads_summaries()) ||
      std::find(also.begin(), also.end(), name) != also.end())
    return;
  std::string known = site_names();
  std::vector<std::string> names;  // every name known, for the nearest
  for (const auto& g : formats())
    if (g->readable() && !g->reads_summaries()) names.emplace_back(g->name());
  for (const std::string& s : also) {
    if (const Format* g = format_by_name(s); !g || !g->readable() || g->reads_summaries())
      known += ", " + s;
    names.push_back(s);
  }
  const std::string guess = nearest_name(name, names);
  throw std::invalid_argument("unknown site " + std::string(name) + " (known: " + known + ")" +
                              (guess.empty() ? "" : "; did you mean " + guess + "?"));
}

}  // namespace hh::cli
