// The grundy command line. The commands are one table (kCommands): each
// entry's name and summary drive the subcommand list, the check for unknown
// commands and `grundy help`; its options are declared once, in its declare
// function, and drive parsing, validation and help (CLI11). Defaults come
// from the request structs (commands.h), which take the library's own. All
// printing happens in the command files; errors become one line on stderr
// and exit status 2.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "present/command_line_words.h"
#include "commands.h"
#include "graph_command.h"
#include "play_command.h"
#include "grundy/core/error.h"
#include "grundy/core/spelling.h"
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

// --max-moves, --search-limit: a whole number from 1 to 2^63-1, written as
// parse_count reads it (1000000, 1M, 10^6, 1e6; rules/registry.h), handed on
// to CLI11 as decimal digits. CLI::PositiveNumber would take "0.5" and cap a
// number too large for 64 bits silently.
const CLI::Validator kPositiveCount(
    [](std::string& text) -> std::string {
      try {
        const grundy::Heap count = grundy::parse_count(text);
        if (count > 0) {
          text = std::to_string(count);
          return {};
        }
      } catch (const grundy::InputError&) {
      }
      return fmt::format("'{}' is not a positive whole number (1 to 2^63-1, e.g. 1M, 2^20, 1e6)",
                         text);
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
// --max-memory where it bounds what a position search may be allowed to store.
constexpr const char* kPositionMemoryHelp =
    "Refuse a --search-limit that this much memory cannot hold (e.g. 8G); default: 3/4 of "
    "the machine's memory";
// --max-memory of the commands that read graph files and search positions.
constexpr const char* kGraphAndSearchMemoryHelp =
    "Refuse graph files, or a --search-limit, needing more memory than this (e.g. 8G); "
    "default: 3/4 of the machine's memory";
// --max-memory of `quotient`: what its verification and tables may hold.
constexpr const char* kQuotientMemoryHelp =
    "Memory the verification's states and the quotient's tables may hold (e.g. 8G): a heap "
    "whose verification or table would need more stops the run there; default: 3/4 of the "
    "machine's memory";
// --max-memory where it bounds the values a period search holds.
constexpr const char* kSearchMemoryHelp =
    "Lower --max to the values this much memory holds (e.g. 8G); default: 3/4 of the "
    "machine's memory";

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
      ->transform(kPositiveCount);
  cmd.add_option("--search-limit", r->search_limit,
                 "Most positions a search (misère, remoteness, Every-SG) may store; its work is "
                 "bounded by 8 steps for each (docs/usage.md)")
      ->capture_default_str()
      ->transform(kPositiveCount);
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
  cmd.add_flag("--options", r->options,
               "List every option (up to --max-moves) with its value and outcome, and their mex")
      ->excludes(analyze_every)
      ->excludes(analyze_remoteness)
      ->excludes(cmd.get_option("--conjunctive"))
      ->excludes(cmd.get_option("--count"))
      ->excludes(cmd.get_option("--one"));
  cmd.add_option("--max-memory", r->max_memory, kGraphAndSearchMemoryHelp);
  cmd.add_flag("--check", r->check,
               "Re-verify the outcome, value and winning moves by exhaustive search of the whole "
               "position where it is small enough; exit status 1 if they disagree");
  cmd.add_flag("--proven-only", r->proven_only,
                 "Refuse heap values from an observed but unproven period (by default "
                 "they are used and the answer says NOT PROVEN)");
  cmd.add_option("--max", r->max,
                 "Compute up to N values of a take-and-break code in search of a proven period, "
                 "whatever the work (default: 2^20, and no step of more than about a second's "
                 "work)");
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
  cmd.add_option("--max-memory", r->max_memory, kSearchMemoryHelp);
  return [r, &cmd] {
    r->max_given = cmd.get_option("--max")->count() > 0;
    return grundy::cli::run_period(*r);
  };
}

Runner declare_survey(CLI::App& cmd) {
  auto r = std::make_shared<grundy::cli::SurveyRequest>();
  cmd.add_option("family", r->family,
                 "The codes: a pattern where d is an octal digit, x a hexadecimal one and "
                 "[0-7] or [1-37] the digits listed (0.ddd: every 3-digit octal code), or a "
                 "file with one code or pattern per line")
      ->required();
  cmd.add_option("--max", r->max, "Compute at most this many values per code")
      ->capture_default_str();
  cmd.add_option("--max-work", r->max_work,
                 "Stop a code before a step estimated to cost more than this (new values x "
                 "rare values; 0: no limit)")
      ->capture_default_str();
  cmd.add_option("--out", r->out,
                 "Also write the table to FILE: .csv, .json or .txt (and journal the results "
                 "to FILE.journal)");
  cmd.add_option("--journal", r->journal,
                 "Append each finished code to FILE; a survey run again with the same journal "
                 "computes only the codes it lacks (default with --out: OUT.journal)");
  cmd.add_flag("--resume", r->resume, "Continue the journal, which must exist");
  cmd.add_flag("--no-times", r->no_times,
               "Leave out the time per code, so that tables of two runs compare equal");
  cmd.add_option("--threads", r->threads,
                 "Codes computed side by side (0: one per core); under mpirun, one code per "
                 "rank")
      ->capture_default_str();
  cmd.add_flag("--misere", r->misere,
               "The misère quotient of each code instead of its period: heaps adjoined, |Q|, "
               "|P|, the pretending function's period, tame or wild (docs/survey.md)");
  cmd.add_option("--max-heap", r->max_heap,
                 "With --misere: adjoin heaps 1..N of each code at most (fewer when its period "
                 "is proven first)")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000}));
  cmd.add_option("--max-elements", r->max_elements,
                 "With --misere: most elements a code's quotient may have")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{65536}));
  return [r, &cmd] {
    for (const char* option : {"--max", "--max-work", "--max-heap", "--max-elements"})
      if (cmd.get_option(option)->count() > 0) r->given.push_back(option);
    return grundy::cli::run_survey(*r);
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
                 "One-parameter tables: draw the values (or P = 0, N = 1) against n to FILE: "
                 ".svg, .png or .pdf by its extension; '-' writes SVG to standard output");
  cmd.add_option("--title", r->title, "The plot's title (default: the family and the range)");
  cmd.add_option("--size", r->size, "The plot's size in pixels, WIDTHxHEIGHT (default 960x600)");
  cmd.add_option("--search-limit", r->search_limit,
                 "Most positions the solver may store; a search's work is bounded by 8 steps for "
                 "each (docs/usage.md)")
      ->capture_default_str()
      ->transform(kPositiveCount);
  cmd.add_option("--max-memory", r->max_memory, kPositionMemoryHelp);
  return [r] { return grundy::cli::run_pattern(*r); };
}

