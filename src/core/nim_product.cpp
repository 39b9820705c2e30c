// Description: Nim multiplication of 64-bit nimbers, two ways.
//   Tables (portable): a tower over the 16-bit field. For a Fermat 2-power
//   H = 2^(2^k) and h = H/2, H ⊗ H = H ⊕ h and x ⊗ H = x·H for x < H, so
//     (a1·H ⊕ a0) ⊗ (b1·H ⊕ b0) = (a1b1 ⊕ a1b0 ⊕ a0b1)·H ⊕ a0b0 ⊕ a1b1 ⊗ h.
//   16-bit products are exp[log a + log b] in the cyclic group of order
//   65535, with the generator g chosen so that 2^15 = g^s for the least s:
//   a product times 2^15 or 2^15 ⊗ 2^15 is the same lookup shifted by s or
//   2s. The 32-bit halves are combined by Karatsuba (three half products), and
//   each half product is written out on 16-bit chunks, so that every term is
//   one exp load at a sum of logs and no load waits for another exp load.
//   log[0] is a sentinel so large that an index with a zero factor lands in
//   a zero-filled tail: no branches.
//   Carry-less (x86-64 with PCLMULQDQ): the field is GF(2)[x]/(p), p the
//   minimal polynomial of α = 2^32; change basis with byte tables, multiply
//   carry-less, reduce by Barrett (two more carry-less products), change back.
//   nim_square: squaring is GF(2)-linear (Frobenius), so eight byte tables.
//   nim_inverse: the norm down the tower,
//     (a1·H ⊕ a0)^-1 = (a1·H ⊕ (a0⊕a1)) ⊗ (a0(a0⊕a1) ⊕ a1² ⊗ h)^-1.
// Source: Conway, On Numbers and Games, ch. 6 (the field of nimbers, Fermat
//   2-powers, its subfields); Berlekamp, Conway, Guy, Winning Ways, ch. 14;
//   docs/theory.md §7 for the half-split formula that nim_product_half_split
//   follows literally. Barrett reduction: Barrett, CRYPTO '86.
// Time: tables 12 log and 18 exp loads, no branches; carry-less 24 byte-table
//   loads and 3 carry-less products; nim_square 8 loads; nim_inverse about
//   eight 32-bit products. Tables built once, on first use, in about 2 ms.
// Memory: 256 KiB log table; 512 KiB exp table, of which the upper half is the
//   zero tail, touched only by zero factors; 16 KiB for squares and 32 KiB
//   for the two changes of basis.
// Status: both paths stress-tested against the mex definition for all
//   a, b < 256 and against the table-free half-split recursion on random
//   64-bit values (with zero and repeated 16-bit chunks); field identities on
//   random values; unit-tested on the Winning Ways table and the Fermat
//   2-power rules.
#include "grundy/core/nim_product.h"
#include "core/nim_product_detail.h"

#include <array>
#include <cstdint>
#include <mutex>
#include <numeric>
#include <utility>
#include <vector>

#include "grundy/core/error.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define GRUNDY_NIM_PRODUCT_CARRYLESS 1
#include <immintrin.h>
#endif

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
constexpr std::uint32_t kMaxShift = 15;       // bound on s = log 2^15, checked when built
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

// A GF(2)-linear map of 64-bit words, applied as eight byte tables.
class LinearMap {
 public:
  // The map that sends bit i to images[i].
  explicit LinearMap(const std::array<std::uint64_t, 64>& images) {
    for (unsigned i = 0; i < 8; ++i) {
      table_[i][0] = 0;
      for (unsigned bit = 0; bit < 8; ++bit)
        for (unsigned y = 0; y < (1U << bit); ++y)
          table_[i][y | (1U << bit)] = table_[i][y] ^ images[8 * i + bit];
    }
  }
  std::uint64_t operator()(std::uint64_t x) const {
    std::uint64_t result = 0;
    for (unsigned i = 0; i < 8; ++i) result ^= table_[i][(x >> (8 * i)) & 0xff];
    return result;
  }

 private:
  std::uint64_t table_[8][256];
};

std::array<std::uint64_t, 64> bit_squares() {
  std::array<std::uint64_t, 64> images{};
  for (unsigned i = 0; i < 64; ++i)
    images[i] = detail::nim_product_half_split(Nimber{1} << i, Nimber{1} << i);
  return images;
}

