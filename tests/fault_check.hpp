// Fault-test machinery shared by every site: a real hand (originals/NAME.txt) and the same hand
// edited on exactly one line to carry one money error (NAME.txt). check_fault() proves that the
// two differ on one line, that the original gives exactly the findings it should (none, unless an
// audit change is pending for the site), and that the edit gives exactly the expected error and
// warning findings with their amounts.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "tests/findings_of.hpp"
#include "tests/test_paths.hpp"

namespace hh::test {

// One error or warning finding. `seat` is 0 for findings about no seat; the amounts are nullopt
// for a finding of none (a gap).
struct Expected {
  FindingCode code;
  int seat;
  std::optional<hh::FindingAmount> expected;
  std::optional<hh::FindingAmount> actual;
};

struct Fault {
  std::string dir;                 // under testdata/: "faults", "winamax/faults"
  std::string name;                // DIR/NAME.txt, original in DIR/originals/NAME.txt
  std::string site;                // Hand::site, e.g. "pokerstars"
  std::string start;               // how the first line of both files starts, e.g. "PokerStars "
  std::string hand_id;             // Hand::site_hand_id
  std::vector<Expected> findings;  // the first one is the primary code
  std::vector<Expected> original_findings{};  // on the unedited hand: empty = audits clean
  std::string original{};  // the unedited hand under testdata/, if not DIR/originals/NAME.txt
};

// A testdata file, decoded.
inline std::string load(const std::string& rel) {
  const std::string bytes = read_file(testdata(rel));
  REQUIRE_FALSE(bytes.empty());
  return hh::decode(bytes).text;
}

// The hands of a testdata file (read as `load` reads it), named by `rel`.
inline std::vector<hh::Hand> parse_file(const std::string& rel) {
  return hh::read_text(load(rel), rel);
}

// `text` with `from` replaced by `to` once (it must be there), and the 1-based line of the edit:
// one token of a real hand changed the way another export dialect looks to a reader.
struct Edited {
  std::string text;
  std::uint32_t line;
};
inline Edited edited(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  const auto line = static_cast<std::uint32_t>(
      std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1);
  return {std::move(text), line};
}

// testdata/`rel` with `from` replaced by `to` once: its hands, none charged to the site (no
// warning or error that blames it), one with a gap.
inline void check_gap(const std::string& rel, const std::string& from, const std::string& to) {
  INFO(rel << ": " << to);
  const std::vector<Hand> hands = read_text(edited(load(rel), from, to).text, rel);
  REQUIRE_FALSE(hands.empty());
  bool gap = false;
  for (const Hand& h : hands) {
    gap |= !h.issues.empty();
    for (const Finding& f : audit_hand(h, AuditContext{&shipped_house_rules()}).findings) {
      INFO(f.code << ": " << f.message);
      CHECK_FALSE((f.blame == Blame::Site && f.severity != Severity::Info));
    }
  }
  CHECK(gap);
}

inline std::vector<const hh::Finding*> errors_and_warnings(const hh::AuditResult& r) {
  std::vector<const hh::Finding*> out;
  for (const hh::Finding& f : r.findings)
    if (f.severity != hh::Severity::Info) out.push_back(&f);
  return out;
}

inline std::string describe(const std::vector<const hh::Finding*>& fs) {
  std::string s;
  for (const hh::Finding* f : fs) {
    s += std::string(hh::code_name(f->code)) + " seat " + std::to_string(f->seat) + " expected " +
         shown(f->expected) + " actual " + shown(f->actual) + ": " + f->message + "\n";
  }
  return s;
}

namespace fault_detail {

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Parses a file that holds one hand and audits it.
inline hh::AuditResult audit_one(const std::string& text, const std::string& rel, const Fault& f) {
  const std::vector<hh::Hand> hands = hh::read_text(text, rel);
  REQUIRE(hands.size() == 1);
  const hh::Hand& hand = hands.front();
  INFO(rel);
  REQUIRE(hand.parsed);
  CHECK(hand.issues.empty());
  CHECK(hand.site == f.site);
  CHECK(hand.site_hand_id == f.hand_id);
  return hh::audit_hand(hand, hh::AuditContext{&hh::test::shipped_house_rules()});
}

// The findings are exactly `want`: same codes, and each expected one matches a distinct actual
// one on code, seat and both amounts.
inline void check_exactly(const std::vector<const hh::Finding*>& found,
                          const std::vector<Expected>& want) {
  std::vector<hh::FindingCode> want_codes, got_codes;
  for (const Expected& e : want) want_codes.push_back(e.code);
  for (const hh::Finding* f : found) got_codes.push_back(f->code);
  std::sort(want_codes.begin(), want_codes.end());
  std::sort(got_codes.begin(), got_codes.end());
  CHECK(got_codes == want_codes);
  std::vector<bool> used(found.size(), false);
  for (std::size_t i = 0; i < want.size(); ++i) {
    const Expected& e = want[i];
    INFO((i == 0 ? "primary " : "secondary ")
         << e.code << " seat " << e.seat << " expected " << shown(e.expected) << " actual "
         << shown(e.actual));
    bool matched = false;
    for (std::size_t j = 0; j < found.size() && !matched; ++j) {
      const hh::Finding& f = *found[j];
      if (used[j] || f.code != e.code || f.seat != e.seat) continue;
      if (f.expected != e.expected || f.actual != e.actual) continue;
      used[j] = matched = true;
    }
    CHECK(matched);
  }
}

}  // namespace fault_detail

inline void check_fault(const Fault& fault) {
  using namespace fault_detail;
  const std::string fault_rel = fault.dir + "/" + fault.name + ".txt";
  const std::string original_rel =
      fault.original.empty() ? fault.dir + "/originals/" + fault.name + ".txt" : fault.original;
  const std::string fault_text = load(fault_rel);
  const std::string original_text = load(original_rel);

  // The fault file is the original with exactly one line edited, and starts with the hand.
  const std::vector<std::string> a = lines_of(original_text);
  const std::vector<std::string> b = lines_of(fault_text);
  REQUIRE(a.size() == b.size());
  std::size_t differing = 0;
  for (std::size_t i = 0; i < a.size(); ++i) differing += a[i] != b[i];
  CHECK(differing == 1);
  CHECK(fault_text.rfind(fault.start, 0) == 0);

  // The unedited hand gives exactly its own findings (none for a clean hand).
  {
    const hh::AuditResult r = audit_one(original_text, original_rel, fault);
    const auto found = errors_and_warnings(r);
    INFO(original_rel << "\n" << describe(found));
    check_exactly(found, fault.original_findings);
  }

  // The edited hand gives exactly the expected codes, each with its amounts.
  REQUIRE_FALSE(fault.findings.empty());
  const hh::AuditResult r = audit_one(fault_text, fault_rel, fault);
  const auto found = errors_and_warnings(r);
  INFO(fault_rel << "\n" << describe(found));
  check_exactly(found, fault.findings);
}

}  // namespace hh::test
