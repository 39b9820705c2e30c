// The vector kernels of src/solve/engines/sequence_kernels.h. With Highway this file
// is compiled once per target (hwy/foreach_target.h includes it again for
// each); without it (GRUNDY_HAVE_HIGHWAY undefined) only the stubs at the
// end exist and the engine keeps its portable kernels. The WebAssembly build
// (web/CMakeLists.txt) compiles it for the one static target, WASM SIMD128,
// with HWY_COMPILE_ONLY_STATIC (see runnable_targets below).
#if defined(GRUNDY_HAVE_HIGHWAY)

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "solve/engines/sequence_kernels.cpp"
#include <hwy/foreach_target.h>  // must come before highway.h

#include <hwy/highway.h>

#include <algorithm>
#include <bit>
#include <cstring>

#include "solve/engines/sequence_kernels.h"

HWY_BEFORE_NAMESPACE();
namespace grundy::kernels::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// The bits of a mask of at most 64 lanes, lane i in bit i. StoreMaskBits
// writes (lanes + 7) / 8 bytes; they are read back one at a time, each load
// inside that store, so the store buffer forwards them. (A wider load over
// the store and older ones cannot be forwarded: it waits until the stores
// reach the cache; on 0.6, 14% of the table scan's samples sat there.)
template <class D>
HWY_INLINE std::uint64_t MaskBits(D d, hn::Mask<D> mask, std::uint8_t* bytes) {
  const std::size_t written = hn::StoreMaskBits(d, mask, bytes);
  std::uint64_t word = 0;
  for (std::size_t k = 0; k < written; ++k) word |= std::uint64_t{bytes[k]} << (8 * k);
  return word;
}

// 64 comparisons per output word, a vector at a time: the mask of each
// vector is stored as bits (at most 64 lanes, so at most 8 bytes).
template <class D, typename T>
HWY_INLINE void MaskWords(D d, const T* lanes, T epoch, unsigned words, std::uint64_t* bits) {
  const std::size_t n = hn::Lanes(d);
  const auto e = hn::Set(d, epoch);
  for (unsigned w = 0; w < words; ++w) {
    std::uint64_t word = 0;
    for (std::size_t i = 0; i < 64; i += n) {
      std::uint8_t bytes[8];
      word |= MaskBits(d, hn::Eq(hn::LoadU(d, lanes + 64 * w + i), e), bytes) << i;
    }
    bits[w] = word;
  }
}

void ExclusionBits(const std::uint32_t* stamps, std::uint32_t epoch, unsigned words,
                   std::uint64_t* bits) {
  MaskWords(hn::CappedTag<std::uint32_t, 64>(), stamps, epoch, words, bits);
}

void GroupBits(const std::uint8_t* row, std::uint8_t epoch, unsigned words, std::uint64_t* bits) {
  MaskWords(hn::CappedTag<std::uint8_t, 64>(), row, epoch, words, bits);
}

// The 16-bit lanes of v in reverse order (the second heaps of a vector of
// splits, read upwards, turned to face the first heaps). Highway 1.0.3
// reverses 16-bit lanes on SSSE3, SSE4 and AVX2 as 32-bit lanes rotated by
// 16 bits: a permute, two shifts and an or. One byte shuffle within each
// 128-bit block (and, on AVX2, a swap of the two blocks) does the same in
// one or two instructions; docs/performance.md has the measurement.
template <class D>
HWY_INLINE hn::Vec<D> ReverseLanes(D d, hn::Vec<D> v) {
#if HWY_TARGET == HWY_AVX2
  (void)d;
  const __m256i pairs = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
                                         14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  return hn::Vec<D>{_mm256_permute4x64_epi64(_mm256_shuffle_epi8(v.raw, pairs), 0x4E)};
#elif HWY_TARGET == HWY_SSE4 || HWY_TARGET == HWY_SSSE3
  (void)d;
  const __m128i pairs = _mm_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  return hn::Vec<D>{_mm_shuffle_epi8(v.raw, pairs)};
#else
  return hn::Reverse(d, v);
#endif
}

// From split a on, the first vector of splits a..a+N-1 (all <= to) whose
// xors hit one of the first kTargets (1, 2, 4 or 8) values broadcast in
// t0..t7; `to + 1` past the last whole vector if none does. Registers are
// named, never in an array: SVE's have no size known to the compiler and
// cannot be array elements or struct members.
template <int kTargets, class D, class V>
HWY_INLINE std::uint64_t FirstHit(D d, const std::uint16_t* g, std::uint64_t m, std::uint64_t a,
                                  std::uint64_t to, V t0, V t1, V t2, V t3, V t4, V t5, V t6,
                                  V t7) {
  const std::size_t n = hn::Lanes(d);
  for (; a + n - 1 <= to; a += n) {
    const auto x = hn::LoadU(d, g + a);
    const auto y = ReverseLanes(d, hn::LoadU(d, g + (m - a - (n - 1))));
    const auto v = hn::Xor(x, y);
    auto hit = hn::Eq(v, t0);
    if constexpr (kTargets > 1) hit = hn::Or(hit, hn::Eq(v, t1));
    if constexpr (kTargets > 2) {
      hit = hn::Or(hit, hn::Eq(v, t2));
      hit = hn::Or(hit, hn::Eq(v, t3));
    }
    if constexpr (kTargets > 4) {
      hit = hn::Or(hit, hn::Eq(v, t4));
      hit = hn::Or(hit, hn::Eq(v, t5));
      hit = hn::Or(hit, hn::Eq(v, t6));
      hit = hn::Or(hit, hn::Eq(v, t7));
    }
    if (!hn::AllFalse(d, hit)) return a;
  }
  return a;
}

