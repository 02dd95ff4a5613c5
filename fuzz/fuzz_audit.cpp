// libFuzzer target: the whole path a file takes before the database: decode, split, parse by
// whatever site each hand belongs to, and audit every hand, parsed or not, through the same entry
// point and with the same data as `hhaudit audit`: the shipped house rules and rake schedules
// (HHAUDIT_SOURCE_DIR, set by CMakeLists.txt for this target).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"

namespace {

const hh::AuditContext& shipped_context() {
  static const hh::AuditData data = hh::load_audit_data(HHAUDIT_SOURCE_DIR);
  static const hh::AuditContext context = data.context();
  return context;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const hh::Decoded d = hh::decode(std::string_view(reinterpret_cast<const char*>(data), size));
  for (const hh::Hand& h : hh::read_text(d.text, "fuzz.txt")) {
    const hh::AuditResult r = hh::audit_hand(h, shipped_context());
    // An unparsed hand always says why (tests/test_hostile.cpp relies on the same).
    if (!h.parsed && r.findings.empty()) std::abort();
  }
  return 0;
}
