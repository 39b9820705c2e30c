// The options of a given value of a huge heap, for a finite take-and-break
// code whose values are periodic from some point on (proven): exact lists
// and counts without visiting the ~n options one by one.
//
// Description: an option removes k tokens (k <= t, the code's length) and
//   leaves nothing, one heap r = n - k, or two heaps a + (r - a). Once
//   a >= n0 and r - a >= n0 (n0 the preperiod), G(a) xor G(r - a) depends only
//   on a mod p, so for r/2 >= n0 + p the splits a in [n0, r/2] of value v are
//   the residues c in [n0, n0 + p) with G(c) xor G(r - c) = v, each repeated
//   every p steps: (r/2 - c) / p + 1 of them. Splits with a < n0 are checked
//   one by one.
// Source: docs/theory.md §1 (winning moves of a sum), §3 (periodicity).
// Time: O(t (n0 + p)) per heap, plus O(1) per option listed.
// Status: compared with full enumeration over the values of a
//   periodic (or arithmetic-periodic, for cofinite subtraction codes)
//   sequence on heaps of a few thousand (tests/stress); the sampled moves of
//   three-heap codes checked as moves of the value asked for, one at least
//   for every value below G(n) (tests/stress/periodicity_test.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/ruleset.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/periodicity.h"

namespace grundy {

struct OptionsOfValue {
  std::vector<HeapOption> listed;  // the first ones, by k then by the smaller part
  std::uint64_t count = 0;         // how many there are in all (saturating)
  // True when the code's d0 splits heaps without removing tokens and those
  // options were not examined (listed and count cover the others only).
  bool splits_omitted = false;
  // True when only some options of the value were looked for (three parts
  // that all grow with n: too many to list or count); count is the number
  // listed.
  bool sampled = false;
};

// nullopt where the method does not apply: an infinite code, a code whose
// moves leave three heaps, or a heap too small for the periodic region.
// `value(m)` must give G(m) for every m <= n, with G(m + period) = G(m) for
// all m >= preperiod.
std::optional<OptionsOfValue> periodic_options_with_value(
    const TakeAndBreak& code, const std::function<Nimber(Heap)>& value, Heap preperiod,
    Heap period, Heap n, Nimber target, std::size_t max_listed);

// The same method for any test of the options of heap n: `one(r)` for an
// option that leaves the one heap r, `two(a, b)` for one that leaves a + b
// (a <= b). The tests must follow the period: one(r) may be anything (it is
// called for the few r = n - k), but two(a, r - a), for a fixed r, must
// depend only on a mod period once a >= preperiod and r - a >= preperiod, as
// a test of G(a) xor G(r - a) does, or of the product of two misère-quotient
// elements Φ(a)·Φ(r - a) when the pretending function Φ is periodic
// (docs/misere-quotients.md). Same cases of nullopt.
std::optional<OptionsOfValue> periodic_options_where(
    const TakeAndBreak& code, Heap preperiod, Heap period, Heap n,
    const std::function<bool(Heap)>& one, const std::function<bool(Heap, Heap)>& two,
    std::size_t max_listed);

// Appends the options `found` lists to `list`, as moves of heap i (of size
// n) of a position, while it holds fewer than max_moves; marks the list
// incomplete when it is full or `found` counted more than it listed.
void append_moves(const OptionsOfValue& found, std::size_t i, Heap n, std::size_t max_moves,
                  MoveList& list);

// The same for a cofinite subtraction code (periodicity.h: 0.d1..dx, then 3
// for ever, every d_k in 0..3), or such a code with a d0 that splits (4.[3],
// 8.[3]: then only the options that remove tokens are found, and
// splits_omitted says so), whose values are arithmetic-periodic from
// `preperiod`: G(m + period) = G(m) + saltus, saltus > 0. Every option of a
// heap n > x is one heap m (none when m = 0): every m in 0..n-x-1, and the
// window heaps n - k (k <= x, bit 2 in d_k). The values grow by `saltus`
// each period, so the m of value `target` are few: in each residue class
// c in [n0, n0 + p) at most one, m = c + q*period with G(c) + q*saltus =
// target; below n0 they are checked one by one. nullopt where the method
// does not apply (another code, saltus 0, n <= x).
std::optional<OptionsOfValue> arithmetic_options_with_value(
    const TakeAndBreak& code, const std::function<Nimber(Heap)>& value, Heap preperiod,
    Heap period, std::int64_t saltus, Heap n, Nimber target, std::size_t max_listed);

// Some options of value `target` of a huge heap n of a code proven by the
// arithmetic-periodicity test (solve/periods/arithmetic_periodicity.h), found the
// way its proof finds them: one heap n - i; two heaps with a part of at most
// kSampledPart tokens, or two equal heaps for 0; three heaps x, y, y with
// G(x) = target (x at each position of that value, which the period gives:
// one per residue class); three heaps with two parts of at most kSampledPart
// tokens; four heaps x, y, y, w with G(w) = 0, or 1, 1, y, y for 0, or x
// with three parts of at most kSampledPart / 4 tokens. The proof shows that
// a value below G(n) is always left by such a move (its near values by
// parts up to n0 + 2 lcm(p, 2) + 64 tokens; those listed here go to
// kSampledPart), so a heap that has a winning move gets one here in
// practice; `sampled` says the list is not every move. nullopt where the
// method does not apply (another code, saltus 0, n within a few periods of
// the preperiod).
inline constexpr Heap kSampledPart = 64;
std::optional<OptionsOfValue> sampled_options_with_value(
    const TakeAndBreak& code, const std::function<Nimber(Heap)>& value, Heap preperiod,
    Heap period, std::int64_t saltus, Heap n, Nimber target, std::size_t max_listed);

// The options of value `target` of heap n past the values computed, from
// `period` by whichever method above applies: periodic_options_with_value
// for a pure period, arithmetic_options_with_value for a saltus of a
// cofinite subtraction code, else sampled_options_with_value. nullopt where
// none does (then the caller visits the options one by one).
std::optional<OptionsOfValue> options_with_value_from_period(
    const TakeAndBreak& code, const std::function<Nimber(Heap)>& value, const Periodicity& period,
    Heap n, Nimber target, std::size_t max_listed);

}  // namespace grundy
