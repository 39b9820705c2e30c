// Moore's Nim_k; see the header for Description / Source / Time / Memory /
// Status.
//
// Everything starts from the 64 column counts, kept bit-sliced (plane p holds
// bit p of every column's count) and filled by carry-save adders, a few word
// operations per heap instead of one increment per set bit.
//
// Why the search behind winning_moves has no dead ends. Take a node at bit j
// with m loose heaps (m <= k) and t tight heaps that have bit j set, and let
// r = t mod (k+1). Loosening d of those t heaps (clearing bit j) and setting
// bit j in b of the m loose heaps leaves t - d + b ones in the column, so
// b - d must be congruent to -r. Since b - d ranges over [-(k-m), m], which is
// k+1 consecutive integers, exactly one value v of b - d fits: v = -r when
// r <= k-m, otherwise v = k+1-r <= m. The choice (d, b) = (r, 0) or
// (0, k+1-r) always exists, so every node has a child and every path reaches
// the last bit. A leaf is a legal move that ends in a P-position: tight heaps
// are unchanged, and a loose heap is smaller than before because its highest
// changed bit went from 1 to 0. On the path where no heap is loose yet, the
// only choice is d = r, so from an N-position a heap becomes loose at the top
// bit whose column count is not a multiple of k+1, and no leaf is the
// unchanged position. Conversely every winning move is a leaf (a reduced heap
// becomes loose at its highest changed bit), and two leaves differ in the
// first bit where their choices differ, so each winning move appears exactly
// once. The work is bounded by the output: a node looks at its tight
// candidates only as far as its subsets of them reach (they are found lazily,
// in index order), and a node that looks at all t of them has at least t
// children unless t <= k.
#include "grundy/rules/moore_closed_form.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <numeric>

#include "grundy/core/error.h"
#include "grundy/core/saturating.h"

