// grundy pattern RULESET POSITION... [--from N] [--to N] [--misere] [--json]
// [--plot FILE.svg]: the table-and-pattern method (solve/pattern.h) on a
// family of positions of a built-in ruleset. The position is written with the
// letter n (and m) for the numbers that vary: `kayles n`, `nim 3 n`,
// `wythoff n m`.
//
// Values of a single heap in normal play come from HeapValues (closed form,
// the code engines), and for a take-and-break code the period is proven by
// find_periodicity where its theorem applies; every other table is computed
// by one GameSolver over the ruleset (solve/ruleset_game.h) and is observed
// only.
#include <cstdio>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "present/period_json.h"
#include "grundy/core/error.h"
#include "grundy/core/memory.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/pattern.h"
#include "grundy/solve/pattern_table.h"
#include "grundy/solve/periodicity.h"
#include "grundy/solve/ruleset_game.h"
#include "present/sequence_plot.h"
#include "long_run.h"

namespace grundy::cli {

namespace {

// Where n and m go in the position, and the fixed numbers.
struct Family {
  std::vector<Heap> numbers;
  std::size_t n_at = 0;
  std::optional<std::size_t> m_at;

  Position at(Heap n, Heap m = 0) const {
    Position p = numbers;
    p[n_at] = n;
    if (m_at) p[*m_at] = m;
    return p;
  }
};

Family parse_family(const std::vector<std::string>& tokens) {
  Family family;
  std::optional<std::size_t> n_at;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    if (t == "n" || t == "m") {
      auto& slot = t == "n" ? n_at : family.m_at;
      if (slot) throw InputError(t, fmt::format("'{}' appears twice in the position", t));
      slot = i;
      family.numbers.push_back(0);
    } else if (t == "+") {
      throw InputError(t, "pattern tabulates one game: a sum ('+') is not a family here");
    } else {
      family.numbers.push_back(parse_heap(t));
    }
  }
  if (!n_at)
    throw InputError(tokens.empty() ? std::string("position") : tokens.front(),
                     "the position must contain the letter n (and may contain m) where the "
                     "number varies, e.g. 'kayles n', 'nim 3 n', 'wythoff n m'");
  family.n_at = *n_at;
  return family;
}

nlohmann::json report_json(const PatternReport& r) {
  nlohmann::json j;
  j["from"] = r.from;
  j["to"] = r.count == 0 ? nlohmann::json(nullptr) : nlohmann::json(r.last());
  j["pattern"] = present::periodicity_json(r.periodicity);
  j["label"] = r.label();
  j["p_positions"] = r.p_positions;
  j["gaps"] = r.gaps;
  j["gap_pattern"] = present::periodicity_json(r.gap_periodicity);
  j["sum_of_two_before_from"] = r.sum_of_two_before_from
                                    ? nlohmann::json(*r.sum_of_two_before_from)
                                    : nlohmann::json(nullptr);
  j["draws"] = r.draws;
  return j;
}

std::string outcome_string(std::span<const Outcome> outcomes) {
  std::string s;
  for (Outcome o : outcomes) s += outcome_letter(o);
  return s;
}

// The normal-play values of one heap, n = 0..to, from HeapValues; the
// periodicity proven for a code where periodicity.h's theorems apply.
std::vector<Nimber> heap_table(const HeapRuleset& heaps, Heap to, std::optional<Periodicity>& proven) {
  ComputeLimits limits;
  limits.max_code_values = std::max<Heap>(limits.max_code_values, to + 1);
  limits.max_table = std::max<Heap>(limits.max_table, to + 1);
  HeapValues table(heaps, limits);
  table.require(to);
  std::vector<Nimber> values;
  values.reserve(to + 1);
  for (Heap n = 0; n <= to; ++n) values.push_back(table.value(n));
  if (const auto code = heaps.as_code()) {
    std::vector<std::uint16_t> small;
    for (Nimber v : values) {
      if (v > 0xFFFF) return values;
      small.push_back(static_cast<std::uint16_t>(v));
    }
    proven = find_periodicity(*code, small);
  }
  return values;
}

}  // namespace

