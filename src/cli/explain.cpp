// Explanations for grundy analyze --explain; see explain.h.
//
// Description: re-derives, for display, the quantities the closed forms of
//   docs/theory.md §2 decide by (nim-sum, highest bit, P-pair, column counts) from
//   the position and the Analysis; the outcome and moves shown are the
//   Analysis's own, or are built by the same rule the text states.
// Source: docs/theory.md §1 (Sprague-Grundy), §2 (Nim: Bouton 1901; misère Nim:
//   WW ch. 13; Moore's Nim_k: Moore 1910; Wythoff 1907; staircase Nim).
// Status: tests/cli/explain_plot_test.cpp (worked examples checked by hand; every
//   move explained is checked to be one of the Analysis's winning moves).
#include "explain.h"

#include <algorithm>
#include <bit>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/nimber.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/moore.h"
#include "grundy/rules/moore_closed_form.h"
#include "grundy/rules/nim.h"
#include "grundy/rules/staircase.h"
#include "grundy/rules/wythoff.h"
#include "grundy/rules/wythoff_closed_form.h"

namespace grundy::cli {

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

// The lines in binary, a rule, their nim-sum (and, when it is not 0, a '^'
// under its highest 1). `header` names the label columns.
std::string column_sum(const std::vector<std::string>& header, const std::vector<SumLine>& lines,
                       const std::string& sum_label, int width) {
  std::vector<Align> align(header.size(), Align::right);
  align.front() = Align::left;
  align.push_back(Align::right);  // binary
  align.push_back(Align::left);   // note
  Table table(align);
  std::vector<std::string> head = header;
  head.push_back("binary");
  table.add(head);
  Nimber total = 0;
  for (const SumLine& line : lines) {
    total ^= line.value;
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
    const int top = bit_width_of(total) - 1;
    cells.assign(header.size(), "");
    cells.push_back(marker(top, width));
    cells.push_back(fmt::format("highest 1: the column worth {}", Nimber{1} << top));
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

// The column sum before a move. `focus` is the heap the text is about; in a
// summarised position the others are folded into one line.
std::string sum_before(const HeapSumView& view, std::size_t focus, int width) {
  std::vector<SumLine> lines;
  const std::size_t n = view.values.size();
  if (n <= kExplainListUpTo) {
    for (std::size_t i = 0; i < n; ++i) lines.push_back(view.line(i));
  } else {
    Nimber others = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (i != focus) others ^= view.values[i];
    lines.push_back(view.line(focus));
    lines.push_back({{fmt::format("the other {} {}s", n - 1, view.part)}, others, "(their nim-sum)"});
  }
  return column_sum(view.header(), lines, "nim-sum", width);
}

// The column sum after heap `focus` took the value `after_value`.
std::string sum_after(const HeapSumView& view, std::size_t focus, const std::string& after_size,
                      Nimber after_value, int width) {
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
    Nimber others = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (i != focus) others ^= view.values[i];
    lines.push_back(moved());
    lines.push_back({{fmt::format("the other {} {}s", n - 1, view.part)}, others, "(unchanged)"});
  }
  return column_sum(view.header(), lines, "nim-sum", width);
}

// The first index whose value has bit `bit` set.
std::size_t first_with_bit(const std::vector<Nimber>& values, int bit) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if ((values[i] >> bit) & 1U) return i;
  GRUNDY_ASSERT(false);
  return values.size();
}

const Move* move_on_heap(const MoveList& list, std::size_t index) {
  for (const Move& move : list.moves)
    if (move.index == index && move.replaced == 1) return &move;
  return nullptr;
}

std::string count_note(const Analysis& analysis) {
  if (!analysis.winning_move_count || *analysis.winning_move_count < 2) return "";
  return fmt::format(" It is one of {} winning moves.", *analysis.winning_move_count);
}

// What analyze says about how the heap values were found ("closed form",
// "computed by mex", a proven period), without its "Sprague-Grundy" prefix.
std::string heap_value_method(const std::string& method) {
  const std::string_view prefix = "Sprague-Grundy: nim-sum of heap values (";
  if (method.starts_with(prefix) && method.ends_with(")"))
    return method.substr(prefix.size(), method.size() - prefix.size() - 1);
  return method;
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

// The nim-sum explanation shared by Nim, heap games and misère Nim's main case.
std::string explain_nim_sum(const Ruleset& ruleset, const Position& position,
                            const std::vector<Nimber>& values, const Analysis& analysis, bool nim) {
  const HeapSumView view{position, values, nim};
  const Nimber total = nim_sum_of(values);
  const int width = width_of(values);
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
        heap_value_method(analysis.method)));
  }
  if (total == 0) {
    out += sum_before(view, 0, width);
    const bool empty = std::all_of(position.begin(), position.end(), [](Heap h) { return h == 0; });
    if (empty && nim)
      out += paragraph("No heap has a token: there is no move, and the player to move has lost.");
    else
      out += paragraph("The nim-sum is 0, so the player to move loses (P). " + why_zero_is_lost(nim));
    return out;
  }
  const int top = bit_width_of(total) - 1;
  const std::size_t i = first_with_bit(values, top);
  const Nimber v = values[i], target = v ^ total;
  out += sum_before(view, i, width);

  const Move* listed = move_on_heap(analysis.winning_moves, i);
  Move built;
  if (listed == nullptr && nim) {
    built.index = i;
    built.replaced = 1;
    built.parts = {target};
    Position after = position;
    after[i] = target;
    built.description = ruleset.describe_move(position, after);
    listed = &built;
  }
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
  out += sum_after(view, i, after_size, target, width);
  out += paragraph(fmt::format(
      "Changing {} to {} xor {} flips exactly the columns where the nim-sum has a 1, so every "
      "column now holds an even number of ones: the nim-sum is 0 and the opponent faces a "
      "P-position.",
      v, v, total));
  return out;
}

