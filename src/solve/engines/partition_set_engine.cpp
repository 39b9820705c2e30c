// The partition-set engine: heap values of take-and-break codes with digits
// wider than four heaps (CGSuite's &n;, {..} and '*', rules/code_digit.h),
// by sets of split values instead of one partition at a time.
//
// Description: the values of the splits of m tokens into exactly r heaps
//   form a set A_r(m) = {G(p1) ^ ... ^ G(pr) : p1 + ... + pr = m, pi >= 1},
//   kept as a bit set over the values below V (a power of two above every
//   value so far). A split into r heaps has a smallest part a <= m/r, and
//   the other r - 1 parts split m - a; conversely a part a and any split of
//   m - a into r - 1 heaps are a split of m (whatever a's place among the
//   parts, the xor is the same). So, as S3 from S2 in the split-set engine,
//     A_1(m) = {G(m)},  A_r(m) = union over 1 <= a <= m/r of G(a) ^ A_{r-1}(m-a),
//   one union of V/64 words per a, by the kernel of the three-heap sets
//   (kernels::or_three_heap_set: the xor moves words and permutes bits, and
//   the permutation is done once per low six bits of G(a)); with two
//   threads a helper makes the upper half of the range of a of a large
//   union (solve/engines/set_helper.h). "r heaps or more" ('+', '*') is the same
//   with T_{>=s} in place of A_r:
//     T_{>=1}(m) = {G(m)} u T_{>=2}(m),
//     T_{>=s}(m) = union over 1 <= a <= m/s of G(a) ^ T_{>=s-1}(m-a).
//   The modifiers: '=' gives the one value G(m/r) (r odd) or 0 (r even)
//   when r divides m. '?' takes out that value of the all-equal split unless
//   another split gives it: a split that is not all equal has a smallest
//   part x < m/r, so it exists exactly when G(m/r) ^ G(x) (or G(x), r even)
//   is in A_{r-1}(m-x) for some x < m/r. '?' on "or more" has sets of its
//   own, N_{>=s}(m), the splits into s heaps or more that are not all equal:
//   with smallest part b <= m/s, the rest is either not all equal itself or
//   k >= s-1 equal heaps of some c > b (b = m - ck), so
//     N_{>=1} = N_{>=2},  N_{>=s}(m) = union over 1 <= b <= m/s of
//       G(b) ^ N_{>=s-1}(m-b), and G(m-ck) ^ G(c) (k odd) or G(m-ck)
//       (k even) for every k >= s-1 and m/(k+1) < c <= (m-1)/k,
//   and each of those is conversely a split not all equal. '!' on two heaps
//   is '?'; on three or more, and '!' on "or more", the splits are sets of
//   distinct parts, which a union over the smallest part cannot keep apart
//   from splits with equal heaps: a 0/1 knapsack over the parts makes them
//   instead (distinct_part_sets.h), its sets kept up to the run's last heap
//   (and made again when a later call asks for more).
//   An infinite code's block is taken digit by digit, O(n) digits a heap.
// Source: the mex rule and the codes, docs/theory.md §1, §3; CGSuite's
//   digits; the union over first parts as in the split-set engine
//   (split_set_engine.cpp, S3 from S2).
// Time: per value n, n/r unions of V/64 words for A_r and n/s for T_{>=s}
//   and N_{>=s} (r, s up to the largest counts the code needs), with about
//   n look-ups more for each N_{>=s}; one union per digit and count to
//   gather the options (n of them for an infinite code), n/r look-ups per
//   '?' on a count; for '!', per heap a once its value is known, (M - a)
//   unions of V/64 words per family of the knapsack (M the last heap).
// Memory: V/8 bytes per heap size and family kept (those of the knapsack
//   up to the run's last heap), plus the values.
// Status: compared with the naive engine (every split listed) on random
//   codes with wide digits, on one thread and two
//   (tests/stress/wide_digit_test.cpp).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "grundy/rules/take_and_break.h"
#include "grundy/solve/sequence_engine.h"
#include "solve/engines/distinct_part_sets.h"
#include "solve/engines/sequence_kernels.h"
#include "solve/engines/sequence_vector.h"
#include "solve/engines/set_engine_loop.h"
#include "solve/engines/set_helper.h"

