// Misère quotients against their by-definition twin: the misère outcome of
// random small sums of heaps by plain memoised recursion over the whole sum
// (support/twins.h), for every 2- and 3-digit octal code whose quotient of
// heaps 0..kHeaps stays small; and the winning moves of analyze(), which
// uses the quotient, against the twin's, including sums beyond the heaps
// adjoined when the quotient is proven to be the whole game's.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "grundy/rules/registry.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/misere_quotient.h"
#include "solve/misere/quotient_recalibration.h"
#include "solve/misere/quotient_stage.h"
#include "solve/misere/quotient_verification.h"
#include "support/twins.h"

namespace grundy::misere_quotient_test {
namespace {

constexpr unsigned kSeed = 20261125;
constexpr Heap kHeaps = 9;
constexpr std::size_t kSmall = 48;  // "a small quotient": at most this many elements

std::vector<std::string> octal_codes() {
  std::vector<std::string> codes;
  for (unsigned d1 = 0; d1 < 8; ++d1)
    for (unsigned d2 = 1; d2 < 8; ++d2) codes.push_back(fmt::format("0.{}{}", d1, d2));
  for (unsigned d1 = 0; d1 < 8; ++d1)
    for (unsigned d2 = 0; d2 < 8; ++d2)
      for (unsigned d3 = 1; d3 < 8; ++d3) codes.push_back(fmt::format("0.{}{}{}", d1, d2, d3));
  return codes;
}

// The quotient of heaps 0..last of `game` (without the tame test), with the
// state saved after each heap appended to `states`.
MisereQuotient run_keeping_states(const TakeAndBreak& game, Heap last,
                                  std::vector<QuotientState>& states) {
  QuotientOptions options;
  options.max_heap = last;
  options.decide_tame = false;
  options.save_every = 0;
  options.save = [&](const QuotientState& state) { states.push_back(state); };
  return misere_quotient(game, options);
}

Position random_sum(std::mt19937_64& rng, std::size_t most_heaps, Heap largest) {
  Position p(1 + rng() % most_heaps);
  for (Heap& h : p) h = rng() % (largest + 1);
  return p;
}

TEST(MisereQuotientStress, OutcomesOfEveryShortOctalCodeAgainstExhaustiveSearch) {
  std::mt19937_64 rng(kSeed);
  std::size_t small = 0, heaps = 0;
  for (const std::string& code : octal_codes()) {
    const TakeAndBreak game = TakeAndBreak::parse(code);
    QuotientOptions options;
    options.max_heap = kHeaps;
    options.max_elements = kSmall;
    options.max_refinements = 2;
    options.max_verify_states = 20'000;
    options.stop_at_limit = true;
    options.decide_tame = false;
    const MisereQuotient q = misere_quotient(game, options);
    // Whatever heaps the quotient covers (it stops before a heap it cannot
    // verify or that would make it large), it must be right on them.
    if (q.max_heap() < 2) continue;
    ++small;
    heaps += q.max_heap();
    testing::RecursiveTwin twin(game, true);
    for (int round = 0; round < 12; ++round) {
      const Position p = random_sum(rng, 3, q.max_heap());
      ASSERT_EQ(q.is_p(q.element_of(p)), !twin.mover_wins(p))
          << code << " " << testing::show(p) << " (seed " << kSeed << ")";
    }
  }
  // The test must not pass by covering almost nothing.
  EXPECT_GT(small, 400u);
  EXPECT_GT(heaps, 2000u);
}

// Without its verification the construction (a new heap's powers over the
// previous quotient) is wrong on 0.312 at heap 4: the quotient of heaps 0..3
// identifies heap 2 + heap 3 with heap 2, and heap 4 tells them apart. The
// verification rejects that candidate, and the construction over the finer
// monoid of the verification's automaton gives the right quotient.
TEST(MisereQuotientStress, VerificationCatchesTheUnverifiedConstruction) {
  const TakeAndBreak game = TakeAndBreak::parse("0.312");
  QuotientOptions options;
  options.max_heap = 4;
  options.decide_tame = false;
  options.verify = false;
  const MisereQuotient unchecked = misere_quotient(game, options);
  testing::RecursiveTwin twin(game, true);
  std::size_t wrong = 0;
  for (const Position& p : testing::all_positions(3, 4))
    wrong += unchecked.is_p(unchecked.element_of(p)) == twin.mover_wins(p);
  EXPECT_GT(wrong, 0u);
  options.verify = true;
  const MisereQuotient checked = misere_quotient(game, options);
  ASSERT_EQ(checked.max_heap(), 4u) << checked.limit_note();
  for (const Position& p : testing::all_positions(4, 4))
    ASSERT_EQ(checked.is_p(checked.element_of(p)), !twin.mover_wins(p)) << testing::show(p);
}

// analyze() in misère play takes the quotient's answer where it covers the
// heaps: outcome and the exact set of winning moves against the twin.
TEST(MisereQuotientStress, AnalysisMovesAgainstExhaustiveSearch) {
  std::mt19937_64 rng(kSeed + 1);
  const char* codes[] = {"0.75", "0.31", "0.15", "0.14", "0.114", "0.115", "0.77", "0.07",
                         "0.34", "0.52", "0.71", "0.123"};
  for (const char* code : codes) {
    const auto game = parse_ruleset(code);
    testing::RecursiveTwin twin(*game, true);
    for (int round = 0; round < 12; ++round) {
      const Position p = random_sum(rng, 3, 8);
      AnalysisOptions options;
      options.convention = Convention::misere;
      const Analysis a = analyze(*game, p, options);
      ASSERT_EQ(a.outcome == Outcome::P, !twin.mover_wins(p)) << code << " " << testing::show(p);
      ASSERT_TRUE(a.winning_moves.complete);
      std::vector<Position> moves;
      for (const Move& m : a.winning_moves.items) moves.push_back(m.after(p));
      std::sort(moves.begin(), moves.end());
      EXPECT_EQ(moves, twin.winning_options(p)) << code << " " << testing::show(p) << " by "
                                                << a.method;
    }
  }
}

// Codes whose quotient is proven for the whole game by the periodicity
// criterion: sums of heaps far beyond the heaps adjoined, against the twin
// (codes without splitting moves keep the twin's search small).
TEST(MisereQuotientStress, WholeGameBeyondTheHeapsAdjoined) {
  std::mt19937_64 rng(kSeed + 2);
  std::size_t proven = 0;
  for (const std::string& code : octal_codes()) {
    const TakeAndBreak game = TakeAndBreak::parse(code);
    if (game.max_parts() > 1) continue;
    QuotientOptions options;
    options.max_heap = 40;
    options.max_elements = kSmall;
    options.max_refinements = 2;
    options.max_verify_states = 20'000;
    options.stop_when_proven = true;
    options.stop_at_limit = true;
    options.decide_tame = false;
    const MisereQuotient q = misere_quotient(game, options);
    if (!q.whole_game()) continue;
    ++proven;
    if (proven % 8 != 0) continue;  // a sample keeps the test short
    testing::RecursiveTwin twin(game, true);
    for (int round = 0; round < 6; ++round) {
      Position p = random_sum(rng, 3, 120);
      ASSERT_EQ(q.is_p(q.element_of(p)), !twin.mover_wins(p))
          << code << " " << testing::show(p) << " (seed " << kSeed + 2 << ")";
    }
  }
  EXPECT_GT(proven, 20u);
}

// Kayles with the default limits: the quotient covers the heaps asked for
// (it once stopped at heap 14, when the verification automaton had about
// 2^types states), and it is right on sums with heaps up to 30, against the
// twin (sums of at most 34 tokens keep the twin's search small).
TEST(MisereQuotientStress, KaylesToHeapThirtyAgainstExhaustiveSearch) {
  const auto game = parse_ruleset("kayles");
  QuotientOptions options;
  options.max_heap = 30;
  options.decide_tame = false;
  const MisereQuotient q = misere_quotient(*heap_ruleset_of(*game), options);
  ASSERT_EQ(q.max_heap(), 30u) << q.limit_note();
  testing::RecursiveTwin twin(*game, true);
  std::mt19937_64 rng(kSeed + 3);
  std::size_t large = 0;
  for (int round = 0; round < 300; ++round) {
    Position p = random_sum(rng, 4, 30);
    Heap total = 0;
    for (Heap h : p) total += h;
    if (total > 34) continue;
    large += std::any_of(p.begin(), p.end(), [](Heap h) { return h > 14; });
    ASSERT_EQ(q.is_p(q.element_of(p)), !twin.mover_wins(p))
        << testing::show(p) << " (seed " << kSeed + 3 << ")";
  }
  for (Heap h = 15; h <= 30; ++h)
    for (Heap g = 0; g <= 4; ++g)
      ASSERT_EQ(q.is_p(q.element_of({h, g})), !twin.mover_wins(Position{h, g})) << h << " " << g;
  EXPECT_GT(large, 20u);  // the heaps the quotient did not reach before
}

// Learning (docs/misere-quotients.md, "Learning") is the last resort when a
// heap's construction and its refinement fail. With refinement off and a
// small budget it carries some short octal codes further than without it;
// on the heaps it adds, the quotient must agree with plain recursion.
TEST(MisereQuotientStress, LearnedHeapsOfShortOctalCodesAgainstExhaustiveSearch) {
  std::mt19937_64 rng(kSeed + 5);
  std::size_t extended = 0;
  for (const std::string& code : octal_codes()) {
    const TakeAndBreak game = TakeAndBreak::parse(code);
    QuotientOptions options;
    options.max_heap = kHeaps;
    options.max_elements = kSmall;
    options.max_refinements = 0;
    options.max_verify_states = 20'000;
    options.stop_at_limit = true;
    options.decide_tame = false;
    options.max_learning_positions = 0;
    const Heap without = misere_quotient(game, options).max_heap();
    if (without == kHeaps) continue;
    options.max_learning_positions = 20'000;
    const MisereQuotient q = misere_quotient(game, options);
    ASSERT_GE(q.max_heap(), without) << code;
    if (q.max_heap() == without) continue;
    ++extended;
    testing::RecursiveTwin twin(game, true);
    for (int round = 0; round < 20; ++round) {
      Position p = random_sum(rng, 3, q.max_heap());
      p[0] = without + 1 + rng() % (q.max_heap() - without);  // a learned heap
      ASSERT_EQ(q.is_p(q.element_of(p)), !twin.mover_wins(p))
          << code << " " << testing::show(p) << " (seed " << kSeed + 5 << ")";
    }
  }
  EXPECT_GT(extended, 0u);
}

// 0.14 with the default limits and no recalibration: the construction and
// its refinement stop at heap 13; learning adjoins heaps 14..16 (|Q| = 28),
// right on sums of heaps up to 16 against the twin.
TEST(MisereQuotientStress, LearnedZeroPointOneFourAgainstExhaustiveSearch) {
  const TakeAndBreak game = TakeAndBreak::parse("0.14");
  QuotientOptions options;
  options.max_heap = 16;
  options.decide_tame = false;
  options.recalibrate = false;
  options.max_learning_positions = 0;
  EXPECT_EQ(misere_quotient(game, options).max_heap(), 13u);
  options.max_learning_positions = QuotientOptions{}.max_learning_positions;
  const MisereQuotient q = misere_quotient(game, options);
  ASSERT_EQ(q.max_heap(), 16u) << q.limit_note();
  testing::RecursiveTwin twin(game, true);
  std::mt19937_64 rng(kSeed + 6);
  for (int round = 0; round < 300; ++round) {
    const Position p = random_sum(rng, 4, 16);
    ASSERT_EQ(q.is_p(q.element_of(p)), !twin.mover_wins(p))
        << testing::show(p) << " (seed " << kSeed + 6 << ")";
  }
  for (Heap h = 14; h <= 16; ++h)
    for (Heap g = 0; g <= 16; ++g)
      ASSERT_EQ(q.is_p(q.element_of({h, g})), !twin.mover_wins(Position{h, g})) << h << " " << g;
}

// Recalibration (docs/misere-quotients.md) carries these quotients past
// the heaps where the construction, refinement and learning stopped (0.07
// and 0.137 at heaps 24 and 23, 0.14 at 16, 0.114 at 16). Their outcomes
// against the twin on random sums of the heaps adjoined, and on every sum of
// two heaps from the recalibrated ones.
TEST(MisereQuotientStress, RecalibratedQuotientsAgainstExhaustiveSearch) {
  struct Case {
    const char* code;
    Heap heaps;         // adjoined
    Heap recalibrated;  // the first heap the old construction could not adjoin
  };
  const Case cases[] = {{"0.07", 26, 25}, {"0.137", 25, 24}, {"0.14", 20, 17}, {"0.114", 20, 17}};
  std::mt19937_64 rng(kSeed + 7);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.code);
    const TakeAndBreak game = TakeAndBreak::parse(c.code);
    QuotientOptions options;
    options.max_heap = c.heaps;
    options.decide_tame = false;
    options.max_learning_positions = 0;
    const MisereQuotient q = misere_quotient(game, options);
    ASSERT_EQ(q.max_heap(), c.heaps) << q.limit_note();
    testing::RecursiveTwin twin(game, true);
    for (int round = 0; round < 200; ++round) {
      const Position p = random_sum(rng, 3, c.heaps);
      ASSERT_EQ(q.is_p(q.element_of(p)), !twin.mover_wins(p)) << testing::show(p);
    }
    for (Heap h = c.recalibrated; h <= c.heaps; ++h)
      for (Heap g = 0; g <= c.heaps; ++g)
        ASSERT_EQ(q.is_p(q.element_of({h, g})), !twin.mover_wins(Position{h, g})) << h << " " << g;
  }
}