int run_pattern(const PatternRequest& request) {
  check_search_limit_fits(request.search_limit, memory_limit(request.max_memory));
  const std::unique_ptr<Ruleset> ruleset = parse_ruleset(request.ruleset);
  const Family family = parse_family(request.position);
  const bool two = family.m_at.has_value();
  const Heap from = parse_count(request.from);
  const Heap to = request.to.empty() ? (two ? (request.misere ? 12 : 20) : (request.misere ? 30 : 100))
                                     : parse_count(request.to);
  if (to < from) throw InputError(request.to, fmt::format("--to {} is below --from {}", to, from));
  if (two && to - from >= 4096)
    throw InputError(request.to, "a two-parameter table has at most 4096 rows and columns");
  // Each row is held in memory until the table is observed; past this the
  // table would be refused by a failed allocation instead.
  if (!two && to - from >= 100'000'000)
    throw InputError(request.to, "a one-parameter table has at most 100000000 rows");
  if (two && !request.plot.empty())
    throw InputError("--plot", "--plot draws a one-parameter table; a two-parameter one is "
                               "plotted in the text output");
  present::PlotStyle style;
  if (!request.plot.empty()) present::plot_format(request.plot);
  if (!request.size.empty()) present::set_plot_size(style, request.size);
  if (request.plot == "-" && request.json)
    throw InputError("-", "--plot - writes to standard output, and so does --json: give --plot a "
                          "file");
  if (!request.plot.empty() && to - from >= 10'000'000)
    throw InputError(request.to, "at most 10000000 values in a plot");
  ruleset->check_position(family.at(from, from));
  const Convention convention = request.misere ? Convention::misere : Convention::normal;
  std::string shape = ruleset->shown_name();
  for (std::size_t i = 0; i < family.numbers.size(); ++i) {
    shape += ' ';
    if (i == family.n_at)
      shape += 'n';
    else if (family.m_at == i)
      shape += 'm';
    else
      shape += std::to_string(family.numbers[i]);
  }
  const std::string title = fmt::format("{}, {} play", shape, request.misere ? "misère" : "normal");

  const HeapRuleset* heaps = heap_ruleset_of(*ruleset);
  const bool one_heap = heaps != nullptr && family.numbers.size() == 1 && !two && !request.misere;
  GameSolver<RulesetGame> solver(RulesetGame{ruleset.get()},
                                 GameLimits{request.search_limit, GameLimits{}.options});
  const std::uint64_t total = two ? (to - from + 1) * (to - from + 1) : to - from + 1;
  LongRun progress(0, total - 1);
  TableControl control;
  control.progress = [&](const TableProgress& now) { progress.report(EngineProgress{now.done}); };
  control.stop = progress.stop_flag();

  if (two) {
    const OutcomeGrid grid = outcome_grid(
        solver, [&](Heap n, Heap m) { return family.at(n, m); }, from, to, from, to, convention,
        control);
    progress.finish();
    const GridReport report = observe_grid(grid);
    if (request.json) {
      nlohmann::json j;
      j["family"] = shape;
      j["convention"] = request.misere ? "misere" : "normal";
      j["n_from"] = report.n_from;
      j["m_from"] = report.m_from;
      j["rows"] = report.rows;
      j["columns"] = report.columns;
      j["label"] = report.label();
      nlohmann::json rows = nlohmann::json::array();
      for (const GridReport::Row& row : report.rows_seen) {
        nlohmann::json r;
        r["n"] = row.n;
        r["outcomes"] = outcome_string(std::span<const Outcome>(
            grid.outcomes.data() + (row.n - grid.n_from) * grid.columns, grid.columns));
        r["p_m"] = row.pattern.p_positions;
        r["pattern"] = present::periodicity_json(row.pattern.periodicity);
        rows.push_back(r);
      }
      j["table"] = rows;
      j["p_positions"] = report.p_positions;
      j["symmetric"] = report.symmetric;
      j["draws"] = report.draws;
      j["interrupted"] = progress.interrupted();
      write_json(j);
    } else {
      std::string text = grid_text(report, grid, title);
      if (progress.interrupted()) text += "(interrupted: the table stops at the last whole row)\n";
      std::fputs(text.c_str(), stdout);
    }
    return progress.interrupted() ? 130 : 0;
  }

  std::vector<Nimber> values;
  std::vector<Outcome> outcomes;
  PatternReport report;
  if (request.misere) {
    outcomes = outcome_table(solver, [&](Heap n) { return family.at(n); }, from, to, convention,
                             control);
    report = observe_outcomes(outcomes, from);
  } else if (one_heap) {
    std::optional<Periodicity> proven;
    values = heap_table(*heaps, to, proven);
    values.erase(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(from));
    report = observe_pattern(values, from);
    if (proven && from == 0) report = with_proven_periodicity(report, *proven);
  } else {
    values = value_table(solver, [&](Heap n) { return family.at(n); }, from, to, control);
    report = observe_pattern(values, from);
  }
  progress.finish();
  if (!request.plot.empty()) {
    std::vector<Nimber> points = values;
    if (values.empty())
      for (Outcome o : outcomes) points.push_back(o == Outcome::P ? 0 : o == Outcome::N ? 1 : 2);
    style.title = request.title.empty()
                      ? title + (values.empty() ? " (P = 0, N = 1, D = 2)" : "")
                      : request.title;
    present::write_plot(request.plot, style, from, points, &report.periodicity);
    if (request.plot == "-") return progress.interrupted() ? 130 : 0;
  }
  if (request.json) {
    nlohmann::json j = report_json(report);
    j["family"] = shape;
    j["convention"] = request.misere ? "misere" : "normal";
    if (values.empty())
      j["outcomes"] = outcome_string(outcomes);
    else
      j["values"] = values;
    j["interrupted"] = progress.interrupted();
    write_json(j);
  } else {
    std::string text = pattern_text(report, title, values, outcomes);
    if (progress.interrupted()) text += "(interrupted: the table stops where it was)\n";
    std::fputs(text.c_str(), stdout);
  }
  return progress.interrupted() ? 130 : 0;
}

}  // namespace grundy::cli