// ---------------------------------------------------------------------------
// Misère Nim (docs/theory.md §2; WW ch. 13).

std::string explain_misere_nim(const Ruleset& ruleset, const Position& position,
                               const Analysis& analysis) {
  std::size_t large = 0, ones = 0, large_index = 0;
  for (std::size_t i = 0; i < position.size(); ++i) {
    if (position[i] >= 2) {
      ++large;
      large_index = i;
    }
    if (position[i] == 1) ++ones;
  }
  std::string out = paragraph(
      "Misère Nim: whoever takes the last token loses. Bouton's rule needs one correction "
      "(Winning Ways ch. 13): once no heap has two or more tokens, the parity of the number "
      "of 1-heaps decides; until then the nim-sum decides as in normal Nim, except for the "
      "move that leaves only heaps of size 0 or 1, which must leave an odd number of 1-heaps.");
  if (large == 0) {
    std::string text = fmt::format(
        "Case 1 applies: every heap has at most one token ({}). Each move takes a whole 1-heap "
        "and the players alternate, so the parity of the 1-heaps decides.",
        count_phrase(ones, "1-heap", "1-heaps"));
    if (ones == 0)
      text += " There is no token left: the player to move cannot move and so wins (N).";
    else if (ones % 2 == 1)
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
  if (large == 1) {
    const Heap h = position[large_index];
    const Heap keep = ones % 2 == 1 ? 0 : 1;
    Position after = position;
    after[large_index] = keep;
    const Nimber total = nim_sum_of(position);
    const Heap normal = h ^ total;
    out += paragraph(fmt::format(
        "Case 2 applies: only heap {} has two or more tokens ({}), beside {}. The player to move "
        "can end that phase now and leave an odd number of 1-heaps: {}, leaving {}. The "
        "opponent then faces case 1 with an odd count and loses, so the player to move wins "
        "(N).",
        large_index + 1, h, count_phrase(ones, "1-heap", "1-heaps"),
        ruleset.describe_move(position, after), count_phrase(ones + keep, "1-heap", "1-heaps")));
    out += paragraph(fmt::format(
        "This is where misère play departs from normal play: the normal Nim move (heap {} to "
        "{} xor {} = {}) would leave {}, an even number, and lose.",
        large_index + 1, h, total, normal,
        count_phrase(ones + (normal == 1 ? 1 : 0), "1-heap", "1-heaps")));
    return out;
  }
  out += paragraph(fmt::format(
      "Case 3 applies: {} heaps have two or more tokens, so play as in normal Nim. A move "
      "changes one heap, so at least one heap of two or more tokens remains after it.",
      large));
  const std::vector<Nimber> values(position.begin(), position.end());
  const Nimber total = nim_sum_of(values);
  const HeapSumView view{position, values, true};
  const int width = width_of(values);
  if (total == 0) {
    out += sum_before(view, 0, width);
    out += paragraph(
        "The nim-sum is 0, so the player to move loses (P): every move leaves a non-zero nim-sum "
        "with a heap of two or more tokens still there, which is an N-position of this case, "
        "and the opponent keeps it that way until the last heap of two or more goes.");
    return out;
  }
  const int top = bit_width_of(total) - 1;
  const std::size_t i = first_with_bit(values, top);
  const Nimber v = values[i], target = v ^ total;
  Position after = position;
  after[i] = target;
  out += sum_before(view, i, width);
  out += paragraph(fmt::format(
      "The nim-sum is {}, not 0, so the player to move wins (N). Its highest 1 is in the column "
      "worth {}; {} has a 1 there, so it comes down to {} xor {} = {}: {}. This leaves a heap "
      "of two or more tokens, because a single such heap among 1-heaps cannot have nim-sum 0 "
      "(it alone has ones in the columns worth 2 and more), so the exception of misère play "
      "does not arise yet.{}",
      total, Nimber{1} << top, view.name(i), v, total, target,
      ruleset.describe_move(position, after), count_note(analysis)));
  out += sum_after(view, i, fmt::to_string(target), target, width);
  return out;
}

// ---------------------------------------------------------------------------
// Wythoff's game (docs/theory.md §2; Wythoff 1907).

// (a_k, b_k), or nullopt when a_k exceeds the largest heap.
std::optional<std::pair<Heap, Heap>> wythoff_pair(Heap k) {
  try {
    return std::pair{wythoff::lower(k), wythoff::upper(k)};
  } catch (const LimitError&) {
    return std::nullopt;
  }
}

// "(a_k, b_k)" or, when the position lists the larger heap first, its mirror.
std::string pair_name(Heap first, Heap second, Heap k) {
  if (first <= second) return fmt::format("(a_{0}, b_{0})", k);
  return fmt::format("(b_{0}, a_{0}), the mirror of (a_{0}, b_{0})", k);
}

std::string explain_wythoff(const Position& position, const Analysis& analysis) {
  const Heap x = position[0], y = position[1];
  const Heap low = std::min(x, y), high = std::max(x, y), d = high - low;
  std::string out = paragraph(
      "Wythoff's game (1907): take any number from one heap, or the same number from both. The "
      "P-positions are the pairs (a_k, b_k) and their mirrors, with a_k = ⌊k·φ⌋ and b_k = a_k + "
      "k, φ = (1 + √5)/2: a_k is the least number not in an earlier pair. Each difference "
      "k = b_k − a_k belongs to exactly one pair, and every number from 1 on to exactly one "
      "pair (Beatty's theorem).");
  Heap table_to = d;
  for (const Move& move : analysis.winning_moves.moves) {
    const Position after = move.after(position);
    table_to = std::max(table_to, std::max(after[0], after[1]) - std::min(after[0], after[1]));
  }
  if (table_to <= kPairTableUpTo) {
    Table table(std::vector<Align>(table_to + 3, Align::right));
    std::vector<std::string> k_row{"k"}, a_row{"a_k"}, b_row{"b_k"};
    for (Heap k = 0; k <= table_to + 1; ++k) {
      k_row.push_back(fmt::to_string(k));
      a_row.push_back(fmt::to_string(wythoff::lower(k)));
      b_row.push_back(fmt::to_string(wythoff::upper(k)));
    }
    table.add(k_row);
    table.add(a_row);
    table.add(b_row);
    out += table.render();
  }
  const auto pair = wythoff_pair(d);
  std::string text = fmt::format("Here the difference is d = {} − {} = {}, ", high, low, d);
  if (!pair) {
    text += fmt::format(
        "and a_{} is larger than the largest heap grundy handles, so it is not the smaller heap "
        "{}: the position is not a P-pair, and the player to move wins (N).",
        d, low);
  } else if (high == 0) {
    text += "and both heaps are empty: there is no move, and the player to move has lost (P).";
    return out + paragraph(text);
  } else if (pair->first == low) {
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
  if (analysis.winning_moves.moves.empty()) return out;
  out += analysis.winning_moves.moves.size() == 1 ? "The winning move reaches a P-pair:\n"
                                                  : "Each winning move reaches a P-pair:\n";
  for (const Move& move : analysis.winning_moves.moves) {
    const Position after = move.after(position);
    const Heap nx = after[0], ny = after[1];
    const Heap k = std::max(nx, ny) - std::min(nx, ny);
    std::string why;
    if (nx != x && ny != y) {
      why = fmt::format("the difference stays {} and the smaller heap comes down to a_{} = {}", k,
                        k, std::min(nx, ny));
    } else {
      const Heap kept = nx == x ? x : y, moved_to = nx == x ? ny : nx;
      why = fmt::format("heap {} ({}) stays and heap {} comes down to {}, its partner in pair {}",
                        nx == x ? 1 : 2, kept, nx == x ? 2 : 1, moved_to, k);
    }
    out += wrap(fmt::format("- {} → ({}, {}) = {}: {}.", move.description, nx, ny,
                            pair_name(nx, ny, k), why),
                2, 4);
  }
  if (!analysis.winning_moves.complete) out += "  … and more\n";
  return out + '\n';
}

// ---------------------------------------------------------------------------
// Moore's Nim_k (docs/theory.md §2; Moore 1910).

// Ones per bit column, bit 0 first.
std::vector<std::uint64_t> column_counts(const Position& heaps, int width) {
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(width), 0);
  for (Heap h : heaps)
    for (int b = 0; b < width; ++b)
      if ((h >> b) & 1U) ++counts[static_cast<std::size_t>(b)];
  return counts;
}

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

// The heaps in spaced binary columns with their counts and counts mod k+1.
// Summarised positions list only the heaps in `shown`.
std::string moore_table(const Position& heaps, const Position* before, unsigned k, int width,
                        const std::vector<std::size_t>& shown) {
  const auto counts = column_counts(heaps, width);
  std::vector<std::uint64_t> residues(counts.size());
  for (std::size_t b = 0; b < counts.size(); ++b) residues[b] = counts[b] % (Heap{k} + 1);
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
             std::all_of(residues.begin(), residues.end(), [](auto r) { return r == 0; })
                 ? "all 0: P"
                 : "not all 0: N"});
  return table.render();
}