namespace grundy::moore {
namespace {

constexpr int kBits = 64;
using ColumnCounts = std::array<std::uint64_t, kBits>;
__extension__ typedef unsigned __int128 Uint128;

void check_k(unsigned k) {
  if (k == 0) {
    throw InputError("0", "Moore's Nim_k needs k >= 1 (k is the most heaps one move may reduce)");
  }
}

// Carry-save adder on 64 columns at once: per column, a + b + c equals
// 2 * high + low.
inline void carry_save_add(std::uint64_t& high, std::uint64_t& low, std::uint64_t a,
                           std::uint64_t b, std::uint64_t c) {
  const std::uint64_t u = a ^ b;
  high = (a & b) | (u & c);
  low = u ^ c;
}

// Adds one to the columns set in `word` of a bit-sliced counter (plane p
// holds bit p of every column's count). A ripple carry that stops once no
// column carries; no count exceeds the number of heaps, so plane 63 never
// carries out.
inline void add_to_counter(std::array<std::uint64_t, kBits>& planes, std::uint64_t word) {
  for (std::size_t p = 0; word != 0; ++p) {
    const std::uint64_t carry = planes[p] & word;
    planes[p] ^= word;
    word = carry;
  }
}

// Adds `weight` to the count of every column set in `word`.
void add_weighted(ColumnCounts& counts, std::uint64_t word, std::uint64_t weight) {
  for (; word != 0; word &= word - 1) counts[std::countr_zero(word)] += weight;
}

// How many heaps have each bit set. Harley-Seal: carry-save adders fold
// each block of 16 heaps into bit-sliced ones/twos/fours/eights, and only
// the sixteens reach the full counter (W. Mula, N. Kurz, D. Lemire, "Faster
// population counts using AVX2 instructions", Computer Journal 61 (2018);
// M. Klarqvist, W. Mula, D. Lemire, "Efficient computation of positional
// population counts using SIMD instructions", Concurrency Computat. Pract.
// Exper. 33 (2021), for the per-column version).
ColumnCounts column_counts(const Position& heaps) {
  std::array<std::uint64_t, kBits> sixteens{};
  std::array<std::uint64_t, kBits> rest{};  // the last heaps.size() % 16 heaps
  std::uint64_t ones = 0, twos = 0, fours = 0, eights = 0;
  const Heap* h = heaps.data();
  const std::size_t blocks = heaps.size() / 16;
  for (std::size_t block = 0; block < blocks; ++block, h += 16) {
    std::uint64_t twos_a, twos_b, fours_a, fours_b, eights_a, eights_b, sixteen;
    carry_save_add(twos_a, ones, ones, h[0], h[1]);
    carry_save_add(twos_b, ones, ones, h[2], h[3]);
    carry_save_add(fours_a, twos, twos, twos_a, twos_b);
    carry_save_add(twos_a, ones, ones, h[4], h[5]);
    carry_save_add(twos_b, ones, ones, h[6], h[7]);
    carry_save_add(fours_b, twos, twos, twos_a, twos_b);
    carry_save_add(eights_a, fours, fours, fours_a, fours_b);
    carry_save_add(twos_a, ones, ones, h[8], h[9]);
    carry_save_add(twos_b, ones, ones, h[10], h[11]);
    carry_save_add(fours_a, twos, twos, twos_a, twos_b);
    carry_save_add(twos_a, ones, ones, h[12], h[13]);
    carry_save_add(twos_b, ones, ones, h[14], h[15]);
    carry_save_add(fours_b, twos, twos, twos_a, twos_b);
    carry_save_add(eights_b, fours, fours, fours_a, fours_b);
    carry_save_add(sixteen, eights, eights, eights_a, eights_b);
    add_to_counter(sixteens, sixteen);
  }
  for (std::size_t i = blocks * 16; i < heaps.size(); ++i) add_to_counter(rest, heaps[i]);
  ColumnCounts counts{};
  add_weighted(counts, ones, 1);
  add_weighted(counts, twos, 2);
  add_weighted(counts, fours, 4);
  add_weighted(counts, eights, 8);
  for (int p = 0; p < kBits; ++p) {
    add_weighted(counts, rest[p], std::uint64_t{1} << p);
    if (p + 4 < kBits) add_weighted(counts, sixteens[p], std::uint64_t{16} << p);
  }
  return counts;
}

bool all_multiples(const ColumnCounts& counts, std::uint64_t modulus) {
  return std::all_of(counts.begin(), counts.end(),
                     [modulus](std::uint64_t c) { return c % modulus == 0; });
}

// Bits 0..bit set.
constexpr Heap bits_up_to(int bit) {
  return bit >= kBits - 1 ? ~Heap{0} : (Heap{1} << (bit + 1)) - 1;
}

// Adds `delta` (+1 or -1 modulo 2^64) to the counts of the bits of `heap`
// below `bit`: the only bits of a loose heap's original value that later
// columns look at.
void add_bits_below(ColumnCounts& counts, Heap heap, int bit, std::uint64_t delta) {
  for (Heap w = heap & ((Heap{1} << bit) - 1); w != 0; w &= w - 1)
    counts[std::countr_zero(w)] += delta;
}

// min(C(n, r), cap) for cap >= 1. C(n, i) rises with i up to n/2, so once a
// partial product reaches cap the answer does too.
std::uint64_t binomial(std::uint64_t n, std::uint64_t r, std::uint64_t cap) {
  if (r > n) return 0;
  r = std::min(r, n - r);
  Uint128 value = 1;
  for (std::uint64_t i = 0; i < r; ++i) {
    value = value * (n - i) / (i + 1);  // exact: it is C(n, i+1)
    if (value >= cap) return cap;
  }
  return static_cast<std::uint64_t>(value);
}

using detail::saturating_mul;

// The size-`size` subsets of {0, ..., universe-1}, in lexicographic order.
class Combination {
 public:
  Combination(std::size_t size, std::size_t universe) : indices_(size), universe_(universe) {
    GRUNDY_ASSERT(size <= universe);
    std::iota(indices_.begin(), indices_.end(), std::size_t{0});
  }
  const std::vector<std::size_t>& indices() const { return indices_; }
  // Moves to the next subset; false after the last one.
  bool next() {
    const std::size_t size = indices_.size();
    for (std::size_t i = size; i-- > 0;) {
      if (indices_[i] < universe_ - size + i) {
        ++indices_[i];
        for (std::size_t j = i + 1; j < size; ++j) indices_[j] = indices_[j - 1] + 1;
        return true;
      }
    }
    return false;
  }

