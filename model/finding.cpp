#include "model/finding.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace hh {

Finding make_finding(FindingCode code, FindingFields fields) {
  const FindingCodeInfo& c = info(code);
  if (fields.alternate_form && !c.alternate_severity)
    throw std::logic_error(fmt::format("finding {} has no alternate form", c.name));
  Finding f;
  f.code = code;
  f.severity = fields.alternate_form ? *c.alternate_severity : c.severity;
  f.blame = c.blame;
  f.street = fields.street;
  f.seat = fields.seat;
  f.player = std::move(fields.player);
  f.expected = fields.expected;
  f.actual = fields.actual;
  f.message = std::move(fields.message);
  f.line = fields.line;
  f.counts = fields.counts;
  return f;
}

Severity AuditResult::worst() const {
  Severity w = Severity::Info;
  for (const Finding& f : findings) w = std::max(w, f.severity);
  return w;
}

Severity AuditResult::worst_charged() const {
  Severity w = Severity::Info;
  for (const Finding& f : findings)
    if (f.blame == Blame::Site) w = std::max(w, f.severity);
  return w;
}

bool AuditResult::has(FindingCode code) const {
  return std::any_of(findings.begin(), findings.end(),
                     [&](const Finding& f) { return f.code == code; });
}

}  // namespace hh
