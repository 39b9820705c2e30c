// The memory a computation may take unless told otherwise: what every
// up-front memory check (values, graphs) compares its estimate with, and
// what `--max-memory` replaces on the command line.
#pragma once

#include <cstdint>

namespace grundy {

// The machine's physical memory in bytes; 0 when it cannot be read.
std::uint64_t physical_memory();

// Three quarters of the machine's physical memory (4 GiB when it cannot be
// read), leaving room for the system and for estimates that are a little low.
std::uint64_t default_memory_limit();

}  // namespace grundy
