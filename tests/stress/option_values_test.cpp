// option_values against its definition: each option's value and outcome are
// those of the option analysed on its own (analysis.h, itself checked against
// brute force in analysis_test.cpp), the rows are every option of the
// position, the P rows are exactly the winning moves, and the mex of the
// values is the position's value (Sprague 1935, Grundy 1939).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/game_syntax.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/option_values.h"

namespace grundy::option_values_test {
namespace {

const char* const kGames[] = {"nim", "kayles", "0.137", "4.07", "wythoff", "subtract:1,3,4",
                              "staircase", "moore:2", "0.{2+}", "lasker", "bash:3"};

std::string random_game(std::mt19937_64& rng) {
  std::string text;
  const int summands = 1 + static_cast<int>(rng() % 3);
  for (int s = 0; s < summands; ++s) {
    const std::string game = kGames[rng() % std::size(kGames)];
    const int heaps = game == "wythoff" ? 2 : 1 + static_cast<int>(rng() % 3);
    text += (s ? " + " : "") + game;
    for (int h = 0; h < heaps; ++h) text += " " + std::to_string(rng() % 9);
  }
  return text;
}

// Checks the options of `text`; false when its misère analysis is past the
// default search limits (a sum of several games in misère play is searched
// whole), which the table refuses as the analysis does.
bool check(const std::string& text, Convention convention) {
  SCOPED_TRACE(text + (convention == Convention::misere ? " (misère)" : ""));
  const GamePosition game = sum_of(parse_game(text));
  AnalysisOptions options;
  options.convention = convention;
  // A misère sum past this is refused at once rather than searched for a
  // second (the test looks at many positions, not at large ones).
  options.search_limit = 100'000;
  OptionValues table;
  try {
    table = option_values(*game.ruleset, game.position, options, 1000);
  } catch (const LimitError&) {
    if (convention == Convention::misere) return false;
    throw;
  }
  EXPECT_TRUE(table.complete);
  EXPECT_EQ(table.options.size(), game.ruleset->options(game.position, 100000).items.size());
  std::set<std::string> winning;
  for (const OptionValue& row : table.options) {
    Analysis alone;
    try {
      alone = analyze(*game.ruleset, row.after, options);
    } catch (const LimitError&) {
      if (convention == Convention::misere) return false;  // its winning moves are searched further
      throw;
    }
    EXPECT_EQ(row.outcome, alone.outcome) << row.description;
    if (convention == Convention::normal) {
      EXPECT_TRUE(row.value && row.value->finite && alone.value &&
                  row.value->value == *alone.value)
          << row.description;
    } else {
      EXPECT_FALSE(row.value);
    }
    if (row.outcome == Outcome::P) winning.insert(row.description);
  }
  Analysis whole;
  try {
    whole = analyze(*game.ruleset, game.position, options);
  } catch (const LimitError&) {
    if (convention == Convention::misere) return false;  // the whole is searched further
    throw;
  }
  std::set<std::string> moves;
  for (const Move& move : whole.winning_moves.items) moves.insert(move.description);
  EXPECT_EQ(winning, moves);
  if (convention == Convention::normal)
    EXPECT_TRUE(table.mex && whole.value && *table.mex == *whole.value);
  else
    EXPECT_FALSE(table.mex);
  return true;
}

TEST(OptionValuesStress, RandomSumsAgainstEachOptionAnalysedAlone) {
  std::mt19937_64 rng(20261129);
  int misere_checked = 0;
  for (int round = 0; round < 150; ++round) {
    const std::string text = random_game(rng);
    check(text, Convention::normal);
    misere_checked += check(text, Convention::misere);
  }
  EXPECT_GE(misere_checked, 60);
}

// A position with more options than asked for: the first rows, marked
// incomplete, and no mex (it needs every option).
TEST(OptionValuesStress, CutListHasNoMex) {
  const GamePosition game = sum_of(parse_game("nim 1000 1000"));
  const OptionValues table = option_values(*game.ruleset, game.position, AnalysisOptions{}, 50);
  EXPECT_EQ(table.options.size(), 50u);
  EXPECT_FALSE(table.complete);
  EXPECT_FALSE(table.mex);
}

TEST(OptionValuesStress, CompoundsOtherThanSumsAreRefused) {
  const CompoundPosition every = every_compound_of(parse_game("kayles 3 4"), CompoundKind::every);
  EXPECT_THROW(option_values(*every.compound, every.position, AnalysisOptions{}, 10), InputError);
}

}  // namespace
}  // namespace grundy::option_values_test
