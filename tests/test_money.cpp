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

TEST_CASE("an amount is the whole token or it is not read", "[money][gaps]") {
  // Another dialect's text, read up to the first unexpected character, would be a wrong amount
  // charged to the site: never a partial value.
  CHECK_FALSE(parse_amount("$31O", 100));
  CHECK_FALSE(parse_amount("6O", 1));
  CHECK_FALSE(parse_amount("1,4O0", 1));
  CHECK_FALSE(parse_amount("$0.1O", 100));
  CHECK_FALSE(parse_amount("O800.00", 100));
  CHECK_FALSE(parse_amount("1.4K", 1));  // a suffix this reader does not know
  CHECK_FALSE(parse_amount("USD10", 100));
  CHECK_FALSE(parse_amount("10USD", 100));
  // A thousands group holds three digits (two in an Indian lakh group, never the last one).
  CHECK_FALSE(parse_amount("1,40", 1));
  CHECK_FALSE(parse_amount("$1,4", 100));
  CHECK_FALSE(parse_amount("1,4000", 1));
  CHECK(parse_amount("1,00,000", 1) == 100000);
  CHECK(parse_amount("$1,234,567.89", 100) == 123456789);
  // Currency signs and codes set apart by a space stay around the number.
  CHECK(parse_amount("10 USD", 100) == 1000);
  CHECK(parse_amount("USD 10", 100) == 1000);
  CHECK(parse_amount("$ 3", 100) == 300);
}

TEST_CASE("formatting minor units", "[money]") {
  CHECK(hh::format_amount(12345, 100) == "123.45");
  CHECK(hh::format_amount(5, 100) == "0.05");
  CHECK(hh::format_amount(-250, 100) == "-2.50");
  CHECK(hh::format_amount(1500, 1) == "1500");
}
