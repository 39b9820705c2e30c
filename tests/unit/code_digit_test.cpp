// CGSuite's wider take-and-break digits (&n;, {..}, '*'): parsed, printed in
// the canonical form CGSuite's TBCode prints (a base-32 character where one
// fits, &n;, '*', a list in braces), and refused with a reason when
// malformed.
#include <gtest/gtest.h>

#include <string>

#include "grundy/core/error.h"
#include "grundy/rules/code_digit.h"
#include "grundy/rules/take_and_break.h"

namespace grundy::code_digit_test {
namespace {

std::string canonical(const char* code) { return TakeAndBreak::parse(code).name(); }

TEST(CodeDigit, CanonicalNames) {
  // Wide spellings of classic digits print as the classic digit.
  EXPECT_EQ(canonical("0.&4;"), "0.4");
  EXPECT_EQ(canonical("0.{2}"), "0.4");
  EXPECT_EQ(canonical("0.{1,2,3}"), "0.E");
  EXPECT_EQ(canonical("0.{2,3}!"), "0.C!");
  EXPECT_EQ(canonical("0.{2!,3!}"), "0.C!");
  EXPECT_EQ(canonical("0.{0,1}"), "0.3");
  EXPECT_EQ(canonical("0.&0;7"), "0.07");
  EXPECT_EQ(canonical("0.7&0;"), "0.7");
  EXPECT_EQ(canonical("&16;.0"), "G.0");
  // Counts past four heaps: &n;.
  EXPECT_EQ(canonical("0.&32;"), "0.&32;");
  EXPECT_EQ(canonical("0.{5}"), "0.&32;");
  EXPECT_EQ(canonical("0.{1,5}="), "0.&34;=");
  EXPECT_EQ(canonical("0.&9223372036854775808;"), "0.&9223372036854775808;");
  // "Or more": '*' for every count, else the counts and the first of the run.
  EXPECT_EQ(canonical("0.*"), "0.*");
  EXPECT_EQ(canonical("0.{0+}"), "0.*");
  EXPECT_EQ(canonical("0.{0,1,2+}"), "0.*");
  EXPECT_EQ(canonical("0.{2+}"), "0.{2+}");
  EXPECT_EQ(canonical("0.{3,2+}"), "0.{2+}");
  EXPECT_EQ(canonical("0.{2,3,7+}"), "0.{2,3,7+}");
  EXPECT_EQ(canonical("0.{2,5+}!"), "0.{2,5+}!");
  EXPECT_EQ(canonical("0.*="), "0.*=");
  EXPECT_EQ(canonical("0.{1,2+}!"), "0.{1+}!");
  EXPECT_EQ(canonical("{2+}=.0"), "{2+}=.0");
  // A modifier per count where they differ; counts 0 and 1 carry none.
  EXPECT_EQ(canonical("0.{3=,2!}"), "0.{2!,3=}");
  EXPECT_EQ(canonical("0.{0,2,3!}"), "0.{0,2,3!}");
  EXPECT_EQ(canonical("0.{2!,3=+}"), "0.{2!,3=+}");
  EXPECT_EQ(canonical("0.7{2,6?}[{2+}]"), "0.7{2,6?}[{2+}]");
  // Every canonical name reads back as itself.
  for (const char* code : {"0.&32;", "0.*", "0.{2+}", "0.{2,5+}!", "0.{2!,3=+}", "{2+}=.0",
                           "0.{1+}!", "0.{0,2,3!}", "0.7{2,6?}[{2+}]", "0.&34;="})
    EXPECT_EQ(canonical(canonical(code).c_str()), canonical(code)) << code;
}

TEST(CodeDigit, WhatEachDigitAllows) {
  const TakeAndBreak code = TakeAndBreak::parse("0.{2!,3=,6+}&32;*");
  const CodeDigit& list = code.code_digit(1);
  EXPECT_FALSE(list.allows(1));
  EXPECT_TRUE(list.allows(2));
  EXPECT_FALSE(list.allows(4));
  EXPECT_TRUE(list.allows(6));
  EXPECT_TRUE(list.allows(1000));
  EXPECT_EQ(list.modifier(2), SplitModifier::distinct);
  EXPECT_EQ(list.modifier(3), SplitModifier::all_equal);
  EXPECT_EQ(list.modifier(1000), SplitModifier::none);
  EXPECT_EQ(list.max_heaps(), kAnyNumberOfHeaps);
  EXPECT_FALSE(list.is_classic());
  EXPECT_EQ(code.code_digit(2).max_heaps(), 5u);
  EXPECT_TRUE(code.code_digit(3).allows(0));
  EXPECT_EQ(code.max_parts(), kAnyNumberOfHeaps);
  EXPECT_FALSE(code.is_classic());
  EXPECT_TRUE(code.has_modifiers());
  EXPECT_EQ(TakeAndBreak::parse("0.&32;").max_parts(), 5u);
  EXPECT_TRUE(TakeAndBreak::parse("0.{2,3}!").is_classic());
  EXPECT_FALSE(TakeAndBreak::parse("0.&32;").has_modifiers());
}

TEST(CodeDigit, MalformedWideDigitsSayWhy) {
  const std::pair<const char*, const char*> bad[] = {
      {"0.{", "never closed"},
      {"0.{}", "lists no heap count"},
      {"0.{+}", "lists no heap count"},
      {"0.{2,,3}", "is not a heap count"},
      {"0.{64}", "counts go up to 63"},
      {"0.{100}", "is not a heap count"},
      {"0.{x}", "is not a heap count"},
      {"0.{2,2}", "listed twice"},
      {"0.{1!}", "applies to two heaps or more"},
      {"0.{2!}=", "carry their own modifiers"},
      {"0.{0,1}!", "applies only to a digit that splits"},
      {"0.&;", "holds no number"},
      {"0.&32", "without its ';'"},
      {"0.&3x;", "decimal number"},
      {"0.&18446744073709551616;", "larger than 2^64-1"},
      {"0.&3;!", "applies only to a digit that splits"},
      {"*.0", "d0 must be"},
      {"{1,2}.0", "d0 must be"},
      {"{2}{2}.0", "single digit before the point"},
      {"0.**", nullptr},
      {"0.*!!", "must follow a digit"},
      {"0.}", "is not a digit"},
  };
  for (const auto& [code, why] : bad) {
    SCOPED_TRACE(code);
    if (why == nullptr) {  // two digits in a row: a valid code, not an error
      EXPECT_NO_THROW(TakeAndBreak::parse(code));
      continue;
    }
    try {
      TakeAndBreak::parse(code);
      ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace grundy::code_digit_test
