#include "grundy/solve/retrograde.h"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"

namespace grundy {

Retrograde::Retrograde(const Ruleset& ruleset, Convention convention,
                       std::uint64_t position_limit)
    : ruleset_(ruleset),
      convention_(convention),
      limit_(std::min(position_limit, kMaxPositions)),
      work_(limit_) {}

Retrograde::Id Retrograde::ensure(const Position& position) {
  const Id first = graph_.vertex_count();
  const Id id = graph_.explore(
      ruleset_.canonical(position), limit_,
      [&](const Position& key, auto&& emit) {
        if (!work_.expansion()) work_.refuse("retrograde analysis", ruleset_.name());
        // Every option is stored here (numbered as a vertex), not only
        // looked up: each costs what an expansion does.
        detail::for_each_canonical_option(ruleset_, key, [&](Position&& option) {
          if (!work_.option(option.size()) || !work_.expansion())
            work_.refuse("retrograde analysis", ruleset_.name());
          emit(std::move(option));
        });
      },
      [&] {
        return LimitError(
            fmt::format(
                "retrograde analysis of '{}' would reach more than the limit of {} positions{}",
                ruleset_.name(), limit_, raise_with("search-limit")),
            ExceededLimit{"search-limit", limit_, 0});
      });
  // New positions reach only each other and positions labelled before.
  const Graph& graph = graph_.graph();
  if (graph.vertex_count() > first)
    detail::retrograde_label(graph, graph.reversed(first), first, convention_, labels_);
  return id;
}

std::vector<std::pair<Position, Retrograde::Id>> Retrograde::options_with_ids(
    const Position& position) {
  std::vector<Position> options;
  ruleset_.for_each_option(position, [&](const Position& after) {
    options.push_back(after);
    return true;
  });
  std::vector<std::pair<Position, Id>> result;
  result.reserve(options.size());
  for (Position& after : options) {
    const Id id = ensure(after);
    result.emplace_back(std::move(after), id);
  }
  return result;
}

Outcome Retrograde::outcome(const Position& position) {
  return detail::label_outcome(labels_.label[ensure(position)]);
}

std::optional<std::uint64_t> Retrograde::remoteness(const Position& position) {
  const Id id = ensure(position);
  if (labels_.label[id] == Label::draw) return std::nullopt;
  return labels_.remoteness[id];
}

OptionList Retrograde::options_labelled(const Position& position, Label label,
                                        std::size_t max) {
  OptionList result;
  for (auto& [after, id] : options_with_ids(position))
    if (labels_.label[id] == label && !result.add(std::move(after), max)) break;
  return result;
}

OptionList Retrograde::winning_options(const Position& position, std::size_t max) {
  ensure(position);
  return options_labelled(position, Label::lost, max);
}

OptionList Retrograde::drawing_options(const Position& position, std::size_t max) {
  if (labels_.label[ensure(position)] != Label::draw) return {};
  return options_labelled(position, Label::draw, max);
}

std::optional<Position> Retrograde::best_option(const Position& position) {
  const Label mine = labels_.label[ensure(position)];
  std::optional<Position> best;
  std::uint32_t best_remoteness = 0;
  for (auto& [after, id] : options_with_ids(position)) {
    switch (mine) {
      case Label::won:
        if (labels_.label[id] != Label::lost ||
            (best && labels_.remoteness[id] >= best_remoteness))
          continue;
        break;
      case Label::lost:
        // Every option of a lost position is won.
        if (best && labels_.remoteness[id] <= best_remoteness) continue;
        break;
      case Label::draw:
        if (labels_.label[id] != Label::draw) continue;
        return std::move(after);
    }
    best = std::move(after);
    best_remoteness = labels_.remoteness[id];
  }
  return best;
}

}  // namespace grundy