// Positions past the analysis's first quotient (at most 256 elements):
// analyze() answers them with its second, wider one (heaps up to the
// position's largest, room for 1024 elements; src/solve/analysis/analysis.cpp), and
// its outcome and winning moves agree with the twin's. 0.07's first quotient
// stops at heap 24, 0.137's at 23 (docs/misere-quotients.md).
TEST(MisereQuotientStress, AnalysisPastTheFirstQuotientAgainstExhaustiveSearch) {
  struct Case {
    const char* code;
    Heap largest;
  };
  const Case cases[] = {{"0.07", 27}, {"0.137", 26}};
  std::mt19937_64 rng(kSeed + 9);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.code);
    const auto game = parse_ruleset(c.code);
    testing::RecursiveTwin twin(*game, true);
    for (int round = 0; round < 4; ++round) {
      Position p = random_sum(rng, 2, c.largest);
      p.push_back(c.largest - rng() % 2);
      AnalysisOptions options;
      options.convention = Convention::misere;
      const Analysis a = analyze(*game, p, options);
      ASSERT_NE(a.method.find("misère quotient of heaps 0..2"), std::string::npos) << a.method;
      ASSERT_EQ(a.outcome == Outcome::P, !twin.mover_wins(p)) << testing::show(p);
      ASSERT_TRUE(a.winning_moves.complete);
      std::vector<Position> moves;
      for (const Move& m : a.winning_moves.items) moves.push_back(m.after(p));
      std::sort(moves.begin(), moves.end());
      EXPECT_EQ(moves, twin.winning_options(p)) << testing::show(p);
    }
  }
}

