#include "grundy/solve/strategy.h"

#include "grundy/core/error.h"
#include "grundy/solve/analysis.h"

namespace grundy {

std::optional<Position> first_option(const Ruleset& ruleset, const Position& position) {
  std::optional<Position> first;
  ruleset.for_each_option(position, [&](const Position& after) {
    first = after;
    return false;
  });
  return first;
}

Strategy::Strategy(const Ruleset& ruleset, Convention convention, std::uint64_t search_limit)
    : ruleset_(ruleset), convention_(convention), limit_(search_limit),
      remoteness_(ruleset, convention, search_limit) {
  // Recursive search cannot end in a game with cycles: there the moves come
  // from a retrograde analysis with wins, losses and draws.
  if (ruleset.has_cycles()) loopy_ = std::make_unique<Retrograde>(ruleset, convention, search_limit);
}

void Strategy::set_control(const SearchControl* control) {
  control_ = control;
  remoteness_.set_control(control);
  if (loopy_) loopy_->set_control(control);
}

std::optional<Strategy::Choice> Strategy::best_move(const Position& position) {
  const std::optional<Position> first = first_option(ruleset_, position);
  if (!first) return std::nullopt;
  if (loopy_) return Choice{*loopy_->best_option(position), {}};
  std::string note;
  try {
    return Choice{remoteness_.best_option(position), {}};
  } catch (const LimitError&) {
    note = "too large for the remoteness search";
  }
  try {
    AnalysisOptions options;
    options.convention = convention_;
    options.max_moves = 1;
    options.search_limit = limit_;
    options.control = control_;
    const Analysis a = analyze(ruleset_, position, options);
    if (!a.winning_moves.items.empty()) return Choice{a.winning_moves.items.front().after(position), {}};
  } catch (const LimitError&) {
    note += "; too large to find a winning move";
  }
  return Choice{*first, note};
}

Strategy::Hint Strategy::hint(const Position& position) {
  Hint hint;
  hint.loopy = loopy_ != nullptr;
  if (loopy_) {
    const Outcome outcome = loopy_->outcome(position);
    if (outcome == Outcome::N) {
      const Position after = *loopy_->best_option(position);
      hint.winning = Move::to(position, after, ruleset_.describe_move(position, after));
    } else if (outcome == Outcome::D) {
      // best_option keeps the draw when no win exists (retrograde.h).
      if (const auto after = loopy_->best_option(position))
        hint.drawing = Move::to(position, *after, ruleset_.describe_move(position, *after));
    }
    return hint;
  }
  AnalysisOptions options;
  options.convention = convention_;
  options.max_moves = 1;
  options.search_limit = limit_;
  options.control = control_;
  const Analysis a = analyze(ruleset_, position, options);
  if (a.outcome == Outcome::N && !a.winning_moves.items.empty())
    hint.winning = a.winning_moves.items.front();
  return hint;
}

std::optional<std::uint64_t> Strategy::remoteness(const Position& position) {
  if (loopy_) return loopy_->remoteness(position);
  return remoteness_.value(position);
}

EveryStrategy::EveryStrategy(const Ruleset& ruleset, std::uint64_t search_limit)
    : ruleset_(ruleset), suspense_(ruleset, search_limit) {}

std::vector<std::size_t> EveryStrategy::movable(const std::vector<Position>& components) const {
  std::vector<std::size_t> result;
  for (std::size_t i = 0; i < components.size(); ++i)
    if (first_option(ruleset_, components[i])) result.push_back(i);
  return result;
}

void EveryStrategy::set_control(const SearchControl* control) { suspense_.set_control(control); }

bool EveryStrategy::mover_wins(const std::vector<Position>& components) {
  return suspense_.mover_wins(components);
}

std::vector<Position> EveryStrategy::best_move(const std::vector<Position>& components,
                                               bool& noted) {
  std::vector<Position> next = components;
  for (std::size_t i : movable(components)) {
    try {
      next[i] = suspense_.best_option(components[i]);
    } catch (const LimitError&) {
      next[i] = *first_option(ruleset_, components[i]);
      noted = true;
    }
  }
  return next;
}

std::vector<Position> EveryStrategy::best_move(const std::vector<Position>& components) {
  std::vector<Position> next = components;
  for (std::size_t i : movable(components)) next[i] = suspense_.best_option(components[i]);
  return next;
}

}  // namespace grundy
