// Periodicity detection against a by-definition twin that tries every
// (preperiod, period) pair, on random and planted sequences; proven periods
// of random codes (finite, infinite, all-but) extended far past the data they
// were found in and compared with directly computed values; arithmetic
// periods of random hexadecimal codes proven by the arithmetic-periodicity
// test on prefixes and extended to 3000 values; arithmetic periods of
// infinite codes proven only for the closed-form games (Nim, Lasker's Nim,
// 8.[3]) and the cofinite subtraction codes (all-but games; window
// argument); the options of a value of huge heaps of those codes
// against enumeration; speed at N = 2*10^7.
#include "grundy/solve/periodicity.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "grundy/rules/lasker.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/sequence_engine.h"
#include "solve/values/periodic_options.h"

namespace grundy::periodicity_test {
namespace {

using Values = std::vector<std::uint16_t>;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

Values heap_values(const TakeAndBreak& code, Heap count) {
  const std::vector<Nimber> wide = naive_heap_values(code, count - 1);
  Values values;
  for (Nimber v : wide) values.push_back(static_cast<std::uint16_t>(v));
  return values;
}

// The twin: the documented rule (periodicity.h) applied to every pair
// (n0, p): all pairs (m, m + p), n0 <= m < N - p, differ by the same s >= 0,
// and they confirm it max(p, 8) times beyond the pairs that fixed it (p for a
// pure period, p + 1 with a saltus). Least n0, then pure, then least p.
Periodicity twin(const Values& g) {
  const Heap n = g.size();
  Periodicity best;
  best.checked_to = n;
  best.criterion = "none";
  bool found = false;
  for (Heap p = 1; p < n; ++p)
    for (Heap n0 = 0; n0 + p < n; ++n0) {
      const std::int64_t s = std::int64_t{g[n0 + p]} - std::int64_t{g[n0]};
      if (s < 0) continue;
      bool holds = true;
      for (Heap m = n0; m + p < n && holds; ++m) holds = std::int64_t{g[m + p]} - g[m] == s;
      if (!holds) continue;
      const Heap pairs = n - n0 - p;
      const Heap fixed = s == 0 ? 0 : 1;
      if (pairs < fixed + std::max<Heap>(p, 8)) continue;
      const auto key = std::make_tuple(n0, s != 0, p);
      if (!found || key < std::make_tuple(best.preperiod, best.saltus != 0, best.period)) {
        found = true;
        best.preperiod = n0;
        best.period = p;
        best.saltus = s;
        best.criterion = "observed";
      }
    }
  return best;
}

// Random prefix, then a block repeated with a saltus, cut at a random length.
Values planted(std::mt19937_64& rng, unsigned alphabet, Heap prefix, Heap period,
               std::int64_t saltus, Heap length) {
  std::uniform_int_distribution<unsigned> value(0, alphabet - 1);
  Values g;
  for (Heap i = 0; i < prefix; ++i) g.push_back(static_cast<std::uint16_t>(value(rng)));
  Values block;
  for (Heap i = 0; i < period; ++i) block.push_back(static_cast<std::uint16_t>(value(rng)));
  for (Heap i = 0; g.size() < length; ++i) {
    const std::int64_t rise = saltus * static_cast<std::int64_t>(i / period);
    g.push_back(static_cast<std::uint16_t>(block[i % period] + rise));
  }
  return g;
}

TEST(PeriodicityStress, DetectionAgainstTwinOnRandomAndPlantedSequences) {
  const std::uint64_t seed = 20240611;
  std::mt19937_64 rng(seed);
  int pure = 0, arithmetic = 0, with_preperiod = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    SCOPED_TRACE("seed " + std::to_string(seed) + ", trial " + std::to_string(trial));
    const unsigned alphabet = std::uniform_int_distribution<unsigned>(1, 4)(rng);
    const Heap length = std::uniform_int_distribution<Heap>(0, 60)(rng);
    Values g;
    if (trial % 3 == 0) {
      std::uniform_int_distribution<unsigned> value(0, alphabet - 1);
      for (Heap i = 0; i < length; ++i) g.push_back(static_cast<std::uint16_t>(value(rng)));
    } else {
      const Heap period = std::uniform_int_distribution<Heap>(1, 12)(rng);
      const Heap prefix = std::uniform_int_distribution<Heap>(0, 25)(rng);
      const std::int64_t saltus =
          trial % 3 == 1 ? 0 : std::uniform_int_distribution<int>(0, 3)(rng);
      g = planted(rng, alphabet, prefix, period, saltus, length);
    }
    const Periodicity expected = twin(g);
    const Periodicity found = detect_periodicity(g);
    ASSERT_EQ(found, expected) << "found (" << found.preperiod << ", " << found.period << ", "
                               << found.saltus << "), twin (" << expected.preperiod << ", "
                               << expected.period << ", " << expected.saltus << ")";
    if (found.period != 0) {
      ++(found.saltus == 0 ? pure : arithmetic);
      with_preperiod += found.preperiod > 0;
    }
  }
  // Not vacuous: all three kinds of answer occur.
  EXPECT_GT(pure, 200);
  EXPECT_GT(arithmetic, 100);
  EXPECT_GT(with_preperiod, 200);
}

TEST(PeriodicityStress, PlantedPeriodIsRecovered) {
  // Large alphabet, a block that is not itself periodic, the value before the
  // periodic part breaking the pattern, and at least 4 periods: the planted
  // (prefix, period, saltus) is the answer.
  const std::uint64_t seed = 77;
  std::mt19937_64 rng(seed);
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    SCOPED_TRACE("seed " + std::to_string(seed) + ", trial " + std::to_string(trial));
    const Heap period = std::uniform_int_distribution<Heap>(1, 300)(rng);
    const Heap prefix = std::uniform_int_distribution<Heap>(0, 500)(rng);
    const std::int64_t saltus = trial % 2 ? 0 : std::uniform_int_distribution<int>(1, 50)(rng);
    const Heap length = prefix + std::max<Heap>(4 * period, period + 10) +
                        std::uniform_int_distribution<Heap>(0, 3 * period)(rng);
    Values g = planted(rng, 1000, prefix, period, saltus, length);
    bool primitive = true;  // no smaller period d | p (with any saltus) inside the block
    for (Heap d = 1; d < period && primitive; ++d) {
      if (period % d) continue;
      bool fits = true;
      for (Heap i = prefix; i + d < prefix + period && fits; ++i)
        fits = std::int64_t{g[i + d]} - g[i] == std::int64_t{g[prefix + d]} - g[prefix];
      primitive = !fits;
    }
    if (!primitive) continue;
    if (prefix > 0 && std::int64_t{g[prefix - 1 + period]} - g[prefix - 1] == saltus)
      g[prefix - 1] = static_cast<std::uint16_t>(g[prefix - 1] + 1);
    const Periodicity found = detect_periodicity(g);
    EXPECT_EQ(found.preperiod, prefix);
    EXPECT_EQ(found.period, period);
    EXPECT_EQ(found.saltus, saltus);
    ++checked;
  }
  EXPECT_GT(checked, 250);
}