Runner declare_quotient(CLI::App& cmd) {
  auto r = std::make_shared<grundy::cli::QuotientRequest>();
  cmd.add_option("ruleset", r->ruleset,
                 "A heap ruleset: a take-and-break code such as 0.75, kayles (with --resume: the "
                 "checkpoint's)");
  cmd.add_option("--max-heap", r->max_heap,
                 "Adjoin heaps 1..N (with --resume: the recorded N, or a larger one)")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000}));
  cmd.add_option("--max-elements", r->max_elements,
                 "Most elements the quotient may have before the command stops (its multiplication "
                 "table must also fit in half of --max-memory)")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{65536}));
  cmd.add_option("--learning-limit", r->learning_limit,
                 "Most sums the learning step may solve for a heap that refinement does not "
                 "verify; 0 turns learning off (docs/misere-quotients.md, \"Learning\")")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40));
  cmd.add_flag("--no-recalibration", r->no_recalibration,
               "Do not repair a heap that refinement does not verify by recalibration (go "
               "straight to learning; docs/misere-quotients.md, \"Recalibration\")");
  cmd.add_flag("--json", r->json,
               "JSON: presentation, order, P-portion, pretending function, period, tame");
  cmd.add_option("--checkpoint", r->checkpoint,
                 "Save the computation and the request to FILE after each heap (at most every "
                 "--checkpoint-every seconds), at Ctrl-C and at the end (atomic, checksummed); a "
                 "resumed run saves to its --resume FILE");
  cmd.add_option("--checkpoint-every", r->checkpoint_every, "Seconds between checkpoints, at least")
      ->capture_default_str()
      ->check(kPositiveSeconds);
  cmd.add_option("--resume", r->resume,
                 "Continue the request recorded in checkpoint FILE, to its --max-heap or a "
                 "larger one given (other options given again must agree with it)");
  cmd.add_option("--max-memory", r->max_memory, kQuotientMemoryHelp);
  cmd.add_option("--time", r->time,
                 "Stop after SECONDS (wall clock) and print the quotient of the heaps verified "
                 "by then, as Ctrl-C does (a checkpoint saved then resumes the run)")
      ->check(kPositiveSeconds);
  return [r, &cmd] {
    for (const char* option :
         {"--max-heap", "--max-elements", "--learning-limit", "--no-recalibration", "--json"})
      if (cmd.get_option(option)->count() > 0) r->given.push_back(option);
    return grundy::cli::run_quotient(*r);
  };
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
  cmd.add_option("--store", r->store,
                 "Compute G(0..n) exactly with the sequence kept in FILE, memory-mapped, not "
                 "in memory (2 bytes a value on disk); the same command continues FILE "
                 "(docs/sequence-file.md)");
  cmd.add_option("--threads", r->threads, "With --store: worker threads (0: one per core)")
      ->capture_default_str();
  cmd.add_option("--max-memory", r->max_memory, kSearchMemoryHelp);
  return [r, &cmd] {
    r->max_given = cmd.get_option("--max")->count() > 0;
    return grundy::cli::run_value(*r);
  };
}