std::string explain_moore(const MooreNim& ruleset, const Position& position,
                          const Analysis& analysis) {
  const unsigned k = ruleset.k();
  const Heap modulus = Heap{k} + 1;
  std::string out = paragraph(fmt::format(
      "Moore's Nim_{0} (Moore 1910): a move takes tokens from between 1 and {0} "
      "{1}. The player to move loses exactly when, in every binary column, the number of heaps "
      "with a 1 there is a multiple of k+1 = {2}. (For k = 1 this is Nim's nim-sum.)",
      k, k == 1 ? "heap" : "heaps", modulus));
  int width = 1;
  for (Heap h : position) width = std::max(width, bit_width_of(h));
  std::optional<Position> after;
  std::string description;
  if (!analysis.winning_moves.moves.empty()) {
    after = analysis.winning_moves.moves.front().after(position);
    description = analysis.winning_moves.moves.front().description;
  } else if (analysis.outcome == Outcome::N) {
    after = moore::one_winning_move(position, k);
    if (after) description = ruleset.describe_move(position, *after);
  }
  std::vector<std::size_t> changed;
  if (after)
    for (std::size_t i = 0; i < position.size(); ++i)
      if ((*after)[i] != position[i]) changed.push_back(i);
  if (position.size() > kExplainListUpTo)
    out += paragraph(fmt::format(
        "The counts are over all {} heaps; only the heaps the move below changes are listed.",
        position.size()));
  out += moore_table(position, nullptr, k, width, changed);
  if (!after) {
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
      modulus, description, count_note(analysis)));
  out += moore_table(*after, &position, k, width, changed);
  return out;
}

