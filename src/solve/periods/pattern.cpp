// The table-and-pattern method: reports on tables; see the header for
// Description / Source / Time / Memory / Status.
#include "grundy/solve/pattern.h"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/error.h"

namespace grundy {

namespace {

// P-positions listed, and gaps shown, at most.
constexpr std::size_t kListed = 60;

// An outcome as a value for the detection rule: P = 0, N = 1, D = 2.
Nimber outcome_code(Outcome o) {
  switch (o) {
    case Outcome::P: return 0;
    case Outcome::N: return 1;
    case Outcome::D: return 2;
  }
  return 2;
}

// `periodicity` of a table starting at `from`, in absolute indices.
Periodicity shifted(Periodicity periodicity, std::uint64_t from) {
  periodicity.checked_to += from;
  if (periodicity.period != 0) periodicity.preperiod += from;
  return periodicity;
}

// The P-position part of a report: gaps, their pattern, the Fibonacci-like rule.
void observe_p_positions(PatternReport& report) {
  const auto& p = report.p_positions;
  for (std::size_t k = 1; k < p.size(); ++k) report.gaps.push_back(p[k] - p[k - 1]);
  report.gap_periodicity = detect_periodicity(std::span<const Nimber>(report.gaps));
  if (p.size() < 3) return;
  std::size_t k = p.size();
  while (k - 1 >= 2 && p[k - 1] == p[k - 2] + p[k - 3]) --k;
  if (p.size() - k >= kMinConfirmations) report.sum_of_two_before_from = k;
}

std::string number_list(const std::vector<std::uint64_t>& numbers, const char* separator) {
  std::string text;
  for (std::size_t i = 0; i < numbers.size() && i < kListed; ++i)
    text += (i ? separator : "") + std::to_string(numbers[i]);
  if (numbers.size() > kListed) text += fmt::format("{}... ({} more)", separator, numbers.size() - kListed);
  return text;
}

char value_char(Nimber v) {
  if (v < 10) return static_cast<char>('0' + v);
  if (v < 36) return static_cast<char>('a' + (v - 10));
  return '+';
}

std::string ordinal(std::uint64_t k) {
  const std::uint64_t last = k % 10, tens = k % 100;
  const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                       : last == 1               ? "st"
                       : last == 2               ? "nd"
                       : last == 3               ? "rd"
                                                 : "th";
  return std::to_string(k) + suffix;
}

}  // namespace

std::string PatternReport::label() const {
  if (periodicity.proven) return fmt::format("proven ({})", periodicity.criterion);
  if (count == 0) return "nothing computed";
  return fmt::format("observed up to n = {}, not proven", last());
}

PatternReport observe_pattern(std::span<const Nimber> values, std::uint64_t from) {
  PatternReport report;
  report.of_values = true;
  report.from = from;
  report.count = values.size();
  report.periodicity = shifted(detect_periodicity(values), from);
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i] == 0) report.p_positions.push_back(from + i);
  observe_p_positions(report);
  return report;
}

PatternReport observe_outcomes(std::span<const Outcome> outcomes, std::uint64_t from) {
  PatternReport report;
  report.from = from;
  report.count = outcomes.size();
  std::vector<Nimber> codes;
  codes.reserve(outcomes.size());
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    codes.push_back(outcome_code(outcomes[i]));
    if (outcomes[i] == Outcome::P) report.p_positions.push_back(from + i);
    if (outcomes[i] == Outcome::D) ++report.draws;
  }
  report.periodicity = shifted(detect_periodicity(std::span<const Nimber>(codes)), from);
  observe_p_positions(report);
  return report;
}

PatternReport with_proven_periodicity(PatternReport report, const Periodicity& proven) {
  if (!proven.proven) return report;
  GRUNDY_ASSERT(report.from == 0 && proven.checked_to == report.count);
  report.periodicity = proven;
  return report;
}

std::string GridReport::label() const {
  if (rows == 0 || columns == 0) return "nothing computed";
  return fmt::format("observed for n = {}..{}, m = {}..{}, not proven", n_from,
                     n_from + rows - 1, m_from, m_from + columns - 1);
}

GridReport observe_grid(const OutcomeGrid& grid) {
  GridReport report;
  report.n_from = grid.n_from;
  report.m_from = grid.m_from;
  report.columns = grid.columns;
  report.rows = grid.columns == 0 ? 0 : std::min<std::uint64_t>(grid.rows, grid.outcomes.size() / grid.columns);
  for (std::uint64_t r = 0; r < report.rows; ++r) {
    GridReport::Row row;
    row.n = grid.n_from + r;
    const std::span<const Outcome> line(grid.outcomes.data() + r * grid.columns, grid.columns);
    row.pattern = observe_outcomes(line, grid.m_from);
    report.draws += row.pattern.draws;
    for (std::uint64_t m : row.pattern.p_positions) {
      report.p_positions.emplace_back(row.n, m);
      if (!row.p_runs.empty() && row.p_runs.back().second + 1 == m)
        row.p_runs.back().second = m;
      else
        row.p_runs.emplace_back(m, m);
    }
    report.rows_seen.push_back(std::move(row));
  }
  auto inside = [&](std::uint64_t n, std::uint64_t m) {
    return n >= report.n_from && n < report.n_from + report.rows && m >= report.m_from &&
           m < report.m_from + report.columns;
  };
  for (std::uint64_t n = report.n_from; n < report.n_from + report.rows; ++n)
    for (std::uint64_t m = report.m_from; m < report.m_from + report.columns; ++m)
      if (inside(m, n) && grid.at(n, m) != grid.at(m, n)) report.symmetric = false;
  return report;
}

