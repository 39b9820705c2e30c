#include "grundy/rules/ruleset.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grundy/core/error.h"

namespace grundy {

Move Move::to(const Position& before, Position after, std::string description) {
  Move move;
  move.index = 0;
  move.replaced = before.size();
  move.parts = std::move(after);
  move.description = std::move(description);
  return move;
}

Position Move::after(const Position& before) const {
  // A move from another position (possible through the Python module) is
  // refused, never applied out of bounds.
  auto misfit = [&] {
    return InputError(description, "this move does not fit the position it is applied to");
  };
  // Where the splice starts in `before`, and the length prefix to update.
  std::size_t at = index, prefix = kWhole;
  if (component != kWhole) {
    std::size_t offset = 0;
    for (std::size_t c = 0; c < component; ++c) {
      if (offset >= before.size() || before[offset] >= before.size() - offset) throw misfit();
      offset += 1 + static_cast<std::size_t>(before[offset]);
    }
    if (offset >= before.size() || index > before[offset] || replaced > before[offset] - index ||
        before[offset] >= before.size() - offset)
      throw misfit();
    prefix = offset;
    at = offset + 1 + index;
  }
  if (at > before.size() || replaced > before.size() - at) throw misfit();
  Position result;
  result.reserve(before.size() - replaced + parts.size());
  result.insert(result.end(), before.begin(), before.begin() + static_cast<std::ptrdiff_t>(at));
  result.insert(result.end(), parts.begin(), parts.end());
  result.insert(result.end(), before.begin() + static_cast<std::ptrdiff_t>(at + replaced),
                before.end());
  if (prefix != kWhole) result[prefix] = result[prefix] - replaced + parts.size();
  return result;
}

void Ruleset::check_position(const Position&) const {}

void Ruleset::for_each_canonical_option(const Position& position,
                                        const std::function<bool(Position&&)>& visit) const {
  for_each_option(position, [&](const Position& after) { return visit(canonical(after)); });
}

std::string Ruleset::show(const Position& position) const {
  return fmt::format("{}", fmt::join(position, " "));
}

std::vector<Move> Ruleset::moves(const Position& position) const {
  std::vector<Move> result;
  for_each_option(position, [&](const Position& after) {
    result.push_back(Move::to(position, after, describe_move(position, after)));
    return true;
  });
  return result;
}

OptionList Ruleset::options(const Position& position, std::size_t max) const {
  OptionList result;
  for_each_option(position, [&](const Position& after) { return result.add(after, max); });
  return result;
}

}  // namespace grundy
