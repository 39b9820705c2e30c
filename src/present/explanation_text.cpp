// Explanations in words (grundy analyze --explain, Python's
// Analysis.explanation); see explanation_text.h.
//
// Description: words, for a terminal, the facts the library states about a
//   position (explanation.h: nim-sum, highest bit, P-pair, column counts,
//   the move); the numbers and moves shown are all explanation.h's, this
//   file only lays them out in binary columns and sentences.
// Source: docs/theory.md §1 (Sprague-Grundy), §2 (Nim: Bouton 1901; misère Nim:
//   WW ch. 13; Moore's Nim_k: Moore 1910; Wythoff 1907; staircase Nim).
// Status: tests/cli/explain_plot_test.cpp (worked examples checked by hand; every
//   move explained is checked to be one of the Analysis's winning moves);
//   the facts themselves in tests/unit/explanation_test.cpp.
#include "present/explanation_text.h"

#include <algorithm>
#include <bit>
#include <string_view>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "grundy/rules/heap_ruleset.h"
#include "grundy/solve/explanation.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/option_table.h"
#include "grundy/solve/remoteness.h"

namespace grundy::present {

namespace {

constexpr std::size_t kWrapColumn = 78;
// Wythoff's table of P-pairs is printed while it stays this short.
constexpr Heap kPairTableUpTo = 12;

// Columns on a terminal: one per UTF-8 code point (no wide characters are used).
std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  for (unsigned char c : text)
    if ((c & 0xC0) != 0x80) ++width;
  return width;
}

// `text` as a paragraph of lines of at most kWrapColumn columns (a longer
// word keeps a line to itself), the first line indented by `indent` spaces and
// the others by `hanging`.
std::string wrap(std::string_view text, std::size_t indent = 0, std::size_t hanging = 0) {
  std::string out, line(indent, ' ');
  std::size_t line_width = indent, start = 0;
  bool has_word = false;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(start, end - start);
    start = end + 1;
    if (word.empty()) continue;
    const std::size_t width = display_width(word);
    if (has_word && line_width + 1 + width > kWrapColumn) {
      out += line + '\n';
      line.assign(hanging, ' ');
      line_width = hanging;
      has_word = false;
    }
    if (has_word) {
      line += ' ';
      ++line_width;
    }
    line += word;
    line_width += width;
    has_word = true;
  }
  if (has_word) out += line + '\n';
  return out;
}