// A heap past those adjoined, in a game whose quotient is proven for the
// whole game: analyze() lists its winning moves from the period of the
// pretending function (periodic_options.h) instead of visiting its options.
// Against the definition: every option of every heap, its element times the
// rest of the sum, kept when that lies in the P-portion. Kayles (proven once
// heaps to 167 are adjoined, period 12 from heap 71) and 0.75 (R8), heaps
// up to a few hundred, where both ways run.
TEST(MisereQuotientStress, WinningMovesOfHugeHeapsFromThePeriod) {
  std::mt19937_64 rng(kSeed + 10);
  for (const char* code : {"kayles", "0.75"}) {
    SCOPED_TRACE(code);
    const auto game = parse_ruleset(code);
    const auto* heaps = dynamic_cast<const HeapRuleset*>(game.get());
    ASSERT_NE(heaps, nullptr);
    QuotientOptions quotient_options;
    quotient_options.max_heap = 256;
    quotient_options.stop_when_proven = true;
    quotient_options.decide_tame = false;
    const MisereQuotient q = misere_quotient(*heaps, quotient_options);
    ASSERT_TRUE(q.whole_game());
    for (int round = 0; round < 30; ++round) {
      Position p{200 + rng() % 300};
      for (std::size_t more = rng() % 3; more > 0; --more) p.push_back(rng() % 12);
      std::shuffle(p.begin(), p.end(), rng);
      std::vector<Position> expected;
      for (std::size_t i = 0; i < p.size(); ++i) {
        Position others = p;
        others.erase(others.begin() + static_cast<std::ptrdiff_t>(i));
        const auto rest = q.element_of(others);
        heaps->for_each_heap_option(p[i], [&](const HeapOption& option) {
          auto x = rest;
          for (std::size_t k = 0; k < option.part_count; ++k)
            x = q.multiply(x, q.heap_element(option.parts[k]));
          if (q.is_p(x)) expected.push_back(HeapRuleset::heap_move(i, p[i], option).after(p));
          return true;
        });
      }
      std::sort(expected.begin(), expected.end());
      AnalysisOptions options;
      options.convention = Convention::misere;
      const Analysis a = analyze(*game, p, options);
      ASSERT_NE(a.method.find("misère quotient of the whole game"), std::string::npos) << a.method;
      ASSERT_EQ(a.outcome == Outcome::P, q.is_p(q.element_of(p))) << testing::show(p);
      ASSERT_TRUE(a.winning_moves.complete) << testing::show(p);
      std::vector<Position> moves;
      for (const Move& m : a.winning_moves.items) moves.push_back(m.after(p));
      std::sort(moves.begin(), moves.end());
      EXPECT_EQ(moves, expected) << testing::show(p);
    }
  }
}