unsigned ScanTargets(const std::uint16_t* g, std::uint64_t m, std::uint64_t from,
                     std::uint64_t to, std::uint16_t* targets, unsigned count,
                     std::uint64_t& steps) {
  const hn::ScalableTag<std::uint16_t> d;
  const std::size_t n = hn::Lanes(d);
  using V = hn::Vec<decltype(d)>;
  // Splits a..last, one at a time: removes the values found; true when none
  // is left.
  const auto settle = [&](std::uint64_t a, std::uint64_t last) {
    for (; a <= last; ++a) {
      const std::uint16_t v = static_cast<std::uint16_t>(g[a] ^ g[m - a]);
      for (unsigned i = 0; i < count; ++i)
        if (targets[i] == v) {
          targets[i] = targets[--count];
          if (count == 0) {
            steps += a + 1 - from;
            return true;
          }
          break;
        }
    }
    return false;
  };
  if (count == 0) return 0;
  std::uint64_t a = from;
  while (a <= to) {
    // The values left, broadcast; unused registers repeat the last one.
    static_assert(kMaxTargets == 8, "FirstHit takes eight registers");
    const auto value = [&](unsigned i) { return hn::Set(d, targets[i < count ? i : count - 1]); };
    const V t0 = value(0), t1 = value(1), t2 = value(2), t3 = value(3), t4 = value(4),
            t5 = value(5), t6 = value(6), t7 = value(7);
    std::uint64_t hit;
    if (count == 1)
      hit = FirstHit<1>(d, g, m, a, to, t0, t1, t2, t3, t4, t5, t6, t7);
    else if (count == 2)
      hit = FirstHit<2>(d, g, m, a, to, t0, t1, t2, t3, t4, t5, t6, t7);
    else if (count <= 4)
      hit = FirstHit<4>(d, g, m, a, to, t0, t1, t2, t3, t4, t5, t6, t7);
    else
      hit = FirstHit<8>(d, g, m, a, to, t0, t1, t2, t3, t4, t5, t6, t7);
    if (hit + n - 1 > to) {  // no whole vector left: the tail one by one
      if (settle(hit, to)) return 0;
      break;
    }
    // The vector that hit: drop each value it holds, one compare per value
    // left (settling its splits one at a time cost more than the whole
    // vector loop on short scans).
    const V v =
        hn::Xor(hn::LoadU(d, g + hit), ReverseLanes(d, hn::LoadU(d, g + (m - hit - (n - 1)))));
    unsigned kept = 0;
    for (unsigned i = 0; i < count; ++i)
      if (hn::AllFalse(d, hn::Eq(v, hn::Set(d, targets[i])))) targets[kept++] = targets[i];
    count = kept;
    if (count == 0) {
      steps += hit + n - from;
      return 0;
    }
    a = hit + n;
  }
  steps += to + 1 - from;
  return count;
}

#if HWY_TARGET != HWY_SCALAR  // the table needs 128-bit registers
// Splits a..last one at a time against the bit table: clears the values
// found; true when none is left.
HWY_INLINE bool SettleInTable(const std::uint16_t* g, std::uint64_t m, std::uint64_t a,
                              std::uint64_t last, std::uint64_t* table, unsigned& count) {
  for (; a <= last; ++a) {
    const unsigned v = g[a] ^ g[m - a];
    const std::uint64_t bit = std::uint64_t{1} << (v & 63);
    if (table[v >> 6] & bit) {
      table[v >> 6] &= ~bit;
      if (--count == 0) return true;
    }
  }
  return false;
}

// bytes[from[i]] for each byte i (from[i] < 16). Highway 1.0.3 emulates
// TableLookupBytes on WASM one byte at a time through memory (for a V8 bug
// fixed in April 2021, hwy/ops/wasm_128-inl.h), which left the table scan no
// faster than the portable one; the V8 of today (node 20, current Chromium)
// runs the instruction itself, i8x16.swizzle, correctly, and
// tests/web/kernels_test.py compares the results with the native command.
// Every index given here is below 16 (in each 16-bit lane the high byte is
// 0), so no lookup relies on how an engine treats indices out of range.
template <class V>
HWY_INLINE V LookupBytes(V bytes, V from) {
#if HWY_TARGET == HWY_WASM
  return V{wasm_i8x16_swizzle(bytes.raw, from.raw)};
#else
  return hn::TableLookupBytes(bytes, from);
#endif
}

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
// AVX-512 (with BW, which Highway's AVX3 targets require) permutes 16-bit
// lanes across the whole register, which Highway 1.0.3 does not offer for
// 16-bit lanes: vpermw looks each lane's table word up among 32 (512 bits of
// the table) and vpermi2w among the 64 of two registers (1024 bits), one
// instruction where the byte shuffles below take one shuffle and one blend
// per 128 values. docs/performance.md has the measurement.
#define GRUNDY_WORD_LOOKUP 1
#elif HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_SSE4 || HWY_TARGET == HWY_SSSE3
// x86's byte shuffle (pshufb) gives 0 for an index byte with bit 7 set and
// reads byte (index & 15) for any other: the blocks are then looked up all
// at once with no blend (see ScanBlocks).
#define GRUNDY_SHUFFLE_WRAPS 1
#endif

