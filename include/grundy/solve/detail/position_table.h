// The compact transposition table of GameSolver (user_game.h): every
// distinct position a search stores, once, with a byte of search state and a
// 32-bit value, numbered densely in the order of insertion.
//
// Description: open addressing with linear probing over a power-of-two array
//   of 32-bit entry numbers (kEmpty where free), at most half full; a probe
//   compares the key of the entry a slot names. Keys, states and values live
//   in chunks of kChunk entries that never move, so an entry's number and
//   the references to its key stay valid while the table grows, and no key
//   is copied when the slot array doubles (only the keys' hashes are
//   computed again). Entries are never erased one by one: a search that
//   gives a position up resets its state instead; truncate(n) drops the
//   entries from number n on (what a failed query added), clear() all of
//   them, keeping the slot array for the next use.
// Source: linear probing (D. E. Knuth, The Art of Computer Programming,
//   vol. 3, §6.4, Algorithm L).
// Time: expected O(1) hash computations and key comparisons per find and
//   insert at load at most 1/2 (Knuth's analysis of Algorithm L: a search
//   for an absent key then probes at most 2.5 slots on average, where at
//   7/8 it probed up to 32, each a key compared; the searches of
//   user_game.h mostly look for options not stored yet); doubling
//   rehashes every key once, amortised O(1) per insert.
// Memory: per entry sizeof(Key) + 5 bytes (state and value) in the chunks,
//   plus 4 bytes per slot, between 4 / (1/2) and 4 / (1/4) slots' bytes per
//   entry: at most 21 bytes per entry besides the key itself (and
//   whatever the key owns on the heap, which bytes() cannot see), plus at
//   most one partly filled chunk.
// Status: through GameSolver against by-definition twins
//   (tests/stress/user_game_test.cpp), and directly against
//   std::unordered_map on random keys (the PositionTable test there).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <new>
#include <stdexcept>
#include <utility>
#include <vector>

namespace grundy::detail {

template <class Key, class Hash = std::hash<Key>, class KeyEqual = std::equal_to<Key>>
class PositionTable {
 public:
  static constexpr std::uint32_t kEmpty = UINT32_MAX;
  // Entry numbers are below kEmpty.
  static constexpr std::uint64_t kMaxEntries = kEmpty - 1;

  explicit PositionTable(Hash hash = Hash{}, KeyEqual equal = KeyEqual{})
      : hash_(std::move(hash)), equal_(std::move(equal)) {}
  PositionTable(const PositionTable&) = delete;
  PositionTable& operator=(const PositionTable&) = delete;
  ~PositionTable() { destroy_keys(); }

  std::uint64_t size() const { return size_; }
  std::size_t hash(const Key& key) const { return hash_(key); }

  // The entry number of `key` (whose hash is `h`), or kEmpty.
  std::uint32_t find(const Key& key, std::size_t h) const {
    if (slots_.empty()) return kEmpty;
    for (std::size_t s = home(h);; s = (s + 1) & mask_) {
      const std::uint32_t e = slots_[s];
      if (e == kEmpty || equal_(key_at(e), key)) return e;
    }
  }
  std::uint32_t find(const Key& key) const { return find(key, hash_(key)); }

  // Inserts `key` (hash `h`, not in the table) with state 0 and value 0 and
  // returns its entry number. The caller checks its limit first; the table
  // refuses only past kMaxEntries (std::length_error).
  std::uint32_t insert(const Key& key, std::size_t h) {
    if (size_ >= kMaxEntries) throw std::length_error("PositionTable: too many entries");
    // At most half full (see Time above).
    if ((size_ + 1) * 2 > slots_.size()) grow();
    const auto e = static_cast<std::uint32_t>(size_);
    if ((e >> kChunkBits) == chunks_.size()) chunks_.push_back(std::make_unique<Chunk>());
    Chunk& chunk = *chunks_[e >> kChunkBits];
    const std::size_t i = e & (kChunk - 1);
    ::new (static_cast<void*>(chunk.keys + i * sizeof(Key))) Key(key);
    chunk.states[i] = 0;
    chunk.values[i] = 0;
    ++size_;
    std::size_t s = home(h);
    while (slots_[s] != kEmpty) s = (s + 1) & mask_;
    slots_[s] = e;
    return e;
  }

