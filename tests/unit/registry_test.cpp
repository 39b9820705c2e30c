// The ruleset table: the help catalogue and the parser are read from the same
// entries, so every row the help lists is a name the parser accepts.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "grundy/core/error.h"
#include "grundy/rules/registry.h"

namespace grundy {
namespace {

// A message quotes the input, and stays one whole line whatever the input
// holds: a line break is escaped, and a NUL no longer cuts it short.
TEST(Registry, MessagesAreOneLineWhateverTheInput) {
  try {
    parse_ruleset("kay\nles");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "unknown ruleset 'kay\\nles' (see 'grundy help rulesets')");
    EXPECT_EQ(e.token(), "kay\nles");
  }
  try {
    parse_heap(std::string("1\0" "2", 3));
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "'1\\x002' is not a heap size (a non-negative integer)");
  }
  EXPECT_EQ(detail::one_line("a\tb\rc\x7f"), "a\\tb\\rc\\x7f");
  EXPECT_STREQ(LimitError("x\ny").what(), "x\\ny");
}

TEST(Registry, EveryCatalogueRowIsAccepted) {
  std::set<std::string> patterns;
  for (const auto& row : ruleset_catalogue()) {
    SCOPED_TRACE(row.pattern);
    EXPECT_TRUE(patterns.insert(row.pattern).second) << "listed twice";
    EXPECT_FALSE(row.description.empty());
    // A family "bash:M" with a parameter filled in; the code row by an example code.
    std::string example = row.pattern;
    if (const auto colon = example.find(':'); colon != std::string::npos)
      example = example.substr(0, colon + 1) + "3";
    else if (example.find('.') != std::string::npos)
      example = "0.137";
    EXPECT_NO_THROW(parse_ruleset(example)) << example;
  }
  EXPECT_GE(patterns.size(), 16u);
}

}  // namespace
}  // namespace grundy
