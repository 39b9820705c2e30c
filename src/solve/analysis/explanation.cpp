// The facts behind an analysis, by the rule that decides the game; see
// include/grundy/solve/explanation.h (Description / Source / Time / Status).
#include "grundy/solve/explanation.h"

#include <algorithm>
#include <bit>
#include <string_view>

#include "grundy/core/error.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/moore.h"
#include "grundy/rules/moore_closed_form.h"
#include "grundy/rules/position_ruleset.h"
#include "grundy/rules/staircase.h"
#include "grundy/rules/wythoff.h"
#include "grundy/rules/wythoff_closed_form.h"

namespace grundy {

NimSumStep nim_sum_step(std::vector<Nimber> values) {
  NimSumStep step;
  step.values = std::move(values);
  step.nim_sum = nim_sum_of(step.values);
  if (step.nim_sum != 0) {
    step.highest_bit = static_cast<int>(std::bit_width(step.nim_sum)) - 1;
    // Some value has a 1 in that column, or the column of the sum would be 0.
    step.index = static_cast<std::size_t>(
        std::find_if(step.values.begin(), step.values.end(),
                     [&](Nimber v) { return ((v >> step.highest_bit) & 1U) != 0; }) -
        step.values.begin());
    GRUNDY_ASSERT(step.index < step.values.size());
    step.value = step.values[step.index];
    step.target = step.value ^ step.nim_sum;
  }
  if (!step.values.empty()) step.others = step.nim_sum ^ step.values[step.index];
  return step;
}

namespace {

// The listed move that replaces heap `index` by one of its options.
const Move* move_on_heap(const MoveList& list, std::size_t index) {
  for (const Move& move : list.items)
    if (move.component == Move::kWhole && move.index == index && move.replaced == 1) return &move;
  return nullptr;
}

Move move_to(const Ruleset& ruleset, const Position& before, Position after) {
  std::string description = ruleset.describe_move(before, after);
  return Move::to(before, std::move(after), std::move(description));
}

// Heap games in normal play: Sprague-Grundy, and for Nim Bouton's rule.
NimSumExplanation explain_nim_sum(const HeapRuleset& ruleset, const Position& position,
                                  const Analysis& analysis) {
  NimSumExplanation e;
  e.nim = ruleset.is_nim();
  e.heaps = position;
  e.sum = nim_sum_step(*analysis.heap_values);
  // How the heap values were found ("closed form", "computed by mex", a
  // proven period), or for a rule of the whole game the rule.
  e.value_method =
      analysis.heap_value_method.empty() ? analysis.method : analysis.heap_value_method;
  e.no_tokens = std::all_of(position.begin(), position.end(), [](Heap h) { return h == 0; });
  if (e.sum.nim_sum == 0) return e;
  const std::size_t i = e.sum.index;
  if (const Move* listed = move_on_heap(analysis.winning_moves, i)) {
    e.move = *listed;
  } else if (e.nim) {
    // Nim: the heap of size v can be reduced to any smaller size.
    Move built;
    built.index = i;
    built.replaced = 1;
    built.parts = {e.sum.target};
    Position after = position;
    after[i] = e.sum.target;
    built.description = ruleset.describe_move(position, after);
    e.move = std::move(built);
  }
  return e;
}

// Misère Nim (docs/theory.md §2; Winning Ways ch. 13; the rule of
// misere_nim_is_p_position in include/grundy/rules/nim.h).
MisereNimExplanation explain_misere_nim(const Ruleset& ruleset, const Position& position) {
  MisereNimExplanation e;
  for (std::size_t i = 0; i < position.size(); ++i) {
    if (position[i] >= 2) {
      ++e.large;
      e.large_index = i;
    }
    if (position[i] == 1) ++e.ones;
  }
  e.nim_sum = nim_sum_of(position);
  if (e.large == 0) {
    // Whole 1-heaps are taken in turn; whoever takes the last one loses.
    e.which = MisereNimExplanation::Case::at_most_one_token;
    e.outcome = e.ones % 2 == 1 ? Outcome::P : Outcome::N;
    return e;
  }
  if (e.large == 1) {
    // Leave an odd number of 1-heaps; the normal Nim move would not.
    e.which = MisereNimExplanation::Case::one_large_heap;
    e.outcome = Outcome::N;
    e.large_size = position[e.large_index];
    e.keep = e.ones % 2 == 1 ? 0 : 1;
    e.normal_target = e.large_size ^ e.nim_sum;
    e.ones_after_normal = e.ones + (e.normal_target == 1 ? 1 : 0);
    Position after = position;
    after[e.large_index] = e.keep;
    e.move = move_to(ruleset, position, std::move(after));
    return e;
  }
  // Two or more large heaps: one move leaves at least one, so the nim-sum
  // decides as in normal play.
  e.which = MisereNimExplanation::Case::several_large;
  e.sum = nim_sum_step(std::vector<Nimber>(position.begin(), position.end()));
  e.outcome = e.sum.nim_sum == 0 ? Outcome::P : Outcome::N;
  if (e.sum.nim_sum == 0) return e;
  Position after = position;
  after[e.sum.index] = e.sum.target;
  e.move = move_to(ruleset, position, std::move(after));
  return e;
}

Heap difference(Heap x, Heap y) { return std::max(x, y) - std::min(x, y); }

// Wythoff's game (Wythoff 1907; include/grundy/rules/wythoff_closed_form.h).
WythoffExplanation explain_wythoff(const Position& position, const Analysis& analysis) {
  using Case = WythoffExplanation::Case;
  using Kind = WythoffExplanation::Reached::Kind;
  WythoffExplanation e;
  e.first = position[0];
  e.second = position[1];
  e.low = std::min(e.first, e.second);
  e.high = std::max(e.first, e.second);
  e.difference = e.high - e.low;
  try {
    e.pair = std::pair{wythoff::lower(e.difference), wythoff::upper(e.difference)};
  } catch (const LimitError&) {
    e.pair = std::nullopt;  // a_d is larger than any heap, so not the smaller heap
  }
  if (!e.pair)
    e.which = Case::beyond;
  else if (e.high == 0)
    e.which = Case::empty;
  else if (e.pair->first == e.low)
    e.which = Case::p_pair;
  else
    e.which = Case::not_pair;

  e.largest_difference = e.difference;
  for (const Move& move : analysis.winning_moves.items) {
    const Position after = move.after(position);
    WythoffExplanation::Reached reached{move, after[0], after[1], difference(after[0], after[1])};
    if (reached.first != e.first && reached.second != e.second)
      reached.taken = Kind::both;
    else
      reached.taken = reached.first == e.first ? Kind::second : Kind::first;
    e.largest_difference = std::max(e.largest_difference, reached.k);
    e.moves.push_back(std::move(reached));
  }
  e.moves_complete = analysis.winning_moves.complete;
  if (e.largest_difference < WythoffExplanation::kListedPairs)
    for (Heap k = 0; k <= e.largest_difference + 1; ++k)
      e.pairs.emplace_back(wythoff::lower(k), wythoff::upper(k));
  return e;
}

// Moore's Nim_k (Moore 1910; include/grundy/rules/moore_closed_form.h).
MooreExplanation explain_moore(const MooreNim& ruleset, const Position& position,
                               const Analysis& analysis) {
  MooreExplanation e;
  e.k = ruleset.k();
  e.heaps = position;
  e.columns = 1;
  for (Heap h : position) e.columns = std::max(e.columns, static_cast<int>(std::bit_width(h)));
  const std::uint64_t modulus = std::uint64_t{e.k} + 1;
  auto residues = [&](const std::vector<std::uint64_t>& counts) {
    std::vector<std::uint64_t> r(counts.size());
    for (std::size_t b = 0; b < counts.size(); ++b) r[b] = counts[b] % modulus;
    return r;
  };
  e.counts = moore::ones_per_column(position, e.columns);
  e.residues = residues(e.counts);
  e.p_position = std::all_of(e.residues.begin(), e.residues.end(), [](auto r) { return r == 0; });
  if (!analysis.winning_moves.items.empty()) {
    e.move = analysis.winning_moves.items.front();
  } else if (analysis.outcome == Outcome::N) {
    if (auto after = moore::one_winning_move(position, e.k))
      e.move = move_to(ruleset, position, std::move(*after));
  }
  if (!e.move) return e;
  e.after = e.move->after(position);
  for (std::size_t i = 0; i < position.size(); ++i)
    if (e.after[i] != position[i]) e.changed.push_back(i);
  e.counts_after = moore::ones_per_column(e.after, e.columns);
  e.residues_after = residues(e.counts_after);
  e.p_after = std::all_of(e.residues_after.begin(), e.residues_after.end(),
                          [](auto r) { return r == 0; });
  return e;
}

// Staircase Nim: Nim on the odd stairs (include/grundy/rules/staircase.h).
StaircaseExplanation explain_staircase(const StaircaseNim& ruleset, const Position& stairs) {
  StaircaseExplanation e;
  e.stairs = stairs;
  for (std::size_t i = 0; i < stairs.size(); i += 2) e.odd_stairs.push_back(stairs[i]);
  e.sum = nim_sum_step(std::vector<Nimber>(e.odd_stairs.begin(), e.odd_stairs.end()));
  if (e.sum.nim_sum == 0) return e;
  const std::size_t j = e.sum.index;  // odd stair 2j + 1, at index 2j
  Position after = stairs;
  after[2 * j] = e.sum.target;
  if (j > 0) after[2 * j - 1] += e.sum.value - e.sum.target;
  e.landing_stair = 2 * j;
  e.move = move_to(ruleset, stairs, std::move(after));
  return e;
}

MethodExplanation explain_method(const Analysis& analysis, Convention convention) {
  return {convention, analysis.method_kind == AnalysisMethod::exhaustive_search};
}

// The position games with a rule of their own (normal play).
class ClosedFormPicker final : public ClosedFormVisitor {
 public:
  ClosedFormPicker(const Position& position, const Analysis& analysis, Explanation& out)
      : position_(position), analysis_(analysis), out_(out) {}
  void wythoff(const Wythoff& /*ruleset*/) override {
    out_ = explain_wythoff(position_, analysis_);
  }
  void moore(const MooreNim& ruleset) override {
    out_ = explain_moore(ruleset, position_, analysis_);
  }
  void staircase(const StaircaseNim& ruleset) override {
    out_ = explain_staircase(ruleset, position_);
  }
  void other(const PositionRuleset& /*ruleset*/) override {
    out_ = explain_method(analysis_, Convention::normal);
  }

