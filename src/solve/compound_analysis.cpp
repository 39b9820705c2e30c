#include "grundy/solve/compound_analysis.h"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <unordered_map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grundy/core/error.h"
#include "grundy/rules/graph_tokens.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/position_ruleset.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/retrograde.h"
#include "grundy/solve/remoteness.h"

namespace grundy {

namespace {

// A component's value is searched for only this far: the analysis of a sum
// must answer at once (the same bound as analysis.cpp's).
constexpr std::uint64_t kValueSearchLimit = 200'000;
constexpr std::uint64_t kValueSearchOptions = 4'000'000;

// The value machinery of each game in a sum, built once per ruleset.
class ComponentValues {
 public:
  explicit ComponentValues(const AnalysisOptions& options) : options_(options) {}

  GammaValue value(const Ruleset& ruleset, const Position& position) {
    if (const auto* heaps = dynamic_cast<const HeapRuleset*>(&ruleset)) {
      HeapValues& values = heap_values(*heaps);
      Heap largest = 0;
      for (Heap h : position) largest = std::max(largest, h);
      values.require(largest);
      Nimber total = 0;
      for (Heap h : position) total ^= values.value(h);
      return {true, total, {}};
    }
    if (const auto* tokens = dynamic_cast<const GraphTokens*>(&ruleset)) {
      const auto& gamma = graph_gamma(*tokens);
      GammaValue total{true, 0, {}};
      for (Heap t : position)
        total = gamma_sum(total, gamma_value(tokens->graph(), gamma, static_cast<Vertex>(t)));
      return total;
    }
    if (ruleset.has_cycles()) return loopy_value(ruleset, position);
    if (const auto* closed = dynamic_cast<const PositionRuleset*>(&ruleset)) {
      if (closed->is_p_position(position)) return {true, 0, {}};
      if (auto v = closed->closed_form_value(position)) return {true, *v, {}};
    }
    try {
      return {true, search(ruleset).grundy_value(position), {}};
    } catch (const LimitError&) {
      throw LimitError(fmt::format(
          "the Grundy value of the {} position {} is needed to add it to the other games; it has "
          "no closed form and is too large to search ({} positions, {} options at most)",
          ruleset.name(), ruleset.show(position), kValueSearchLimit, kValueSearchOptions));
    }
  }

  // Whether every heap value so far is exact (no observed, unproven period).
  bool exact() const {
    for (const auto& [ruleset, values] : heaps_)
      if (!values->exact()) return false;
    return true;
  }

  HeapValues& heap_values(const HeapRuleset& ruleset) {
    auto& slot = heaps_[&ruleset];
    if (!slot) slot = std::make_unique<HeapValues>(ruleset, options_.compute);
    return *slot;
  }

  const std::vector<std::uint32_t>& graph_gamma(const GraphTokens& tokens) {
    auto it = gammas_.find(&tokens.graph());
    if (it == gammas_.end()) it = gammas_.emplace(&tokens.graph(), solve_graph(tokens.graph()).gamma).first;
    return it->second;
  }

 private:
  BruteForce& search(const Ruleset& ruleset) {
    auto& slot = searches_[&ruleset];
    if (!slot)
      slot = std::make_unique<BruteForce>(
          ruleset, std::min(options_.search_limit, kValueSearchLimit), kValueSearchOptions);
    return *slot;
  }

  // Any other game with cycles: the graph of the positions reachable from
  // those asked about (canonical keys), extended as needed, and its γ
  // (graph_values.h) recomputed after each extension.
  struct Explored {
    detail::GraphExplorer<Position, PositionHash> graph;
    std::vector<std::uint32_t> gamma;
  };

  GammaValue loopy_value(const Ruleset& ruleset, const Position& position) {
    Explored& e = explored_[&ruleset];
    const Vertex known = e.graph.vertex_count();
    const Vertex root = e.graph.explore(
        ruleset.canonical(position), options_.search_limit,
        [&](const Position& key, auto&& emit) {
          detail::for_each_canonical_option(ruleset, key, emit);
        },
        [&] {
          return fmt::format(
              "the value of the {} position {} needs more than {} positions explored "
              "(--search-limit)",
              ruleset.name(), ruleset.show(position), options_.search_limit);
        });
    if (e.graph.vertex_count() > known) e.gamma = solve_graph(e.graph.graph()).gamma;
    return gamma_value(e.graph.graph(), e.gamma, root);
  }

