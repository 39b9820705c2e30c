#include "grundy/solve/compound_analysis.h"

#include <algorithm>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/retrograde.h"
#include "grundy/solve/remoteness.h"

namespace grundy {

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
                           std::uint64_t search_limit, Tempo tempo,
                           const SearchControl* control) {
  compound.check_position(position);
  const bool every = tempo == Tempo::suspense;
  const char* numbers = every ? "suspense" : "remoteness";
  TurnAnalysis result;
  if (compound.has_cycles()) {
    Retrograde search(compound, Convention::normal, search_limit);
    search.set_control(control);
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
    if (!slot) {
      slot = std::make_unique<TempoSearch>(compound.ruleset(i), Convention::normal, tempo,
                                           search_limit);
      slot->set_control(control);
    }
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

std::optional<std::uint64_t> CompoundAnalysis::decisive() const {
  if (numbers.empty()) return std::nullopt;
  return tempo == Tempo::suspense ? *std::max_element(numbers.begin(), numbers.end())
                                  : *std::min_element(numbers.begin(), numbers.end());
}

CompoundAnalysis analyze_every(const Compound& every, const Position& position,
                               std::uint64_t search_limit, const SearchControl* control) {
  if (every.kind() != CompoundKind::every)
    throw InputError(every.name(), "analyze_every needs an Every-SG compound");
  TurnAnalysis t = analyze_turns(every, position, search_limit, Tempo::suspense, control);
  return {t.outcome, std::move(t.numbers), std::move(t.move), std::move(t.method),
          Tempo::suspense};
}

CompoundAnalysis analyze_conjunctive(const Compound& conjunctive, const Position& position,
                                     std::uint64_t search_limit, const SearchControl* control) {
  if (conjunctive.kind() != CompoundKind::conjunctive)
    throw InputError(conjunctive.name(), "analyze_conjunctive needs a conjunctive compound");
  TurnAnalysis t = analyze_turns(conjunctive, position, search_limit, Tempo::remoteness, control);
  return {t.outcome, std::move(t.numbers), std::move(t.move), std::move(t.method),
          Tempo::remoteness};
}

CompoundAnalysis analyze_compound(const Compound& compound, const Position& position,
                                  std::uint64_t search_limit, const SearchControl* control) {
  return compound.kind() == CompoundKind::conjunctive
             ? analyze_conjunctive(compound, position, search_limit, control)
             : analyze_every(compound, position, search_limit, control);
}

RemotenessAnalysis analyze_remoteness(const Ruleset& ruleset, const Position& position,
                                      Convention convention, std::uint64_t search_limit,
                                      const SearchControl* control) {
  ruleset.check_position(position);
  RemotenessAnalysis result;
  if (ruleset.has_cycles()) {
    Retrograde search(ruleset, convention, search_limit);
    search.set_control(control);
    result.outcome = search.outcome(position);
    result.remoteness = search.remoteness(position);
    result.best = search.best_option(position);
    result.method = fmt::format("retrograde analysis ({} positions; wins, losses, draws)",
                                search.positions_stored());
    return result;
  }
  Remoteness search(ruleset, convention, search_limit);
  search.set_control(control);
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
