#include "parser/text/text_util.hpp"

#include <date/date.h>
#include <date/tz.h>

#include <charconv>
#include <chrono>
#include <map>

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

const char* iana_zone(std::string_view abbr) {
  static const std::map<std::string_view, const char*> zones = {
      {"ET", "America/New_York"},
      {"EST", "America/New_York"},
      {"EDT", "America/New_York"},
      {"CT", "America/Chicago"},
      {"MT", "America/Denver"},
      {"PT", "America/Los_Angeles"},
      {"AT", "America/Halifax"},
      {"CET", "Europe/Paris"},
      {"CEST", "Europe/Paris"},
      {"EET", "Europe/Helsinki"},
      {"EEST", "Europe/Helsinki"},
      {"WET", "Europe/Lisbon"},
      {"WEST", "Europe/Lisbon"},
      {"GMT", "Etc/UTC"},
      {"UTC", "Etc/UTC"},
      {"BST", "Europe/London"},
      {"MSK", "Europe/Moscow"},
      {"IST", "Asia/Kolkata"},
      {"CCT", "Asia/Shanghai"},
      {"JST", "Asia/Tokyo"},
      {"KST", "Asia/Seoul"},
      {"AET", "Australia/Sydney"},
      {"AEST", "Australia/Sydney"},
      {"NZT", "Pacific/Auckland"},
      {"BRT", "America/Sao_Paulo"},
      {"ART", "America/Argentina/Buenos_Aires"},
      // PartyPoker prints the player's own zone: German "MESZ", its Moscow "MSKS", ...
      {"MEZ", "Europe/Berlin"},
      {"MESZ", "Europe/Berlin"},
      {"MSKS", "Europe/Moscow"},
      {"ICT", "Asia/Bangkok"},
      {"YEKST", "Asia/Yekaterinburg"},
  };
  auto it = zones.find(abbr);
  return it == zones.end() ? nullptr : it->second;
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

std::string to_utc(std::string_view date_s, std::string_view time_s, std::string_view zone) {
  const char* iana = iana_zone(zone);
  return iana ? to_utc_iana(date_s, time_s, iana) : "";
}

std::string to_utc_iana(std::string_view date_s, std::string_view time_s,
                        std::string_view iana_name) {
  // "YYYY/MM/DD" and "H:MM[:SS]"; read with from_chars, no locale involved.
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
  if (read(date_s, '/', v, 3) != 3 || read(time_s, ':', v + 3, 3) < 2) return "";
  date::year_month_day ymd{date::year{v[0]}, date::month{static_cast<unsigned>(v[1])},
                           date::day{static_cast<unsigned>(v[2])}};
  if (!ymd.ok() || v[3] < 0 || v[3] > 23 || v[4] < 0 || v[4] > 59 || v[5] < 0 || v[5] > 60)
    return "";
  date::local_seconds local = date::local_days{ymd} + std::chrono::hours{v[3]} +
                              std::chrono::minutes{v[4]} + std::chrono::seconds{v[5]};
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
    return iso_utc(tz->to_sys(local, date::choose::earliest));
  } catch (const std::exception&) {
    return "";
  }
}

}  // namespace hh