 private:
  std::vector<std::size_t> indices_;
  std::size_t universe_;
};

// What winning_moves and count_winning_moves share: which heaps are loose
// while the bits are fixed from the top down, and which branches a bit allows
// (see the comment at the top of this file).
class LooseHeapSearch {
 public:
  LooseHeapSearch(const Position& heaps, unsigned k)
      : heaps_(heaps),
        k_(k),
        modulus_(std::uint64_t{k} + 1),
        counts_(column_counts(heaps)),
        is_loose_(heaps.size(), 0) {
    if (heaps.size() > std::numeric_limits<std::uint32_t>::max()) {
      throw LimitError("Moore's Nim_k: winning moves are searched for at most 2^32 - 1 heaps");
    }
  }

 protected:
  // At a bit with m loose heaps and `tight` tight heaps having the bit set:
  // loosen d of those for each d in [drops_min, drops_max], and then set the
  // bit in raises_min + (d - drops_min) of the m loose heaps.
  struct Branches {
    std::uint64_t tight;
    std::uint64_t drops_min;
    std::uint64_t drops_max;
    std::uint64_t raises_min;
  };

  // The tight heaps with one bit set, ascending, found only as far as they
  // are asked for. Valid while the loose heaps are those of its creation.
  class TightHeaps {
   public:
    TightHeaps(LooseHeapSearch& search, int bit) : search_(search), bit_(bit) {}
    std::uint32_t operator[](std::size_t i) {
      while (found_.size() <= i) {
        const std::uint32_t heap = search_.nth_with_bit(bit_, next_++);
        if (search_.is_loose_[heap] == 0) found_.push_back(heap);
      }
      return found_[i];
    }

   private:
    LooseHeapSearch& search_;
    int bit_;
    std::size_t next_ = 0;  // next index into the heaps with the bit set
    std::vector<std::uint32_t> found_;
  };

  bool start_is_p_position() const { return all_multiples(counts_, modulus_); }

  // The highest bit set in any heap, -1 if all are empty.
  int top_bit() const {
    for (int bit = kBits - 1; bit >= 0; --bit)
      if (counts_[bit] != 0) return bit;
    return -1;
  }

  // Number of tight heaps with `bit` set, reduced mod k+1.
  std::uint64_t tight_residue(int bit) const {
    const std::uint64_t tight = counts_[bit] - loose_counts_[bit];
    // k = 1 (Nim) and k = 3 give power-of-two moduli; spare them a division.
    return (modulus_ & (modulus_ - 1)) == 0 ? tight & (modulus_ - 1) : tight % modulus_;
  }

  Branches branches_at(int bit, std::uint64_t loose_count) const {
    Branches branches{};
    branches.tight = counts_[bit] - loose_counts_[bit];
    const std::uint64_t residue = tight_residue(bit);
    const std::uint64_t room = k_ - loose_count;
    if (residue <= room) {
      branches.drops_min = residue;
      branches.raises_min = 0;
    } else {
      branches.drops_min = 0;
      branches.raises_min = modulus_ - residue;
    }
    branches.drops_max = std::min(
        {branches.tight, room, branches.drops_min + (loose_count - branches.raises_min)});
    return branches;
  }

  void loosen(std::uint32_t heap, int bit) {
    is_loose_[heap] = 1;
    add_bits_below(loose_counts_, heaps_[heap], bit, 1);
  }
  void tighten(std::uint32_t heap, int bit) {
    is_loose_[heap] = 0;
    add_bits_below(loose_counts_, heaps_[heap], bit, ~std::uint64_t{0});
  }

  const Position& heaps_;
  std::uint64_t k_;
  std::uint64_t modulus_;
  ColumnCounts counts_;
  // Column counts of the original values of the loose heaps, at the bits
  // below the one where each became loose; counts_ minus these counts the
  // tight heaps.
  ColumnCounts loose_counts_{};
  std::vector<std::uint8_t> is_loose_;

 private:
  // The i-th heap (ascending) with `bit` set; the lists grow on demand and
  // are shared by all nodes at that bit.
  std::uint32_t nth_with_bit(int bit, std::size_t i) {
    std::vector<std::uint32_t>& list = with_bit_[bit];
    std::size_t& next = scanned_[bit];
    while (list.size() <= i) {
      GRUNDY_ASSERT(next < heaps_.size());
      if ((heaps_[next] >> bit) & 1) list.push_back(static_cast<std::uint32_t>(next));
      ++next;
    }
    return list[i];
  }