Runner declare_values(CLI::App& cmd) {
  auto r = std::make_shared<grundy::cli::ValuesRequest>();
  cmd.add_option("ruleset", r->ruleset,
                 "A heap ruleset, e.g. kayles, 0.137 (with --resume: the checkpoint's)");
  cmd.add_option("--from", r->from, "First heap size")->capture_default_str();
  cmd.add_option("--to", r->to, "Last heap size")->capture_default_str();
  cmd.add_flag("--json", r->json,
               "JSON (docs/json.md): the values; with --stats the statistics; with --out or "
               "--plot what was written");
  cmd.add_flag("--csv", r->csv, "CSV lines n,value");
  cmd.add_option("--out", r->out,
                 "Write the values to FILE: CSV if it ends in .csv, else the binary "
                 "sequence format (docs/sequence-file.md); '-' writes CSV to standard output");
  cmd.add_flag("--stats", r->stats,
                 "Print the value histogram, the number of rare values and the mask");
  cmd.add_option("--checkpoint", r->checkpoint,
                 "Save the computation and the request to FILE now and then (atomic, "
                 "checksummed); a resumed run saves to its --resume FILE");
  cmd.add_option("--checkpoint-every", r->checkpoint_every,
                 "Seconds between checkpoints (recorded in the checkpoint when given: a "
                 "resumed run keeps it unless given another)")
      ->capture_default_str()
      ->check(kPositiveSeconds);
  cmd.add_option("--resume", r->resume,
                 "Continue the request recorded in checkpoint FILE (options given again must "
                 "agree with it)");
  cmd.add_option("--store", r->store,
                 "Keep the sequence in FILE, memory-mapped, instead of in memory: memory is "
                 "bounded by the rare values, the disk needs 2 bytes a value; FILE is its own "
                 "checkpoint (`--resume FILE` continues it; docs/sequence-file.md)");
  cmd.add_option("--max-memory", r->max_memory,
                 "Refuse computations needing more memory than this (with --misere: a "
                 "--search-limit it cannot hold; e.g. 8G); default: 3/4 of the machine's "
                 "memory");
  cmd.add_option("--threads", r->threads, "Worker threads (0: one per core)")
      ->capture_default_str();
  cmd.add_option("--plot", r->plot,
                 "Draw G(n) against n to FILE, the period marked: .svg, .png or .pdf by its "
                 "extension (PNG, PDF by rsvg-convert); '-' writes SVG to standard output");
  cmd.add_option("--title", r->title, "The plot's title (default: the ruleset and the range)");
  cmd.add_option("--size", r->size, "The plot's size in pixels, WIDTHxHEIGHT (default 960x600)");
  auto* values_misere = cmd.add_flag(
      "--misere", r->misere,
      fmt::format("Misère values G⁻(n) by exhaustive search over sums (default --to {})",
                  kMisereValuesTo));
  cmd.add_flag("--genus", r->genus,
                 "With --misere: genus of each heap and a tame/wild verdict (docs/misere.md)");
  cmd.add_option("--search-limit", r->search_limit,
                 "With --misere: most positions the search may store")
      ->capture_default_str()
      ->transform(kPositiveCount)
      ->needs(values_misere);
  cmd.add_flag("--check", r->check,
               "Re-verify G(n) by the naive mex over every option as far as it affords, and "
               "beyond it the mex rule at up to 16 heaps spread to the top (normal play); exit "
               "status 1 if they disagree");
  return [r, &cmd] {
    if (r->misere && cmd.get_option("--to")->count() == 0) r->to = kMisereValuesTo;
    for (const char* option :
         {"--from", "--to", "--out", "--plot", "--stats", "--json", "--csv", "--checkpoint-every"})
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
                 "Most positions the remoteness (suspense) search may store; its work is bounded "
                 "by 8 steps for each (docs/usage.md)")
      ->capture_default_str()
      ->transform(kPositiveCount);
  cmd.add_option("--max-memory", r->max_memory, kGraphAndSearchMemoryHelp);
  return [r] { return grundy::cli::run_play(*r); };
}

