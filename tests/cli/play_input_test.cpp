// grundy play's one input syntax, through a pipe (plain lines; the terminal
// with line editing is play_terminal_test.cpp): a move number, the move in
// words as 'moves' lists it, the position after it (sums as the game shows
// them), a hint typed back whole, in normal play and Every-SG; the table of
// moves, the prediction line, the hint that keeps a draw, the banner width.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "support/cli.h"

namespace grundy::play_input_test {
namespace {

using testing::grundy_cli;

bool contains(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

// Nim 3 4 5, each way of writing the move 3 -> 2 of heap 1: the computer's
// reply must follow it (so the move was taken, not refused).
TEST(PlayInput, EveryWayOfWritingAMove) {
  for (const std::string move :
       {"1", "take 1 from heap 1 (3 → 2)", "TAKE 1 FROM HEAP 1 (3 → 2)", "to 2 4 5", "2 4 5",
        "4 5 2", "take 1 from heap 1 (3 → 2)  →  2 4 5", "Hint: take 1 from heap 1 (3 → 2)  →  2 4 5",
        "1. take 1 from heap 1 (3 → 2)  →  2 4 5", "take 1 from heap 1 (3 → 2) → 2 4 5"}) {
    SCOPED_TRACE(move);
    const auto run = grundy_cli({"play", "nim", "3", "4", "5"}, move + "\nquit\n");
    EXPECT_EQ(run.status, 0);
    EXPECT_TRUE(contains(run.out, "You: take 1 from heap 1 (3 → 2)\nComputer: ")) << run.out;
    EXPECT_FALSE(contains(run.out, "Not understood")) << run.out;
  }
  const auto bad = grundy_cli({"play", "nim", "3", "4", "5"}, "take 9 from heap 1\nquit\n");
  EXPECT_TRUE(contains(bad.out, "Not understood: 'take 9 from heap 1'")) << bad.out;
}

// A move that leaves four heaps (a base-32 digit, 0.G), by the position after
// it and in words: the move is described from the two positions.
TEST(PlayInput, FourHeapMove) {
  for (const std::string move :
       {"to 1 1 9 9", "take 1 from heap 1 and split the rest (21 → 1 + 1 + 9 + 9)"}) {
    SCOPED_TRACE(move);
    const auto run = grundy_cli({"play", "0.G", "21"}, move + "\nquit\n");
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(contains(run.out, "You: take 1 from heap 1 and split the rest (21 → 1 + 1 + 9 + 9)\n"
                                  "Computer: "))
        << run.out;
  }
}

// A sum: the position after the move as the game shows it, and a move in words.
TEST(PlayInput, SumsByPositionAndByWords) {
  for (const std::string move : {"to kayles 1 1 + nim 3", "kayles 1 1+nim 3",
                                 "kayles: take 1 from heap 1 and split the rest (3 → 1 + 1)"}) {
    SCOPED_TRACE(move);
    const auto run = grundy_cli({"play", "kayles", "3", "+", "nim", "3"}, move + "\nquit\n");
    EXPECT_TRUE(contains(run.out, "You: kayles: take 1 from heap 1 and split the rest (3 → 1 + 1)"))
        << run.out;
  }
}

// Every-SG: the hint is written as it is typed back, and typing it back
// (whole, or from "to") plays it.
TEST(PlayInput, EverySgHintTypedBack) {
  const auto hint = grundy_cli({"play", "kayles", "3", "4", "--every"}, "hint\nquit\n");
  const auto at = hint.out.find("Hint: ");
  ASSERT_NE(at, std::string::npos) << hint.out;
  const std::string line = hint.out.substr(at, hint.out.find('\n', at) - at);
  EXPECT_EQ(line.rfind("Hint: to ", 0), 0u) << line;
  for (const std::string typed : {line, line.substr(6)}) {
    SCOPED_TRACE(typed);
    const auto run = grundy_cli({"play", "kayles", "3", "4", "--every"}, typed + "\nquit\n");
    EXPECT_TRUE(contains(run.out, "You: " + line.substr(9) + "\n")) << run.out;
    EXPECT_FALSE(contains(run.out, "Not understood")) << run.out;
  }
}

// The per-move table, the prediction, and the hint and list not reprinting
// the position. Nim 3 4 5: nim-sum 2, so taking 2 from heap 1 (to 1 4 5) is
// the one move to a P-position (Bouton); Smith's remoteness is odd.
TEST(PlayInput, TablePredictionAndNoReprint) {
  const auto run = grundy_cli({"play", "nim", "3", "4", "5"}, "table\nhint\nmoves\nquit\n");
  EXPECT_TRUE(contains(run.out, "Prediction: you win in at most")) << run.out;
  EXPECT_TRUE(contains(run.out, "  2. take 2 from heap 1 (3 → 1)  →  1 4 5\n       value 0; P, you win"))
      << run.out;
  EXPECT_TRUE(contains(run.out, "value 3; N, the computer wins")) << run.out;  // 2 4 5: 2^4^5 = 3
  std::size_t shown = 0;
  for (auto p = run.out.find("Position: "); p != std::string::npos; p = run.out.find("Position: ", p + 1))
    ++shown;
  EXPECT_EQ(shown, 1u) << run.out;
  // The banner fits 80 columns.
  std::istringstream lines(run.out.substr(0, run.out.find("Position: ")));
  for (std::string l; std::getline(lines, l);) {
    std::size_t columns = 0;
    for (unsigned char c : l) columns += (c & 0xC0) != 0x80 ? 1 : 0;
    EXPECT_LE(columns, 80u) << l;
  }
}

// Ferguson's graph (docs/examples/ferguson.txt): a token on a lies on the
// cycle a -> b -> c -> a and is drawn; the hint names the move that keeps
// the draw (a -> b, the only move).
TEST(PlayInput, HintInADrawNamesTheDrawingMove) {
  const auto run = grundy_cli(
      {"play", "graph:" + std::string(GRUNDY_SOURCE_DIR) + "/docs/examples/ferguson.txt", "a"},
      "hint\nquit\n");
  EXPECT_TRUE(contains(run.out, "Prediction: a draw with perfect play.")) << run.out;
  EXPECT_TRUE(contains(run.out, "Hint: no winning move; this keeps the draw: token 1: a → b")) << run.out;
}

}  // namespace
}  // namespace grundy::play_input_test
