// How often each Grundy value occurs among G(from..to) of a heap game (the
// statistics of `grundy values --stats`), exact for any range up to 2^63 - 1
// where a proven period of saltus 0 covers it.
//
// Description: values below 2^16 are counted in a flat array (one add per
//   value, no search: a run past 2^32 values on a store counts in seconds),
//   larger ones in an ordered map. Past the values computed, a period of
//   saltus 0 repeats the same `period` values: each residue class is counted
//   at once, (to - n) / period + 1 heaps n, n, n + period, ..., so the cost
//   is O(period) whatever `to` is. A period with a saltus (Nim, Lasker's Nim)
//   gives a new value every period: those heaps are counted one at a time,
//   at most kMaxOneByOne of them, and a range past that is refused.
// Source: the periodicity it relies on is periodicity.h's (Guy-Smith, or a
//   closed form); the counting is elementary.
// Time: O(values computed in the range + min(range, period)). Memory: 512
//   KiB of counters, and at most kMaxDistinct larger values.
// Status: tests/unit/value_histogram_test.cpp compares it with counting every
//   value through value_from_periodicity, on proven periods of octal codes
//   and on arithmetic periods; tests/cli the command's limits.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/solve/periodicity.h"

namespace grundy {

class ValueHistogram {
 public:
  // Most distinct values of 2^16 or more held; one more is a LimitError.
  static constexpr std::size_t kMaxDistinct = std::size_t{1} << 22;

  // Counts `times` heaps of value v.
  void add(Nimber v, std::uint64_t times = 1);
  // Counts each of `values`.
  void add_each(std::span<const std::uint16_t> values);

  // Value -> number of heaps, for the values seen.
  std::map<Nimber, std::uint64_t> counts() const;
  bool empty() const { return total_ == 0; }
  // The largest value seen (0 when empty).
  Nimber max_value() const;
  // Heaps counted (up to 2^63: a range of heap sizes never holds more).
  std::uint64_t total() const { return total_; }

 private:
  std::vector<std::uint64_t> narrow_;  // 2^16 counters, allocated on the first add
  std::map<Nimber, std::uint64_t> wide_;
  std::uint64_t total_ = 0;
};

// Most heaps past the computed values that add_sequence_values counts one
// at a time (a period with a saltus); more is a LimitError.
inline constexpr Heap kMaxOneByOne = 100'000'000;

// Adds G(n) for from <= n <= to (to <= 2^63 - 1) of a sequence whose first
// values G(0..known.size()-1) are `known` and whose later ones follow
// `periodicity` (proven, or observed with accept_observed; see
// value_from_periodicity). Throws LimitError naming the first heap it cannot
// value (past `known` with no usable period), or when a saltus leaves more
// than kMaxOneByOne heaps to count one at a time, before counting any.
// `read`, if given, is called before each run of at most 2^24 known values
// is counted, with its first heap and the end of the run (a mapped store
// lets go of the pages behind and maps the run's ahead).
void add_sequence_values(ValueHistogram& histogram, std::span<const std::uint16_t> known,
                         const std::optional<Periodicity>& periodicity, Heap from, Heap to,
                         bool accept_observed = false,
                         const std::function<void(Heap, Heap)>& read = {});

}  // namespace grundy