std::string random_code(std::mt19937_64& rng, bool hexadecimal) {
  const char* const d0s = hexadecimal ? "048C" : "04";
  std::string code(1, d0s[std::uniform_int_distribution<int>(0, hexadecimal ? 3 : 1)(rng)]);
  code += '.';
  const int digits = std::uniform_int_distribution<int>(1, hexadecimal ? 3 : 4)(rng);
  for (int i = 0; i < digits; ++i)
    code += "0123456789ABCDEF"[std::uniform_int_distribution<int>(0, hexadecimal ? 15 : 7)(rng)];
  return code;
}

// A period proven on G(0..N1-1) must predict every later value.
void expect_proven_periods_hold(const TakeAndBreak& code, const Values& values,
                                const std::vector<Heap>& prefixes, int& proven_count) {
  for (Heap prefix : prefixes) {
    if (prefix > values.size()) continue;
    const std::span<const std::uint16_t> known(values.data(), prefix);
    const Periodicity found = find_periodicity(code, known);
    if (!found.proven) continue;
    ++proven_count;
    ASSERT_GE(prefix, found.proof_needs);
    for (Heap n = prefix; n < values.size(); ++n)
      ASSERT_EQ(value_from_periodicity(found, known, n), values[n])
          << code.name() << " proven on " << prefix << " values (preperiod " << found.preperiod
          << ", period " << found.period << "), n = " << n;
  }
}

