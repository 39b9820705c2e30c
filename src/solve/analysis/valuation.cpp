#include "solve/analysis/valuation.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "grundy/rules/compound.h"
#include "grundy/rules/graph_tokens.h"
#include "grundy/rules/position_ruleset.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/detail/explore.h"
#include "grundy/solve/graph_values.h"
#include "solve/values/periodic_options.h"

namespace grundy::detail {

namespace {

std::string limit_message(const Ruleset& ruleset, const Position& position) {
  return fmt::format(
      "the Grundy value of the {} position {} is needed to add it to the other games; it has "
      "no closed form and is too large to search ({} positions, {} steps of work at most)",
      ruleset.name(), ruleset.show(position), kValueSearchLimit, kValueSearchSteps);
}

// The Grundy value of a component without a closed form, by a memoised
// search kept across calls and bounded so that an analysis answers at once.
class ValueSearch {
 public:
  ValueSearch(const Ruleset& ruleset, const AnalysisOptions& options)
      : ruleset_(ruleset), options_(options) {}

  // Throws LimitError past the bound.
  Nimber value(const Position& position) {
    if (!search_) {
      search_ = std::make_unique<BruteForce>(
          ruleset_, std::min(options_.search_limit, kValueSearchLimit), kValueSearchSteps);
      search_->set_control(options_.control);
    }
    return search_->grundy_value(position);
  }

  // The same, for a value needed to add the component to other games: the
  // LimitError says so.
  GammaValue value_in_sum(const Position& position) {
    try {
      return {true, value(position), {}};
    } catch (const LimitError&) {
      throw LimitError(limit_message(ruleset_, position));
    }
  }

 private:
  const Ruleset& ruleset_;
  const AnalysisOptions& options_;
  std::unique_ptr<BruteForce> search_;
};

// The options of `position` whose value (by `valuation`) is `target`: the
// definition, for games with no shortcut to them. At most
// options.max_option_visits options are looked at (the list is then marked
// incomplete), and the stop flag is read every kSearchTick of them, so a
// scan of a huge position ends on a signal like any search.
void scan_options(const Ruleset& ruleset, Valuation& valuation, const Position& position,
                  Nimber target, std::size_t room, MoveList& list,
                  const AnalysisOptions& options) {
  std::uint64_t visits = 0;
  ruleset.for_each_option(position, [&](const Position& after) {
    if (++visits % kSearchTick == 0 && options.control && options.control->stopped())
      throw Interrupted("interrupted while listing the moves of " + ruleset.shown_name());
    if (visits > options.max_option_visits) {
      list.complete = false;
      return false;
    }
    const GammaValue v = valuation.value(after);
    if (!v.finite || v.value != target) return true;
    if (list.items.size() >= room) {
      list.complete = false;
      return false;
    }
    list.items.push_back(Move::to(position, after, ruleset.describe_move(position, after)));
    return true;
  });
}

// Heap games: G of each heap from the ruleset's closed form or a computed
// table (or a proven period), nim-added.
class HeapValuation final : public Valuation {
 public:
  HeapValuation(const HeapRuleset& ruleset, const AnalysisOptions& options)
      : ruleset_(ruleset), options_(options), values_(ruleset, options.compute) {
    // A caller that gave only the searches' control still stops the values
    // with it: one stop flag reaches every engine (play's searches give only
    // that one, and its normal play computes a code's values).
    if (options.values_control == nullptr && options.control != nullptr &&
        options.control->stop != nullptr) {
      stop_only_.stop = options.control->stop;
      values_.set_control(&stop_only_);
    } else {
      values_.set_control(options.values_control);
    }
  }

  GammaValue value(const Position& position) override {
    Heap largest = 0;
    for (Heap h : position) largest = std::max(largest, h);
    values_.require(largest);
    Nimber total = 0;
    for (Heap h : position) total ^= values_.value(h);
    return {true, total, {}};
  }

  void moves_to_value(const Position& position, Nimber target, std::size_t room,
                      MoveList& list) override {
    AnalysisOptions sub = options_;
    sub.max_moves = room - std::min(room, list.items.size());
    sub.count_only = false;
    Analysis a = analyze_beside(position, target, sub);
    for (Move& m : a.winning_moves.items) list.items.push_back(std::move(m));
    if (!a.winning_moves.complete) list.complete = false;
  }

  std::optional<Analysis> analyze_alone(const Position& position) override {
    return analyze_beside(position, 0, options_);
  }

  bool exact() const override { return values_.exact(); }
  const HeapRuleset* heap_game() const override { return &ruleset_; }
  HeapValues* heap_values() override { return &values_; }

 private:
  Analysis analyze_beside(const Position& position, Nimber outside, const AnalysisOptions& options);

