// Transitional: moved to parser/ggpoker/builder.hpp (issue 11). Kept so that cli/ builds until it
// passes ReadOptions (parser/format.hpp) instead of calling gg::set_default_zone().
#pragma once

#include "parser/ggpoker/builder.hpp"