#if defined(GRUNDY_SHUFFLE_WRAPS)
// The table scan on bytes: twice as many splits per register as 16-bit
// lanes, so half the shuffles per split. Values below 256 (tables of one or
// two blocks) fit a byte themselves; values below 1024 are looked up by two
// bytes, v >> 3 (< 128) and v & 7. A register holds the xors of the splits
// a..a+kPairBytes-1 in an order of its own: packus packs two registers of
// 16-bit lanes block by block (each 128-bit block's lanes stay in that
// block), so the second heaps are loaded 8 lanes at a time in the places
// that face their first heaps once both are packed the same way, and one
// byte shuffle per block turns them around. Only the loads and four
// instructions differ between AVX2 and SSE4/SSSE3.
#if HWY_TARGET == HWY_AVX2
using ByteRegister = __m256i;
// f1, f2: heaps a..a+15, a+16..a+31. s1, s2: in block 0 of s1 heaps
// m-a-7..m-a (facing a..a+7), in block 1 m-a-15..m-a-8, and s2 the same 16
// further down. Reads g[a] to g[a + 31] and g[m - a - 31] to g[m - a].
HWY_INLINE void LoadSplits(const std::uint16_t* g, std::uint64_t m, std::uint64_t a,
                           ByteRegister& f1, ByteRegister& f2, ByteRegister& s1,
                           ByteRegister& s2) {
  const auto at = [&](std::uint64_t i) { return reinterpret_cast<const __m128i*>(g + i); };
  f1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(g + a));
  f2 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(g + a + 16));
  s1 = _mm256_loadu2_m128i(at(m - a - 15), at(m - a - 7));
  s2 = _mm256_loadu2_m128i(at(m - a - 31), at(m - a - 23));
}
HWY_INLINE ByteRegister PackBytes(ByteRegister x, ByteRegister y) {
  return _mm256_packus_epi16(x, y);
}
HWY_INLINE std::uint32_t MoveMask(ByteRegister v) {
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(v));
}
HWY_INLINE bool NoBitsInCommon(ByteRegister x, ByteRegister y) { return _mm256_testz_si256(x, y); }
#else
using ByteRegister = __m128i;
// f1, f2: heaps a..a+7, a+8..a+15; s1, s2: m-a-7..m-a and m-a-15..m-a-8.
HWY_INLINE void LoadSplits(const std::uint16_t* g, std::uint64_t m, std::uint64_t a,
                           ByteRegister& f1, ByteRegister& f2, ByteRegister& s1,
                           ByteRegister& s2) {
  const auto at = [&](std::uint64_t i) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(g + i));
  };
  f1 = at(a);
  f2 = at(a + 8);
  s1 = at(m - a - 7);
  s2 = at(m - a - 15);
}
HWY_INLINE ByteRegister PackBytes(ByteRegister x, ByteRegister y) {
  return _mm_packus_epi16(x, y);
}
HWY_INLINE std::uint32_t MoveMask(ByteRegister v) {
  return static_cast<std::uint32_t>(_mm_movemask_epi8(v));
}
#if HWY_TARGET != HWY_SSSE3  // no ptest before SSE4.1
HWY_INLINE bool NoBitsInCommon(ByteRegister x, ByteRegister y) { return _mm_testz_si128(x, y); }
#endif
#endif
constexpr unsigned kPairBytes = sizeof(ByteRegister);

// g[a + i] ^ g[m - a - i] for i < kPairBytes, values below 256, as bytes.
HWY_INLINE ByteRegister PairBytes(const std::uint16_t* g, std::uint64_t m, std::uint64_t a) {
  const hn::ScalableTag<std::uint8_t> d8;
  HWY_ALIGN static constexpr std::uint8_t kTurnBytes[16] = {7,  6,  5,  4,  3,  2,  1, 0,
                                                            15, 14, 13, 12, 11, 10, 9, 8};
  ByteRegister f1, f2, s1, s2;
  LoadSplits(g, m, a, f1, f2, s1, s2);
  using B = hn::Vec<decltype(d8)>;
  return hn::Xor(B{PackBytes(f1, f2)},
                 hn::TableLookupBytes(B{PackBytes(s1, s2)}, hn::LoadDup128(d8, kTurnBytes)))
      .raw;
}

