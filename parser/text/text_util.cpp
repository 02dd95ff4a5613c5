#include "parser/text/text_util.hpp"

#include <date/date.h>
#include <date/tz.h>

#include <charconv>
#include <chrono>
#include <optional>
#include <vector>

namespace hh {

int seat_number(std::string_view digits) {
  if (digits.empty() || digits.size() > 4) return -1;
  int seat = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return -1;
    seat = seat * 10 + (c - '0');
  }
  return seat;
}

int month_number(std::string_view name) {
  static constexpr std::string_view kMonths[] = {"January",   "February", "March",    "April",
                                                 "May",       "June",     "July",     "August",
                                                 "September", "October",  "November", "December"};
  if (name.size() < 3) return 0;
  for (int i = 0; i < 12; ++i) {
    const std::string_view full = kMonths[i];
    if (name == full || name == full.substr(0, 3)) return i + 1;
  }
  return 0;
}

std::string cards_from_list(std::string_view list) {
  std::string out;
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view card = trim(list.substr(0, comma));
    if (!card.empty() && card != "-") {
      if (!out.empty()) out += ' ';
      out += card;
    }
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return out;
}

namespace {

// Every zone abbreviation a site prints, with the zone it stands for: one table for every reader
// (docs/sites.md, "Time zones"). Historical offsets apply (YEKST was UTC+6 in 2012).
const std::vector<ZoneAbbreviation> kTimeZones = {
    // North America: PokerStars, Full Tilt, Cake, Bovada, PokerTracker's exports print these.
    {"ET", "America/New_York"},
    {"EST", "America/New_York"},
    {"EDT", "America/New_York"},
    {"CT", "America/Chicago"},
    {"CST", "America/Chicago"},
    {"CDT", "America/Chicago"},
    {"MT", "America/Denver"},
    {"MST", "America/Denver"},
    {"MDT", "America/Denver"},
    {"PT", "America/Los_Angeles"},
    {"PST", "America/Los_Angeles"},
    {"PDT", "America/Los_Angeles"},
    {"AKST", "America/Anchorage"},
    {"AKDT", "America/Anchorage"},
    {"HST", "Pacific/Honolulu"},
    {"AT", "America/Halifax"},
    {"AST", "America/Halifax"},
    {"ADT", "America/Halifax"},
    {"NST", "America/St_Johns"},
    {"NDT", "America/St_Johns"},
    {"BRT", "America/Sao_Paulo"},
    {"BRST", "America/Sao_Paulo"},
    {"ART", "America/Argentina/Buenos_Aires"},
    // Europe.
    {"GMT", "Etc/UTC"},
    {"UTC", "Etc/UTC"},
    {"WET", "Europe/Lisbon"},
    {"WEST", "Europe/Lisbon"},
    {"BST", "Europe/London"},
    {"CET", "Europe/Paris"},
    {"CEST", "Europe/Paris"},
    {"MEZ", "Europe/Berlin"},  // PartyPoker's German client: "MEZ", "MESZ"
    {"MESZ", "Europe/Berlin"},
    {"EET", "Europe/Helsinki"},
    {"EEST", "Europe/Helsinki"},
    {"MSK", "Europe/Moscow"},
    {"MSD", "Europe/Moscow"},
    {"MSKS", "Europe/Moscow"},  // PartyPoker's Moscow summer time
    // Asia, Oceania.
    {"GST", "Asia/Dubai"},  // Gulf Standard Time (OnGame)
    {"IST", "Asia/Kolkata"},
    {"YEKST", "Asia/Yekaterinburg"},
    {"ICT", "Asia/Bangkok"},
    {"SGT", "Asia/Singapore"},
    {"HKT", "Asia/Hong_Kong"},
    {"CCT", "Asia/Shanghai"},
    {"JST", "Asia/Tokyo"},
    {"KST", "Asia/Seoul"},
    {"AWST", "Australia/Perth"},
    {"ACST", "Australia/Adelaide"},
    {"ACDT", "Australia/Adelaide"},
    {"AET", "Australia/Sydney"},
    {"AEST", "Australia/Sydney"},
    {"AEDT", "Australia/Sydney"},
    {"NZT", "Pacific/Auckland"},
    {"NZST", "Pacific/Auckland"},
    {"NZDT", "Pacific/Auckland"},
};

const char* iana_zone(std::string_view abbr) {
  for (const ZoneAbbreviation& z : kTimeZones)
    if (z.abbreviation == abbr) return z.iana.data();  // literals: NUL-terminated
  return nullptr;
}

// A fixed offset east of UTC in minutes: "GMT+01:00" (Entraction 2012), "GMT+0100" (OnGame),
// "UTC-5", "GMT+5:30", "+02:00"; nullopt for anything else.
std::optional<int> offset_minutes(std::string_view zone) {
  if (starts_with(zone, "GMT") || starts_with(zone, "UTC")) zone.remove_prefix(3);
  if (zone.size() < 2 || (zone[0] != '+' && zone[0] != '-')) return std::nullopt;
  const int sign = zone[0] == '-' ? -1 : 1;
  zone.remove_prefix(1);
  std::string_view hours = zone, minutes;
  if (const std::size_t colon = zone.find(':'); colon != std::string_view::npos) {
    hours = zone.substr(0, colon);
    minutes = zone.substr(colon + 1);
    if (minutes.size() != 2) return std::nullopt;
  } else if (zone.size() == 4) {
    hours = zone.substr(0, 2);
    minutes = zone.substr(2);
  }
  const int h = seat_number(hours), m = minutes.empty() ? 0 : seat_number(minutes);
  if (hours.empty() || hours.size() > 2 || h < 0 || h > 14 || m < 0 || m > 59) return std::nullopt;
  return sign * (h * 60 + m);
}

const date::time_zone* iana_named(std::string_view name) {
  try {
    return date::locate_zone(std::string(name));
  } catch (const std::exception&) {
    return nullptr;
  }
}

// "YYYY/MM/DD" and "H:MM[:SS]" as a local time; nullopt when either is not valid.
std::optional<date::local_seconds> local_time(std::string_view date_s, std::string_view time_s) {
  // Read with from_chars, no locale involved.
  int v[6] = {0, 0, 0, 0, 0, 0};
  // Reads up to n numbers separated by `sep`; returns how many were read, -1 on junk.
  auto read = [](std::string_view text, char sep, int* out, int n) {
    int count = 0;
    while (count < n) {
      std::size_t end = text.find(sep);
      std::string_view part = text.substr(0, end);
      auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), out[count]);
      if (ec != std::errc() || p != part.data() + part.size()) return -1;
      ++count;
      if (end == std::string_view::npos) return count;
      text.remove_prefix(end + 1);
    }
    return -1;
  };
  if (read(date_s, '/', v, 3) != 3 || read(time_s, ':', v + 3, 3) < 2) return std::nullopt;
  date::year_month_day ymd{date::year{v[0]}, date::month{static_cast<unsigned>(v[1])},
                           date::day{static_cast<unsigned>(v[2])}};
  if (!ymd.ok() || v[3] < 0 || v[3] > 23 || v[4] < 0 || v[4] > 59 || v[5] < 0 || v[5] > 60)
    return std::nullopt;
  return date::local_days{ymd} + std::chrono::hours{v[3]} + std::chrono::minutes{v[4]} +
         std::chrono::seconds{v[5]};
}