// Two independent repairs give the same quotient: 0.14's heaps 14..16 by
// recalibration and by learning (docs/misere-quotients.md).
TEST(MisereQuotientStress, RecalibrationAndLearningAgree) {
  const TakeAndBreak game = TakeAndBreak::parse("0.14");
  QuotientOptions options;
  options.max_heap = 16;
  options.decide_tame = false;
  options.max_learning_positions = 0;
  const MisereQuotient recalibrated = misere_quotient(game, options);
  options.recalibrate = false;
  options.max_learning_positions = QuotientOptions{}.max_learning_positions;
  const MisereQuotient learned = misere_quotient(game, options);
  ASSERT_EQ(recalibrated.max_heap(), 16u) << recalibrated.limit_note();
  ASSERT_EQ(learned.max_heap(), 16u) << learned.limit_note();
  EXPECT_EQ(recalibrated.order(), 28u);
  EXPECT_EQ(recalibrated.presentation(), learned.presentation());
  EXPECT_EQ(recalibrated.pretending(), learned.pretending());
  EXPECT_EQ(recalibrated.p_portion(), learned.p_portion());
}

// The verification of a heap that leaves the quotient as it was extends the
// check of the heaps before it (src/solve/misere/quotient_verification.h);
// a run resumed from a saved state checks its first heap afresh. Resumed
// after the heaps of a long stretch of such heaps (0.56: |Q| = 34 from heap
// 60 to 255, as MisereSolver reports too, docs/misere-quotients.md, then 66)
// and after every heap of codes whose quotient grows, the runs must end
// with the uninterrupted run's quotient.
TEST(MisereQuotientStress, KeptChecksAgreeWithFreshOnes) {
  const std::vector<std::pair<std::string, Heap>> cases = {
      {"0.56", 300}, {"0.57", 18}, {"0.26", 18}, {"0.75", 60}, {"0.35", 9}};
  for (const auto& [code, last] : cases) {
    SCOPED_TRACE(code);
    const TakeAndBreak game = TakeAndBreak::parse(code);
    std::vector<QuotientState> states;
    const MisereQuotient whole = run_keeping_states(game, last, states);
    ASSERT_EQ(whole.max_heap(), last) << whole.limit_note();
    ASSERT_GE(states.size(), last / 2);
    QuotientOptions options;
    options.max_heap = last;
    options.decide_tame = false;
    // Every heap's state for the short runs, every seventh of 0.56's.
    const std::size_t step = last > 100 ? 7 : 1;
    for (std::size_t i = 0; i < states.size(); i += step) {
      SCOPED_TRACE("resumed after heap " + std::to_string(states[i].heaps_done()));
      QuotientOptions resumed = options;
      resumed.resume = &states[i];
      const MisereQuotient q = misere_quotient(game, resumed);
      EXPECT_EQ(q.presentation(), whole.presentation());
      EXPECT_EQ(q.pretending(), whole.pretending());
      EXPECT_EQ(q.p_portion(), whole.p_portion());
    }
  }
}

