#include "grundy/solve/check.h"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/genus.h"
#include "grundy/solve/retrograde.h"

namespace grundy {

namespace {

const char* outcome_name(Outcome o) {
  return o == Outcome::N ? "N" : o == Outcome::P ? "P" : "D";
}

// The largest m <= to whose naive table G(0..m) costs at most max_work.
Heap naive_reach(const HeapRuleset& ruleset, Heap to, std::uint64_t max_work) {
  if (ruleset.compute_cost(0) > max_work) return 0;
  Heap lo = 0, hi = to;
  while (lo < hi) {
    const Heap mid = lo + (hi - lo + 1) / 2;
    if (ruleset.compute_cost(mid) <= max_work) lo = mid; else hi = mid - 1;
  }
  return lo;
}

CheckReport failed(std::string what) { return {true, false, std::move(what)}; }

}  // namespace

CheckReport check_analysis(const Ruleset& ruleset, const Position& position, const Analysis& a,
                           Convention convention, std::uint64_t limit,
                           const SearchControl* control) {
  const std::string shown = ruleset.show(position);
  const auto& moves = a.winning_moves.items;
  try {
    if (ruleset.has_cycles()) {
      Retrograde twin(ruleset, convention, limit);
      twin.set_control(control);
      const Outcome outcome = twin.outcome(position);
      if (outcome != a.outcome)
        return failed(fmt::format("the outcome of {} is {}, retrograde analysis finds {}", shown,
                                  outcome_name(a.outcome), outcome_name(outcome)));
      for (const Move& move : moves) {
        const Position after = move.after(position);
        if (twin.outcome(after) != Outcome::P)
          return failed(fmt::format("the winning move {} leads to {}, which retrograde analysis "
                                    "finds is not a P-position",
                                    move.description, ruleset.show(after)));
      }
      return {true, true,
              fmt::format("outcome {} and {} winning move{} to P-positions, by retrograde "
                          "analysis ({} positions)",
                          outcome_name(outcome), moves.size(), moves.size() == 1 ? "" : "s",
                          twin.positions_stored())};
    }
    // A normal-play value search visits every position reached, and one
    // heap alone reaches at least heap_reach_lower_bound of them.
    const bool valued = convention == Convention::normal && a.value;
    if (const HeapRuleset* heaps = heap_ruleset_of(ruleset); heaps != nullptr && valued) {
      Heap largest = 0;
      for (Heap h : position) largest = std::max(largest, h);
      const std::uint64_t reach = heap_reach_lower_bound(*heaps, largest, largest, limit);
      if (reach > limit)
        return {false, true,
                fmt::format("not checked: the position is beyond the twin's reach (heap {} alone "
                            "reaches more than {} positions, the limit being {})",
                            largest, reach, limit)};
    }
    BruteForce twin(ruleset, limit);
    twin.set_control(control);
    // In normal play the value decides the outcome (P iff 0).
    const bool wins =
        valued ? twin.grundy_value(position) != 0 : twin.mover_wins(position, convention);
    const Outcome outcome = wins ? Outcome::N : Outcome::P;
    if (outcome != a.outcome)
      return failed(fmt::format("the outcome of {} is {}, exhaustive search finds {}", shown,
                                outcome_name(a.outcome), outcome_name(outcome)));
    std::string value;
    if (convention == Convention::normal && a.value) {
      const Nimber g = twin.grundy_value(position);
      if (g != *a.value)
        return failed(fmt::format("the value of {} is {}, exhaustive search finds {}", shown,
                                  *a.value, g));
      value = fmt::format(", value {}", g);
    }
    for (const Move& move : moves) {
      const Position after = move.after(position);
      if (valued ? twin.grundy_value(after) != 0 : twin.mover_wins(after, convention))
        return failed(fmt::format("the winning move {} leads to {}, which exhaustive search "
                                  "finds is not a P-position",
                                  move.description, ruleset.show(after)));
    }
    return {true, true,
            fmt::format("outcome {}{} and {} winning move{} to P-positions, by exhaustive search "
                        "({} positions)",
                        outcome_name(outcome), value, moves.size(), moves.size() == 1 ? "" : "s",
                        twin.positions_stored())};
  } catch (const LimitError&) {
    return {false, true,
            fmt::format("not checked: the position is beyond the twin's reach (more than {} "
                        "positions)",
                        limit)};
  }
}

CheckReport check_heap_values(const HeapRuleset& ruleset, Heap from, Heap to,
                              const std::function<Nimber(Heap)>& value_at,
                              std::uint64_t max_work) {
  const Heap last = naive_reach(ruleset, to, max_work);
  if (last < from)
    return {false, true,
            fmt::format("not checked: G({}) is beyond the naive mex's reach ({} option visits at "
                        "most)",
                        from, max_work)};
  const std::vector<Nimber> twin = naive_heap_values(ruleset, last);
  for (Heap n = from; n <= last; ++n)
    if (value_at(n) != twin[n])
      return failed(fmt::format("G({}) of {} is {}, the naive mex over its options finds {}", n,
                                ruleset.name(), value_at(n), twin[n]));
  std::string what = fmt::format("G({}..{}) against the naive mex over every option", from, last);
  if (last < to) what += fmt::format(" (not beyond: {} option visits at most)", max_work);
  return {true, true, what};
}

CheckReport check_periodicity(const HeapRuleset& ruleset, const Periodicity& p,
                              const ValueSequence& values, std::uint64_t max_work) {
  std::string what;
  if (p.period != 0) {
    const Heap end = std::min<Heap>(p.checked_to, values.size());
    for (Heap n = p.preperiod; n + p.period < end; ++n) {
      const std::int64_t expected = static_cast<std::int64_t>(values[n]) + p.saltus;
      if (static_cast<std::int64_t>(values[n + p.period]) != expected)
        return failed(fmt::format(
            "period {} from n = {}{}: G({}) = {} but G({}) = {}", p.period, p.preperiod,
            p.saltus ? fmt::format(" with saltus {}", p.saltus) : "", n + p.period,
            values[n + p.period], n, values[n]));
    }
    what = fmt::format("G(n + {}) = G(n){} for every n from {} to {} by definition", p.period,
                       p.saltus ? fmt::format(" + {}", p.saltus) : "", p.preperiod,
                       end > p.period ? end - p.period - 1 : 0);
  } else {
    what = "no period to check";
  }
  if (values.empty()) return {true, true, what};
  const CheckReport naive = check_heap_values(
      ruleset, 0, values.size() - 1, [&](Heap n) { return Nimber{values[n]}; }, max_work);
  if (!naive.agrees) return naive;
  return {true, true, what + "; " + naive.what};
}

}  // namespace grundy
