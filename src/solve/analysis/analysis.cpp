#include "grundy/solve/analysis.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grundy/core/error.h"
#include "grundy/rules/compound.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/genus.h"
#include "grundy/solve/misere_quotient.h"
#include "grundy/solve/retrograde.h"
#include "solve/values/periodic_options.h"
#include "solve/analysis/valuation.h"

namespace grundy {

namespace {

// Largest heap for which the misère-Nim rule is checked by a genus search
// before falling back on exhaustive search: the check visits every position
// reachable from heaps 0..N, which grows exponentially with N for splitting
// games.
constexpr Heap kMaxTameCheckHeap = 64;

// The components of the position being analysed: a disjunctive compound's
// components, or the game alone as a sum of one. Each game's valuation is
// built once, however many components it has.
class Parts final : public RulesetVisitor {
 public:
  Parts(const Ruleset& ruleset, const Position& position, const AnalysisOptions& options)
      : ruleset_(ruleset), position_(position), options_(options) {
    ruleset.accept(*this);
    if (sum_ == nullptr) {
      positions_ = {position};
      rulesets_ = {&ruleset};
    }
    for (const Ruleset* r : rulesets_) {
      auto& slot = valuations_[r];
      if (!slot) slot = detail::valuation_of(*r, options);
    }
  }

  void heaps(const HeapRuleset&) override {}
  void closed_form(const PositionRuleset&) override {}
  void graph_tokens(const GraphTokens&) override {}
  void moves_only(const Ruleset&) override {}
  void compound(const Compound& sum) override {
    if (sum.kind() != CompoundKind::disjunctive) return;  // analysed as one game
    sum_ = &sum;
    positions_ = sum.decode(position_);
    for (std::size_t i = 0; i < sum.size(); ++i) rulesets_.push_back(&sum.ruleset(i));
  }

  bool is_sum() const { return sum_ != nullptr; }
  std::size_t size() const { return positions_.size(); }
  const Position& position(std::size_t i) const { return positions_[i]; }
  detail::Valuation& valuation(std::size_t i) { return *valuations_.at(rulesets_[i]); }

  bool exact() const {
    for (const auto& [ruleset, valuation] : valuations_)
      if (!valuation->exact()) return false;
    return true;
  }

  // A move of component i, as a move of the whole position: in a sum the
  // component's label prefixes its description.
  Move whole_move(std::size_t i, Move move) const {
    if (!is_sum()) return move;
    GRUNDY_ASSERT(move.component == Move::kWhole);
    move.component = i;
    move.description = fmt::format("{}: {}", sum_->label(i), move.description);
    return move;
  }

  // Throws LimitError when the valuations' limits are exceeded.
  const AnalysisOptions& options() const { return options_; }
  const Ruleset& ruleset() const { return ruleset_; }
  const Position& whole() const { return position_; }

