// FNV-1a, 64 bits (G. Fowler, L. C. Noll, K.-P. Vo; offset basis and prime
// as in the FNV specification, draft-eastlake-fnv): the checksum of every
// binary file grundy writes (docs/sequence-file.md, quotient checkpoints),
// the fingerprint of `grundy bench`, and a hash of word sequences. One
// definition, so that a file written by one part is read by another.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace grundy {

class Fnv1a {
 public:
  static constexpr std::uint64_t kOffsetBasis = 0xcbf29ce484222325ULL;
  static constexpr std::uint64_t kPrime = 0x100000001b3ULL;

  void add_byte(unsigned char byte) { hash_ = (hash_ ^ byte) * kPrime; }
  void add(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) add_byte(bytes[i]);
  }
  void add(std::string_view bytes) { add(bytes.data(), bytes.size()); }
  // The `count` low bytes of v, least significant first (the files'
  // little-endian order, whatever the machine's).
  void add_le(std::uint64_t v, int count = 8) {
    for (int i = 0; i < count; ++i) add_byte(static_cast<unsigned char>((v >> (8 * i)) & 0xFF));
  }
  // A whole word at once (FNV-1a over words rather than bytes): for hash
  // tables keyed on word sequences, never for a file.
  void add_word(std::uint64_t word) { hash_ = (hash_ ^ word) * kPrime; }

  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = kOffsetBasis;
};

inline std::uint64_t fnv1a(std::string_view bytes) {
  Fnv1a h;
  h.add(bytes);
  return h.value();
}

}  // namespace grundy
