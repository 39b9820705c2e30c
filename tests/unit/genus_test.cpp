// Literal checks of misère genera: nim heaps and nim positions (WW ch. 13,
// docs/theory.md §2), subtraction and quaternary games (WW ch. 13; Plambeck's
// classification of quaternary games), the published genera of 0.312
// (Plambeck), and the limits and errors of the search.
#include <gtest/gtest.h>

#include <set>

#include "grundy/core/error.h"
#include "grundy/core/nimber.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/genus.h"
#include "support/twins.h"

namespace grundy::genus_test {
namespace {

const HeapRuleset& heap_rules(const std::unique_ptr<Ruleset>& r) {
  return dynamic_cast<const HeapRuleset&>(*r);
}

std::vector<std::string> symbols(const std::string& ruleset, Heap from, Heap to) {
  const auto r = parse_ruleset(ruleset);
  std::vector<std::string> s;
  for (const Genus& g : heap_genera(heap_rules(r), from, to).genera) s.push_back(g.symbol());
  return s;
}

TEST(Genus, NimHeapsByDefinition) {
  // WW ch. 13: *0 = 0^120, *1 = 1^031, and *n = n^(n, n⊕2) for n ≥ 2: with a
  // heap ≥ 2 present, misère Nim values are the normal ones.
  const auto nim = parse_ruleset("nim");
  const HeapGenera result = heap_genera(heap_rules(nim), 0, 40);
  ASSERT_EQ(result.genera.size(), 41u);
  EXPECT_EQ(result.genera[0].value, 0u);
  EXPECT_EQ(result.genera[0].misere, (std::vector<Nimber>{1, 2, 0}));
  EXPECT_EQ(result.genera[1].value, 1u);
  EXPECT_EQ(result.genera[1].misere, (std::vector<Nimber>{0, 3, 1}));
  for (Heap n = 2; n <= 40; ++n) {
    SCOPED_TRACE(n);
    const Genus& g = result.genera[n];
    EXPECT_EQ(g.value, n);
    EXPECT_EQ(g.misere, (std::vector<Nimber>{n, n ^ 2}));
    EXPECT_EQ(g.alternates_from, 0u);
    for (std::size_t i = 0; i < 12; ++i) EXPECT_EQ(g.misere_value(i), i % 2 ? n ^ 2 : n);
    EXPECT_TRUE(g.nim_like());
  }
  EXPECT_EQ(symbols("nim", 0, 4), (std::vector<std::string>{"0^120", "1^031", "2^20", "3^31", "4^46"}));
  EXPECT_EQ(result.genera[10].symbol(), "10^(10,8)");
  EXPECT_EQ(result.genera[12].symbol(), "12^(12,14)");
  EXPECT_EQ(result.genera[0].misere_value(7), 2u);
  EXPECT_EQ(result.genera[0].misere_value(8), 0u);
  EXPECT_TRUE(result.verdict.tame);
  EXPECT_TRUE(result.verdict.misere_nim_rule());
  EXPECT_EQ(result.verdict.positions, 41u);
  EXPECT_TRUE(misere_nim_rule_applies(heap_rules(nim), 100));
}

TEST(Genus, NimPositionsAreTheTameGenera) {
  // The tame genera are those of nim positions (WW ch. 13); a position's
  // misère value is 0 exactly when misère Nim's closed form says P
  // (docs/theory.md §2).
  const auto nim = parse_ruleset("nim");
  GenusSearch search(*nim);
  for (std::size_t count = 1; count <= 3; ++count)
    for (const Position& p : testing::all_positions(count, 5)) {
      SCOPED_TRACE(testing::show(p));
      const Genus& g = search.genus(p);
      const Nimber x = nim_sum_of(p);
      const bool big = std::any_of(p.begin(), p.end(), [](Heap h) { return h >= 2; });
      const Nimber ones = static_cast<Nimber>(std::count(p.begin(), p.end(), Heap{1}));
      const bool mover_wins = big ? x != 0 : ones % 2 == 0;
      EXPECT_EQ(g.value, x);
      EXPECT_EQ(g.misere_value(0) != 0, mover_wins);
      EXPECT_TRUE(g.tame());
      EXPECT_EQ(g.firm(), big);
      EXPECT_EQ(g, Genus::of_nim_position(x, big));
    }
  // *2+*2 and *2+*3: the tame genera that are not those of one heap.
  EXPECT_EQ(search.genus({2, 2}).symbol(), "0^02");
  EXPECT_EQ(search.genus({2, 3}).symbol(), "1^13");
  EXPECT_TRUE(search.genus({2, 2}).tame());
  EXPECT_FALSE(search.genus({2, 2}).nim_like());
}

TEST(Genus, TameSumGenus) {
  const auto nim = parse_ruleset("nim");
  GenusSearch search(*nim);
  auto g = [&](Position p) { return search.genus(p); };
  EXPECT_EQ(tame_sum_genus({g({2}), g({2})}), g({2, 2}));
  EXPECT_EQ(tame_sum_genus({g({1}), g({1}), g({1})}), g({1, 1, 1}));
  EXPECT_EQ(tame_sum_genus({g({3}), g({1}), g({5})}), g({1, 3, 5}));
  EXPECT_EQ(tame_sum_genus({}), g({}));
  Genus wild;  // 2^1420: heap 4 of 0.312 (Plambeck), not tame
  wild.value = 2;
  wild.misere = {1, 4, 2, 0};
  wild.alternates_from = 2;
  EXPECT_FALSE(wild.tame());
  EXPECT_FALSE(tame_sum_genus({g({2}), wild}).has_value());
}

TEST(Genus, PublishedGeneraOf0312) {
  // T. Plambeck, plambeck.org, "misère octal games / quaternary games /
  // 0.312": single heap genera for n = 1..6 are 1^{03131} (= 1^031), 2^{20},
  // 0^{02}, 2^{1420}, 0^{02}, 1^{13}; normal values 1 2 0 2 0 1.
  EXPECT_EQ(symbols("0.312", 1, 6),
            (std::vector<std::string>{"1^031", "2^20", "0^02", "2^1420", "0^02", "1^13"}));
  const auto r = parse_ruleset("0.312");
  const TameVerdict v = tame_verdict(heap_rules(r), 12);
  EXPECT_FALSE(v.tame);
  EXPECT_EQ(v.wild_heap, 4u);
  EXPECT_EQ(v.wild_position, (Position{4}));
  EXPECT_EQ(v.wild_genus.symbol(), "2^1420");
  EXPECT_EQ(v.max_heap, 4u);  // tame_verdict stops at the first wild heap
  EXPECT_FALSE(misere_nim_rule_applies(heap_rules(r), 12));
  // Heaps 0..3 are tame, but heap 3 (0^02) is not a nim heap.
  const TameVerdict below = tame_verdict(heap_rules(r), 3);
  EXPECT_TRUE(below.tame);
  EXPECT_FALSE(below.nim_heaps);
  ASSERT_TRUE(below.firm_small_heap.has_value());
  EXPECT_EQ(*below.firm_small_heap, 3u);
  EXPECT_EQ(below.firm_small_genus.symbol(), "0^02");
}

TEST(Genus, SubtractionGamesAreMisereNimHeaps) {
  // WW ch. 13 (restated on Plambeck's quaternary-games page): in misère play
  // every position of a subtraction game is a nim heap.
  for (const char* name : {"bash:1", "bash:3", "subtract:1,3,4", "subtract:2,5", "subtract:2",
                           "subtract:3,7,8", "allbut:1,2", "squares", "fibonacci"}) {
    SCOPED_TRACE(name);
    const auto r = parse_ruleset(name);
    const TameVerdict v = tame_verdict(heap_rules(r), 60);
    EXPECT_TRUE(v.tame);
    EXPECT_TRUE(v.nim_heaps);
    EXPECT_EQ(v.max_heap, 60u);
    EXPECT_TRUE(misere_nim_rule_applies(heap_rules(r), 60));
  }
}

TEST(Genus, QuaternaryGamesPlambeckClassification) {
  // Plambeck, plambeck.org "quaternary games": WW's table shows .31 is the
  // only two-digit quaternary game with positions that are not misère nim
  // heaps; among three-digit ones exactly .121 .123 .131 .201 .211 .312 .331
  // ("Woolly Mammoths") have such positions. All others: nim heaps only, so
  // the misère-Nim rule applies to every sum.
  const std::set<std::string> exceptional{"0.31",  "0.121", "0.123", "0.131",
                                          "0.201", "0.211", "0.312", "0.331"};
  for (int length = 1; length <= 3; ++length) {
    int count = 1;
    for (int i = 0; i < length; ++i) count *= 4;
    for (int c = 0; c < count; ++c) {
      std::string code = "0.";
      for (int i = 0, x = c; i < length; ++i, x /= 4) code += static_cast<char>('0' + x % 4);
      if (code.back() == '0') continue;
      SCOPED_TRACE(code);
      const auto r = parse_ruleset(code);
      EXPECT_EQ(misere_nim_rule_applies(heap_rules(r), 40), exceptional.count(code) == 0);
    }
  }
}

TEST(Genus, GenusFromOptions) {
  // A game without options is 0^120; {0} (= *1) is 1^031.
  const Genus zero = genus_from_options({});
  EXPECT_EQ(zero.symbol(), "0^120");
  EXPECT_EQ(zero.alternates_from, 1u);
  const Genus one = genus_from_options({&zero});
  EXPECT_EQ(one.symbol(), "1^031");
  // {*2} alone: normal 0, misère mex{2} = 0; WW's 2# (0.312's heap 3): 0^02.
  const Genus two = genus_from_options({&zero, &one});
  EXPECT_EQ(genus_from_options({&two}).symbol(), "0^02");
}

// A two-position game that loops: 0 → 1 → 0.
class Loop final : public Ruleset {
 public:
  std::string name() const override { return "loop"; }
  void for_each_option(const Position& p,
                       const std::function<bool(const Position&)>& visit) const override {
    visit(Position{1 - p.at(0)});
  }
  std::string describe_move(const Position&, const Position&) const override { return "move"; }
};

TEST(Genus, Errors) {
  const Loop loop;
  GenusSearch search(loop);
  EXPECT_THROW(search.genus({0}), InputError);
  EXPECT_THROW(search.genus({0}), InputError);  // nothing half-stored

  const auto kayles = parse_ruleset("kayles");
  try {
    heap_genera(heap_rules(kayles), 0, 40, 100);
    FAIL() << "no LimitError";
  } catch (const LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("limit of 100 positions"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(misere_nim_rule_applies(heap_rules(parse_ruleset("nim")), 50, 10));
  // A nim heap with more options than the limit.
  const auto nim = parse_ruleset("nim");
  GenusSearch small(*nim, 1000);
  EXPECT_THROW(small.genus({5000}), LimitError);
  EXPECT_EQ(small.genus({10}).symbol(), "10^(10,8)");
}

}  // namespace
}  // namespace grundy::genus_test