 private:
  const Ruleset& ruleset_;
  const Position& position_;
  const AnalysisOptions& options_;
  const Compound* sum_ = nullptr;
  std::vector<Position> positions_;
  std::vector<const Ruleset*> rulesets_;
  std::map<const Ruleset*, std::unique_ptr<detail::Valuation>> valuations_;
};

GammaValue sum_except(const std::vector<GammaValue>& values, std::size_t skip) {
  GammaValue total{true, 0, {}};
  for (std::size_t i = 0; i < values.size(); ++i)
    if (i != skip) total = gamma_sum(total, values[i]);
  return total;
}

// Normal play: each component's γ, Smith's sum rule, and in component i the
// moves to the value of the other components' sum (docs/theory.md §1, §6).
Analysis analyze_normal(Parts& parts) {
  const AnalysisOptions& options = parts.options();
  if (!parts.is_sum())
    if (auto alone = parts.valuation(0).analyze_alone(parts.position(0))) return *alone;
  std::vector<GammaValue> values;
  for (std::size_t i = 0; i < parts.size(); ++i)
    values.push_back(parts.valuation(i).value(parts.position(i)));
  const GammaValue total = sum_except(values, values.size());
  Analysis a;
  a.outcome = outcome_of(total);
  a.method_kind = AnalysisMethod::sprague_grundy;
  a.method = parts.ruleset().has_cycles()
                 ? "Sprague-Grundy with Smith's generalised values: γ of each component, sum rule"
                 : "Sprague-Grundy: nim-sum of the components' values";
  if (total.finite) {
    a.value = total.value;
  } else {
    a.value_note = fmt::format("γ = {}: {}", gamma_text(total),
                               a.outcome == Outcome::D ? "a draw with best play"
                                                       : "the mover wins by moving to γ = 0");
  }
  std::vector<Nimber> finite;
  for (const GammaValue& v : values)
    if (v.finite) finite.push_back(v.value);
  if (finite.size() == values.size()) a.heap_values = finite;
  a.proven = parts.exact();
  if (a.outcome != Outcome::N) return a;

  auto& list = a.winning_moves;
  for (std::size_t i = 0; i < parts.size() && list.complete; ++i) {
    const GammaValue rest = sum_except(values, i);
    if (!rest.finite) continue;  // no move here can make the sum 0
    // With no room left the call only probes whether there are more.
    MoveList found;
    parts.valuation(i).moves_to_value(parts.position(i), rest.value,
                                      options.max_moves - list.items.size(), found);
    for (const Move& move : found.items) list.items.push_back(parts.whole_move(i, move));
    if (!found.complete) list.complete = false;
  }
  a.proven = parts.exact();
  return a;
}

// Misère play of heap games whose every heap is verified tame with nim-heap
// genera (genus.h): the misère-Nim rule on the normal values (the SJ
// theorem, docs/theory.md §4; ONAG ch. 12, WW ch. 13: sums of tame games are
// tame, with the genus of the nim position of their values). nullopt when
// some component is not a heap game or the rule is not verified.
std::optional<Analysis> misere_by_nim_rule(Parts& parts) {
  const AnalysisOptions& options = parts.options();
  std::vector<Heap> largest(parts.size(), 0);
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const HeapRuleset* heaps = parts.valuation(k).heap_game();
    if (heaps == nullptr) return std::nullopt;
    for (Heap h : parts.position(k)) largest[k] = std::max(largest[k], h);
    if (largest[k] > kMaxTameCheckHeap) return std::nullopt;
    if (!misere_nim_rule_applies(*heaps, largest[k], options.search_limit, options.control))
      return std::nullopt;
    parts.valuation(k).heap_values()->require(largest[k]);
  }
  Nimber total = 0;
  std::uint64_t large = 0;  // heaps of value > 1
  for (std::size_t k = 0; k < parts.size(); ++k)
    for (Heap h : parts.position(k)) {
      const Nimber v = parts.valuation(k).heap_values()->value(h);
      total ^= v;
      large += v > 1;
    }
  // P iff (some value > 1 and nim-sum 0) or (all values <= 1 and nim-sum 1).
  auto lost = [](Nimber x, std::uint64_t big) { return big > 0 ? x == 0 : x == 1; };
  Analysis a;
  a.value_note = "Grundy values do not decide misère play in general; here the misère-Nim rule "
                 "on them does (the heaps are verified tame), and no misère value is given";
  a.outcome = lost(total, large) ? Outcome::P : Outcome::N;
  std::vector<std::string> checked;
  for (std::size_t k = 0; k < parts.size(); ++k)
    checked.push_back(parts.size() == 1
                          ? fmt::format("heaps 0..{}", largest[k])
                          : fmt::format("{} heaps 0..{}", parts.valuation(k).heap_game()->name(),
                                        largest[k]));
  a.method_kind = AnalysisMethod::misere_nim_rule;
  a.method = fmt::format(
      "misère-Nim rule on the heap values (SJ theorem), valid here: every position reachable from "
      "{} has the genus of a nim heap (genus search, docs/misere.md)",
      fmt::join(checked, ", "));
  if (a.outcome == Outcome::P) return a;
  std::uint64_t visits = 0;
  auto& list = a.winning_moves;
  for (std::size_t k = 0; k < parts.size() && list.complete; ++k) {
    const Position& position = parts.position(k);
    const HeapRuleset& ruleset = *parts.valuation(k).heap_game();
    HeapValues& values = *parts.valuation(k).heap_values();
    for (std::size_t i = 0; i < position.size() && list.complete; ++i) {
      const Heap h = position[i];
      const Nimber v = values.value(h);
      ruleset.for_each_heap_option(h, [&](const HeapOption& option) {
        if (++visits > options.max_option_visits) {
          list.complete = false;
          return false;
        }
        Nimber x = total ^ v;
        std::uint64_t big = large - (v > 1);
        for (std::size_t p = 0; p < option.part_count; ++p) {
          const Nimber w = values.value(option.parts[p]);
          x ^= w;
          big += w > 1;
        }
        if (!lost(x, big)) return true;
        if (list.items.size() == options.max_moves) {
          list.complete = false;
          return false;
        }
        list.items.push_back(parts.whole_move(k, HeapRuleset::heap_move(i, h, option)));
        return true;
      });
    }
  }
  return a;
}

// The misère quotients an analysis uses. First, for every position of the
// game: heaps adjoined up to kQuotientHeaps (stopping as soon as the
// pretending function is proven periodic, which makes it the whole game's
// quotient), and no further once the quotient has more than
// kQuotientElements elements. When that does not cover a position's largest
// heap H, a second one for that position: heaps up to H only (at most
// kWiderHeaps, where it helps past H only if it proves the period), with room
// for kWiderElements, which recalibration often needs for a moment even
// where the quotient itself stays small (Dawson's Kayles, 0.07: the first
// stops at heap 24, the second reaches heap 29, 176 elements; Kayles is
// proven for the whole game from heap 167 on). Each has a budget of
// verification work (QuotientOptions::max_verify_work, about a nanosecond a
// step), so that a code where both fail costs at most about 1.8 s before the
// exhaustive search: Dawson's Kayles to heap 29 takes 1.1e9 steps over both;
// a failed attempt on a code with many kinds of heaps (allbut:2,3,7), whose
// verification was bounded only in states, took 5.8e9, six seconds.
constexpr Heap kQuotientHeaps = 64;
constexpr std::size_t kQuotientElements = 256;
constexpr Heap kWiderHeaps = 256;
constexpr std::size_t kWiderElements = 1024;
constexpr std::uint64_t kQuotientVerifyWork = 600'000'000;
constexpr std::uint64_t kWiderVerifyWork = 1'200'000'000;
// A step of the quotient's verification (about a nanosecond) against one of
// a position search (detail/search_work.h: 10 to 40 ns, about 47 on average
// when a default search runs out of its 32 million): the verification work
// an analysis spent on a quotient that did not answer is taken from its
// search's budget at this rate, so that the two together stay within about
// what the search alone may take (allbut:2,3,7 with a heap of 2^63-1 spent
// 1.4 s on its quotients and 1 s more searching).
constexpr std::uint64_t kVerifyStepsPerSearchStep = 40;
// The verification work of the quotients this thread computed (quotient_of)
// during the analysis under way; analyze() resets it.
thread_local std::uint64_t t_quotient_work = 0;

QuotientOptions analysis_quotient_options(Heap max_heap, std::size_t max_elements,
                                          std::uint64_t max_verify_work,
                                          const SearchControl* control) {
  QuotientOptions options;
  options.max_heap = max_heap;
  options.max_elements = max_elements;
  options.stop_when_proven = true;
  options.stop_at_limit = true;
  options.decide_tame = false;
  options.max_verify_states = 50'000;
  options.max_verify_work = max_verify_work;
  options.max_refinements = 3;
  // Learning solves sums exhaustively and may take seconds: not inside an analysis.
  options.max_learning_positions = 0;
  options.control = control;
  return options;
}

// Quotients are a pure function of the game and are asked for again and
// again (a table of positions, a game played move by move): computed once
// per game and process (the wider one again only for a larger heap, and
// never past a heap it could not adjoin: a larger bound stops at the same
// heap). Nothing is stored when the computation is stopped.
std::shared_ptr<const MisereQuotient> quotient_of(const HeapRuleset& ruleset, Heap largest,
                                                  const SearchControl* control) {
  struct Computed {
    std::shared_ptr<const MisereQuotient> first, wider;
  };
  static std::mutex mutex;
  static std::map<std::string, Computed> computed;
  const std::string key = ruleset.name();
  Computed known;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = computed.find(key); it != computed.end()) known = it->second;
  }
  if (!known.first) {
    known.first = std::make_shared<const MisereQuotient>(misere_quotient(
        ruleset, analysis_quotient_options(kQuotientHeaps, kQuotientElements, kQuotientVerifyWork,
                                           control)));
    t_quotient_work += known.first->verify_work();
    std::lock_guard<std::mutex> lock(mutex);
    computed[key].first = known.first;
  }
  if (known.first->covers(largest)) return known.first;
  const Heap bound = std::min(largest, kWiderHeaps);
  if (known.wider && (known.wider->covers(largest) || known.wider->max_heap() >= bound ||
                      !known.wider->limit_note().empty()))
    return known.wider;
  known.wider = std::make_shared<const MisereQuotient>(
      misere_quotient(ruleset,
                      analysis_quotient_options(bound, kWiderElements, kWiderVerifyWork, control)));
  t_quotient_work += known.wider->verify_work();
  std::lock_guard<std::mutex> lock(mutex);
  computed[key].wider = known.wider;
  return known.wider;
}

