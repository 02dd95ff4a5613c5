#include "parser/format.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "parser/ggpoker/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh {

namespace {

std::string_view first_line(std::string_view text) {
  std::size_t nl = text.find('\n');
  return nl == std::string_view::npos ? text : text.substr(0, nl);
}

}  // namespace

namespace {

// The registry, built once: every site folder's formats, readable or only recognised, by rank.
struct Registry {
  std::vector<std::unique_ptr<Format>> formats;
  std::vector<FormatEntry> entries;
};

const Registry& registry() {
  static const Registry all = [] {
    FormatRegistry registered;
    register_site_formats(registered);
    std::vector<RegisteredFormat>& v = registered.entries();
    std::stable_sort(v.begin(), v.end(), [](const RegisteredFormat& a, const RegisteredFormat& b) {
      return a.rank < b.rank;
    });
    Registry r;
    for (RegisteredFormat& f : v) {
      r.entries.push_back({f.format.get(), f.rank, std::move(f.samples), f.folder});
      r.formats.push_back(std::move(f.format));
    }
    return r;
  }();
  return all;
}

}  // namespace

const std::vector<std::unique_ptr<Format>>& formats() { return registry().formats; }

const std::vector<FormatEntry>& format_entries() { return registry().entries; }

const Format* format_by_name(std::string_view name) {
  for (const auto& f : formats())
    if (f->name() == name) return f.get();
  return nullptr;
}

SniffResult sniff_format(std::string_view decoded_head) {
  SniffResult best;
  for (const auto& f : formats()) {
    const int c = f->sniff(decoded_head);
    if (c > best.confidence) best = {f.get(), c};
  }
  return best;
}

void check_read_options(const ReadOptions& options) {
  if (!gg::is_known_zone(options.gg_time_zone))
    throw std::invalid_argument("unknown time zone \"" + options.gg_time_zone +
                                "\" (an IANA name such as UTC or Europe/Malta is expected)");
}

namespace {

// A format that may start a hand at a line, and those of its hand_start_prefixes() the line may
// begin with (empty: any line).
struct HandStartCandidate {
  const Format* format;
  std::vector<std::string_view> prefixes;
  bool operator==(const HandStartCandidate&) const = default;
};

// For each first two bytes of a cleaned line (sniff::clean(); a missing byte counts as 0), the
// readable formats that may start a hand at it, in the registry's order. The few distinct lists
// are kept once, the 65,536 keys index them (0: the empty list), so the table stays 128 KB.
struct HandStartTable {
  std::vector<std::vector<HandStartCandidate>> lists = {std::vector<HandStartCandidate>()};
  std::vector<std::uint16_t> list_of_key = std::vector<std::uint16_t>(std::size_t{1} << 16);

  static std::size_t key(std::string_view cleaned) {
    const auto byte = [&](std::size_t i) {
      return i < cleaned.size() ? static_cast<unsigned char>(cleaned[i]) : std::size_t{0};
    };
    return byte(0) << 8 | byte(1);
  }
};

const HandStartTable& hand_start_table() {
  static const HandStartTable table = [] {
    HandStartTable t;
    std::vector<std::pair<const Format*, std::vector<std::string_view>>> starts;
    for (const auto& f : formats())
      if (f->readable() && !f->reads_summaries())  // a summary starts no hand
        starts.emplace_back(f.get(), f->hand_start_prefixes());
    const auto list_for = [&](char first, char second) {
      std::vector<HandStartCandidate> list;
      for (const auto& [format, prefixes] : starts) {
        HandStartCandidate c{format, {}};
        for (std::string_view p : prefixes)
          if (p.empty() || (p.front() == first && (p.size() == 1 || p[1] == second)))
            c.prefixes.push_back(p);
        if (prefixes.empty() || !c.prefixes.empty()) list.push_back(std::move(c));
      }
      auto at = std::find(t.lists.begin(), t.lists.end(), list);
      if (at == t.lists.end()) at = t.lists.insert(t.lists.end(), std::move(list));
      return static_cast<std::uint16_t>(at - t.lists.begin());
    };
    for (std::size_t first = 0; first < 256; ++first) {
      // Most first bytes begin no text of two bytes or more: one list for all their keys.
      bool second_matters = false;
      for (const auto& start : starts)
        for (std::string_view p : start.second)
          second_matters |= p.size() > 1 && static_cast<unsigned char>(p.front()) == first;
      for (std::size_t second = 0; second < 256; ++second)
        t.list_of_key[first << 8 | second] =
            second_matters || second == 0
                ? list_for(static_cast<char>(first), static_cast<char>(second))
                : t.list_of_key[first << 8];
    }
    return t;
  }();
  return table;
}

}  // namespace

