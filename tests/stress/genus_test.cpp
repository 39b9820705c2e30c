// Genus search against its by-definition twin: g_i = G⁻(X + i·*2) by plain
// mex recursion over the explicit sum (X beside i real nim heaps of size 2,
// memoised on the raw state, never on canonical forms, and without the
// *1 lemma or the stopping rule). And every "tame" verdict against the
// exhaustive misère outcome of random sums of heaps (brute_force.h).
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "grundy/core/nimber.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/genus.h"
#include "support/genus_twin.h"
#include "support/twins.h"

namespace grundy::genus_test {
namespace {

using testing::show;

constexpr unsigned kSeed = 20240613;

using testing::MisereSumTwin;

std::string random_ruleset(std::mt19937_64& rng) {
  if (rng() % 4 == 0) {
    std::string name = "subtract:";
    const unsigned count = 1 + static_cast<unsigned>(rng() % 3);
    std::set<unsigned> amounts;
    while (amounts.size() < count) amounts.insert(1 + static_cast<unsigned>(rng() % 5));
    bool first = true;
    for (unsigned a : amounts) {
      name += (first ? "" : ",") + std::to_string(a);
      first = false;
    }
    return name;
  }
  std::string code = rng() % 5 == 0 ? "4." : "0.";
  const unsigned digits = 1 + static_cast<unsigned>(rng() % 3);
  for (unsigned i = 0; i < digits; ++i) {
    unsigned d = static_cast<unsigned>(rng() % 8);
    if (i + 1 == digits && d == 0) d = 1 + static_cast<unsigned>(rng() % 7);
    code += static_cast<char>('0' + d);
  }
  return code;
}

// The genus's terms against the twin, well past the stored digits.
void expect_same_sequence(const Genus& genus, const std::vector<Nimber>& twin) {
  for (std::size_t i = 0; i < twin.size(); ++i)
    ASSERT_EQ(genus.misere_value(i), twin[i]) << "g_" << i << " of genus " << genus.symbol();
}

TEST(GenusStress, HeapsAgainstExplicitSums) {
  std::mt19937_64 rng(kSeed);
  for (int round = 0; round < 30; ++round) {
    const std::string name = random_ruleset(rng);
    SCOPED_TRACE("seed " + std::to_string(kSeed) + ", round " + std::to_string(round) + ": " +
                 name);
    const auto ruleset = parse_ruleset(name);
    GenusSearch search(*ruleset);
    MisereSumTwin twin(*ruleset);
    testing::RecursiveTwin normal(*ruleset, false);
    std::vector<Position> positions;
    for (Heap n = 0; n <= 6; ++n) positions.push_back({n});
    for (int k = 0; k < 5; ++k) positions.push_back({rng() % 4, rng() % 4});
    for (const Position& p : positions) {
      SCOPED_TRACE(show(p));
      const Genus& genus = search.genus(p);
      EXPECT_EQ(genus.value, normal.grundy(p));
      ASSERT_EQ(genus.misere.size(), genus.alternates_from + 2);
      expect_same_sequence(genus, twin.sequence(p, genus.alternates_from + 3));
      // Alternation really starts at alternates_from, not earlier.
      if (genus.alternates_from > 0)
        EXPECT_NE(genus.misere[genus.alternates_from - 1], genus.misere[genus.alternates_from + 1]);
    }
  }
}

TEST(GenusStress, WythoffPositionsAgainstExplicitSums) {
  // A ruleset that is not a heap game.
  const auto wythoff = parse_ruleset("wythoff");
  GenusSearch search(*wythoff);
  MisereSumTwin twin(*wythoff);
  for (Heap a = 0; a <= 4; ++a)
    for (Heap b = 0; b <= 4; ++b) {
      SCOPED_TRACE(show({a, b}));
      const Genus& genus = search.genus({a, b});
      expect_same_sequence(genus, twin.sequence({a, b}, genus.alternates_from + 3));
    }
}

// Misère outcome of a sum of heaps predicted from genera (tame verdicts
// only) against exhaustive search.
TEST(GenusStress, TameVerdictsDecideRandomSums) {
  std::mt19937_64 rng(kSeed + 1);
  int tame_rulesets = 0, nim_rule_rulesets = 0, wild_rulesets = 0;
  for (int round = 0; round < 50; ++round) {
    const std::string name = random_ruleset(rng);
    SCOPED_TRACE("seed " + std::to_string(kSeed + 1) + ", round " + std::to_string(round) + ": " +
                 name);
    const auto ruleset = parse_ruleset(name);
    const auto& heaps = dynamic_cast<const HeapRuleset&>(*ruleset);
    const Heap max_heap = 8;
    const HeapGenera result = heap_genera(heaps, 0, max_heap);
    const TameVerdict& v = result.verdict;
    if (!v.tame) {
      ++wild_rulesets;
      // The reported wild position is wild by the twin's own terms: its
      // sequence is not that of the nim position with the same values.
      // (Small ones only: the raw-state twin is slow on splitting games.)
      Heap tokens = 0;
      for (Heap h : v.wild_position) tokens += h;
      if (tokens > 6) continue;
      MisereSumTwin twin(*ruleset);
      testing::RecursiveTwin normal(*ruleset, false);
      const auto g = twin.sequence(v.wild_position, v.wild_genus.alternates_from + 4);
      const Nimber x = normal.grundy(v.wild_position);
      const bool firm = g[0] == x;
      bool nim_pattern = firm || (x <= 1 && g[0] == (x ^ 1));
      for (std::size_t i = 1; i < g.size(); ++i) nim_pattern = nim_pattern && g[i] == (i % 2 ? x ^ 2 : x);
      EXPECT_FALSE(nim_pattern) << v.wild_genus.symbol();
      continue;
    }
    ++tame_rulesets;
    if (v.misere_nim_rule()) ++nim_rule_rulesets;
    BruteForce brute(*ruleset, 2'000'000);
    for (int k = 0; k < 25; ++k) {
      Position sum;
      const std::size_t count = 1 + rng() % 4;
      for (std::size_t i = 0; i < count; ++i) sum.push_back(rng() % (max_heap + 1));
      SCOPED_TRACE(show(sum));
      std::vector<Genus> parts;
      for (Heap h : sum) parts.push_back(result.genera[h]);
      const auto genus = tame_sum_genus(parts);
      ASSERT_TRUE(genus.has_value());
      const bool exhaustive = brute.mover_wins(sum, Convention::misere);
      EXPECT_EQ(genus->misere_value(0) != 0, exhaustive);
      if (v.misere_nim_rule()) {
        // docs/theory.md §4: misère Nim on the values G(h_i).
        Nimber x = 0;
        bool big = false;
        for (const Genus& g : parts) {
          x ^= g.value;
          big = big || g.value > 1;
        }
        EXPECT_EQ(big ? x != 0 : x == 0, exhaustive);
      }
    }
  }
  // Not vacuous: both kinds of verdict occur among the random rulesets.
  EXPECT_GT(tame_rulesets, 5);
  EXPECT_GT(nim_rule_rulesets, 3);
  EXPECT_GT(wild_rulesets, 5);
}

// heap_reach_lower_bound is a lower bound: never more than the positions a
// genus search of one heap stores (every position the heap reaches), on
// random rulesets; and strong enough to matter on Kayles.
TEST(GenusStress, ReachLowerBoundIsBelowTheSearch) {
  std::mt19937_64 rng(kSeed + 7);
  for (int round = 0; round < 40; ++round) {
    const std::string name = random_ruleset(rng);
    SCOPED_TRACE("seed " + std::to_string(kSeed + 7) + ", round " + std::to_string(round) +
                 ": " + name);
    const auto ruleset = parse_ruleset(name);
    const auto* heaps = heap_ruleset_of(*ruleset);
    ASSERT_NE(heaps, nullptr);
    for (Heap n = 0; n <= 22; ++n) {
      GenusSearch search(*ruleset, 2'000'000);
      search.genus(Position{n});
      ASSERT_LE(heap_reach_lower_bound(*heaps, n, n, ~std::uint64_t{0}), search.positions_stored())
          << "heap " << n;
    }
  }
  const auto kayles = parse_ruleset("kayles");
  GenusSearch search(*kayles, 4'000'000);
  search.genus(Position{30});
  const std::uint64_t bound = heap_reach_lower_bound(*heap_ruleset_of(*kayles), 30, 30, ~0ULL);
  EXPECT_LE(bound, search.positions_stored());
  EXPECT_GE(bound * 50, search.positions_stored()) << bound;
}

}  // namespace
}  // namespace grundy::genus_test