Runner declare_bench(CLI::App&) {
  return [] { return grundy::cli::run_bench(); };
}

struct Command {
  const char* name;
  const char* summary;
  Runner (*declare)(CLI::App& cmd);
};

const Command kCommands[] = {
    {"analyze", "Who wins, the Grundy values and every winning move of a position",
     declare_analyze},
    {"period", "Period, preperiod and saltus of a heap-value sequence, proven or observed",
     declare_period},
    {"pattern",
     "Table of a family of positions (n, or n and m): period, P-positions, gaps, observed",
     declare_pattern},
    {"quotient",
     "Misère quotient of a heap game: presentation, P-portion, pretending function, tame or wild",
     declare_quotient},
    {"survey",
     "Every code of a family of take-and-break games: proven periods, equal games (also under "
     "mpirun)",
     declare_survey},
    {"value", "G(n) of one heap, for any n up to 2^63-1", declare_value},
    {"values", "G(n) of a single heap for n in a range", declare_values},
    {"graph",
     "Values of a game on a directed graph (acyclic or with cycles) and the outcome of tokens",
     declare_graph},
    {"play", "Play a game in the terminal against perfect play", declare_play},
    {"bench", "Run a fixed suite of analyses; print its checksum (a behaviour fingerprint)",
     declare_bench},
};

// How numbers and sizes are written in options: the help topic 'numbers'.
constexpr const char* kNumbersHelp =
    "Numbers in options (--to, --from, --max, --max-moves, --search-limit) and value's n:\n"
    "  1000000   decimal digits\n"
    "  1M        K, M, G, T: 10^3, 10^6, 10^9, 10^12 (a count, so decimal)\n"
    "  2^20      a power, exact\n"
    "  1e6       decimal notation naming a whole number (1.5e3 = 1500; 1e-3 is refused)\n"
    "Heap sizes in positions are decimal digits. All numbers are at most 2^63-1.\n"
    "\n"
    "Sizes (--max-memory): 512M, 8G, 8GB, 8GiB. K, M, G, T are powers of 1024 here\n"
    "(8G = 8GB = 8GiB = 8 * 2^30 bytes), as the kernel counts memory.\n"
    "\n"
    "Files: '-' is standard input for --input and graph FILE, standard output for\n"
    "--out and --plot.\n";

// The help topics besides the commands, in the order 'grundy help' lists them.
struct Topic {
  const char* name;
  const char* summary;
};
const Topic kTopics[] = {
    {"rulesets", "The rulesets and how to name them"},
    {"numbers", "How counts (1M, 2^20, 1e6) and sizes (8G) are written"},
    {"help", "This list"},
};

std::vector<std::string> command_names() {
  std::vector<std::string> names;
  for (const Command& c : kCommands) names.emplace_back(c.name);
  names.emplace_back("help");
  return names;
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : ", ") + w;
  return text;
}

std::string topics_help() {
  std::string text = "grundy help TOPIC: the commands and the topics.\n\nCommands:\n";
  for (const Command& c : kCommands) text += fmt::format("  {:<9} {}\n", c.name, c.summary);
  text += "\nTopics:\n";
  for (const Topic& t : kTopics) text += fmt::format("  {:<9} {}\n", t.name, t.summary);
  return text;
}

std::vector<std::string> topic_names() {
  std::vector<std::string> names;
  for (const Command& c : kCommands) names.emplace_back(c.name);
  for (const Topic& t : kTopics) names.emplace_back(t.name);
  return names;
}

// " (did you mean 'X'?)" when `typed` is near one of `names`, else "".
std::string did_you_mean(const std::string& typed, const std::vector<std::string>& names) {
  const std::string meant = grundy::closest_word(typed, names);
  return meant.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", meant);
}

