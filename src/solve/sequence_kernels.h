// Vector kernels of the rare/common engine (src/solve/rare_common.h), one
// source for every instruction set: Google Highway compiles them for each
// target it knows (SSSE3, SSE4, AVX2, AVX-512 on x86; NEON, SVE on ARM; a
// portable emulation everywhere) and picks the best the CPU has at run time;
// the WebAssembly build compiles WASM SIMD128 alone, called directly.
//
// Description: exclusion_bits and group_bits turn epoch stamps into bit sets
//   (compare a vector of stamps, store the mask bits). The scans look for
//   values among the xors g[a] ^ g[m - a] of the two-heap splits of one
//   heap, a whole vector of splits per step (the second heap's values
//   reversed in the register): scan_table, for many values, looks each xor
//   up in the table of values held in registers (byte shuffles, tables of up
//   to 1024 bits; on SSSE3, SSE4 and AVX2 the xors packed to bytes, twice
//   as many splits a register; 16-bit permutes on AVX-512); scan_targets,
//   for at most 8, compares with each value broadcast.
// Source: Highway's manual (github.com/google/highway, g3doc/quick_reference.md)
//   for HWY_DYNAMIC_DISPATCH and the ops used.
// Status: every target the CPU runs is compared with the portable kernels
//   of rare_common.cpp on whole sequences (tests/stress/sequence_engine_test.cpp,
//   EveryVectorTargetAgreesWithThePortableKernels); WASM SIMD128, which only
//   the WebAssembly build runs (web/CMakeLists.txt), against the command's
//   values in node (tests/web/kernels_test.py).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/solve/sequence_engine.h"

namespace grundy::kernels {

// Whether the library was built with Highway (else every kernel below is
// missing and the engine uses its portable kernels).
bool available();

// bits[w] bit b = (stamps[64w + b] == epoch), for w < words.
void exclusion_bits(const std::uint32_t* stamps, std::uint32_t epoch, unsigned words,
                    std::uint64_t* bits);
// bits[w] bit b = (row[64w + b] == epoch), for w < words.
void group_bits(const std::uint8_t* row, std::uint8_t epoch, unsigned words, std::uint64_t* bits);

// The most values scan_targets looks for at once.
constexpr unsigned kMaxTargets = 8;

// Removes from targets[0..count) (distinct values, count <= kMaxTargets)
// each value g[a] ^ g[m - a] for from <= a <= to (to <= m / 2), and returns
// how many are left, 0 as soon as none is. The order of those left may
// change. `steps` grows by the splits looked at (whole vectors).
unsigned scan_targets(const Value16* g, Heap m, Heap from, Heap to, Value16* targets,
                      unsigned count, std::uint64_t& steps);

// Clears from `table` (`words` words) each value g[a] ^ g[m - a] for
// from <= a <= to (to <= m / 2); `count` is the number of bits set in it.
// Stops once no more than `enough` are left (after a whole vector of
// splits, so possibly fewer), or after split `to`;
// returns the count left and sets `from` to the first split not looked at.
unsigned scan_table(const Value16* g, Heap m, Heap& from, Heap to, std::uint64_t* table,
                    unsigned words, unsigned count, unsigned enough, std::uint64_t& steps);

// The instruction set the kernels run with now ("AVX2", "NEON", ...), or
// "portable" without Highway.
std::string target_name();

// For tests: the targets compiled in that this CPU runs, and a way to make
// the dispatch use one of them (0: the best again). Not thread-safe with
// running kernels.
struct VectorTarget {
  std::int64_t bits;
  std::string name;
};
std::vector<VectorTarget> runnable_targets();
void force_target(std::int64_t bits);

}  // namespace grundy::kernels
