// Small text helpers shared by the site parsers: trimming, prefix tests and local time to UTC.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hh {

// Drops spaces and tabs at both ends (and a stray '\r' at the end). Inline: every line of every
// hand is trimmed, most have nothing to drop, and the call cost more than the two tests.
inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

inline bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

// The words of a text, split at spaces (runs of spaces make no empty word).
std::vector<std::string_view> words_of(std::string_view text);

// Cards printed as a comma-separated list ("6s, 7h", OnGame's and Betfair's) as the model keeps
// them ("6s 7h"); hidden cards printed "-" (OnGame's stud) are left out.
std::string cards_from_list(std::string_view list);

// A seat number printed alone ("8" of "Button: seat 8"): digits only, at most four of them; -1
// otherwise.
int seat_number(std::string_view digits);

// The number (1-12) of an English month named in full or by its first three letters ("Oct",
// "October"); 0 when it names none.
int month_number(std::string_view name);

// Converts a local time as printed by a site ("2018/03/28", "13:38:18") in `zone` (an
// abbreviation of time_zone_abbreviations(), an offset such as "GMT+01:00", or an IANA name) to
// ISO 8601 UTC. Returns "" when the zone is not known or the date or time is not valid.
std::string to_utc(std::string_view date, std::string_view time, std::string_view zone);

// Whether to_utc() knows `zone`: an abbreviation of the shared table (kTimeZones), an offset
// ("GMT+01:00", "GMT+0100", "UTC-5", "+02:00") or an IANA name ("Europe/Malta").
bool is_known_zone(std::string_view zone);

// The abbreviations to_utc() reads, each with the IANA zone it stands for (every site's, one
// table: tests/test_time_zones.cpp checks each).
struct ZoneAbbreviation {
  std::string_view abbreviation;
  std::string_view iana;
};
const std::vector<ZoneAbbreviation>& time_zone_abbreviations();

// The same with an IANA zone name ("Europe/Malta", "UTC"); "" when the name is not known.
std::string to_utc_iana(std::string_view date, std::string_view time, std::string_view iana_name);

}  // namespace hh