#ifdef GRUNDY_NIM_PRODUCT_CARRYLESS
// The nimbers below 2^64 as GF(2)[x]/(p): α = 2^32 lies in no proper subfield
// (those are the nimbers below 2^(2^k), k < 6), so its minimal polynomial p
// has degree 64 and 1, α, ..., α^63 is a basis. A product is then a
// carry-less multiplication and a Barrett reduction modulo p, between two
// changes of basis.
struct PolynomialBasis {
  LinearMap from_polynomial;  // coefficients of 1, α, ..., α^63 -> nimber
  LinearMap to_polynomial;    // its inverse
  std::uint64_t modulus_low;  // p = x^64 + modulus_low
  std::uint64_t barrett_low;  // floor(x^128 / p) = x^64 + barrett_low

  PolynomialBasis() : PolynomialBasis(powers_of_alpha()) {}
  explicit PolynomialBasis(const std::array<std::uint64_t, 65>& alpha_powers)
      : from_polynomial(first_64(alpha_powers)),
        to_polynomial(inverse_images(alpha_powers)),
        modulus_low(to_polynomial(alpha_powers[64])),
        barrett_low(barrett_quotient_low(modulus_low)) {}

  static std::array<std::uint64_t, 65> powers_of_alpha() {
    std::array<std::uint64_t, 65> powers{};
    powers[0] = 1;
    for (unsigned i = 1; i <= 64; ++i)
      powers[i] = detail::nim_product_half_split(powers[i - 1], Nimber{1} << 32);
    return powers;
  }
  static std::array<std::uint64_t, 64> first_64(const std::array<std::uint64_t, 65>& powers) {
    std::array<std::uint64_t, 64> images{};
    for (unsigned i = 0; i < 64; ++i) images[i] = powers[i];
    return images;
  }
  // Gauss-Jordan elimination over GF(2): row i starts as α^i tagged with x^i
  // and ends as the nimber 2^i tagged with its coordinates.
  static std::array<std::uint64_t, 64> inverse_images(const std::array<std::uint64_t, 65>& powers) {
    std::array<std::uint64_t, 64> row{}, tag{};
    for (unsigned i = 0; i < 64; ++i) {
      row[i] = powers[i];
      tag[i] = std::uint64_t{1} << i;
    }
    for (unsigned bit = 0; bit < 64; ++bit) {
      unsigned pivot = bit;
      while (pivot < 64 && ((row[pivot] >> bit) & 1U) == 0) ++pivot;
      GRUNDY_ASSERT(pivot < 64);
      std::swap(row[bit], row[pivot]);
      std::swap(tag[bit], tag[pivot]);
      for (unsigned i = 0; i < 64; ++i) {
        if (i != bit && ((row[i] >> bit) & 1U)) {
          row[i] ^= row[bit];
          tag[i] ^= tag[bit];
        }
      }
    }
    return tag;
  }
  // Long division of x^128 by p; only the quotient's bits below x^64 are
  // kept (its top bit is x^64), so only the upper word of the remainder is
  // tracked.
  static std::uint64_t barrett_quotient_low(std::uint64_t modulus_low) {
    std::uint64_t remainder_high = modulus_low;  // x^128 - x^64·p = modulus_low·x^64
    std::uint64_t quotient_low = 0;
    for (int d = 63; d >= 0; --d) {
      if ((remainder_high >> d) & 1U) {
        quotient_low |= std::uint64_t{1} << d;
        remainder_high ^= std::uint64_t{1} << d;
        if (d > 0) remainder_high ^= modulus_low >> (64 - d);
      }
    }
    return quotient_low;
  }
};
#endif

// Logs and exponentials of the 16-bit field to the base g.
struct LogTables {
  std::uint32_t log[1 << 16];
  std::uint16_t exp[kExpSize];
  std::uint32_t shift = 0;  // s with g^s = 2^15

  LogTables() {
    const BitProducts bits;
    // Any primitive element g0: its order is 65535 = 3·5·17·257. The nimbers
    // below 256 form a subfield (order dividing 255), so start above them.
    std::uint16_t g0 = 256;
    for (;; ++g0) {
      bool primitive = true;
      for (std::uint32_t p : {3U, 5U, 17U, 257U})
        if (bits.power(g0, kGroupOrder / p) == 1) primitive = false;
      if (primitive) break;
    }
    // x ⊗ g0 is linear in x: the images of the 16 bits make the walk fast.
    std::array<std::uint16_t, 16> bit_times_g0{};
    for (unsigned i = 0; i < 16; ++i)
      bit_times_g0[i] = bits.product(static_cast<std::uint16_t>(1U << i), g0);
    std::vector<std::uint16_t> cycle(kGroupOrder);  // cycle[i] = g0^i
    std::vector<std::uint32_t> log0(1 << 16, 0);
    unsigned x = 1;
    for (std::uint32_t i = 0; i < kGroupOrder; ++i) {
      cycle[i] = static_cast<std::uint16_t>(x);
      log0[x] = i;
      unsigned next = 0;
      for (unsigned bit = 0; bit < 16; ++bit) next ^= bit_times_g0[bit] & (0U - ((x >> bit) & 1U));
      x = next;
    }
    // Re-base to g = g0^m with g^s = 2^15 and s = gcd(log0(2^15), 65535), the
    // least possible: m·s ≡ log0(2^15) (mod 65535), m a unit.
    const std::uint32_t target = log0[0x8000];
    shift = std::gcd(target, kGroupOrder);
    GRUNDY_ASSERT(shift <= kMaxShift);
    std::uint32_t m = target / shift;
    while (std::gcd(m, kGroupOrder) != 1) m += kGroupOrder / shift;
    for (std::uint32_t i = 0; i < kLogZero; ++i)
      exp[i] = cycle[static_cast<std::uint64_t>(i) * m % kGroupOrder];
    for (std::uint32_t i = kLogZero; i < kExpSize; ++i) exp[i] = 0;
    for (std::uint32_t i = 0; i < kGroupOrder; ++i) log[exp[i]] = i;
    log[0] = kLogZero;
    GRUNDY_ASSERT(exp[shift] == 0x8000);
  }
};

