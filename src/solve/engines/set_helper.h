// A set union shared between two threads: the split-set and partition-set
// engines' unions over a first part a of G(a) ^ S(j - a)
// (kernels::or_three_heap_set), the upper half of the range of a on a
// helper thread while the caller makes the lower half.
//
// Description: SetHelper is the second thread. The caller posts a range of
//   a and makes the other half meanwhile, then waits and ors the helper's
//   result in. The sets it reads (those of heap sizes below j, G(a)) do not
//   change while it works: the caller touches nothing until it is done.
//   SharedUnion decides: one thread for a union of fewer than
//   kMinSharedWords set words (about 20 microseconds of work: at half of it,
//   0.8 to 6000, two threads took 0.045-0.071 s against 0.056 s on one, no
//   steady gain; docs/performance.md), or when the system refuses a thread.
// Source: split_set_engine.cpp's S3 (where it was first written).
// Status: two threads against one on the same codes (tests/stress/
//   split_set_engine_test.cpp, wide_digit_test.cpp), also under
//   ThreadSanitizer (docs/performance.md, "More than four heaps").
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "grundy/solve/sequence_engine.h"
#include "solve/base/back_off.h"
#include "solve/engines/sequence_kernels.h"
#include "solve/base/thread_start.h"

namespace grundy::detail {

inline constexpr std::uint64_t kMinSharedWords = std::uint64_t{1} << 16;

// The second thread (above).
class SetHelper {
 public:
  // The helper with its thread running, or null when the system refuses the
  // thread (solve/base/thread_start.h: the caller then does it all).
  static std::unique_ptr<SetHelper> start() {
    std::unique_ptr<SetHelper> helper(new SetHelper);
    std::optional<std::thread> thread = try_start_thread([raw = helper.get()] { raw->work(); });
    if (!thread) return nullptr;
    helper->thread_ = std::move(*thread);
    return helper;
  }
  ~SetHelper() {
    if (!thread_.joinable()) return;
    quit_.store(true, std::memory_order_relaxed);
    posted_.fetch_add(1, std::memory_order_release);
    thread_.join();
  }
  // Starts out = the union over from <= a <= to (sequence_kernels.h).
  void post(const Value16* g, Heap j, Heap from, Heap to, const std::uint64_t* pairs,
            unsigned words, bool equal_splits) {
    g_ = g;
    j_ = j;
    from_ = from;
    to_ = to;
    pairs_ = pairs;
    equal_splits_ = equal_splits;
    if (words_ != words) {
      words_ = words;
      by_low_.assign(64 * std::size_t{words}, 0);
    }
    out_.assign(words, 0);
    posted_.fetch_add(1, std::memory_order_release);
  }
  // Waits for the posted range and returns its union (`words` words).
  const std::uint64_t* result() {
    const std::uint64_t wanted = posted_.load(std::memory_order_relaxed);
    unsigned idle = 0;
    while (done_.load(std::memory_order_acquire) != wanted) back_off(idle, false);
    return out_.data();
  }

 private:
  void work() {
    std::uint64_t seen = 0;
    unsigned idle = 0;
    while (true) {
      const std::uint64_t posted = posted_.load(std::memory_order_acquire);
      if (posted == seen) {
        back_off(idle, true);
        continue;
      }
      idle = 0;
      seen = posted;
      if (quit_.load(std::memory_order_relaxed)) return;
      kernels::or_three_heap_set(g_, j_, from_, to_, pairs_, words_, equal_splits_,
                                 by_low_.data(), out_.data());
      done_.store(seen, std::memory_order_release);
    }
  }

  alignas(64) std::atomic<std::uint64_t> posted_{0};
  alignas(64) std::atomic<std::uint64_t> done_{0};
  alignas(64) std::atomic<bool> quit_{false};
  const Value16* g_ = nullptr;
  Heap j_ = 0, from_ = 0, to_ = 0;
  const std::uint64_t* pairs_ = nullptr;
  unsigned words_ = 0;
  bool equal_splits_ = true;
  std::vector<std::uint64_t> by_low_, out_;
  SetHelper() = default;

  std::thread thread_;  // started by start() once the fields above exist
};

class SharedUnion {
 public:
  void set_threads(unsigned threads) { threads_ = threads; }
  // out |= the union over 1 <= a <= last_a of G(a) ^ S(j - a), S(i) the set
  // at sets + i * words (with 0 added for even j - a if `equal_splits`):
  // kernels::or_three_heap_set, with by_low its scratch.
  void or_union(const Value16* g, Heap j, Heap last_a, const std::uint64_t* sets, unsigned words,
                bool equal_splits, std::uint64_t* by_low, std::uint64_t* out) {
    if (threads_ >= 2 && !refused_ && last_a * words >= kMinSharedWords) {
      if (!helper_) {
        helper_ = SetHelper::start();
        refused_ = helper_ == nullptr;  // no second thread: this one does it all
      }
      if (helper_) {
        const Heap middle = last_a / 2;
        helper_->post(g, j, middle + 1, last_a, sets, words, equal_splits);
        kernels::or_three_heap_set(g, j, 1, middle, sets, words, equal_splits, by_low, out);
        const std::uint64_t* upper = helper_->result();
        for (unsigned w = 0; w < words; ++w) out[w] |= upper[w];
        return;
      }
    }
    kernels::or_three_heap_set(g, j, 1, last_a, sets, words, equal_splits, by_low, out);
  }

 private:
  unsigned threads_ = 1;
  std::unique_ptr<SetHelper> helper_;  // started at the first union worth sharing
  bool refused_ = false;               // the system would not start it: one thread
};

}  // namespace grundy::detail
