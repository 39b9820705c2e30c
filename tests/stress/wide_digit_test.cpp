// Codes with CGSuite's wider digits (&n;, {..}, '*'; include/grundy/rules/
// code_digit.h) against the definition: every split of the heap into r
// parts, made by a recursion of this file's own and kept when the digit
// allows r heaps and its modifier for r allows the parts; and the values of
// the engines against the mex over those splits. The knapsack of '!'
// (solve/engines/distinct_part_sets.h) also against the sets of distinct parts
// listed one by one.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/sequence_engine.h"
#include "solve/engines/distinct_part_sets.h"

namespace grundy::wide_digit_test {
namespace {

using Split = std::vector<Heap>;

// Every non-decreasing list of parts >= 1 that sums to `rest`, with at
// least two parts.
void all_splits(Heap rest, Heap low, Split& now, const std::function<void(const Split&)>& emit) {
  if (rest == 0) {
    if (now.size() >= 2) emit(now);
    return;
  }
  for (Heap a = low; a <= rest; ++a) {
    now.push_back(a);
    all_splits(rest - a, a, now, emit);
    now.pop_back();
  }
}

// The options of a heap of n by the definition, as sorted lists of parts.
std::vector<Split> defined_options(const TakeAndBreak& code, Heap n) {
  std::vector<Split> out;
  for (Heap k = 0; k <= n; ++k) {
    const CodeDigit& d = code.code_digit(k);
    const Heap rest = n - k;
    if (d.allows(0) && k > 0 && rest == 0) out.push_back({});
    if (d.allows(1) && k > 0 && rest >= 1) out.push_back({rest});
    Split now;
    all_splits(rest, 1, now, [&](const Split& s) {
      if (d.allows(s.size()) && split_allowed(d.modifier(s.size()), s.data(), s.size()))
        out.push_back(s);
    });
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Split> generated_options(const TakeAndBreak& code, Heap n) {
  std::vector<Split> out;
  code.for_each_heap_option(n, [&](const HeapOption& o) {
    out.emplace_back(o.parts.begin(), o.parts.begin() + o.part_count);
    return true;
  });
  std::sort(out.begin(), out.end());
  return out;
}

std::string bits_digit(unsigned bits) { return "&" + std::to_string(bits) + ";"; }

// A random wide digit's text: a list of counts up to 8 with modifiers, '+'
// sometimes; or &n;, or '*'.
std::string random_digit(std::mt19937_64& random, bool splits_only) {
  const char* modifiers[] = {"", "", "!", "?", "="};
  switch (random() % 6) {
    case 0: return bits_digit(random() % 512 & (splits_only ? ~3u : ~0u));
    case 1: return splits_only ? "{2+}" : "*";
    default: break;
  }
  std::string list;
  const bool own = random() % 2 == 0;
  for (unsigned r = splits_only ? 2 : 0; r <= 8; ++r) {
    if (random() % 3 != 0) continue;
    if (!list.empty()) list += ',';
    list += std::to_string(r);
    if (own && r >= 2) list += modifiers[random() % 5];
  }
  if (list.empty()) list = "5";
  if (random() % 3 == 0) list += '+';
  std::string digit = "{" + list + "}";
  if (!own && random() % 2 == 0) digit += "!?="[random() % 3];
  return digit;
}

TEST(WideDigits, OptionsFollowTheDefinition) {
  for (const char* text : {"0.&32;", "0.*", "0.{2+}", "{2+}.0", "0.{2+}!", "0.{2+}?", "0.*=",
                           "0.{2!,3=,5?+}", "4.{0,6}[{2,5!}]", "0.{1,7}", "0.{2,3!}",
                           "{3+}?.{1,4+}!"}) {
    SCOPED_TRACE(text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    for (Heap n = 0; n <= 18; ++n)
      EXPECT_EQ(generated_options(code, n), defined_options(code, n)) << n;
  }
  // The general splitting against the loops of the classic digits: a list
  // with one modifier per count has the options of its classic digits.
  const TakeAndBreak mixed = TakeAndBreak::parse("0.{2,3!,4=}");
  for (Heap n = 0; n <= 30; ++n) {
    std::vector<Split> joined;
    for (const char* part : {"0.4", "0.8!", "0.G="}) {
      const auto some = generated_options(TakeAndBreak::parse(part), n);
      joined.insert(joined.end(), some.begin(), some.end());
    }
    std::sort(joined.begin(), joined.end());
    EXPECT_EQ(generated_options(mixed, n), joined) << n;
  }
}

TEST(WideDigits, RandomCodesOptionsAndValues) {
  std::mt19937_64 random(20261127);
  int tested = 0, wide = 0;
  for (int trial = 0; trial < 150; ++trial) {
    std::string text = random() % 4 == 0 ? random_digit(random, true) : "0";
    text += '.';
    const int digits = 1 + static_cast<int>(random() % 3);
    for (int i = 0; i < digits; ++i) text += random() % 2 ? random_digit(random, false) : "3";
    SCOPED_TRACE(text);
    TakeAndBreak code = TakeAndBreak::parse("0.1");
    try {
      code = TakeAndBreak::parse(text);
    } catch (const InputError&) {
      continue;  // a modifier on a list of no split: refused, as it should be
    }
    EXPECT_EQ(TakeAndBreak::parse(code.name()).name(), code.name());
    ++tested;
    if (!code.is_classic()) ++wide;
    constexpr Heap kLast = 20;
    for (Heap n = 0; n <= kLast; ++n)
      ASSERT_EQ(generated_options(code, n), defined_options(code, n)) << n;
    // The mex over the defined options, against the engine the sequences use.
    std::vector<Nimber> g;
    for (Heap n = 0; n <= kLast; ++n) {
      std::set<Nimber> seen;
      for (const Split& s : defined_options(code, n)) {
        Nimber v = 0;
        for (Heap part : s) v ^= g[part];
        seen.insert(v);
      }
      Nimber mex = 0;
      while (seen.count(mex)) ++mex;
      g.push_back(mex);
    }
    ValueSequence values;
    ASSERT_TRUE(make_fast_engine(code, 1)->extend(values, kLast, {}));
    ASSERT_EQ(values.size(), kLast + 1);
    for (Heap n = 0; n <= kLast; ++n) EXPECT_EQ(values[n], g[n]) << n;
  }
  // Most random codes are read, and most of those need the wide options.
  EXPECT_GE(tested, 120);
  EXPECT_GE(wide, 100);
}

// The partition-set engine against the naive engine (every split listed),
// further than the test above and with more codes: the sets of A_r and
// T_{>=s}, '?' with its search for another split, '=' and '!' listed.
TEST(WideDigits, PartitionSetsAgainstTheNaiveEngine) {
  std::mt19937_64 random(7736);
  int compared = 0;
  for (int trial = 0; trial < 80; ++trial) {
    std::string text = random() % 4 == 0 ? random_digit(random, true) : "0";
    text += '.';
    const int digits = 1 + static_cast<int>(random() % 3);
    for (int i = 0; i < digits; ++i) text += random() % 2 ? random_digit(random, false) : "3";
    if (random() % 4 == 0) text += "[" + random_digit(random, false) + "]";
    SCOPED_TRACE(text);
    TakeAndBreak code = TakeAndBreak::parse("0.1");
    try {
      code = TakeAndBreak::parse(text);
    } catch (const InputError&) {
      continue;
    }
    if (code.is_classic()) continue;
    // Few values for codes whose splits are listed or that leave many heaps.
    const Heap last = code.compute_cost(60) < 20'000'000 ? 60 : 32;
    ValueSequence fast, naive;
    ASSERT_TRUE(make_partition_set_engine(code)->extend(fast, last, {}));
    ASSERT_TRUE(make_naive_engine(code)->extend(naive, last, {}));
    EXPECT_EQ(fast, naive);
    ++compared;
  }
  EXPECT_GE(compared, 50);
  // Known codes, further: the sets only ('*', '+', &n;, '?', '?' on "or
  // more", '!' by the knapsack), and in two pieces (the engine going on from
  // its state; the knapsack made again for more heaps) against one piece.
  for (const char* text : {"0.*", "0.{2+}", "0.&32;", "0.{2,3?,5?}", "{2+}.0", "0.1{3+}",
                           "0.{2+}=", "4.[{2,5}]", "0.{2+}?", "0.*?", "0.{3+}?", "0.4{2,4?+}",
                           "4.[{3+}?]", "0.{3?+}{5?+}", "0.{5!}", "0.{3!,6!}", "0.{2!+}",
                           "0.{4!+}", "4.[{3!}]", "0.1{3!+}", "0.{2,7!}", "0.*!"}) {
    SCOPED_TRACE(text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    const Heap last = code.compute_cost(90) < 400'000'000 ? 90 : 50;
    ValueSequence naive, whole, pieces;
    ASSERT_TRUE(make_naive_engine(code)->extend(naive, last, {}));
    ASSERT_TRUE(make_partition_set_engine(code)->extend(whole, last, {}));
    EXPECT_EQ(whole, naive);
    auto engine = make_partition_set_engine(code);
    ASSERT_TRUE(engine->extend(pieces, last / 3, {}));
    ASSERT_TRUE(engine->extend(pieces, last / 6, {}));  // nothing new: goes on after it
    ASSERT_TRUE(engine->extend(pieces, last, {}));
    EXPECT_EQ(pieces, naive);
  }
}

// '!' with values past 64 (sets of two words and more, widened while the
// knapsack holds its sets), in pieces of several sizes, and from a prefix.
TEST(WideDigits, DistinctPartsPastOneWord) {
  for (const auto& [text, last] :
       {std::pair<const char*, Heap>{"4.[{3!}]", 200}, {"0.{2!+}", 150}}) {
    SCOPED_TRACE(text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    ValueSequence naive, pieces;
    ASSERT_TRUE(make_naive_engine(code)->extend(naive, last, {}));
    ASSERT_GE(*std::max_element(naive.begin(), naive.end()), 64u);
    auto engine = make_partition_set_engine(code);
    for (Heap to : {Heap{3}, Heap{40}, Heap{41}, Heap{100}, last})
      ASSERT_TRUE(engine->extend(pieces, to, {}));
    EXPECT_EQ(pieces, naive);
    // Given G(0..120) (not what it left): the knapsack made again from the
    // prefix, by a new engine and by the one that went further.
    auto fresh = make_partition_set_engine(code);
    for (auto* from : {fresh.get(), engine.get()}) {
      ValueSequence prefix(naive.begin(), naive.begin() + 121);
      ASSERT_TRUE(from->extend(prefix, last, {}));
      EXPECT_EQ(prefix, naive);
    }
  }
}

TEST(WideDigits, DistinctPartSetsAgainstTheSetsListed) {
  // Random "sequences" of 2 to 16 values, so that many sets of parts share
  // a value; D_r(m) for r = 1..5 and E_2(m), E_4(m) (r distinct parts or
  // more) against every set of distinct parts listed; in some trials the
  // values pass 64 midway, the sets widened to two words first.
  std::mt19937_64 random(20261127);
  constexpr Heap kLast = 45, kWiden = 20;
  for (int trial = 0; trial < 100; ++trial) {
    const bool wide = trial % 4 == 3;
    const unsigned values = 2u << (trial % 4);
    std::vector<Value16> g(kLast + 1);
    for (Heap i = 1; i <= kLast; ++i)
      g[i] = static_cast<Value16>(wide && i >= kWiden ? 64 + random() % 64 : random() % values);
    // listed[m][r]: the values of the sets of r distinct parts summing to m
    // (r up to 9, enough for m <= 45).
    std::vector<std::vector<std::set<unsigned>>> listed(kLast + 1,
                                                        std::vector<std::set<unsigned>>(10));
    const std::function<void(Heap, Heap, Heap, unsigned)> parts = [&](Heap low, Heap sum,
                                                                        Heap r, unsigned v) {
      if (r >= 1) listed[sum][r].insert(v);
      for (Heap a = low; sum + a <= kLast; ++a) parts(a + 1, sum + a, r + 1, v ^ g[a]);
    };
    parts(1, 0, 0, 0);
    distinct_parts::DistinctPartSets sets(5, {2, 4});
    sets.reset(1, kLast);
    for (Heap m = 1; m <= kLast; ++m) {
      SCOPED_TRACE("trial " + std::to_string(trial) + ", m = " + std::to_string(m));
      if (wide && m == kWiden) sets.widen(2);
      const unsigned words = wide && m >= kWiden ? 2 : 1;
      const auto as_set = [&](const std::uint64_t* bits) {
        std::set<unsigned> out;
        for (unsigned v = 0; v < 64 * words; ++v)
          if ((bits[v >> 6] >> (v & 63)) & 1) out.insert(v);
        return out;
      };
      // Parts 1..m-1 are in: every split of m into 2 parts or more.
      for (Heap r = 2; r <= 5; ++r) EXPECT_EQ(as_set(sets.exactly(r, m)), listed[m][r]) << r;
      for (Heap r : {Heap{2}, Heap{4}}) {
        std::set<unsigned> more;
        for (Heap q = r; q < 10; ++q) more.insert(listed[m][q].begin(), listed[m][q].end());
        EXPECT_EQ(as_set(sets.or_more(r, m)), more) << r << " or more";
      }
      sets.add_part(g.data(), m);
      EXPECT_EQ(as_set(sets.exactly(1, m)), listed[m][1]);  // the part m itself
    }
  }
}

// Two threads share the large unions (set_helper.h): the same values as
// one, past the size where the helper starts (unions of 2^16 set words:
// the values of these codes grow like n/2, so 64-word sets from n = 4096,
// and the unions of a <= n/2 are shared from there).
TEST(WideDigits, TwoThreadsAgreeWithOne) {
  for (const char* text : {"0.{2+}", "0.{2,3?}", "0.{2+}?"}) {
    SCOPED_TRACE(text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    ValueSequence one, two;
    ASSERT_TRUE(make_partition_set_engine(code, 1)->extend(one, 6000, {}));
    ASSERT_TRUE(make_partition_set_engine(code, 2)->extend(two, 6000, {}));
    EXPECT_EQ(one, two);
    EXPECT_GE(*std::max_element(one.begin(), one.end()), 2048u);  // sets of 64 words
  }
}

}  // namespace
}  // namespace grundy::wide_digit_test
