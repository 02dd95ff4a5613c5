// SHA-256 of files and hands: a file's digest tells an audited file from a new one, a hand's
// digest a duplicate from a conflict.
#pragma once

#include <string>
#include <string_view>

namespace hh {

// Lower-case hex SHA-256 of `data` (64 characters). Throws std::runtime_error if libcrypto fails.
std::string sha256_hex(std::string_view data);

// The same digest fed piece by piece, for files read in chunks.
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  void update(std::string_view data);
  std::string hex();  // finishes the digest; call once

 private:
  struct Ctx;
  Ctx* ctx_;
};

}  // namespace hh