  const AnalysisOptions& options_;
  std::map<const Ruleset*, Explored> explored_;
  std::map<const Ruleset*, std::unique_ptr<HeapValues>> heaps_;
  std::map<const Graph*, std::vector<std::uint32_t>> gammas_;
  std::map<const Ruleset*, std::unique_ptr<BruteForce>> searches_;
};

GammaValue sum_except(const std::vector<GammaValue>& values, std::size_t skip) {
  GammaValue total{true, 0, {}};
  for (std::size_t i = 0; i < values.size(); ++i)
    if (i != skip) total = gamma_sum(total, values[i]);
  return total;
}

// Moves of component `position` (of `ruleset`) to positions of value
// `target`, as (position after, description) pairs, at most `room`.
std::vector<std::pair<Position, std::string>> moves_to_value(
    const Ruleset& ruleset, const Position& position, Nimber target, ComponentValues& values,
    const AnalysisOptions& options, std::size_t room, bool& complete) {
  std::vector<std::pair<Position, std::string>> found;
  if (const auto* heaps = dynamic_cast<const HeapRuleset*>(&ruleset)) {
    AnalysisOptions sub = options;
    sub.max_moves = room;
    sub.count_only = false;
    const Analysis a = detail::analyze_heaps_beside(*heaps, position, target, sub);
    for (const Move& m : a.winning_moves.moves)
      found.emplace_back(m.after(position), m.description);
    complete = a.winning_moves.complete;
    return found;
  }
  if (const auto* tokens = dynamic_cast<const GraphTokens*>(&ruleset)) {
    const auto& gamma = values.graph_gamma(*tokens);
    const Graph& graph = tokens->graph();
    for (std::size_t j = 0; j < position.size(); ++j) {
      GammaValue others{true, 0, {}};
      for (std::size_t k = 0; k < position.size(); ++k)
        if (k != j) others = gamma_sum(others, gamma_value(graph, gamma, static_cast<Vertex>(position[k])));
      if (!others.finite) continue;
      const Nimber want = target ^ others.value;
      for (Vertex w : graph.followers(static_cast<Vertex>(position[j]))) {
        if (gamma[w] == kInfiniteGamma || gamma[w] != want) continue;
        if (found.size() == room) {
          complete = false;
          return found;
        }
        Position after = position;
        after[j] = w;
        found.emplace_back(after, ruleset.describe_move(position, after));
      }
    }
    return found;
  }
  if (const auto* closed = dynamic_cast<const PositionRuleset*>(&ruleset); closed && target == 0) {
    for (Position& after : closed->winning_moves(position, room, complete)) {
      std::string description = ruleset.describe_move(position, after);
      found.emplace_back(std::move(after), std::move(description));
    }
    return found;
  }
  ruleset.for_each_option(position, [&](const Position& after) {
    const GammaValue v = values.value(ruleset, after);
    if (!v.finite || v.value != target) return true;
    if (found.size() == room) {
      complete = false;
      return false;
    }
    found.emplace_back(after, ruleset.describe_move(position, after));
    return true;
  });
  return found;
}

std::string show_gamma(const GammaValue& v) {
  if (v.finite) return fmt::to_string(v.value);
  return fmt::format("∞({{{}}})", fmt::join(v.infinity_set, ","));
}

Analysis analyze_normal(const Compound& sum, const Position& position,
                        const AnalysisOptions& options) {
  ComponentValues values(options);
  const auto components = sum.decode(position);
  std::vector<GammaValue> parts;
  for (std::size_t i = 0; i < components.size(); ++i)
    parts.push_back(values.value(sum.ruleset(i), components[i]));
  const GammaValue total = sum_except(parts, parts.size());
  Analysis a;
  a.outcome = outcome_of(total);
  a.method = sum.has_cycles()
                 ? "Sprague-Grundy with Smith's generalised values: γ of each component, sum rule"
                 : "Sprague-Grundy: nim-sum of the components' values";
  if (total.finite) {
    a.value = total.value;
  } else {
    a.value_note = fmt::format("γ = {}: {}", show_gamma(total),
                               a.outcome == Outcome::D ? "a draw with best play"
                                                       : "the mover wins by moving to γ = 0");
  }
  std::vector<Nimber> finite;
  for (const GammaValue& v : parts)
    if (v.finite) finite.push_back(v.value);
  if (finite.size() == parts.size()) a.heap_values = finite;
  if (a.outcome != Outcome::N) return a;

  auto& list = a.winning_moves;
  for (std::size_t i = 0; i < components.size() && list.complete; ++i) {
    const GammaValue rest = sum_except(parts, i);
    if (!rest.finite) continue;  // no move here can make the sum 0
    bool complete = true;
    const std::size_t room = options.max_moves - list.moves.size();
    auto found = moves_to_value(sum.ruleset(i), components[i], rest.value, values, options, room,
                                complete);
    for (auto& [after, description] : found) {
      auto next = components;
      next[i] = std::move(after);
      list.moves.push_back(
          Move::to(position, Compound::encode(next), fmt::format("{}: {}", sum.label(i), description)));
    }
    // With no room left the call only probes whether there are more.
    if (!complete) list.complete = false;
  }
  if (list.complete) a.winning_move_count = list.moves.size();
  a.proven = values.exact();
  return a;
}

Analysis analyze_misere(const Compound& sum, const Position& position,
                        const AnalysisOptions& options) {
  // Heap games only, all verified tame: the misère-Nim rule (SJ theorem).
  const auto components = sum.decode(position);
  std::vector<detail::HeapPart> parts;
  for (std::size_t i = 0; i < components.size(); ++i)
    if (const auto* heaps = dynamic_cast<const HeapRuleset*>(&sum.ruleset(i)))
      parts.push_back({heaps, &components[i]});
  if (parts.size() == components.size()) {
    std::vector<std::pair<std::size_t, Move>> moves;
    if (auto tame = detail::misere_by_nim_rule(parts, options, moves)) {
      for (auto& [k, move] : moves) {
        auto next = components;
        next[k] = move.after(components[k]);
        tame->winning_moves.moves.push_back(Move::to(position, Compound::encode(next),
                                                     fmt::format("{}: {}", sum.label(k), move.description)));
      }
      if (tame->winning_moves.complete) tame->winning_move_count = tame->winning_moves.moves.size();
      return *tame;
    }
  }
  Analysis a;
  a.value_note = "Grundy values do not decide misère play; no value is given";
  std::vector<Position> wins;
  bool complete = true;
  if (sum.has_cycles()) {
    Retrograde search(sum, Convention::misere, options.search_limit);
    a.outcome = search.outcome(position);
    wins = search.winning_options(position, options.max_moves, complete);
    a.method = fmt::format("retrograde analysis of the whole sum ({} positions; wins, losses, draws)",
                           search.positions_stored());
  } else {
    BruteForce search(sum, options.search_limit);
    a.outcome = search.mover_wins(position, Convention::misere) ? Outcome::N : Outcome::P;
    wins = search.winning_options(position, Convention::misere, options.max_moves, complete);
    a.method = fmt::format(
        "exhaustive search of the whole sum, memoised on canonical components ({} positions)",
        search.positions_stored());
  }
  for (const Position& after : wins)
    a.winning_moves.moves.push_back(Move::to(position, after, sum.describe_move(position, after)));
  a.winning_moves.complete = complete;
  if (complete) a.winning_move_count = wins.size();
  return a;
}

}  // namespace

std::vector<GammaValue> component_values(const Compound& sum, const Position& position,
                                         const AnalysisOptions& options) {
  ComponentValues values(options);
  const auto components = sum.decode(position);
  std::vector<GammaValue> parts;
  for (std::size_t i = 0; i < components.size(); ++i)
    parts.push_back(values.value(sum.ruleset(i), components[i]));
  return parts;
}

Analysis analyze_compound(const Compound& sum, const Position& position,
                          const AnalysisOptions& options) {
  if (sum.kind() != CompoundKind::disjunctive)
    throw InputError(sum.name(), "analyze_compound needs a disjunctive sum");
  sum.check_position(position);
  Analysis a = options.convention == Convention::misere ? analyze_misere(sum, position, options)
                                                        : analyze_normal(sum, position, options);
  if (options.count_only) a.winning_moves.moves.clear();
  return a;
}

namespace {

// Every-SG and the conjunctive compound: one tempo number per component (the
// largest suspense, or the least remoteness, decides), or with cycles a
// retrograde analysis of the whole compound.
struct TurnAnalysis {
  Outcome outcome = Outcome::P;
  std::vector<std::uint64_t> numbers;
  std::optional<Position> move;
  std::string method;
};

TurnAnalysis analyze_turns(const Compound& compound, const Position& position,
                           std::uint64_t search_limit, Tempo tempo) {
  compound.check_position(position);
  const bool every = tempo == Tempo::suspense;
  const char* numbers = every ? "suspense" : "remoteness";
  TurnAnalysis result;
  if (compound.has_cycles()) {
    Retrograde search(compound, Convention::normal, search_limit);
    result.outcome = search.outcome(position);
    result.move = search.best_option(position);
    result.method = fmt::format(
        "retrograde analysis of the whole compound ({} positions; a component has cycles, so "
        "{} numbers do not apply)",
        search.positions_stored(), numbers);
    return result;
  }
  const auto components = compound.decode(position);
  std::map<const Ruleset*, std::unique_ptr<TempoSearch>> searches;
  auto search_of = [&](std::size_t i) -> TempoSearch& {
    auto& slot = searches[&compound.ruleset(i)];
    if (!slot)
      slot = std::make_unique<TempoSearch>(compound.ruleset(i), Convention::normal, tempo,
                                           search_limit);
    return *slot;
  };
  for (std::size_t i = 0; i < components.size(); ++i)
    result.numbers.push_back(search_of(i).value(components[i]));
  const std::uint64_t decisive =
      every ? *std::max_element(result.numbers.begin(), result.numbers.end())
            : *std::min_element(result.numbers.begin(), result.numbers.end());
  result.outcome = decisive % 2 == 1 ? Outcome::N : Outcome::P;
  result.method = fmt::format("{} numbers of the components (Smith; the {} decides)", numbers,
                              every ? "largest" : "least");
  // Every-SG moves every component that can move; the conjunctive compound
  // has a move only while every component has one (decisive > 0).
  if (decisive > 0) {
    auto next = components;
    for (std::size_t i = 0; i < components.size(); ++i)
      if (result.numbers[i] > 0) next[i] = search_of(i).best_option(components[i]);
    result.move = Compound::encode(next);
  }
  return result;
}

}  // namespace

EveryAnalysis analyze_every(const Compound& every, const Position& position,
                            std::uint64_t search_limit) {
  if (every.kind() != CompoundKind::every)
    throw InputError(every.name(), "analyze_every needs an Every-SG compound");
  TurnAnalysis t = analyze_turns(every, position, search_limit, Tempo::suspense);
  return {t.outcome, std::move(t.numbers), std::move(t.move), std::move(t.method)};
}

ConjunctiveAnalysis analyze_conjunctive(const Compound& conjunctive, const Position& position,
                                        std::uint64_t search_limit) {
  if (conjunctive.kind() != CompoundKind::conjunctive)
    throw InputError(conjunctive.name(), "analyze_conjunctive needs a conjunctive compound");
  TurnAnalysis t = analyze_turns(conjunctive, position, search_limit, Tempo::remoteness);
  return {t.outcome, std::move(t.numbers), std::move(t.move), std::move(t.method)};
}

RemotenessAnalysis analyze_remoteness(const Ruleset& ruleset, const Position& position,
                                      Convention convention, std::uint64_t search_limit) {
  ruleset.check_position(position);
  RemotenessAnalysis result;
  if (ruleset.has_cycles()) {
    Retrograde search(ruleset, convention, search_limit);
    result.outcome = search.outcome(position);
    result.remoteness = search.remoteness(position);
    result.best = search.best_option(position);
    result.method = fmt::format("retrograde analysis ({} positions; wins, losses, draws)",
                                search.positions_stored());
    return result;
  }
  Remoteness search(ruleset, convention, search_limit);
  const std::uint64_t r = search.value(position);
  result.remoteness = r;
  result.outcome = r % 2 == 1 ? Outcome::N : Outcome::P;
  bool any = false;
  ruleset.for_each_option(position, [&](const Position&) { return !(any = true); });
  if (any) result.best = search.best_option(position);
  result.method = "Smith's remoteness (memoised search)";
  return result;
}

}  // namespace grundy