namespace grundy {

namespace {

using SetWord = std::uint64_t;
constexpr Nimber kPartitionValueLimit = Nimber{1} << 16;

// How a digit's splits into some number of heaps are valued.
enum class Term : std::uint8_t {
  exactly,        // A_r
  not_all_equal,  // A_r less the all-equal split's value unless another gives it
  all_equal,      // the one all-equal split, when r divides the heap
  distinct,       // r pairwise unequal heaps (DistinctPartSets)
  or_more,        // T_{>=r}
  or_more_equal,  // every all-equal split into r heaps or more
  or_more_unequal,  // N_{>=r}: r heaps or more, not all equal ('?')
  or_more_distinct  // r pairwise unequal heaps or more (DistinctPartSets)
};

struct CountTerm {
  Term term;
  Heap r;
  SplitModifier modifier;
};

// The terms of one digit: zero and one heap apart, then each count r >= 2
// below the "or more" run, then the run.
struct DigitPlan {
  bool take_all = false, leave_one = false;
  std::vector<CountTerm> terms;
};

DigitPlan plan_of(const CodeDigit& d) {
  DigitPlan plan;
  plan.take_all = d.allows(0);
  plan.leave_one = d.allows(1);
  // The run: the least count from which every count is allowed with count
  // 63's modifier (2 at least: counts 0 and 1 are above).
  Heap run = 64;
  if (d.or_more) {
    const SplitModifier last = d.modifier(63);
    while (run > 2 && d.allows(run - 1) && d.modifier(run - 1) == last) --run;
  }
  for (Heap r = 2; r < run; ++r) {
    if (!d.allows(r)) continue;
    const SplitModifier m = d.modifier(r);
    Term t = Term::exactly;
    if (m == SplitModifier::all_equal) t = Term::all_equal;
    else if (m == SplitModifier::not_all_equal || (m == SplitModifier::distinct && r == 2))
      t = Term::not_all_equal;
    else if (m == SplitModifier::distinct) t = Term::distinct;
    plan.terms.push_back({t, r, m});
  }
  if (d.or_more) {
    const SplitModifier m = d.modifier(63);
    const Term t = m == SplitModifier::none            ? Term::or_more
                   : m == SplitModifier::all_equal     ? Term::or_more_equal
                   : m == SplitModifier::not_all_equal ? Term::or_more_unequal
                                                       : Term::or_more_distinct;
    plan.terms.push_back({t, run, m});
  }
  return plan;
}

// The sets a code needs: A_1..A_R, T_{>=1}..T_{>=S} and N_{>=2}..N_{>=U}
// (R, S or U 0: none); for '!', D_1..D_distinct and E_r for each r in
// or_more_distinct (distinct_part_sets.h; D_1..D_{r-1} with them).
struct Families {
  Heap exactly = 0, or_more = 0, unequal = 0, distinct = 0;
  std::vector<Heap> or_more_distinct;
  // The knapsack's families (kept up to the last heap, not per heap so far).
  std::uint64_t distinct_count() const {
    Heap most = distinct;
    for (Heap r : or_more_distinct) most = std::max(most, r - 1);
    return most + or_more_distinct.size();
  }
  std::uint64_t count() const { return exactly + or_more + (unequal ? unequal - 1 : 0); }
};

Families families_of(const std::vector<DigitPlan>& plans) {
  Families f;
  for (const DigitPlan& plan : plans)
    for (const CountTerm& t : plan.terms) {
      if (t.term == Term::exactly || t.term == Term::not_all_equal)
        f.exactly = std::max(f.exactly, t.r);
      if (t.term == Term::or_more) f.or_more = std::max(f.or_more, t.r);
      if (t.term == Term::or_more_unequal) f.unequal = std::max(f.unequal, t.r);
      if (t.term == Term::distinct) f.distinct = std::max(f.distinct, t.r);
      if (t.term == Term::or_more_distinct &&
          std::find(f.or_more_distinct.begin(), f.or_more_distinct.end(), t.r) ==
              f.or_more_distinct.end())
        f.or_more_distinct.push_back(t.r);
    }
  return f;
}

class PartitionSetEngine final : public detail::SetEngineLoop<PartitionSetEngine> {
 public:
  PartitionSetEngine(const TakeAndBreak& code, unsigned threads) : SetEngineLoop(code, 64) {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
    threads = 1;  // the WebAssembly build (web/) has no threads
#endif
    sharing_.set_threads(threads ? threads : std::max(1u, std::thread::hardware_concurrency()));
    for (Heap k = 0; k <= code_.last_digit() + code_.repeat_length(); ++k)
      plans_.push_back(plan_of(code_.code_digit(k)));
    families_ = families_of(plans_);
    if (families_.distinct_count() > 0)
      distinct_ = std::make_unique<distinct_parts::DistinctPartSets>(families_.distinct,
                                                                     families_.or_more_distinct);
    exactly_.resize(families_.exactly + 1);
    or_more_.resize(families_.or_more + 1);
    unequal_.resize(families_.unequal + 1);
  }