// Misère play of a heap game by its misère quotient (Plambeck & Siegel 2008;
// misere_quotient.h): the sum is a P-position iff the product of its heaps'
// elements lies in the P-portion, and a move of heap i to parts o wins iff
// (product of the other heaps) · Φ(o) does. Linear in the number of heaps
// (prefix and suffix products). nullopt when some heap lies beyond what the
// quotient covers: past the heaps adjoined, unless the pretending function is
// proven periodic.
std::optional<Analysis> misere_by_quotient(Parts& parts) {
  if (parts.is_sum() || parts.ruleset().has_cycles()) return std::nullopt;
  const HeapRuleset* ruleset = parts.valuation(0).heap_game();
  if (ruleset == nullptr) return std::nullopt;
  const AnalysisOptions& options = parts.options();
  const Position& heaps = parts.position(0);
  const Heap largest = heaps.empty() ? 0 : *std::max_element(heaps.begin(), heaps.end());
  const auto q = quotient_of(*ruleset, largest, options.control);
  for (Heap h : heaps)
    if (!q->covers(h)) return std::nullopt;
  using Element = MisereQuotient::Element;
  const std::size_t count = heaps.size();
  std::vector<Element> before(count + 1, MisereQuotient::identity());
  std::vector<Element> after(count + 1, MisereQuotient::identity());
  for (std::size_t i = 0; i < count; ++i)
    before[i + 1] = q->multiply(before[i], q->heap_element(heaps[i]));
  for (std::size_t i = count; i-- > 0;)
    after[i] = q->multiply(after[i + 1], q->heap_element(heaps[i]));
  Analysis a;
  a.value_note = "Grundy values do not decide misère play; the misère quotient does, and no "
                 "value is given";
  a.outcome = q->is_p(before[count]) ? Outcome::P : Outcome::N;
  if (q->whole_game()) {
    a.method_kind = AnalysisMethod::misere_quotient;
    a.method = fmt::format(
        "misère quotient of the whole game (|Q| = {}, pretending function of period {} from "
        "heap {}, proven by the periodicity criterion; docs/misere-quotients.md)",
        q->order(), q->period()->period, q->period()->preperiod);
  } else {
    a.method_kind = AnalysisMethod::misere_quotient;
    a.method = fmt::format(
        "misère quotient of heaps 0..{} (|Q| = {}): known up to that heap bound only, which "
        "covers this position (docs/misere-quotients.md)",
        q->max_heap(), q->order());
  }
  if (a.outcome == Outcome::P) return a;
  // The options of each heap size, with their elements, listed once.
  std::map<Heap, std::vector<std::pair<HeapOption, Element>>> options_of;
  std::uint64_t visits = 0;
  auto& list = a.winning_moves;
  const auto* code = dynamic_cast<const TakeAndBreak*>(ruleset);
  for (std::size_t i = 0; i < count && list.complete; ++i) {
    const Heap h = heaps[i];
    if (h == 0) continue;
    const Element rest = q->multiply(before[i], after[i + 1]);
    // A heap past the heaps adjoined of a game whose quotient is proven: the
    // winning options from the period of Φ, without visiting the ~h options
    // (periodic_options.h).
    if (code && q->whole_game() && h > q->max_heap()) {
      const auto wins = [&](Element x) { return q->is_p(q->multiply(rest, x)); };
      const std::size_t room = options.max_moves - list.items.size();
      const auto periodic = periodic_options_where(
          *code, q->period()->preperiod, q->period()->period, h,
          [&](Heap r) { return wins(q->heap_element(r)); },
          [&](Heap x, Heap y) { return wins(q->multiply(q->heap_element(x), q->heap_element(y))); },
          room + 1);
      if (periodic) {
        append_moves(*periodic, i, h, options.max_moves, list);
        continue;
      }
    }
    auto found = options_of.find(h);
    if (found == options_of.end()) {
      std::vector<std::pair<HeapOption, Element>> listed;
      ruleset->for_each_heap_option(h, [&](const HeapOption& option) {
        if (++visits > options.max_option_visits) return false;
        Element x = MisereQuotient::identity();
        for (std::size_t p = 0; p < option.part_count; ++p)
          x = q->multiply(x, q->heap_element(option.parts[p]));
        listed.emplace_back(option, x);
        return true;
      });
      if (visits > options.max_option_visits) {
        list.complete = false;
        a.moves_note = fmt::format("heap {} has more options than the {} visited", h,
                                   options.max_option_visits);
        break;
      }
      found = options_of.emplace(h, std::move(listed)).first;
    }
    for (const auto& [option, x] : found->second) {
      if (!q->is_p(q->multiply(rest, x))) continue;
      if (list.items.size() == options.max_moves) {
        list.complete = false;
        break;
      }
      list.items.push_back(HeapRuleset::heap_move(i, h, option));
    }
  }
  return a;
}