  const Key& key_at(std::uint32_t e) const {
    return *std::launder(reinterpret_cast<const Key*>(chunks_[e >> kChunkBits]->keys +
                                                      (e & (kChunk - 1)) * sizeof(Key)));
  }
  std::uint8_t& state(std::uint32_t e) { return chunks_[e >> kChunkBits]->states[e & (kChunk - 1)]; }
  std::uint8_t state(std::uint32_t e) const {
    return chunks_[e >> kChunkBits]->states[e & (kChunk - 1)];
  }
  std::uint32_t& value(std::uint32_t e) { return chunks_[e >> kChunkBits]->values[e & (kChunk - 1)]; }
  std::uint32_t value(std::uint32_t e) const {
    return chunks_[e >> kChunkBits]->values[e & (kChunk - 1)];
  }

  // The entries numbered n and up gone (those a failed query added); the
  // slots are rebuilt, O(n).
  void truncate(std::uint64_t n) {
    if (n >= size_) return;
    for (std::uint64_t e = n; e < size_; ++e)
      const_cast<Key&>(key_at(static_cast<std::uint32_t>(e))).~Key();
    size_ = n;
    chunks_.resize((n + kChunk - 1) >> kChunkBits);
    std::fill(slots_.begin(), slots_.end(), kEmpty);
    for (std::uint64_t e = 0; e < size_; ++e) {
      std::size_t s = home(hash_(key_at(static_cast<std::uint32_t>(e))));
      while (slots_[s] != kEmpty) s = (s + 1) & mask_;
      slots_[s] = static_cast<std::uint32_t>(e);
    }
  }

  // Every entry gone; the slot array is kept (emptied) for reuse.
  void clear() {
    destroy_keys();
    chunks_.clear();
    size_ = 0;
    std::fill(slots_.begin(), slots_.end(), kEmpty);
  }

  // The bytes the table holds: slots, chunks (keys by sizeof(Key) only).
  std::uint64_t bytes() const {
    return slots_.capacity() * sizeof(std::uint32_t) + chunks_.size() * sizeof(Chunk) +
           chunks_.capacity() * sizeof(std::unique_ptr<Chunk>);
  }

 private:
  static constexpr std::size_t kChunkBits = 10;
  static constexpr std::size_t kChunk = std::size_t{1} << kChunkBits;
  struct Chunk {
    alignas(Key) unsigned char keys[kChunk * sizeof(Key)];
    std::uint32_t values[kChunk];
    std::uint8_t states[kChunk];
  };

  // The first slot to probe: the high bits of the hash times 2^64 / φ, so
  // that hashes differing only in their high bits (or multiples of a power
  // of two) still spread (Knuth, vol. 3, §6.4, multiplicative hashing).
  std::size_t home(std::size_t h) const {
    return static_cast<std::size_t>((static_cast<std::uint64_t>(h) * 0x9E3779B97F4A7C15ULL) >>
                                    shift_);
  }
  void grow() {
    const std::size_t capacity = slots_.empty() ? 16 : slots_.size() * 2;
    slots_.assign(capacity, kEmpty);
    mask_ = capacity - 1;
    shift_ = 64 - static_cast<unsigned>(std::countr_zero(static_cast<std::uint64_t>(capacity)));
    for (std::uint64_t e = 0; e < size_; ++e) {
      std::size_t s = home(hash_(key_at(static_cast<std::uint32_t>(e))));
      while (slots_[s] != kEmpty) s = (s + 1) & mask_;
      slots_[s] = static_cast<std::uint32_t>(e);
    }
  }
  void destroy_keys() {
    for (std::uint64_t e = 0; e < size_; ++e)
      const_cast<Key&>(key_at(static_cast<std::uint32_t>(e))).~Key();
  }

  Hash hash_;
  KeyEqual equal_;
  std::vector<std::uint32_t> slots_;
  std::size_t mask_ = 0;
  unsigned shift_ = 64;
  std::vector<std::unique_ptr<Chunk>> chunks_;
  std::uint64_t size_ = 0;
};

}  // namespace grundy::detail
