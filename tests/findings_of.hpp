// The findings of one code in an audit result, for tests that assert on them.
#pragma once

#include <string>
#include <vector>

#include "model/finding.hpp"

namespace hh::test {

// Copies, not pointers: the results are often temporaries.
inline std::vector<Finding> of(const AuditResult& r, const std::string& code) {
  std::vector<Finding> out;
  for (const Finding& f : r.findings)
    if (f.code == code) out.push_back(f);
  return out;
}

}  // namespace hh::test
