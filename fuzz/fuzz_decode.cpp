// libFuzzer target: decode() on arbitrary bytes. Besides crashes and UB it checks the promises of
// parser/decode.hpp that everything downstream relies on: no CR and no BOM survive, and UTF-8
// input never grows.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "parser/text/decode.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const hh::Decoded d = hh::decode(bytes);
  if (d.text.find('\r') != std::string::npos) std::abort();
  if (d.text.find("\xEF\xBB\xBF") != std::string::npos) std::abort();
  if (d.encoding == hh::Encoding::Utf8 && d.text.size() > size) std::abort();
  return 0;
}
