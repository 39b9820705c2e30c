// Vector kernels of the sequence engines (src/solve/engines/rare_common.h and the
// split-set engine, src/solve/engines/split_set_engine.cpp), one
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
//   for at most 8, compares with each value broadcast. or_three_heap_set
//   builds the split-set engine's three-heap sets a vector of set words at
//   a time.
// Source: Highway's manual (github.com/google/highway, g3doc/quick_reference.md)
//   for HWY_DYNAMIC_DISPATCH and the ops used.
// Status: every target the CPU runs is compared with the portable kernels
//   of rare_common.cpp on whole sequences (tests/stress/sequence_engine_test.cpp,
//   EveryVectorTargetAgreesWithThePortableKernels); WASM SIMD128, which only
//   the WebAssembly build runs (web/CMakeLists.txt), against the command's
//   values in node (tests/web/kernels_test.py).
#pragma once

#include <bit>
#include <cstddef>
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

// The word x with bit p moved to bit p ^ low (low < 64): one swap of
// adjacent blocks of 2^k bits per bit k of low.
inline std::uint64_t xor_bits(std::uint64_t x, unsigned low) {
  static constexpr std::uint64_t kLow[6] = {0x5555555555555555, 0x3333333333333333,
                                            0x0F0F0F0F0F0F0F0F, 0x00FF00FF00FF00FF,
                                            0x0000FFFF0000FFFF, 0x00000000FFFFFFFF};
  for (unsigned i = 0; i < 6; ++i)
    if ((low >> i) & 1) {
      const unsigned s = 1u << i;
      x = ((x & kLow[i]) << s) | ((x >> s) & kLow[i]);
    }
  return x;
}

// The split-set engine's three-heap values of a heap of j tokens
// (split_set_engine.cpp): out |= the union over from <= a <= to (1 <= from,
// to <= j - 2; from 1 to j/3 it is S3(j)) of G(a) ^ S2'(j - a), where
// S2'(i) is the set at pairs + i * words (`words` 64-bit words, a power of
// two; every value of g below 64 * words), with 0 added when i is even (the
// equal split) if `equal_splits`. Xor with v = G(a) moves word w
// to w ^ (v >> 6) and permutes the bits within words by v & 63, which
// distributes over the union: the moved sets are or-ed into by_low[v & 63]
// (64 sets of `words` words, zero on entry and on return) and those are
// permuted once each.
void or_three_heap_set(const Value16* g, Heap j, Heap from, Heap to, const std::uint64_t* pairs,
                       unsigned words, bool equal_splits, std::uint64_t* by_low,
                       std::uint64_t* out);
// The same a word at a time: the twin of the vector kernel, which calls it
// for sets narrower than a vector.
inline void or_three_heap_set_portable(const Value16* g, Heap j, Heap from, Heap to,
                                       const std::uint64_t* pairs, unsigned words,
                                       bool equal_splits, std::uint64_t* by_low,
                                       std::uint64_t* out) {
  std::uint64_t used = 0;  // which of the 64 sets by_low are not empty
  for (Heap a = from; a <= to; ++a) {
    const unsigned v = g[a], high = v >> 6;
    std::uint64_t* dst = by_low + (v & 63) * std::size_t{words};
    const std::uint64_t* set = pairs + (j - a) * words;
    for (unsigned w = 0; w < words; ++w) dst[w ^ high] |= set[w];
    if (equal_splits && (j - a) % 2 == 0) dst[high] |= 1;  // the equal split: 0, moved to v
    used |= std::uint64_t{1} << (v & 63);
  }
  for (; used != 0; used &= used - 1) {
    const unsigned low = static_cast<unsigned>(std::countr_zero(used));
    std::uint64_t* set = by_low + low * std::size_t{words};
    for (unsigned w = 0; w < words; ++w) {
      out[w] |= xor_bits(set[w], low);
      set[w] = 0;
    }
  }
}

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
