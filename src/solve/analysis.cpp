#include "grundy/solve/analysis.h"

#include <unordered_map>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/nimber.h"
#include "grundy/rules/compound.h"
#include "grundy/rules/graph_tokens.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/nim.h"
#include "grundy/rules/position_ruleset.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/compound_analysis.h"
#include "grundy/solve/genus.h"
#include "grundy/solve/periodic_options.h"

namespace grundy {

namespace {

// A position ruleset's value, where no closed form gives it, is searched for
// only when the search is this small: an analysis must answer at once.
constexpr std::uint64_t kValueSearchLimit = 200'000;
constexpr std::uint64_t kValueSearchOptions = 4'000'000;

// Largest heap for which the misère-Nim rule is checked by a genus search
// before falling back on exhaustive search: the check visits every position
// reachable from heaps 0..N, which grows exponentially with N for splitting
// games.
constexpr Heap kMaxTameCheckHeap = 64;

void add_moves(const Ruleset& ruleset, const Position& before, const std::vector<Position>& afters,
               MoveList& list) {
  for (const Position& after : afters)
    list.moves.push_back(Move::to(before, after, ruleset.describe_move(before, after)));
}

}  // namespace

namespace detail {

Analysis analyze_heaps_beside(const HeapRuleset& ruleset, const Position& position, Nimber outside,
                              const AnalysisOptions& options) {
  Analysis a;
  HeapValues values(ruleset, options.compute);
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
  a.method = fmt::format("Sprague-Grundy: nim-sum of heap values ({})", values.method());
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
      periodic = period.saltus == 0
                     ? periodic_options_with_value(*values.code(), value_of, period.preperiod,
                                                   period.period, h, target, options.max_moves + 1)
                     : arithmetic_options_with_value(*values.code(), value_of, period.preperiod,
                                                     period.period, period.saltus, h, target,
                                                     options.max_moves + 1);
    }
    if (periodic && periodic->splits_omitted && options.count_only)
      throw LimitError(fmt::format(
          "counting the winning moves of heap {} of '{}' would need its splits enumerated (about "
          "n^2 of them); the moves that remove tokens are listed without --count",
          h, ruleset.name()));
    if (periodic) {
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
      for (const HeapOption& option : periodic->listed) {
        if (list.moves.size() == options.max_moves) {
          list.complete = false;
          break;
        }
        list.moves.push_back(HeapRuleset::heap_move(i, h, option));
      }
      if (periodic->count > periodic->listed.size()) list.complete = false;
      continue;
    }
    if (options.count_only) {
      // Counting needs no moves built: visit and count, stopping past the cap.
      auto tally = [&](const HeapOption&) { return ++counted <= options.max_moves; };
      if (!ruleset.for_each_heap_option_with_value(h, target, tally)) {
        ruleset.for_each_heap_option(h, [&](const HeapOption& option) {
          if (!within_budget()) return false;
          Nimber v = 0;
          for (std::uint8_t p = 0; p < option.part_count; ++p) v ^= values.value(option.parts[p]);
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
          for (std::uint8_t p = 0; p < option.part_count; ++p) v ^= values.value(option.parts[p]);
          return v == target ? keep(option) : true;
        });
        it = searched.emplace(h, hits).first;
      }
      heap_hits = &it->second;
    }
    for (const HeapOption& option : *heap_hits) {
      if (list.moves.size() == options.max_moves) {
        list.complete = false;
        break;
      }
      list.moves.push_back(HeapRuleset::heap_move(i, h, option));
    }
  }
  if (options.count_only) {
    if (list.complete) a.winning_move_count = counted;
  } else if (list.complete) {
    a.winning_move_count = list.moves.size();
  }
  return a;
}

