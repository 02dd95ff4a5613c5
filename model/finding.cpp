#include "model/finding.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <ostream>
#include <stdexcept>

namespace hh {

Finding make_finding(FindingCode code, FindingFields fields) {
  const FindingCodeInfo& c = info(code);
  if (fields.alternate_form && !c.alternate_severity)
    throw std::logic_error(fmt::format("finding {} has no alternate form", c.name));
  if (fields.expected && fields.actual && fields.expected->unit() != fields.actual->unit())
    throw std::logic_error(fmt::format("finding {} has a {} expected and a {} actual", c.name,
                                       amount_unit_name(fields.expected->unit()),
                                       amount_unit_name(fields.actual->unit())));
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
  return f;
}

AmountUnit amount_unit(const Finding& f) {
  if (f.expected) return f.expected->unit();
  if (f.actual) return f.actual->unit();
  return AmountUnit::Money;
}

std::string_view amount_unit_name(AmountUnit u) {
  switch (u) {
    case AmountUnit::Money:
      return "money";
    case AmountUnit::Count:
      return "count";
    case AmountUnit::Seat:
      return "seat";
  }
  return "money";
}

Money FindingAmount::money() const {
  if (!is_money())
    throw std::logic_error(fmt::format("a finding's {} read as money", amount_unit_name(unit_)));
  return value_;
}

std::string to_string(const FindingAmount& a) {
  if (a.is_money()) return std::to_string(a.stored());
  return fmt::format("{} ({})", a.stored(), amount_unit_name(a.unit()));
}

std::ostream& operator<<(std::ostream& os, const FindingAmount& a) { return os << to_string(a); }

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