// The same xors for values below 1024 as two byte registers, v >> 3 and
// v & 7, in the same order: the xors taken on 16-bit lanes, then packed.
HWY_INLINE void PairIndices(const std::uint16_t* g, std::uint64_t m, std::uint64_t a,
                            ByteRegister& index, ByteRegister& low) {
  const hn::ScalableTag<std::uint16_t> d16;
  const hn::Repartition<std::uint8_t, decltype(d16)> d8;
  HWY_ALIGN static constexpr std::uint8_t kTurnLanes[16] = {14, 15, 12, 13, 10, 11, 8, 9,
                                                            6,  7,  4,  5,  2,  3,  0, 1};
  ByteRegister f1, f2, s1, s2;
  LoadSplits(g, m, a, f1, f2, s1, s2);
  using W = hn::Vec<decltype(d16)>;
  const auto turn = hn::BitCast(d16, hn::LoadDup128(d8, kTurnLanes));
  const W x1 = hn::Xor(W{f1}, hn::TableLookupBytes(W{s1}, turn));
  const W x2 = hn::Xor(W{f2}, hn::TableLookupBytes(W{s2}, turn));
  const W seven = hn::Set(d16, std::uint16_t{7});
  index = PackBytes(hn::ShiftRight<3>(x1).raw, hn::ShiftRight<3>(x2).raw);
  low = PackBytes(hn::And(x1, seven).raw, hn::And(x2, seven).raw);
}

// Bit i set where byte i of `bytes` has the bit of byte i of `bit`; and
// whether none has.
HWY_INLINE std::uint32_t ByteHits(ByteRegister bytes, ByteRegister bit) {
  const hn::ScalableTag<std::uint8_t> d8;
  using B = hn::Vec<decltype(d8)>;
  return MoveMask(hn::VecFromMask(d8, hn::Eq(hn::And(B{bytes}, B{bit}), B{bit})).raw);
}
HWY_INLINE bool NoByteHits(ByteRegister bytes, ByteRegister bit) {
#if HWY_TARGET == HWY_SSSE3
  return ByteHits(bytes, bit) == 0;
#else
  return NoBitsInCommon(bytes, bit);
#endif
}
#endif  // GRUNDY_SHUFFLE_WRAPS