// Misère play of a sum of heap games whose heaps are verified tame with
// nim-heap genera (genus.h): the misère-Nim rule on the normal values (the
// SJ theorem, docs/theory.md §4; ONAG ch. 12, WW ch. 13: sums of tame games are
// tame, with the genus of the nim position of their values).
std::optional<Analysis> misere_by_nim_rule(const std::vector<HeapPart>& parts,
                                           const AnalysisOptions& options,
                                           std::vector<std::pair<std::size_t, Move>>& moves) {
  std::vector<std::unique_ptr<HeapValues>> values;
  std::vector<Heap> largest(parts.size(), 0);
  for (std::size_t k = 0; k < parts.size(); ++k) {
    for (Heap h : *parts[k].position) largest[k] = std::max(largest[k], h);
    if (largest[k] > kMaxTameCheckHeap) return std::nullopt;
    if (!misere_nim_rule_applies(*parts[k].ruleset, largest[k], options.search_limit))
      return std::nullopt;
    values.push_back(std::make_unique<HeapValues>(*parts[k].ruleset, options.compute));
    values.back()->require(largest[k]);
  }
  Nimber total = 0;
  std::uint64_t large = 0;  // heaps of value > 1
  for (std::size_t k = 0; k < parts.size(); ++k)
    for (Heap h : *parts[k].position) {
      total ^= values[k]->value(h);
      large += values[k]->value(h) > 1;
    }
  // P iff (some value > 1 and nim-sum 0) or (all values <= 1 and nim-sum 1).
  auto lost = [](Nimber x, std::uint64_t big) { return big > 0 ? x == 0 : x == 1; };
  Analysis a;
  a.value_note = "Grundy values do not decide misère play in general; here the misère-Nim rule "
                 "on them does (the heaps are verified tame), and no misère value is given";
  a.outcome = lost(total, large) ? Outcome::P : Outcome::N;
  std::vector<std::string> checked;
  for (std::size_t k = 0; k < parts.size(); ++k)
    checked.push_back(parts.size() == 1 ? fmt::format("heaps 0..{}", largest[k])
                                        : fmt::format("{} heaps 0..{}", parts[k].ruleset->name(),
                                                      largest[k]));
  a.method = fmt::format(
      "misère-Nim rule on the heap values (SJ theorem), valid here: every position reachable from "
      "{} has the genus of a nim heap (genus search, docs/misere.md)",
      fmt::join(checked, ", "));
  if (a.outcome == Outcome::P) return a;
  std::uint64_t visits = 0;
  for (std::size_t k = 0; k < parts.size() && a.winning_moves.complete; ++k) {
    const Position& position = *parts[k].position;
    for (std::size_t i = 0; i < position.size() && a.winning_moves.complete; ++i) {
      const Heap h = position[i];
      const Nimber v = values[k]->value(h);
      parts[k].ruleset->for_each_heap_option(h, [&](const HeapOption& option) {
        if (++visits > options.max_option_visits) {
          a.winning_moves.complete = false;
          return false;
        }
        Nimber x = total ^ v;
        std::uint64_t big = large - (v > 1);
        for (std::uint8_t p = 0; p < option.part_count; ++p) {
          const Nimber w = values[k]->value(option.parts[p]);
          x ^= w;
          big += w > 1;
        }
        if (!lost(x, big)) return true;
        if (moves.size() == options.max_moves) {
          a.winning_moves.complete = false;
          return false;
        }
        moves.emplace_back(k, HeapRuleset::heap_move(i, h, option));
        return true;
      });
    }
  }
  return a;
}

}  // namespace detail

