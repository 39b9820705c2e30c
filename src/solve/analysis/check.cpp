#include "grundy/solve/check.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grundy/core/error.h"
#include "grundy/core/nimber.h"
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

std::uint64_t check_spot_work(std::uint64_t computed, std::uint64_t at_least) {
  return std::max(at_least, detail::saturating_mul(2, computed));
}

namespace {

struct SpotCheck {
  std::vector<Heap> heaps;  // checked, from the top down
  std::optional<CheckReport> failure;
};

// The mex rule at heaps of lo..to, the top one first, within `budget`
// option visits: a heap whose options would not fit is skipped, or left
// unchecked where its bound was low (heap_option_bound's default, once
// compute_cost saturates).
SpotCheck spot_check(const HeapRuleset& ruleset, Heap lo, Heap to,
                     const std::function<Nimber(Heap)>& value_at, std::uint64_t budget,
                     const SearchControl* control) {
  std::vector<Heap> candidates;
  const Heap span = to - lo;
  const Heap steps = std::min<Heap>(span, kCheckSpotHeaps - 1);
  // span·k/steps without overflow: steps < kCheckSpotHeaps.
  for (Heap k = 0; k <= steps; ++k)
    candidates.push_back(steps == 0 ? to
                                    : to - (span / steps * k + span % steps * k / steps));
  SpotCheck result;
  detail::SearchTicker ticker(control, "check by definition", "", "option visits");
  std::uint64_t left = budget;
  MexSet seen;
  for (Heap n : candidates) {
    if (ruleset.heap_option_bound(n) > left) continue;  // a lower heap may still fit
    seen.clear();
    std::uint64_t used = 0;
    bool whole = true;
    ruleset.for_each_heap_option(n, [&](const HeapOption& option) {
      if (used == left) {
        whole = false;
        return false;
      }
      Nimber v = 0;
      for (std::size_t i = 0; i < option.part_count; ++i) v ^= value_at(option.parts[i]);
      seen.insert(v);
      ++used;
      ticker.tick(budget - left + used, budget);
      return true;
    });
    left -= used;
    if (!whole) continue;
    const Nimber expected = seen.mex();
    if (const Nimber got = value_at(n); got != expected) {
      result.failure = failed(fmt::format(
          "G({}) of {} is {}, but the mex of its options' values as computed is {}", n,
          ruleset.name(), got, expected));
      return result;
    }
    result.heaps.push_back(n);
  }
  return result;
}

}  // namespace

CheckReport check_heap_values(const HeapRuleset& ruleset, Heap from, Heap to,
                              const std::function<Nimber(Heap)>& value_at,
                              std::uint64_t max_work, std::optional<std::uint64_t> spot_work,
                              const SearchControl* control) {
  const Heap last = naive_reach(ruleset, to, max_work);
  const bool table = last >= from && ruleset.compute_cost(0) <= max_work;
  std::string what;
  if (table) {
    const std::vector<Nimber> twin = naive_heap_values(ruleset, last);
    for (Heap n = from; n <= last; ++n)
      if (value_at(n) != twin[n])
        return failed(fmt::format("G({}) of {} is {}, the naive mex over its options finds {}", n,
                                  ruleset.name(), value_at(n), twin[n]));
    what = fmt::format("G({}..{}) against the naive mex over every option", from, last);
    if (last == to) return {true, true, what};
  }
  // Past the table (or from `from` when the table does not reach it).
  const Heap lo = table ? last + 1 : from;
  const SpotCheck spots =
      spot_check(ruleset, lo, to, value_at, spot_work.value_or(max_work), control);
  if (spots.failure) return *spots.failure;
  if (spots.heaps.empty()) {
    if (!table)
      return {false, true,
              fmt::format("not checked: G({}) is beyond the naive mex's reach ({} option visits "
                          "at most)",
                          from, max_work)};
    return {true, true, what + fmt::format(" (not beyond: {} option visits at most)", max_work)};
  }
  const std::size_t k = spots.heaps.size();
  std::string spot =
      k == 1 ? fmt::format("G({}) against the mex of its options' values as computed",
                           spots.heaps.front())
             : fmt::format("G(n) against the mex of its options' values as computed at {} heaps "
                           "from {} to {} (n = {})",
                           k, spots.heaps.back(), spots.heaps.front(),
                           fmt::join(spots.heaps, ", "));
  if (!table) return {true, true, spot + " (no table: the naive mex does not reach G(" +
                                      std::to_string(from) + "))"};
  return {true, true, what + "; " + spot};
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
      ruleset, 0, values.size() - 1, [&](Heap n) { return Nimber{values[n]}; }, max_work,
      check_spot_work(values.size(), max_work));
  if (!naive.agrees) return naive;
  return {true, true, what + "; " + naive.what};
}

}  // namespace grundy
