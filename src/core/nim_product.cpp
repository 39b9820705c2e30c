// Description: Nim multiplication of 64-bit nimbers. The 64-bit field is built
//   as a tower over the 16-bit field: with H = 2^(2^k) and h = H/2,
//   H ⊗ H = H ⊕ h and x ⊗ H = x·H for x < H, so halves multiply as
//   (a1·H ⊕ a0) ⊗ (b1·H ⊕ b0)
//     = (a1b1 ⊕ a1b0 ⊕ a0b1)·H ⊕ a0b0 ⊕ a1b1 ⊗ h,
//   and Karatsuba's trick (a1b0 ⊕ a0b1 = (a0⊕a1)(b0⊕b1) ⊕ a0b0 ⊕ a1b1) needs
//   three half-size products. 16-bit products are exp[log a + log b] in a
//   cyclic group of order 65535; the generator g is chosen so that
//   2^15 = g^s for the least possible s, which makes "⊗ 2^15" (and
//   "⊗ 2^31" one level up) a shift of the log by s. log[0] is a sentinel so
//   large that any index with a zero factor lands in a zero-filled tail: no
//   branches. nim_square uses that squaring is GF(2)-linear (Frobenius), so
//   eight byte tables give it; nim_inverse uses the norm down the tower,
//   (a1·H ⊕ a0)^-1 = (a1·H ⊕ (a0⊕a1)) ⊗ (a0(a0⊕a1) ⊕ a1² ⊗ h)^-1.
// Source: Conway, On Numbers and Games, ch. 6 (the field of nimbers, the
//   Fermat 2-powers); Berlekamp, Conway, Guy, Winning Ways, ch. 14.
//   theory.md §7 for the half-split formula.
// Time: nim_product 31 table loads, no branches; nim_square 8 loads;
//   nim_inverse about ten 32-bit products. Tables built once (about 1 ms).
// Memory: 256 KiB log table, about 512 KiB exp table (half of it a zero
//   tail touched only by zero factors), 16 KiB square tables.
// Status: stress-tested against the mex definition for all a, b < 256 and
//   against the table-free half-split recursion on random 64-bit values;
//   field identities on random values; unit-tested on the Winning Ways table.
#include "grundy/core/nim_product.h"

#include <array>
#include <cstdint>
#include <mutex>
#include <vector>

#include "grundy/core/error.h"

namespace grundy {
namespace detail {

Nimber nim_product_half_split(Nimber a, Nimber b) {
  // Nimbers 0 and 1 multiply as integers; this also ends the recursion.
  if (a < 2 || b < 2) return a * b;
  unsigned half = 32;  // a, b < 2^(2·half), and 2^(2·half) is a Fermat 2-power
  while (half > 1 && (a >> half) == 0 && (b >> half) == 0) half /= 2;
  const Nimber mask = (Nimber{1} << half) - 1;
  const Nimber a1 = a >> half, a0 = a & mask;
  const Nimber b1 = b >> half, b0 = b & mask;
  const Nimber high = nim_product_half_split(a1, b1);
  const Nimber middle =
      high ^ nim_product_half_split(a1, b0) ^ nim_product_half_split(a0, b1);
  const Nimber low = nim_product_half_split(a0, b0) ^
                     nim_product_half_split(high, Nimber{1} << (half - 1));
  return (middle << half) ^ low;
}

Nimber nim_product_naive(Nimber a, Nimber b) {
  GRUNDY_ASSERT(a < kNimProductNaiveLimit && b < kNimProductNaiveLimit);
  static std::mutex mutex;
  static std::vector<std::uint8_t> table;  // table[x * size + y] = x ⊗ y
  static std::size_t size = 0;
  const std::lock_guard<std::mutex> lock(mutex);
  const std::size_t need = static_cast<std::size_t>(a > b ? a : b) + 1;
  if (need > size) {
    std::size_t n = 16;
    while (n < need) n *= 2;
    table.assign(n * n, 0);
    // Every product of nimbers below 256 is below 256 (a subfield), so the
    // option values fit a 256-bit set.
    for (std::size_t x = 0; x < n; ++x) {
      for (std::size_t y = 0; y < n; ++y) {
        std::array<std::uint64_t, 4> seen{};
        for (std::size_t xp = 0; xp < x; ++xp) {
          const unsigned xp_times_y = table[xp * n + y];
          for (std::size_t yp = 0; yp < y; ++yp) {
            const unsigned v = xp_times_y ^ table[x * n + yp] ^ table[xp * n + yp];
            seen[v >> 6] |= std::uint64_t{1} << (v & 63);
          }
        }
        unsigned mex = 0;
        while ((seen[mex >> 6] >> (mex & 63)) & 1U) ++mex;
        GRUNDY_ASSERT(mex < 256);
        table[x * n + y] = static_cast<std::uint8_t>(mex);
      }
    }
    size = n;
  }
  return table[static_cast<std::size_t>(a) * size + static_cast<std::size_t>(b)];
}

}  // namespace detail

namespace {

constexpr std::uint32_t kGroupOrder = 65535;  // of the multiplicative group of the 16-bit field
constexpr std::uint32_t kMaxShift = 15;       // bound on s, log of 2^15 (asserted at build)
// log[0]: at least any index made of nonzero factors plus one.
constexpr std::uint32_t kLogZero = 2 * (kGroupOrder - 1) + 2 * kMaxShift + 1;
constexpr std::uint32_t kExpSize = 2 * kLogZero + 2 * kMaxShift + 1;

// 16-bit product by bilinearity from the products of single bits; only used
// while the tables are built.
class BitProducts {
 public:
  BitProducts() {
    for (unsigned i = 0; i < 16; ++i)
      for (unsigned j = 0; j < 16; ++j)
        bits_[i][j] = static_cast<std::uint16_t>(
            detail::nim_product_half_split(Nimber{1} << i, Nimber{1} << j));
  }
  std::uint16_t product(std::uint16_t a, std::uint16_t b) const {
    unsigned result = 0;
    for (unsigned i = 0; i < 16; ++i)
      if ((a >> i) & 1U)
        for (unsigned j = 0; j < 16; ++j)
          if ((b >> j) & 1U) result ^= bits_[i][j];
    return static_cast<std::uint16_t>(result);
  }
  std::uint16_t power(std::uint16_t a, std::uint32_t e) const {
    std::uint16_t result = 1;
    for (; e != 0; e >>= 1, a = product(a, a))
      if (e & 1U) result = product(result, a);
    return result;
  }

