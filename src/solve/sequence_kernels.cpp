// The vector kernels of src/solve/sequence_kernels.h. With Highway this file
// is compiled once per target (hwy/foreach_target.h includes it again for
// each); without it (GRUNDY_HAVE_HIGHWAY undefined, e.g. under emscripten)
// only the stubs at the end exist and the engine keeps its portable kernels.
#if defined(GRUNDY_HAVE_HIGHWAY)

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "solve/sequence_kernels.cpp"
#include <hwy/foreach_target.h>  // must come before highway.h

#include <hwy/highway.h>

#include <cstring>

#include "solve/sequence_kernels.h"

HWY_BEFORE_NAMESPACE();
namespace grundy::kernels::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// 64 comparisons per output word, a vector at a time: the mask of each
// vector is stored as bits (at most 64 lanes, so at most 8 bytes).
template <class D, typename T>
HWY_INLINE void MaskWords(D d, const T* lanes, T epoch, unsigned words, std::uint64_t* bits) {
  const std::size_t n = hn::Lanes(d);
  const auto e = hn::Set(d, epoch);
  for (unsigned w = 0; w < words; ++w) {
    std::uint64_t word = 0;
    for (std::size_t i = 0; i < 64; i += n) {
      std::uint8_t bytes[8] = {};
      hn::StoreMaskBits(d, hn::Eq(hn::LoadU(d, lanes + 64 * w + i), e), bytes);
      std::uint64_t part;
      std::memcpy(&part, bytes, sizeof part);
      word |= part << i;
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

// From split a on, the first vector of splits a..a+N-1 (all <= to) whose
// xors hit one of the kTargets values in t; `to + 1` past the last whole
// vector if none does.
template <int kTargets, class D, class V>
HWY_INLINE std::uint64_t FirstHit(D d, const std::uint16_t* g, std::uint64_t m, std::uint64_t a,
                                  std::uint64_t to, const V* t) {
  const std::size_t n = hn::Lanes(d);
  for (; a + n - 1 <= to; a += n) {
    const auto x = hn::LoadU(d, g + a);
    const auto y = hn::Reverse(d, hn::LoadU(d, g + (m - a - (n - 1))));
    const auto v = hn::Xor(x, y);
    auto hit = hn::Eq(v, t[0]);
    for (int i = 1; i < kTargets; ++i) hit = hn::Or(hit, hn::Eq(v, t[i]));
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
    V t[kMaxTargets];
    for (unsigned i = 0; i < kMaxTargets; ++i) t[i] = hn::Set(d, targets[i < count ? i : count - 1]);
    std::uint64_t hit;
    if (count == 1)
      hit = FirstHit<1>(d, g, m, a, to, t);
    else if (count == 2)
      hit = FirstHit<2>(d, g, m, a, to, t);
    else if (count <= 4)
      hit = FirstHit<4>(d, g, m, a, to, t);
    else
      hit = FirstHit<kMaxTargets>(d, g, m, a, to, t);
    if (hit + n - 1 > to) {  // no whole vector left: the tail one by one
      if (settle(hit, to)) return 0;
      break;
    }
    if (settle(hit, hit + n - 1)) return 0;
    a = hit + n;
  }
  steps += to + 1 - from;
  return count;
}

std::int64_t CurrentTarget() { return HWY_TARGET; }

}  // namespace grundy::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace grundy::kernels {

HWY_EXPORT(ExclusionBits);
HWY_EXPORT(GroupBits);
HWY_EXPORT(ScanTargets);
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

std::string target_name() { return hwy::TargetName(HWY_DYNAMIC_DISPATCH(CurrentTarget)()); }

std::vector<VectorTarget> runnable_targets() {
  std::vector<VectorTarget> result;
  for (std::int64_t bits : hwy::SupportedAndGeneratedTargets())
    result.push_back({bits, hwy::TargetName(bits)});
  return result;
}

void force_target(std::int64_t bits) { hwy::SetSupportedTargetsForTest(bits); }

}  // namespace grundy::kernels
#endif  // HWY_ONCE

#else  // !GRUNDY_HAVE_HIGHWAY

#include "solve/sequence_kernels.h"

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

std::string target_name() { return "portable"; }
std::vector<VectorTarget> runnable_targets() { return {}; }
void force_target(std::int64_t) {}
}  // namespace grundy::kernels

#endif  // GRUNDY_HAVE_HIGHWAY