// The three judges of a candidate quotient agree (src/solve/misere/
// quotient_verification.h): the whole compact automaton with the cheapest
// failure found on it by Dijkstra's algorithm (the by-definition twin), the
// check that explores only inclusion-minimal states (CompactVerifier), and
// find_cheapest_failure, which searches the two halves of the condition
// apart; and, where it is small, the full automaton. Candidates: every
// verified stage of a few codes with one element's P-bit flipped, and with
// the next heap given a random element (what adjoining proposes, often
// wrong). Where a candidate fails, find_cheapest_failure's sum has the
// twin's tokens, and reading it in the whole automaton reaches a failing
// state whose prediction is the one it reports.
TEST(MisereQuotientStress, CheapestFailureAgreesWithTheWholeAutomaton) {
  const std::vector<std::pair<std::string, Heap>> cases = {
      {"0.54", 40}, {"0.26", 20}, {"0.114", 20}, {"0.14", 16}, {"0.35", 9},
      {"0.106", 14}, {"0.137", 20}, {"0.56", 40}, {"0.07", 20}, {"0.77", 30}};
  std::mt19937_64 rng(kSeed);
  std::size_t failed = 0, passed = 0;
  for (const auto& [code, last] : cases) {
    SCOPED_TRACE(code);
    const TakeAndBreak game = TakeAndBreak::parse(code);
    std::vector<QuotientState> states;
    const MisereQuotient q = run_keeping_states(game, last, states);
    ASSERT_EQ(q.max_heap(), last) << q.limit_note();
    for (const QuotientState& state : states) {
      const detail::QuotientStage& verified = state.stage();
      std::vector<detail::QuotientStage> candidates;
      for (int i = 0; i < 2; ++i) {
        detail::QuotientStage c = verified;
        c.p[rng() % c.order] ^= 1;
        candidates.push_back(std::move(c));
      }
      if (verified.last_heap() < last) {
        detail::QuotientStage c = verified;
        const Heap next = verified.last_heap() + 1;
        const auto images = detail::heap_option_images(verified, game, next);
        c.option_images.push_back(images);
        c.phi.push_back(static_cast<detail::QuotientStage::Element>(rng() % c.order));
        candidates.push_back(std::move(c));
      }
      for (const detail::QuotientStage& c : candidates) {
        SCOPED_TRACE("heaps 0.." + std::to_string(c.last_heap()));
        const detail::QuotientAutomaton whole = detail::explore_compact(c, 0);
        ASSERT_TRUE(whole.complete);
        const detail::CheapestFailure fast = detail::find_cheapest_failure(c, 0);
        ASSERT_TRUE(fast.check.complete);
        detail::CompactVerifier verifier;
        const bool checked = verifier.check(c, 0).consistent;
        EXPECT_EQ(fast.check.consistent, whole.consistent);
        EXPECT_EQ(checked, whole.consistent);
        const detail::QuotientAutomaton full = detail::explore(c, 20000);
        if (full.complete) EXPECT_EQ(full.consistent, whole.consistent);
        if (whole.consistent) {
          ++passed;
          continue;
        }
        ++failed;
        EXPECT_EQ(verifier.whole(c, 0).next.size(), whole.next.size());
        const detail::QuotientFailure twin = detail::cheapest_failure(c, whole);
        EXPECT_EQ(fast.failure.tokens, twin.tokens);
        std::uint64_t tokens = 0;
        std::uint32_t at = 0;
        for (Heap h : fast.failure.sum) {
          tokens += h;
          at = whole.next[at][whole.type_of_heap[h]];
        }
        EXPECT_EQ(tokens, fast.failure.tokens);
        EXPECT_NE(c.p[whole.element[at]] != 0, whole.predicted[at] != 0);
        EXPECT_EQ(fast.predicted, whole.predicted[at] != 0);
      }
    }
  }
  std::printf("%zu candidates failed, %zu passed\n", failed, passed);
  // Both kinds of candidate were met, many times.
  EXPECT_GE(failed, 100u);
  EXPECT_GE(passed, 10u);
}

