#include "model/finding.hpp"

#include <algorithm>

namespace hh {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Info:
      return "info";
    case Severity::Warning:
      return "warning";
    case Severity::Error:
      return "error";
  }
  return "?";
}

std::optional<Severity> severity_from_name(std::string_view name) {
  if (name == "info") return Severity::Info;
  if (name == "warning") return Severity::Warning;
  if (name == "error") return Severity::Error;
  return std::nullopt;
}

Severity AuditResult::worst() const {
  Severity w = Severity::Info;
  for (const Finding& f : findings) w = std::max(w, f.severity);
  return w;
}

bool AuditResult::has(std::string_view code) const {
  return std::any_of(findings.begin(), findings.end(),
                     [&](const Finding& f) { return f.code == code; });
}

}  // namespace hh