// date::format("%Y-%m-%dT%H:%M:%SZ", utc) without its ostringstream and locale (a sixth of the
// time of parsing a PokerStars hand went there): four-digit years written by hand, the rest by
// date::format as before.
std::string iso_utc(date::sys_seconds utc) {
  const date::sys_days day = date::floor<date::days>(utc);
  const date::year_month_day ymd{day};
  const int year = static_cast<int>(ymd.year());
  if (year < 1000 || year > 9999) return date::format("%Y-%m-%dT%H:%M:%SZ", utc);
  const date::hh_mm_ss<std::chrono::seconds> time{utc - day};
  std::string out = "0000-00-00T00:00:00Z";
  auto put = [&out](std::size_t at, int value, int width) {
    for (int i = width - 1; i >= 0; --i, value /= 10)
      out[at + static_cast<std::size_t>(i)] = static_cast<char>('0' + value % 10);
  };
  put(0, year, 4);
  put(5, static_cast<int>(static_cast<unsigned>(ymd.month())), 2);
  put(8, static_cast<int>(static_cast<unsigned>(ymd.day())), 2);
  put(11, static_cast<int>(time.hours().count()), 2);
  put(14, static_cast<int>(time.minutes().count()), 2);
  put(17, static_cast<int>(time.seconds().count()), 2);
  return out;
}

}  // namespace

const std::vector<ZoneAbbreviation>& time_zone_abbreviations() { return kTimeZones; }

bool is_known_zone(std::string_view zone) {
  return iana_zone(zone) || offset_minutes(zone) ||
         (zone.find('/') != std::string_view::npos && iana_named(zone));
}

std::string to_utc(std::string_view date_s, std::string_view time_s, std::string_view zone) {
  if (const char* iana = iana_zone(zone)) return to_utc_iana(date_s, time_s, iana);
  if (const std::optional<int> east = offset_minutes(zone)) {
    const std::optional<date::local_seconds> local = local_time(date_s, time_s);
    if (!local) return "";
    return iso_utc(date::sys_seconds{local->time_since_epoch()} - std::chrono::minutes{*east});
  }
  if (zone.find('/') != std::string_view::npos) return to_utc_iana(date_s, time_s, zone);
  return "";
}

std::string to_utc_iana(std::string_view date_s, std::string_view time_s,
                        std::string_view iana_name) {
  const std::optional<date::local_seconds> local = local_time(date_s, time_s);
  if (!local) return "";
  try {
    // A file's hands name one zone: the last one found is kept (per thread, as the pipeline's
    // workers parse at once); date::locate_zone searches the whole database by name.
    thread_local std::string last_name;
    thread_local const date::time_zone* last_zone = nullptr;
    if (!last_zone || last_name != iana_name) {
      last_zone = date::locate_zone(std::string(iana_name));
      last_name = iana_name;
    }
    const date::time_zone* tz = last_zone;
    // Ambiguous local times (the repeated hour in autumn) resolve to the earlier instant.
    return iso_utc(tz->to_sys(*local, date::choose::earliest));
  } catch (const std::exception&) {
    return "";
  }
}

std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find(' ', pos);
    if (end == std::string_view::npos) end = text.size();
    if (end > pos) out.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

}  // namespace hh
