// The position syntax shared by the front ends (rules/game_syntax.h): words of
// a one-line text, summands merged by game, and errors naming the token.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/game_syntax.h"

namespace grundy::game_syntax_test {
namespace {

using Words = std::vector<std::string>;

TEST(GameSyntax, SplitsWordsAndPlusSigns) {
  EXPECT_EQ(split_game_words("kayles 5 + nim 3"), (Words{"kayles", "5", "+", "nim", "3"}));
  EXPECT_EQ(split_game_words("  kayles\t5+nim 3\n"), (Words{"kayles", "5", "+", "nim", "3"}));
  EXPECT_EQ(split_game_words("0.3F 4.[3]"), (Words{"0.3F", "4.[3]"}));
  EXPECT_TRUE(split_game_words(" \t").empty());
}

TEST(GameSyntax, MergesSummandsOfOneHeapGame) {
  const auto summands = parse_game("kayles 5 + nim 3 + kayles 7 + wythoff 3 5");
  ASSERT_EQ(summands.size(), 3u);
  EXPECT_EQ(summands[0].position, (Position{5, 7}));
  EXPECT_EQ(summands[1].position, (Position{3}));
  EXPECT_EQ(summands[2].ruleset->name(), "wythoff");
  EXPECT_EQ(summands[2].position, (Position{3, 5}));
}

TEST(GameSyntax, ErrorsNameTheToken) {
  const auto token_of = [](const std::string& text) {
    try {
      parse_game(text);
    } catch (const InputError& e) {
      return e.token();
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(token_of(""), "");
  EXPECT_EQ(token_of("kayles 5 +"), "+");
  EXPECT_EQ(token_of("+ nim 3"), "+");
  EXPECT_EQ(token_of("kayles 5 + nim"), "nim");
  EXPECT_EQ(token_of("kayles x"), "x");
  EXPECT_EQ(token_of("nosuchgame 3"), "nosuchgame");
  EXPECT_EQ(token_of("graph:/no/such/file a"), "/no/such/file");
}

TEST(GameSyntax, IsSumSyntax) {
  EXPECT_TRUE(is_sum_syntax("kayles", {"5", "+", "nim", "3"}));
  EXPECT_TRUE(is_sum_syntax("graph:g.txt", {"a"}));
  EXPECT_FALSE(is_sum_syntax("nim", {"3", "4"}));
}

// game_text is parse_game's inverse: every text below reads back as the
// same position, written the same way.
TEST(GameSyntax, GameTextReadsBack) {
  for (const char* text : {"0.77 5 3", "nim 3 14 21", "wythoff 3 5", "0.77 5 + nim 3",
                           "0.07 4 + wythoff 1 2 + staircase 0 3 5", "subtract:1,3 9",
                           "nim 0"}) {
    const GamePosition whole = sum_of(parse_game(text));
    const std::string written = game_text(*whole.ruleset, whole.position);
    const GamePosition again = sum_of(parse_game(written));
    EXPECT_EQ(again.ruleset->name(), whole.ruleset->name()) << text << " -> " << written;
    EXPECT_EQ(again.position, whole.position) << text << " -> " << written;
    EXPECT_EQ(game_text(*again.ruleset, again.position), written) << text;
  }
  const GamePosition kayles = sum_of(parse_game("kayles 5 3"));
  EXPECT_EQ(game_text(*kayles.ruleset, kayles.position), "0.77 5 3");
}

}  // namespace
}  // namespace grundy::game_syntax_test
