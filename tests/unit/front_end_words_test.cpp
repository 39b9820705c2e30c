// The library's refusals give their advice in the words of the front end in
// use (core/front_end_words.h): the C++ API's by default, and whatever a
// front end installs. The command line's words are checked by the CLI tests,
// the Python module's by python/tests.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>

#include "grundy/core/front_end_words.h"
#include "grundy/grundy.h"
#include "grundy/solve/brute_force.h"

namespace grundy::front_end_words_test {
namespace {

// The refusal of an exhaustive search over two Wythoff queens, at a limit of
// five positions.
std::string search_refusal() {
  const auto wythoff = parse_ruleset("wythoff");
  BruteForce search(*wythoff, 5);
  try {
    search.mover_wins(Position{30, 40}, Convention::misere);
  } catch (const LimitError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no LimitError";
  return "";
}

// Installs `words` for one test and puts the default back after it, so that
// the other tests of this process see the C++ API's words.
class Installed {
 public:
  explicit Installed(FrontEndWords words) { set_front_end_words(std::move(words)); }
  ~Installed() { set_front_end_words(library_words()); }
  Installed(const Installed&) = delete;
  Installed& operator=(const Installed&) = delete;
};

TEST(FrontEndWords, TheDefaultIsTheCppApi) {
  EXPECT_EQ(raise_with("search-limit"), " (raise it with the search_limit argument)");
  EXPECT_EQ(front_end_words().given("max-heap", "40"), "max_heap = 40");
  EXPECT_EQ(front_end_words().given("no-recalibration", "false"), "recalibrate = false");
  EXPECT_EQ(front_end_words().resume("values", "a.ck"), "a run resumed from 'a.ck'");
  const std::string refusal = search_refusal();
  EXPECT_NE(refusal.find("5 positions its limit allows (raise it with the search_limit argument)"),
            std::string::npos)
      << refusal;
}

TEST(FrontEndWords, AnInstalledVocabularyIsUsed) {
  FrontEndWords words = library_words();
  words.setting = [](std::string_view setting) { return "@" + std::string(setting); };
  {
    Installed installed(words);
    const std::string refusal = search_refusal();
    EXPECT_NE(refusal.find("(raise it with @search-limit)"), std::string::npos) << refusal;
  }
  // A front end without the setting: the refusal gives no advice.
  words.setting = [](std::string_view) { return std::string(); };
  {
    Installed installed(words);
    EXPECT_EQ(raise_with("search-limit"), "");
    const std::string refusal = search_refusal();
    EXPECT_NE(refusal.find("5 positions its limit allows"), std::string::npos) << refusal;
    EXPECT_EQ(refusal.find("raise"), std::string::npos) << refusal;
  }
  EXPECT_EQ(raise_with("search-limit"), " (raise it with the search_limit argument)");
}

}  // namespace
}  // namespace grundy::front_end_words_test