// ---------------------------------------------------------------------------
// Staircase Nim (docs/theory.md §2).

std::string explain_staircase(const Ruleset& ruleset, const Position& stairs,
                              const Analysis& analysis) {
  std::string out = paragraph(
      "Staircase Nim: tokens on the even stairs do not matter, because a move "
      "from an even stair can be undone by moving the same tokens on down; so the game is Nim "
      "on the odd stairs 1, 3, 5, …, tokens moved off an odd stair being as good as gone. The "
      "player to move loses exactly when the nim-sum of the odd stairs is 0.");
  Position odd;
  for (std::size_t i = 0; i < stairs.size(); i += 2) odd.push_back(stairs[i]);
  const std::vector<Nimber> values(odd.begin(), odd.end());
  HeapSumView view{odd, values, true, "stair", "tokens", 1, 2};
  const Nimber total = nim_sum_of(values);
  const int width = width_of(values);
  if (total == 0) {
    out += sum_before(view, 0, width);
    out += paragraph(
        "The nim-sum is 0, so the player to move loses (P). A move either takes tokens off an "
        "odd stair, which changes the nim-sum as a Nim move would, or pushes tokens from an "
        "even stair onto the odd stair below, which the opponent answers by pushing them on "
        "down; either way the opponent can restore a nim-sum of 0.");
    return out;
  }
  const int top = bit_width_of(total) - 1;
  const std::size_t j = first_with_bit(values, top);  // odd stair 2j + 1, index 2j
  const Heap a = odd[j], target = a ^ total;
  Position after = stairs;
  after[2 * j] = target;
  if (j > 0) after[2 * j - 1] += a - target;
  out += sum_before(view, j, width);
  out += paragraph(fmt::format(
      "The nim-sum is {}, not 0, so the player to move wins (N). Its highest 1 is in the column "
      "worth {}; {} has a 1 there, so it comes down to {} xor {} = {}: {}.{}{}",
      total, Nimber{1} << top, view.name(j), a, total, target,
      ruleset.describe_move(stairs, after),
      j > 0 ? fmt::format(" The tokens land on the even stair {}, where they do not count.", 2 * j)
            : "",
      count_note(analysis)));
  out += sum_after(view, j, fmt::to_string(target), target, width);
  return out;
}

