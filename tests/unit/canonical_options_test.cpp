// The children of a search (detail::canonical_options in
// solve/brute_force.h): sort_each_once against its definition, std::sort
// and std::unique, on random lists with repeats, shared prefixes, zeros and
// options that are prefixes of others, against any reference position (the
// cases its keys must get right); the children of a sum, each canonical and
// once; and a heap game's canonical options against their definition.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "grundy/rules/compound.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/brute_force.h"
#include "support/twins.h"

namespace grundy::canonical_options_test {
namespace {

TEST(SortEachOnce, IsStdSortThenUnique) {
  std::mt19937_64 rng(20261130);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t count = rng() % 120;  // past the short lists sorted directly
    const std::size_t longest = 1 + rng() % 7;
    const Heap largest = 1 + rng() % 3;  // few values: many ties and repeats
    std::vector<Position> options(count);
    for (Position& p : options) {
      p.resize(rng() % (longest + 1));
      for (Heap& x : p) x = rng() % (largest + 1);
    }
    // The position they are options of: one of them, one of them cut
    // short or extended, or any list.
    Position from;
    if (!options.empty() && rng() % 4 != 0) from = options[rng() % options.size()];
    if (rng() % 3 == 0) from.resize(rng() % (longest + 2), rng() % (largest + 1));
    std::vector<Position> expected = options;
    std::sort(expected.begin(), expected.end());
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
    detail::sort_each_once(options, from);
    ASSERT_EQ(options, expected) << "trial " << trial;
  }
}

TEST(SortEachOnce, KeepsAShorterOptionBeforeItsExtensions) {
  std::vector<Position> options{{5, 0, 0, 0, 0}, {5}, {5, 0}, {}, {5, 0, 0, 0}, {5}, {4, 9}};
  // Long enough to be sorted through the keys, not directly.
  for (Heap x = 0; x < 40; ++x) options.push_back({6, x});
  std::vector<Position> expected{{}, {4, 9}, {5}, {5, 0}, {5, 0, 0, 0}, {5, 0, 0, 0, 0}};
  for (Heap x = 0; x < 40; ++x) expected.push_back({6, x});
  for (const Position& from : std::vector<Position>{{}, {5, 0}, {5, 0, 0}, {6, 7}, {7}}) {
    std::vector<Position> sorted = options;
    detail::sort_each_once(sorted, from);
    EXPECT_EQ(sorted, expected);
  }
}

// Nim 2 2 + Nim 1: the moves in either heap of 2 give the same canonical
// options, listed once.
TEST(CanonicalOptions, OfASumAreCanonicalAndEachOnce) {
  const Compound sum({parse_ruleset("nim"), parse_ruleset("nim")}, CompoundKind::disjunctive);
  const Position p = Compound::encode({{2, 2}, {1}});
  std::size_t generated = 0;
  const std::vector<Position> children =
      detail::canonical_options(sum, p, [&](const Position&, std::size_t n) { generated = n; });
  // 2 in the first component (its second heap of 2, equal to the first,
  // has the same options and is skipped), 1 in the second.
  EXPECT_EQ(generated, 3u);
  // In the order of the encoded numbers: [1, 2, 1, 1] < [2, 1, 2, 1, 1] <
  // [2, 2, 2, 0].
  EXPECT_EQ(children, (std::vector<Position>{Compound::encode({{2}, {1}}),
                                             Compound::encode({{1, 2}, {1}}),
                                             Compound::encode({{2, 2}, {}})}));
}

// A heap game's canonical options (HeapRuleset::for_each_canonical_option:
// equal heaps listed once, each option merged from a canonical position)
// against their definition, canonical() of each option for_each_option
// lists: the same distinct options, in the same order of first appearance;
// random codes, subtraction sets, Lasker's Nim, Grundy's game and splits,
// on positions canonical or not (unsorted, with empty heaps).
TEST(CanonicalOptions, OfAHeapGameAreTheCanonicalFormsOfItsOptions) {
  std::mt19937_64 rng(20261130);
  std::size_t compared = 0, left_out = 0;
  const auto first_appearances = [](const std::vector<Position>& list) {
    std::vector<Position> firsts;
    std::set<Position> seen;
    for (const Position& p : list)
      if (seen.insert(p).second) firsts.push_back(p);
    return firsts;
  };
  for (int trial = 0; trial < 600; ++trial) {
    std::string name;
    switch (rng() % 6) {
      case 0: name = "lasker"; break;
      case 1: name = "grundy-game"; break;
      case 2: name = "split"; break;
      case 3: name = "subtract:1,3,4"; break;
      case 4: name = "nim"; break;
      default: name = testing::random_code(rng); break;
    }
    const auto ruleset = parse_ruleset(name);
    Position p(rng() % 7);
    for (Heap& h : p) h = rng() % 8;  // small: equal heaps are common
    if (rng() % 2) p = ruleset->canonical(p);
    std::vector<Position> expected, listed;
    ruleset->for_each_option(p, [&](const Position& after) {
      expected.push_back(ruleset->canonical(after));
      return true;
    });
    ruleset->for_each_canonical_option(p, [&](Position&& option) {
      listed.push_back(std::move(option));
      return true;
    });
    ASSERT_EQ(first_appearances(listed), first_appearances(expected))
        << name << " at " << testing::show(p);
    ASSERT_LE(listed.size(), expected.size());
    compared += expected.size();
    left_out += expected.size() - listed.size();
  }
  EXPECT_GT(compared, 5'000u);
  EXPECT_GT(left_out, 500u);  // the equal heaps were skipped
}

}  // namespace
}  // namespace grundy::canonical_options_test
