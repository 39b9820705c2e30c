// S4!(j) by counts of ordered splits (distinct_four_counts.h).
#include "solve/distinct_four_counts.h"

#include <algorithm>
#include <stdexcept>
#include <type_traits>

#include <fmt/format.h>

#include "grundy/core/error.h"

namespace grundy::split_counts {

void DistinctFourCounts::reset(unsigned values) {
  values_ = values;
  heaps_ = 1;
  c2_.assign(values_, 0);
  c3_.assign(values_, 0);
  parity_.assign(2 * std::size_t{values_}, 0);
  buckets_.assign(8 * std::size_t{values_}, 0);
  sum_.assign(values_, 0);
}

void DistinctFourCounts::widen(unsigned values) {
  if (values == values_) return;
  const auto relayout = [&](auto& rows, std::size_t count) {
    std::remove_reference_t<decltype(rows)> wider(count * values, 0);
    for (std::size_t i = 0; i < count; ++i)
      std::copy_n(rows.data() + i * values_, values_, wider.data() + i * values);
    rows = std::move(wider);
  };
  relayout(c2_, heaps_);
  relayout(c3_, heaps_);
  relayout(parity_, 2);
  values_ = values;
  buckets_.assign(8 * std::size_t{values_}, 0);
  sum_.assign(values_, 0);
}

// Blocks of eight entries move by g with its low bits cleared (entry v of
// the row to v ^ (g & ~7), so a block stays whole), into bucket g & 7; then
// each bucket's entries move by its own g & 7 within their blocks.
template <class Row, class Out>
void DistinctFourCounts::add_moved(const Value16* g, Heap rest, Heap last_a, Row&& row,
                                   Out* out) {
  std::fill(buckets_.begin(), buckets_.end(), 0);
  for (Heap a = 1; a <= last_a; ++a) {
    const unsigned v = g[a];
    const Stored* from = row(rest - a);
    Count* bucket = buckets_.data() + (v & 7u) * std::size_t{values_};
    const unsigned high = v & ~7u;
    for (unsigned block = 0; block < values_; block += 8) {
      Count* to = bucket + (block ^ high);
      const Stored* src = from + block;
      for (unsigned i = 0; i < 8; ++i) to[i] += src[i];
    }
  }
  for (unsigned low = 0; low < 8; ++low) {
    const Count* bucket = buckets_.data() + low * std::size_t{values_};
    for (unsigned v = 0; v < values_; ++v) out[v ^ low] += static_cast<Out>(bucket[v]);
  }
}

std::uint64_t DistinctFourCounts::add(const Value16* g, Heap n, std::uint64_t* set) {
  if (n != heaps_) throw std::logic_error("DistinctFourCounts::add: heaps out of turn");
  if (n > kMaxHeap)
    throw LimitError(fmt::format("four pairwise unequal heaps are counted exactly up to heaps "
                                 "of {} tokens; {} is past that",
                                 kMaxHeap, n));
  std::uint64_t additions = 0;
  if (set != nullptr) {
    std::fill_n(set, values_ / 64, 0);
    if (n >= 4) {
      std::fill(sum_.begin(), sum_.end(), 0);
      add_moved(g, n, n - 3, [this](Heap m) { return c3(m); }, sum_.data());  // C4
      additions += (n + 8) * std::uint64_t{values_};
      const Count* t211 = parity_.data() + (n % 2) * std::size_t{values_};
      for (unsigned v = 0; v < values_; ++v) sum_[v] -= 6 * t211[v];
      if (n % 2 == 0) sum_[0] += 3 * (n / 2 - 1);  // T22
      for (Heap a = 1; 3 * a < n; ++a) sum_[g[a] ^ g[n - 3 * a]] += 8;  // T31
      if (n % 4 == 0) sum_[0] -= 6;  // T4
      for (unsigned v = 0; v < values_; ++v)
        if (sum_[v] != 0) set[v >> 6] |= std::uint64_t{1} << (v & 63);
    }
  }
  c2_.resize((n + 1) * std::size_t{values_}, 0);
  c3_.resize((n + 1) * std::size_t{values_}, 0);
  Stored* pairs = c2(n);
  for (Heap a = 1; a < n; ++a) ++pairs[g[a] ^ g[n - a]];
  if (n >= 3) {
    add_moved(g, n, n - 2, [this](Heap m) { return c2(m); }, c3(n));
    additions += (n + 6) * std::uint64_t{values_};
  }
  Count* parity = parity_.data() + (n % 2) * std::size_t{values_};
  for (unsigned v = 0; v < values_; ++v) parity[v] += pairs[v];
  ++heaps_;
  return additions + n;
}

}  // namespace grundy::split_counts