 private:
  friend class detail::SetEngineLoop<PartitionSetEngine>;
  // The loop's steps (set_engine_loop.h).
  void rebuild(const Value16* g, Heap known);
  void widen(Nimber bound, Heap sizes);
  std::uint64_t options_of(const Value16* g, Heap n, SetWord* options) {
    std::uint64_t work = 0;
    if (distinct_ && n > distinct_->last())  // past the knapsack's sets: twice as many
      work += restart_distinct(g, n - 1, 2 * distinct_->last());
    return work + add_splits(g, n) + collect_options(g, n, options);
  }
  void settle(const Value16* g, Heap n) {
    add_own(g, n);
    if (distinct_ && n >= 1) distinct_->add_part(g, n);
    sizes_ = n + 1;
  }
  // The knapsack for '!' again with the parts 1..parts, its sets kept up to
  // the run's last heap and `at_least` at least. Returns the words or-ed.
  std::uint64_t restart_distinct(const Value16* g, Heap parts, Heap at_least);
  // The sets of heap size n that need only G(0..n-1) (A_r, T_{>=s} and
  // N_{>=s}, r, s >= 2), and then, with G(n), A_1(n) and T_{>=1}(n).
  std::uint64_t add_splits(const Value16* g, Heap n);
  void add_own(const Value16* g, Heap n);
  // Ors the values of the options of heap n into `options`; returns the work.
  std::uint64_t collect_options(const Value16* g, Heap n, SetWord* options);
  const DigitPlan& plan(Heap k) const {
    if (k < plans_.size()) return plans_[k];
    return plans_[code_.last_digit() + 1 + (k - code_.last_digit() - 1) % code_.repeat_length()];
  }
  SetWord* set(std::vector<SetWord>& family, Heap m) { return family.data() + m * words_; }