// The table as kBlocks blocks of 16 bytes (value v: byte v >> 3, bit v & 7),
// each in every 128-bit block of a register, looked up with byte shuffles:
// bits 3-6 of v pick the byte within a block, bits 7-9 the block, bits 0-2
// the bit (a shuffle of the 8 single-bit bytes). Only the low byte of each
// 16-bit lane is meaningful; the high byte is masked off. With
// GRUNDY_WORD_LOOKUP the same bytes are 16-bit words instead (value v: word
// v >> 4, bit v & 15, little-endian), looked up whole.
//
// The registers follow the bit table as values are found, never through
// a wide load of memory just written: a 16- or 64-byte load over a byte or
// word stored a few cycles before cannot take it from the store buffer and
// waits until the store reaches the cache (on 0.161 with the AVX2 kernels
// 9% of this loop's samples fell on that reload; doing without it saved
// 1-3%, docs/performance.md). The byte shuffles rebuild
// each block from the table's two 8-byte words (each load the size and
// place of the store before it, so forwarded); the 16-bit permutes clear
// the word's bit in the register itself. `table` has 2 * kBlocks words,
// and nothing past them is read.
template <int kBlocks>
unsigned ScanBlocks(const std::uint16_t* g, std::uint64_t m, std::uint64_t& from,
                    std::uint64_t to, std::uint64_t* table, unsigned count, unsigned enough,
                    std::uint64_t& steps) {
  const hn::ScalableTag<std::uint16_t> d;
  const hn::Repartition<std::uint8_t, decltype(d)> d8;
  using V = hn::Vec<decltype(d)>;
  const std::size_t n = hn::Lanes(d);
#if defined(GRUNDY_WORD_LOOKUP)
  (void)d8;
  const __m512i one = _mm512_set1_epi16(1), low4 = _mm512_set1_epi16(15);
  // The table's 2 * kBlocks words and zeros (a masked load reads no more).
  __m512i words_low = _mm512_maskz_loadu_epi64(
              static_cast<__mmask8>((1u << std::min(2 * kBlocks, 8)) - 1), table),
          words_high = _mm512_setzero_si512();
  if constexpr (kBlocks > 4) words_high = _mm512_loadu_si512(table + 8);
  // Value v found: its bit cleared in the register that holds it.
  const auto clear = [&](unsigned v) {
    const unsigned word = v >> 4;
    const auto bit = static_cast<short>(1u << (v & 15));
    if constexpr (kBlocks > 4) {
      const std::uint64_t lanes = std::uint64_t{1} << word;
      words_low = _mm512_andnot_si512(
          _mm512_maskz_set1_epi16(static_cast<__mmask32>(lanes), bit), words_low);
      words_high = _mm512_andnot_si512(
          _mm512_maskz_set1_epi16(static_cast<__mmask32>(lanes >> 32), bit), words_high);
    } else {
      words_low = _mm512_andnot_si512(
          _mm512_maskz_set1_epi16(static_cast<__mmask32>(1u << word), bit), words_low);
    }
  };
#else
  HWY_ALIGN static constexpr std::uint8_t kBit[16] = {1, 2, 4, 8, 16, 32, 64, 128,
                                                      1, 2, 4, 8, 16, 32, 64, 128};
  const V single = hn::BitCast(d, hn::LoadDup128(d8, kBit));
#if !defined(GRUNDY_SHUFFLE_WRAPS)
  const V low_byte = hn::Set(d, std::uint16_t{0xFF});
  const V low3 = hn::Set(d, std::uint16_t{7}), low4 = hn::Set(d, std::uint16_t{15});
#endif
  // The blocks, one register each (named: SVE registers cannot be array
  // elements); those past kBlocks stay unused.
  const hn::Repartition<std::uint64_t, decltype(d)> d64;
  const auto block_of = [&](int k) {
    return hn::BitCast(d, hn::InterleaveLower(d64, hn::Set(d64, table[2 * k]),
                                              hn::Set(d64, table[2 * k + 1])));
  };
  V t0 = hn::Zero(d), t1 = t0, t2 = t0, t3 = t0, t4 = t0, t5 = t0, t6 = t0, t7 = t0;
#if defined(GRUNDY_SHUFFLE_WRAPS)
  // Register k > 0 holds block k-1 xor block k: see the lookup below.
  V previous = t0;
  const auto block_after = [&](int k) {
    const V block = block_of(k);
    const V change = hn::Xor(previous, block);
    previous = block;
    return change;
  };
#else
  const auto block_after = block_of;
#endif
  const auto load_tables = [&] {
    t0 = block_of(0);
#if defined(GRUNDY_SHUFFLE_WRAPS)
    previous = t0;
#endif
    if constexpr (kBlocks > 1) t1 = block_after(1);
    if constexpr (kBlocks > 2) {
      t2 = block_after(2);
      t3 = block_after(3);
    }
    if constexpr (kBlocks > 4) {
      t4 = block_after(4);
      t5 = block_after(5);
      t6 = block_after(6);
      t7 = block_after(7);
    }
  };
  load_tables();
#endif
  const std::uint64_t start = from;
  std::uint64_t a = from;
  // Value `value` seen: cleared from the table and counted if it was still
  // there; true when none is left. The hits of one register repeat values
  // (on 0.161, 3.7 hit lanes and 2.8 values a register), and a branch on
  // whether the value was still there was mispredicted often enough to
  // cost more than clearing it again (docs/performance.md).
  const auto found = [&](unsigned value) {
    std::uint64_t& word = table[value >> 6];
    count -= static_cast<unsigned>((word >> (value & 63)) & 1);
    word &= ~(std::uint64_t{1} << (value & 63));
#if defined(GRUNDY_WORD_LOOKUP)
    clear(value);
#endif
    return count == 0;
  };
  // Stops before split `end`, every split before it looked at.
  const auto stop_at = [&](std::uint64_t end) {
    steps += end - start;
    from = end;
    return count;
  };
#if defined(GRUNDY_SHUFFLE_WRAPS)
  {
    // The table looked up by bytes (PairBytes above): index v >> 3 < 128,
    // bit v & 7; the registers xored together up to v's block telescope
    // to that block (a shuffle by an index below 16k gives 0).
    using B = hn::Vec<decltype(d8)>;
    const B bits = hn::BitCast(d8, single), seven = hn::Set(d8, std::uint8_t{7});
    const B sixteen = hn::Set(d8, std::uint8_t{16});
    for (; a + kPairBytes - 1 <= to; a += kPairBytes) {
      B index, low, v;
      if constexpr (kBlocks <= 2) {
        v = B{PairBytes(g, m, a)};
        index = hn::ShiftRight<3>(v);
        low = hn::And(v, seven);
      } else {
        PairIndices(g, m, a, index.raw, low.raw);
      }
      B byte = hn::TableLookupBytes(hn::BitCast(d8, t0), index);
      const auto add = [&](V change) {
        index = hn::Sub(index, sixteen);
        byte = hn::Xor(byte, hn::TableLookupBytes(hn::BitCast(d8, change), index));
      };
      if constexpr (kBlocks > 1) add(t1);
      if constexpr (kBlocks > 2) {
        add(t2);
        add(t3);
      }
      if constexpr (kBlocks > 4) {
        add(t4);
        add(t5);
        add(t6);
        add(t7);
      }
      const B bit = hn::TableLookupBytes(bits, low);
      if (NoByteHits(byte.raw, bit.raw)) continue;
      // The values of the bytes that hit: v itself, or put together again.
      HWY_ALIGN std::uint8_t values[kPairBytes], lows[kPairBytes];
      if constexpr (kBlocks <= 2) {
        hn::Store(v, d8, values);
      } else {
        hn::Store(hn::Add(index, hn::Set(d8, std::uint8_t{16 * (kBlocks - 1)})), d8, values);
        hn::Store(low, d8, lows);
      }
      const auto value_at = [&](unsigned i) {
        if constexpr (kBlocks <= 2)
          return unsigned{values[i]};
        else
          return unsigned{values[i]} << 3 | lows[i];
      };
      for (std::uint32_t word = ByteHits(byte.raw, bit.raw); word != 0; word &= word - 1)
        if (found(value_at(static_cast<unsigned>(std::countr_zero(word)))))
          return stop_at(a + kPairBytes);
      if (count <= enough) return stop_at(a + kPairBytes);
      load_tables();
    }
  }
#else
  // A register of splits at a time in 16-bit lanes (on SSSE3, SSE4 and
  // AVX2 the byte loop above does it, and fewer than kPairBytes splits are
  // left for the tail below).
  for (; a + n - 1 <= to; a += n) {
    const V v = hn::Xor(hn::LoadU(d, g + a), ReverseLanes(d, hn::LoadU(d, g + (m - a - (n - 1)))));
#if defined(GRUNDY_WORD_LOOKUP)
    const __m512i index = _mm512_srli_epi16(v.raw, 4);  // v < 128 * kBlocks
    const __m512i word = kBlocks > 4 ? _mm512_permutex2var_epi16(words_low, index, words_high)
                                     : _mm512_permutexvar_epi16(index, words_low);
    const __m512i bit = _mm512_sllv_epi16(one, _mm512_and_si512(v.raw, low4));
    const hn::Mask<decltype(d)> hit{_mm512_test_epi16_mask(word, bit)};
#else
    const V within = hn::And(hn::ShiftRight<3>(v), low4);
    V byte = LookupBytes(t0, within);
    if constexpr (kBlocks > 1) {
      const V block = hn::ShiftRight<7>(v);
      const auto take = [&](V block_bytes, std::uint16_t k) {
        byte = hn::IfThenElse(hn::Eq(block, hn::Set(d, k)), LookupBytes(block_bytes, within), byte);
      };
      take(t1, 1);
      if constexpr (kBlocks > 2) {
        take(t2, 2);
        take(t3, 3);
      }
      if constexpr (kBlocks > 4) {
        take(t4, 4);
        take(t5, 5);
        take(t6, 6);
        take(t7, 7);
      }
    }
    const V bit = hn::And(LookupBytes(single, hn::And(v, low3)), low_byte);
    const auto hit = hn::Ne(hn::And(byte, bit), hn::Zero(d));
#endif
    if (hn::AllFalse(d, hit)) continue;
    // Clear the values of the lanes that hit.
    HWY_ALIGN std::uint16_t lanes[hn::MaxLanes(d)];
    hn::StoreU(v, d, lanes);
    HWY_ALIGN std::uint8_t hit_bits[(hn::MaxLanes(d) + 7) / 8];
    const std::size_t hit_bytes = hn::StoreMaskBits(d, hit, hit_bits);
    for (std::size_t w = 0; w < n; w += 64) {
      // Byte by byte, as MaskBits reads them (a wider load waits for the store).
      std::uint64_t word = 0;
      for (std::size_t k = w / 8; k < hit_bytes && k < w / 8 + 8; ++k)
        word |= std::uint64_t{hit_bits[k]} << (8 * (k - w / 8));
      for (; word != 0; word &= word - 1)
        if (found(lanes[w + static_cast<std::size_t>(std::countr_zero(word))]))
          return stop_at(a + n);
    }
    if (count <= enough) return stop_at(a + n);
#if !defined(GRUNDY_WORD_LOOKUP)
    load_tables();
#endif
  }
#endif  // GRUNDY_SHUFFLE_WRAPS
  // The tail, one split at a time.
  if (a <= to && SettleInTable(g, m, a, to, table, count)) {
    steps += to + 1 - start;
    from = to + 1;
    return 0;
  }
  steps += to + 1 - start;
  from = to + 1;
  return count;
}

