// The user-game examples (examples/multi_sg_rows.cpp, flip_game.cpp, cram.cpp,
// cyclic_game.cpp, contest_games.cpp) run as built binaries: each exits with status 0 (they abort
// on any internal disagreement) and a few printed lines are checked against
// published values (docs/theory.md §8: Dawson's Kayles, 0.07), LeetCode 294's
// examples, the symmetry strategy of Cram, and the hand solution of the
// cyclic graph written in examples/cyclic_game.cpp.
#include <gtest/gtest.h>

#include <string>

#include "support/process.h"

namespace {

std::string output_of(const std::string& name) {
  const auto run = grundy::testing::run_program(GRUNDY_EXAMPLES_DIR "/" + name, {});
  EXPECT_EQ(run.status, 0) << name << ": " << run.err;
  EXPECT_EQ(run.err, "");
  return run.out;
}

void expect_line(const std::string& out, const std::string& line) {
  EXPECT_NE(out.find(line + "\n"), std::string::npos) << "missing line: " << line << "\nin:\n" << out;
}

// docs/theory.md §8: Dawson's Kayles (0.07), G(0..20).
constexpr const char* kDawson = "0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3";

TEST(UserExamples, MultiSgRows) {
  const std::string out = output_of("multi_sg_rows");
  EXPECT_EQ(out.rfind(std::string("row values G(0..30): ") + kDawson + " ", 0), 0u) << out;
  // G(3) = 1, so one row of 3 is N; G(2) xor G(2) = 0 is P.
  expect_line(out, "rows 2 2: G = 0, P, misere N, winning moves 0");
}

TEST(UserExamples, FlipGame) {
  const std::string out = output_of("flip_game");
  EXPECT_EQ(out.rfind(std::string("run values G(0..30): ") + kDawson + " ", 0), 0u) << out;
  // LeetCode 294's examples.
  expect_line(out, "canWin(\"++++\") = true");
  expect_line(out, "canWin(\"+\") = false");
  // By 0.07 (docs/theory.md §8): G(5) = 0; G(2) xor G(2) = 0; G(7) = 1.
  expect_line(out, "canWin(\"+++++\") = false");
  expect_line(out, "canWin(\"++-++\") = false");
  expect_line(out, "canWin(\"+++++++\") = true");
}

TEST(UserExamples, Cram) {
  const std::string out = output_of("cram");
  // A 1 x n board is Dawson's Kayles: G(1..20) from docs/theory.md §8.
  expect_line(out, std::string("1 x n Cram, n = 1..20: ") + (kDawson + 2));
  // Central symmetry: even x even is P, even x odd is N.
  expect_line(out, "2 x 2: P, winning first moves 0");
  expect_line(out, "4 x 4: P, winning first moves 0");
  EXPECT_NE(out.find("2 x 3: N"), std::string::npos);
  EXPECT_NE(out.find("3 x 4: N"), std::string::npos);
}

TEST(UserExamples, CyclicGame) {
  const std::string out = output_of("cyclic_game");
  // The hand solution in examples/cyclic_game.cpp.
  expect_line(out, "t: gamma 0, normal P, misere N, remoteness 0, winning moves:");
  expect_line(out, "a: gamma 0, normal P, misere D, remoteness 2, winning moves:");
  expect_line(out, "c: gamma inf({}), normal D, misere D, remoteness -, winning moves:");
  expect_line(out, "e: gamma inf({0}), normal N, misere D, remoteness 1, winning moves: t");
  expect_line(out, "f: gamma 0, normal P, misere D, remoteness 2, winning moves:");
  expect_line(out, "g: gamma inf({0}), normal N, misere D, remoteness 3, winning moves: f");
  expect_line(out, "h: gamma inf({}), normal D, misere D, remoteness -, winning moves:");
  // Smith's sum rule: two infinite values give a draw.
  expect_line(out, "e+e: gamma inf({}), normal D, misere D, remoteness -, winning moves:");
  expect_line(out, "cycle detected: yes");
}

}  // namespace

namespace {

TEST(UserExamples, ContestGames) {
  const std::string out = output_of("contest_games");
  // 1 + ... + 20 = 210 < 300: the numbers run out, the first player to move
  // then has no move.
  expect_line(out, "pool 20, target 300: P");
  // POJ 2311's samples: 2×2 and 3×2 lose for the mover; from 1×5 the mover
  // cuts off a 1×1 piece at once.
  expect_line(out, "cutting 2x2: P, 2x3: P, 1x5: N");
  // Bachet's game (Winning Ways ch. 3): leave a multiple of 4.
  expect_line(out, "take up to 3 from 10: take 2");
}

}  // namespace