  std::array<std::vector<std::uint32_t>, kBits> with_bit_;
  std::array<std::size_t, kBits> scanned_{};  // heaps looked at for with_bit_
};

class MoveEnumerator : private LooseHeapSearch {
 public:
  MoveEnumerator(const Position& heaps, unsigned k, std::size_t max_moves)
      : LooseHeapSearch(heaps, k), max_moves_(max_moves), after_(heaps) {}

  OptionList run() {
    OptionList result;
    if (start_is_p_position()) return result;
    const int top = top_bit();
    loose_[top + 1].clear();
    result.complete = search(top);
    result.items = std::move(found_);
    return result;
  }

 private:
  // Visits the leaves below the node at `bit`; false once a leaf beyond
  // max_moves_ is reached.
  bool search(int bit) {
    const std::vector<std::uint32_t>& loose = loose_[bit + 1];
    if (bit < 0) {
      GRUNDY_ASSERT(!loose.empty());
      if (found_.size() == max_moves_) return false;
      found_.push_back(after_);
      return true;
    }
    const Branches branches = branches_at(bit, loose.size());
    TightHeaps tight(*this, bit);
    const Heap bit_mask = Heap{1} << bit;
    std::vector<std::uint32_t> dropped_heaps;
    for (std::uint64_t drops = branches.drops_min; drops <= branches.drops_max; ++drops) {
      const std::uint64_t raises = branches.raises_min + (drops - branches.drops_min);
      Combination dropped(drops, branches.tight);
      do {
        dropped_heaps.clear();
        for (std::size_t i : dropped.indices()) dropped_heaps.push_back(tight[i]);
        for (std::uint32_t heap : dropped_heaps) {
          loosen(heap, bit);
          after_[heap] = heaps_[heap] & ~bits_up_to(bit);
        }
        std::vector<std::uint32_t>& next_loose = loose_[bit];
        next_loose.clear();
        std::merge(loose.begin(), loose.end(), dropped_heaps.begin(), dropped_heaps.end(),
                   std::back_inserter(next_loose));
        bool go_on = true;
        Combination raised(raises, loose.size());
        do {
          for (std::size_t i : raised.indices()) after_[loose[i]] |= bit_mask;
          go_on = search(bit - 1);
          for (std::size_t i : raised.indices()) after_[loose[i]] &= ~bit_mask;
        } while (go_on && raised.next());
        for (std::uint32_t heap : dropped_heaps) {
          tighten(heap, bit);
          after_[heap] = heaps_[heap];
        }
        if (!go_on) return false;
      } while (dropped.next());
    }
    return true;
  }

  std::size_t max_moves_;
  // The position being built: tight heaps as given, loose heaps with the
  // bits fixed so far.
  Position after_;
  // loose_[j + 1]: the loose heaps, ascending, on entering bit j.
  std::array<std::vector<std::uint32_t>, kBits + 1> loose_;
  std::vector<Position> found_;
};

class MoveCounter : private LooseHeapSearch {
 public:
  using LooseHeapSearch::LooseHeapSearch;

  std::uint64_t run(std::uint64_t limit) {
    if (limit == 0 || start_is_p_position()) return 0;
    if (k_ <= heaps_.size()) {
      // C(k, b) for b = 0..k, saturated at 2^64 - 1, for count_all_loose.
      // C(k, b+1) = C(k, b) (k-b) / (b+1) is exact; past the first saturated
      // value the row only rises until its middle.
      binomials_of_k_.assign(k_ + 1, kSaturated);
      Uint128 value = 1;
      for (std::uint64_t b = 0; b <= k_ / 2 && value < kSaturated; ++b) {
        binomials_of_k_[b] = binomials_of_k_[k_ - b] = static_cast<std::uint64_t>(value);
        value = value * (k_ - b) / (b + 1);
      }
    }
    return count(top_bit(), 0, limit);
  }

 private:
  static constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();

