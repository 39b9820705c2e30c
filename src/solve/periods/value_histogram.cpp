// Value counts over a range of heap sizes; see the header for Description /
// Source / Time / Memory / Status.
#include "grundy/solve/value_histogram.h"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/error.h"

namespace grundy {

namespace {
constexpr std::size_t kNarrow = std::size_t{1} << 16;
// Known values counted between calls of `read`.
constexpr Heap kReadChunk = Heap{1} << 24;
}  // namespace

void ValueHistogram::add(Nimber v, std::uint64_t times) {
  if (times == 0) return;
  if (v < kNarrow) {
    if (narrow_.empty()) narrow_.assign(kNarrow, 0);
    narrow_[v] += times;
  } else {
    const auto [at, inserted] = wide_.try_emplace(v, 0);
    if (inserted && wide_.size() > kMaxDistinct) {
      wide_.erase(at);
      throw LimitError(fmt::format("more than {} distinct values of 2^16 or more among the "
                                   "heaps counted: ask for a shorter range",
                                   kMaxDistinct));
    }
    at->second += times;
  }
  total_ += times;
}

void ValueHistogram::add_each(std::span<const std::uint16_t> values) {
  if (values.empty()) return;
  if (narrow_.empty()) narrow_.assign(kNarrow, 0);
  for (const std::uint16_t v : values) ++narrow_[v];
  total_ += values.size();
}

std::map<Nimber, std::uint64_t> ValueHistogram::counts() const {
  std::map<Nimber, std::uint64_t> all(wide_);
  for (std::size_t v = 0; v < narrow_.size(); ++v)
    if (narrow_[v] != 0) all.emplace(v, narrow_[v]);
  return all;
}

Nimber ValueHistogram::max_value() const {
  if (!wide_.empty()) return wide_.rbegin()->first;
  for (std::size_t v = narrow_.size(); v-- > 0;)
    if (narrow_[v] != 0) return v;
  return 0;
}

void add_sequence_values(ValueHistogram& histogram, std::span<const std::uint16_t> known,
                         const std::optional<Periodicity>& periodicity, Heap from, Heap to,
                         bool accept_observed, const std::function<void(Heap, Heap)>& read) {
  if (to < from) return;
  const Heap known_end = known.size();
  const bool beyond = to >= known_end;  // some heaps past the values known
  const Heap first_beyond = std::max(from, known_end);
  // Everything that could refuse is decided before any count.
  if (beyond) {
    if (to > kMaxHeap)
      throw InputError(std::to_string(to),
                       fmt::format("heap {} is larger than the largest heap 2^63-1", to));
    const bool usable = periodicity && periodicity->period != 0 &&
                        (periodicity->proven || accept_observed);
    if (!usable)
      throw LimitError(fmt::format(
          "G({}) is neither computed nor given by a proven period", first_beyond));
    if (periodicity->saltus != 0 && to - first_beyond >= kMaxOneByOne)
      throw LimitError(fmt::format(
          "G({}..{}) grow by {} every {} heaps, so new values keep coming: counting more "
          "than {} of them one at a time is refused; ask for a shorter range",
          first_beyond, to, periodicity->saltus, periodicity->period, kMaxOneByOne));
  }
  if (from < known_end) {
    const Heap last = std::min(to, known_end - 1);
    for (Heap n = from; n <= last;) {
      const Heap end = std::min(last + 1, n + kReadChunk);
      if (read) read(n, end);
      histogram.add_each(known.subspan(n, end - n));
      n = end;
    }
  }
  if (!beyond) return;
  const Periodicity& p = *periodicity;
  const auto value = [&](Heap n) { return *value_from_periodicity(p, known, n, accept_observed); };
  if (p.saltus == 0) {
    // Past the preperiod G(n + period) = G(n): the heaps first_beyond ..
    // first_beyond + period - 1 stand for every heap of the range, each for
    // itself and every period-th heap after it up to `to`.
    for (Heap k = 0; k < p.period && k <= to - first_beyond; ++k) {
      const Heap n = first_beyond + k;
      histogram.add(value(n), (to - n) / p.period + 1);
    }
    return;
  }
  for (Heap n = first_beyond;; ++n) {
    histogram.add(value(n));
    if (n == to) break;
  }
}

}  // namespace grundy