bool cpu_multiplies_carryless() {
#ifdef GRUNDY_NIM_PRODUCT_CARRYLESS
  __builtin_cpu_init();  // needed when this runs from a static initialiser
  return __builtin_cpu_supports("pclmul");
#else
  return false;
#endif
}

struct Tables {
  LogTables field16;
  LinearMap square{bit_squares()};
#ifdef GRUNDY_NIM_PRODUCT_CARRYLESS
  PolynomialBasis basis;
#endif
  bool carryless = cpu_multiplies_carryless();
};

const Tables& tables() {
  static const Tables instance;  // thread-safe initialisation (C++11 statics)
  return instance;
}

// Products are written on 16-bit chunks x_i whose logs are looked up once;
// a term c ⊗ x ⊗ y with c in {1, h, h ⊗ h} (h = 2^15 = g^s) is one load,
// exp[log x + log y + log c], so every result is two loads deep.

// Logs of the two 16-bit chunks of a 32-bit nimber.
struct ChunkLogs {
  std::uint32_t low, high;
};

inline ChunkLogs chunk_logs(const LogTables& t, std::uint32_t x) {
  return {t.log[x & 0xffff], t.log[x >> 16]};
}

// (a1·H ⊕ a0) ⊗ (b1·H ⊕ b0) with H = 2^16, H ⊗ H = H ⊕ h:
// low chunk a0b0 ⊕ h·a1b1, high chunk a0b1 ⊕ a1b0 ⊕ a1b1.
inline std::uint32_t product32(const LogTables& t, ChunkLogs a, ChunkLogs b) {
  const std::uint16_t* exp = t.exp;
  const std::uint16_t* exp_h = t.exp + t.shift;
  const std::uint32_t low = exp[a.low + b.low] ^ exp_h[a.high + b.high];
  const std::uint32_t high =
      exp[a.low + b.high] ^ exp[a.high + b.low] ^ exp[a.high + b.high];
  return (high << 16) | low;
}

inline std::uint32_t product32(const LogTables& t, std::uint32_t a, std::uint32_t b) {
  return product32(t, chunk_logs(t, a), chunk_logs(t, b));
}

// (a ⊗ b) ⊗ 2^31 for a, b < 2^32. With u = a ⊗ b = u1·H ⊕ u0, so that
// u0 = a0b0 ⊕ h·a1b1 and u1 = a0b1 ⊕ a1b0 ⊕ a1b1, and 2^31 = h ⊗ H:
// u ⊗ h ⊗ H = h(u0 ⊕ u1)·H ⊕ h·h·u1.
inline std::uint32_t product32_times_2_pow_31(const LogTables& t, ChunkLogs a, ChunkLogs b) {
  const std::uint16_t* exp_h = t.exp + t.shift;
  const std::uint16_t* exp_hh = t.exp + 2 * t.shift;
  const std::uint32_t hh_u1 = exp_hh[a.low + b.high] ^ exp_hh[a.high + b.low] ^
                              exp_hh[a.high + b.high];
  const std::uint32_t h_u0_u1 = exp_h[a.low + b.low] ^ exp_hh[a.high + b.high] ^
                                exp_h[a.low + b.high] ^ exp_h[a.high + b.low] ^
                                exp_h[a.high + b.high];
  return (h_u0_u1 << 16) | hh_u1;
}

