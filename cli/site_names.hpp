// The site names users may give (--site): those of the format registry (parser/format.hpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hh::cli {

// "pokerstars, winamax, ...": the name of every format read (a format only recognised has no
// hands to name a site for), in registry order.
std::string site_names();

// Throws std::invalid_argument "unknown site NAME (known: ...)[; did you mean NEAREST?]" unless
// `name` is a read format's name or one of `also` (e.g. the sites a database holds, such as the
// rooms a format reads).
void check_site_name(std::string_view name, const std::vector<std::string>& also = {});

}  // namespace hh::cli