#undef GRUNDY_WORD_LOOKUP  // this file is compiled again for the next target
#undef GRUNDY_SHUFFLE_WRAPS
#endif  // HWY_TARGET != HWY_SCALAR

unsigned ScanTable(const std::uint16_t* g, std::uint64_t m, std::uint64_t& from,
                   std::uint64_t to, std::uint64_t* table, unsigned words, unsigned count,
                   unsigned enough, std::uint64_t& steps) {
#if HWY_TARGET != HWY_SCALAR
  if (words <= 16) {
    // The blocks hold 2, 4, 8 or 16 words: a table of another size (the
    // engine's are powers of two, so only one word) is padded with zeros.
    if (words != 2 && words != 4 && words != 8 && words != 16) {
      HWY_ALIGN std::uint64_t padded[16] = {};
      std::memcpy(padded, table, 8 * words);
      const unsigned blocks_words = std::bit_ceil(std::max(words, 2u));
      const unsigned left = ScanTable(g, m, from, to, padded, blocks_words, count, enough, steps);
      std::memcpy(table, padded, 8 * words);
      return left;
    }
    if (words == 2) return ScanBlocks<1>(g, m, from, to, table, count, enough, steps);
    if (words == 4) return ScanBlocks<2>(g, m, from, to, table, count, enough, steps);
    if (words == 8) return ScanBlocks<4>(g, m, from, to, table, count, enough, steps);
    return ScanBlocks<8>(g, m, from, to, table, count, enough, steps);
  }
#endif
  // Values of more than 10 bits (or no 128-bit registers): one at a time.
  const std::uint64_t start = from;
  for (; from <= to && count > enough; ++from) {
    const unsigned v = g[from] ^ g[m - from];
    const std::uint64_t bit = std::uint64_t{1} << (v & 63);
    if (table[v >> 6] & bit) {
      table[v >> 6] &= ~bit;
      --count;
    }
  }
  steps += from - start;
  (void)words;
  return count;
}

