#include "grundy/core/memory.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <string>

#if !defined(__EMSCRIPTEN__)
#include <sys/resource.h>
#endif

namespace grundy {

std::uint64_t physical_memory() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

std::uint64_t usable_memory() {
  std::uint64_t memory = physical_memory();
#if !defined(__EMSCRIPTEN__)
  const auto lower_to = [&memory](std::uint64_t bound) {
    if (bound > 0 && (memory == 0 || bound < memory)) memory = bound;
  };
  // `ulimit -v` (RLIMIT_AS): past it every allocation fails, whatever the
  // machine has.
  struct rlimit limit {};
  if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    lower_to(static_cast<std::uint64_t>(limit.rlim_cur));
  // A container's or a scheduler's memory limit (cgroup v2): past it the
  // process is killed.
  std::ifstream cgroup("/sys/fs/cgroup/memory.max");
  std::string text;
  if (cgroup >> text && !text.empty() &&
      std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
      text.size() < 20)
    lower_to(std::stoull(text));
#endif
  return memory;
}

std::uint64_t default_memory_limit() {
  const std::uint64_t memory = usable_memory();
  return memory == 0 ? std::uint64_t{4} << 30 : memory / 4 * 3;
}

}  // namespace grundy
