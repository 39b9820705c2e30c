#include "grundy/solve/heap_values.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "grundy/core/nimber.h"
#include "grundy/solve/search_control.h"

namespace grundy {

std::vector<Nimber> naive_heap_values(const HeapRuleset& ruleset, Heap last) {
  std::vector<Nimber> g;
  g.reserve(last + 1);
  MexSet seen;
  for (Heap n = 0; n <= last; ++n) {
    seen.clear();
    ruleset.for_each_heap_option(n, [&](const HeapOption& option) {
      Nimber v = 0;
      for (std::size_t i = 0; i < option.part_count; ++i) v ^= g[option.parts[i]];
      seen.insert(v);
      return true;
    });
    g.push_back(seen.mex());
  }
  return g;
}

HeapValueSource heap_value_source(const HeapRuleset& ruleset) {
  // A closed form answers at once, whatever else the ruleset is.
  if (ruleset.closed_form_value(0).has_value()) return {ValueSource::closed_form, std::nullopt};
  if (std::optional<TakeAndBreak> code = ruleset.as_code())
    return {ValueSource::code_engine, std::move(code)};
  return {ValueSource::table, std::nullopt};
}

HeapValues::HeapValues(const HeapRuleset& ruleset, ComputeLimits limits)
    : ruleset_(ruleset), limits_(limits) {
  HeapValueSource source = heap_value_source(ruleset);
  closed_form_ = source.source == ValueSource::closed_form;
  code_ = std::move(source.code);
}

std::string HeapValues::method() const {
  if (closed_form_) return fmt::format("closed form of {}", ruleset_.name());
  // An observed pattern is named only when some value came from it.
  const bool usable = periodicity_ && periodicity_->period != 0 &&
                      (periodicity_->proven || (limits_.accept_observed && from_period_));
  if (usable) {
    const Periodicity& p = *periodicity_;
    const std::string pattern =
        fmt::format("period {} from n = {}{}", p.period, p.preperiod,
                    p.saltus ? fmt::format(" with saltus {}", p.saltus) : "");
    if (p.proven)
      return fmt::format("proven {} ({}, {} values computed)", pattern, p.criterion, p.checked_to);
    return fmt::format("OBSERVED, NOT PROVEN, {} (seen in the {} values computed)", pattern,
                       p.checked_to);
  }
  return "computed by mex";
}

// Extends the table towards G(target); throws the engine's LimitError only
// when G(needed) was not reached. The engines keep the prefix they computed
// (sequence_engine.h), so a value beyond 16 bits past `needed` loses nothing
// that was asked for.
void HeapValues::extend_code(Heap needed, Heap target) {
  if (!engine_) engine_ = make_fast_engine(*code_);
  try {
    if (!engine_->extend(code_values_, target, control_ ? *control_ : EngineControl{}))
      throw Interrupted(fmt::format("computing the values of '{}' stopped at n = {}",
                                    ruleset_.name(), code_values_.size()));
  } catch (const LimitError&) {
    engine_stopped_ = true;
    if (code_values_.size() <= needed) throw;
  }
  GRUNDY_ASSERT(code_values_.size() > needed);
}

Heap code_values_within(std::uint64_t memory) {
  const std::uint64_t room = std::uint64_t{64} << 20;
  return memory > room + 32 ? (memory - room) / 2 : 16;
}

std::uint64_t split_set_budget(std::uint64_t max_work) {
  return detail::saturating_mul(max_work, kSplitSetOpsPerVisit);
}

Heap affordable_code_values(const TakeAndBreak& code, Heap max_values, std::uint64_t max_work) {
  // Codes the rare/common engine does not cover (three heaps, or infinite):
  // the same time as the naive table's work budget, counted for their engine.
  if (rare_common_applies(code)) return std::max<Heap>(max_values, 1);
  const std::uint64_t budget = split_set_budget(max_work);
  Heap lo = 1, hi = std::max<Heap>(max_values, 1);
  while (lo < hi) {
    const Heap mid = lo + (hi - lo + 1) / 2;
    if (split_set_work(code, mid) <= budget) lo = mid; else hi = mid - 1;
  }
  return lo;
}

Heap code_values_limit(const TakeAndBreak& code, const ComputeLimits& limits) {
  if (limits.code_values_given) return std::max<Heap>(limits.max_code_values, 1);
  return affordable_code_values(code, limits.max_code_values, limits.max_work);
}

Heap HeapValues::code_limit() {
  // Computed once: a search for winning moves asks for millions of values
  // beyond the table, each through require().
  if (code_limit_ == 0)
    code_limit_ = code_values_limit(*code_, limits_);
  return code_limit_;
}

// Computes more values, in growing steps up to `limit`, until the code's
// periodicity is proven or cannot become so; returns why it stopped short of
// the limit ("" when it did not).
bool HeapValues::step_work_allows(Heap have, Heap next) const {
  if (limits_.max_step_work == 0 || limits_.code_values_given || !rare_common_applies(*code_) ||
      next <= have)
    return true;
  // The rare/common engine pairs each new heap size with every rare one,
  // once for each digit that splits.
  std::uint64_t splits = 0;
  for (Heap k = 0; k <= code_->last_digit(); ++k)
    if ((code_->digit(k) & 4u) != 0) ++splits;
  const std::uint64_t rare =
      std::max<std::uint64_t>(engine_ ? engine_->progress().rare_count : 0, 1);
  return next - have <= limits_.max_step_work / rare / std::max<std::uint64_t>(splits, 1);
}

std::string HeapValues::search_period(Heap limit) {
  PeriodGrowth growth;
  std::pair<Heap, Heap> refused;  // the step may_grow looked at last
  growth.compute = [&](Heap size) {
    if (code_values_.size() < size) extend_code(size - 1, size - 1);
    return true;
  };
  growth.values = [&] { return std::span<const std::uint16_t>(code_values_); };
  if (limits_.max_step_work != 0) {
    // The rare/common engine pairs each new heap size with every rare one.
    growth.may_grow = [&](Heap have, Heap next) {
      refused = {have, next};
      return step_work_allows(have, next);
    };
  }
  // Values of an arithmetic-periodic code grow past the engines' 16 bits:
  // then the prefix computed so far is all there is to examine.
  PeriodGrown grown = grow_until_periodic(*code_, code_values_.size(), limit, false, growth);
  periodicity_ = std::move(grown.periodicity);
  switch (grown.end) {
    case PeriodGrowthEnd::values_stop:
      return fmt::format("values stop there: {}", grown.stopped);
    case PeriodGrowthEnd::unprovable:
      // No criterion proves any period of this code, however many values
      // are computed: stop at the first pattern seen (periodicity.h).
      return "more values would not help";
    case PeriodGrowthEnd::over_work:
      return fmt::format(
          "G({}..{}) would take more than {} steps of work (new heap sizes times the rare "
          "values so far times the digits that split), the limit here; {} computes them "
          "whatever the work",
          refused.first, refused.second - 1, limits_.max_step_work, option_name("max"));
    default:
      return "";
  }
}

// Makes G(n) available from a period: proven, or observed when accepted;
// otherwise throws a LimitError that says what was seen and why it is not a
// proof.
void HeapValues::find_period_for(Heap n) {
  const Heap limit = code_limit();
  const std::string stopped = search_period(limit);
  if (periodicity_->proven) return;
  if (limits_.accept_observed && periodicity_->period != 0) return;
  const Periodicity& p = *periodicity_;
  std::string seen =
      p.period == 0
          ? "no period is seen"
          : fmt::format("the values look periodic (period {} from n = {}{}) but {}", p.period,
                        p.preperiod, p.saltus ? fmt::format(", saltus {}", p.saltus) : "",
                        p.proof_needs
                            ? fmt::format("the proof needs {} values", p.proof_needs)
                            : std::string("no criterion here proves it"));
  // Without a period, G(n) is still exact from the whole sequence G(0..n),
  // for an n that a run can reach (docs/performance.md: 0.6 past 2^32),
  // unless the engine already stopped short (a value past 16 bits, or sets
  // past memory), which a store does not change, or the values seen grow
  // past 16 bits before n.
  const FrontEndWords& words = front_end_words();
  bool reachable = !words.in_full.empty() && n <= limits_.in_full_max && !engine_stopped_;
  if (reachable && p.period != 0 && p.saltus != 0) {
    const std::optional<Nimber> seen_at_n = value_from_periodicity(p, code_values_, n, true);
    reachable = seen_at_n && *seen_at_n <= 0xFFFF;
  }
  const std::string in_full =
      reachable ? "; " + fmt::format(fmt::runtime(words.in_full), n) : "";
  throw LimitError(fmt::format(
      "G({}) of '{}': no proven period is known; in G(0..{}) {} ({}; an observed pattern is "
      "accepted by {}{})",
      n, ruleset_.name(), p.checked_to - 1, seen,
      stopped.empty() ? fmt::format("limit {} values", limit) : stopped, words.observed,
      in_full));
}

void HeapValues::require(Heap last) {
  if (closed_form_) return;
  if (code_) {
    if (last < code_values_.size()) return;
    if (periodicity_ && periodicity_->proven) return;
    const Heap limit = code_limit();
    if (!periodicity_ && last >= kPeriodSearchStart && last < limit) {
      // A period proven on fewer values answers at once, below the limit as
      // beyond it (Dawson's Kayles at 2^20 + 1 as at 2^22); the search grows
      // geometrically towards G(last), so without a proof it costs no more
      // than the table it builds. An infinite code with no criterion stops
      // at the first pattern, and the table is then built as usual.
      search_period(std::min(limit, last + 1));
      if (periodicity_->proven || last < code_values_.size()) return;
    }
    // Geometric growth: many small requests cost little in all.
    const Heap target = std::min<Heap>(limit - 1, std::max<Heap>(last, 2 * code_values_.size()));
    if (last < limit && step_work_allows(code_values_.size(), target + 1)) {
      try {
        extend_code(last, target);
        return;
      } catch (const LimitError&) {
        // G(last) does not fit the engines' 16 bits: only a period can give it.
      }
    }
    if (periodicity_ && periodicity_->period != 0 && limits_.accept_observed) return;
    find_period_for(last);
    return;
  }
  if (last < table_.size()) return;
  const std::uint64_t work = ruleset_.compute_cost(last);
  if (last >= limits_.max_table || work > limits_.max_work)
    throw LimitError(fmt::format(
        "heap {} is too large for '{}': no closed form or proven period is known to grundy for "
        "this ruleset, and computing G(0..{}) would take about {} option visits (limit {}) and "
        "{} table entries (limit {})",
        last, ruleset_.name(), last, work, limits_.max_work, last + 1, limits_.max_table));
  // Grow geometrically so that many small requests cost little in all, but
  // never past what the limits allow.
  Heap target = std::max<Heap>(last, std::min<Heap>(2 * table_.size(), limits_.max_table - 1));
  while (target > last && ruleset_.compute_cost(target) > limits_.max_work)
    target = last + (target - last) / 2;
  std::vector<Nimber> fresh = ruleset_.fast_values(target);
  table_ = fresh.empty() ? naive_heap_values(ruleset_, target) : std::move(fresh);
}

Nimber HeapValues::value(Heap n) {
  if (closed_form_) return *ruleset_.closed_form_value(n);
  require(n);
  if (code_) {
    if (n < code_values_.size()) return code_values_[n];
    auto v = value_from_periodicity(*periodicity_, code_values_, n, limits_.accept_observed);
    GRUNDY_ASSERT(v.has_value());
    from_period_ = true;
    return *v;
  }
  return table_[n];
}

}  // namespace grundy
