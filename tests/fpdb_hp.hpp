// Reads fpdb's expected results (the .hp file beside some corpus files): a Python dict printed by
// pprint, one entry per player with 'totalProfit' in minor units. Shared by the corpus sweeps.
#pragma once

#include <map>
#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace hh::test {

// Python's repr escapes non-ASCII names: "Bl\\xe5veis" is "Blåveis".
inline std::string unescape_python(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::size_t digits = 0;
    if (s[i] == '\\' && i + 1 < s.size()) digits = s[i + 1] == 'x' ? 2 : s[i + 1] == 'u' ? 4 : 0;
    if (digits == 0 || i + 2 + digits > s.size()) {
      out += s[i];
      continue;
    }
    unsigned cp = static_cast<unsigned>(std::stoul(s.substr(i + 2, digits), nullptr, 16));
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
    i += 1 + digits;
  }
  return out;
}

// fpdb's .hp is a Python dict printed by pprint: player -> {... 'totalProfit': N, ...}.
inline std::map<std::string, long> fpdb_profits(const std::string& text) {
  std::map<std::string, long> out;
  static const std::regex player(R"((?:^|\n)[{ ]\s*u?'([^']+)': \{)");
  static const std::regex profit(R"('totalProfit': (-?\d+))");
  std::vector<std::pair<std::size_t, std::string>> starts;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), player);
       it != std::sregex_iterator(); ++it)
    starts.emplace_back(static_cast<std::size_t>(it->position(0)), (*it)[1].str());
  for (std::size_t i = 0; i < starts.size(); ++i) {
    std::size_t end = i + 1 < starts.size() ? starts[i + 1].first : text.size();
    std::string block = text.substr(starts[i].first, end - starts[i].first);
    std::smatch m;
    if (std::regex_search(block, m, profit))
      out[unescape_python(starts[i].second)] = std::stol(m[1].str());
  }
  return out;
}

}  // namespace hh::test
