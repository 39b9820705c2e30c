// Tables of a family of positions for the table-and-pattern method
// (pattern.h): a GameSolver (user_game.h) asked for the value or the outcome
// of family(n) for n = from..to, or of family(n, m) over a rectangle.
//
// Description: one solver answers every position of the table, so what it
//   learns for one n (its transposition table) serves the next; positions
//   are asked in increasing n (and m), small first. The control's progress
//   gets {done, total} after each position; once its stop flag is true
//   the table returned is the prefix computed so far (whole rows for a grid).
//   A LimitError of the solver (its position limit) propagates.
// Source: the tables of Winning Ways ch. 3-4 and of contest practice
//   ("print the small cases, guess the rule"), done by the library.
// Time and memory: the solver's, for every position of the table.
// Status: tests/unit/pattern_test.cpp (tables of subtraction games, Nim and
//   Wythoff against their closed forms); docs/contest.md's examples
//   (examples/contest_patterns.cpp, run by tests/cli/user_examples_test.cpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/outcome.h"
#include "grundy/core/types.h"
#include "grundy/solve/control.h"
#include "grundy/solve/convention.h"
#include "grundy/solve/pattern.h"
#include "grundy/solve/user_game.h"

namespace grundy {

// How far a table is: positions done of those asked.
struct TableProgress {
  std::uint64_t done = 0;
  std::uint64_t total = 0;
};

// Its progress is called after each position; its stop flag is read before
// each: once it is true, the table stops (a prefix).
using TableControl = Control<TableProgress>;

namespace detail {

inline std::uint64_t table_length(std::uint64_t from, std::uint64_t to, const char* what) {
  if (to < from) throw InputError(what, "the table's last index is below its first");
  if (to - from >= (std::uint64_t{1} << 40)) throw LimitError("a table of more than 2^40 positions");
  return to - from + 1;
}

}  // namespace detail

// The outcomes of family(from), ..., family(to) under `convention`.
template <Game G, class Family>
std::vector<Outcome> outcome_table(GameSolver<G>& solver, Family&& family, std::uint64_t from,
                                   std::uint64_t to, Convention convention = Convention::normal,
                                   const TableControl& control = {}) {
  const std::uint64_t total = detail::table_length(from, to, "to");
  std::vector<Outcome> outcomes;
  for (std::uint64_t n = from; n - from < total && !control.stopped(); ++n) {
    outcomes.push_back(solver.outcome(family(n), convention));
    control.report({outcomes.size(), total});
  }
  return outcomes;
}

// The normal-play Grundy values G(family(from)), ..., G(family(to)). Throws
// InputError for a position whose γ is infinite (a loopy game: ask
// outcome_table) and, as GameSolver::value, one whose result the rules fix.
template <Game G, class Family>
std::vector<Nimber> value_table(GameSolver<G>& solver, Family&& family, std::uint64_t from,
                                std::uint64_t to, const TableControl& control = {}) {
  const std::uint64_t total = detail::table_length(from, to, "to");
  std::vector<Nimber> values;
  for (std::uint64_t n = from; n - from < total && !control.stopped(); ++n) {
    const std::optional<Nimber> value = solver.grundy_value(family(n));
    if (!value)
      throw InputError(std::to_string(n),
                       fmt::format("position {} of the family has an infinite value (a loopy "
                                   "game): tabulate outcomes instead",
                                   n));
    values.push_back(*value);
    control.report({values.size(), total});
  }
  return values;
}

// The outcomes of family(n, m) for n_from <= n <= n_to, m_from <= m <= m_to.
template <Game G, class Family>
OutcomeGrid outcome_grid(GameSolver<G>& solver, Family&& family, std::uint64_t n_from,
                         std::uint64_t n_to, std::uint64_t m_from, std::uint64_t m_to,
                         Convention convention = Convention::normal,
                         const TableControl& control = {}) {
  OutcomeGrid grid;
  grid.n_from = n_from;
  grid.m_from = m_from;
  grid.rows = detail::table_length(n_from, n_to, "n");
  grid.columns = detail::table_length(m_from, m_to, "m");
  if (grid.rows > (std::uint64_t{1} << 40) / grid.columns)
    throw LimitError("a table of more than 2^40 positions");
  const std::uint64_t total = grid.rows * grid.columns;
  for (std::uint64_t r = 0; r < grid.rows && !control.stopped(); ++r) {
    for (std::uint64_t c = 0; c < grid.columns; ++c) {
      grid.outcomes.push_back(solver.outcome(family(n_from + r, m_from + c), convention));
      control.report({grid.outcomes.size(), total});
    }
  }
  return grid;
}

}  // namespace grundy