TEST(PeriodicityStress, ProvenPeriodsOfRandomCodesPredictLaterValues) {
  const std::uint64_t seed = 4242;
  std::mt19937_64 rng(seed);
  int proven_count = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const std::string name = random_code(rng, false);
    SCOPED_TRACE("seed " + std::to_string(seed) + ", code " + name);
    const TakeAndBreak code = TakeAndBreak::parse(name);
    const Values values = heap_values(code, 1200);
    expect_proven_periods_hold(code, values, {10, 20, 40, 80, 160, 320, 600}, proven_count);
  }
  for (int trial = 0; trial < 25; ++trial) {
    const std::string name = random_code(rng, true);
    SCOPED_TRACE("seed " + std::to_string(seed) + ", code " + name);
    const TakeAndBreak code = TakeAndBreak::parse(name);
    const Values values = heap_values(code, 180);
    expect_proven_periods_hold(code, values, {12, 25, 50, 90}, proven_count);
  }
  EXPECT_GT(proven_count, 50);  // the check above is not vacuous
}

TEST(PeriodicityStress, ArithmeticTestProofsPredictThousandsOfValues) {
  // docs/periodicity-proofs.md §4. Random hexadecimal codes of one to three
  // digits with a three-heap move (d0 0, 4, 8 or C): every arithmetic period
  // proven on a prefix must predict G(n) to n = 3000, computed by the
  // engine `values` uses (itself checked against the naive mex in
  // sequence_engine_test.cpp and modifier_engine_test.cpp). Prefixes from 16
  // values: most spurious patterns seen near their end must not be proven.
  const std::uint64_t seed = 20261127;
  std::mt19937_64 rng(seed);
  constexpr Heap kLast = 3000;
  int codes = 0, proven = 0, refused = 0;
  while (codes < 120) {
    const std::string name = random_code(rng, true);
    const TakeAndBreak code = TakeAndBreak::parse(name);
    if (code.max_parts() != 3) continue;
    ++codes;
    SCOPED_TRACE("seed " + std::to_string(seed) + ", code " + name);
    ValueSequence values;
    ASSERT_TRUE(make_fast_engine(code, 1)->extend(values, kLast, EngineControl{}));
    for (Heap prefix : {Heap{16}, Heap{30}, Heap{60}, Heap{120}, Heap{250}, Heap{500}}) {
      const std::span<const std::uint16_t> known(values.data(), prefix);
      const Periodicity found = find_periodicity(code, known);
      if (found.saltus == 0) continue;
      if (!found.proven) {
        ++refused;
        continue;
      }
      ++proven;
      ASSERT_GE(prefix, found.proof_needs);
      for (Heap n = prefix; n <= kLast; ++n)
        ASSERT_EQ(value_from_periodicity(found, known, n), values[n])
            << "proven on " << prefix << " values (preperiod " << found.preperiod << ", period "
            << found.period << ", saltus " << found.saltus << "), n = " << n;
    }
  }
  EXPECT_GT(proven, 60);   // the check above is not vacuous
  EXPECT_GT(refused, 10);  // and patterns the test does not prove occur
  // Codes with a four-heap digit (G-V: x, y, y, w with G(w) = 0 and moves
  // with three fixed parts), to n = 1500.
  int four = 0;
  for (codes = 0; codes < 40;) {
    std::string name(1, "048CGKOS"[rng() % 8]);
    name += '.';
    const int digits = 1 + static_cast<int>(rng() % 2);
    for (int i = 0; i < digits; ++i) name += "0123456789ABCDEFGHIJKLMNOPQRSTUV"[rng() % 32];
    if (name.back() == '0') continue;
    const TakeAndBreak code = TakeAndBreak::parse(name);
    if (code.max_parts() != 4) continue;
    ++codes;
    SCOPED_TRACE("seed " + std::to_string(seed) + ", code " + name);
    ValueSequence values;
    ASSERT_TRUE(make_fast_engine(code, 1)->extend(values, 1500, EngineControl{}));
    for (Heap prefix : {Heap{16}, Heap{30}, Heap{60}, Heap{120}, Heap{250}}) {
      const std::span<const std::uint16_t> known(values.data(), prefix);
      const Periodicity found = find_periodicity(code, known);
      if (found.saltus == 0 || !found.proven) continue;
      ++four;
      for (Heap n = prefix; n <= 1500; ++n)
        ASSERT_EQ(value_from_periodicity(found, known, n), values[n])
            << "proven on " << prefix << " values (preperiod " << found.preperiod << ", period "
            << found.period << ", saltus " << found.saltus << "), n = " << n;
    }
  }
  EXPECT_GT(four, 20);
}