// The split-set engine's three-heap sets (split_set_engine.cpp): what
// kernels::or_three_heap_set says, a vector of set words at a time. Xor with
// v moves word w to w ^ (v >> 6): with L words a vector and sets of at least
// L words, the high bits of v >> 6 move whole vectors and its low bits
// permute the words within each (one TableLookupLanes with indices
// i ^ (high & (L - 1)), the same for every vector of the set); then each of
// the 64 sets by v & 63 has the bits within its words permuted, one
// conditional swap of blocks of 2^k bits per bit k of v & 63, on whole
// vectors too.
template <int kShift>
HWY_INLINE hn::Vec<hn::ScalableTag<std::uint64_t>> SwapBitBlocks(
    hn::Vec<hn::ScalableTag<std::uint64_t>> x, std::uint64_t mask) {
  const hn::ScalableTag<std::uint64_t> d;
  const auto m = hn::Set(d, mask);
  return hn::Or(hn::ShiftLeft<kShift>(hn::And(x, m)), hn::And(hn::ShiftRight<kShift>(x), m));
}

void OrThreeHeapSet(const std::uint16_t* g, std::uint64_t j, std::uint64_t from,
                    std::uint64_t to, const std::uint64_t* pairs, unsigned words,
                    bool equal_splits, std::uint64_t* by_low, std::uint64_t* out) {
  const hn::ScalableTag<std::uint64_t> d;
  const hn::RebindToSigned<decltype(d)> di;
  const std::size_t lanes = hn::Lanes(d);
  // Sets narrower than a vector (values below 64 * lanes), or a vector
  // length that is not a power of two (SVE may have 6 lanes): word by word.
  if (words < lanes || !std::has_single_bit(lanes)) {
    or_three_heap_set_portable(g, j, from, to, pairs, words, equal_splits, by_low, out);
    return;
  }
  std::uint64_t used = 0;  // which of the 64 sets by_low are not empty
  for (std::uint64_t a = from; a <= to; ++a) {
    const unsigned v = g[a], high = v >> 6;
    const std::uint64_t rest = j - a;
    std::uint64_t* dst = by_low + (v & 63) * std::size_t{words};
    const std::uint64_t* set = pairs + rest * words;
    const std::size_t block = high & ~(lanes - 1), within = high & (lanes - 1);
    if (within == 0) {
      for (std::size_t w = 0; w < words; w += lanes)
        hn::StoreU(hn::Or(hn::LoadU(d, dst + (w ^ block)), hn::LoadU(d, set + w)), d,
                   dst + (w ^ block));
    } else {
      const auto turn = hn::IndicesFromVec(
          d, hn::Xor(hn::Iota(di, 0), hn::Set(di, static_cast<std::int64_t>(within))));
      for (std::size_t w = 0; w < words; w += lanes)
        hn::StoreU(hn::Or(hn::LoadU(d, dst + (w ^ block)),
                          hn::TableLookupLanes(hn::LoadU(d, set + w), turn)),
                   d, dst + (w ^ block));
    }
    if (equal_splits && rest % 2 == 0) dst[high] |= 1;  // the equal split: 0, moved to v
    used |= std::uint64_t{1} << (v & 63);
  }
  for (; used != 0; used &= used - 1) {
    const unsigned low = static_cast<unsigned>(std::countr_zero(used));
    std::uint64_t* set = by_low + low * std::size_t{words};
    for (std::size_t w = 0; w < words; w += lanes) {
      auto x = hn::LoadU(d, set + w);
      if (low & 1) x = SwapBitBlocks<1>(x, 0x5555555555555555);
      if (low & 2) x = SwapBitBlocks<2>(x, 0x3333333333333333);
      if (low & 4) x = SwapBitBlocks<4>(x, 0x0F0F0F0F0F0F0F0F);
      if (low & 8) x = SwapBitBlocks<8>(x, 0x00FF00FF00FF00FF);
      if (low & 16) x = SwapBitBlocks<16>(x, 0x0000FFFF0000FFFF);
      if (low & 32) x = SwapBitBlocks<32>(x, 0x00000000FFFFFFFF);
      hn::StoreU(hn::Or(hn::LoadU(d, out + w), x), d, out + w);
      hn::StoreU(hn::Zero(d), d, set + w);
    }
  }
}

std::int64_t CurrentTarget() { return HWY_TARGET; }

}  // namespace grundy::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace grundy::kernels {

HWY_EXPORT(ExclusionBits);
HWY_EXPORT(GroupBits);
HWY_EXPORT(ScanTargets);
HWY_EXPORT(ScanTable);
HWY_EXPORT(OrThreeHeapSet);
HWY_EXPORT(CurrentTarget);

bool available() { return true; }

void exclusion_bits(const std::uint32_t* stamps, std::uint32_t epoch, unsigned words,
                    std::uint64_t* bits) {
  HWY_DYNAMIC_DISPATCH(ExclusionBits)(stamps, epoch, words, bits);
}

