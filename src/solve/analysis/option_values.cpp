#include "grundy/solve/option_values.h"

#include <algorithm>
#include <map>
#include <memory>

#include "grundy/core/error.h"
#include "grundy/rules/compound.h"
#include "solve/analysis/valuation.h"

namespace grundy {

namespace {

// The fewest positions an option's search may store in misère play, however
// many options share the position's limit.
constexpr std::uint64_t kLeastOptionSearch = 1000;

// The mex of a set of values: the least value not among them. Sorted rather
// than marked in a MexSet (core/nimber.h), whose bits would run to the
// largest value: an option of Wythoff's game near 10^12 has a value near it.
Nimber mex_of(std::vector<Nimber> values) {
  std::sort(values.begin(), values.end());
  Nimber m = 0;
  for (const Nimber v : values)
    if (v == m) ++m;
    else if (v > m) break;
  return m;
}

}  // namespace

OptionValues option_values(const Ruleset& ruleset, const Position& position,
                           const AnalysisOptions& options, std::size_t max_rows) {
  const auto* compound = dynamic_cast<const Compound*>(&ruleset);
  if (compound != nullptr && compound->kind() != CompoundKind::disjunctive)
    throw InputError(ruleset.name(),
                     "the options' values are those of a sum in normal or misère play; an "
                     "Every-SG or conjunctive compound is analysed by its suspense or remoteness");
  ruleset.check_position(position);
  OptionValues out;
  std::vector<Position> after;
  ruleset.for_each_option(position, [&](const Position& option) {
    if (after.size() == max_rows) {
      out.complete = false;
      return false;
    }
    after.push_back(option);
    return true;
  });
  const bool misere = options.convention == Convention::misere;
  if (misere) {
    AnalysisOptions outcome_only = options;
    outcome_only.max_moves = 0;
    outcome_only.count_only = false;
    // The options share the position's search budget: each option's own
    // analysis may search (a misère sum is searched whole), and 500 options
    // must not cost 500 searches of the full limit.
    if (!after.empty())
      outcome_only.search_limit =
          std::max<std::uint64_t>(kLeastOptionSearch, options.search_limit / after.size());
    for (const Position& option : after)
      out.options.push_back({ruleset.describe_move(position, option), option, std::nullopt,
                             analyze(ruleset, option, outcome_only).outcome});
    return out;
  }
  // The components, each valued once; a game alone is a sum of one.
  std::vector<Position> parts = compound ? compound->decode(position) : std::vector<Position>{position};
  std::vector<const Ruleset*> games;
  for (std::size_t i = 0; i < parts.size(); ++i)
    games.push_back(compound ? &compound->ruleset(i) : &ruleset);
  // One valuation per game, shared by its components (as analysis.cpp does).
  std::map<const Ruleset*, std::unique_ptr<detail::Valuation>> valuations;
  for (const Ruleset* game : games)
    if (!valuations[game]) valuations[game] = detail::valuation_of(*game, options);
  auto valuation = [&](std::size_t i) -> detail::Valuation& { return *valuations.at(games[i]); };
  std::vector<GammaValue> values;
  for (std::size_t i = 0; i < parts.size(); ++i) values.push_back(valuation(i).value(parts[i]));
  bool all_finite = true;
  std::vector<Nimber> finite;
  for (const Position& option : after) {
    const std::vector<Position> changed = compound ? compound->decode(option) : std::vector<Position>{option};
    GammaValue total{true, 0, {}};
    for (std::size_t i = 0; i < parts.size(); ++i)
      total = gamma_sum(total, changed[i] == parts[i] ? values[i] : valuation(i).value(changed[i]));
    out.options.push_back({ruleset.describe_move(position, option), option, total, outcome_of(total)});
    if (total.finite) finite.push_back(total.value);
    else all_finite = false;
  }
  if (out.complete && all_finite) out.mex = mex_of(std::move(finite));
  return out;
}

}  // namespace grundy