std::string periodicity_text(const Periodicity& periodicity, const std::string& index) {
  if (periodicity.period == 0) return "no period seen";
  std::string text =
      fmt::format("period {} from {} = {}", periodicity.period, index, periodicity.preperiod);
  if (periodicity.saltus != 0) text += fmt::format(", saltus {} (arithmetic)", periodicity.saltus);
  return text;
}

std::string pattern_text(const PatternReport& report, const std::string& title,
                         std::span<const Nimber> values, std::span<const Outcome> outcomes,
                         std::uint64_t plot_limit) {
  std::string out = title + "\n";
  const char* what = report.of_values ? "Grundy values" : "outcomes";
  if (report.count == 0) return out + fmt::format("table: empty ({} of no n)\n", what);
  out += fmt::format("table: {} of n = {}..{}\n", what, report.from, report.last());
  out += fmt::format("pattern: {}; {}\n", periodicity_text(report.periodicity), report.label());
  const std::string observed = fmt::format("observed up to n = {}", report.last());
  out += fmt::format("P-positions ({}), {}: {} of {}", report.of_values ? "value 0" : "outcome P",
                     observed, report.p_positions.size(), report.count);
  out += report.p_positions.empty() ? "\n" : ": " + number_list(report.p_positions, ", ") + "\n";
  if (!report.gaps.empty()) {
    out += "gaps between them: " + number_list(report.gaps, " ") + "\n";
    out += fmt::format("gap pattern: {}; observed\n",
                       periodicity_text(report.gap_periodicity, "gap"));
  }
  if (report.sum_of_two_before_from)
    out += fmt::format("each P-position from the {} on is the sum of the two before it; {}\n",
                       ordinal(*report.sum_of_two_before_from + 1), observed);
  if (report.draws != 0) out += fmt::format("draws: {}\n", report.draws);
  const std::size_t shown =
      static_cast<std::size_t>(std::min<std::uint64_t>(plot_limit, std::max(values.size(), outcomes.size())));
  if (shown == 0) return out;
  out += fmt::format("plot ({}, one character per n{}):\n",
                     values.empty() ? "P, N or D" : "the value in base 36, '+' from 36 on",
                     shown < report.count ? fmt::format(", n < {}", report.from + shown) : "");
  constexpr std::size_t kWidth = 64;
  for (std::size_t i = 0; i < shown; i += kWidth) {
    std::string line = fmt::format("{:>10}  ", report.from + i);
    for (std::size_t j = i; j < shown && j < i + kWidth; ++j)
      line += values.empty() ? outcome_letter(outcomes[j]) : value_char(values[j]);
    out += line + "\n";
  }
  return out;
}

std::string grid_text(const GridReport& report, const OutcomeGrid& grid, const std::string& title,
                      std::uint64_t plot_limit) {
  std::string out = title + "\n";
  if (report.rows == 0 || report.columns == 0) return out + "table: empty\n";
  out += fmt::format("table: outcomes of n = {}..{}, m = {}..{}\n", report.n_from,
                     report.n_from + report.rows - 1, report.m_from,
                     report.m_from + report.columns - 1);
  out += fmt::format("P-positions, {}: {} of {}{}\n", report.label(), report.p_positions.size(),
                     report.rows * report.columns,
                     report.symmetric ? "; the table is symmetric in (n, m)" : "");
  if (report.draws != 0) out += fmt::format("draws: {}\n", report.draws);
  const std::uint64_t rows = std::min(report.rows, plot_limit);
  const std::uint64_t columns = std::min(report.columns, plot_limit);
  out += fmt::format("plot (rows n, columns m; P, N or D{}):\n",
                     rows < report.rows || columns < report.columns
                         ? fmt::format("; n < {}, m < {}", report.n_from + rows, report.m_from + columns)
                         : "");
  std::string tens = "          ", units = "      m = ";
  for (std::uint64_t m = report.m_from; m < report.m_from + columns; ++m) {
    tens += m % 10 == 0 ? value_char((m / 10) % 10) : ' ';
    units += value_char(m % 10);
  }
  while (tens.back() == ' ') tens.pop_back();
  out += tens + "\n" + units + "\n";
  for (std::uint64_t r = 0; r < rows; ++r) {
    std::string line = fmt::format("  n = {:>3} ", report.n_from + r);
    for (std::uint64_t c = 0; c < columns; ++c)
      line += outcome_letter(grid.outcomes[r * grid.columns + c]);
    out += line + "\n";
  }
  out += "rows (the P-position m's of each row; the row's pattern along m):\n";
  for (std::uint64_t r = 0; r < rows; ++r) {
    const GridReport::Row& row = report.rows_seen[r];
    std::string runs;
    for (std::size_t i = 0; i < row.p_runs.size() && i < kListed; ++i) {
      const auto [first, last] = row.p_runs[i];
      runs += (i ? ", " : "") + (first == last ? std::to_string(first)
                                               : fmt::format("{}..{}", first, last));
    }
    if (row.p_runs.size() > kListed) runs += ", ...";
    out += fmt::format("  n = {}: {}; {}\n", row.n, runs.empty() ? "no P-position" : "m = " + runs,
                       periodicity_text(row.pattern.periodicity, "m"));
  }
  return out;
}

}  // namespace grundy
