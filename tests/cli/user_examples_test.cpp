// The user-game examples (examples/multi_sg_rows.cpp, flip_game.cpp, cram.cpp,
// contest_patterns.cpp, whose code and output docs/contest.md shows verbatim,
// cyclic_game.cpp, contest_games.cpp) run as built binaries: each exits with status 0 (they abort
// on any internal disagreement) and a few printed lines are checked against
// published values (docs/theory.md §8: Dawson's Kayles, 0.07), LeetCode 294's
// examples, the symmetry strategy of Cram, and the hand solution of the
// cyclic graph written in examples/cyclic_game.cpp.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

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
  expect_line(out, "c: gamma ∞{}, normal D, misere D, remoteness -, winning moves:");
  expect_line(out, "e: gamma ∞{0}, normal N, misere D, remoteness 1, winning moves: t");
  expect_line(out, "f: gamma 0, normal P, misere D, remoteness 2, winning moves:");
  expect_line(out, "g: gamma ∞{0}, normal N, misere D, remoteness 3, winning moves: f");
  expect_line(out, "h: gamma ∞{}, normal D, misere D, remoteness -, winning moves:");
  // Smith's sum rule: two infinite values give a draw.
  expect_line(out, "e+e: gamma ∞{}, normal D, misere D, remoteness -, winning moves:");
  expect_line(out, "cycle detected: yes");
}

}  // namespace

namespace {

TEST(UserExamples, ContestGames) {
  const std::string out = output_of("contest_games");
  // LeetCode 464: 1 + ... + 20 = 210 < 300, the target is never reached, so
  // the first player cannot win (the program itself checks every n <= 10
  // and every target against a search written from the statement).
  expect_line(out, "pool 20, target 300: false");
  // POJ 2311's samples: 2×2 and 3×2 lose for the mover; from 1×5 the mover
  // cuts off a 1×1 piece at once.
  expect_line(out, "cutting 2x2: P, 2x3: P, 1x5: N");
  // Bachet's game (Winning Ways ch. 3): leave a multiple of 4.
  expect_line(out, "take up to 3 from 10: take 2");
}

TEST(UserExamples, ContestLimits) {
  // The program checks every game against a search written from its
  // problem's statement first (aborting on a disagreement), then runs each
  // problem at its limits: an answer, or one line naming the limit.
  const std::string out = output_of("contest_limits");
  expect_line(out, "every game agrees with its statement on the small cases");
  expect_line(out, "hdu1729 (10000, 20) + (10000, 10000): Yes");
  expect_line(out,
              "hdu1729 50 boxes of 1000000: refused: user game: more than 100000000 options "
              "would be looked at, the solver's work limit (raise it with GameLimits::visits)");
  // POJ 3922 by the contest construction (the program checks every n <= 1500,
  // k <= 4 against it): the losing sizes for k = 3 are 1, 2, 3, 4, 6, 8, 11,
  // 15, 21, 29, 40, 55, 76, ...; taking the largest one below 10,000 away
  // while the rest is not one of them leaves 55 (worked out with the
  // construction, outside the program).
  expect_line(out, "poj3922 10000 3: 55");
  expect_line(out, "poj3922 10000 3, largest take first: 55");
  expect_line(out,
              "poj3922 100000000 100000: refused: user game: a position has more than 1000000 "
              "options, the solver's option limit (raise it with GameLimits::options)");
  // Cole & Davie 1969: the mover wins (a, b), a >= b, exactly when a = b or
  // a / b > φ; 2147483647 / 1234567890 ≈ 1.74.
  expect_line(out, "euclid 2147483647 1234567890: Stan wins");
  expect_line(out, "poj2311 200 200: WIN");
  expect_line(out, "lc464 20 300: false");
  expect_line(out, "lc464 20 100: true");
}

}  // namespace

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << path;
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The fenced blocks of `doc` opened by "```" + kind.
std::vector<std::string> fenced_blocks(const std::string& doc, const std::string& kind) {
  std::vector<std::string> blocks;
  const std::string open = "```" + kind + "\n", close = "\n```\n";
  for (std::size_t at = doc.find(open); at != std::string::npos; at = doc.find(open, at)) {
    const std::size_t start = at + open.size(), end = doc.find(close, start);
    if (end == std::string::npos) break;
    blocks.push_back(doc.substr(start, end - start + 1));
    at = end + close.size();
  }
  return blocks;
}

TEST(UserExamples, ContestPageIsItsProgram) {
  // docs/contest.md: every C++ block is a piece of examples/contest_patterns.cpp,
  // verbatim, and every output block a piece of what the program prints.
  const std::string doc = read_file(GRUNDY_SOURCE_DIR "/docs/contest.md");
  const std::string source = read_file(GRUNDY_SOURCE_DIR "/examples/contest_patterns.cpp");
  const std::string out = output_of("contest_patterns");
  const auto code = fenced_blocks(doc, "cpp");
  const auto shown = fenced_blocks(doc, "text");
  EXPECT_GE(code.size(), 9u);
  EXPECT_EQ(shown.size(), 5u);
  for (const std::string& block : code)
    EXPECT_NE(source.find(block), std::string::npos) << "not in the program:\n" << block;
  for (const std::string& block : shown)
    EXPECT_NE(out.find(block), std::string::npos) << "not in the output:\n" << block << "\nout:\n" << out;
}

TEST(UserExamples, ContestPatterns) {
  const std::string out = output_of("contest_patterns");
  // Cole & Davie 1969: (a, b), b < a < b*phi, is lost for the mover; floor(10 phi) = 16.
  expect_line(out, "euclid (1000000007, 998244353): P");
  EXPECT_NE(out.find("row 10: P at m = 11..16; observed for n = 1..200"), std::string::npos) << out;
  // Whinihan 1963: the P-positions of Fibonacci Nim are the Fibonacci numbers.
  EXPECT_NE(out.find(": 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377\n"), std::string::npos) << out;
  expect_line(out, "each P-position from the 3rd on is the sum of the two before it; observed up to n = 600");
  // 10^18 is not a Fibonacci number (F(86) < 10^18 < F(87)).
  expect_line(out, "10^18 stones: N (observed rule)");
  // HDU 2147: both sides odd loses.
  expect_line(out, "1999999999 x 1000000001: What a pity! (observed rule)");
  // POJ 2311's samples: 2x2 and 2x3 are lost for the mover.
  EXPECT_NE(out.find("P-sheets up to 12x12: 2x2 2x3 "), std::string::npos) << out;
}

}  // namespace