  const HeapRuleset& ruleset_;
  const AnalysisOptions& options_;
  EngineControl stop_only_;
  HeapValues values_;
};

// Normal play of a position of this heap game beside other games whose
// values nim-add to `outside`: the value is the position's own; the outcome
// and the winning moves (all in this position) are those of the whole sum.
// Winning moves: heap i to an option of value G(h_i) xor X (docs/theory.md §1).
Analysis HeapValuation::analyze_beside(const Position& position, Nimber outside,
                                       const AnalysisOptions& options) {
  Analysis a;
  HeapValues& values = values_;
  const HeapRuleset& ruleset = ruleset_;
  Heap largest = 0;
  for (Heap h : position) largest = std::max(largest, h);
  values.require(largest);  // one clear refusal before any work
  std::vector<Nimber> heap_values;
  heap_values.reserve(position.size());
  Nimber total = 0;
  for (Heap h : position) {
    heap_values.push_back(values.value(h));
    total ^= heap_values.back();
  }
  a.value = total;
  a.proven = values.exact();
  total ^= outside;
  a.outcome = total ? Outcome::N : Outcome::P;
  a.method_kind = AnalysisMethod::sprague_grundy;
  a.heap_value_method = values.method();
  a.method = fmt::format("Sprague-Grundy: nim-sum of heap values ({})", a.heap_value_method);
  a.heap_values = std::move(heap_values);
  if (total == 0) return a;

  // Winning moves: heap i to an option of value G(h_i) xor total. Without a
  // closed-form shortcut the option lists are searched once per heap size.
  std::unordered_map<Heap, std::vector<HeapOption>> searched;
  std::vector<HeapOption> hits;
  std::uint64_t counted = 0;
  // A heap known through a period can have ~10^18 options: options are
  // visited within a budget, and a search cut by it says so (incomplete).
  std::uint64_t visits = 0;
  auto within_budget = [&] {
    if (++visits <= options.max_option_visits) return true;
    a.winning_moves.complete = false;
    return false;
  };
  auto& list = a.winning_moves;
  for (std::size_t i = 0; i < position.size() && list.complete; ++i) {
    const Heap h = position[i];
    const Nimber target = (*a.heap_values)[i] ^ total;
    auto keep = [&](const HeapOption& option) {
      hits.push_back(option);
      return hits.size() <= options.max_moves;
    };
    // A heap beyond the value table of a periodic code: exact lists and
    // counts from the period (periodic_options.h).
    std::optional<OptionsOfValue> periodic;
    if (values.code() && h >= values.table_size() && values.periodicity()) {
      const Periodicity& period = *values.periodicity();
      const auto value_of = [&](Heap m) { return values.value(m); };
      // Counting needs the count only, which the period gives by arithmetic:
      // no option is listed, so --count costs no memory however many.
      const std::size_t listed = options.count_only ? 0 : options.max_moves + 1;
      periodic = options_with_value_from_period(*values.code(), value_of, period, h, target,
                                                listed);
    }
    if (periodic && periodic->sampled && options.count_only)
      throw LimitError(fmt::format(
          "counting the winning moves of heap {} of '{}' is out of reach: its moves leave three "
          "or four heaps that all grow with it; some moves are listed without {}",
          h, ruleset.name(), setting_name("count")));
    if (periodic && periodic->splits_omitted && options.count_only)
      throw LimitError(fmt::format(
          "counting the winning moves of heap {} of '{}' would need its splits enumerated (about "
          "n^2 of them); the moves that remove tokens are listed without {}",
          h, ruleset.name(), setting_name("count")));
    if (periodic) {
      if (periodic->sampled) {
        list.complete = false;
        a.moves_note = fmt::format(
            "heap {} is beyond the computed table and its moves leave three or four heaps that "
            "all grow with it: some winning moves are listed (x, y, y with G(x) the value wanted, "
            "or moves with small parts), not all",
            h);
      }
      if (periodic->splits_omitted) {
        list.complete = false;
        a.moves_note = fmt::format(
            "only the moves that remove tokens are listed for heaps beyond the computed table; "
            "their splits (d0 = {}) are not searched",
            values.code()->digit(0));
      }
      if (options.count_only) {
        counted = detail::saturating_add(counted, periodic->count);
        if (counted > options.max_moves) list.complete = false;
        continue;
      }
      append_moves(*periodic, i, h, options.max_moves, list);
      continue;
    }
    if (options.count_only) {
      // Counting needs no moves built: visit and count, stopping past the cap.
      auto tally = [&](const HeapOption&) { return ++counted <= options.max_moves; };
      if (!ruleset.for_each_heap_option_with_value(h, target, tally)) {
        ruleset.for_each_heap_option(h, [&](const HeapOption& option) {
          if (!within_budget()) return false;
          Nimber v = 0;
          for (std::size_t p = 0; p < option.part_count; ++p) v ^= values.value(option.parts[p]);
          return v == target ? tally(option) : true;
        });
      }
      if (counted > options.max_moves) list.complete = false;
      continue;
    }
    const std::vector<HeapOption>* heap_hits = &hits;
    hits.clear();
    if (!ruleset.for_each_heap_option_with_value(h, target, keep)) {
      auto it = searched.find(h);
      if (it == searched.end()) {
        ruleset.for_each_heap_option(h, [&](const HeapOption& option) {
          if (!within_budget()) return false;
          Nimber v = 0;
          for (std::size_t p = 0; p < option.part_count; ++p) v ^= values.value(option.parts[p]);
          return v == target ? keep(option) : true;
        });
        it = searched.emplace(h, hits).first;
      }
      heap_hits = &it->second;
    }
    for (const HeapOption& option : *heap_hits) {
      if (list.items.size() == options.max_moves) {
        list.complete = false;
        break;
      }
      list.items.push_back(HeapRuleset::heap_move(i, h, option));
    }
  }
  if (options.count_only) {
    if (list.complete) a.winning_move_count = counted;
  } else if (list.complete) {
    a.winning_move_count = list.items.size();
  }
  return a;
}


// Position games (Wythoff, staircase, Moore): the closed form gives the
// outcome and the P-moves; the value where it gives one, else a bounded
// search.
class ClosedFormValuation final : public Valuation {
 public:
  ClosedFormValuation(const PositionRuleset& ruleset, const AnalysisOptions& options)
      : ruleset_(ruleset), options_(options), search_(ruleset, options) {}

