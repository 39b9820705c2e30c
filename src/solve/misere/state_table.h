// The states of a verification automaton (quotient_stage.h), each a row of
// the same number of 32-bit words, numbered densely in the order they are
// found.
//
// Description: the rows lie end to end in one array; a power-of-two array
//   of row numbers (kAbsent where free), at most half full, finds a row by
//   open addressing with linear probing, comparing the row a slot names. A
//   lookup takes a pointer to the words it looks for, so the automaton
//   builds each transition's state in one reused buffer and copies it only
//   when it is new: no allocation per transition (a map keyed by vectors
//   made one, and hashed and freed it, for every transition of every
//   state).
// Source: linear probing (D. E. Knuth, The Art of Computer Programming,
//   vol. 3, §6.4, Algorithm L); the hash is FNV-1a over the words.
// Time: expected O(width) per lookup at load at most 1/2; doubling the slot
//   array hashes every row again, amortised O(width) per row.
// Memory: 4 * width bytes per row, plus 4 bytes per slot (8 to 16 per row).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "grundy/core/fnv1a.h"

namespace grundy::detail {

class StateTable {
 public:
  using Word = std::uint32_t;
  static constexpr std::uint32_t kAbsent = UINT32_MAX;

  // Every row gone; rows from now on have `width` words.
  void reset(std::size_t width) {
    width_ = width;
    words_.clear();
    size_ = 0;
    std::fill(slots_.begin(), slots_.end(), kAbsent);
  }

  std::size_t width() const { return width_; }
  std::size_t size() const { return size_; }
  const Word* row(std::uint32_t i) const { return words_.data() + std::size_t{i} * width_; }

  // The number of the row equal to key[0..width), numbering it when it is
  // new; `fresh` says which.
  std::uint32_t intern(const Word* key, bool& fresh) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    std::size_t s = home(hash(key));
    for (;; s = (s + 1) & mask_) {
      const std::uint32_t r = slots_[s];
      if (r == kAbsent) break;
      if (std::equal(key, key + width_, row(r))) {
        fresh = false;
        return r;
      }
    }
    const auto r = static_cast<std::uint32_t>(size_++);
    slots_[s] = r;
    words_.insert(words_.end(), key, key + width_);
    fresh = true;
    return r;
  }

  // The number of the row equal to key[0..width), or kAbsent.
  std::uint32_t find(const Word* key) const {
    if (slots_.empty()) return kAbsent;
    for (std::size_t s = home(hash(key));; s = (s + 1) & mask_) {
      const std::uint32_t r = slots_[s];
      if (r == kAbsent || std::equal(key, key + width_, row(r))) return r;
    }
  }

  // The bytes held: the rows and the slots.
  std::uint64_t bytes() const {
    return words_.capacity() * sizeof(Word) + slots_.capacity() * sizeof(std::uint32_t);
  }

 private:
  std::size_t hash(const Word* key) const {
    Fnv1a fnv;
    for (std::size_t i = 0; i < width_; ++i) fnv.add_word(key[i]);
    return static_cast<std::size_t>(fnv.value());
  }
  // The high bits of the hash times 2^64 / φ (Knuth, vol. 3, §6.4,
  // multiplicative hashing).
  std::size_t home(std::size_t h) const {
    return static_cast<std::size_t>((static_cast<std::uint64_t>(h) * 0x9E3779B97F4A7C15ULL) >>
                                    shift_);
  }
  void grow() {
    const std::size_t capacity = slots_.empty() ? 64 : slots_.size() * 2;
    slots_.assign(capacity, kAbsent);
    mask_ = capacity - 1;
    shift_ = 64 - static_cast<unsigned>(std::countr_zero(static_cast<std::uint64_t>(capacity)));
    for (std::uint32_t r = 0; r < size_; ++r) {
      std::size_t s = home(hash(row(r)));
      while (slots_[s] != kAbsent) s = (s + 1) & mask_;
      slots_[s] = r;
    }
  }

  std::size_t width_ = 0, size_ = 0;
  std::vector<Word> words_;
  std::vector<std::uint32_t> slots_;
  std::size_t mask_ = 0;
  unsigned shift_ = 64;
};

}  // namespace grundy::detail
