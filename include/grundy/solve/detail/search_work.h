// The work a position search may do, and its refusal when it would do more.
//
// Description: a search's position limit (--search-limit) bounds its memory,
//   not its time. A search whose positions have many options, or options of
//   many numbers, stays under the limit for hours: nim (2, 10^6) under
//   remoteness stores 3 million positions but generates 10^12 options;
//   Grundy's game (30, 30) in misère play stores 0.8 million and writes 250
//   million numbers into its options. So the searches also count their work
//   in steps, about what each thing they do costs: kStepsPerNumber for each
//   number of an option generated (copied, put in canonical order, hashed,
//   compared with its siblings), kStepsPerOption more for each option (its
//   allocation), and kStepsPerExpansion for each position expanded (its
//   memo entry and frame). A search may take kStepsPerPosition steps for
//   each position its limit allows, so that one setting bounds both, and
//   raising it raises both.
// Measured: 10 to 40 ns a step over the searches of docs/testing.md ("The
//   work of a search"; AMD EPYC Zen 5, one core, 2026-11-29), so that at
//   the default limit of 4,000,000 positions (32 million steps) a search
//   ends within about 1.5 s here, where the same searches took 1.4 s to
//   more than 6 s, or hours, to reach the position limit alone.
// Status: tests/unit/search_work_test.cpp (counting, the refusal, and a
//   search refused by its work far below its position limit); the searches
//   that use it are compared with their twins in tests/stress.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "grundy/core/saturating.h"

namespace grundy::detail {

inline constexpr std::uint64_t kStepsPerPosition = 8;
inline constexpr std::uint64_t kStepsPerOption = 8;
inline constexpr std::uint64_t kStepsPerNumber = 2;
inline constexpr std::uint64_t kStepsPerExpansion = 32;

class SearchWork {
 public:
  explicit SearchWork(std::uint64_t position_limit)
      : position_limit_(position_limit),
        budget_(saturating_mul(position_limit, kStepsPerPosition)) {}
  // A budget of its own (a search that must answer at once).
  SearchWork(std::uint64_t position_limit, std::uint64_t budget)
      : position_limit_(position_limit), budget_(budget) {}

  // Counts one position expanded, or one option of `numbers` numbers;
  // false once the steps counted are past the budget.
  bool expansion() { return spend(kStepsPerExpansion); }
  bool option(std::size_t numbers) { return spend(kStepsPerOption + kStepsPerNumber * numbers); }

  std::uint64_t steps() const { return steps_; }
  std::uint64_t budget() const { return budget_; }

  // The budget less `steps` already spent on the same question by `by`
  // (what an analysis tried before searching: "the misère quotient's
  // verification"), so that the two together stay within what the limit
  // allows; the refusal says so.
  void spent_before(std::uint64_t steps, std::string by) {
    budget_ = budget_ > steps ? budget_ - steps : 0;
    spent_before_ = steps;
    spent_by_ = std::move(by);
  }
  // The steps in positions of the limit, for a progress line that reports
  // the nearer of the two bounds.
  std::uint64_t as_positions() const { return steps_ / kStepsPerPosition; }

  // Throws the LimitError of a search (`search`: "exhaustive search") over
  // the ruleset named `ruleset` that went past its budget; it names
  // --search-limit where that raises it.
  [[noreturn]] void refuse(std::string_view search, std::string_view ruleset) const;

 private:
  bool spend(std::uint64_t steps) {
    steps_ = saturating_add(steps_, steps);
    return steps_ <= budget_;
  }

  std::uint64_t position_limit_;
  std::uint64_t budget_;
  std::uint64_t steps_ = 0;
  std::uint64_t spent_before_ = 0;
  std::string spent_by_;
};

}  // namespace grundy::detail
