#include "grundy/rules/nim.h"

#include <algorithm>

#include "grundy/rules/take_and_break.h"

namespace grundy {

std::optional<TakeAndBreak> Nim::as_code() const { return TakeAndBreak::parse("0.[3]"); }

void Nim::for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const {
  for (Heap left = n; left-- > 0;)
    if (!visit(HeapOption::leaving(left))) return;
}

bool Nim::for_each_heap_option_with_value(Heap n, Nimber target,
                                          const HeapOptionVisitor& visit) const {
  if (target < n) visit(HeapOption::leaving(target));
  return true;
}

std::uint64_t Nim::compute_cost(Heap last) const {
  return detail::saturating_mul(last, last / 2 + 1);
}

namespace {
struct MisereCounts {
  std::size_t large = 0;  // heaps with at least two tokens
  std::size_t ones = 0;   // heaps with exactly one token
  Nimber sum = 0;
};

MisereCounts count(const Position& heaps) {
  MisereCounts c;
  for (Heap h : heaps) {
    c.sum ^= h;
    if (h >= 2) ++c.large;
    if (h == 1) ++c.ones;
  }
  return c;
}

bool misere_p(const MisereCounts& c) {
  if (c.large == 0) return c.ones % 2 == 1;
  return c.sum == 0;
}
}  // namespace

bool misere_nim_is_p_position(const Position& heaps) { return misere_p(count(heaps)); }

MoveList misere_nim_winning_moves(const Position& heaps, std::size_t max_moves) {
  const MisereCounts all = count(heaps);
  MoveList result;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const Heap h = heaps[i];
    if (h == 0) continue;
    // A move leaves heap i with t < h tokens. The result can be P only if t is
    // 0 or 1 (the parity case) or t makes the nim-sum vanish.
    const Nimber others = all.sum ^ h;
    Heap candidates[3] = {0, 1, others};
    std::sort(std::begin(candidates), std::end(candidates));
    for (int j = 0; j < 3; ++j) {
      const Heap t = candidates[j];
      if (t >= h || (j > 0 && t == candidates[j - 1])) continue;
      MisereCounts after = all;
      after.sum = others ^ t;
      after.large -= (h >= 2 ? 1 : 0);
      after.ones -= (h == 1 ? 1 : 0);
      after.large += (t >= 2 ? 1 : 0);
      after.ones += (t == 1 ? 1 : 0);
      if (!misere_p(after)) continue;
      HeapOption left;  // no part: the heap is taken whole
      if (t > 0) left = HeapOption{{t, 0, 0}, 1};
      if (!result.add(HeapRuleset::heap_move(i, h, left), max_moves)) return result;
    }
  }
  return result;
}

std::optional<Ruleset::MisereClosedForm> Nim::misere_closed_form(const Position& heaps,
                                                                 std::size_t max_moves) const {
  MisereClosedForm form;
  form.name = "misère Nim";
  form.p_position = misere_nim_is_p_position(heaps);
  if (!form.p_position) form.winning_moves = misere_nim_winning_moves(heaps, max_moves);
  return form;
}

}  // namespace grundy
