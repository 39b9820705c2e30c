// The grundy command line. Options are declared once per command here and
// drive parsing, validation and help (CLI11). All printing happens in the
// command files; errors become one line on stderr and exit status 2.
#include <cstdio>
#include <cstring>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "commands.h"
#include "graph_command.h"
#include "play_command.h"
#include "grundy/core/error.h"
#include "grundy/rules/registry.h"

namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "grundy: error: %s\n", message.c_str());
  return 2;
}

// CLI11 would read "-3" as an unknown option; name it for what it is.
const char* negative_number(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const char* a = argv[i];
    if (a[0] == '-' && a[1] >= '0' && a[1] <= '9') return a;
  }
  return nullptr;
}

std::string rulesets_help() {
  std::string text = "Rulesets (names are case-insensitive):\n";
  for (const auto& r : grundy::ruleset_catalogue())
    text += fmt::format("  {:<12} {}\n", r.pattern, r.description);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"grundy — exact solver for impartial combinatorial games", "grundy"};
  app.set_version_flag("--version", std::string("grundy ") + GRUNDY_VERSION);
  app.require_subcommand(1);
  app.footer("Run 'grundy help COMMAND' for a command's options, 'grundy help rulesets' for "
             "the rulesets.");

  grundy::cli::AnalyzeRequest analyze;
  auto* analyze_cmd = app.add_subcommand(
      "analyze", "Who wins, the Grundy values and every winning move of a position");
  analyze_cmd->add_option("ruleset", analyze.ruleset,
                          "Ruleset name, e.g. nim, kayles, bash:3; or graph:FILE (tokens on vertices)")
      ->required();
  analyze_cmd->add_option("heaps", analyze.heaps,
                          "Heap sizes (stairs for staircase); a sum of different games separated "
                          "by '+', e.g. kayles 5 + nim 3 + wythoff 3 5 + graph:FILE v (docs/sums.md)");
  analyze_cmd->add_option("--input", analyze.input_file,
                          "Read the heap sizes from FILE ('-' for standard input)");
  analyze_cmd->add_flag("--misere", analyze.misere, "Misère play: whoever cannot move wins");
  analyze_cmd->add_flag("--json", analyze.json, "Machine-readable output (docs/json.md)");
  analyze_cmd->add_flag("--one", analyze.one, "Show a single winning move");
  analyze_cmd->add_flag("--count", analyze.count, "Print only the number of winning moves");
  auto* max_moves = analyze_cmd->add_option(
      "--max-moves", analyze.max_moves,
      "List at most N winning moves (with --count: count at most N, default 10^9)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  analyze_cmd->add_option("--search-limit", analyze.search_limit,
                          "Most positions an exhaustive (misère) search may visit")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  analyze_cmd->get_option("--one")->excludes(analyze_cmd->get_option("--count"));
  auto* analyze_every = analyze_cmd->add_flag(
      "--every", analyze.every,
      "Every-SG (Winning Ways ch. 9): move in every component each turn; suspense numbers "
      "per heap");
  auto* analyze_remoteness = analyze_cmd->add_flag(
      "--remoteness", analyze.remoteness, "Remoteness: how many moves the game lasts with good play");
  analyze_remoteness->excludes(analyze_every);
  analyze_every->excludes(analyze_cmd->get_option("--misere"));
  analyze_cmd
      ->add_flag("--conjunctive", analyze.conjunctive,
                 "Conjunctive compound: move in every component each turn; the game ends when one "
                 "cannot move; remoteness numbers per heap")
      ->excludes(analyze_every)
      ->excludes(analyze_remoteness)
      ->excludes(analyze_cmd->get_option("--misere"));
  analyze_cmd->add_flag("--explain", analyze.explain,
                        "Explain the answer: nim-sum columns, Wythoff pairs, Moore's counts");
  analyze_cmd->add_flag("--proven-only", analyze.proven_only,
                        "Refuse heap values from an observed but unproven period (by default "
                        "they are used and the answer says NOT PROVEN)");

  grundy::cli::PeriodRequest period;
  auto* period_cmd = app.add_subcommand(
      "period", "Period, preperiod and saltus of a heap-value sequence, proven or observed");
  period_cmd->add_option("ruleset", period.ruleset, "A take-and-break code or subtraction set")
      ->required();
  period_cmd->add_option("--max", period.max, "Compute at most this many values")
      ->capture_default_str();
  period_cmd->add_flag("--json", period.json, "JSON: period, preperiod, saltus, proven, checked_to");
  period_cmd->add_option("--threads", period.threads, "Worker threads (0: one per core)")
      ->capture_default_str();

  grundy::cli::ValueRequest value;
  auto* value_cmd = app.add_subcommand("value", "G(n) of one heap, for any n up to 2^63-1");
  value_cmd->add_option("ruleset", value.ruleset, "A heap ruleset")->required();
  value_cmd->add_option("n", value.heap, "The heap size")->required();
  value_cmd->add_option("--max", value.max,
                        "Compute at most this many values in search of a proven period")
      ->capture_default_str();
  value_cmd->add_flag("--observed", value.observed,
                      "Accept an observed, unproven period (the output says so)");
  value_cmd->add_flag("--json", value.json, "JSON: value, proven");

  grundy::cli::ValuesRequest values;
  auto* values_cmd = app.add_subcommand("values", "G(n) of a single heap for n in a range");
  values_cmd->add_option("ruleset", values.ruleset, "A heap ruleset, e.g. kayles, 0.137")
      ->required();
  values_cmd->add_option("--from", values.from, "First heap size")->capture_default_str();
  values_cmd->add_option("--to", values.to, "Last heap size")->capture_default_str();
  values_cmd->add_flag("--json", values.json, "JSON: {\"from\", \"to\", \"values\"}");
  values_cmd->add_flag("--csv", values.csv, "CSV lines n,value");
  values_cmd->add_option("--out", values.out,
                         "Write the values to FILE: CSV if it ends in .csv, else the binary "
                         "sequence format (docs/sequence-file.md)");
  values_cmd->add_flag("--stats", values.stats,
                       "Print the value histogram, the number of rare values and the mask");
  values_cmd->add_option("--checkpoint", values.checkpoint,
                         "Save the computation to FILE now and then (atomic, checksummed)");
  values_cmd->add_option("--checkpoint-every", values.checkpoint_every,
                         "Seconds between checkpoints")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  values_cmd->add_option("--resume", values.resume, "Continue from a checkpoint FILE");
  values_cmd->add_option("--max-memory", values.max_memory,
                         "Refuse computations needing more memory than this (e.g. 8G); default: "
                         "3/4 of the machine's memory");
  values_cmd->add_option("--threads", values.threads, "Worker threads (0: one per core)")
      ->capture_default_str();
  values_cmd->add_option("--plot", values.plot,
                         "Draw G(n) against n as an SVG scatter plot, the period marked");
  auto* values_misere = values_cmd->add_flag(
      "--misere", values.misere,
      "Misère values G⁻(n) by exhaustive search over sums (default --to 20)");
  values_cmd->add_flag("--genus", values.genus,
                       "With --misere: genus of each heap and a tame/wild verdict (docs/misere.md)");
  values_cmd->add_option("--search-limit", values.search_limit,
                         "With --misere: most positions the search may store")
      ->capture_default_str()
      ->check(CLI::PositiveNumber)
      ->needs(values_misere);

  std::string graph_file;
  std::vector<std::string> graph_tokens;
  bool graph_json = false;
  auto* graph_cmd = app.add_subcommand(
      "graph",
      "Values of a game on a directed graph (acyclic or with cycles) and the outcome of tokens");
  graph_cmd
      ->add_option("file", graph_file,
                   "Graph file, text or JSON (docs/graph-format.md); '-' for standard input")
      ->required();
  graph_cmd->add_option("--tokens", graph_tokens, "Token vertices (ids or names); may repeat");
  graph_cmd->add_flag("--json", graph_json, "Machine-readable output (docs/graph-format.md)");

  grundy::cli::PlayRequest play;
  auto* play_cmd = app.add_subcommand("play", "Play a game in the terminal against perfect play");
  play_cmd->add_option("ruleset", play.ruleset,
                       "Ruleset name, e.g. nim, kayles, wythoff; or graph:FILE (tokens on vertices)")
      ->required();
  play_cmd->add_option("position", play.heaps,
                       "Heap sizes (stairs for staircase); a sum of different games separated by "
                       "'+' (docs/sums.md)")
      ->required();
  auto* play_misere =
      play_cmd->add_flag("--misere", play.misere, "Misère play: whoever cannot move wins");
  play_cmd->add_flag("--every", play.every,
                     "Every-SG: each turn move in every component that still has a move")
      ->excludes(play_misere);
  play_cmd->add_option("--first", play.first, "Who moves first: me or computer")
      ->capture_default_str()
      ->check(CLI::IsMember({"me", "computer"}));
  play_cmd->add_option("--search-limit", play.search_limit,
                       "Most positions the remoteness (suspense) search may store")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);

  auto* bench_cmd = app.add_subcommand(
      "bench", "Run a fixed suite of analyses; print its checksum (a behaviour fingerprint)");

  std::string topic;
  auto* help_cmd = app.add_subcommand("help", "Help on a command, or on 'rulesets'");
  help_cmd->add_option("topic", topic, "analyze, values or rulesets");

  if (const char* bad = negative_number(argc, argv))
    return fail(fmt::format("negative number '{}': heap sizes and ranges are non-negative integers",
                            bad));
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word.empty() || word[0] == '-') continue;
    if (word != "analyze" && word != "values" && word != "period" && word != "value" &&
        word != "graph" && word != "play" && word != "bench" && word != "help")
      return fail(fmt::format(
          "unknown command '{}' (commands: analyze, values, period, value, graph, play, bench, help)", word));
    break;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::string message = e.what();
    for (char& c : message)
      if (c == '\n') c = ' ';
    return fail(message);
  }

  try {
    if (*analyze_cmd) {
      if (analyze.count && max_moves->count() == 0) analyze.max_moves = 1'000'000'000;
      return grundy::cli::run_analyze(analyze);
    }
    if (*values_cmd) {
      // The misère search is exponential in the heap size: a smaller default range.
      if (values.misere && values_cmd->get_option("--to")->count() == 0) values.to = "20";
      return grundy::cli::run_values(values);
    }
    if (*period_cmd) {
      period.max_given = period_cmd->get_option("--max")->count() > 0;
      return grundy::cli::run_period(period);
    }
    if (*bench_cmd) return grundy::cli::run_bench();
    if (*graph_cmd) return grundy::cli::run_graph(graph_file, graph_tokens, graph_json);
    if (*play_cmd) return grundy::cli::run_play(play);
    if (*value_cmd) return grundy::cli::run_value(value);
    if (*help_cmd) {
      if (topic.empty()) {
        std::fputs(app.help().c_str(), stdout);
      } else if (topic == "rulesets") {
        std::fputs(rulesets_help().c_str(), stdout);
      } else if (topic == "analyze" || topic == "values" || topic == "period" ||
                 topic == "value" || topic == "graph" || topic == "play") {
        std::fputs(app.get_subcommand(topic)->help().c_str(), stdout);
        if (topic == "analyze") std::fputs(("\n" + rulesets_help()).c_str(), stdout);
      } else {
        return fail(
            fmt::format("no help on '{}' (try analyze, values, period, value, graph, rulesets)", topic));
      }
      return 0;
    }
  } catch (const grundy::InputError& e) {
    return fail(e.what());
  } catch (const grundy::LimitError& e) {
    return fail(e.what());
  } catch (const std::bad_alloc&) {
    return fail("out of memory");
  }
  return 0;
}
