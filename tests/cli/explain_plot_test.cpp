// grundy analyze --explain and grundy values --plot, called directly: the
// library's explanation_text.h and sequence_plot.h.
//
// Expected values come from examples worked by hand (the arithmetic is shown at
// each test),
// docs/theory.md §8, and the brute-force twin: every move an explanation names is
// checked to be legal and to lead to a P-position by exhaustive search. SVG
// files are checked for well-formedness by the small XML reader below and,
// where libxml2-utils is installed, by `xmllint --noout`.
#include <gtest/gtest.h>

#include <bitset>
#include <cstdlib>
#include <functional>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/rules/registry.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/brute_force.h"
#include "present/explanation_text.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/periodicity.h"
#include "present/sequence_plot.h"
#include "support/process.h"
#include "support/twins.h"

namespace grundy::explain_plot_test {
namespace {

struct Explained {
  std::unique_ptr<Ruleset> ruleset;
  Position position;
  Analysis analysis;
  std::string text;
};

Explained explain_position(const std::string& ruleset_name, const Position& position,
                           bool misere = false, AnalysisOptions options = {}) {
  Explained e;
  e.ruleset = parse_ruleset(ruleset_name);
  e.position = position;
  options.convention = misere ? Convention::misere : Convention::normal;
  e.analysis = analyze(*e.ruleset, position, options);
  e.text = present::explanation_text(*e.ruleset, position, e.analysis, misere);
  return e;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The text with every run of white space made one space, so that phrases the
// explanation wrapped across lines are found.
std::string unwrapped(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = c == ' ' || c == '\n';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  return out;
}

// The positions reached by the legal moves whose full description appears in
// the explanation (a description contained in a longer one that also appears
// is the longer move's part, not a move of its own).
std::vector<Position> named_moves(const Explained& e) {
  const std::string text = unwrapped(e.text);
  std::vector<Move> found;
  for (const Move& move : e.ruleset->moves(e.position))
    if (contains(text, move.description)) found.push_back(move);
  std::vector<Position> afters;
  for (const Move& move : found) {
    const bool part_of_longer = std::any_of(found.begin(), found.end(), [&](const Move& other) {
      return other.description.size() > move.description.size() &&
             contains(other.description, move.description);
    });
    if (!part_of_longer) afters.push_back(move.after(e.position));
  }
  return afters;
}

// Every move the explanation names leads to a P-position, by `is_p`, and an
// N-position's explanation names at least one.
void expect_named_moves_reach_p(const Explained& e,
                                const std::function<bool(const Position&)>& is_p) {
  const auto afters = named_moves(e);
  if (e.analysis.outcome == Outcome::N) {
    EXPECT_FALSE(afters.empty()) << e.text;
  } else {
    EXPECT_TRUE(afters.empty()) << e.text;
  }
  for (const Position& after : afters) EXPECT_TRUE(is_p(after)) << testing::show(after) << "\n" << e.text;
}

// The same, with P-positions by exhaustive search (the by-definition twin).
void expect_named_moves_win(const Explained& e, bool misere) {
  BruteForce twin(*e.ruleset, 1'000'000);
  const Convention convention = misere ? Convention::misere : Convention::normal;
  expect_named_moves_reach_p(
      e, [&](const Position& after) { return !twin.mover_wins(after, convention); });
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// ---------------------------------------------------------------------------
// Explanations.

TEST(Explain, NimWorkedExample) {
  // (14, 21, 39): 14 xor 21 = 27, so take 12 from 39.
  const auto e = explain_position("nim", {14, 21, 39});
  EXPECT_EQ(e.analysis.outcome, Outcome::N);
  EXPECT_TRUE(contains(e.text, "39 → 27")) << e.text;
  // The columns: each heap in binary, right-aligned in one column.
  std::vector<std::size_t> ends;
  for (Heap h : {14, 21, 39}) {
    const std::string digits = std::bitset<6>(h).to_string();
    bool seen = false;
    for (const std::string& line : lines_of(e.text)) {
      if (!line.starts_with("  heap ") || !contains(line, " " + fmt::to_string(h) + " ")) continue;
      const auto at = line.find(digits);
      ASSERT_NE(at, std::string::npos) << line;
      ends.push_back(at + digits.size());
      seen = true;
      break;
    }
    EXPECT_TRUE(seen) << h << "\n" << e.text;
  }
  ASSERT_EQ(ends.size(), 3u);
  EXPECT_EQ(ends[0], ends[1]);
  EXPECT_EQ(ends[1], ends[2]);
  // The sum before (14 xor 21 xor 39 = 60) and after (27 replaces 39: 0).
  EXPECT_TRUE(contains(e.text, std::bitset<6>(14 ^ 21 ^ 39).to_string())) << e.text;
  EXPECT_TRUE(contains(e.text, std::bitset<6>(27).to_string())) << e.text;
  EXPECT_TRUE(contains(e.text, "000000  = 0")) << e.text;
  expect_named_moves_win(e, false);
}

TEST(Explain, NimPPosition) {
  // (1, 8, 9): 1 xor 8 xor 9 = 0, a P-position.
  const auto e = explain_position("nim", {1, 8, 9});
  EXPECT_EQ(e.analysis.outcome, Outcome::P);
  EXPECT_TRUE(contains(unwrapped(e.text), "The nim-sum is 0, so the player to move loses (P)"))
      << e.text;
  EXPECT_TRUE(contains(unwrapped(e.text), "every move leaves a non-zero nim-sum")) << e.text;
  expect_named_moves_win(e, false);
}

TEST(Explain, MisereNimAllHeapsAtMostOne) {
  // Misère Nim (docs/theory.md §2), all heaps <= 1: P iff their number is odd.
  auto e = explain_position("nim", {1, 1, 1}, true);
  EXPECT_EQ(e.analysis.outcome, Outcome::P);
  EXPECT_TRUE(contains(e.text, "Case 1 applies")) << e.text;
  EXPECT_TRUE(contains(unwrapped(e.text), "3 is odd")) << e.text;
  e = explain_position("nim", {1, 0, 1, 1, 1}, true);
  EXPECT_EQ(e.analysis.outcome, Outcome::N);
  EXPECT_TRUE(contains(unwrapped(e.text), "4 is even")) << e.text;
  e = explain_position("nim", {0, 0}, true);
  EXPECT_EQ(e.analysis.outcome, Outcome::N);
  EXPECT_TRUE(contains(unwrapped(e.text), "cannot move and so wins")) << e.text;
}

TEST(Explain, MisereNimOneLargeHeap) {
  // Misère Nim, one heap of two or more: reduce it to leave an odd
  // number of 1-heaps. With two 1-heaps beside 5: leave 1 in it (5 → 1).
  auto e = explain_position("nim", {5, 1, 1}, true);
  EXPECT_EQ(e.analysis.outcome, Outcome::N);
  EXPECT_TRUE(contains(e.text, "Case 2 applies")) << e.text;
  EXPECT_TRUE(contains(unwrapped(e.text), "(5 → 1)")) << e.text;
  expect_named_moves_win(e, true);
  e = explain_position("nim", {1, 6, 1, 1}, true);
  EXPECT_TRUE(contains(unwrapped(e.text), "take all 6 from heap 2")) << e.text;
  expect_named_moves_win(e, true);
}

TEST(Explain, MisereNimGeneralCase) {
  // Misère Nim, two or more heaps of two or more: as in Nim.
  auto e = explain_position("nim", {5, 6, 1}, true);
  EXPECT_EQ(e.analysis.outcome, Outcome::N);
  EXPECT_TRUE(contains(e.text, "Case 3 applies")) << e.text;
  EXPECT_TRUE(contains(e.text, "nim-sum")) << e.text;
  expect_named_moves_win(e, true);
  e = explain_position("nim", {3, 2, 1}, true);
  EXPECT_EQ(e.analysis.outcome, Outcome::P);
  EXPECT_TRUE(contains(e.text, "Case 3 applies")) << e.text;
  expect_named_moves_win(e, true);
}

TEST(Explain, Wythoff) {
  // The first P-pairs are (0,0), (1,2), (3,5), (4,7), (6,10); (4, 6)
  // has difference 2, whose pair is (3, 5).
  auto e = explain_position("wythoff", {4, 6});
  EXPECT_EQ(e.analysis.outcome, Outcome::N);
  EXPECT_TRUE(contains(e.text, "(3, 5)")) << e.text;
  EXPECT_TRUE(contains(e.text, "(a_2, b_2)")) << e.text;
  expect_named_moves_win(e, false);
  e = explain_position("wythoff", {5, 3});
  EXPECT_EQ(e.analysis.outcome, Outcome::P);
  EXPECT_TRUE(contains(unwrapped(e.text), "this position is that pair")) << e.text;
  expect_named_moves_win(e, false);
  e = explain_position("wythoff", {10, 20});
  EXPECT_TRUE(contains(unwrapped(e.text), "the mirror of (a_4, b_4)")) << e.text;  // (10, 6)
  expect_named_moves_win(e, false);
}

TEST(Explain, MooreWorkedExample) {
  // S = {12, 24, 6, 8, 8}, k = 3; the columns hold 1 4 2 1 0 ones
  // (bits 4..0 of 01100, 11000, 00110, 01000, 01000) and R = <10210> mod 4.
  // analyze() searches for the Grundy value of an N-position of Nim_k (no
  // closed form); a small search limit keeps that search from taking seconds.
  AnalysisOptions quick;
  quick.search_limit = 1000;
  const auto e = explain_position("moore:3", {12, 24, 6, 8, 8}, false, quick);
  EXPECT_EQ(e.analysis.outcome, Outcome::N);
  const auto lines = lines_of(e.text);
  auto row = [&](const std::string& label, std::size_t which) {
    std::size_t seen = 0;
    for (const std::string& line : lines)
      if (line.starts_with("  " + label) && seen++ == which) return unwrapped(line);
    return std::string();
  };
  EXPECT_TRUE(contains(row("ones per column", 0), "1 4 2 1 0")) << e.text;
  EXPECT_TRUE(contains(row("mod 4", 0), "1 0 2 1 0")) << e.text;
  EXPECT_TRUE(contains(row("mod 4", 1), "0 0 0 0 0")) << e.text;
  // Exhaustive search is slow here (every choice of up to 3 heaps to reduce):
  // the move named is checked with Moore's rule, counting columns directly.
  expect_named_moves_reach_p(e, [](const Position& after) {
    for (int bit = 0; bit < 63; ++bit) {
      int ones = 0;
      for (Heap h : after) ones += static_cast<int>((h >> bit) & 1U);
      if (ones % 4 != 0) return false;
    }
    return true;
  });
}

TEST(Explain, StaircaseAcWing892Sample) {
  // AcWing 892's sample: stairs 2 1 3 → the first player wins ("Yes");
  // odd stairs 1 and 3 hold 2 and 3, nim-sum 1.
  const auto e = explain_position("staircase", {2, 1, 3});
  EXPECT_EQ(e.analysis.outcome, Outcome::N);
  EXPECT_TRUE(contains(e.text, "stair 1")) << e.text;
  EXPECT_TRUE(contains(e.text, "stair 3")) << e.text;
  EXPECT_TRUE(contains(e.text, "01  = 1")) << e.text;
  expect_named_moves_win(e, false);
  const auto p = explain_position("staircase", {2, 5, 2});
  EXPECT_EQ(p.analysis.outcome, Outcome::P);
  expect_named_moves_win(p, false);
}

TEST(Explain, HeapGameKayles) {
  // docs/theory.md §8: Kayles G(5) = 4, G(7) = 2, G(9) = 4, so the nim-sum is 2
  // and heap 7 is the one to move.
  const auto e = explain_position("kayles", {5, 7, 9});
  EXPECT_TRUE(contains(e.text, "Sprague-Grundy")) << e.text;
  EXPECT_TRUE(contains(e.text, "010  = 2")) << e.text;
  EXPECT_TRUE(contains(unwrapped(e.text), "Its highest 1 is in the column worth 2. Heap 2")) << e.text;
  expect_named_moves_win(e, false);
  const auto p = explain_position("kayles", {4, 4});
  EXPECT_EQ(p.analysis.outcome, Outcome::P);
  expect_named_moves_win(p, false);
}

TEST(Explain, OtherCasesSayHowTheAnswerWasFound) {
  // Kayles heap 5 has the wild genus 4^146 (WW ch. 13): the misère quotient
  // decides (docs/misere-quotients.md); heap 25 of 0.114 lies beyond the
  // heaps the analysis verifies its quotients for (0..20, and 0..24 with
  // room for more elements): searched.
  const auto q = explain_position("kayles", {5, 3}, true);
  EXPECT_TRUE(contains(q.text, "misère quotient")) << q.text;
  expect_named_moves_win(q, true);
  const auto e = explain_position("0.114", {25, 3}, true);
  EXPECT_TRUE(contains(e.text, "exhaustive search")) << e.text;
  EXPECT_TRUE(contains(e.text, "Outcome: ")) << e.text;
  expect_named_moves_win(e, true);
  // Heaps 0..4 of Kayles are tame: the misère-Nim rule decides.
  const auto t = explain_position("kayles", {3, 4}, true);
  EXPECT_TRUE(contains(unwrapped(t.text), "misère-Nim rule")) << t.text;
  expect_named_moves_win(t, true);
}

TEST(Explain, LargePositionsAreSummarised) {
  Position heaps;
  for (Heap i = 0; i < 1000; ++i) heaps.push_back(i * 7 + 3);
  auto e = explain_position("nim", heaps);
  EXPECT_LT(lines_of(e.text).size(), 40u) << e.text;
  EXPECT_TRUE(contains(e.text, "the other 999 heaps")) << e.text;
  heaps.push_back(nim_sum_of(heaps));  // now a P-position
  e = explain_position("nim", heaps);
  EXPECT_EQ(e.analysis.outcome, Outcome::P);
  EXPECT_LT(lines_of(e.text).size(), 40u) << e.text;
  AnalysisOptions quick;
  quick.search_limit = 1000;
  e = explain_position("moore:2", Position(heaps.begin(), heaps.begin() + 100), false, quick);
  EXPECT_LT(lines_of(e.text).size(), 40u) << e.text;
  e = explain_position("staircase", heaps);
  EXPECT_LT(lines_of(e.text).size(), 40u) << e.text;
}

TEST(Explain, HugeHeaps) {
  // Every heap size up to 2^63-1: binary columns of 63 digits, exact.
  const Heap big = kMaxHeap;
  auto e = explain_position("nim", {big, big - 1, 5});
  EXPECT_TRUE(contains(e.text, std::bitset<63>(big).to_string())) << e.text;
  e = explain_position("wythoff", {big, 1});
  EXPECT_EQ(e.analysis.outcome, Outcome::N);
  EXPECT_FALSE(e.text.empty());
}

// ---------------------------------------------------------------------------
// Plots.

// A small XML 1.0 well-formedness check, enough for the SVG written here: one
// root element, properly nested and closed tags, quoted attributes that are
// unique per element and free of '<', and only the predefined or numeric
// entity references. Returns an empty string or what is wrong.
std::string xml_problem(const std::string& text) {
  std::size_t i = 0;
  auto starts = [&](std::string_view s) { return text.compare(i, s.size(), s) == 0; };
  auto name_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ':' ||
           c == '.';
  };
  auto skip_space = [&] {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  auto check_entities = [](std::string_view s) -> std::string {
    for (std::size_t p = s.find('&'); p != std::string_view::npos; p = s.find('&', p + 1)) {
      const auto end = s.find(';', p);
      if (end == std::string_view::npos) return "unterminated entity reference";
      const std::string_view ref = s.substr(p + 1, end - p - 1);
      static const std::set<std::string_view> named{"amp", "lt", "gt", "quot", "apos"};
      const bool numeric = ref.size() > 1 && ref[0] == '#';
      if (!named.count(ref) && !numeric) return "unknown entity &" + std::string(ref) + ";";
    }
    return "";
  };
  std::vector<std::string> open;
  bool root_seen = false;
  if (starts("<?xml")) {
    i = text.find("?>");
    if (i == std::string::npos) return "unterminated XML declaration";
    i += 2;
  }
  while (i < text.size()) {
    if (text[i] != '<') {
      const auto next = text.find('<', i);
      const std::string_view chars(text.data() + i, (next == std::string::npos ? text.size() : next) - i);
      if (open.empty() && chars.find_first_not_of(" \t\r\n") != std::string_view::npos)
        return "text outside the root element";
      if (chars.find('>') != std::string_view::npos && chars.find("]]>") != std::string_view::npos)
        return "]]> in text";
      if (auto p = check_entities(chars); !p.empty()) return p;
      i = next == std::string::npos ? text.size() : next;
      continue;
    }
    if (starts("<!--")) {
      const auto end = text.find("-->", i);
      if (end == std::string::npos) return "unterminated comment";
      i = end + 3;
      continue;
    }
    if (starts("</")) {
      i += 2;
      const std::size_t from = i;
      while (i < text.size() && name_char(text[i])) ++i;
      const std::string name = text.substr(from, i - from);
      skip_space();
      if (i >= text.size() || text[i] != '>') return "bad end tag " + name;
      ++i;
      if (open.empty() || open.back() != name) return "end tag " + name + " does not match";
      open.pop_back();
      continue;
    }
    ++i;
    const std::size_t from = i;
    while (i < text.size() && name_char(text[i])) ++i;
    const std::string name = text.substr(from, i - from);
    if (name.empty()) return "empty tag name";
    if (open.empty() && root_seen) return "second root element " + name;
    root_seen = true;
    std::set<std::string> attributes;
    while (true) {
      skip_space();
      if (i >= text.size()) return "unterminated tag " + name;
      if (text[i] == '>' || starts("/>")) break;
      const std::size_t attr_from = i;
      while (i < text.size() && name_char(text[i])) ++i;
      const std::string attribute = text.substr(attr_from, i - attr_from);
      if (attribute.empty()) return "bad attribute in " + name;
      if (!attributes.insert(attribute).second) return "repeated attribute " + attribute;
      skip_space();
      if (i >= text.size() || text[i] != '=') return "attribute without value: " + attribute;
      ++i;
      skip_space();
      if (i >= text.size() || (text[i] != '"' && text[i] != '\'')) return "unquoted " + attribute;
      const char quote = text[i++];
      const auto end = text.find(quote, i);
      if (end == std::string::npos) return "unterminated value of " + attribute;
      const std::string_view value(text.data() + i, end - i);
      if (value.find('<') != std::string_view::npos) return "'<' in " + attribute;
      if (auto p = check_entities(value); !p.empty()) return p;
      i = end + 1;
    }
    if (starts("/>")) {
      i += 2;
    } else {
      ++i;
      open.push_back(name);
    }
  }
  if (!open.empty()) return "unclosed element " + open.back();
  if (!root_seen) return "no root element";
  return "";
}

TEST(XmlCheck, RejectsMalformedDocuments) {
  EXPECT_EQ(xml_problem("<a><b x=\"1\"/>t &amp; u</a>"), "");
  EXPECT_NE(xml_problem("<a><b></a></b>"), "");
  EXPECT_NE(xml_problem("<a x=1/>"), "");
  EXPECT_NE(xml_problem("<a x=\"1\" x=\"2\"/>"), "");
  EXPECT_NE(xml_problem("<a>&nbsp;</a>"), "");
  EXPECT_NE(xml_problem("<a>1 & 2</a>"), "");
  EXPECT_NE(xml_problem("<a/><b/>"), "");
  EXPECT_NE(xml_problem("<a>"), "");
}

std::size_t dot_count(const std::string& svg) {
  std::size_t count = 0;
  for (auto p = svg.find("h0"); p != std::string::npos; p = svg.find("h0", p + 1)) ++count;
  return count;
}

// xmllint (Debian package libxml2-utils), where installed: the reference
// parser's verdict on the file.
void expect_xmllint_accepts(const std::filesystem::path& file) {
  if (std::system("command -v xmllint > /dev/null 2>&1") != 0) {
    GTEST_LOG_(INFO) << "xmllint not installed; only the built-in check was made";
    return;
  }
  const std::string command = "xmllint --noout " + testing::shell_quote(file.string()) + " 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << file;
}

TEST(Plot, KaylesWithItsPeriod) {
  // docs/theory.md §8: Kayles has period 12 from preperiod 71 (proven by the
  // Guy-Smith theorem once enough values are known); values by the naive mex.
  const auto code = TakeAndBreak::parse("0.77");
  const auto values = naive_heap_values(code, 500);
  const std::vector<std::uint16_t> narrow(values.begin(), values.end());
  const Periodicity periodicity = find_periodicity(code, narrow);
  ASSERT_EQ(periodicity.period, 12u);
  ASSERT_EQ(periodicity.preperiod, 71u);
  const auto file = testing::scratch().path() / "kayles.svg";
  present::write_svg_plot(file.string(), "Kayles (0.77): G(n), n = 0..500", 0, values, &periodicity);
  const std::string svg = testing::read_file(file);
  EXPECT_EQ(xml_problem(svg), "");
  EXPECT_TRUE(contains(svg, "period 12 from n = 71 (proven)"));
  EXPECT_TRUE(contains(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
  // 501 values over 860 pixel columns: no two share a pixel.
  EXPECT_EQ(dot_count(svg), 501u);
  expect_xmllint_accepts(file);
}

TEST(Plot, ManyValuesKeepTheFileSmall) {
  std::vector<Nimber> values(1'000'000);
  for (std::size_t n = 0; n < values.size(); ++n) values[n] = (n * n) % 7;
  const std::string svg = present::svg_plot("a million values", 0, values, nullptr);
  EXPECT_EQ(xml_problem(svg), "");
  // At most one dot per pixel column and value row: 7 rows of ~860 columns.
  EXPECT_LE(dot_count(svg), 7u * 900u);
  EXPECT_LT(svg.size(), 200'000u);
}

TEST(Plot, TitlesAndLegendsAreEscaped) {
  const std::vector<Nimber> values{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1};
  Periodicity observed;
  observed.period = 3;
  observed.preperiod = 0;
  observed.proven = false;
  observed.checked_to = values.size();
  const auto file = testing::scratch().path() / "escaped.svg";
  present::write_svg_plot(file.string(), "<odd> & \"quoted\" 'title' — G(n)", 1000, values, &observed);
  const std::string svg = testing::read_file(file);
  EXPECT_EQ(xml_problem(svg), "");
  EXPECT_TRUE(contains(svg, "&lt;odd&gt; &amp; &quot;quoted&quot; &apos;title&apos;"));
  EXPECT_TRUE(contains(svg, "period 3 from n = 0 (observed)"));
  expect_xmllint_accepts(file);
}

TEST(Plot, EdgeCases) {
  Periodicity none;
  none.checked_to = 40;
  for (const auto& values : {std::vector<Nimber>{}, std::vector<Nimber>{5},
                             std::vector<Nimber>(40, 0)}) {
    const std::string svg = present::svg_plot("edge", 7, values, &none);
    EXPECT_EQ(xml_problem(svg), "") << values.size();
    EXPECT_EQ(dot_count(svg), std::min<std::size_t>(values.size(), 40)) << values.size();
  }
  EXPECT_TRUE(contains(present::svg_plot("edge", 0, {1, 2}, &none), "no period found up to n = 39"));
  // A large start and values: labels and coordinates stay finite.
  const std::string far = present::svg_plot("far", kMaxHeap - 10, std::vector<Nimber>(11, kMaxHeap), nullptr);
  EXPECT_EQ(xml_problem(far), "");
  EXPECT_FALSE(contains(far, "nan"));
  EXPECT_FALSE(contains(far, "inf"));
}

TEST(Plot, UnwritablePathIsAnInputErrorNamingIt) {
  const std::string path = (testing::scratch().path() / "no-such-dir" / "plot.svg").string();
  try {
    present::write_svg_plot(path, "t", 0, {0, 1}, nullptr);
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.token(), path);
    EXPECT_TRUE(contains(error.what(), path)) << error.what();
  }
}

}  // namespace
}  // namespace grundy::explain_plot_test
