// The grundy command line: one function per command. Each returns the exit
// status; bad input and limits are reported by throwing InputError or
// LimitError, which main turns into one line on stderr and status 2.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "grundy/solve/analysis.h"
#include "grundy/solve/check.h"
#include "grundy/solve/misere_quotient.h"
#include "grundy/solve/periodicity.h"
#include "present/titled_name.h"

namespace grundy::cli {

// Every command's JSON, in one layout (docs/json.md): one document on one
// line, keys in alphabetical order, then a newline; bytes that are not UTF-8
// are replaced by U+FFFD.
void write_json(const nlohmann::json& document, std::FILE* stream = stdout);
// The same for a document built in insertion order: printed sorted too.
void write_json(const nlohmann::ordered_json& document, std::FILE* stream = stdout);

// A periodicity in every command's JSON: present/period_json.h.
// The report of --check in a JSON answer: {"checked", "agrees", "what"}.
nlohmann::json check_json(const CheckReport& report);

// A ruleset titled for a person: "kayles (0.77)", "nim" (present/titled_name.h).
using present::titled_name;

struct AnalyzeRequest {
  std::string ruleset;
  std::vector<std::string> heaps;
  std::string input_file;  // heaps read from this file ('-': standard input)
  bool misere = false;
  bool json = false;
  bool one = false;
  bool count = false;
  std::uint64_t max_moves = AnalysisOptions{}.max_moves;  // with --count: most moves counted
  std::uint64_t search_limit = AnalysisOptions{}.search_limit;
  bool proven_only = false;  // refuse heap values from observed, unproven periods
  std::string max;           // --max: a code's values computed at most, whatever the work
  bool explain = false;   // explain why the moves win (explanation_text.h)
  bool options = false;   // every option with its value and outcome (option_values.h)
  bool every = false;     // Every-SG: suspense numbers per component
  bool remoteness = false;  // remoteness of the whole position
  bool conjunctive = false;  // conjunctive compound: remoteness per component
  std::string max_memory;    // refuse graphs needing more (e.g. 4G); default: memory_limit("")
  bool check = false;        // re-verify with the by-definition twin (check.h)
};

struct PeriodRequest {
  std::string ruleset;
  std::string max = "4194304";  // compute at most this many values
  bool max_given = false;        // --max was given: look that far even without a criterion
  bool json = false;
  unsigned threads = 0;
  bool check = false;  // re-verify the period and values by definition (check.h)
  std::string max_memory;  // --max lowered to the values this holds; default: memory_limit("")
};

struct ValueRequest {
  std::string ruleset;
  std::string heap;
  std::string max = "4194304";
  bool max_given = false;  // --max was given: for a code, as many values as that, whatever the work
  bool observed = false;
  bool json = false;
  std::string store;  // compute G(0..n) in FILE, memory-mapped; continued when it exists
  unsigned threads = 0;  // with --store: worker threads (0: one per core)
  std::string max_memory;  // --max lowered to the values this holds; default: memory_limit("")
};

// grundy pattern: the table-and-pattern method on a family of positions.
struct PatternRequest {
  std::string ruleset;
  std::vector<std::string> position;  // numbers, and the letters n (and m) that vary
  std::string from = "0";
  std::string to;         // default: 100 (misère 30); with m: 20 (misère 12)
  bool misere = false;
  bool json = false;
  std::string plot;       // one-parameter tables: a plot to FILE (.svg, .png, .pdf; '-')
  std::string title;      // the plot's title; default: the family and range
  std::string size;       // the plot's WIDTHxHEIGHT in pixels; default 960x600
  std::uint64_t search_limit = 10'000'000;  // most positions the solver may store
  std::string max_memory;  // refuse a search limit needing more; default: memory_limit("")
};

// grundy survey: every code of a family, its period proven or not (survey.h).
struct SurveyRequest {
  std::string family;      // a pattern (0.ddd, 0.[0-7][0-7]) or a file of codes
  std::string max = "1048576";  // values per code at most
  std::string max_work = "1073741824";  // work per code at most (SurveyLimits), 0: none
  std::string out;         // the table: .csv, .json or .txt
  std::string journal;     // default: OUT.journal (none without --out)
  bool resume = false;     // the journal must exist already
  bool no_times = false;   // leave out the time per code (tables compare equal)
  unsigned threads = 0;    // 0: one per core (one code per rank under MPI)
  // Misère quotients instead of periods: heaps per code at most, elements.
  bool misere = false;
  std::uint64_t max_heap = 50;
  std::uint64_t max_elements = 4096;
  std::vector<std::string> given;  // options given explicitly ("--max", "--max-work", ...)
};

int run_survey(const SurveyRequest& request);

// grundy quotient: the misère quotient of a heap game up to a heap bound.
struct QuotientRequest {
  std::string ruleset;  // empty with --resume: the checkpoint's
  std::uint64_t max_heap = 30;
  std::uint64_t max_elements = QuotientOptions{}.max_elements;
  // Most sums the learning step may solve (QuotientOptions), 0: no learning.
  std::uint64_t learning_limit = QuotientOptions{}.max_learning_positions;
  bool no_recalibration = false;  // QuotientOptions::recalibrate off
  bool json = false;
  std::string checkpoint;        // save the computation to FILE
  double checkpoint_every = 60;  // seconds between saves, at most
  std::string resume;            // continue the checkpoint FILE
  double time = 0;               // seconds the run may take (0: no budget)
  std::string max_memory;        // e.g. 8G; default 3/4 of the machine's memory
  std::vector<std::string> given;  // the options given explicitly ("--max-heap", ...)
};

int run_quotient(const QuotientRequest& request);
int run_pattern(const PatternRequest& request);
int run_period(const PeriodRequest& request);
int run_bench();
int run_value(const ValueRequest& request);

struct ValuesRequest {
  std::string ruleset;     // may be left out with --resume (the checkpoint names it)
  std::string from = "0";
  std::string to = "30";
  bool json = false;
  bool csv = false;
  std::string out;         // write the values to FILE (.csv: CSV, else binary)
  bool stats = false;      // histogram, rare count, mask
  std::string checkpoint;  // save the state to FILE now and then
  double checkpoint_every = 60;  // seconds between checkpoints
  std::string resume;      // continue from a checkpoint FILE (or a --store FILE)
  std::string store;       // keep the sequence in FILE, memory-mapped (mapped_sequence.h)
  std::string max_memory;  // e.g. 4G; default 3/4 of the machine's memory
  unsigned threads = 0;    // 0: one per core
  std::string plot;        // scatter plot of G(n) to FILE (.svg, .png, .pdf; '-': SVG to stdout)
  std::string title;       // the plot's title; default: the ruleset and range
  std::string size;        // the plot's WIDTHxHEIGHT in pixels; default 960x600
  bool misere = false;     // misère values G⁻(n) by exhaustive search
  bool genus = false;      // with misere: genus of each heap and a tame/wild verdict
  std::uint64_t search_limit = AnalysisOptions{}.search_limit;  // most positions the misère search may store
  bool check = false;      // re-verify G(n) by the naive mex (check.h)
  // The options of the request given explicitly ("--from", "--to", "--out",
  // "--plot", "--stats", "--json", "--csv"): with --resume they must agree
  // with the request the checkpoint records (sequence_request.h).
  std::vector<std::string> given;
};

// Prints the report of --check on standard error: "check: ..." or "not
// checked: ...", or "grundy: CHECK FAILED: ..." for a disagreement (a bug).
// Returns the exit status: 0, or 1 on a disagreement.
int print_check(const CheckReport& report);

// Bytes from "123", "512M", "4G", "4GB", "4GiB" (all binary: G = 2^30); throws
// InputError.
std::uint64_t parse_memory(const std::string& text);
// The limit --max-memory TEXT sets: parse_memory(text), or when it was not
// given ("") the library's default_memory_limit() (core/memory.h).
std::uint64_t memory_limit(const std::string& text);

int run_analyze(const AnalyzeRequest& request);
int run_values(const ValuesRequest& request);

// Heap sizes from a file of whitespace-separated decimal numbers.
std::vector<std::uint64_t> read_heaps(const std::string& path);
// The same from an open file, named `path` in messages, read `block` bytes at
// a time.
std::vector<std::uint64_t> read_heaps(std::FILE* file, const std::string& path,
                                      std::size_t block = 1 << 20);

}  // namespace grundy::cli
