// Splits into pairwise unequal heaps by a 0/1 knapsack (distinct_part_sets.h).
#include "solve/engines/distinct_part_sets.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace grundy::distinct_parts {

namespace {

// Bit i of x moved to bit i ^ c (c < 64): the blocks of 2^k bits swapped
// with their neighbours for each bit k of c.
inline DistinctPartSets::SetWord xor_bits(DistinctPartSets::SetWord x, unsigned c) {
  using W = DistinctPartSets::SetWord;
  if (c & 1) x = ((x & W{0x5555555555555555}) << 1) | ((x >> 1) & W{0x5555555555555555});
  if (c & 2) x = ((x & W{0x3333333333333333}) << 2) | ((x >> 2) & W{0x3333333333333333});
  if (c & 4) x = ((x & W{0x0F0F0F0F0F0F0F0F}) << 4) | ((x >> 4) & W{0x0F0F0F0F0F0F0F0F});
  if (c & 8) x = ((x & W{0x00FF00FF00FF00FF}) << 8) | ((x >> 8) & W{0x00FF00FF00FF00FF});
  if (c & 16) x = ((x & W{0x0000FFFF0000FFFF}) << 16) | ((x >> 16) & W{0x0000FFFF0000FFFF});
  if (c & 32) x = (x << 32) | (x >> 32);
  return x;
}

}  // namespace

DistinctPartSets::DistinctPartSets(Heap exactly, std::vector<Heap> or_more)
    : or_more_r_(std::move(or_more)) {
  Heap most = exactly;
  for (Heap r : or_more_r_) {
    if (r < 2) throw std::logic_error("DistinctPartSets: 'or more' from fewer than 2 heaps");
    most = std::max(most, r - 1);
  }
  exactly_.resize(most + 1);
  or_more_.resize(or_more_r_.size());
}

void DistinctPartSets::reset(unsigned words, Heap last) {
  words_ = words;
  last_ = last;
  parts_ = 0;
  const std::size_t size = (last + 1) * std::size_t{words};
  for (std::size_t r = 1; r < exactly_.size(); ++r) exactly_[r].assign(size, 0);
  for (auto& family : or_more_) family.assign(size, 0);
}

std::uint64_t DistinctPartSets::restart(const Value16* g, unsigned words, Heap last,
                                        Heap parts) {
  reset(words, last);
  std::uint64_t work = 0;
  for (Heap a = 1; a <= parts; ++a) work += add_part(g, a);
  return work;
}

void DistinctPartSets::widen(unsigned words) {
  // Never narrower: an engine starting again from a prefix of small values
  // asks for fewer words, and then resets the sets anyway.
  if (words <= words_) return;
  const auto relayout = [&](std::vector<SetWord>& sets) {
    std::vector<SetWord> wider((last_ + 1) * std::size_t{words}, 0);
    for (Heap m = 0; m <= last_; ++m)
      std::copy_n(sets.data() + m * std::size_t{words_}, words_, wider.data() + m * words);
    sets = std::move(wider);
  };
  for (std::size_t r = 1; r < exactly_.size(); ++r) relayout(exactly_[r]);
  for (auto& family : or_more_) relayout(family);
  words_ = words;
}

const DistinctPartSets::SetWord* DistinctPartSets::or_more(Heap r, Heap m) const {
  for (std::size_t i = 0; i < or_more_r_.size(); ++i)
    if (or_more_r_[i] == r) return set(or_more_[i], m);
  throw std::logic_error("DistinctPartSets::or_more: a family not kept");
}

std::uint64_t DistinctPartSets::add_part(const Value16* g, Heap a) {
  if (a != parts_ + 1) throw std::logic_error("DistinctPartSets::add_part: parts out of turn");
  parts_ = a;
  if (a > last_) return 0;  // changes no set kept
  const unsigned v = g[a], high = v >> 6, low = v & 63;
  const Heap top = static_cast<Heap>(exactly_.size()) - 1;
  std::uint64_t words = 0;
  // dst |= src moved by v: word w to w ^ high, its bits by low.
  const auto or_moved = [&](SetWord* dst, const SetWord* src) {
    for (unsigned w = 0; w < words_; ++w)
      if (src[w] != 0) dst[w ^ high] |= xor_bits(src[w], low);
    words += words_;
  };
  for (Heap m = last_; m > a; --m) {
    const Heap rest = m - a;
    // r - 1 distinct parts below a sum to (r-1)r/2 at least.
    for (Heap r = top; r >= 2; --r)
      if ((r - 1) * r / 2 <= rest) or_moved(set(exactly_[r], m), set(exactly_[r - 1], rest));
    for (std::size_t i = 0; i < or_more_.size(); ++i) {
      const Heap r = or_more_r_[i];
      if ((r - 1) * r / 2 > rest) continue;
      or_moved(set(or_more_[i], m), set(or_more_[i], rest));
      or_moved(set(or_more_[i], m), set(exactly_[r - 1], rest));
    }
  }
  if (top >= 1) set(exactly_[1], a)[high] |= SetWord{1} << low;
  return words;
}

}  // namespace grundy::distinct_parts
