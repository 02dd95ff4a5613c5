#include "model/finding_codes.hpp"

#include <cctype>
#include <ostream>

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

const char* blame_name(Blame b) { return b == Blame::Hhaudit ? "hhaudit" : "site"; }

std::optional<Blame> blame_from_name(std::string_view name) {
  if (name == "site") return Blame::Site;
  if (name == "hhaudit") return Blame::Hhaudit;
  return std::nullopt;
}

std::optional<FindingCode> finding_code_named(std::string_view name) {
  for (const FindingCodeInfo& c : kFindingCodes)
    if (c.name == name) return c.code;
  return std::nullopt;
}

std::ostream& operator<<(std::ostream& os, FindingCode code) { return os << code_name(code); }

std::string doc_anchor(FindingCode code) {
  // GitHub's heading anchors: the heading "## WRONG_WINNER" is #wrong_winner.
  std::string anchor = "discrepancies.md#";
  for (char c : code_name(code))
    anchor += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return anchor;
}

}  // namespace hh