namespace {

Analysis analyze_position_normal(const PositionRuleset& ruleset, const Position& position,
                                 const AnalysisOptions& options) {
  Analysis a;
  a.outcome = ruleset.is_p_position(position) ? Outcome::P : Outcome::N;
  a.method = fmt::format("closed form ({})", ruleset.name());
  a.value = ruleset.closed_form_value(position);
  a.heap_values = ruleset.part_values(position);
  if (!a.value) {
    try {
      BruteForce search(ruleset, std::min(options.search_limit, kValueSearchLimit),
                        kValueSearchOptions);
      a.value = search.grundy_value(position);
    } catch (const LimitError&) {
      a.value_note = fmt::format(
          "the Grundy value of a {} position is not known in closed form, and this position is "
          "too large to search ({} positions, {} options at most); the outcome and winning moves "
          "are exact",
          ruleset.name(), kValueSearchLimit, kValueSearchOptions);
    }
  }
  bool complete = true;
  add_moves(ruleset, position, ruleset.winning_moves(position, options.max_moves, complete),
            a.winning_moves);
  a.winning_moves.complete = complete;
  return a;
}

std::optional<Analysis> analyze_misere_tame(const HeapRuleset& ruleset, const Position& position,
                                            const AnalysisOptions& options) {
  std::vector<std::pair<std::size_t, Move>> moves;
  auto a = detail::misere_by_nim_rule({{&ruleset, &position}}, options, moves);
  if (a)
    for (auto& [part, move] : moves) a->winning_moves.moves.push_back(std::move(move));
  return a;
}

Analysis analyze_misere(const Ruleset& ruleset, const Position& position,
                        const AnalysisOptions& options) {
  if (const auto* heaps = dynamic_cast<const HeapRuleset*>(&ruleset);
      heaps != nullptr && dynamic_cast<const Nim*>(&ruleset) == nullptr) {
    if (auto tame = analyze_misere_tame(*heaps, position, options)) return *tame;
  }
  Analysis a;
  a.value_note = "Grundy values do not decide misère play; no value is given";
  if (dynamic_cast<const Nim*>(&ruleset) != nullptr) {
    a.method = "closed form (misère Nim)";
    a.outcome = misere_nim_is_p_position(position) ? Outcome::P : Outcome::N;
    auto moves = misere_nim_winning_moves(position);
    if (moves.size() > options.max_moves) {
      moves.resize(options.max_moves);
      a.winning_moves.complete = false;
    }
    add_moves(ruleset, position, moves, a.winning_moves);
    return a;
  }
  BruteForce search(ruleset, options.search_limit);
  a.outcome = search.mover_wins(position, Convention::misere) ? Outcome::N : Outcome::P;
  bool complete = true;
  add_moves(ruleset, position,
            search.winning_options(position, Convention::misere, options.max_moves, complete),
            a.winning_moves);
  a.winning_moves.complete = complete;
  a.method = fmt::format("exhaustive search ({} positions)", search.positions_stored());
  return a;
}

}  // namespace

namespace {
Analysis with_count(Analysis a, const AnalysisOptions& options) {
  if (!a.winning_move_count && a.winning_moves.complete)
    a.winning_move_count = a.winning_moves.moves.size();
  if (options.count_only) a.winning_moves.moves.clear();
  return a;
}

// Tokens on a graph, and any game with cycles, are analysed as a sum of one
// component (compound_analysis.h: γ, or retrograde analysis in misère play).
Analysis analyze_single_component(const Ruleset& ruleset, const Position& position,
                                  const AnalysisOptions& options) {
  const Compound sum({std::shared_ptr<const Ruleset>(&ruleset, [](const Ruleset*) {})},
                     CompoundKind::disjunctive);
  Analysis a = analyze_compound(sum, Compound::encode({position}), options);
  for (Move& move : a.winning_moves.moves) {
    const Position after = sum.decode(move.parts).front();
    move = Move::to(position, after, ruleset.describe_move(position, after));
  }
  return a;
}

}  // namespace

Analysis analyze(const Ruleset& ruleset, const Position& position, const AnalysisOptions& options) {
  ruleset.check_position(position);
  if (const auto* sum = dynamic_cast<const Compound*>(&ruleset);
      sum != nullptr && sum->kind() == CompoundKind::disjunctive)
    return with_count(analyze_compound(*sum, position, options), options);
  if (ruleset.has_cycles() || dynamic_cast<const GraphTokens*>(&ruleset) != nullptr)
    return with_count(analyze_single_component(ruleset, position, options), options);
  if (options.convention == Convention::misere)
    return with_count(analyze_misere(ruleset, position, options), options);
  if (const auto* heaps = dynamic_cast<const HeapRuleset*>(&ruleset))
    return with_count(detail::analyze_heaps_beside(*heaps, position, 0, options), options);
  if (const auto* closed = dynamic_cast<const PositionRuleset*>(&ruleset))
    return with_count(analyze_position_normal(*closed, position, options), options);
  // Any other ruleset: search by definition.
  Analysis a;
  BruteForce search(ruleset, options.search_limit);
  a.value = search.grundy_value(position);
  a.outcome = *a.value ? Outcome::N : Outcome::P;
  bool complete = true;
  add_moves(ruleset, position,
            search.winning_options(position, Convention::normal, options.max_moves, complete),
            a.winning_moves);
  a.winning_moves.complete = complete;
  a.method = "exhaustive search";
  return with_count(std::move(a), options);
}

}  // namespace grundy