// The long option names of `cmd` ("--misere", ...).
std::vector<std::string> option_names(const CLI::App& cmd) {
  std::vector<std::string> names;
  for (const CLI::Option* option : cmd.get_options())
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
  return names;
}

// Reads the words after the command `name` as CLI11 will, to catch what it
// would only call unexpected: an unknown option (with the nearest known one)
// and `values RULESET N` (meaning `value` or `--to`). Returns the complaint,
// or "" when CLI11 may go on.
std::string misread_words(const CLI::App& cmd, const std::string& name,
                          const std::vector<std::string>& words) {
  std::vector<std::string> positionals;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word == "--") break;
    if (word.size() > 2 && word[0] == '-' && word[1] == '-') {
      const std::string option = word.substr(0, word.find('='));
      const CLI::Option* known = cmd.get_option_no_throw(option);
      if (known == nullptr)
        return fmt::format("unknown option '{}' for '{}'{}", option, name,
                           did_you_mean(option, option_names(cmd)));
      if (known->get_expected_max() > 0 && word.find('=') == std::string::npos) ++i;
      continue;
    }
    if (word.size() > 1 && word[0] == '-') continue;  // -h, or CLI11's to judge
    positionals.push_back(word);
  }
  if (name == "values" && positionals.size() == 2) {
    try {
      const grundy::Heap n = grundy::parse_count(positionals[1]);
      return fmt::format("'values' takes a ruleset and a range, not a heap: for G({0}) alone try "
                         "'grundy value {1} {0}', for G(0..{0}) 'grundy values {1} --to {0}'",
                         n, positionals[0]);
    } catch (const grundy::InputError&) {
    }
  }
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  grundy::set_front_end_words(grundy::present::command_line_words());
  CLI::App app{"grundy — exact solver for impartial combinatorial games", "grundy"};
  app.set_version_flag("-V,--version", std::string("grundy ") + GRUNDY_VERSION);
  app.require_subcommand(1);
  app.footer("Run 'grundy help COMMAND' for a command's options, 'grundy help' for every topic.");

  std::vector<std::pair<CLI::App*, Runner>> commands;
  for (const Command& c : kCommands) {
    CLI::App* cmd = app.add_subcommand(c.name, c.summary);
    commands.emplace_back(cmd, c.declare(*cmd));
  }
  std::string topic;
  auto* help_cmd = app.add_subcommand("help", "Help on a command or a topic; alone, the list");
  help_cmd->add_option("topic", topic, joined(topic_names()));

  // A bare 'grundy' asks what the program does.
  if (argc <= 1) {
    std::fputs(app.help().c_str(), stdout);
    return 0;
  }
  if (const char* bad = negative_number(argc, argv))
    return fail(grundy::negative_number_error(bad).what());
  // --misère, as typed from the help text, is --misere.
  std::vector<std::string> words(argv + 1, argv + argc);
  for (std::string& word : words)
    if (word == "--misère") word = "--misere";
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word.empty() || word[0] == '-') continue;
    if (word == "help") break;
    const auto command = std::find_if(std::begin(kCommands), std::end(kCommands),
                                      [&](const Command& c) { return word == c.name; });
    if (command == std::end(kCommands))
      return fail(fmt::format("unknown command '{}'{} (commands: {})", word,
                              did_you_mean(word, command_names()), joined(command_names())));
    const std::string complaint =
        misread_words(*app.get_subcommand(word),  word,
                      std::vector<std::string>(words.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                                               words.end()));
    if (!complaint.empty()) return fail(complaint);
    break;
  }
  std::vector<char*> arguments{argv[0]};
  for (std::string& word : words) arguments.push_back(word.data());
  try {
    app.parse(static_cast<int>(arguments.size()), arguments.data());
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
      if (topic.empty() || topic == "help") {
        std::fputs(topics_help().c_str(), stdout);
        return 0;
      }
      if (topic == "rulesets") {
        std::fputs(rulesets_help().c_str(), stdout);
        return 0;
      }
      if (topic == "numbers") {
        std::fputs(kNumbersHelp, stdout);
        return 0;
      }
      for (const Command& c : kCommands) {
        if (topic != c.name) continue;
        std::fputs(app.get_subcommand(topic)->help().c_str(), stdout);
        if (topic == "analyze") std::fputs(("\n" + rulesets_help()).c_str(), stdout);
        return 0;
      }
      return fail(fmt::format("no help on '{}'{} (topics: {})", topic,
                              did_you_mean(topic, topic_names()), joined(topic_names())));
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
