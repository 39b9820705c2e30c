// How the sequence engines' threads wait for one another (rare_common.cpp,
// split_set_engine.cpp): spin with the CPU's pause hint, then yield, then
// (threads that may sleep) sleep.
#pragma once

#include <chrono>
#include <thread>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define GRUNDY_X86_PAUSE 1
#include <immintrin.h>
#endif

namespace grundy::detail {

inline void cpu_relax() {
#if defined(GRUNDY_X86_PAUSE)
  _mm_pause();
#endif
}

// Waits a little longer each time it is called without progress: spin, then
// yield, then (helpers only) sleep, up to a millisecond once long idle.
inline void back_off(unsigned& idle, bool may_sleep) {
  ++idle;
  if (idle < 256)
    cpu_relax();
  else if (idle < 2048 || !may_sleep)
    std::this_thread::yield();
  else
    std::this_thread::sleep_for(std::chrono::microseconds(idle < 4096 ? 100 : 1000));
}

}  // namespace grundy::detail
