// Transitional: moved to parser/text/decode.hpp (issue 11). Kept so that the files of other areas
// that include the old path build until they are updated; new code includes the new path.
#pragma once

#include "parser/text/decode.hpp"
