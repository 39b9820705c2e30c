#include "grundy/core/memory.h"

#include <unistd.h>

namespace grundy {

std::uint64_t physical_memory() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

std::uint64_t default_memory_limit() {
  const std::uint64_t memory = physical_memory();
  return memory == 0 ? std::uint64_t{4} << 30 : memory / 4 * 3;
}

}  // namespace grundy