// "Heap 3" at the start of a sentence.
std::string capitalized(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

// 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st.
std::string ordinal(std::uint64_t n) {
  const char* suffix = "th";
  if (n % 100 < 11 || n % 100 > 13) {
    if (n % 10 == 1) suffix = "st";
    if (n % 10 == 2) suffix = "nd";
    if (n % 10 == 3) suffix = "rd";
  }
  return fmt::format("{}{}", n, suffix);
}

std::string paragraph(std::string_view text) { return wrap(text) + '\n'; }

enum class Align { left, right };

// Rows of cells in aligned columns, indented by two spaces.
class Table {
 public:
  explicit Table(std::vector<Align> align) : align_(std::move(align)) {}
  void add(std::vector<std::string> cells) {
    cells.resize(align_.size());
    rows_.push_back(std::move(cells));
  }
  std::string render() const {
    std::vector<std::size_t> widths(align_.size(), 0);
    for (const auto& row : rows_)
      for (std::size_t c = 0; c < row.size(); ++c)
        widths[c] = std::max(widths[c], display_width(row[c]));
    std::string out;
    for (const auto& row : rows_) {
      std::string line = "  ";
      for (std::size_t c = 0; c < row.size(); ++c) {
        if (widths[c] == 0) continue;
        const std::string pad(widths[c] - display_width(row[c]), ' ');
        line += align_[c] == Align::left ? row[c] + pad : pad + row[c];
        line += "  ";
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + '\n';
    }
    return out + '\n';
  }

 private:
  std::vector<Align> align_;
  std::vector<std::vector<std::string>> rows_;
};

int bit_width_of(Nimber v) { return std::max(1, static_cast<int>(std::bit_width(v))); }

// The last `width` binary digits of v, most significant first.
std::string binary(Nimber v, int width) {
  std::string digits(static_cast<std::size_t>(width), '0');
  for (int b = 0; b < width; ++b)
    if ((v >> b) & 1U) digits[static_cast<std::size_t>(width - 1 - b)] = '1';
  return digits;
}

// A row of `width` columns with '^' under bit `bit`.
std::string marker(int bit, int width) {
  std::string row(static_cast<std::size_t>(width), ' ');
  row[static_cast<std::size_t>(width - 1 - bit)] = '^';
  return row;
}

std::string rule(std::size_t width) {
  std::string line;
  for (std::size_t i = 0; i < width; ++i) line += "─";
  return line;
}

std::string join(const Position& heaps, std::string_view separator = ", ") {
  return fmt::format("{}", fmt::join(heaps, separator));
}

std::string count_phrase(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// ---------------------------------------------------------------------------
// Nim-sums written out in binary columns.

// One line of a column sum: label cells, the value and a note after it.
struct SumLine {
  std::vector<std::string> labels;
  Nimber value = 0;
  std::string note;
};

// The lines in binary, a rule, their nim-sum `total` (and, when it is not 0,
// a '^' under its highest 1, in column `highest_bit`). `header` names the
// label columns.
std::string column_sum(const std::vector<std::string>& header, const std::vector<SumLine>& lines,
                       const std::string& sum_label, int width, Nimber total, int highest_bit) {
  std::vector<Align> align(header.size(), Align::right);
  align.front() = Align::left;
  align.push_back(Align::right);  // binary
  align.push_back(Align::left);   // note
  Table table(align);
  std::vector<std::string> head = header;
  head.push_back("binary");
  table.add(head);
  for (const SumLine& line : lines) {
    std::vector<std::string> cells = line.labels;
    cells.resize(header.size());
    cells.push_back(binary(line.value, width));
    cells.push_back(line.note);
    table.add(std::move(cells));
  }
  std::vector<std::string> cells(header.size());
  cells.push_back(rule(static_cast<std::size_t>(width)));
  table.add(cells);
  cells.assign(header.size(), "");
  cells.front() = sum_label;
  cells.push_back(binary(total, width));
  cells.push_back(fmt::format("= {}", total));
  table.add(cells);
  if (total != 0) {
    cells.assign(header.size(), "");
    cells.push_back(marker(highest_bit, width));
    cells.push_back(fmt::format("highest 1: the column worth {}", Nimber{1} << highest_bit));
    table.add(cells);
  }
  return table.render();
}

// How the heaps of a heap game are shown: for Nim the size is the value.
struct HeapSumView {
  const Position& heaps;
  const std::vector<Nimber>& values;
  bool nim = false;
  std::string part = "heap";    // "heap" or "stair"
  std::string size_heading = "size";  // or "tokens"
  std::size_t label_offset = 1;  // heap i is shown as i + label_offset
  std::size_t label_step = 1;    // stairs: only the odd ones are listed

  std::string name(std::size_t i) const {
    return fmt::format("{} {}", part, i * label_step + label_offset);
  }
  std::vector<std::string> header() const {
    if (nim) return {"", size_heading};
    return {"", size_heading, "G"};
  }
  std::vector<std::string> labels(std::size_t i, const std::string& size) const {
    if (nim) return {name(i), size};
    return {name(i), size, fmt::to_string(values[i])};
  }
  SumLine line(std::size_t i) const { return {labels(i, fmt::to_string(heaps[i])), values[i], ""}; }
};

int width_of(const std::vector<Nimber>& values, Nimber extra = 0) {
  int width = bit_width_of(extra);
  for (Nimber v : values) width = std::max(width, bit_width_of(v));
  return width;
}

// The column sum before a move. `step.index` is the heap the text is about;
// in a summarised position the others are folded into one line.
std::string sum_before(const HeapSumView& view, const NimSumStep& step, int width) {
  std::vector<SumLine> lines;
  const std::size_t n = view.values.size();
  if (n <= kExplainListUpTo) {
    for (std::size_t i = 0; i < n; ++i) lines.push_back(view.line(i));
  } else {
    lines.push_back(view.line(step.index));
    lines.push_back(
        {{fmt::format("the other {} {}s", n - 1, view.part)}, step.others, "(their nim-sum)"});
  }
  return column_sum(view.header(), lines, "nim-sum", width, step.nim_sum, step.highest_bit);
}

// The column sum after heap `step.index` took the value `step.target`,
// shown as `after_size`: the nim-sum is then 0.
std::string sum_after(const HeapSumView& view, const NimSumStep& step,
                      const std::string& after_size, int width) {
  const std::size_t focus = step.index;
  const Nimber after_value = step.target;
  std::vector<SumLine> lines;
  const std::size_t n = view.values.size();
  auto moved = [&] {
    SumLine line;
    line.labels = view.labels(focus, after_size);
    if (!view.nim) line.labels.back() = fmt::to_string(after_value);
    line.value = after_value;
    line.note = view.nim ? fmt::format("← was {}", view.heaps[focus])
                         : fmt::format("← was {} (G = {})", view.heaps[focus], view.values[focus]);
    return line;
  };
  if (n <= kExplainListUpTo) {
    for (std::size_t i = 0; i < n; ++i) lines.push_back(i == focus ? moved() : view.line(i));
  } else {
    lines.push_back(moved());
    lines.push_back(
        {{fmt::format("the other {} {}s", n - 1, view.part)}, step.others, "(unchanged)"});
  }
  return column_sum(view.header(), lines, "nim-sum", width, 0, -1);
}

std::string count_note(const Analysis& analysis) {
  if (!analysis.winning_move_count || *analysis.winning_move_count < 2) return "";
  return fmt::format(" It is one of {} winning moves.", *analysis.winning_move_count);
}

std::string why_zero_is_lost(bool nim) {
  return nim ? "A move takes tokens from one heap only, so at least one of that heap's binary "
               "digits changes, and the column of that digit is left with an odd number of "
               "ones: every move leaves a non-zero nim-sum. From there the opponent can always "
               "bring the nim-sum back to 0 (the highest 1 of the sum shows which heap to "
               "reduce), until the player to move faces the empty position and has lost."
             : "A move replaces one heap by one of its options, and no option of a heap has the "
               "heap's own value (G is the mex of the options' values), so that heap's value "
               "changes in at least one binary column, which is left with an odd number of "
               "ones: every move leaves a non-zero nim-sum. From there the opponent can always "
               "bring the nim-sum back to 0, until the player to move has no move and has lost.";
}

// ---------------------------------------------------------------------------
// G(n) by definition: the options of a heap, their values and the mex, for
// the reader to check by hand (solve/option_table.h).

// Tables for at most this many distinct heaps, of heaps whose values up to n
// cost at most kOptionTableWork option visits, listing this many options.
constexpr std::size_t kOptionTablesShown = 4;
constexpr std::uint64_t kOptionTableWork = 10'000'000;
constexpr std::size_t kOptionRowsShown = 24;

}  // namespace

std::string option_value_text(const OptionRow& row, std::string_view xor_sign) {
  const auto parts = row.option.part_count;
  if (parts == 0) return "0 (no heap left)";
  std::vector<std::string> g, v;
  for (std::uint8_t i = 0; i < parts; ++i) {
    g.push_back(fmt::format("G({})", row.option.parts[i]));
    v.push_back(fmt::to_string(row.part_values[i]));
  }
  if (parts == 1) return fmt::format("{} = {}", g[0], row.value);
  const std::string sign = fmt::format(" {} ", xor_sign);
  return fmt::format("{} = {} = {}", fmt::join(g, sign), fmt::join(v, sign), row.value);
}

namespace {

std::string option_tables(const HeapRuleset& heaps, const Position& position) {
  std::vector<Heap> shown;
  for (const Heap n : position)
    if (n > 0 && std::find(shown.begin(), shown.end(), n) == shown.end() &&
        heaps.compute_cost(n) <= kOptionTableWork && shown.size() < kOptionTablesShown)
      shown.push_back(n);
  if (shown.empty()) return {};
  HeapValues values(heaps);
  const auto value_of = [&](Heap m) { return values.value(m); };
  std::string out;
  for (const Heap n : shown) {
    const OptionTable table = option_table(heaps, n, value_of, kOptionRowsShown);
    out += paragraph(fmt::format(
        "Why G({0}) = {1}: a heap's value is the least value that none of its options has (the "
        "mex). A heap of {0} has {2}, each worth the nim-sum of the heaps it leaves:",
        n, table.mex, count_phrase(table.option_count, "option", "options")));
    Table rows({Align::left, Align::left});
    rows.add({"leaves", "value"});
    for (const OptionRow& row : table.rows) {
      Position parts(row.option.parts.begin(), row.option.parts.begin() + row.option.part_count);
      rows.add({parts.empty() ? "nothing" : join(parts, " + "), option_value_text(row, "xor")});
    }
    if (table.option_count > table.rows.size())
      rows.add({fmt::format("({} more)", table.option_count - table.rows.size()), ""});
    out += rows.render();
    out += paragraph(
        table.reached.empty()
            ? fmt::format("No option, so no value is reached and G({}) = 0.", n)
            : fmt::format("Values reached: {}. The least value not among them is {}, so G({}) = {}.",
                          join(table.reached), table.mex, n, table.mex));
  }
  return out;
}

// Nim and heap games in normal play.
std::string explain_nim_sum(const NimSumExplanation& e, const Analysis& analysis,
                            const HeapRuleset* heaps) {
  const bool nim = e.nim;
  const HeapSumView view{e.heaps, e.sum.values, nim};
  const Nimber total = e.sum.nim_sum;
  const int width = width_of(e.sum.values);
  std::string out;
  if (nim) {
    out += paragraph(
        "Nim (Bouton 1901): the player to move loses exactly when the nim-sum of the heaps is 0. "
        "The nim-sum adds the heap sizes in binary without carries: a column with an odd number "
        "of ones gives a 1.");
  } else {
    out += paragraph(fmt::format(
        "Each heap is a game of its own, so by the Sprague-Grundy theorem the position is worth "
        "the nim-sum of the heap values G(size), and the player to move loses exactly when that "
        "nim-sum is 0. The nim-sum adds the values in binary without carries: a column with an "
        "odd number of ones gives a 1. Heap values: {}.",
        e.value_method));
    if (heaps != nullptr) out += option_tables(*heaps, e.heaps);
  }
  if (total == 0) {
    out += sum_before(view, e.sum, width);
    if (e.no_tokens && nim)
      out += paragraph("No heap has a token: there is no move, and the player to move has lost.");
    else
      out += paragraph("The nim-sum is 0, so the player to move loses (P). " + why_zero_is_lost(nim));
    return out;
  }
  const int top = e.sum.highest_bit;
  const std::size_t i = e.sum.index;
  const Nimber v = e.sum.value, target = e.sum.target;
  out += sum_before(view, e.sum, width);

  // For Nim the library always gives the move (built when not listed).
  const Move* listed = e.move ? &*e.move : nullptr;
  std::string text = fmt::format(
      "The nim-sum is {}, not 0, so the player to move wins (N). Its highest 1 is in the column "
      "worth {}. {} has a 1 in that column, so {} xor {} = {} is smaller than {}: that column "
      "goes from 1 to 0 and only lower columns change.",
      total, Nimber{1} << top, capitalized(view.name(i)), v, total, target, v);
  if (nim) {
    text += fmt::format(" So the move is: {}.", listed->description);
  } else if (listed != nullptr) {
    text += fmt::format(
        " A heap of value {} has options of every smaller value (its value is the mex of theirs), "
        "so it has one of value {}: {}.",
        v, target, listed->description);
  } else {
    text += fmt::format(
        " A heap of value {} has options of every smaller value (its value is the mex of theirs), "
        "so it has one of value {}; the move to it was not among the moves listed.",
        v, target);
  }
  out += paragraph(text + count_note(analysis));
  std::string after_size = fmt::to_string(target);
  if (listed != nullptr && !nim) {
    Position parts = listed->parts;
    std::erase(parts, Heap{0});
    after_size = parts.empty() ? "0" : join(parts, " + ");
  }
  out += sum_after(view, e.sum, after_size, width);
  out += paragraph(fmt::format(
      "Changing {} to {} xor {} flips exactly the columns where the nim-sum has a 1, so every "
      "column now holds an even number of ones: the nim-sum is 0 and the opponent faces a "
      "P-position.",
      v, v, total));
  return out;
}

// ---------------------------------------------------------------------------
// Misère Nim (docs/theory.md §2; WW ch. 13).

std::string explain_misere_nim(const MisereNimExplanation& e, const Analysis& analysis) {
  using Case = MisereNimExplanation::Case;
  const std::size_t ones = e.ones;
  std::string out = paragraph(
      "Misère Nim: whoever takes the last token loses. Bouton's rule needs one correction "
      "(Winning Ways ch. 13): once no heap has two or more tokens, the parity of the number "
      "of 1-heaps decides; until then the nim-sum decides as in normal Nim, except for the "
      "move that leaves only heaps of size 0 or 1, which must leave an odd number of 1-heaps.");
  if (e.which == Case::at_most_one_token) {
    std::string text = fmt::format(
        "Case 1 applies: every heap has at most one token ({}). Each move takes a whole 1-heap "
        "and the players alternate, so the parity of the 1-heaps decides.",
        count_phrase(ones, "1-heap", "1-heaps"));
    if (ones == 0)
      text += " There is no token left: the player to move cannot move and so wins (N).";
    else if (e.outcome == Outcome::P)
      text += fmt::format(
          " {} is odd, so the player to move takes the {} and last token and loses (P).", ones,
          ones == 1 ? std::string("1st") : ones == 3 ? std::string("1st, 3rd")
                                                     : fmt::format("1st, 3rd, …, {}", ordinal(ones)));
    else
      text += fmt::format(
          " {} is even: the player to move takes one 1-heap and leaves {}, an odd number, so "
          "the opponent takes the last token (N).",
          ones, ones - 1);
    return out + paragraph(text);
  }
  if (e.which == Case::one_large_heap) {
    out += paragraph(fmt::format(
        "Case 2 applies: only heap {} has two or more tokens ({}), beside {}. The player to move "
        "can end that phase now and leave an odd number of 1-heaps: {}, leaving {}. The "
        "opponent then faces case 1 with an odd count and loses, so the player to move wins "
        "(N).",
        e.large_index + 1, e.large_size, count_phrase(ones, "1-heap", "1-heaps"),
        e.move->description, count_phrase(ones + e.keep, "1-heap", "1-heaps")));
    out += paragraph(fmt::format(
        "This is where misère play departs from normal play: the normal Nim move (heap {} to "
        "{} xor {} = {}) would leave {}, an even number, and lose.",
        e.large_index + 1, e.large_size, e.nim_sum, e.normal_target,
        count_phrase(e.ones_after_normal, "1-heap", "1-heaps")));
    return out;
  }
  out += paragraph(fmt::format(
      "Case 3 applies: {} heaps have two or more tokens, so play as in normal Nim. A move "
      "changes one heap, so at least one heap of two or more tokens remains after it.",
      e.large));
  const Nimber total = e.sum.nim_sum;
  const Position sizes(e.sum.values.begin(), e.sum.values.end());
  const HeapSumView view{sizes, e.sum.values, true};
  const int width = width_of(e.sum.values);
  if (total == 0) {
    out += sum_before(view, e.sum, width);
    out += paragraph(
        "The nim-sum is 0, so the player to move loses (P): every move leaves a non-zero nim-sum "
        "with a heap of two or more tokens still there, which is an N-position of this case, "
        "and the opponent keeps it that way until the last heap of two or more goes.");
    return out;
  }
  const int top = e.sum.highest_bit;
  const Nimber v = e.sum.value, target = e.sum.target;
  out += sum_before(view, e.sum, width);
  out += paragraph(fmt::format(
      "The nim-sum is {}, not 0, so the player to move wins (N). Its highest 1 is in the column "
      "worth {}; {} has a 1 there, so it comes down to {} xor {} = {}: {}. This leaves a heap "
      "of two or more tokens, because a single such heap among 1-heaps cannot have nim-sum 0 "
      "(it alone has ones in the columns worth 2 and more), so the exception of misère play "
      "does not arise yet.{}",
      total, Nimber{1} << top, view.name(e.sum.index), v, total, target, e.move->description,
      count_note(analysis)));
  out += sum_after(view, e.sum, fmt::to_string(target), width);
  return out;
}

// ---------------------------------------------------------------------------
// Wythoff's game (docs/theory.md §2; Wythoff 1907).

// "(a_k, b_k)" or, when the position lists the larger heap first, its mirror.
std::string pair_name(Heap first, Heap second, Heap k) {
  if (first <= second) return fmt::format("(a_{0}, b_{0})", k);
  return fmt::format("(b_{0}, a_{0}), the mirror of (a_{0}, b_{0})", k);
}

std::string explain_wythoff(const WythoffExplanation& e) {
  using Case = WythoffExplanation::Case;
  using Kind = WythoffExplanation::Reached::Kind;
  const Heap x = e.first, y = e.second;
  const Heap low = e.low, high = e.high, d = e.difference;
  std::string out = paragraph(
      "Wythoff's game (1907): take any number from one heap, or the same number from both. The "
      "P-positions are the pairs (a_k, b_k) and their mirrors, with a_k = ⌊k·φ⌋ and b_k = a_k + "
      "k, φ = (1 + √5)/2: a_k is the least number not in an earlier pair. Each difference "
      "k = b_k − a_k belongs to exactly one pair, and every number from 1 on to exactly one "
      "pair (Beatty's theorem).");
  static_assert(kPairTableUpTo < WythoffExplanation::kListedPairs);
  const Heap table_to = e.largest_difference;
  if (table_to <= kPairTableUpTo) {
    Table table(std::vector<Align>(table_to + 3, Align::right));
    std::vector<std::string> k_row{"k"}, a_row{"a_k"}, b_row{"b_k"};
    for (Heap k = 0; k <= table_to + 1; ++k) {
      k_row.push_back(fmt::to_string(k));
      a_row.push_back(fmt::to_string(e.pairs[k].first));
      b_row.push_back(fmt::to_string(e.pairs[k].second));
    }
    table.add(k_row);
    table.add(a_row);
    table.add(b_row);
    out += table.render();
  }
  const auto& pair = e.pair;
  std::string text = fmt::format("Here the difference is d = {} − {} = {}, ", high, low, d);
  if (e.which == Case::beyond) {
    text += fmt::format(
        "and a_{} is larger than the largest heap grundy handles, so it is not the smaller heap "
        "{}: the position is not a P-pair, and the player to move wins (N).",
        d, low);
  } else if (e.which == Case::empty) {
    text += "and both heaps are empty: there is no move, and the player to move has lost (P).";
    return out + paragraph(text);
  } else if (e.which == Case::p_pair) {
    text += fmt::format(
        "and the only P-pair with that difference is (a_{0}, b_{0}) = ({1}, {2}): this position "
        "is that pair, so the player to move loses (P). Taking from one heap leaves the other "
        "heap, which belongs to exactly one pair, in which its partner is the heap just "
        "reduced, so no P-pair is reached; taking the same number from both keeps the "
        "difference d, whose only pair this is, with a smaller heap than a_{0}.",
        d, pair->first, pair->second);
    return out + paragraph(text);
  } else {
    text += fmt::format(
        "and the only P-pair with that difference is (a_{0}, b_{0}) = ({1}, {2}). The smaller "
        "heap is {3}, not a_{0} = {1}, so ({4}, {5}) is not a P-position: the player to move "
        "wins (N).",
        d, pair->first, pair->second, low, x, y);
  }
  out += paragraph(text);
  if (e.moves.empty()) return out;
  out += e.moves.size() == 1 ? "The winning move reaches a P-pair:\n"
                             : "Each winning move reaches a P-pair:\n";
  for (const WythoffExplanation::Reached& reached : e.moves) {
    const Heap nx = reached.first, ny = reached.second, k = reached.k;
    std::string why;
    if (reached.taken == Kind::both) {
      why = fmt::format("the difference stays {} and the smaller heap comes down to a_{} = {}", k,
                        k, std::min(nx, ny));
    } else {
      const bool second_moved = reached.taken == Kind::second;
      const Heap kept = second_moved ? x : y, moved_to = second_moved ? ny : nx;
      why = fmt::format("heap {} ({}) stays and heap {} comes down to {}, its partner in pair {}",
                        second_moved ? 1 : 2, kept, second_moved ? 2 : 1, moved_to, k);
    }
    out += wrap(fmt::format("- {} → ({}, {}) = {}: {}.", reached.move.description, nx, ny,
                            pair_name(nx, ny, k), why),
                2, 4);
  }
  if (!e.moves_complete) out += "  … and more\n";
  return out + '\n';
}

// ---------------------------------------------------------------------------
// Moore's Nim_k (docs/theory.md §2; Moore 1910).

// Bits of v, most significant first, each right-aligned in `cell` columns.
std::string spaced_binary(Heap v, int width, std::size_t cell) {
  std::string out;
  for (int b = width - 1; b >= 0; --b) {
    if (!out.empty()) out += ' ';
    out += std::string(cell - 1, ' ') + (((v >> b) & 1U) ? '1' : '0');
  }
  return out;
}

std::string spaced_counts(const std::vector<std::uint64_t>& counts, std::size_t cell) {
  std::string out;
  for (std::size_t b = counts.size(); b-- > 0;) {
    if (!out.empty()) out += ' ';
    out += fmt::format("{:>{}}", counts[b], cell);
  }
  return out;
}

// The heaps in spaced binary columns with their counts and counts mod k+1
// (`p`: all of them 0). Summarised positions list only the heaps in `shown`.
std::string moore_table(const Position& heaps, const Position* before, unsigned k, int width,
                        const std::vector<std::uint64_t>& counts,
                        const std::vector<std::uint64_t>& residues, bool p,
                        const std::vector<std::size_t>& shown) {
  std::size_t cell = 1;
  for (auto c : counts) cell = std::max(cell, fmt::to_string(c).size());
  Table table({Align::left, Align::right, Align::right, Align::left});
  auto add_heap = [&](std::size_t i) {
    std::string note;
    if (before != nullptr && (*before)[i] != heaps[i]) note = fmt::format("← was {}", (*before)[i]);
    table.add({fmt::format("heap {}", i + 1), fmt::to_string(heaps[i]),
               spaced_binary(heaps[i], width, cell), note});
  };
  if (heaps.size() <= kExplainListUpTo) {
    for (std::size_t i = 0; i < heaps.size(); ++i) add_heap(i);
  } else {
    for (std::size_t i : shown) add_heap(i);
  }
  table.add({"", "", rule(display_width(spaced_counts(counts, cell))), ""});
  table.add({"ones per column", "", spaced_counts(counts, cell), ""});
  table.add({fmt::format("mod {}", Heap{k} + 1), "", spaced_counts(residues, cell),
             p ? "all 0: P" : "not all 0: N"});
  return table.render();
}

std::string explain_moore(const MooreExplanation& e, const Analysis& analysis) {
  const unsigned k = e.k;
  const Position& position = e.heaps;
  const Heap modulus = Heap{k} + 1;
  std::string out = paragraph(fmt::format(
      "Moore's Nim_{0} (Moore 1910): a move takes tokens from between 1 and {0} "
      "{1}. The player to move loses exactly when, in every binary column, the number of heaps "
      "with a 1 there is a multiple of k+1 = {2}. (For k = 1 this is Nim's nim-sum.)",
      k, k == 1 ? "heap" : "heaps", modulus));
  const int width = e.columns;
  if (position.size() > kExplainListUpTo)
    out += paragraph(fmt::format(
        "The counts are over all {} heaps; only the heaps the move below changes are listed.",
        position.size()));
  out += moore_table(position, nullptr, k, width, e.counts, e.residues, e.p_position, e.changed);
  if (!e.move) {
    return out + paragraph(fmt::format(
                     "Every count is a multiple of {0}, so the player to move loses (P). A move "
                     "lowers between 1 and {1} heaps; in the highest column where a lowered heap "
                     "changes, each such heap goes from 1 to 0 (it got smaller), so that count "
                     "drops by between 1 and {1} and is no longer a multiple of {0}. The "
                     "opponent can then make every count a multiple of {0} again.",
                     modulus, k));
  }
  out += paragraph(fmt::format(
      "Some count is not a multiple of {}, so the player to move wins (N). A winning move, built "
      "column by column from the highest: {}.{} The counts after it:",
      modulus, e.move->description, count_note(analysis)));
  out += moore_table(e.after, &position, k, width, e.counts_after, e.residues_after, e.p_after,
                     e.changed);
  return out;
}

// ---------------------------------------------------------------------------
// Staircase Nim (docs/theory.md §2).

std::string explain_staircase(const StaircaseExplanation& e, const Analysis& analysis) {
  std::string out = paragraph(
      "Staircase Nim: tokens on the even stairs do not matter, because a move "
      "from an even stair can be undone by moving the same tokens on down; so the game is Nim "
      "on the odd stairs 1, 3, 5, …, tokens moved off an odd stair being as good as gone. The "
      "player to move loses exactly when the nim-sum of the odd stairs is 0.");
  const HeapSumView view{e.odd_stairs, e.sum.values, true, "stair", "tokens", 1, 2};
  const Nimber total = e.sum.nim_sum;
  const int width = width_of(e.sum.values);
  if (total == 0) {
    out += sum_before(view, e.sum, width);
    out += paragraph(
        "The nim-sum is 0, so the player to move loses (P). A move either takes tokens off an "
        "odd stair, which changes the nim-sum as a Nim move would, or pushes tokens from an "
        "even stair onto the odd stair below, which the opponent answers by pushing them on "
        "down; either way the opponent can restore a nim-sum of 0.");
    return out;
  }
  const int top = e.sum.highest_bit;
  const Heap a = e.sum.value, target = e.sum.target;
  out += sum_before(view, e.sum, width);
  out += paragraph(fmt::format(
      "The nim-sum is {}, not 0, so the player to move wins (N). Its highest 1 is in the column "
      "worth {}; {} has a 1 there, so it comes down to {} xor {} = {}: {}.{}{}",
      total, Nimber{1} << top, view.name(e.sum.index), a, total, target, e.move->description,
      e.landing_stair > 0
          ? fmt::format(" The tokens land on the even stair {}, where they do not count.",
                        e.landing_stair)
          : "",
      count_note(analysis)));
  out += sum_after(view, e.sum, fmt::to_string(target), width);
  return out;
}

// ---------------------------------------------------------------------------
// Everything else: how the answer was found.

std::string explain_method(const MethodExplanation& e, const Analysis& analysis) {
  const bool misere = e.convention == Convention::misere;
  std::string text = fmt::format("How this answer was obtained: {}.", analysis.method);
  if (e.exhaustive_search) {
    text += fmt::format(
        " grundy visited every position reachable from this one and labelled each by "
        "definition: the player to move wins (N) exactly when some move leads to a position "
        "where the player to move loses (P){}.",
        misere ? ", and in misère play a position without moves is won" : "");
    if (misere)
      text += " In misère play a sum of games is not decided by the Grundy values of its parts "
              "(docs/theory.md §4), so no shortcut through them is taken.";
  }
  if (!analysis.value && !analysis.value_note.empty() && !misere)
    text += fmt::format(" No Grundy value is given: {}.", analysis.value_note);
  std::string out = paragraph(text);
  std::string result;
  switch (analysis.outcome) {
    case Outcome::N: result = "Outcome: N, the player to move wins."; break;
    case Outcome::P: result = "Outcome: P, the player to move loses."; break;
    case Outcome::D: result = "Outcome: D, a draw with perfect play."; break;
  }
  if (!analysis.winning_moves.items.empty())
    result += fmt::format(" A winning move: {}.", analysis.winning_moves.items.front().description);
  return out + paragraph(result);
}

}  // namespace

std::string explanation_text(const Ruleset& ruleset, const Position& position,
                             const Analysis& analysis, bool misere) {
  const Explanation facts = explain(ruleset, position, analysis,
                                            misere ? Convention::misere : Convention::normal);
  struct Wording {
    const Analysis& analysis;
    const HeapRuleset* heaps;  // the game when it is one heap game: its option tables
    std::string operator()(const MethodExplanation& e) const { return explain_method(e, analysis); }
    std::string operator()(const NimSumExplanation& e) const {
      return explain_nim_sum(e, analysis, heaps);
    }
    std::string operator()(const MisereNimExplanation& e) const {
      return explain_misere_nim(e, analysis);
    }
    std::string operator()(const WythoffExplanation& e) const { return explain_wythoff(e); }
    std::string operator()(const MooreExplanation& e) const { return explain_moore(e, analysis); }
    std::string operator()(const StaircaseExplanation& e) const {
      return explain_staircase(e, analysis);
    }
  };
  std::string out = std::visit(Wording{analysis, heap_ruleset_of(ruleset)}, facts);
  while (out.size() >= 2 && out.ends_with("\n\n")) out.pop_back();
  return out;
}

std::string explain_remoteness(std::uint64_t remoteness, std::optional<std::uint64_t> after,
                               const std::string& move, bool misere) {
  const bool wins = remoteness % 2 == 1;
  std::string out = paragraph(fmt::format(
      "Remoteness (C. A. B. Smith 1966; Winning Ways ch. 9) is how many moves the game lasts "
      "when the winner hurries and the loser resists. A position without moves has remoteness "
      "{}. Otherwise, if some move leads to an even remoteness, the position's is 1 + the least "
      "such even remoteness (the winner hurries there); if every move leads to an odd one, it is "
      "1 + the largest (the loser holds out). So the player to move wins exactly when the "
      "remoteness is odd.",
      misere ? "1 here (in misère play the player who cannot move wins, as if one move were left)"
             : "0"));
  std::string text = fmt::format("This position has remoteness {}, {}: the player to move {}.",
                                 remoteness, wins ? "odd" : "even", wins ? "wins" : "loses");
  if (after && !move.empty()) {
    const std::uint64_t left =
        play_length(*after, misere ? Convention::misere : Convention::normal).moves;
    if (wins)
      text += fmt::format(
          " The move {} leads to remoteness {}, even: there every move leads to an odd "
          "remoteness, a win for the player then to move, so the opponent loses, and the game "
          "ends within {} more move{}.",
          move, *after, left, left == 1 ? "" : "s");
    else
      text += fmt::format(
          " Every move leads to an odd remoteness; {} leads to the largest, {}, which makes the "
          "opponent's win take longest.",
          move, *after);
  }
  return out + paragraph(text);
}

std::string explain_compound(bool conjunctive, const std::vector<std::uint64_t>& numbers,
                             const std::vector<std::uint64_t>& after, const std::string& move) {
  std::string out;
  if (conjunctive)
    out += paragraph(
        "In a conjunctive compound (C. A. B. Smith 1966; Winning Ways ch. 9) each turn moves in "
        "every component, and the game ends as soon as one component has no move, so the "
        "shortest component decides. Each component's remoteness counts its moves when its "
        "winner hurries and its loser resists: the player to move wins exactly when the least "
        "remoteness is odd, and good play moves every component by its own remoteness rule "
        "(a component won hurries, one lost resists).");
  else
    out += paragraph(
        "In Every-SG (C. A. B. Smith 1966; Winning Ways ch. 9) each turn moves in every "
        "component that still has a move, and whoever cannot move at all loses, so the longest "
        "component decides. Each component's suspense number counts its moves when its winner "
        "prolongs and its loser hurries: the player to move wins exactly when the largest "
        "suspense number is odd, and good play moves every component to suspense one less "
        "(winners prolong, losers hurry).");
  if (numbers.empty()) return out;
  const char* name = conjunctive ? "remoteness" : "suspense";
  const auto decisive = [&](const std::vector<std::uint64_t>& v) {
    return conjunctive ? *std::min_element(v.begin(), v.end()) : *std::max_element(v.begin(), v.end());
  };
  const std::uint64_t d = decisive(numbers);
  std::string text = fmt::format("Here the {} numbers are {}; the {} is {}, {}: the player to move {}.",
                                 name, fmt::join(numbers, " "), conjunctive ? "least" : "largest", d,
                                 d % 2 ? "odd" : "even", d % 2 ? "wins" : "loses");
  if (!after.empty() && !move.empty()) {
    const std::uint64_t a = decisive(after);
    text += fmt::format(" After {} they are {}; the {} is {}, {}, so the opponent {}.", move,
                        fmt::join(after, " "), conjunctive ? "least" : "largest", a,
                        a % 2 ? "odd" : "even", a % 2 ? "wins" : "loses");
  }
  return out + paragraph(text);
}

}  // namespace grundy::present