 private:
  std::uint16_t bits_[16][16];
};

std::uint32_t gcd(std::uint32_t x, std::uint32_t y) {
  while (y != 0) {
    const std::uint32_t r = x % y;
    x = y;
    y = r;
  }
  return x;
}

struct Tables {
  std::uint32_t log[1 << 16];
  std::uint16_t exp[kExpSize];
  std::uint64_t square[8][256];  // square[i][x] = (x·2^(8i)) ⊗ (x·2^(8i))
  std::uint32_t shift = 0;        // s with g^s = 2^15

  Tables() {
    const BitProducts bits;
    // Any primitive element g0: its order is 65535 = 3·5·17·257.
    std::uint16_t g0 = 2;
    for (;; ++g0) {
      bool primitive = true;
      for (std::uint32_t p : {3U, 5U, 17U, 257U})
        if (bits.power(g0, kGroupOrder / p) == 1) primitive = false;
      if (primitive) break;
    }
    std::vector<std::uint16_t> cycle(kGroupOrder);  // cycle[i] = g0^i
    std::vector<std::uint32_t> log0(1 << 16, 0);
    std::uint16_t x = 1;
    for (std::uint32_t i = 0; i < kGroupOrder; ++i) {
      cycle[i] = x;
      log0[x] = i;
      x = bits.product(x, g0);
    }
    // Re-base to g = g0^m with g^s = 2^15 and s = gcd(log0(2^15), 65535), the
    // least possible: m·s ≡ log0(2^15) (mod 65535), m a unit.
    const std::uint32_t target = log0[0x8000];
    shift = gcd(target, kGroupOrder);
    GRUNDY_ASSERT(shift <= kMaxShift);
    std::uint32_t m = target / shift;
    while (gcd(m, kGroupOrder) != 1) m += kGroupOrder / shift;
    for (std::uint32_t i = 0; i < kLogZero; ++i)
      exp[i] = cycle[static_cast<std::uint64_t>(i) * m % kGroupOrder];
    for (std::uint32_t i = kLogZero; i < kExpSize; ++i) exp[i] = 0;
    for (std::uint32_t i = 0; i < kGroupOrder; ++i) log[exp[i]] = i;
    log[0] = kLogZero;
    GRUNDY_ASSERT(exp[shift] == 0x8000);

    for (unsigned i = 0; i < 8; ++i) {
      square[i][0] = 0;
      for (unsigned bit = 0; bit < 8; ++bit) {
        const Nimber power = Nimber{1} << (8 * i + bit);
        const Nimber bit_square = detail::nim_product_half_split(power, power);
        for (unsigned y = 0; y < (1U << bit); ++y)
          square[i][y | (1U << bit)] = square[i][y] ^ bit_square;
      }
    }
  }
};

const Tables& tables() {
  static const Tables instance;  // thread-safe initialisation (C++11 statics)
  return instance;
}

// The products below take logs already looked up where that saves loads;
// `t` is passed so that the guard of tables() is checked once per call.

inline std::uint32_t product32(const Tables& t, std::uint32_t a, std::uint32_t b) {
  const std::uint32_t a0 = a & 0xffff, a1 = a >> 16;
  const std::uint32_t b0 = b & 0xffff, b1 = b >> 16;
  const std::uint32_t low_low = t.exp[t.log[a0] + t.log[b0]];
  const std::uint32_t high_high_times_h = t.exp[t.log[a1] + t.log[b1] + t.shift];
  const std::uint32_t sums = t.exp[t.log[a0 ^ a1] + t.log[b0 ^ b1]];
  return ((sums ^ low_low) << 16) | (low_low ^ high_high_times_h);
}

// u ⊗ 2^31 for u < 2^32: 2^31 = 2^15 ⊗ 2^16, and with H = 2^16,
// (u1·H ⊕ u0) ⊗ 2^15 ⊗ H = (2^15 ⊗ (u0⊕u1))·H ⊕ 2^15 ⊗ 2^15 ⊗ u1.
inline std::uint32_t times_2_pow_31(const Tables& t, std::uint32_t u) {
  const std::uint32_t u0 = u & 0xffff, u1 = u >> 16;
  const std::uint32_t low = t.exp[t.log[u1] + 2 * t.shift];
  const std::uint32_t high = t.exp[t.log[u0 ^ u1] + t.shift];
  return (high << 16) | low;
}

inline Nimber product64(const Tables& t, Nimber a, Nimber b) {
  const auto a0 = static_cast<std::uint32_t>(a), a1 = static_cast<std::uint32_t>(a >> 32);
  const auto b0 = static_cast<std::uint32_t>(b), b1 = static_cast<std::uint32_t>(b >> 32);
  const std::uint32_t low_low = product32(t, a0, b0);
  const std::uint32_t high_high = product32(t, a1, b1);
  const std::uint32_t sums = product32(t, a0 ^ a1, b0 ^ b1);
  const std::uint32_t low = low_low ^ times_2_pow_31(t, high_high);
  return (Nimber{sums ^ low_low} << 32) | low;
}

inline std::uint32_t inverse16(const Tables& t, std::uint32_t a) {
  return t.exp[kGroupOrder - t.log[a]];
}

// With H = 2^16 and a = a1·H ⊕ a0: the norm n = a0(a0⊕a1) ⊕ a1² ⊗ 2^15 is a
// nonzero 16-bit nimber and a^-1 = (a1·H ⊕ (a0⊕a1)) ⊗ n^-1.
inline std::uint32_t inverse32(const Tables& t, std::uint32_t a) {
  const std::uint32_t a0 = a & 0xffff, a1 = a >> 16, sum = a0 ^ a1;
  const std::uint32_t log_a1 = t.log[a1], log_sum = t.log[sum];
  const std::uint32_t norm =
      t.exp[t.log[a0] + log_sum] ^ t.exp[2 * log_a1 + t.shift];
  const std::uint32_t log_norm_inverse = t.log[inverse16(t, norm)];
  return (std::uint32_t{t.exp[log_a1 + log_norm_inverse]} << 16) |
         t.exp[log_sum + log_norm_inverse];
}

}  // namespace

Nimber nim_product(Nimber a, Nimber b) { return product64(tables(), a, b); }

Nimber nim_square(Nimber a) {
  const Tables& t = tables();
  Nimber result = 0;
  for (unsigned i = 0; i < 8; ++i) result ^= t.square[i][(a >> (8 * i)) & 0xff];
  return result;
}

Nimber nim_inverse(Nimber a) {
  GRUNDY_ASSERT(a != 0);
  const Tables& t = tables();
  const auto a0 = static_cast<std::uint32_t>(a), a1 = static_cast<std::uint32_t>(a >> 32);
  const std::uint32_t sum = a0 ^ a1;
  const std::uint32_t norm =
      product32(t, a0, sum) ^ times_2_pow_31(t, product32(t, a1, a1));
  const std::uint32_t norm_inverse = inverse32(t, norm);
  return (Nimber{product32(t, a1, norm_inverse)} << 32) | product32(t, sum, norm_inverse);
}

}  // namespace grundy
