// The grundy command line. The commands are one table (kCommands): each
// entry's name and summary drive the subcommand list, the check for unknown
// commands and `grundy help`; its options are declared once, in its declare
// function, and drive parsing, validation and help (CLI11). Defaults come
// from the request structs (commands.h), which take the library's own. All
// printing happens in the command files; errors become one line on stderr
// and exit status 2.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "commands.h"
#include "graph_command.h"
#include "play_command.h"
#include "grundy/core/error.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/search_control.h"

namespace {

// One line on stderr whatever the message quotes: a line break or another
// control character that came with the input is shown escaped (the library's
// messages are so already; CLI11's are not).
int fail(const std::string& message) {
  std::fprintf(stderr, "grundy: error: %s\n", grundy::detail::one_line(message).c_str());
  return 2;
}

// --max-moves, --search-limit: a whole number from 1 to 2^63-1, written in
// decimal digits (CLI::PositiveNumber would take "1e3" or "0.5", cap a
// number too large for 64 bits silently, and name a range of doubles).
const CLI::Validator kPositiveCount(
    [](std::string& text) -> std::string {
      try {
        if (grundy::parse_heap(text) > 0) return {};
      } catch (const grundy::InputError&) {
      }
      return fmt::format("'{}' is not a positive whole number (1 to 2^63-1)", text);
    },
    "POSITIVE");

// --checkpoint-every: a finite number of seconds above 0 ("nan" and "inf" are not).
const CLI::Validator kPositiveSeconds(
    [](std::string& text) -> std::string {
      char* end = nullptr;
      const double seconds = std::strtod(text.c_str(), &end);
      if (!text.empty() && end == text.c_str() + text.size() && std::isfinite(seconds) &&
          seconds > 0)
        return {};
      return fmt::format("'{}' is not a positive number of seconds", text);
    },
    "SECONDS");

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

// What a declared command runs once its options are parsed.
using Runner = std::function<int()>;

// `--count` counts up to this many winning moves unless --max-moves says otherwise.
constexpr std::uint64_t kCountedMoves = 1'000'000'000;
constexpr const char* kCountedMovesText = "10^9";
// --max-memory where it guards reading a graph file (rules/graph.h).
constexpr const char* kGraphMemoryHelp =
    "Refuse graph files needing more memory than this (e.g. 8G); default: 3/4 of the "
    "machine's memory";
// The misère search is exponential in the heap size: a smaller default range.
constexpr const char* kMisereValuesTo = "20";

Runner declare_analyze(CLI::App& cmd) {
  auto r = std::make_shared<grundy::cli::AnalyzeRequest>();
  cmd.add_option("ruleset", r->ruleset,
                 "Ruleset name, e.g. nim, kayles, bash:3; or graph:FILE (tokens on vertices)")
      ->required();
  cmd.add_option("heaps", r->heaps,
                 "Heap sizes (stairs for staircase); a sum of different games separated "
                 "by '+', e.g. kayles 5 + nim 3 + wythoff 3 5 + graph:FILE v (docs/sums.md)");
  cmd.add_option("--input", r->input_file,
                 "Read the heap sizes from FILE ('-' for standard input)");
  cmd.add_flag("--misere", r->misere, "Misère play: whoever cannot move wins");
  cmd.add_flag("--json", r->json, "Machine-readable output (docs/json.md)");
  cmd.add_flag("--one", r->one, "Show a single winning move");
  cmd.add_flag("--count", r->count, "Print only the number of winning moves");
  auto* max_moves = cmd.add_option(
      "--max-moves", r->max_moves,
      fmt::format("List at most N winning moves (with --count: count at most N, default {})",
                  kCountedMovesText))
      ->capture_default_str()
      ->check(kPositiveCount);
  cmd.add_option("--search-limit", r->search_limit,
                 "Most positions an exhaustive (misère) search may visit")
      ->capture_default_str()
      ->check(kPositiveCount);
  cmd.get_option("--one")->excludes(cmd.get_option("--count"));
  auto* analyze_every = cmd.add_flag(
      "--every", r->every,
      "Every-SG (Winning Ways ch. 9): move in every component each turn; suspense numbers "
      "per heap");
  auto* analyze_remoteness = cmd.add_flag(
      "--remoteness", r->remoteness, "Remoteness: how many moves the game lasts with good play");
  analyze_remoteness->excludes(analyze_every);
  analyze_every->excludes(cmd.get_option("--misere"));
  cmd.add_flag("--conjunctive", r->conjunctive,
                 "Conjunctive compound: move in every component each turn; the game ends when one "
                 "cannot move; remoteness numbers per heap")
      ->excludes(analyze_every)
      ->excludes(analyze_remoteness)
      ->excludes(cmd.get_option("--misere"));
  cmd.add_flag("--explain", r->explain,
                 "Explain the answer: nim-sum columns, Wythoff pairs, Moore's counts");
  cmd.add_option("--max-memory", r->max_memory, kGraphMemoryHelp);
  cmd.add_flag("--check", r->check,
               "Re-verify the outcome, value and winning moves by exhaustive search of the whole "
               "position where it is small enough; exit status 1 if they disagree");
  cmd.add_flag("--proven-only", r->proven_only,
                 "Refuse heap values from an observed but unproven period (by default "
                 "they are used and the answer says NOT PROVEN)");
  return [r, max_moves] {
    if (r->count && max_moves->count() == 0) r->max_moves = kCountedMoves;
    return grundy::cli::run_analyze(*r);
  };
}

Runner declare_period(CLI::App& cmd) {
  auto r = std::make_shared<grundy::cli::PeriodRequest>();
  cmd.add_option("ruleset", r->ruleset, "A take-and-break code or subtraction set")
      ->required();
  cmd.add_option("--max", r->max, "Compute at most this many values")
      ->capture_default_str();
  cmd.add_flag("--json", r->json, "JSON: period, preperiod, saltus, proven, checked_to");
  cmd.add_option("--threads", r->threads, "Worker threads (0: one per core)")
      ->capture_default_str();
  cmd.add_flag("--check", r->check,
               "Re-verify the period by definition over the values computed, and the values by "
               "the naive mex as far as it affords; exit status 1 if they disagree");
  return [r, &cmd] {
    r->max_given = cmd.get_option("--max")->count() > 0;
    return grundy::cli::run_period(*r);
  };
}

Runner declare_pattern(CLI::App& cmd) {
  auto r = std::make_shared<grundy::cli::PatternRequest>();
  cmd.add_option("ruleset", r->ruleset, "Ruleset name, e.g. kayles, nim, wythoff, 0.137")
      ->required();
  cmd.add_option("position", r->position,
                 "The position with n (and m) where the number varies: 'n' (one heap), "
                 "'3 n', 'n m' (two heaps, wythoff n m)")
      ->required();
  cmd.add_option("--from", r->from, "First n (and m)")->capture_default_str();
  cmd.add_option("--to", r->to,
                 "Last n (and m); default 100 (misère 30), with m 20 (misère 12)");
  cmd.add_flag("--misere", r->misere, "Misère play: outcomes, whoever cannot move wins");
  cmd.add_flag("--json", r->json, "Machine-readable output (docs/json.md)");
  cmd.add_option("--plot", r->plot,
                 "One-parameter tables: draw the values (or P = 0, N = 1) against n to FILE.svg");
  cmd.add_option("--search-limit", r->search_limit, "Most positions the solver may store")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  return [r] { return grundy::cli::run_pattern(*r); };
}

Runner declare_quotient(CLI::App& cmd) {
  auto r = std::make_shared<grundy::cli::QuotientRequest>();
  cmd.add_option("ruleset", r->ruleset, "A heap ruleset: a take-and-break code such as 0.75, kayles")
      ->required();
  cmd.add_option("--max-heap", r->max_heap, "Adjoin heaps 1..N")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000}));
  cmd.add_option("--max-elements", r->max_elements,
                 "Most elements the quotient may have before the command gives up")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{65536}));
  cmd.add_flag("--json", r->json,
               "JSON: presentation, order, P-portion, pretending function, period, tame");
  return [r] { return grundy::cli::run_quotient(*r); };
}