TEST(PeriodicityStress, PublishedPeriodsPredictLaterValues) {
  // docs/theory.md §8: proven at exactly the Guy-Smith bound, then checked on
  // thousands of further values.
  int proven_count = 0;
  for (const char* name : {"0.77", "0.07", "0.137", "0.44", "0.45"}) {
    SCOPED_TRACE(name);
    const TakeAndBreak code = TakeAndBreak::parse(name);
    const Values values = heap_values(code, 3000);
    const Periodicity full = find_periodicity(code, values);
    ASSERT_TRUE(full.proven);
    expect_proven_periods_hold(code, values, {full.proof_needs}, proven_count);
  }
  EXPECT_EQ(proven_count, 5);
}

// In the scope of a closed form (periodicity.h): an infinite code whose every
// digit after the point is 3, with d0 = 0 (Nim), 4 (Lasker's Nim) or 8
// (8.[3], proof in docs/periodicity-proofs.md §2). Written out from the code's digits here,
// not by the code under test.
bool closed_form_game(const TakeAndBreak& code, Heap digits_to_check) {
  if (code.is_finite() || (code.digit(0) != 0 && code.digit(0) != 4 && code.digit(0) != 8))
    return false;
  for (Heap k = 1; k <= digits_to_check; ++k)
    if (code.digit(k) != 3) return false;
  return true;
}

// Every period proven on a prefix of `values` must predict every later value
// (4x the prefix and more); only codes in the scope of a criterion (the
// closed forms, the window argument for cofinite subtraction codes) may be
// proven. Returns how many prefixes were proven.
int check_infinite_code(const TakeAndBreak& code, const Values& values,
                        const std::vector<Heap>& prefixes) {
  int proven = 0;
  const bool in_scope = closed_form_game(code, values.size()) ||
                        cofinite_subtraction_length(code).has_value();
  for (Heap prefix : prefixes) {
    if (prefix > values.size()) continue;
    const std::span<const std::uint16_t> known(values.data(), prefix);
    const Periodicity found = find_periodicity(code, known);
    EXPECT_EQ(has_period_criterion(code), in_scope) << code.name();
    if (!found.proven) {
      EXPECT_TRUE(found.criterion == "observed" || found.criterion == "none") << found.criterion;
      continue;
    }
    ++proven;
    EXPECT_TRUE(in_scope) << code.name() << " proven outside the criteria's scope: "
                          << found.criterion;
    EXPECT_GE(prefix, found.proof_needs);
    for (Heap n = prefix; n < values.size(); ++n)
      if (value_from_periodicity(found, known, n) != values[n]) {
        ADD_FAILURE() << code.name() << " proven on " << prefix << " values (preperiod "
                      << found.preperiod << ", period " << found.period << ", saltus "
                      << found.saltus << ", " << found.criterion << "), n = " << n;
        return proven;
      }
  }
  return proven;
}

