#include "grundy/rules/wythoff.h"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/rules/wythoff_closed_form.h"

namespace grundy {

void Wythoff::check_position(const Position& heaps) const {
  if (heaps.size() != 2)
    throw InputError(fmt::to_string(heaps.size()),
                     fmt::format("wythoff needs exactly 2 heaps, got {}", heaps.size()));
}

void Wythoff::for_each_option(const Position& heaps,
                              const std::function<bool(const Position&)>& visit) const {
  const Heap x = heaps[0], y = heaps[1];
  for (Heap c = 1; c <= x; ++c)
    if (!visit({x - c, y})) return;
  for (Heap c = 1; c <= y; ++c)
    if (!visit({x, y - c})) return;
  for (Heap c = 1; c <= std::min(x, y); ++c)
    if (!visit({x - c, y - c})) return;
}

std::string Wythoff::describe_move(const Position& before, const Position& after) const {
  const Heap a = before[0] - after[0], b = before[1] - after[1];
  if (a == b) return fmt::format("take {} from both heaps", a);
  if (a > 0) return fmt::format("take {} from heap 1", a);
  return fmt::format("take {} from heap 2", b);
}

Position Wythoff::canonical(const Position& heaps) const {
  return {std::min(heaps[0], heaps[1]), std::max(heaps[0], heaps[1])};
}

bool Wythoff::is_p_position(const Position& heaps) const {
  return wythoff::is_p_position(heaps[0], heaps[1]);
}

OptionList Wythoff::winning_moves(const Position& heaps, std::size_t max_moves) const {
  OptionList result;
  for (const auto& [x, y] : wythoff::winning_moves(heaps[0], heaps[1]))
    if (!result.add({x, y}, max_moves)) break;
  return result;
}

std::optional<Nimber> Wythoff::closed_form_value(const Position& heaps) const {
  if (is_p_position(heaps)) return 0;
  return std::nullopt;
}

}  // namespace grundy