  GammaValue value(const Position& position) override {
    if (ruleset_.is_p_position(position)) return {true, 0, {}};
    if (auto v = ruleset_.closed_form_value(position)) return {true, *v, {}};
    return search_.value_in_sum(position);
  }

  void moves_to_value(const Position& position, Nimber target, std::size_t room,
                      MoveList& list) override {
    std::optional<OptionList> found = ruleset_.options_with_value(position, target, list.room(room));
    if (!found && target == 0) found = ruleset_.winning_moves(position, list.room(room));
    if (!found) return scan_options(ruleset_, *this, position, target, room, list, options_);
    const OptionList& winning = *found;
    for (const Position& after : winning)
      list.items.push_back(Move::to(position, after, ruleset_.describe_move(position, after)));
    if (!winning.complete) list.complete = false;
  }

  std::optional<Analysis> analyze_alone(const Position& position) override {
    Analysis a;
    a.outcome = ruleset_.is_p_position(position) ? Outcome::P : Outcome::N;
    a.method_kind = AnalysisMethod::closed_form;
    a.method = fmt::format("closed form ({})", ruleset_.name());
    a.value = ruleset_.closed_form_value(position);
    a.heap_values = ruleset_.part_values(position);
    if (!a.value) {
      try {
        a.value = search_.value(position);
      } catch (const LimitError&) {
        a.value_note = fmt::format(
            "the Grundy value of a {} position is not known in closed form, and this position is "
            "too large to search ({} positions, {} steps of work at most); the outcome and winning moves "
            "are exact",
            ruleset_.name(), kValueSearchLimit, kValueSearchSteps);
      }
    }
    moves_to_value(position, 0, options_.max_moves, a.winning_moves);
    return a;
  }

 private:
  const PositionRuleset& ruleset_;
  const AnalysisOptions& options_;
  ValueSearch search_;
};

// Tokens on a graph: γ of every vertex (graph_values.h), and Smith's sum
// rule over the tokens.
class GraphTokenValuation final : public Valuation {
 public:
  GraphTokenValuation(const GraphTokens& tokens, const SearchControl* control)
      : tokens_(tokens), control_(control) {}

  GammaValue value(const Position& position) override {
    GammaValue total{true, 0, {}};
    for (Heap t : position) total = gamma_sum(total, token_value(t));
    return total;
  }

  void moves_to_value(const Position& position, Nimber target, std::size_t room,
                      MoveList& list) override {
    const std::vector<Vertex> tokens(position.begin(), position.end());
    for_each_token_move_to_value(
        tokens_.graph(), gamma_of_graph(), tokens, target, [&](const TokenMove& move) {
          if (list.items.size() >= room) {
            list.complete = false;
            return false;
          }
          Position after = position;
          after[move.token] = move.to;
          list.items.push_back(Move::to(position, after, tokens_.describe_move(position, after)));
          return true;
        });
  }

