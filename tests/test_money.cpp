#include <catch2/catch.hpp>

#include "parser/text/money.hpp"

using hh::parse_amount;

TEST_CASE("amounts in cents", "[money]") {
  CHECK(parse_amount("$1,270.5", 100) == 127050);
  CHECK(parse_amount("$0.02", 100) == 2);
  CHECK(parse_amount("€0.05", 100) == 5);
  CHECK(parse_amount("₹136.50", 100) == 13650);
  CHECK(parse_amount("£5", 100) == 500);
  CHECK(parse_amount("$160", 100) == 16000);
  CHECK(parse_amount("4.34€", 100) == 434);
  CHECK(parse_amount("0,01 $", 100, {',', '.'}) == 1);
  CHECK(parse_amount("5 000 $", 100, {',', '.'}) == 500000);
}

TEST_CASE("amounts in chips", "[money]") {
  CHECK(parse_amount("10000", 1) == 10000);
  CHECK(parse_amount("1'000", 1) == 1000);
  CHECK(parse_amount("1,500", 1) == 1500);
  CHECK(parse_amount("20.00", 1) == 20);  // zero decimals are exact
}

TEST_CASE("amounts that are not exact or not numbers", "[money]") {
  CHECK_FALSE(parse_amount("20.5", 1));      // half a chip: never rounded
  CHECK_FALSE(parse_amount("$0.015", 100));  // a tenth of a cent
  CHECK_FALSE(parse_amount("$", 100));
  CHECK_FALSE(parse_amount("", 100));
  CHECK_FALSE(parse_amount("-$5", 100));
  CHECK_FALSE(parse_amount("$1.2.3", 100));
  CHECK_FALSE(parse_amount("99999999999999999999", 100));
}

TEST_CASE("formatting minor units", "[money]") {
  CHECK(hh::format_amount(12345, 100) == "123.45");
  CHECK(hh::format_amount(5, 100) == "0.05");
  CHECK(hh::format_amount(-250, 100) == "-2.50");
  CHECK(hh::format_amount(1500, 1) == "1500");
}
