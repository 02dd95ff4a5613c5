#include "parser/text/expectation_text.hpp"

namespace hh {

std::string readable_expectation(const std::string& which, std::string_view line,
                                 std::size_t column) {
  // A name is short and is no C++ type: X3's names are quoted literals or the names given with
  // x3_actions::named.
  const bool mangled = which.size() > 60 || which.find("boost") != std::string::npos ||
                       which.find("spirit") != std::string::npos;
  if (!mangled && !which.empty()) return which;
  constexpr std::size_t kShown = 24;
  const std::string_view rest =
      column >= 1 && column - 1 < line.size() ? line.substr(column - 1) : std::string_view();
  std::string found(rest.substr(0, kShown));
  if (rest.size() > kShown) found += "...";
  return "the rest of the line as this site writes it (found " +
         (found.empty() ? std::string("the end of the line") : "\"" + found + "\"") + ")";
}

}  // namespace hh