Runner declare_value(CLI::App& cmd) {
  auto r = std::make_shared<grundy::cli::ValueRequest>();
  cmd.add_option("ruleset", r->ruleset, "A heap ruleset")->required();
  cmd.add_option("n", r->heap, "The heap size")->required();
  cmd.add_option("--max", r->max,
                 "Compute at most this many values in search of a proven period")
      ->capture_default_str();
  cmd.add_flag("--observed", r->observed,
                 "Accept an observed, unproven period (the output says so)");
  cmd.add_flag("--json", r->json, "JSON: value, proven");
  return [r] { return grundy::cli::run_value(*r); };
}

Runner declare_values(CLI::App& cmd) {
  auto r = std::make_shared<grundy::cli::ValuesRequest>();
  cmd.add_option("ruleset", r->ruleset,
                 "A heap ruleset, e.g. kayles, 0.137 (with --resume: the checkpoint's)");
  cmd.add_option("--from", r->from, "First heap size")->capture_default_str();
  cmd.add_option("--to", r->to, "Last heap size")->capture_default_str();
  cmd.add_flag("--json", r->json, "JSON: {\"from\", \"to\", \"values\"}");
  cmd.add_flag("--csv", r->csv, "CSV lines n,value");
  cmd.add_option("--out", r->out,
                 "Write the values to FILE: CSV if it ends in .csv, else the binary "
                 "sequence format (docs/sequence-file.md)");
  cmd.add_flag("--stats", r->stats,
                 "Print the value histogram, the number of rare values and the mask");
  cmd.add_option("--checkpoint", r->checkpoint,
                 "Save the computation and the request to FILE now and then (atomic, "
                 "checksummed); a resumed run saves to its --resume FILE");
  cmd.add_option("--checkpoint-every", r->checkpoint_every,
                 "Seconds between checkpoints")
      ->capture_default_str()
      ->check(kPositiveSeconds);
  cmd.add_option("--resume", r->resume,
                 "Continue the request recorded in checkpoint FILE (options given again must "
                 "agree with it)");
  cmd.add_option("--max-memory", r->max_memory,
                 "Refuse computations needing more memory than this (e.g. 8G); default: "
                 "3/4 of the machine's memory");
  cmd.add_option("--threads", r->threads, "Worker threads (0: one per core)")
      ->capture_default_str();
  cmd.add_option("--plot", r->plot,
                 "Draw G(n) against n as an SVG scatter plot, the period marked");
  auto* values_misere = cmd.add_flag(
      "--misere", r->misere,
      fmt::format("Misère values G⁻(n) by exhaustive search over sums (default --to {})",
                  kMisereValuesTo));
  cmd.add_flag("--genus", r->genus,
                 "With --misere: genus of each heap and a tame/wild verdict (docs/misere.md)");
  cmd.add_option("--search-limit", r->search_limit,
                 "With --misere: most positions the search may store")
      ->capture_default_str()
      ->check(kPositiveCount)
      ->needs(values_misere);
  cmd.add_flag("--check", r->check,
               "Re-verify G(n) by the naive mex over every option as far as it affords (normal "
               "play); exit status 1 if they disagree");
  return [r, &cmd] {
    if (r->misere && cmd.get_option("--to")->count() == 0) r->to = kMisereValuesTo;
    for (const char* option : {"--from", "--to", "--out", "--plot", "--stats", "--json", "--csv"})
      if (cmd.get_option(option)->count() > 0) r->given.push_back(option);
    return grundy::cli::run_values(*r);
  };
}

