#include "solve/misere/quotient_watch.h"

#include "grundy/core/memory.h"
#include "solve/misere/quotient_stage.h"

namespace grundy::detail {

namespace {
thread_local QuotientWatchState t_watch;
}  // namespace

QuotientWatchState& quotient_watch() { return t_watch; }

std::uint64_t quotient_memory() {
  if (t_watch.max_memory != 0) return t_watch.max_memory;
  static const std::uint64_t by_default = default_memory_limit();
  return by_default;
}

void quotient_look() {
  QuotientWatchState& w = t_watch;
  w.countdown = kQuotientPollWork;
  if (w.control != nullptr && w.control->stopped()) {
    w.out_of_time = false;
    throw Interrupted("misère quotient interrupted");
  }
  if (w.deadline != std::chrono::steady_clock::time_point::max() &&
      std::chrono::steady_clock::now() >= w.deadline) {
    w.out_of_time = true;
    throw Interrupted("misère quotient: the time budget ran out");
  }
  if (w.report && w.control != nullptr) w.control->report(w.progress);
}

void quotient_heap(Heap n, std::size_t order) {
  QuotientWatchState& w = t_watch;
  if (w.report) {
    w.progress.positions = n;
    w.progress.order = order;
    w.progress.step = "adjoining";
    w.progress.step_count = 0;
  }
  quotient_look();
}

QuotientWatchScope::QuotientWatchScope(const QuotientOptions& options) : saved_(t_watch) {
  QuotientWatchState& w = t_watch;
  w.countdown = kQuotientPollWork;
  w.out_of_time = false;
  if (options.max_memory != 0) w.max_memory = options.max_memory;
  if (options.control == nullptr && options.max_seconds <= 0) {
    // Inside another computation (or none): its flag and clock, no reports.
    w.report = false;
    return;
  }
  w.control = options.control;
  w.deadline = std::chrono::steady_clock::time_point::max();
  if (options.max_seconds > 0) {
    const auto now = std::chrono::steady_clock::now();
    // A budget past a century is no budget (and would overflow the clock).
    if (options.max_seconds < 3.0e9)
      w.deadline = now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(options.max_seconds));
  }
  w.report = true;
  w.progress = SearchProgress{};
  w.progress.search = "misère quotient";
  w.progress.unit = "heaps";
  w.progress.limit_setting = "max-heap";
  w.progress.limit = options.max_heap;
}

QuotientWatchScope::~QuotientWatchScope() { t_watch = saved_; }

void QuotientWatchScope::release() {
  QuotientWatchState& w = t_watch;
  w.control = nullptr;
  w.deadline = std::chrono::steady_clock::time_point::max();
  w.report = false;
}

}  // namespace grundy::detail
