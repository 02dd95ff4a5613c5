// The recognised-only formats of the registry: sites and interchange formats whose files are
// known by sight (Format::readable() is false), so that they are recorded as such ("PartyPoker:
// not supported") instead of being taken for another site's or skipped silently.
#pragma once

#include <memory>
#include <vector>

#include "parser/format.hpp"

namespace hh {

void add_recognised_formats(std::vector<std::unique_ptr<Format>>& formats);

}  // namespace hh
