// Watching and stopping the library's position searches: exhaustive search
// (brute_force.h), retrograde analysis (retrograde.h), genus search
// (genus.h), remoteness and suspense searches (remoteness.h), and the
// explorer of game graphs (detail/explore.h). A caller that gives a
// SearchControl is told every so often how many positions the search holds
// and what limit applies, and can stop it: the search then throws
// Interrupted, leaving its memo as it would after a LimitError (nothing
// half-valued).
//
// Description: each search counts the positions it expands; every
//   kSearchTick of them it reads the stop flag and calls the progress
//   callback. The count is one decrement and test per position, so a search
//   without a control costs the same as before.
// Status: tests/cli/search_progress_test.cpp (progress lines and Ctrl-C on a
//   misère search of the command line).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include "grundy/solve/control.h"

namespace grundy {

struct SearchProgress {
  // What is searching: "exhaustive search", "retrograde analysis",
  // "genus search", "remoteness search", "suspense search", "exploration".
  const char* search = "";
  // Positions stored (or numbered) so far.
  std::uint64_t positions = 0;
  // The most it may store (the --search-limit that applies).
  std::uint64_t limit = 0;
  // The setting that raises `limit` (front_end_words.h: "search-limit",
  // "game-positions"), or "" where the limit is the size of the game (a
  // graph's vertices).
  const char* limit_setting = "search-limit";
  // What `positions` counts, as a progress line names it ("positions";
  // "option visits" for the check by definition of heap values, check.h).
  const char* unit = "positions";
  // A misère quotient (search "misère quotient", misere_quotient.h):
  // `positions` is the heap being adjoined and `limit` the largest asked
  // for; `order` the elements of the quotient of the heaps before it (that
  // quotient is verified), `step` what is being done to the heap
  // ("adjoining", "verifying", "refining", "recalibrating", "learning") and
  // `step_count` how far it got (states checked, sums solved).
  std::uint64_t order = 0;
  const char* step = "";
  std::uint64_t step_count = 0;
};

// Its progress is called and its stop flag read every kSearchTick positions:
// once the flag is true, the search throws Interrupted.
using SearchControl = Control<SearchProgress>;

// A search stopped by SearchControl::stop: no answer. Not a LimitError: the
// request was within the limits, the user stopped it.
class Interrupted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Positions expanded between two looks at the control.
inline constexpr std::uint32_t kSearchTick = 4096;

// The fewest bytes a position search holds per position it stores: a memo
// entry (hash node, key, value) of the smallest key, one heap. Measured:
// 64 bytes a position for a suspense search of bash:8 from one heap, about
// 210 for Kayles positions of several heaps (2026-11-28, 5 and 3 million
// positions, peak resident memory).
inline constexpr std::uint64_t kSearchBytesPerPosition = 64;

// Throws LimitError when a search allowed to store `limit` positions could
// not hold that many in `max_memory` bytes, even at the fewest bytes a
// position: such a limit would be reached only after the memory ran out, so
// it is refused before the work, naming both settings and the largest limit
// that fits.
void check_search_limit_fits(std::uint64_t limit, std::uint64_t max_memory);

namespace detail {

// The counter a search keeps: tick() once per position expanded.
class SearchTicker {
 public:
  SearchTicker() = default;
  SearchTicker(const SearchControl* control, const char* search,
               const char* limit_setting = "search-limit", const char* unit = "positions")
      : control_(control), search_(search), limit_setting_(limit_setting), unit_(unit) {}
  void set(const SearchControl* control, const char* search) {
    control_ = control;
    search_ = search;
  }
  const SearchControl* control() const { return control_; }

  // Throws Interrupted when the stop flag is set.
  void tick(std::uint64_t positions, std::uint64_t limit) {
    if (--countdown_ == 0) poll(positions, limit);
  }
  void poll(std::uint64_t positions, std::uint64_t limit);
  // Only the stop flag, at once (no progress report): for searches whose
  // positions can be far apart in time.
  void check_stop(std::uint64_t positions, std::uint64_t limit) {
    if (control_ != nullptr && control_->stopped())
      poll(positions, limit);
  }

 private:
  const SearchControl* control_ = nullptr;
  const char* search_ = "";
  const char* limit_setting_ = "search-limit";
  const char* unit_ = "positions";
  std::uint32_t countdown_ = kSearchTick;
};

}  // namespace detail

}  // namespace grundy
