// Misère quotients against facts published about them: each test names the
// paper or page its expected values come from (docs/misere-quotients.md,
// "Published quotients checked"). Structure is compared, not spelling:
// generator names and the order of relations are grundy's own, so the checks
// use orders, P-portions, squares, periods and isomorphisms.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/registry.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/genus.h"
#include "grundy/solve/misere_quotient.h"
#include "support/twins.h"

namespace grundy::misere_quotient_published_test {
namespace {

using Element = MisereQuotient::Element;

MisereQuotient quotient_of(const std::string& code, Heap max_heap, QuotientOptions options = {}) {
  options.max_heap = max_heap;
  return misere_quotient(TakeAndBreak::parse(code), options);
}

Element identity(const MisereQuotient& q) { return q.heap_element(0); }

// The element of r that the word (exponents of q's generators) names when
// generator i is sent to images[i].
Element image_of(const MisereQuotient& r, const QuotientWord& word, const std::vector<Element>& images) {
  Element x = identity(r);
  for (std::size_t i = 0; i < word.size(); ++i)
    for (unsigned k = 0; k < word[i]; ++k) x = r.multiply(x, images[i]);
  return x;
}

// Whether (Q, P) and (R, P_R) are isomorphic bipartite monoids: some choice
// of images of Q's generators extends to a bijection that preserves products
// and the P-portion. Exhaustive over the choices, so for small quotients only.
bool isomorphic(const MisereQuotient& q, const MisereQuotient& r) {
  if (q.order() != r.order() || q.p_portion().size() != r.p_portion().size()) return false;
  const std::size_t generators = q.generator_heaps().size();
  std::vector<Element> images(generators, 0);
  while (true) {
    std::vector<Element> f(q.order());
    std::vector<char> hit(r.order(), 0);
    bool ok = true;
    for (Element x = 0; x < q.order() && ok; ++x) {
      f[x] = image_of(r, q.normal_form(x), images);
      ok = !hit[f[x]] && q.is_p(x) == r.is_p(f[x]);
      hit[f[x]] = 1;
    }
    for (Element x = 0; x < q.order() && ok; ++x)
      for (Element y = 0; y < q.order() && ok; ++y) ok = f[q.multiply(x, y)] == r.multiply(f[x], f[y]);
    if (ok) return true;
    std::size_t i = 0;
    while (i < generators && images[i] + 1 == r.order()) images[i++] = 0;
    if (i == generators) return false;
    ++images[i];
  }
}

std::vector<std::string> sorted_relations(const MisereQuotient& q) {
  std::vector<std::string> result;
  for (const auto& r : q.relations()) result.push_back(q.word_name(r.left) + " = " + q.word_name(r.right));
  std::sort(result.begin(), result.end());
  return result;
}

// The misère quotient of 0.75, R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab,
// c^2 = b^2>, P = {a, b^2} (T. E. Plambeck and A. N. Siegel, "Misère
// quotients for impartial games", J. Combin. Theory Ser. A 115 (2008), the
// example of 0.75; arXiv math/0609825). Checked against the presentation
// here so that it may serve as the reference R8 below.
MisereQuotient published_r8() {
  MisereQuotient q = quotient_of("0.75", 30);
  EXPECT_EQ(q.order(), 8u);
  EXPECT_EQ(sorted_relations(q), (std::vector<std::string>{"a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"}));
  EXPECT_EQ(q.p_portion().size(), 2u);
  return q;
}

bool is_power_of_two(std::size_t n) { return n != 0 && (n & (n - 1)) == 0; }

// Every octal code of one and two digits, and the three-digit ones whose last
// digit splits (d3 ≥ 4) or whose first digit removes a whole heap of one: a
// spread of quotients that stays cheap with heaps up to 9.
std::vector<std::string> small_codes() {
  std::vector<std::string> codes;
  for (unsigned d1 = 1; d1 < 8; ++d1) codes.push_back(fmt::format("0.{}", d1));
  for (unsigned d1 = 0; d1 < 8; ++d1)
    for (unsigned d2 = 1; d2 < 8; ++d2) codes.push_back(fmt::format("0.{}{}", d1, d2));
  for (unsigned d1 = 0; d1 < 8; ++d1)
    for (unsigned d2 = 0; d2 < 8; ++d2)
      for (unsigned d3 = 1; d3 < 8; ++d3)
        if (d3 >= 4 || d1 % 2 == 1) codes.push_back(fmt::format("0.{}{}{}", d1, d2, d3));
  return codes;
}

// Three theorems on the orders of misère quotients, checked on the quotients
// of heaps 0..9 (each one the quotient of a closed set of games: the sums of
// those heaps) of many octal games:
// - every misère quotient of impartial games has even order (Plambeck and
//   Siegel, JCTA 115 (2008); restated in S. Rubinstein-Salzedo and S. Zhou,
//   "Finite cardinalities of misère quotients", arXiv 2603.18244, §1);
// - if |P| = 2 and Q is finite then |Q| = 2^n + 2 or 2^n + 4 (A. N. Siegel,
//   "The structure and classification of misère quotients", arXiv
//   math/0703070, abstract);
// - there is exactly one quotient of order 8 (the same paper), so every
//   quotient of order 8 is R8, the quotient of 0.75.
TEST(PublishedQuotients, OrdersFollowTheStructureTheorems) {
  const MisereQuotient r8 = published_r8();
  QuotientOptions options;
  options.max_elements = 64;
  options.stop_at_limit = true;
  options.max_learning_positions = 20'000;
  std::size_t order_eight = 0, p_two = 0;
  for (const std::string& code : small_codes()) {
    SCOPED_TRACE(code);
    const MisereQuotient q = quotient_of(code, 9, options);
    EXPECT_EQ(q.order() % 2, 0u) << "order " << q.order();
    if (q.p_portion().size() == 2) {
      ++p_two;
      EXPECT_TRUE(is_power_of_two(q.order() - 2) || is_power_of_two(q.order() - 4)) << "order " << q.order();
    }
    if (q.order() == 8) {
      ++order_eight;
      EXPECT_TRUE(isomorphic(q, r8)) << q.presentation();
    }
  }
  // The theorems were exercised, not passed vacuously.
  EXPECT_GT(order_eight, 0u);
  EXPECT_GT(p_two, 10u);
}

// T. Plambeck, plambeck.org, "misère octal games / quaternary games": Winning
// Ways' table shows .31 is the only two-digit quaternary game (code digits
// 0..3) with positions that are not misère nim heaps, and among three-digit
// ones only .121 .123 .131 .201 .211 .312 .331 have such positions. In every
// other one each heap is a misère nim heap, so sums of heaps play as misère
// Nim, whose quotient (heaps 0..2^k-1) is the tame one: the quotient must be
// tame. (The eight exceptions need not be wild; they are not checked here.)
TEST(PublishedQuotients, QuaternaryGamesOfNimHeapsAreTame) {
  const std::set<std::string> exceptional{"0.31",  "0.121", "0.123", "0.131",
                                          "0.201", "0.211", "0.312", "0.331"};
  std::size_t checked = 0;
  for (int length = 1; length <= 3; ++length) {
    int count = 1;
    for (int i = 0; i < length; ++i) count *= 4;
    for (int c = 0; c < count; ++c) {
      std::string code = "0.";
      for (int i = 0, x = c; i < length; ++i, x /= 4) code += static_cast<char>('0' + x % 4);
      if (code.back() == '0' || exceptional.count(code)) continue;
      SCOPED_TRACE(code);
      const MisereQuotient q = quotient_of(code, 16);
      ASSERT_TRUE(q.covers(16));
      EXPECT_EQ(q.tame(), std::optional<bool>(true)) << q.presentation();
      ++checked;
    }
  }
  EXPECT_EQ(checked, 4u * 4 * 3 + 4 * 3 + 3 - 8);
}

// T. Plambeck, plambeck.org, "misère octal games / quaternary games / 0.312"
// (solved 4 February 2003): except the heap of 4, every heap may be pretended
// to be an adder, heaps 1, 2, 3, 5, 6, 7, 8, ... being :1 :2 :4 :4 :5 :4 :5
// ... with period 2, and the heap of 4, A (genus 2^1420), satisfies
// A + A = 0. In the quotient: Φ(3) = Φ(5) = Φ(7) = ..., Φ(6) = Φ(8) = ...,
// Φ(4)^2 = 1. Heaps 4 and 6 differ (their genera 2^1420 and 1^13, same page,
// differ at g_3: heap 4 beside three heaps of 2 is a P-position, heap 6 is
// not), as do heaps 5 and 6 (g_0 = 0 and 1), so the period is 2 from heap 5
// exactly. Heap 1 is *1, and *1 + *1 = 0 in any sum (G⁻(Y + *1) =
// G⁻(Y) ⊕ 1, Lemma 1 of docs/misere.md). In a tame quotient only 1 and the
// class of *1 square to 1 (every other element is firm, and so is its
// square), so 1, heap 1 and A make 0.312 wild.
TEST(PublishedQuotients, Plambeck0312) {
  const MisereQuotient q = quotient_of("0.312", 30);
  ASSERT_TRUE(q.covers(30));
  const Element one = identity(q), a = q.heap_element(1), big_a = q.heap_element(4);
  EXPECT_EQ(q.multiply(big_a, big_a), one);
  EXPECT_EQ(q.multiply(a, a), one);
  EXPECT_NE(big_a, one);
  EXPECT_NE(big_a, a);
  for (Heap n = 5; n <= 30; n += 2) EXPECT_EQ(q.heap_element(n), q.heap_element(3)) << n;
  for (Heap n = 8; n <= 30; n += 2) EXPECT_EQ(q.heap_element(n), q.heap_element(6)) << n;
  EXPECT_NE(q.heap_element(4), q.heap_element(6));
  EXPECT_NE(q.heap_element(5), q.heap_element(6));
  ASSERT_TRUE(q.period().has_value());
  EXPECT_EQ(q.period()->period, 2u);
  EXPECT_EQ(q.period()->preperiod, 5u);
  EXPECT_TRUE(q.whole_game());
  EXPECT_EQ(q.tame(), std::optional<bool>(false));
  // The facts used above, by the plain recursion over whole sums: A + A and
  // *1 + *1 beside small sums Z play as Z; heap 4 beside three heaps of 2 is
  // lost for the mover and heap 6 there is not; heap 5 alone is lost, heap 6
  // not.
  const TakeAndBreak game = TakeAndBreak::parse("0.312");
  testing::RecursiveTwin twin(game, true);
  for (const Position& z : testing::all_positions(3, 8))
    for (Heap pair : {Heap{1}, Heap{4}}) {
      Position with = z;
      with.push_back(pair);
      with.push_back(pair);
      EXPECT_EQ(twin.mover_wins(with), twin.mover_wins(z)) << pair << " + " << pair << " + " << testing::show(z);
    }
  EXPECT_FALSE(twin.mover_wins(Position{2, 2, 2, 4}));
  EXPECT_TRUE(twin.mover_wins(Position{2, 2, 2, 6}));
  EXPECT_FALSE(twin.mover_wins(Position{5}));
  EXPECT_TRUE(twin.mover_wins(Position{6}));
}

// T. Plambeck, plambeck.org misère toolkit notes, "The Game .316" (4 May
// 2003): the heaps 4, 16, 28, ... and 6, 18, 30, ... all have genus 2^1420
// and "seem to satisfy A+A=0". The genera hold, and so does A + A = 0 for
// heap 4; but for heap 6 it holds only as genera (6 + 6 has genus 0^120, as
// the empty sum does), not in play: the plain recursion finds heaps 6, 6, 7,
// 2 won by the mover and heaps 7, 2 lost, so heap 6 + heap 6 is not the
// identity of the quotient of heaps 0..7. grundy agrees with the recursion.
TEST(PublishedQuotients, Plambeck0316NoteOnAPlusA) {
  const TakeAndBreak game = TakeAndBreak::parse("0.316");
  const HeapGenera genera = heap_genera(game, 0, 30);
  for (Heap n : {4, 6, 16, 18, 28, 30}) EXPECT_EQ(genera.genera[n].symbol(), "2^1420") << n;
  GenusSearch search(game);
  EXPECT_EQ(search.genus(Position{6, 6}).symbol(), "0^120");
  EXPECT_EQ(search.genus(Position{}).symbol(), "0^120");

  testing::RecursiveTwin twin(game, true);
  EXPECT_TRUE(twin.mover_wins(Position{2, 6, 6, 7}));
  EXPECT_FALSE(twin.mover_wins(Position{2, 7}));
  for (const Position& z : testing::all_positions(2, 7)) {
    Position with = z;
    with.push_back(4);
    with.push_back(4);
    EXPECT_EQ(twin.mover_wins(with), twin.mover_wins(z)) << "4 + 4 + " << testing::show(z);
  }

  const MisereQuotient q = quotient_of("0.316", 7);
  ASSERT_TRUE(q.covers(7));
  const Element one = identity(q);
  EXPECT_EQ(q.multiply(q.heap_element(4), q.heap_element(4)), one);
  EXPECT_NE(q.multiply(q.heap_element(6), q.heap_element(6)), one);
}

// D. T. Allemang's partial misère analysis of 0.14 to heap 16, as quoted in
// T. Plambeck's misère toolkit notes, "The Game .14" (plambeck.org, 2003):
// with A = heap 12 = heap 15, B = heap 14 and C = heap 16, the reduction
// rules A+A+A+A = A+A, B+B = 0 and C+C+C+C = C+C. They hold in the quotient
// of heaps 0..16 (grundy learns heap 14 there, docs/misere-quotients.md,
// "Learning"), and B + B = 0 and A = heap 15 are checked by the plain
// recursion beside small sums too.
TEST(PublishedQuotients, Allemang014) {
  const MisereQuotient q = quotient_of("0.14", 16);
  ASSERT_TRUE(q.covers(16));
  const Element one = identity(q), a = q.heap_element(12), b = q.heap_element(14),
                c = q.heap_element(16);
  const auto square = [&](Element x) { return q.multiply(x, x); };
  EXPECT_EQ(q.heap_element(15), a);
  EXPECT_EQ(square(square(a)), square(a));
  EXPECT_EQ(square(b), one);
  EXPECT_EQ(square(square(c)), square(c));

  const TakeAndBreak game = TakeAndBreak::parse("0.14");
  testing::RecursiveTwin twin(game, true);
  for (const Position& z : testing::all_positions(2, 8)) {
    Position twice = z, twelve = z, fifteen = z;
    twice.push_back(14);
    twice.push_back(14);
    twelve.push_back(12);
    fifteen.push_back(15);
    EXPECT_EQ(twin.mover_wins(twice), twin.mover_wins(z)) << "14 + 14 + " << testing::show(z);
    EXPECT_EQ(twin.mover_wins(twelve), twin.mover_wins(fifteen)) << testing::show(z);
  }
}

// A. N. Siegel, answering M. Weimerskirch on the misère games blog ("Some
// MisereSolver questions answered", miseregames.wordpress.com, 28 August
// 2007): the quotient of Dawson's Kayles (0.07) with heaps up to 30 has 360
// elements. grundy reaches it by recalibration (docs/misere-quotients.md);
// the construction and refinement alone stopped at heap 24.
TEST(PublishedQuotients, SiegelDawsonsKaylesToHeap30Has360Elements) {
  QuotientOptions options;
  options.max_learning_positions = 0;
  options.decide_tame = false;
  const MisereQuotient q = quotient_of("0.07", 30, options);
  ASSERT_EQ(q.max_heap(), 30u) << q.limit_note();
  EXPECT_EQ(q.order(), 360u);
  EXPECT_EQ(q.order() % 2, 0u);
}

// M. Weimerskirch, "An algorithm for computing indistinguishability quotients
// in misère impartial combinatorial games", Games of No Chance 4 (Cambridge
// University Press), pp. 267-278: the quotient of misère 0.3122 with heaps up
// to 7 is infinite (the first infinite misère quotient found). No finite
// quotient of heaps 0..7 can then be verified, so grundy must stop before
// heap 7 however many elements it is allowed.
TEST(PublishedQuotients, Weimerskirch03122IsInfiniteAtHeapSeven) {
  QuotientOptions options;
  options.max_elements = 1024;
  options.stop_at_limit = true;
  options.max_learning_positions = 20'000;
  const MisereQuotient q = quotient_of("0.3122", 7, options);
  EXPECT_FALSE(q.covers(7));
  EXPECT_FALSE(q.limit_note().empty());
}

// T. Plambeck, plambeck.org misère toolkit notes, "Four digit quaternaries"
// (21 May 2003): of the octal codes 0.d1d2d3d4 with every digit 0..3, exactly
// these 23 have a single heap, among the first 50, whose genus is not tame
// (not that of a nim position). .1230 and .3120 are the three-digit .123 and
// .312; the other 21 are the four-digit games of Plambeck's quaternary
// bounties (of which, on his blog in July 2005, 17 were solved and .3102,
// .3122, .3123, .3312 still open).
TEST(PublishedQuotients, PlambeckFourDigitQuaternariesWithWildHeaps) {
  const std::set<std::string> published{
      "0.0122", "0.0123", "0.1023", "0.1032", "0.1033", "0.1230", "0.1231", "0.1232",
      "0.1233", "0.1321", "0.1323", "0.1331", "0.2012", "0.2112", "0.3101", "0.3102",
      "0.3103", "0.3112", "0.3120", "0.3122", "0.3123", "0.3131", "0.3312"};
  std::set<std::string> found;
  for (int c = 1; c < 256; ++c) {
    std::string digits;
    for (int i = 0, x = c; i < 4; ++i, x /= 4) digits.insert(digits.begin(), static_cast<char>('0' + x % 4));
    // The parser wants no trailing zero; the game is the same without it.
    std::string code = "0." + digits;
    while (code.back() == '0') code.pop_back();
    const auto game = TakeAndBreak::parse(code);
    const HeapGenera genera = heap_genera(game, 1, 50);
    if (std::any_of(genera.genera.begin(), genera.genera.end(), [](const Genus& g) { return !g.tame(); }))
      found.insert("0." + digits);
  }
  EXPECT_EQ(found, published);
}

}  // namespace
}  // namespace grundy::misere_quotient_published_test