  // min(number of leaves below the node at `bit`, cap), for cap >= 1. Which
  // loose heaps get the bit does not change the subtree, so those choices are
  // counted by a binomial coefficient instead of being visited.
  std::uint64_t count(int bit, std::uint64_t loose_count, std::uint64_t cap) {
    if (bit < 0) return 1;
    if (loose_count == k_) return count_all_loose(bit, cap);
    const Branches branches = branches_at(bit, loose_count);
    TightHeaps tight(*this, bit);
    std::vector<std::uint32_t> dropped_heaps;
    std::uint64_t total = 0;
    for (std::uint64_t drops = branches.drops_min; drops <= branches.drops_max; ++drops) {
      const std::uint64_t raises = branches.raises_min + (drops - branches.drops_min);
      const std::uint64_t raise_ways = binomial(loose_count, raises, cap);
      Combination dropped(drops, branches.tight);
      do {
        dropped_heaps.clear();
        for (std::size_t i : dropped.indices()) dropped_heaps.push_back(tight[i]);
        for (std::uint32_t heap : dropped_heaps) loosen(heap, bit);
        // The fewest leaves below the child that would reach cap.
        const auto wanted = static_cast<std::uint64_t>(
            (Uint128{cap - total} + raise_ways - 1) / raise_ways);
        const std::uint64_t below = count(bit - 1, loose_count + drops, wanted);
        for (std::uint32_t heap : dropped_heaps) tighten(heap, bit);
        total += saturating_mul(raise_ways, below, cap - total);
        if (total >= cap) return cap;
      } while (dropped.next());
    }
    return total;
  }

  // With k loose heaps no other heap may change, so each remaining bit has
  // one branch per choice of the (k+1-r) mod (k+1) loose heaps that get it.
  std::uint64_t count_all_loose(int bit, std::uint64_t cap) const {
    if (k_ == 1) return 1;  // Nim: C(1, 0) = C(1, 1) = 1 at every bit
    std::uint64_t product = 1;
    for (int j = bit; j >= 0; --j) {
      const std::uint64_t residue = tight_residue(j);
      product = saturating_mul(product, binomials_of_k_[residue == 0 ? 0 : modulus_ - residue],
                               cap);
    }
    return product;
  }

  std::vector<std::uint64_t> binomials_of_k_;
};

}  // namespace

bool is_p_position(const Position& heaps, unsigned k) {
  check_k(k);
  return all_multiples(column_counts(heaps), std::uint64_t{k} + 1);
}

std::vector<std::uint64_t> ones_per_column(const Position& heaps, int columns) {
  GRUNDY_ASSERT(columns >= 0 && columns <= kBits);
  const ColumnCounts counts = column_counts(heaps);
  return {counts.begin(), counts.begin() + columns};
}

std::optional<Position> one_winning_move(const Position& heaps, unsigned k) {
  check_k(k);
  const std::uint64_t modulus = std::uint64_t{k} + 1;
  const ColumnCounts counts = column_counts(heaps);
  // Column counts of the original values of the heaps in S, at the bits below
  // the one where each joined S: counts minus these is the count outside S.
  ColumnCounts reduced_counts{};
  std::vector<std::size_t> reduced;  // S, in the order the heaps joined it
  std::vector<std::uint8_t> in_reduced;
  Position after = heaps;
  for (int bit = kBits - 1; bit >= 0; --bit) {
    const std::uint64_t residue = (counts[bit] - reduced_counts[bit]) % modulus;
    // With residue 0 the bit stays clear in S: it was cleared on joining.
    if (residue == 0) continue;
    if (reduced.size() + residue >= modulus) {
      for (std::size_t i = 0; i < modulus - residue; ++i) after[reduced[i]] |= Heap{1} << bit;
      continue;
    }
    // Here |S| + residue <= k, and at least residue heaps outside S have the bit.
    if (in_reduced.empty()) in_reduced.assign(heaps.size(), 0);
    std::uint64_t needed = residue;
    for (std::size_t i = 0; needed > 0; ++i) {
      GRUNDY_ASSERT(i < heaps.size());
      if (in_reduced[i] != 0 || ((heaps[i] >> bit) & 1) == 0) continue;
      in_reduced[i] = 1;
      reduced.push_back(i);
      after[i] = heaps[i] & ~bits_up_to(bit);
      add_bits_below(reduced_counts, heaps[i], bit, 1);
      --needed;
    }
  }
  if (reduced.empty()) return std::nullopt;
  return after;
}

OptionList winning_moves(const Position& heaps, unsigned k, std::size_t max_moves) {
  check_k(k);
  return MoveEnumerator(heaps, k, max_moves).run();
}

std::uint64_t count_winning_moves(const Position& heaps, unsigned k, std::uint64_t limit) {
  check_k(k);
  return MoveCounter(heaps, k).run(limit);
}

}  // namespace grundy::moore
