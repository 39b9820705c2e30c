// Misère quotients: literal checks against quotients worked out by hand from
// misère Nim's rule (C. L. Bouton, Ann. Math. 3, 1902; docs/theory.md §2)
// and the misère subtraction game's P-positions, plus the limits.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/registry.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/misere_quotient.h"

namespace grundy {
namespace {

std::vector<std::string> names(const MisereQuotient& q, const std::vector<MisereQuotient::Element>& xs) {
  std::vector<std::string> result;
  for (auto x : xs) result.push_back(q.name(x));
  return result;
}

std::vector<std::string> relations(const MisereQuotient& q) {
  std::vector<std::string> result;
  for (const auto& r : q.relations()) result.push_back(q.word_name(r.left) + " = " + q.word_name(r.right));
  return result;
}

// Sums of heaps of one: n·*1 is a misère P-position iff n is odd, and any
// two even (two odd) counts behave alike in every sum: Q = {1, a}, a^2 = 1.
TEST(MisereQuotient, NimHeapsOfOne) {
  const auto nim = parse_ruleset("nim");
  QuotientOptions options;
  options.max_heap = 1;
  const MisereQuotient q = misere_quotient(*heap_ruleset_of(*nim), options);
  EXPECT_EQ(q.order(), 2u);
  EXPECT_EQ(relations(q), (std::vector<std::string>{"a^2 = 1"}));
  EXPECT_EQ(names(q, q.p_portion()), (std::vector<std::string>{"a"}));
  EXPECT_EQ(names(q, q.pretending()), (std::vector<std::string>{"1", "a"}));
  EXPECT_EQ(q.generator_heaps(), (std::vector<Heap>{1}));
  EXPECT_EQ(q.tame(), std::optional<bool>(true));
}

// Nim heaps 0..3. By misère Nim's rule a sum's outcome depends on its nim-sum
// s (0..3) and on whether some heap is 2 or more: with none, only s = 0 or 1
// occurs; so six classes, P = {no large heap and s = 1; a large heap and
// s = 0}. With a = *1 and b = *2: *3 behaves as a·b, a^2 = 1 (two heaps of
// one cancel), b^3 = b (three *2 are firm with s = 2, like one), b^2 is the
// firm s = 0, a P-position.
TEST(MisereQuotient, NimHeapsUpToThree) {
  const auto nim = parse_ruleset("nim");
  QuotientOptions options;
  options.max_heap = 3;
  const MisereQuotient q = misere_quotient(*heap_ruleset_of(*nim), options);
  EXPECT_EQ(q.order(), 6u);
  EXPECT_EQ(relations(q), (std::vector<std::string>{"a^2 = 1", "b^3 = b"}));
  EXPECT_EQ(names(q, q.p_portion()), (std::vector<std::string>{"a", "b^2"}));
  EXPECT_EQ(names(q, q.pretending()), (std::vector<std::string>{"1", "a", "b", "ab"}));
  EXPECT_EQ(q.generator_heaps(), (std::vector<Heap>{1, 2}));
  EXPECT_EQ(q.last_new_generator(), std::optional<Heap>(2));
  EXPECT_EQ(q.tame(), std::optional<bool>(true));
}

// Misère subtract-1..3 (0.333): a single heap n is a P-position iff
// n ≡ 1 (mod 4) (WW ch. 13: subtraction games are misère Nim heaps with
// the values n mod 4). The period is proven, so heaps up to 2^63-1 are
// covered.
TEST(MisereQuotient, SubtractionGameCoversEveryHeap) {
  const auto game = TakeAndBreak::parse("0.333");
  QuotientOptions options;
  options.max_heap = 20;
  const MisereQuotient q = misere_quotient(game, options);
  ASSERT_TRUE(q.whole_game());
  EXPECT_EQ(q.period()->period, 4u);
  for (Heap n : {Heap{0}, Heap{1}, Heap{5}, Heap{1'000'000'000'000'000'001}, kMaxHeap,
                 kMaxHeap - 2, Heap{1'000'000'000'000'000'000}})
    EXPECT_EQ(q.is_p(q.heap_element(n)), n % 4 == 1) << n;
  EXPECT_EQ(q.tame(), std::optional<bool>(true));
}

TEST(MisereQuotient, BeyondTheHeapsAdjoinedIsALimitError) {
  const auto game = parse_ruleset("kayles");
  QuotientOptions options;
  options.max_heap = 6;
  const MisereQuotient q = misere_quotient(*heap_ruleset_of(*game), options);
  EXPECT_FALSE(q.whole_game());
  EXPECT_TRUE(q.covers(6));
  EXPECT_FALSE(q.covers(7));
  EXPECT_THROW(q.heap_element(7), LimitError);
}

TEST(MisereQuotient, TooManyElementsIsALimitError) {
  const auto game = parse_ruleset("kayles");
  QuotientOptions options;
  options.max_heap = 12;
  options.max_elements = 4;
  EXPECT_THROW(misere_quotient(*heap_ruleset_of(*game), options), LimitError);
  options.stop_at_limit = true;
  const MisereQuotient q = misere_quotient(*heap_ruleset_of(*game), options);
  EXPECT_FALSE(q.limit_note().empty());
  EXPECT_LE(q.order(), 4u);
  EXPECT_LT(q.max_heap(), 12u);
}

}  // namespace
}  // namespace grundy
