// The table-and-pattern method: what a table of values or outcomes of a
// family of positions (n -> position, or (n, m) -> position) shows. The
// tables themselves are made by pattern_table.h.
//
// Description: observe_pattern reads a table of Grundy values G(from..to),
//   observe_outcomes a table of outcomes; each reports
//   - the least period p, its least preperiod n0 and saltus s >= 0 with
//     v(n + p) = v(n) + s for n0 <= n <= to - p (periodicity.h's detection
//     rule: seen twice and confirmed by at least max(p, 8) pairs; an outcome
//     table is read as P = 0, N = 1, D = 2, so its saltus is 0);
//   - the P-positions (value 0, outcome P), the gaps between them, the
//     pattern of the gaps (the same rule over the gap sequence) and, where the
//     P-positions from some point on are each the sum of the two before them
//     (Fibonacci Nim), from which one (confirmed by at least 8 of them);
//   observe_grid reads a table of outcomes of (n, m): the P-positions as a
//   set of (n, m), per row n the P-position m's as runs and the pattern of
//   the row (the same rule over m).
//   Everything here is a statement about the table only: "observed up to N".
//   A periodicity is proven only when the caller puts in one that a theorem
//   proved (for a heap code, find_periodicity in periodicity.h); the label
//   then names the theorem. Nothing in this file proves anything.
//   pattern_text / grid_text render a report (and a plot of the table in
//   text: one character per entry) for people; the CLI's `grundy pattern`
//   prints exactly these.
// Source: docs/theory.md §3 (periodicity); the detection rule is
//   periodicity.h's. Fibonacci Nim's P-positions: M. J. Whinihan, "Fibonacci
//   Nim", Fibonacci Quarterly 1 (1963) 9-13.
// Time: O(N) per table in practice (periodicity.h); a grid O(rows × columns).
// Memory: the P-positions and gaps.
// Status: tests/unit/pattern_test.cpp (subtraction games, Nim, Fibonacci
//   P-positions, Wythoff's pairs against their closed forms; every label
//   observed unless a proven periodicity is given).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/nimber.h"
#include "grundy/core/outcome.h"
#include "grundy/core/types.h"
#include "grundy/solve/periodicity.h"

namespace grundy {

struct PatternReport {
  bool of_values = false;   // a table of Grundy values (else of outcomes)
  std::uint64_t from = 0;   // the table covers n = from .. from + count - 1
  std::uint64_t count = 0;
  // The pattern of the table, in absolute n: v(n + period) = v(n) + saltus
  // for preperiod <= n < checked_to - period. Observed, unless a caller put
  // in a proven one (with_proven_periodicity).
  Periodicity periodicity;
  std::vector<std::uint64_t> p_positions;  // n with value 0 / outcome P
  std::vector<std::uint64_t> gaps;         // p_positions[k + 1] - p_positions[k]
  // The pattern of the gaps, indexed by k (gap k is between the P-positions
  // k and k + 1): always observed.
  Periodicity gap_periodicity;
  // The least k such that p_positions[j] = p_positions[j - 1] +
  // p_positions[j - 2] for every j >= k (k >= 2), when at least 8 such j
  // confirm it.
  std::optional<std::uint64_t> sum_of_two_before_from;
  std::uint64_t draws = 0;  // outcome D (outcome tables only)

  // The last n of the table (from - 1 when it is empty).
  std::uint64_t last() const { return from + count - 1; }
  // "proven (THEOREM)" or "observed up to n = N".
  std::string label() const;
};

// The report of G(from), G(from + 1), ...
PatternReport observe_pattern(std::span<const Nimber> values, std::uint64_t from = 0);
// The report of the outcomes o(from), o(from + 1), ...
PatternReport observe_outcomes(std::span<const Outcome> outcomes, std::uint64_t from = 0);

// `report` with the periodicity replaced by `proven` (found by a theorem on
// the same values, such as find_periodicity for a heap code; from = 0), when
// it is proven; otherwise `report` unchanged.
PatternReport with_proven_periodicity(PatternReport report, const Periodicity& proven);

// Outcomes of (n, m) for n = n_from..n_from + rows - 1 and m = m_from..m_from
// + columns - 1, row by row.
struct OutcomeGrid {
  std::uint64_t n_from = 0, m_from = 0;
  std::uint64_t rows = 0, columns = 0;
  std::vector<Outcome> outcomes;  // rows × columns; the last row may be cut short

  Outcome at(std::uint64_t n, std::uint64_t m) const {
    return outcomes[(n - n_from) * columns + (m - m_from)];
  }
};

struct GridReport {
  std::uint64_t n_from = 0, m_from = 0;
  std::uint64_t rows = 0, columns = 0;  // complete rows only
  std::vector<std::pair<std::uint64_t, std::uint64_t>> p_positions;  // (n, m)
  struct Row {
    std::uint64_t n = 0;
    // The P-position m's of the row as runs [first, last].
    std::vector<std::pair<std::uint64_t, std::uint64_t>> p_runs;
    PatternReport pattern;  // the row's outcomes along m
  };
  std::vector<Row> rows_seen;
  std::uint64_t draws = 0;
  // Whether (n, m) and (m, n) have the same outcome wherever both are in the table.
  bool symmetric = true;

  std::string label() const;  // "observed for n <= N, m <= M"
};

GridReport observe_grid(const OutcomeGrid& grid);

// A periodicity in words: "period 12 from n = 71", "period 4 from n = 1,
// saltus 4 (arithmetic)", "no period seen"; `index` names the variable.
std::string periodicity_text(const Periodicity& periodicity, const std::string& index = "n");

// The report for people, its first line `title`; with a plot of the table
// (one character per n: the value in base 36, '+' from 36 on, or P / N / D;
// at most `plot_limit` entries) when the values or the outcomes are given.
std::string pattern_text(const PatternReport& report, const std::string& title,
                         std::span<const Nimber> values = {}, std::span<const Outcome> outcomes = {},
                         std::uint64_t plot_limit = 4096);
// The grid report for people, with the grid (rows n, columns m, P / N / D;
// at most `plot_limit` rows and columns) and each row's P-positions.
std::string grid_text(const GridReport& report, const OutcomeGrid& grid, const std::string& title,
                      std::uint64_t plot_limit = 100);

}  // namespace grundy
