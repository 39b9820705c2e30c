// The memory a computation may take unless told otherwise: what every
// up-front memory check (values, graphs) compares its estimate with, and
// what `--max-memory` replaces on the command line.
#pragma once

#include <cstdint>

namespace grundy {

// The machine's physical memory in bytes; 0 when it cannot be read.
std::uint64_t physical_memory();

// The memory this process can have: the machine's physical memory, or less
// where an address-space limit (`ulimit -v`) or a cgroup's memory.max (a
// container, a scheduler) says so; 0 when none of them can be read.
std::uint64_t usable_memory();

// Three quarters of usable_memory() (4 GiB when it cannot be read), leaving
// room for the system, the program itself and estimates that are a little
// low.
std::uint64_t default_memory_limit();

}  // namespace grundy