// ---------------------------------------------------------------------------
// Everything else: how the answer was found.

std::string explain_method(const Analysis& analysis, bool misere) {
  std::string text = fmt::format("How this answer was obtained: {}.", analysis.method);
  if (analysis.method.starts_with("exhaustive search")) {
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
  if (!analysis.winning_moves.moves.empty())
    result += fmt::format(" A winning move: {}.", analysis.winning_moves.moves.front().description);
  return out + paragraph(result);
}

}  // namespace

std::string explain(const Ruleset& ruleset, const Position& position, const Analysis& analysis,
                    bool misere) {
  std::string out;
  if (misere) {
    if (dynamic_cast<const Nim*>(&ruleset) != nullptr)
      out = explain_misere_nim(ruleset, position, analysis);
    else
      out = explain_method(analysis, misere);
  } else if (const auto* moore = dynamic_cast<const MooreNim*>(&ruleset)) {
    out = explain_moore(*moore, position, analysis);
  } else if (dynamic_cast<const Wythoff*>(&ruleset) != nullptr) {
    out = explain_wythoff(position, analysis);
  } else if (dynamic_cast<const StaircaseNim*>(&ruleset) != nullptr) {
    out = explain_staircase(ruleset, position, analysis);
  } else if (dynamic_cast<const HeapRuleset*>(&ruleset) != nullptr && analysis.heap_values &&
             analysis.heap_values->size() == position.size()) {
    out = explain_nim_sum(ruleset, position, *analysis.heap_values, analysis,
                          dynamic_cast<const Nim*>(&ruleset) != nullptr);
  } else {
    out = explain_method(analysis, misere);
  }
  while (out.size() >= 2 && out.ends_with("\n\n")) out.pop_back();
  return out;
}

}  // namespace grundy::cli