std::string random_infinite_code(std::mt19937_64& rng) {
  const char* const hex = "0123456789ABCDEF";
  std::string code(1, "048C"[std::uniform_int_distribution<int>(0, 3)(rng)]);
  code += '.';
  const int prefix = std::uniform_int_distribution<int>(0, 2)(rng);
  const int block = std::uniform_int_distribution<int>(1, 2)(rng);
  // Digits with bit 8 (three heaps) make the naive twin O(n^3) per heap: few.
  auto digit = [&](int least) {
    const int d = std::uniform_int_distribution<int>(least, 15)(rng);
    return hex[rng() % 4 || (d & 7) == 0 ? d & 7 : d];
  };
  for (int i = 0; i < prefix; ++i) code += digit(0);
  code += '[';
  // A non-zero block keeps the code infinite ([0] would make it finite).
  for (int i = 0; i < block; ++i) code += digit(1);
  return code + ']';
}

TEST(PeriodicityStress, ArithmeticPeriodsOfInfiniteCodesProvenOnlyByClosedForms) {
  // Random infinite codes (d0 = 0, 4, 8, C; a short prefix; a repeated block)
  // and the closed-form games written in several ways: whatever is proven on
  // 12..150 values must hold to 600 values (4x the largest prefix; 150 for
  // three-heap codes other than 8.[3]), and nothing outside Nim / Lasker's
  // Nim / 8.[3] is ever proven.
  const std::uint64_t seed = 20260301;
  std::mt19937_64 rng(seed);
  std::vector<std::string> codes = {"0.[3]", "0.3[3]", "0.33[33]", "4.[3]",
                                    "4.3[3]", "4.[33]", "4.33[333]", "8.[3]",
                                    "8.3[3]", "C.[3]", "4.[7]", "0.[7]",
                                    "4.2[3]", "8.2[3]"};
  for (int trial = 0; trial < 40; ++trial) codes.push_back(random_infinite_code(rng));
  int proven = 0, in_scope = 0;
  for (const std::string& name : codes) {
    SCOPED_TRACE("seed " + std::to_string(seed) + ", code " + name);
    const TakeAndBreak code = TakeAndBreak::parse(name);
    // Three-heap digits: fewer direct values (the naive twin is O(n^3)),
    // except for the closed-form game 8.[3], checked to 600 like the others.
    const Heap count = code.max_parts() == 3 && !closed_form_game(code, 600) ? 150 : 600;
    const Values values = heap_values(code, count);
    in_scope += closed_form_game(code, count);
    proven += check_infinite_code(code, values, {12, 25, 50, 100, 150});
  }
  EXPECT_GE(in_scope, 9);
  EXPECT_GE(proven, 9 * 4);  // the check above is not vacuous
}