// The sums of heaps 1..n (each heap with options) of fewer than `below`
// tokens, each as an ascending list of heaps, to `visit`.
void for_each_sum_below(const HeapRuleset& game, Heap n, std::uint64_t below,
                        const std::function<void(const Position&)>& visit) {
  Position sum;
  std::function<void(Heap, std::uint64_t)> extend = [&](Heap from, std::uint64_t tokens) {
    visit(sum);
    for (Heap h = from; h <= n && tokens + h < below; ++h) {
      bool has_option = false;
      game.for_each_heap_option(h, [&](const HeapOption&) { return !(has_option = true); });
      if (!has_option) continue;
      sum.push_back(h);
      extend(h, tokens + h);
      sum.pop_back();
    }
  };
  extend(1, 0);
}

// told_apart_powers on verified quotients is the number of distinct powers
// of a heap's element; on a failed candidate, below its cheapest failure, it
// is the count that exhaustive search over every sum of fewer tokens gives:
// the powers h^0..h^(k-1) are pairwise told apart by some sum Y (h^i + Y and
// h^j + Y of different outcomes, both of fewer than `below` tokens), and
// h^k is not told from some smaller power. So what the stop note says of
// the powers is a fact about the game.
TEST(MisereQuotientStress, ToldApartPowersAgainstExhaustiveSearch) {
  const std::vector<std::pair<std::string, Heap>> cases = {
      {"0.07", 9}, {"0.14", 9}, {"0.106", 9}, {"0.312", 8}, {"0.54", 9},
      {"0.26", 9}, {"0.114", 9}, {"0.137", 9}, {"0.77", 9}, {"0.35", 9}};
  constexpr std::uint64_t kMostTokens = 40;  // keeps the exhaustive twin quick
  std::mt19937_64 rng(kSeed + 7);
  std::size_t verified_heaps = 0, candidates = 0, long_counts = 0;
  for (const auto& [code, last] : cases) {
    SCOPED_TRACE(code);
    const TakeAndBreak game = TakeAndBreak::parse(code);
    std::vector<QuotientState> states;
    const MisereQuotient q = run_keeping_states(game, last, states);
    ASSERT_EQ(q.max_heap(), last) << q.limit_note();
    testing::RecursiveTwin twin(game, true);
    for (const QuotientState& state : states) {
      const detail::QuotientStage& verified = state.stage();
      for (Heap h = 1; h <= verified.last_heap(); ++h) {
        if (verified.option_images[h].empty()) continue;
        std::set<detail::QuotientStage::Element> powers;
        detail::QuotientStage::Element x = 0;
        while (powers.insert(x).second) x = verified.times(x, verified.phi[h]);
        EXPECT_EQ(detail::told_apart_powers(verified, h, ~std::uint64_t{0}), powers.size())
            << "heap " << h << " of the quotient of heaps 0.." << verified.last_heap();
        ++verified_heaps;
      }
      if (verified.last_heap() == last) continue;
      // A wrong candidate for the next heap: a random element for it.
      detail::QuotientStage c = verified;
      const Heap next = verified.last_heap() + 1;
      c.option_images.push_back(detail::heap_option_images(verified, game, next));
      c.phi.push_back(static_cast<detail::QuotientStage::Element>(rng() % c.order));
      const detail::CheapestFailure failure = detail::find_cheapest_failure(c, 0);
      ASSERT_TRUE(failure.check.complete);
      if (failure.check.consistent) continue;
      const std::uint64_t below = std::min(failure.failure.tokens, kMostTokens);
      ++candidates;
      for (Heap h = 1; h <= next; ++h) {
        if (c.option_images[h].empty()) continue;
        SCOPED_TRACE(fmt::format("heap {} of a candidate for heaps 0..{}, below {} tokens", h,
                                 next, below));
        // The twin: every sum Y of fewer tokens, outcomes by exhaustive search.
        std::size_t k = 1;
        for (;; ++k) {
          if (k * h >= below) break;
          bool told_from_all = true;
          for (std::size_t j = 0; j < k && told_from_all; ++j) {
            bool told = false;
            for_each_sum_below(game, next, below - k * h, [&](const Position& y) {
              if (told) return;
              Position with_i = y, with_j = y;
              with_i.insert(with_i.end(), k, h);
              with_j.insert(with_j.end(), j, h);
              told = twin.mover_wins(with_i) != twin.mover_wins(with_j);
            });
            told_from_all = told;
          }
          if (!told_from_all) break;
        }
        EXPECT_EQ(detail::told_apart_powers(c, h, below), k);
        if (k >= 3) ++long_counts;
      }
    }
  }
  std::printf("%zu heaps of verified quotients, %zu failed candidates, %zu counts of 3 or more\n",
              verified_heaps, candidates, long_counts);
  EXPECT_GE(verified_heaps, 200u);
  EXPECT_GE(candidates, 30u);
  EXPECT_GE(long_counts, 20u);
}

}  // namespace
}  // namespace grundy::misere_quotient_test