// Karatsuba on the 32-bit halves, with Y = 2^32, Y ⊗ Y = Y ⊕ 2^31:
// a ⊗ b = (A0B0 ⊕ A1B1 ⊗ 2^31) ⊕ ((A0⊕A1)(B0⊕B1) ⊕ A0B0)·Y.
// 12 log loads and 18 exp loads.
inline Nimber product64(const LogTables& t, Nimber a, Nimber b) {
  const auto a0 = static_cast<std::uint32_t>(a), a1 = static_cast<std::uint32_t>(a >> 32);
  const auto b0 = static_cast<std::uint32_t>(b), b1 = static_cast<std::uint32_t>(b >> 32);
  const std::uint32_t low_low = product32(t, a0, b0);
  const std::uint32_t sums = product32(t, a0 ^ a1, b0 ^ b1);
  const std::uint32_t high_high_times_2_pow_31 =
      product32_times_2_pow_31(t, chunk_logs(t, a1), chunk_logs(t, b1));
  return (Nimber{sums ^ low_low} << 32) | (low_low ^ high_high_times_2_pow_31);
}

#ifdef GRUNDY_NIM_PRODUCT_CARRYLESS
// In the basis of PolynomialBasis: c = a·b = H·x^64 + L carry-less; Barrett's
// quotient is q = H + floor(H·barrett_low / x^64) exactly (deg c < 128), and
// c mod p = L + (q·modulus_low mod x^64).
__attribute__((target("pclmul"))) Nimber product64_carryless(const PolynomialBasis& basis,
                                                             Nimber a, Nimber b) {
  const auto x = static_cast<long long>(basis.to_polynomial(a));
  const auto y = static_cast<long long>(basis.to_polynomial(b));
  const __m128i product = _mm_clmulepi64_si128(_mm_cvtsi64_si128(x), _mm_cvtsi64_si128(y), 0x00);
  const __m128i constants = _mm_set_epi64x(static_cast<long long>(basis.modulus_low),
                                           static_cast<long long>(basis.barrett_low));
  const __m128i high_times_barrett = _mm_clmulepi64_si128(product, constants, 0x01);
  const __m128i quotient =
      _mm_xor_si128(_mm_srli_si128(product, 8), _mm_srli_si128(high_times_barrett, 8));
  const __m128i quotient_times_modulus = _mm_clmulepi64_si128(quotient, constants, 0x10);
  const auto remainder = static_cast<std::uint64_t>(
      _mm_cvtsi128_si64(_mm_xor_si128(product, quotient_times_modulus)));
  return basis.from_polynomial(remainder);
}
#endif

inline std::uint32_t inverse16(const LogTables& t, std::uint32_t a) {
  return t.exp[kGroupOrder - t.log[a]];
}

// With H = 2^16 and a = a1·H ⊕ a0: the norm n = a0(a0⊕a1) ⊕ a1² ⊗ 2^15 is a
// nonzero 16-bit nimber and a^-1 = (a1·H ⊕ (a0⊕a1)) ⊗ n^-1.
inline std::uint32_t inverse32(const LogTables& t, std::uint32_t a) {
  const std::uint32_t a0 = a & 0xffff, a1 = a >> 16, sum = a0 ^ a1;
  const std::uint32_t log_a1 = t.log[a1], log_sum = t.log[sum];
  const std::uint32_t norm =
      t.exp[t.log[a0] + log_sum] ^ t.exp[2 * log_a1 + t.shift];
  const std::uint32_t log_norm_inverse = t.log[inverse16(t, norm)];
  return (std::uint32_t{t.exp[log_a1 + log_norm_inverse]} << 16) |
         t.exp[log_sum + log_norm_inverse];
}

}  // namespace

Nimber nim_product(Nimber a, Nimber b) {
  const Tables& t = tables();
#ifdef GRUNDY_NIM_PRODUCT_CARRYLESS
  if (t.carryless) return product64_carryless(t.basis, a, b);
#endif
  return product64(t.field16, a, b);
}

Nimber nim_square(Nimber a) { return tables().square(a); }

Nimber nim_inverse(Nimber a) {
  GRUNDY_ASSERT(a != 0);
  const LogTables& t = tables().field16;
  const auto a0 = static_cast<std::uint32_t>(a), a1 = static_cast<std::uint32_t>(a >> 32);
  const std::uint32_t sum = a0 ^ a1;
  const std::uint32_t norm =
      product32(t, a0, sum) ^ product32_times_2_pow_31(t, chunk_logs(t, a1), chunk_logs(t, a1));
  const std::uint32_t norm_inverse = inverse32(t, norm);
  return (Nimber{product32(t, a1, norm_inverse)} << 32) | product32(t, sum, norm_inverse);
}

namespace detail {

Nimber nim_product_tables(Nimber a, Nimber b) { return product64(tables().field16, a, b); }

bool nim_product_is_carryless() { return tables().carryless; }

}  // namespace detail
}  // namespace grundy
