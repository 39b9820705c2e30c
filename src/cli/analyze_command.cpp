// grundy analyze RULESET HEAP...: outcome, values and winning moves.
#include <cstdio>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "present/analysis_json.h"
#include "commands.h"
#include "game_syntax.h"
#include "grundy/core/error.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/check.h"
#include "grundy/solve/compound_analysis.h"
#include "grundy/solve/option_values.h"
#include "grundy/solve/remoteness.h"
#include "present/explanation_text.h"
#include "long_run.h"

namespace grundy::cli {

namespace {

// Positions longer than this are not repeated after each move in text output;
// the description names the heap that changed.
constexpr std::size_t kShowPositionUpTo = 24;

std::string join(const Position& p) { return fmt::format("{}", fmt::join(p, " ")); }

bool is_compound(const Ruleset& ruleset) { return compound_of(ruleset) != nullptr; }

void print_text(const Ruleset& ruleset, const Position& position, const Analysis& a,
                const AnalyzeRequest& request) {
  std::string out;
  const bool misere = request.misere;
  const bool show_position = position.size() <= kShowPositionUpTo;
  if (request.count) {
    if (a.winning_move_count)
      out += fmt::format("{}\n", *a.winning_move_count);
    else
      out += fmt::format("more than {}\n", request.max_moves);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return;
  }
  if (is_compound(ruleset))
    out += fmt::format("{} ({} play)\n", ruleset.show(position), misere ? "misère" : "normal");
  else
    out += fmt::format("{} ({} play): {}\n", titled_name(ruleset), misere ? "misère" : "normal",
                       show_position ? ruleset.show(position)
                                     : fmt::format("{} heaps", position.size()));
  out += fmt::format("outcome: {} — {}\n", outcome_letter(a.outcome),
                     a.outcome == Outcome::N   ? "the player to move wins"
                     : a.outcome == Outcome::P ? "the other player wins"
                                               : "a draw: neither player can force a win");
  if (a.heap_values && a.heap_values->size() <= kShowPositionUpTo)
    out += fmt::format("{}: {}\n", is_compound(ruleset) ? "component values" : "heap values",
                       join(*a.heap_values));
  if (a.value)
    out += fmt::format("value: {}\n", *a.value);
  else
    out += fmt::format("value: none ({})\n", a.value_note);
  out += fmt::format("method: {}\n", a.method);
  if (!a.proven)
    out += "NOT PROVEN: some heap values come from a period observed but not proven; "
           "--proven-only refuses such answers\n";
  const auto& moves = a.winning_moves.items;
  if (moves.empty() && !a.winning_moves.complete) {
    out += "winning moves: none found within the search budget (the search was cut: the list is "
           "incomplete)\n";
  } else if (moves.empty()) {
    out += a.outcome == Outcome::D ? "winning moves: none (play can go on for ever)\n"
                                   : "winning moves: none\n";
  } else if (request.one) {
    out += "winning move:\n";
  } else {
    out += fmt::format("winning moves ({}{}):\n", a.winning_moves.complete ? "" : "first ",
                       moves.size());
  }
  for (const Move& move : moves) {
    if (show_position)
      out += fmt::format("  {}  →  {}\n", move.description, ruleset.show(move.after(position)));
    else
      out += fmt::format("  {}\n", move.description);
    if (request.one) break;
    if (out.size() > (1 << 16)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
  }
  if (!a.moves_note.empty() && !request.one)
    out += fmt::format("  … the list is incomplete: {}\n", a.moves_note);
  else if (!a.winning_moves.complete && !request.one && !moves.empty())
    out += fmt::format("  … the list is incomplete (raise --max-moves to list more)\n");
  std::fwrite(out.data(), 1, out.size(), stdout);
}

void print_json(const Ruleset& ruleset, const Position& position, const Analysis& a,
                const AnalyzeRequest& request, const std::optional<CheckReport>& check,
                const std::optional<OptionValues>& table) {
  nlohmann::json j = present::analysis_json(ruleset, position, a, request.misere, request.one, request.count);
  if (table) j.update(present::option_values_json(ruleset, *table));
  if (check) j["check"] = check_json(*check);
  write_json(j);
}

// --options: every option, the position after it, its value (normal play)
// and its outcome, and the mex of the values.
void print_options(const Ruleset& ruleset, const Position& position, const OptionValues& table,
                   bool misere) {
  std::string out = fmt::format(
      "\noptions ({}{}; the {} of the position after each, P: a winning move):\n",
      table.options.size(), table.complete ? "" : ", the first only",
      misere ? "outcome" : "value and outcome");
  for (const OptionValue& row : table.options)
    out += fmt::format("  {}  →  {}   {}{}\n", row.description, ruleset.show(row.after),
                       row.value ? "value " + gamma_text(*row.value) + "  " : "",
                       outcome_letter(row.outcome));
  if (table.mex)
    out += fmt::format("mex of the options' values: {} (the value of {})\n", *table.mex,
                       ruleset.show(position));
  else if (!misere && table.options.empty())
    out += "no option: the value is 0\n";
  std::fputs(out.c_str(), stdout);
}

// Every-SG (docs/theory.md §5) and the conjunctive compound: each heap of
// a heap game and each token on a graph is a component (after a split, the
// sum of its parts); other games are one component each. Every-SG: the mover
// wins iff the largest suspense number is odd, and good play moves in every
// component: winners prolong, losers hurry. Conjunctive: the least
// remoteness decides, winners hurry, losers resist. Components with cycles:
// retrograde analysis of the compound.
int run_every(const std::vector<Summand>& summands, const AnalyzeRequest& request,
              SearchRun& run) {
  const bool conjunctive = request.conjunctive;
  const CompoundPosition game = every_compound_of(
      summands, conjunctive ? CompoundKind::conjunctive : CompoundKind::every);
  const Compound& every = *game.compound;
  const Position& position = game.position;
  const CompoundAnalysis e = analyze_compound(every, position, request.search_limit, run.control());
  run.finish();
  const char* numbers_name = conjunctive ? "remoteness" : "suspense";
  // The compound shows a heap game's components in one row, a group of
  // heaps left by a split in parentheses, so that a move typed back is the
  // same compound (rules/compound.h).
  auto shown = [&](const Position& p) { return every.show(p); };
  const std::string description = e.move ? every.describe_move(position, *e.move) : "";
  if (request.json) {
    write_json(present::compound_json(every, position, e, conjunctive));
    return 0;
  }
  const char* rule = conjunctive
                        ? "conjunctive: move in every component, the game ends when one cannot move"
                        : "Every-SG: move in every component";
  std::string out = fmt::format("{} ({})\n", shown(position), rule);
  out += fmt::format("outcome: {} — {}\n", outcome_letter(e.outcome),
                     e.outcome == Outcome::N   ? "the player to move wins"
                     : e.outcome == Outcome::P ? "the other player wins"
                                               : "a draw: neither player can force a win");
  if (const auto decisive = e.decisive()) {
    out += fmt::format("{} numbers: {} ({} {}, {})\n", numbers_name, fmt::join(e.numbers, " "),
                       conjunctive ? "least" : "largest", *decisive, *decisive % 2 ? "odd" : "even");
  } else {
    out += fmt::format("method: {}\n", e.method);
  }
  if (!e.move)
    out += "no move at all\n";
  else if (e.outcome == Outcome::N)
    out += fmt::format("winning move: {}  →  {}\n", description, shown(*e.move));
  else if (e.outcome == Outcome::P)
    out += fmt::format("no winning move; {}: {}  →  {}\n", conjunctive ? "resisting" : "hurrying",
                       description, shown(*e.move));
  else
    out += fmt::format("drawing move: {}  →  {}\n", description, shown(*e.move));
  if (request.explain && e.outcome != Outcome::D) {
    // The numbers after the move, by the same analysis of the position it leads to.
    std::vector<std::uint64_t> after;
    if (e.move && !e.numbers.empty())
      after = analyze_compound(every, *e.move, request.search_limit, run.control()).numbers;
    run.finish();
    out += '\n';
    out += present::explain_compound(conjunctive, e.numbers, after, description);
    while (out.ends_with("\n\n")) out.pop_back();
  }
  std::fputs(out.c_str(), stdout);
  return 0;
}

int run_remoteness(const Ruleset& ruleset, const Position& position, const AnalyzeRequest& request,
                   SearchRun& run) {
  const Convention convention = request.misere ? Convention::misere : Convention::normal;
  const RemotenessAnalysis r =
      analyze_remoteness(ruleset, position, convention, request.search_limit, run.control());
  run.finish();
  const bool wins = r.outcome == Outcome::N;
  if (request.json) {
    write_json(present::remoteness_json(ruleset, position, r, request.misere));
    return 0;
  }
  std::string out =
      is_compound(ruleset)
          ? fmt::format("{} ({} play)\n", ruleset.show(position), request.misere ? "misère" : "normal")
          : fmt::format("{} ({} play): {}\n", titled_name(ruleset), request.misere ? "misère" : "normal",
                        ruleset.show(position));
  if (!r.remoteness) {
    out += "outcome: D — a draw: neither player can force a win\n";
    out += fmt::format("remoteness: none (a draw; {})\n", r.method);
    if (r.best)
      out += fmt::format("drawing move: {}  →  {}\n", ruleset.describe_move(position, *r.best),
                         ruleset.show(*r.best));
    std::fputs(out.c_str(), stdout);
    return 0;
  }
  out += fmt::format("outcome: {} — the {} wins\n", wins ? 'N' : 'P', wins ? "player to move" : "other player");
  out += fmt::format("remoteness: {} ({}: the player to move {}; the winner hurries, the loser resists{})\n",
                     *r.remoteness, wins ? "odd" : "even", wins ? "wins" : "loses",
                     request.misere ? "; in misère play a position without moves counts 1" : "");
  const PlayLength length = play_length(*r.remoteness, convention);
  out += fmt::format("moves left: {} with good play, {} of them the winner's\n", length.moves,
                     length.winner_moves);
  if (r.best)
    out += fmt::format("{}: {}  →  {}\n", wins ? "winning move" : "longest resistance",
                       ruleset.describe_move(position, *r.best), ruleset.show(*r.best));
  if (request.explain) {
    std::optional<std::uint64_t> after;
    if (r.best)
      after = analyze_remoteness(ruleset, *r.best, convention, request.search_limit, run.control())
                  .remoteness;
    run.finish();
    const std::string move = r.best ? ruleset.describe_move(position, *r.best) : std::string();
    out += '\n';
    out += present::explain_remoteness(*r.remoteness, after, move, request.misere);
    while (out.ends_with("\n\n")) out.pop_back();
  }
  std::fputs(out.c_str(), stdout);
  return 0;
}

}  // namespace

int print_check(const CheckReport& report) {
  if (!report.agrees) {
    std::fprintf(stderr, "grundy: CHECK FAILED: %s (a bug in grundy: please report it)\n",
                 report.what.c_str());
    return 1;
  }
  std::fprintf(stderr, "%s%s\n", report.checked ? "check: agrees: " : "", report.what.c_str());
  return 0;
}

int run_analyze(const AnalyzeRequest& request) {
  check_search_limit_fits(request.search_limit, memory_limit(request.max_memory));
  if (!request.input_file.empty() && !request.heaps.empty())
    throw InputError(request.input_file, "give the heaps either on the command line or with --input, not both");
  std::vector<Summand> summands;
  if (!request.input_file.empty()) {
    Summand s{parse_ruleset(request.ruleset), read_heaps(request.input_file)};
    s.ruleset->check_position(s.position);
    summands.push_back(std::move(s));
  } else {
    if (request.heaps.empty())
      throw InputError(request.ruleset, "analyze needs a position: one or more heap sizes");
    if (is_sum_syntax(request.ruleset, request.heaps)) {
      summands = parse_summands(request.ruleset, request.heaps, memory_limit(request.max_memory));
    } else {
      Summand s{parse_ruleset(request.ruleset), {}};
      s.position = parse_position(*s.ruleset, request.heaps);
      summands.push_back(std::move(s));
    }
  }
  // Progress of the searches on a terminal; Ctrl-C stops them (Interrupted).
  SearchRun run;
  if (request.check && (request.every || request.conjunctive || request.remoteness))
    std::fputs("not checked: --check covers the outcome, value and winning moves of analyze, not "
               "--every, --conjunctive or --remoteness\n",
               stderr);
  if (request.every || request.conjunctive) return run_every(summands, request, run);
  const ParsedGame game = sum_of(summands);
  const Ruleset& ruleset = *game.ruleset;
  const Position& position = game.position;
  if (request.remoteness) return run_remoteness(ruleset, position, request, run);
  AnalysisOptions options;
  options.convention = request.misere ? Convention::misere : Convention::normal;
  options.max_moves = request.one ? 1 : request.max_moves;
  options.count_only = request.count;
  options.search_limit = request.search_limit;
  // An observed pattern is used, and the answer says NOT PROVEN, unless the
  // user asks for proven values only.
  options.compute.accept_observed = !request.proven_only;
  if (!request.max.empty()) {
    // As `value --max`: lowered to what memory holds (2 bytes a value).
    options.compute.max_code_values =
        std::min(parse_count(request.max), code_values_within(memory_limit("")));
    options.compute.code_values_given = true;
  }
  options.control = run.control();
  options.values_control = run.values_control();
  const Analysis a = analyze(ruleset, position, options);
  run.finish();
  std::optional<OptionValues> table;
  if (request.options) {
    table = option_values(ruleset, position, options, request.max_moves);
    run.finish();
  }
  // With --json the check's report is part of the answer, so it runs first.
  std::optional<CheckReport> check;
  auto run_check = [&] {
    check = check_analysis(ruleset, position, a, options.convention,
                           std::min<std::uint64_t>(request.search_limit, kCheckSearchLimit),
                           run.control());
    run.finish();
  };
  if (request.check && request.json) run_check();
  if (request.json) {
    print_json(ruleset, position, a, request, check, table);
  } else {
    print_text(ruleset, position, a, request);
    if (table) print_options(ruleset, position, *table, request.misere);
    if (request.explain) {
      const std::string text = present::explanation_text(ruleset, position, a, request.misere);
      std::fputc('\n', stdout);
      std::fwrite(text.data(), 1, text.size(), stdout);
    }
  }
  if (!request.check) return 0;
  std::fflush(stdout);
  if (!check) run_check();
  return print_check(*check);
}

}  // namespace grundy::cli