TEST(PeriodicityStress, CofiniteSubtractionCodesProvenPeriodsHoldFarBeyond) {
  // Random all-but games allbut:X (X a random set in 1..12: 0 at each x in X,
  // 3 elsewhere, then [3]) and random cofinite subtraction codes (digits
  // 0..3, then [3]): every period proven by the window argument on a prefix
  // must predict the naive values to 1500 (the naive mex, no periodicity),
  // and the options of a given value of heaps far beyond the prefix
  // (arithmetic_options_with_value) must be exactly those found by
  // enumerating the heap's options.
  const std::uint64_t seed = 777;
  std::mt19937_64 rng(seed);
  constexpr Heap kValues = 1500;
  int proven = 0, option_checks = 0;
  for (int trial = 0; trial < 50; ++trial) {
    std::string name = "0.";
    const int max_x = std::uniform_int_distribution<int>(1, 12)(rng);
    for (int k = 1; k <= max_x; ++k) {
      if (trial % 2 == 0)
        name += (k == max_x || rng() % 3 == 0) ? '0' : '3';
      else
        name += static_cast<char>('0' + rng() % 4);
    }
    name += "[3]";
    SCOPED_TRACE("seed " + std::to_string(seed) + ", code " + name);
    const TakeAndBreak game = TakeAndBreak::parse(name);
    ASSERT_TRUE(cofinite_subtraction_length(game).has_value());
    EXPECT_TRUE(has_period_criterion(game));
    const Values values = heap_values(game, kValues);
    proven += check_infinite_code(game, values, {40, 80, 160, 300});
    const std::span<const std::uint16_t> known(values.data(), 300);
    const Periodicity found = find_periodicity(game, known);
    if (!found.proven) continue;
    const auto value = [&](Heap m) {
      return *value_from_periodicity(found, known, m);
    };
    for (Heap n = 301; n < kValues; n += 37) {
      const Nimber target = values[rng() % n];
      const auto fast = arithmetic_options_with_value(game, value, found.preperiod, found.period,
                                                      found.saltus, n, target, 1000);
      ASSERT_TRUE(fast.has_value());
      std::vector<HeapOption> slow;
      game.for_each_heap_option(n, [&](const HeapOption& option) {
        Nimber v = 0;
        for (std::size_t p = 0; p < option.part_count; ++p) v ^= values[option.parts[p]];
        if (v == target) slow.push_back(option);
        return true;
      });
      auto key = [](const HeapOption& o) { return o.part_count ? o.parts[0] : 0; };
      std::vector<Heap> a, b;
      for (const HeapOption& o : fast->listed) a.push_back(key(o));
      for (const HeapOption& o : slow) b.push_back(key(o));
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      EXPECT_EQ(a, b) << "heap " << n << ", value " << target;
      EXPECT_EQ(fast->count, slow.size());
      ++option_checks;
    }
  }
  EXPECT_GT(proven, 100);  // the checks above are not vacuous
  EXPECT_GT(option_checks, 500);
}

TEST(PeriodicityStress, RemovalOptionsOfSplittingClosedFormCodes) {
  // 4.[3] and 8.[3] (and other spellings): for heaps past the table only the
  // options that remove tokens are found (splits_omitted); they must be
  // exactly the enumerated options that leave at most one heap, of the value
  // asked for, with values from the naive mex.
  for (const char* name : {"4.[3]", "8.[3]", "4.3[3]", "8.[33]"}) {
    SCOPED_TRACE(name);
    const TakeAndBreak code = TakeAndBreak::parse(name);
    const Heap count = code.max_parts() == 3 ? 200 : 800;
    const Values values = heap_values(code, count);
    const std::span<const std::uint16_t> known(values.data(), 100);
    const Periodicity found = find_periodicity(code, known);
    ASSERT_TRUE(found.proven);
    const auto value = [&](Heap m) { return *value_from_periodicity(found, known, m); };
    int checks = 0;
    for (Heap n = 101; n < count; n += 3) {
      for (const Nimber target : {Nimber{values[n / 3]}, Nimber{values[n - 1]}, Nimber{values[n]} ^ 5}) {
        const auto fast = arithmetic_options_with_value(code, value, found.preperiod, found.period,
                                                        found.saltus, n, target, 1000);
        ASSERT_TRUE(fast.has_value());
        EXPECT_TRUE(fast->splits_omitted);
        std::vector<Heap> a, b;
        for (const HeapOption& o : fast->listed) a.push_back(o.part_count ? o.parts[0] : 0);
        code.for_each_heap_option(n, [&](const HeapOption& o) {
          if (o.part_count <= 1 && (o.part_count ? values[o.parts[0]] : 0) == target)
            b.push_back(o.part_count ? o.parts[0] : 0);
          return true;
        });
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        EXPECT_EQ(a, b) << "heap " << n << ", value " << target;
        ++checks;
      }
    }
    EXPECT_GT(checks, 50);
  }
}

