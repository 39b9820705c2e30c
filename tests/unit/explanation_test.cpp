// Literal checks of the facts behind grundy analyze --explain
// (include/grundy/solve/explanation.h). Expected values are published or
// worked by hand beside each test: Bouton's nim-sum (C. L. Bouton, Ann. Math.
// 3 (1901)), misère Nim's cases (Winning Ways ch. 13; docs/theory.md §2),
// Wythoff's P-pairs (0,0), (1,2), (3,5), (4,7), (6,10) (Wythoff 1907; OEIS
// A000201, A001950), Moore's Nim_k with the hand-worked example of
// docs/theory.md §2, staircase Nim on AcWing 892's sample, and Kayles'
// values from docs/theory.md §8. Each ruleset is also checked to get the kind
// of explanation that belongs to its rule.
#include "grundy/solve/explanation.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "grundy/rules/game_syntax.h"
#include "grundy/rules/registry.h"

namespace grundy::explanation_test {
namespace {

struct Explained {
  std::unique_ptr<Ruleset> ruleset;
  Analysis analysis;
  Explanation facts;
};

Explained explained(const std::string& name, const Position& position,
                    Convention convention = Convention::normal) {
  Explained e;
  e.ruleset = parse_ruleset(name);
  AnalysisOptions options;
  options.convention = convention;
  e.analysis = analyze(*e.ruleset, position, options);
  e.facts = explain(*e.ruleset, position, e.analysis, convention);
  return e;
}

TEST(NimSumStep, BoutonThreeFourFive) {
  // 3 = 011, 4 = 100, 5 = 101: the columns hold 1, 1 and 2 ones from the
  // top, so the nim-sum is 010 = 2. Its highest 1 is the column worth 2, and
  // the first value with a 1 there is 3 (index 0), which becomes 3 xor 2 = 1.
  const NimSumStep step = nim_sum_step({3, 4, 5});
  EXPECT_EQ(step.nim_sum, 2U);
  EXPECT_EQ(step.highest_bit, 1);
  EXPECT_EQ(step.index, 0U);
  EXPECT_EQ(step.value, 3U);
  EXPECT_EQ(step.target, 1U);
  EXPECT_EQ(step.others, 4U ^ 5U);
}

TEST(NimSumStep, ZeroSum) {
  // 1 xor 2 xor 3 = 0: nothing to change; the step is about the first value.
  const NimSumStep step = nim_sum_step({1, 2, 3});
  EXPECT_EQ(step.nim_sum, 0U);
  EXPECT_EQ(step.highest_bit, -1);
  EXPECT_EQ(step.index, 0U);
  EXPECT_EQ(step.others, 2U ^ 3U);
  EXPECT_EQ(nim_sum_step({}).nim_sum, 0U);
}

TEST(Explanation, NimNormalPlay) {
  const auto e = explained("nim", {3, 4, 5});
  ASSERT_TRUE(std::holds_alternative<NimSumExplanation>(e.facts));
  const auto& f = std::get<NimSumExplanation>(e.facts);
  EXPECT_TRUE(f.nim);
  EXPECT_EQ(f.heaps, (Position{3, 4, 5}));
  EXPECT_EQ(f.sum.values, (std::vector<Nimber>{3, 4, 5}));
  EXPECT_EQ(f.sum.nim_sum, 2U);
  EXPECT_EQ(f.sum.index, 0U);
  EXPECT_EQ(f.sum.target, 1U);
  EXPECT_FALSE(f.no_tokens);
  ASSERT_TRUE(f.move.has_value());
  EXPECT_EQ(f.move->after({3, 4, 5}), (Position{1, 4, 5}));

  const auto empty = explained("nim", {0, 0});
  const auto& g = std::get<NimSumExplanation>(empty.facts);
  EXPECT_TRUE(g.no_tokens);
  EXPECT_EQ(g.sum.nim_sum, 0U);
  EXPECT_FALSE(g.move.has_value());
}

TEST(Explanation, NimMoveBuiltWhenNotListed) {
  // An analysis that lists no move (as with --count): Bouton's move on heap 1
  // is built by the rule, 3 -> 3 xor 2 = 1.
  const auto nim = parse_ruleset("nim");
  Analysis a;
  a.outcome = Outcome::N;
  a.heap_values = std::vector<Nimber>{3, 4, 5};
  const auto facts = explain(*nim, {3, 4, 5}, a, Convention::normal);
  const auto& f = std::get<NimSumExplanation>(facts);
  ASSERT_TRUE(f.move.has_value());
  EXPECT_EQ(f.move->after({3, 4, 5}), (Position{1, 4, 5}));
  EXPECT_FALSE(f.move->description.empty());
}

TEST(Explanation, KaylesIsAHeapGameButNotNim) {
  // docs/theory.md §8: Kayles G(5) = 4, G(7) = 2, G(9) = 4; nim-sum 2, whose
  // column first has a 1 in G(7) = 2, which goes to 0.
  const auto e = explained("kayles", {5, 7, 9});
  ASSERT_TRUE(std::holds_alternative<NimSumExplanation>(e.facts));
  const auto& f = std::get<NimSumExplanation>(e.facts);
  EXPECT_FALSE(f.nim);
  EXPECT_EQ(f.sum.values, (std::vector<Nimber>{4, 2, 4}));
  EXPECT_EQ(f.sum.nim_sum, 2U);
  EXPECT_EQ(f.sum.index, 1U);
  EXPECT_EQ(f.sum.value, 2U);
  EXPECT_EQ(f.sum.target, 0U);
  ASSERT_TRUE(f.move.has_value());
  EXPECT_EQ(f.move->index, 1U);
  // A code that plays like Nim is still not Nim itself.
  const auto code = explained("0.[3]", {3, 4, 5});
  EXPECT_FALSE(std::get<NimSumExplanation>(code.facts).nim);
}

TEST(Explanation, MisereNimCases) {
  using Case = MisereNimExplanation::Case;
  // Case 1, three 1-heaps: the player to move takes the last one (P).
  auto e = explained("nim", {1, 1, 1}, Convention::misere);
  ASSERT_TRUE(std::holds_alternative<MisereNimExplanation>(e.facts));
  auto f = std::get<MisereNimExplanation>(e.facts);
  EXPECT_EQ(f.which, Case::at_most_one_token);
  EXPECT_EQ(f.ones, 3U);
  EXPECT_EQ(f.outcome, Outcome::P);
  // No token at all: the player to move cannot move and wins.
  f = std::get<MisereNimExplanation>(explained("nim", {0, 0}, Convention::misere).facts);
  EXPECT_EQ(f.which, Case::at_most_one_token);
  EXPECT_EQ(f.ones, 0U);
  EXPECT_EQ(f.outcome, Outcome::N);
  // Case 2, {5, 1, 1}: two 1-heaps, so heap 1 is left with one token
  // (three 1-heaps remain); Nim's move 5 -> 5 xor 5 = 0 would leave two.
  f = std::get<MisereNimExplanation>(explained("nim", {5, 1, 1}, Convention::misere).facts);
  EXPECT_EQ(f.which, Case::one_large_heap);
  EXPECT_EQ(f.outcome, Outcome::N);
  EXPECT_EQ(f.large_index, 0U);
  EXPECT_EQ(f.large_size, 5U);
  EXPECT_EQ(f.ones, 2U);
  EXPECT_EQ(f.keep, 1U);
  EXPECT_EQ(f.nim_sum, 5U);
  EXPECT_EQ(f.normal_target, 0U);
  EXPECT_EQ(f.ones_after_normal, 2U);
  ASSERT_TRUE(f.move.has_value());
  EXPECT_EQ(f.move->after({5, 1, 1}), (Position{1, 1, 1}));
  // Case 3, {5, 6, 1}: nim-sum 101 xor 110 xor 001 = 010; 6 has that 1 and
  // goes to 6 xor 2 = 4.
  f = std::get<MisereNimExplanation>(explained("nim", {5, 6, 1}, Convention::misere).facts);
  EXPECT_EQ(f.which, Case::several_large);
  EXPECT_EQ(f.large, 2U);
  EXPECT_EQ(f.sum.nim_sum, 2U);
  EXPECT_EQ(f.sum.index, 1U);
  EXPECT_EQ(f.sum.target, 4U);
  ASSERT_TRUE(f.move.has_value());
  EXPECT_EQ(f.move->after({5, 6, 1}), (Position{5, 4, 1}));
  // {3, 2, 1}: nim-sum 0, P.
  f = std::get<MisereNimExplanation>(explained("nim", {3, 2, 1}, Convention::misere).facts);
  EXPECT_EQ(f.which, Case::several_large);
  EXPECT_EQ(f.outcome, Outcome::P);
  EXPECT_FALSE(f.move.has_value());
}

TEST(Explanation, WythoffPairs) {
  using Case = WythoffExplanation::Case;
  using Kind = WythoffExplanation::Reached::Kind;
  // (4, 6): d = 2, whose pair is (a_2, b_2) = (3, 5); 4 is not a_2. The only
  // winning move takes 1 from both heaps; taking from one heap cannot work,
  // because the partners of 6 (= a_4, partner 10) and of 4 (= a_3, partner 7)
  // are larger.
  auto e = explained("wythoff", {4, 6});
  ASSERT_TRUE(std::holds_alternative<WythoffExplanation>(e.facts));
  auto f = std::get<WythoffExplanation>(e.facts);
  EXPECT_EQ(f.which, Case::not_pair);
  EXPECT_EQ(f.low, 4U);
  EXPECT_EQ(f.high, 6U);
  EXPECT_EQ(f.difference, 2U);
  EXPECT_EQ(f.pair, (std::pair<Heap, Heap>{3, 5}));
  ASSERT_EQ(f.moves.size(), 1U);
  EXPECT_EQ(f.moves[0].first, 3U);
  EXPECT_EQ(f.moves[0].second, 5U);
  EXPECT_EQ(f.moves[0].k, 2U);
  EXPECT_EQ(f.moves[0].taken, Kind::both);
  EXPECT_EQ(f.largest_difference, 2U);
  // Wythoff 1907; OEIS A000201, A001950: k = 0..3.
  EXPECT_EQ(f.pairs, (std::vector<std::pair<Heap, Heap>>{{0, 0}, {1, 2}, {3, 5}, {4, 7}}));

  // (5, 3) is the mirror of (a_2, b_2): P.
  f = std::get<WythoffExplanation>(explained("wythoff", {5, 3}).facts);
  EXPECT_EQ(f.which, Case::p_pair);
  EXPECT_EQ(f.first, 5U);
  EXPECT_EQ(f.low, 3U);
  EXPECT_TRUE(f.moves.empty());
  // (0, 0): no move.
  f = std::get<WythoffExplanation>(explained("wythoff", {0, 0}).facts);
  EXPECT_EQ(f.which, Case::empty);
  // (10, 4): d = 6, whose pair is (a_6, b_6) = (9, 15), so N. 4 = a_3, whose
  // partner is b_3 = 7: heap 1 comes down from 10 to 7, reaching (7, 4), the
  // mirror of (a_3, b_3). No other move wins: 10 = b_4, whose partner 6 is
  // more than 4, and (9, 15) is out of reach.
  f = std::get<WythoffExplanation>(explained("wythoff", {10, 4}).facts);
  EXPECT_EQ(f.which, Case::not_pair);
  EXPECT_EQ(f.pair, (std::pair<Heap, Heap>{9, 15}));
  ASSERT_EQ(f.moves.size(), 1U);
  EXPECT_EQ(f.moves[0].first, 7U);
  EXPECT_EQ(f.moves[0].second, 4U);
  EXPECT_EQ(f.moves[0].taken, Kind::first);
  EXPECT_EQ(f.moves[0].k, 3U);
  // Pairs up to k = d + 1 = 7, (6, 10) being k = 4 (Wythoff 1907).
  ASSERT_EQ(f.pairs.size(), 8U);
  EXPECT_EQ(f.pairs[4], (std::pair<Heap, Heap>{6, 10}));
  EXPECT_EQ(f.pairs[6], (std::pair<Heap, Heap>{9, 15}));
}

TEST(Explanation, MooreWorkedExample) {
  // docs/theory.md §2: heaps 12, 24, 6, 8, 8 with k = 3. In binary 01100,
  // 11000, 00110, 01000, 01000: bits 0..4 hold 0, 1, 2, 4, 1 ones, which mod 4
  // are 0, 1, 2, 0, 1 (N). The move built column by column leaves 8, 8, 0,
  // 8, 8, whose bit 3 holds 4 ones and every other bit none. The analysis
  // here lists no move (as with --count), so the library builds it.
  const auto moore = parse_ruleset("moore:3");
  Analysis a;
  a.outcome = Outcome::N;
  const Position start{12, 24, 6, 8, 8};
  const auto facts = explain(*moore, start, a, Convention::normal);
  ASSERT_TRUE(std::holds_alternative<MooreExplanation>(facts));
  const auto& f = std::get<MooreExplanation>(facts);
  EXPECT_EQ(f.k, 3U);
  EXPECT_EQ(f.columns, 5);
  EXPECT_EQ(f.counts, (std::vector<std::uint64_t>{0, 1, 2, 4, 1}));
  EXPECT_EQ(f.residues, (std::vector<std::uint64_t>{0, 1, 2, 0, 1}));
  EXPECT_FALSE(f.p_position);
  ASSERT_TRUE(f.move.has_value());
  EXPECT_EQ(f.after, (Position{8, 8, 0, 8, 8}));
  EXPECT_EQ(f.changed, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(f.counts_after, (std::vector<std::uint64_t>{0, 0, 0, 4, 0}));
  EXPECT_EQ(f.residues_after, (std::vector<std::uint64_t>{0, 0, 0, 0, 0}));
  EXPECT_TRUE(f.p_after);
}

TEST(Explanation, MooreNimTwo) {
  // k = 2, {1, 1, 1}: three ones in the only column, a multiple of 3 (P): a
  // move empties one or two heaps and the opponent empties the rest.
  auto f = std::get<MooreExplanation>(explained("moore:2", {1, 1, 1}).facts);
  EXPECT_EQ(f.k, 2U);
  EXPECT_EQ(f.counts, (std::vector<std::uint64_t>{3}));
  EXPECT_EQ(f.residues, (std::vector<std::uint64_t>{0}));
  EXPECT_TRUE(f.p_position);
  EXPECT_FALSE(f.move.has_value());
  // {1, 1, 1, 1}: four ones, 1 mod 3 (N); emptying one heap leaves three.
  f = std::get<MooreExplanation>(explained("moore:2", {1, 1, 1, 1}).facts);
  EXPECT_EQ(f.residues, (std::vector<std::uint64_t>{1}));
  EXPECT_FALSE(f.p_position);
  ASSERT_TRUE(f.move.has_value());
  EXPECT_EQ(f.changed.size(), 1U);
  EXPECT_EQ(f.counts_after, (std::vector<std::uint64_t>{3}));
}

TEST(Explanation, StaircaseAcWing892Sample) {
  // Stairs 2 1 3: the odd stairs 1 and 3 hold 2 and 3, nim-sum 1; stair 3
  // (3 = 11) has the 1 and goes to 3 xor 1 = 2, its token landing on stair 2.
  const auto e = explained("staircase", {2, 1, 3});
  ASSERT_TRUE(std::holds_alternative<StaircaseExplanation>(e.facts));
  const auto& f = std::get<StaircaseExplanation>(e.facts);
  EXPECT_EQ(f.odd_stairs, (Position{2, 3}));
  EXPECT_EQ(f.sum.nim_sum, 1U);
  EXPECT_EQ(f.sum.index, 1U);
  EXPECT_EQ(f.sum.target, 2U);
  EXPECT_EQ(f.landing_stair, 2U);
  ASSERT_TRUE(f.move.has_value());
  EXPECT_EQ(f.move->after({2, 1, 3}), (Position{2, 2, 2}));
  // Stairs 2 5 2: odd stairs 2 and 2, nim-sum 0 (P).
  const auto p = std::get<StaircaseExplanation>(explained("staircase", {2, 5, 2}).facts);
  EXPECT_EQ(p.sum.nim_sum, 0U);
  EXPECT_FALSE(p.move.has_value());
}

TEST(Explanation, OtherGamesAndConventionsGetTheMethod) {
  // Misère play of a game other than Nim is decided by the SJ theorem or by
  // search, not by a rule of the game's own: Kayles' heaps 3 and 4 are tame
  // (the misère-Nim rule on their values), Wythoff's game is searched.
  auto e = explained("kayles", {3, 4}, Convention::misere);
  ASSERT_TRUE(std::holds_alternative<MethodExplanation>(e.facts));
  EXPECT_EQ(std::get<MethodExplanation>(e.facts).convention, Convention::misere);
  EXPECT_FALSE(std::get<MethodExplanation>(e.facts).exhaustive_search);
  e = explained("wythoff", {3, 4}, Convention::misere);
  ASSERT_TRUE(std::holds_alternative<MethodExplanation>(e.facts));
  EXPECT_TRUE(std::get<MethodExplanation>(e.facts).exhaustive_search);
}

// The method is a typed fact: the explanation reads it, never the method's
// words.
TEST(Explanation, TheMethodIsATypedFact) {
  const Explained kayles = explained("kayles", {5, 7});
  EXPECT_EQ(kayles.analysis.method_kind, AnalysisMethod::sprague_grundy);
  EXPECT_FALSE(kayles.analysis.heap_value_method.empty());
  EXPECT_NE(kayles.analysis.method.find(kayles.analysis.heap_value_method), std::string::npos);
  const Explained wythoff = explained("wythoff", {3, 5});
  EXPECT_EQ(wythoff.analysis.method_kind, AnalysisMethod::closed_form);
  EXPECT_TRUE(wythoff.analysis.heap_value_method.empty());
  // Misère play: heaps whose genus is a nim heap's (Dawson's chess up to 4),
  // the quotient past them, and a search of a sum with Wythoff's game.
  EXPECT_EQ(explained("0.137", {3, 4}, Convention::misere).analysis.method_kind,
            AnalysisMethod::misere_nim_rule);
  EXPECT_EQ(explained("0.137", {3, 4, 5, 9}, Convention::misere).analysis.method_kind,
            AnalysisMethod::misere_quotient);
  const auto summands = parse_game("wythoff 3 4 + nim 2");
  const GamePosition sum = sum_of(summands);
  AnalysisOptions misere;
  misere.convention = Convention::misere;
  const Analysis searched = analyze(*sum.ruleset, sum.position, misere);
  EXPECT_EQ(searched.method_kind, AnalysisMethod::exhaustive_search) << searched.method;
}

}  // namespace
}  // namespace grundy::explanation_test
