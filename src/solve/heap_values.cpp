#include "grundy/solve/heap_values.h"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/nimber.h"

namespace grundy {

std::vector<Nimber> naive_heap_values(const HeapRuleset& ruleset, Heap last) {
  std::vector<Nimber> g;
  g.reserve(last + 1);
  MexSet seen;
  for (Heap n = 0; n <= last; ++n) {
    seen.clear();
    ruleset.for_each_heap_option(n, [&](const HeapOption& option) {
      Nimber v = 0;
      for (std::uint8_t i = 0; i < option.part_count; ++i) v ^= g[option.parts[i]];
      seen.insert(v);
      return true;
    });
    g.push_back(seen.mex());
  }
  return g;
}

HeapValues::HeapValues(const HeapRuleset& ruleset, ComputeLimits limits)
    : ruleset_(ruleset), limits_(limits), closed_form_(ruleset.closed_form_value(0).has_value()) {}

void HeapValues::require(Heap last) {
  if (closed_form_ || last < table_.size()) return;
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
  while (target > last && ruleset_.compute_cost(target) > limits_.max_work) target = last + (target - last) / 2;
  std::vector<Nimber> fresh = ruleset_.fast_values(target);
  table_ = fresh.empty() ? naive_heap_values(ruleset_, target) : std::move(fresh);
}

Nimber HeapValues::value(Heap n) {
  if (closed_form_) return *ruleset_.closed_form_value(n);
  require(n);
  return table_[n];
}

}  // namespace grundy