TEST(PeriodicityStress, SampledOptionsOfThreeHeapCodesAreMovesOfTheValue) {
  // The winning moves of huge heaps of codes proven by the arithmetic test
  // (sampled_options_with_value), on heaps of a few thousand where the
  // values are known directly: every option listed is a move of the heap
  // (tokens removed allowed by the digit with that many parts) of the value
  // asked for; every value below G(n) gets at least one (the proof's moves),
  // and G(n) itself none.
  int checks = 0;
  for (const char* name :
       {"0.8", "0.C", "0.28", "0.9C", "8.8", "0.48", "0.A8", "0.9B", "0.G", "0.O"}) {
    SCOPED_TRACE(name);
    const TakeAndBreak code = TakeAndBreak::parse(name);
    ValueSequence values;
    ASSERT_TRUE(make_fast_engine(code, 1)->extend(values, 2600, EngineControl{}));
    const Periodicity found = find_periodicity(code, values);
    ASSERT_TRUE(found.proven) << found.criterion;
    const auto value = [&](Heap m) { return Nimber{values[m]}; };
    for (Heap n = 2400; n < 2600; n += 13) {
      for (Nimber target = 0; target <= values[n]; ++target) {
        const auto sample = sampled_options_with_value(
            code, value, found.preperiod, found.period, found.saltus, n, target, 1000);
        ASSERT_TRUE(sample.has_value());
        EXPECT_TRUE(sample->sampled);
        EXPECT_EQ(sample->count, sample->listed.size());
        EXPECT_EQ(sample->listed.empty(), target == values[n])
            << "heap " << n << ", value " << target;
        for (const HeapOption& o : sample->listed) {
          Heap sum = 0;
          Nimber v = 0;
          for (std::size_t k = 0; k < o.part_count; ++k) {
            ASSERT_GE(o.parts[k], 1U);
            sum += o.parts[k];
            v ^= values[o.parts[k]];
          }
          ASSERT_LE(sum, n);
          const Heap removed = n - sum;
          ASSERT_LE(removed, code.last_digit());
          EXPECT_TRUE(code.digit(removed) >> o.part_count & 1) << "heap " << n;
          EXPECT_EQ(v, target) << "heap " << n;
        }
        ++checks;
      }
    }
  }
  EXPECT_GT(checks, 5000);
}

TEST(PeriodicityStress, ObservedArithmeticPeriodsOfInfiniteCodes) {
  // Found on a prefix, checked against values computed directly further on;
  // proven exactly for the closed-form games (8.[3]: proof in
  // docs/periodicity-proofs.md §2) and the all-but game (window argument).
  struct Case {
    const char* code;
    Heap prefix, last;
    bool proven;
  };
  for (const Case& c : {Case{"4.[3]", 200, 2000, true}, Case{"0.[3]", 100, 2000, true},
                        Case{"0.3003330[3]", 200, 2000, true}, Case{"8.[3]", 90, 230, true},
                        Case{"C.[3]", 90, 230, false}}) {
    SCOPED_TRACE(c.code);
    const TakeAndBreak code = TakeAndBreak::parse(c.code);
    const Values values = heap_values(code, c.last);
    const std::span<const std::uint16_t> known(values.data(), c.prefix);
    const Periodicity found = find_periodicity(code, known);
    ASSERT_NE(found.period, 0U);
    EXPECT_EQ(found.proven, c.proven);
    for (Heap n = c.prefix; n < c.last; ++n)
      ASSERT_EQ(value_from_periodicity(found, known, n, true), values[n]) << n;
  }
  // Lasker's Nim against its closed form (docs/theory.md §2) at random heaps up to
  // 2^63 - 1, without accepting observed patterns.
  const TakeAndBreak lasker_code = TakeAndBreak::parse("4.[3]");
  const Values values = heap_values(lasker_code, 100);
  const Periodicity found = find_periodicity(lasker_code, values);
  ASSERT_TRUE(found.proven);
  const std::uint64_t seed = 99;
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 20000; ++i) {
    const Heap top = i % 2 ? kMaxHeap : Heap{1'000'000'000'000'000'000};
    const Heap n = std::uniform_int_distribution<Heap>(0, top)(rng);
    ASSERT_EQ(value_from_periodicity(found, values, n), Lasker::value(n))
        << "seed " << seed << ", n = " << n;
  }
}