Runner declare_graph(CLI::App& cmd) {
  struct GraphRequest {
    std::string file;
    std::vector<std::string> tokens;
    bool json = false;
    std::string max_memory;
  };
  auto r = std::make_shared<GraphRequest>();
  cmd.add_option("file", r->file,
                   "Graph file, text or JSON (docs/graph-format.md); '-' for standard input")
      ->required();
  cmd.add_option("--tokens", r->tokens, "Token vertices (ids or names); may repeat");
  cmd.add_flag("--json", r->json, "Machine-readable output (docs/graph-format.md)");
  cmd.add_option("--max-memory", r->max_memory, kGraphMemoryHelp);
  return [r] {
    return grundy::cli::run_graph(r->file, r->tokens, r->json,
                                  grundy::cli::memory_limit(r->max_memory));
  };
}

Runner declare_play(CLI::App& cmd) {
  auto r = std::make_shared<grundy::cli::PlayRequest>();
  cmd.add_option("ruleset", r->ruleset,
                 "Ruleset name, e.g. nim, kayles, wythoff; or graph:FILE (tokens on vertices)")
      ->required();
  cmd.add_option("position", r->heaps,
                 "Heap sizes (stairs for staircase); a sum of different games separated by "
                 "'+' (docs/sums.md)")
      ->required();
  auto* play_misere =
      cmd.add_flag("--misere", r->misere, "Misère play: whoever cannot move wins");
  cmd.add_flag("--every", r->every,
                 "Every-SG: each turn move in every component that still has a move")
      ->excludes(play_misere);
  cmd.add_option("--first", r->first, "Who moves first: me or computer")
      ->capture_default_str()
      ->check(CLI::IsMember({"me", "computer"}));
  cmd.add_option("--search-limit", r->search_limit,
                 "Most positions the remoteness (suspense) search may store")
      ->capture_default_str()
      ->check(kPositiveCount);
  cmd.add_option("--max-memory", r->max_memory, kGraphMemoryHelp);
  return [r] { return grundy::cli::run_play(*r); };
}

