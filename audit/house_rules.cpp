#include "audit/house_rules.hpp"

namespace hh {

const HouseRules& HouseRulesBook::for_site(std::string_view site) const {
  auto it = sites_.find(site);
  return it == sites_.end() ? default_ : it->second;
}

HouseRules& HouseRulesBook::site(const std::string& site) {
  auto it = sites_.find(site);
  if (it == sites_.end()) it = sites_.emplace(site, default_).first;
  return it->second;
}

}  // namespace hh