TEST(PeriodicityStress, OfficersHasNoReportablePatternAgainstTwin) {
  // 0.6 (Officers) is not known to be periodic (docs/theory.md §3); whatever the
  // tail of G(0..N-1) shows must be what the rule says, for every N here.
  const TakeAndBreak code = TakeAndBreak::parse("0.6");
  const Values values = heap_values(code, 160);
  for (Heap n = 0; n <= values.size(); n += 7) {
    const Values prefix(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(n));
    const Periodicity expected = twin(prefix);
    EXPECT_EQ(detect_periodicity(prefix), expected) << n;
  }
}

TEST(PeriodicityStress, SixtyFourBitValuesFollowTheSameRule) {
  // detect_periodicity over 64-bit values (tables of user games,
  // solve/pattern.h) against the twin on planted sequences that fit in 16
  // bits, and with 2^40 added to every value (same differences, same rule).
  const std::uint64_t seed = 11;
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 300; ++i) {
    const Heap period = 1 + rng() % 12, preperiod = rng() % 20;
    const std::int64_t saltus = i % 3 == 0 ? static_cast<std::int64_t>(rng() % 4) : 0;
    const Values g = planted(rng, 1 + rng() % 6, preperiod, period, saltus, 40 + rng() % 100);
    const Periodicity expected = twin(g);
    const std::vector<Nimber> wide(g.begin(), g.end());
    ASSERT_EQ(detect_periodicity(wide), expected) << "seed " << seed << ", case " << i;
    std::vector<Nimber> shifted = wide;
    for (Nimber& v : shifted) v += Nimber{1} << 40;
    ASSERT_EQ(detect_periodicity(shifted), expected) << "seed " << seed << ", case " << i;
  }
}

TEST(PeriodicityStress, LongSequencesAreFast) {
  // 2*10^7 values: a planted period 1000 after 5000 values, and a random
  // binary sequence (many candidates survive a few comparisons). Each must
  // take well under a second.
  const std::uint64_t seed = 5;
  std::mt19937_64 rng(seed);
  const Heap length = 20'000'000;
  {
    const Values g = planted(rng, 60000, 5000, 1000, 0, length);
    const auto start = std::chrono::steady_clock::now();
    const Periodicity found = detect_periodicity(g);
    const double seconds = seconds_since(start);
    EXPECT_EQ(found.period, 1000U);
    EXPECT_LE(found.preperiod, 5000U);
    EXPECT_LT(seconds, 2.0);
    RecordProperty("planted_seconds", std::to_string(seconds));
  }
  {
    Values g(length);
    for (auto& v : g) v = static_cast<std::uint16_t>(rng() & 1);
    const auto start = std::chrono::steady_clock::now();
    const Periodicity found = detect_periodicity(g);
    const double seconds = seconds_since(start);
    EXPECT_LT(seconds, 2.0);
    RecordProperty("binary_seconds", std::to_string(seconds));
    if (found.period != 0) {
      // Whatever was reported must hold, with a least preperiod.
      const Heap n0 = found.preperiod, p = found.period;
      for (Heap m = n0; m + p < length; ++m)
        ASSERT_EQ(std::int64_t{g[m + p]} - g[m], found.saltus) << m;
      if (n0 > 0) EXPECT_NE(std::int64_t{g[n0 - 1 + p]} - g[n0 - 1], found.saltus);
    }
  }
}

}  // namespace
}  // namespace grundy::periodicity_test