const Format* readable_format_of_line(std::string_view line, const Format* preferred) {
  if (preferred && preferred->readable() && preferred->is_hand_start(line)) return preferred;
  const std::string_view cleaned = sniff::clean(line);
  const HandStartTable& table = hand_start_table();
  for (const HandStartCandidate& c : table.lists[table.list_of_key[HandStartTable::key(cleaned)]]) {
    const bool may_start = c.prefixes.empty() ||
                           std::any_of(c.prefixes.begin(), c.prefixes.end(),
                                       [&](std::string_view p) { return cleaned.starts_with(p); });
    if (may_start && c.format->is_hand_start(line)) return c.format;
  }
  return nullptr;
}

bool is_any_hand_start(std::string_view line) {
  return readable_format_of_line(line, nullptr) != nullptr;
}

bool is_any_hand_announcement(std::string_view line) {
  for (const auto& f : formats())
    if (f->readable() && f->announces_hand(line)) return true;
  return false;
}

std::vector<HandText> split_any_hands(std::string_view decoded) {
  return split_hands(decoded, &is_any_hand_start, &is_any_hand_announcement);
}

Hand the_only_hand(std::vector<Hand> hands, const HandText& text, const std::string& file,
                   std::string_view site, std::string_view expected) {
  if (hands.size() == 1) return std::move(hands.front());
  return unparsed_hand(text, file, site, std::string(expected),
                       std::to_string(hands.size()) + " hands");
}

Hand unparsed_hand(const HandText& text, const std::string& file, std::string_view site,
                   std::string expected, std::string got) {
  Hand h;
  h.site = std::string(site);
  h.source = {file, text.byte_offset, text.line};
  h.raw = std::string(text.text);
  h.issues.push_back({text.line, std::move(expected), std::move(got), 0});
  return h;
}

std::vector<Hand> read_hands_text(const Format& format, const HandText& ht, const std::string& file,
                                  const ReadOptions& options) {
  std::string_view head = first_line(ht.text);
  if (format.is_hand_start(head)) return format.read_hands(ht, file, options);
  if (format.is_preamble(ht.text)) return {};
  std::vector<Hand> one;
  one.push_back(unparsed_hand(ht, file, "unknown",
                              "the first line of a hand of " + std::string(format.display_name()),
                              std::string(head.substr(0, 120))));
  return one;
}

std::vector<Hand> read_any_hands_text(const Format* file_format, const HandText& ht,
                                      const std::string& file, const ReadOptions& options) {
  std::string_view head = first_line(ht.text);
  if (const Format* f = readable_format_of_line(head, file_format))
    return f->read_hands(ht, file, options);
  if (file_format && file_format->readable() && file_format->is_preamble(ht.text)) return {};
  std::vector<Hand> one;
  one.push_back(unparsed_hand(
      ht, file, "unknown", "the first line of a hand of a known site (e.g. \"PokerStars Hand #\")",
      std::string(head.substr(0, 120))));
  return one;
}

std::vector<Hand> read_text(const Format& format, std::string_view decoded, const std::string& file,
                            const ReadOptions& options) {
  std::vector<Hand> hands;
  auto starts = [&](std::string_view line) { return format.is_hand_start(line); };
  auto announces = [&](std::string_view line) { return format.announces_hand(line); };
  for (const HandText& ht : split_hands(decoded, starts, announces))
    for (Hand& h : read_hands_text(format, ht, file, options)) hands.push_back(std::move(h));
  return hands;
}

std::vector<Hand> read_text(std::string_view decoded, const std::string& file,
                            const ReadOptions& options) {
  const Format* file_format = sniff_format(decoded.substr(0, kSniffBytes)).format;
  std::vector<Hand> hands;
  for (const HandText& ht : split_any_hands(decoded))
    for (Hand& h : read_any_hands_text(file_format, ht, file, options))
      hands.push_back(std::move(h));
  return hands;
}

}  // namespace hh
