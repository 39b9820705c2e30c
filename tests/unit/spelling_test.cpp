// Edit distances worked by hand, and the suggestions built on them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "grundy/core/spelling.h"

namespace grundy::spelling_test {
namespace {

TEST(Spelling, EditDistanceByHand) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);  // k->s, e->i, +g (Levenshtein's example)
  EXPECT_EQ(edit_distance("analyse", "analyze"), 1u);
  EXPECT_EQ(edit_distance("kayle", "kayles"), 1u);
  EXPECT_EQ(edit_distance("vaules", "values"), 1u);  // one swap of neighbours
  EXPECT_EQ(edit_distance("ca", "abc"), 3u);          // optimal string alignment, not Damerau's 2
  EXPECT_EQ(edit_distance("NIM", "nim"), 0u);
}

TEST(Spelling, ClosestWord) {
  const std::vector<std::string> commands{"analyze", "period", "pattern", "value", "values",
                                          "graph",   "play",   "bench",   "help"};
  EXPECT_EQ(closest_word("analyse", commands), "analyze");
  EXPECT_EQ(closest_word("vlaue", commands), "value");
  EXPECT_EQ(closest_word("valuess", commands), "values");
  EXPECT_EQ(closest_word("pley", commands), "play");
  EXPECT_EQ(closest_word("xyzzy", commands), "");
  const std::vector<std::string> options{"--misere", "--max-moves", "--json", "--max-memory"};
  EXPECT_EQ(closest_word("--mis", options), "--misere");    // a unique prefix
  EXPECT_EQ(closest_word("--max", options), "");            // two options begin so
  EXPECT_EQ(closest_word("--jsn", options), "--json");
  EXPECT_EQ(closest_word("--m", options), "");              // too short to guess
  // A unique prefix wins over a word two edits away (analyze has both).
  EXPECT_EQ(closest_word("--mis", {"--max", "--misere"}), "--misere");
  EXPECT_EQ(closest_word("--maxx", {"--max", "--max-moves"}), "--max");  // no prefix: edits
}

}  // namespace
}  // namespace grundy::spelling_test