  std::vector<DigitPlan> plans_;  // d0..dt, then the block's digits
  Families families_;
  // exactly_[r] holds A_r(m) for every m < sizes_ (r = 1..R); or_more_[s]
  // holds T_{>=s}(m) (s = 1..S); unequal_[s] holds N_{>=s}(m) (s = 2..U).
  // Index 0 unused, and 1 of unequal_ (N_{>=1} is N_{>=2}).
  std::vector<std::vector<SetWord>> exactly_, or_more_, unequal_;
  std::vector<SetWord> by_low_;
  detail::SharedUnion sharing_;  // the upper half of large unions on a second thread
  std::unique_ptr<distinct_parts::DistinctPartSets> distinct_;  // '!': D_r, E_r
};

std::uint64_t PartitionSetEngine::restart_distinct(const Value16* g, Heap parts,
                                                   Heap at_least) {
  const Heap last = std::max({run_last_, at_least, Heap{64}});
  // Its sets count against the machine's memory like the others.
  set_bound(bound_, last, families_.count() + families_.distinct_count(), "partition");
  return distinct_->restart(g, words_, last, parts);
}

void PartitionSetEngine::widen(Nimber bound, Heap sizes) {
  // The knapsack's sets, kept up to its last heap, are counted as if the
  // others were too (a bound).
  const unsigned old_words =
      distinct_ ? set_bound(bound, std::max(sizes, distinct_->last()),
                            families_.count() + families_.distinct_count(), "partition")
                : set_bound(bound, sizes, families_.count(), "partition");
  const auto relayout = [&](std::vector<SetWord>& sets) {
    SetEngineLoop::relayout(sets, sets.size() / old_words, old_words);
  };
  for (auto& family : exactly_) relayout(family);
  for (auto& family : or_more_) relayout(family);
  for (auto& family : unequal_) relayout(family);
  if (distinct_) distinct_->widen(words_);
  by_low_.assign(64 * std::size_t{words_}, 0);
}

std::uint64_t PartitionSetEngine::add_splits(const Value16* g, Heap n) {
  std::uint64_t work = 0;
  for (Heap r = 1; r <= families_.exactly; ++r) exactly_[r].resize((n + 1) * words_, 0);
  for (Heap s = 1; s <= families_.or_more; ++s) or_more_[s].resize((n + 1) * words_, 0);
  for (Heap r = 2; r <= families_.exactly; ++r)
    if (n >= r) {
      sharing_.or_union(g, n, n / r, exactly_[r - 1].data(), words_, false, by_low_.data(),
                        set(exactly_[r], n));
      work += (n / r + 64) * std::uint64_t{words_};
    }
  // T_{>=s}(n) from s = S down, each from the T_{>=s-1} of smaller heaps.
  for (Heap s = families_.or_more; s >= 2; --s)
    if (n >= s) {
      sharing_.or_union(g, n, n / s, or_more_[s - 1].data(), words_, false, by_low_.data(),
                        set(or_more_[s], n));
      work += (n / s + 64) * std::uint64_t{words_};
    }
  // N_{>=s}(n): a split into s heaps or more, not all equal, with smallest
  // part b <= n/s; the rest is either not all equal (N_{>=s-1}(n - b), where
  // N_{>=1} is N_{>=2}: one heap is all equal) or k >= s-1 equal heaps of
  // some c > b. Each such b and rest is conversely a split not all equal.
  for (Heap s = 2; s <= families_.unequal; ++s) unequal_[s].resize((n + 1) * words_, 0);
  for (Heap s = families_.unequal; s >= 2; --s) {
    if (n < s + 1) continue;  // s heaps not all equal hold s + 1 tokens at least
    SetWord* out = set(unequal_[s], n);
    sharing_.or_union(g, n, n / s, unequal_[std::max<Heap>(s - 1, 2)].data(), words_, false,
                      by_low_.data(), out);
    work += (n / s + 64) * std::uint64_t{words_};
    // b and k equal heaps of c > b: b = n - ck >= 1 and c > b, that is
    // k = n div c and b = n mod c for each c that does not divide n. The c
    // up to sqrt(n) one by one; the larger c, whose k are below sqrt(n), a
    // run per k (n/(k+1) < c <= (n-1)/k, b falling by k): O(sqrt(n))
    // divisions in all, not one per c.
    const auto mark = [&](Heap b, Heap c, Heap k) {
      const unsigned v = g[b] ^ (k % 2 ? unsigned{g[c]} : 0u);
      out[v >> 6] |= SetWord{1} << (v & 63);
    };
    Heap c = 1;
    for (; c * c <= n; ++c)
      if (n % c != 0 && n / c >= s - 1) mark(n % c, c, n / c);
    for (Heap k = std::max<Heap>(s - 1, 1); k <= n / c; ++k) {
      const Heap last = (n - 1) / k;
      for (Heap d = std::max(n / (k + 1) + 1, c); d <= last; ++d) mark(n - d * k, d, k);
    }
    work += 2 * c + n / s;
  }
  return work;
}

void PartitionSetEngine::add_own(const Value16* g, Heap n) {
  if (n == 0) return;
  const unsigned v = g[n];
  if (families_.exactly >= 1) set(exactly_[1], n)[v >> 6] |= SetWord{1} << (v & 63);
  if (families_.or_more >= 1) {
    SetWord* t1 = set(or_more_[1], n);
    if (families_.or_more >= 2) std::copy_n(set(or_more_[2], n), words_, t1);
    t1[v >> 6] |= SetWord{1} << (v & 63);
  }
}

std::uint64_t PartitionSetEngine::collect_options(const Value16* g, Heap n, SetWord* options) {
  std::uint64_t work = 0;
  const auto mark = [&](unsigned v) { options[v >> 6] |= SetWord{1} << (v & 63); };
  const auto or_in = [&](const SetWord* s) {
    for (unsigned w = 0; w < words_; ++w) options[w] |= s[w];
    work += words_;
  };
  // Value of r equal heaps of q: G(q) for odd r, 0 for even r.
  const auto equal_value = [&](Heap r, Heap q) { return r % 2 ? unsigned{g[q]} : 0u; };
  const Heap last_k = code_.is_finite() ? std::min<Heap>(n, code_.last_digit()) : n;
  for (Heap k = 0; k <= last_k; ++k) {
    const DigitPlan& p = plan(k);
    const Heap rest = n - k;
    if (p.take_all && k > 0 && rest == 0) mark(0);
    if (p.leave_one && k > 0 && rest >= 1) mark(g[rest]);
    for (const CountTerm& t : p.terms) {
      if (t.r > rest) continue;
      switch (t.term) {
        case Term::exactly: or_in(set(exactly_[t.r], rest)); break;
        case Term::all_equal:
          if (rest % t.r == 0) mark(equal_value(t.r, rest / t.r));
          break;
        case Term::not_all_equal: {
          const SetWord* all = set(exactly_[t.r], rest);
          if (rest % t.r != 0) {
            or_in(all);
            break;
          }
          // Another split than q, q, ..., q with the same value: its smallest
          // part x is below q, and the rest is a split of rest - x into
          // r - 1 heaps (any such (x, rest) is not all equal).
          const Heap q = rest / t.r;
          const unsigned value = equal_value(t.r, q);
          bool other = false;
          for (Heap x = 1; x < q && !other; ++x) {
            const unsigned w = value ^ g[x];
            other = (set(exactly_[t.r - 1], rest - x)[w >> 6] >> (w & 63)) & 1;
            ++work;
          }
          const SetWord keep = other ? ~SetWord{0} : ~(SetWord{1} << (value & 63));
          for (unsigned w = 0; w < words_; ++w)
            options[w] |= all[w] & (w == (value >> 6) ? keep : ~SetWord{0});
          work += words_;
          break;
        }
        case Term::distinct: or_in(distinct_->exactly(t.r, rest)); break;
        case Term::or_more: or_in(set(or_more_[t.r], rest)); break;
        case Term::or_more_unequal: or_in(set(unequal_[t.r], rest)); break;
        case Term::or_more_equal:
          // The divisors r >= t.r of rest, in pairs (d, rest/d).
          for (Heap d = 1; d * d <= rest; ++d) {
            if (rest % d != 0) continue;
            if (d >= t.r) mark(equal_value(d, rest / d));
            if (rest / d >= t.r && rest / d != d) mark(equal_value(rest / d, d));
            ++work;
          }
          break;
        case Term::or_more_distinct: or_in(distinct_->or_more(t.r, rest)); break;
      }
    }
  }
  return work;
}

void PartitionSetEngine::rebuild(const Value16* g, Heap known) {
  Nimber bound = 64;
  for (Heap n = 0; n < known; ++n) bound = std::max<Nimber>(bound, std::bit_ceil(Nimber{g[n]} + 1));
  for (auto& family : exactly_) family.clear();
  for (auto& family : or_more_) family.clear();
  for (auto& family : unequal_) family.clear();
  words_ = 1;
  widen(bound, known);
  for (Heap n = 0; n < known; ++n) {
    add_splits(g, n);
    add_own(g, n);
  }
  if (distinct_) restart_distinct(g, known - 1, known);
  sizes_ = known;
}

}  // namespace

std::unique_ptr<SequenceEngine> make_partition_set_engine(const TakeAndBreak& code,
                                                          unsigned threads) {
  return std::make_unique<PartitionSetEngine>(code, threads);
}

std::uint64_t partition_set_work(const TakeAndBreak& code, Heap last) {
  std::vector<DigitPlan> plans;
  for (Heap k = 0; k <= code.last_digit() + code.repeat_length(); ++k)
    plans.push_back(plan_of(code.code_digit(k)));
  const Families f = families_of(plans);
  // Per heap n with W = V/64 words a set (V the power of two above n, at
  // most 65536, as if the values grew like n): n/2 + 64 word unions per
  // family at most (the kernel's unions, a <= n/r with r >= 2, and its 64
  // permutations); per digit visited (all
  // of them for a finite code, up to n for an infinite one), W words per
  // term gathered, n look-ups per '?' and sqrt(n) divisions per '=' on "or
  // more".
  std::uint64_t terms = 0, lookups = 0, divisions = 0;
  for (const DigitPlan& p : plans) {
    terms += p.terms.size() + 1;
    for (const CountTerm& t : p.terms) {
      lookups += t.term == Term::not_all_equal;
      divisions += t.term == Term::or_more_equal;
    }
  }
  const std::uint64_t families = f.count();
  // '!': per part a, (last - a) sets of W words per family of the knapsack,
  // each word moved and its bits permuted (about 4 operations).
  const std::uint64_t knapsack = 4 * f.distinct_count();
  // N_{>=s}'s splits with an all-equal rest: one look-up per c <= n/(s-1)
  // (at most n a heap, each level), and O(sqrt(n)) divisions.
  const std::uint64_t unequal_levels = f.unequal ? f.unequal - 1 : 0;
  using detail::saturating_add, detail::saturating_mul;
  std::uint64_t work = 0;
  for (Heap lo = 0; lo <= last;) {
    const Heap bound =
        std::min<Heap>(kPartitionValueLimit, std::max<Heap>(64, std::bit_ceil(lo + 1)));
    const Heap hi = bound >= kPartitionValueLimit ? last : std::min<Heap>(last, bound - 1);
    const std::uint64_t words = bound / 64, count = hi - lo + 1;
    const std::uint64_t sum = (lo + hi) % 2 == 0 ? saturating_mul((lo + hi) / 2, count)
                                                 : saturating_mul(lo + hi, count / 2);
    // Digits visited over the range: one each per heap, or n of them.
    const std::uint64_t visits = code.is_finite() ? count : sum;
    // Sums over the range of n and sqrt(n) per visit (bounds: hi, 2^(w/2+1));
    // a 64-bit division counts as four operations (measured: {2+}=.0).
    const std::uint64_t n_per_visit = code.is_finite() ? sum : saturating_mul(sum, hi);
    const std::uint64_t root = std::uint64_t{8} << (std::bit_width(hi) / 2);
    work = saturating_add(work, saturating_mul(saturating_mul(families, words),
                                               saturating_add(sum / 2, 64 * count)));
    work = saturating_add(work, saturating_mul(saturating_mul(terms, visits), words));
    work = saturating_add(work, saturating_mul(lookups, n_per_visit));
    work = saturating_add(work, saturating_mul(saturating_mul(divisions, visits), root));
    work = saturating_add(work, saturating_mul(unequal_levels, sum));
    // sum over the range of (last - a): count last - sum
    work = saturating_add(
        work, saturating_mul(saturating_mul(knapsack, words), saturating_mul(count, last) - sum));
    if (hi == last) break;
    lo = hi + 1;
  }
  return work;
}

std::uint64_t partition_set_bytes(const TakeAndBreak& code, Heap last) {
  std::vector<DigitPlan> plans;
  for (Heap k = 0; k <= code.last_digit() + code.repeat_length(); ++k)
    plans.push_back(plan_of(code.code_digit(k)));
  const Families f = families_of(plans);
  const Heap bound =
      std::min<Heap>(kPartitionValueLimit, std::max<Heap>(64, std::bit_ceil(last + 1)));
  return detail::saturating_add(
      detail::saturating_mul(
          detail::saturating_mul(f.count() + f.distinct_count(), last + 1), bound / 8),
      detail::saturating_mul(last + 1, sizeof(Value16)));
}

}  // namespace grundy
