#include "grundy/rules/staircase.h"

#include <fmt/format.h>

#include "grundy/core/error.h"

namespace grundy {

namespace {
// position[i] is stair i + 1, so the odd stairs are the even indices.
Nimber odd_stair_sum(const Position& stairs) {
  Nimber x = 0;
  for (std::size_t i = 0; i < stairs.size(); i += 2) x ^= stairs[i];
  return x;
}
}  // namespace

void StaircaseNim::for_each_option(const Position& stairs,
                                   const std::function<bool(const Position&)>& visit) const {
  Position after = stairs;
  for (std::size_t i = 0; i < stairs.size(); ++i) {
    for (Heap c = 1; c <= stairs[i]; ++c) {
      after[i] = stairs[i] - c;
      if (i > 0) after[i - 1] = stairs[i - 1] + c;
      if (!visit(after)) return;
    }
    after[i] = stairs[i];
    if (i > 0) after[i - 1] = stairs[i - 1];
  }
}

std::string StaircaseNim::describe_move(const Position& before, const Position& after) const {
  GRUNDY_ASSERT(before.size() == after.size());
  std::size_t i = before.size();
  while (i-- > 0)
    if (after[i] < before[i]) break;
  GRUNDY_ASSERT(i < before.size());
  const Heap moved = before[i] - after[i];
  const char* tokens = moved == 1 ? "token" : "tokens";
  if (i == 0) return fmt::format("move {} {} from stair 1 to the ground", moved, tokens);
  return fmt::format("move {} {} from stair {} to stair {}", moved, tokens, i + 1, i);
}

bool StaircaseNim::is_p_position(const Position& stairs) const { return odd_stair_sum(stairs) == 0; }

OptionList StaircaseNim::winning_moves(const Position& stairs, std::size_t max_moves) const {
  return *options_with_value(stairs, 0, max_moves);
}

// The value after a move is the odd stairs' nim-sum: a move must change it by
// d = X xor target. On an odd stair that is one move (down to a xor d, when
// smaller), on an even stair one push onto the odd stair below (up to b xor
// d, when larger and there are enough tokens). d = 0 has no move: every
// move changes one odd stair.
std::optional<OptionList> StaircaseNim::options_with_value(const Position& stairs, Nimber target,
                                                           std::size_t max_moves) const {
  OptionList result;
  const Nimber d = odd_stair_sum(stairs) ^ target;
  if (d == 0) return result;
  for (std::size_t i = 0; i < stairs.size(); ++i) {
    Position after = stairs;
    if (i % 2 == 0) {
      // Odd stair: bring it down to a xor d, sending the rest one stair down.
      const Heap wanted = stairs[i] ^ d;
      if (wanted >= stairs[i]) continue;
      after[i] = wanted;
      if (i > 0) after[i - 1] += stairs[i] - wanted;
    } else {
      // Even stair: push tokens onto the odd stair below to make it b xor d.
      const Heap below = stairs[i - 1], wanted = below ^ d;
      if (wanted <= below || wanted - below > stairs[i]) continue;
      after[i] -= wanted - below;
      after[i - 1] = wanted;
    }
    if (!result.add(std::move(after), max_moves)) break;
  }
  return result;
}

std::optional<Nimber> StaircaseNim::closed_form_value(const Position& stairs) const {
  return odd_stair_sum(stairs);
}

std::optional<std::vector<Nimber>> StaircaseNim::part_values(const Position& stairs) const {
  std::vector<Nimber> values(stairs.size(), 0);
  for (std::size_t i = 0; i < stairs.size(); i += 2) values[i] = stairs[i];
  return values;
}

}  // namespace grundy
