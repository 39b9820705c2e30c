// The grundy command line. Options are declared once per command here and
// drive parsing, validation and help (CLI11). All printing happens in the
// command files; errors become one line on stderr and exit status 2.
#include <cstdio>
#include <cstring>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "commands.h"
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
  analyze_cmd->add_option("ruleset", analyze.ruleset, "Ruleset name, e.g. nim, kayles, bash:3")
      ->required();
  analyze_cmd->add_option("heaps", analyze.heaps, "Heap sizes (stairs for staircase)");
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

  grundy::cli::ValuesRequest values;
  auto* values_cmd = app.add_subcommand("values", "G(n) of a single heap for n in a range");
  values_cmd->add_option("ruleset", values.ruleset, "A heap ruleset, e.g. kayles, 0.137")
      ->required();
  values_cmd->add_option("--from", values.from, "First heap size")->capture_default_str();
  values_cmd->add_option("--to", values.to, "Last heap size")->capture_default_str();
  values_cmd->add_flag("--json", values.json, "JSON: {\"from\", \"to\", \"values\"}");
  values_cmd->add_flag("--csv", values.csv, "CSV lines n,value");

  std::string topic;
  auto* help_cmd = app.add_subcommand("help", "Help on a command, or on 'rulesets'");
  help_cmd->add_option("topic", topic, "analyze, values or rulesets");

  if (const char* bad = negative_number(argc, argv))
    return fail(fmt::format("negative number '{}': heap sizes and ranges are non-negative integers",
                            bad));
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word.empty() || word[0] == '-') continue;
    if (word != "analyze" && word != "values" && word != "help")
      return fail(fmt::format("unknown command '{}' (commands: analyze, values, help)", word));
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
    if (*values_cmd) return grundy::cli::run_values(values);
    if (*help_cmd) {
      if (topic.empty()) {
        std::fputs(app.help().c_str(), stdout);
      } else if (topic == "rulesets") {
        std::fputs(rulesets_help().c_str(), stdout);
      } else if (topic == "analyze" || topic == "values") {
        std::fputs(app.get_subcommand(topic)->help().c_str(), stdout);
        if (topic == "analyze") std::fputs(("\n" + rulesets_help()).c_str(), stdout);
      } else {
        return fail(fmt::format("no help on '{}' (try analyze, values, rulesets)", topic));
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