// Misère play: a closed form that belongs to the game, the misère-Nim rule
// where verified, and otherwise a search of the whole position (Grundy
// values do not decide misère play, docs/theory.md §4): exhaustive without
// cycles, retrograde analysis (wins, losses, draws) with them.
Analysis analyze_misere(Parts& parts) {
  const Ruleset& ruleset = parts.ruleset();
  const Position& position = parts.whole();
  const AnalysisOptions& options = parts.options();
  Analysis a;
  a.value_note = "Grundy values do not decide misère play; no value is given";
  auto add_moves = [&](const OptionList& afters) {
    for (const Position& after : afters)
      a.winning_moves.items.push_back(
          Move::to(position, after, ruleset.describe_move(position, after)));
    a.winning_moves.complete = afters.complete;
  };
  if (!parts.is_sum()) {
    if (auto form = ruleset.misere_closed_form(position, options.max_moves)) {
      a.method_kind = AnalysisMethod::closed_form;
      a.method = fmt::format("closed form ({})", form->name);
      a.outcome = form->p_position ? Outcome::P : Outcome::N;
      a.winning_moves = std::move(form->winning_moves);
      return a;
    }
  }
  if (auto tame = misere_by_nim_rule(parts)) return *tame;
  if (auto quotient = misere_by_quotient(parts)) return *quotient;
  if (ruleset.has_cycles()) {
    Retrograde search(ruleset, Convention::misere, options.search_limit);
    search.set_control(options.control);
    a.outcome = search.outcome(position);
    add_moves(search.winning_options(position, options.max_moves));
    a.method_kind = AnalysisMethod::retrograde;
    a.method = fmt::format("retrograde analysis of the whole sum ({} positions; wins, losses, draws)",
                           search.positions_stored());
  } else {
    BruteForce search(ruleset, options.search_limit);
    search.set_control(options.control);
    if (t_quotient_work > 0)
      search.spent_before(t_quotient_work / kVerifyStepsPerSearchStep,
                          "the misère quotient tried first");
    a.outcome = search.mover_wins(position, Convention::misere) ? Outcome::N : Outcome::P;
    add_moves(search.winning_options(position, Convention::misere, options.max_moves));
    a.method_kind = AnalysisMethod::exhaustive_search;
    a.method = parts.is_sum()
                   ? fmt::format("exhaustive search of the whole sum, memoised on canonical "
                                 "components ({} positions)",
                                 search.positions_stored())
                   : fmt::format("exhaustive search ({} positions)", search.positions_stored());
  }
  return a;
}

}  // namespace

Analysis analyze(const Ruleset& ruleset, const Position& position, const AnalysisOptions& options) {
  ruleset.check_position(position);
  t_quotient_work = 0;
  Parts parts(ruleset, position, options);
  Analysis a = options.convention == Convention::misere ? analyze_misere(parts)
                                                        : analyze_normal(parts);
  if (!a.winning_move_count && a.winning_moves.complete)
    a.winning_move_count = a.winning_moves.items.size();
  if (options.count_only) a.winning_moves.items.clear();
  return a;
}

}  // namespace grundy
