#include "solve/base/thread_start.h"

#include <mutex>

namespace grundy::detail {

namespace {
std::mutex counts_mutex;
unsigned starts_allowed = 0, starts_refused = 0;
}  // namespace

void refuse_thread_starts(unsigned count, unsigned allowed) {
  const std::lock_guard<std::mutex> lock(counts_mutex);
  starts_allowed = count ? allowed : 0;
  starts_refused = count;
}

unsigned thread_starts_to_refuse() {
  const std::lock_guard<std::mutex> lock(counts_mutex);
  return starts_refused;
}

bool take_thread_refusal() {
  const std::lock_guard<std::mutex> lock(counts_mutex);
  if (starts_refused == 0) return false;
  if (starts_allowed > 0) {
    --starts_allowed;
    return false;
  }
  --starts_refused;
  return true;
}

}  // namespace grundy::detail