Runner declare_bench(CLI::App&) {
  return [] { return grundy::cli::run_bench(); };
}

struct Command {
  const char* name;
  const char* summary;
  Runner (*declare)(CLI::App& cmd);
  bool help_topic;  // listed by 'grundy help COMMAND'
};

const Command kCommands[] = {
    {"analyze", "Who wins, the Grundy values and every winning move of a position",
     declare_analyze, true},
    {"period", "Period, preperiod and saltus of a heap-value sequence, proven or observed",
     declare_period, true},
    {"pattern",
     "Table of a family of positions (n, or n and m): period, P-positions, gaps, observed",
     declare_pattern, true},
    {"quotient",
     "Misère quotient of a heap game: presentation, P-portion, pretending function, tame or wild",
     declare_quotient, true},
    {"value", "G(n) of one heap, for any n up to 2^63-1", declare_value, true},
    {"values", "G(n) of a single heap for n in a range", declare_values, true},
    {"graph",
     "Values of a game on a directed graph (acyclic or with cycles) and the outcome of tokens",
     declare_graph, true},
    {"play", "Play a game in the terminal against perfect play", declare_play, true},
    {"bench", "Run a fixed suite of analyses; print its checksum (a behaviour fingerprint)",
     declare_bench, false},
};

bool is_command(const std::string& word) {
  for (const Command& c : kCommands)
    if (word == c.name) return true;
  return false;
}

// "analyze, values, ..." of the commands (with `help` when asked).
std::string command_names(bool help_topics_only) {
  std::string names;
  for (const Command& c : kCommands) {
    if (help_topics_only && !c.help_topic) continue;
    names += names.empty() ? c.name : std::string(", ") + c.name;
  }
  return names;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"grundy — exact solver for impartial combinatorial games", "grundy"};
  app.set_version_flag("--version", std::string("grundy ") + GRUNDY_VERSION);
  app.require_subcommand(1);
  app.footer("Run 'grundy help COMMAND' for a command's options, 'grundy help rulesets' for "
             "the rulesets.");

  std::vector<std::pair<CLI::App*, Runner>> commands;
  for (const Command& c : kCommands) {
    CLI::App* cmd = app.add_subcommand(c.name, c.summary);
    commands.emplace_back(cmd, c.declare(*cmd));
  }
  std::string topic;
  auto* help_cmd = app.add_subcommand("help", "Help on a command, or on 'rulesets'");
  help_cmd->add_option("topic", topic, "analyze, values or rulesets");

  if (const char* bad = negative_number(argc, argv))
    return fail(fmt::format("negative number '{}': heap sizes and ranges are non-negative integers",
                            bad));
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word.empty() || word[0] == '-') continue;
    if (word != "help" && !is_command(word))
      return fail(fmt::format("unknown command '{}' (commands: {}, help)", word,
                              command_names(false)));
    break;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::string message = e.what();
    for (char& c : message)
      if (c == '\n') c = ' ';  // CLI11's own line breaks: spaces rather than escapes
    return fail(message);
  }

  try {
    for (auto& [cmd, run] : commands)
      if (*cmd) return run();
    if (*help_cmd) {
      if (topic.empty()) {
        std::fputs(app.help().c_str(), stdout);
        return 0;
      }
      if (topic == "rulesets") {
        std::fputs(rulesets_help().c_str(), stdout);
        return 0;
      }
      for (const Command& c : kCommands) {
        if (!c.help_topic || topic != c.name) continue;
        std::fputs(app.get_subcommand(topic)->help().c_str(), stdout);
        if (topic == "analyze") std::fputs(("\n" + rulesets_help()).c_str(), stdout);
        return 0;
      }
      return fail(fmt::format("no help on '{}' (try {}, rulesets)", topic, command_names(true)));
    }
  } catch (const grundy::InputError& e) {
    return fail(e.what());
  } catch (const grundy::LimitError& e) {
    return fail(e.what());
  } catch (const grundy::Interrupted& e) {
    // Ctrl-C during a position search: the status `values` gives a stop.
    std::fprintf(stderr, "grundy: interrupted: %s; no answer\n", e.what());
    return 130;
  } catch (const std::bad_alloc&) {
    return fail("out of memory");
  }
  return 0;
}