void group_bits(const std::uint8_t* row, std::uint8_t epoch, unsigned words, std::uint64_t* bits) {
  HWY_DYNAMIC_DISPATCH(GroupBits)(row, epoch, words, bits);
}

unsigned scan_targets(const Value16* g, Heap m, Heap from, Heap to, Value16* targets,
                      unsigned count, std::uint64_t& steps) {
  return HWY_DYNAMIC_DISPATCH(ScanTargets)(g, m, from, to, targets, count, steps);
}

unsigned scan_table(const Value16* g, Heap m, Heap& from, Heap to, std::uint64_t* table,
                    unsigned words, unsigned count, unsigned enough, std::uint64_t& steps) {
  return HWY_DYNAMIC_DISPATCH(ScanTable)(g, m, from, to, table, words, count, enough, steps);
}

void or_three_heap_set(const Value16* g, Heap j, Heap from, Heap to, const std::uint64_t* pairs,
                       unsigned words, bool equal_splits, std::uint64_t* by_low,
                       std::uint64_t* out) {
  HWY_DYNAMIC_DISPATCH(OrThreeHeapSet)(g, j, from, to, pairs, words, equal_splits, by_low, out);
}

std::string target_name() { return hwy::TargetName(HWY_DYNAMIC_DISPATCH(CurrentTarget)()); }

#if defined(HWY_COMPILE_ONLY_STATIC)
// Static dispatch (the WebAssembly build): Highway's headers without its
// compiled part (libhwy's targets.cc, which Debian ships only as a native
// library), so one target is compiled, the one the compiler flags imply
// (WASM with -msimd128), HWY_DYNAMIC_DISPATCH calls it directly, and there is
// nothing to choose at run time.
std::vector<VectorTarget> runnable_targets() {
  return {{HWY_STATIC_TARGET, hwy::TargetName(HWY_STATIC_TARGET)}};
}

void force_target(std::int64_t) {}
#else
std::vector<VectorTarget> runnable_targets() {
  std::vector<VectorTarget> result;
  for (std::int64_t bits : hwy::SupportedAndGeneratedTargets())
    result.push_back({bits, hwy::TargetName(bits)});
  return result;
}

void force_target(std::int64_t bits) { hwy::SetSupportedTargetsForTest(bits); }
#endif

}  // namespace grundy::kernels
#endif  // HWY_ONCE

#else  // !GRUNDY_HAVE_HIGHWAY

#include "solve/engines/sequence_kernels.h"

namespace grundy::kernels {
// The same contracts, one lane at a time.
bool available() { return false; }

void exclusion_bits(const std::uint32_t* stamps, std::uint32_t epoch, unsigned words,
                    std::uint64_t* bits) {
  for (unsigned w = 0; w < words; ++w) {
    std::uint64_t x = 0;
    for (unsigned b = 0; b < 64; ++b) x |= std::uint64_t{stamps[64 * w + b] == epoch} << b;
    bits[w] = x;
  }
}

void group_bits(const std::uint8_t* row, std::uint8_t epoch, unsigned words, std::uint64_t* bits) {
  for (unsigned w = 0; w < words; ++w) {
    std::uint64_t x = 0;
    for (unsigned b = 0; b < 64; ++b) x |= std::uint64_t{row[64 * w + b] == epoch} << b;
    bits[w] = x;
  }
}

unsigned scan_targets(const Value16* g, Heap m, Heap from, Heap to, Value16* targets,
                      unsigned count, std::uint64_t& steps) {
  for (Heap a = from; a <= to && count != 0; ++a) {
    const Value16 v = static_cast<Value16>(g[a] ^ g[m - a]);
    for (unsigned i = 0; i < count; ++i)
      if (targets[i] == v) {
        targets[i] = targets[--count];
        if (count == 0) {
          steps += a + 1 - from;
          return 0;
        }
        break;
      }
  }
  steps += to + 1 - from;
  return count;
}

unsigned scan_table(const Value16* g, Heap m, Heap& from, Heap to, std::uint64_t* table,
                    unsigned, unsigned count, unsigned enough, std::uint64_t& steps) {
  const Heap start = from;
  for (; from <= to && count > enough; ++from) {
    const unsigned v = g[from] ^ g[m - from];
    const std::uint64_t bit = std::uint64_t{1} << (v & 63);
    if (table[v >> 6] & bit) {
      table[v >> 6] &= ~bit;
      --count;
    }
  }
  steps += from - start;
  return count;
}

void or_three_heap_set(const Value16* g, Heap j, Heap from, Heap to, const std::uint64_t* pairs,
                       unsigned words, bool equal_splits, std::uint64_t* by_low,
                       std::uint64_t* out) {
  or_three_heap_set_portable(g, j, from, to, pairs, words, equal_splits, by_low, out);
}

std::string target_name() { return "portable"; }
std::vector<VectorTarget> runnable_targets() { return {}; }
void force_target(std::int64_t) {}
}  // namespace grundy::kernels

#endif  // GRUNDY_HAVE_HIGHWAY
