// The ruleset table: the help catalogue and the parser are read from the same
// entries, so every row the help lists is a name the parser accepts.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "present/command_line_words.h"
#include "grundy/rules/registry.h"

namespace grundy::registry_test {
namespace {

// A message quotes the input, and stays one whole line whatever the input
// holds: a line break is escaped, and a NUL no longer cuts it short.
TEST(Registry, MessagesAreOneLineWhateverTheInput) {
  try {
    parse_ruleset("kay\nles");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "unknown ruleset 'kay\\nles' (did you mean 'kayles'? see "
                           "ruleset_catalogue())");
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

// What the user typed can be enormous; the message quoting it stays short:
// a run of more than 40 digits keeps 16 and 4 of them around its count, any
// other word of more than 200 characters keeps 60 and 20.
TEST(Registry, MessagesShortenWhatTheUserTyped) {
  const std::string huge(10000, '9');
  try {
    parse_heap(huge);
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "heap size '9999999999999999…[10000 digits]…9999' is larger than 2^63-1");
    EXPECT_EQ(e.token(), huge);  // the token itself stays whole
  }
  const std::string forty(40, '1');
  EXPECT_EQ(detail::one_line("'" + forty + "' x"), "'" + forty + "' x");
  EXPECT_EQ(detail::one_line("a " + forty + "2 b"), "a 1111111111111111…[41 digits]…1112 b");
  const std::string word = std::string(250, 'x');
  EXPECT_EQ(detail::one_line("unknown '" + word + "'"),
            "unknown '" + std::string(59, 'x') + "…[252 characters]…" + std::string(19, 'x') + "'");
  // Cut between characters, never inside one (é is two bytes in UTF-8).
  std::string accents;
  for (int i = 0; i < 150; ++i) accents += "é";
  const std::string cut = detail::one_line(accents);
  EXPECT_EQ(cut, std::string(accents, 0, 60) + "…[150 characters]…" + std::string(accents, 0, 20));
  // Shortened first, then escaped: the line break stays visible.
  EXPECT_EQ(detail::one_line("a\n" + std::string(201, 'y')),
            "a\\n" + std::string(58, 'y') + "…[203 characters]…" + std::string(20, 'y'));
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

// Counts as options take them (--to 1M): each form checked against the
// number it names, worked by hand.
TEST(Registry, CountsInEveryWrittenForm) {
  EXPECT_EQ(parse_count("0"), 0u);
  EXPECT_EQ(parse_count("1000000"), 1000000u);
  EXPECT_EQ(parse_count("1K"), 1000u);
  EXPECT_EQ(parse_count("1k"), 1000u);
  EXPECT_EQ(parse_count("1M"), 1000000u);
  EXPECT_EQ(parse_count("3G"), 3000000000u);
  EXPECT_EQ(parse_count("2T"), 2000000000000u);
  EXPECT_EQ(parse_count("2^20"), 1048576u);
  EXPECT_EQ(parse_count("10^9"), 1000000000u);
  EXPECT_EQ(parse_count("2^0"), 1u);
  EXPECT_EQ(parse_count("0^5"), 0u);
  EXPECT_EQ(parse_count("2^62"), std::uint64_t{1} << 62);
  EXPECT_EQ(parse_count("1e6"), 1000000u);
  EXPECT_EQ(parse_count("1E6"), 1000000u);
  EXPECT_EQ(parse_count("1e+6"), 1000000u);
  EXPECT_EQ(parse_count("1.5e3"), 1500u);
  EXPECT_EQ(parse_count("1.500e3"), 1500u);
  EXPECT_EQ(parse_count(".5e1"), 5u);
  EXPECT_EQ(parse_count("9e18"), 9000000000000000000u);
  EXPECT_EQ(parse_count("0e99"), 0u);
  EXPECT_EQ(parse_count("9223372036854775807"), kMaxHeap);
  for (const char* bad : {"", "x", "1e-3", "1.25e1", "1.5", "e6", "1e", "2^", "^3", "1MM", "M",
                          "1.e", "-1", "1e6x", "2^-1", "1..5e3"})
    EXPECT_THROW(parse_count(bad), InputError) << bad;
  for (const char* huge : {"2^63", "10^19", "1e19", "10000000T", "9223372036854775808",
                           "99999999999999999999e0", "3^40"}) {
    try {
      parse_count(huge);
      FAIL() << huge << " accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("larger than 2^63-1"), std::string::npos) << e.what();
    }
  }
}

// A family without its parameter, and a near miss, say what was meant.
TEST(Registry, UnknownNamesSuggestTheMeantOne) {
  const auto message = [](const char* name) {
    try {
      parse_ruleset(name);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message("bash").find("needs a parameter: bash:M"), std::string::npos);
  EXPECT_NE(message("Subtract").find("needs a parameter: subtract:S"), std::string::npos);
  EXPECT_NE(message("kayle").find("did you mean 'kayles'?"), std::string::npos);
  EXPECT_NE(message("wythof").find("did you mean 'wythoff'?"), std::string::npos);
  EXPECT_NE(message("dawsno").find("did you mean 'dawson'?"), std::string::npos);
  // Where the names are listed is the front end's to say (front_end_words.h):
  // the C++ API's catalogue by default, the command's help when installed.
  EXPECT_EQ(message("chess"), "unknown ruleset 'chess' (see ruleset_catalogue())");
  set_front_end_words(present::command_line_words());
  EXPECT_EQ(message("chess"), "unknown ruleset 'chess' (see 'grundy help rulesets')");
  FrontEndWords none = library_words();
  none.catalogue.clear();
  set_front_end_words(none);
  EXPECT_EQ(message("chess"), "unknown ruleset 'chess'");
  EXPECT_EQ(message("kayle"), "unknown ruleset 'kayle' (did you mean 'kayles'?)");
  set_front_end_words(library_words());
}

}  // namespace
}  // namespace grundy::registry_test
