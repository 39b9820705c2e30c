// A built-in ruleset (rules/ruleset.h) as a user game (user_game_rules.h),
// so that GameSolver and the tables of pattern_table.h run on it: one
// memoised solver answers every position of a table (`grundy pattern`).
//
// Description: positions are the ruleset's lists of numbers; the moves its
//   for_each_option, lazily (the solver may stop at a losing option); the
//   canonical form its canonical(); and when each number of a position is a
//   component of its own (heaps, tokens on a graph) the components are the
//   one-number positions, so that normal-play values are computed per heap
//   and added by nim-sum (docs/theory.md §1). Misère play and outcomes of a
//   game without components are searched on whole positions by GameSolver.
// Source: docs/theory.md §1, §4.
// Time and memory: GameSolver's.
// Status: tests/unit/pattern_test.cpp (Kayles, Nim, Wythoff and misère Nim
//   tables against HeapValues, Wythoff's closed form and misère Nim's rule).
#pragma once

#include <cstddef>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/rules/ruleset.h"
#include "grundy/solve/brute_force.h"

namespace grundy {

struct RulesetGame {
  using position = Position;
  const Ruleset* ruleset;  // not owned; outlives the game

  static std::size_t hash(const Position& p) { return PositionHash{}(p); }
  Position canonical(const Position& p) const { return ruleset->canonical(p); }
  std::vector<Position> components(const Position& p) const {
    if (!ruleset->numbers_are_components() || p.size() <= 1) return {p};
    std::vector<Position> parts;
    parts.reserve(p.size());
    for (Heap h : p) parts.push_back(Position{h});
    return parts;
  }
  template <class Visit>
  void moves(const Position& p, Visit&& visit) const {
    ruleset->for_each_option(p, [&](const Position& option) { return visit(option); });
  }
};

}  // namespace grundy