 private:
  const std::vector<std::uint32_t>& gamma_of_graph() {
    if (!gamma_) gamma_ = solve_graph(tokens_.graph(), control_).gamma;
    return *gamma_;
  }
  GammaValue token_value(Heap token) {
    return gamma_value(tokens_.graph(), gamma_of_graph(), static_cast<Vertex>(token));
  }

  const GraphTokens& tokens_;
  const SearchControl* control_;
  std::optional<std::vector<std::uint32_t>> gamma_;
};

// Any other game with cycles: the graph of the positions reachable from
// those asked about (canonical keys), extended as needed, and its γ
// (graph_values.h) recomputed after each extension.
class LoopyValuation final : public Valuation {
 public:
  LoopyValuation(const Ruleset& ruleset, const AnalysisOptions& options)
      : ruleset_(ruleset), options_(options) {
    graph_.set_control(options.control, "exploration");
  }

  GammaValue value(const Position& position) override {
    const Vertex known = graph_.vertex_count();
    const Vertex root = graph_.explore(
        ruleset_.canonical(position), options_.search_limit,
        [&](const Position& key, auto&& emit) { for_each_canonical_option(ruleset_, key, emit); },
        [&] {
          return LimitError(
              fmt::format(
                  "the value of the {} position {} needs more than {} positions explored{}",
                  ruleset_.name(), ruleset_.show(position), options_.search_limit,
                  raise_with("search-limit")),
              ExceededLimit{"search-limit", options_.search_limit, 0});
        });
    if (graph_.vertex_count() > known) gamma_ = solve_graph(graph_.graph(), options_.control).gamma;
    return gamma_value(graph_.graph(), gamma_, root);
  }

  void moves_to_value(const Position& position, Nimber target, std::size_t room,
                      MoveList& list) override {
    scan_options(ruleset_, *this, position, target, room, list, options_);
  }

 private:
  const Ruleset& ruleset_;
  const AnalysisOptions& options_;
  GraphExplorer<Position, PositionHash> graph_;
  std::vector<std::uint32_t> gamma_;
};

// Any other game: its moves only, searched by definition (mex of the
// options' values) within the limits.
class SearchValuation final : public Valuation {
 public:
  SearchValuation(const Ruleset& ruleset, const AnalysisOptions& options)
      : ruleset_(ruleset), options_(options), search_(ruleset, options) {}

  GammaValue value(const Position& position) override { return search_.value_in_sum(position); }

  void moves_to_value(const Position& position, Nimber target, std::size_t room,
                      MoveList& list) override {
    scan_options(ruleset_, *this, position, target, room, list, options_);
  }

  // Alone, the game may be searched up to the whole search limit.
  std::optional<Analysis> analyze_alone(const Position& position) override {
    Analysis a;
    BruteForce search(ruleset_, options_.search_limit);
    search.set_control(options_.control);
    a.value = search.grundy_value(position);
    a.outcome = *a.value ? Outcome::N : Outcome::P;
    const OptionList winning =
        search.winning_options(position, Convention::normal, options_.max_moves);
    for (const Position& after : winning)
      a.winning_moves.items.push_back(
          Move::to(position, after, ruleset_.describe_move(position, after)));
    a.winning_moves.complete = winning.complete;
    a.method_kind = AnalysisMethod::exhaustive_search;
    a.method = "exhaustive search";
    return a;
  }

 private:
  const Ruleset& ruleset_;
  const AnalysisOptions& options_;
  ValueSearch search_;
};

class Chooser final : public RulesetVisitor {
 public:
  explicit Chooser(const AnalysisOptions& options) : options_(options) {}
  void heaps(const HeapRuleset& r) override { chosen = std::make_unique<HeapValuation>(r, options_); }
  void closed_form(const PositionRuleset& r) override {
    chosen = std::make_unique<ClosedFormValuation>(r, options_);
  }
  void graph_tokens(const GraphTokens& r) override {
    chosen = std::make_unique<GraphTokenValuation>(r, options_.control);
  }
  void compound(const Compound& r) override { moves_only(r); }
  void moves_only(const Ruleset& r) override {
    if (r.has_cycles())
      chosen = std::make_unique<LoopyValuation>(r, options_);
    else
      chosen = std::make_unique<SearchValuation>(r, options_);
  }
  std::unique_ptr<Valuation> chosen;

 private:
  const AnalysisOptions& options_;
};

}  // namespace

std::unique_ptr<Valuation> valuation_of(const Ruleset& ruleset, const AnalysisOptions& options) {
  Chooser chooser(options);
  ruleset.accept(chooser);
  return std::move(chooser.chosen);
}

}  // namespace grundy::detail