 private:
  const Position& position_;
  const Analysis& analysis_;
  Explanation& out_;
};

// Every family: heap games and position games with a rule of their own get
// it, anything else (and misère play but Nim's) the method.
class Picker final : public RulesetVisitor {
 public:
  Explanation out;

  Picker(const Position& position, const Analysis& analysis, Convention convention)
      : out(explain_method(analysis, convention)), position_(position), analysis_(analysis),
        convention_(convention) {}

  void heaps(const HeapRuleset& ruleset) override {
    if (convention_ == Convention::misere) {
      if (ruleset.is_nim()) out = explain_misere_nim(ruleset, position_);
    } else if (analysis_.heap_values && analysis_.heap_values->size() == position_.size()) {
      out = explain_nim_sum(ruleset, position_, analysis_);
    }
  }
  void closed_form(const PositionRuleset& ruleset) override {
    if (convention_ != Convention::normal) return;
    ClosedFormPicker picker(position_, analysis_, out);
    ruleset.accept_closed_form(picker);
  }
  void graph_tokens(const GraphTokens& /*ruleset*/) override {}
  void compound(const Compound& /*ruleset*/) override {}
  void moves_only(const Ruleset& /*ruleset*/) override {}

 private:
  const Position& position_;
  const Analysis& analysis_;
  Convention convention_;
};

}  // namespace

Explanation explain(const Ruleset& ruleset, const Position& position, const Analysis& analysis,
                    Convention convention) {
  Picker picker(position, analysis, convention);
  ruleset.accept(picker);
  return std::move(picker.out);
}

}  // namespace grundy
