// The byte layout every binary file grundy writes shares (sequence files,
// docs/sequence-file.md; stores, mapped_sequence.h; quotient checkpoints,
// quotient_checkpoint.h): an 8-byte magic, integer fields little-endian
// whatever the host, and an FNV-1a 64 checksum (fnv1a.h). One writer and
// one reader: the reader checks every field against the bytes left before
// it is used, so that a truncated or hostile file is refused with one line
// rather than read past its end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "grundy/core/error.h"

namespace grundy {

// The `width` low bytes of v, least significant first.
inline void put_le(std::string& out, std::uint64_t v, std::size_t width) {
  for (std::size_t i = 0; i < width; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
template <class T>
void put_le(std::string& out, T value) {
  put_le(out, static_cast<std::uint64_t>(value), sizeof(T));
}

// The same in place, for a header mapped in memory.
inline std::uint64_t load_le(const unsigned char* p, std::size_t width) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < width; ++i) v |= std::uint64_t{p[i]} << (8 * i);
  return v;
}
inline void store_le(unsigned char* p, std::uint64_t v, std::size_t width) {
  for (std::size_t i = 0; i < width; ++i) p[i] = static_cast<unsigned char>((v >> (8 * i)) & 0xFF);
}

// Reads a file's bytes in order. `complaint(why)` makes the error of a
// file that is not usable: "wrong magic number", or `short_file` ("it is
// truncated") when a field reaches past the end.
class ByteReader {
 public:
  using Complaint = std::function<InputError(const std::string& why)>;
  ByteReader(std::string_view bytes, Complaint complaint,
             std::string short_file = "it is truncated")
      : bytes_(bytes), complaint_(std::move(complaint)), short_file_(std::move(short_file)) {}

  // The file's first bytes must be `expected`.
  void magic(std::string_view expected) {
    if (bytes_.size() - at_ < expected.size() || bytes_.substr(at_, expected.size()) != expected)
      throw complaint_("wrong magic number");
    at_ += expected.size();
  }
  std::string_view take(std::uint64_t n) {
    if (bytes_.size() - at_ < n) throw complaint_(short_file_);
    const std::string_view part = bytes_.substr(at_, static_cast<std::size_t>(n));
    at_ += static_cast<std::size_t>(n);
    return part;
  }
  // A little-endian number of `width` bytes.
  std::uint64_t number(std::size_t width) {
    return load_le(reinterpret_cast<const unsigned char*>(take(width).data()), width);
  }
  // A count (of `count_width` bytes) of items of `width` bytes each, which
  // must all still be there: checked before anything is allocated for them.
  std::uint64_t count(std::size_t width, std::size_t count_width = 4) {
    const std::uint64_t n = number(count_width);
    if (n > left() / width) throw complaint_(short_file_);
    return n;
  }
  std::size_t at() const { return at_; }
  std::size_t left() const { return bytes_.size() - at_; }
  // The error of a file whose content is not usable, for `why`.
  InputError complaint(const std::string& why) const { return complaint_(why); }

 private:
  std::string_view bytes_;
  Complaint complaint_;
  std::string short_file_;
  std::size_t at_ = 0;
};

}  // namespace grundy
