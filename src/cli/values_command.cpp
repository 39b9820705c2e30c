// grundy values RULESET [--from A] [--to B]: G(n) of a single heap, at
// research scale for take-and-break codes (engine, checkpoints, progress);
// with --misere, G⁻(n), and with --genus the genus of each heap and a
// tame/wild verdict (genus.h, docs/misere.md).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <iterator>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "present/period_json.h"
#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "grundy/core/memory.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/genus.h"
#include "grundy/solve/code_run_plan.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/mapped_sequence.h"
#include "grundy/solve/period_search.h"
#include "grundy/solve/periodicity.h"
#include "grundy/solve/sequence_engine.h"
#include "grundy/solve/sequence_file.h"
#include "grundy/solve/sequence_output.h"
#include "present/sequence_plot.h"
#include "grundy/solve/sequence_request.h"
#include "grundy/solve/sequence_run.h"
#include "grundy/solve/value_histogram.h"
#include "grundy/solve/check.h"
#include "long_run.h"

namespace grundy::cli {

namespace {

constexpr Heap kMaxListed = 100'000'000;
constexpr Heap kMaxPlotted = 10'000'000;
constexpr Heap kReleaseEvery = Heap{1} << 24;  // values read between releases of a store's pages

std::string file_extension(const std::string& path) {
  const auto dot = path.rfind('.');
  return dot == std::string::npos ? "" : path.substr(dot);
}

// A CSV file of G(from..to) takes at least digits(from) + 3 bytes a line
// ("n,v\n"): a range that cannot fit on the disk is refused before any
// work, rather than after hours of writing (a proven period makes
// `--to 10^12` cheap to compute and 15 TB to write).
void check_csv_room(const std::string& out, Heap from, Heap to) {
  std::error_code error;
  const std::filesystem::path parent = std::filesystem::path(out).parent_path();
  const std::filesystem::space_info space =
      std::filesystem::space(parent.empty() ? std::filesystem::path(".") : parent, error);
  if (error) return;  // no figure to judge by: the write reports its own failure
  const std::uint64_t line = fmt::format("{}", from).size() + 3;
  const std::uint64_t bytes = detail::saturating_mul(to - from + 1, line);
  if (bytes > space.available)
    throw LimitError(fmt::format("writing G({}..{}) to '{}' as CSV takes at least {} MiB, more "
                                 "than the {} MiB free there: ask for a shorter range",
                                 from, to, out, bytes >> 20, space.available >> 20));
}

// The histogram of --stats in columns, as many cells "value: count" to a
// line as fit in 80 columns, so that a thousand values take a screen rather
// than a thousand lines.
std::string histogram_text(const std::map<Nimber, std::uint64_t>& histogram) {
  std::size_t value_width = 1, count_width = 1;
  for (const auto& [v, c] : histogram) {
    value_width = std::max(value_width, fmt::formatted_size("{}", v));
    count_width = std::max(count_width, fmt::formatted_size("{}", c));
  }
  const std::size_t cell = value_width + 2 + count_width;
  const std::size_t per_line = std::max<std::size_t>(1, (80 - 2 + 3) / (cell + 3));
  std::string text = fmt::format("histogram ({} distinct values; value: count):\n", histogram.size());
  std::size_t in_line = 0;
  for (const auto& [v, c] : histogram) {
    text += in_line == 0 ? "  " : "   ";
    text += fmt::format("{:>{}}: {:>{}}", v, value_width, c, count_width);
    if (++in_line == per_line) {
      text += '\n';
      in_line = 0;
    }
  }
  if (in_line != 0) text += '\n';
  return text;
}

// An output path as a checkpoint records it: absolute, but '-' (standard
// output) as it is.
std::string recorded_path(const std::string& path) {
  return path == "-" ? path : request_path(path);
}

bool was_given(const ValuesRequest& request, const char* option) {
  return std::find(request.given.begin(), request.given.end(), option) != request.given.end();
}

// What `grundy values` records of its own in a checkpoint (the front end's
// record of SequenceRequest): its output files, as absolute paths ("" when
// none), and its formats, "1" or "0".
struct OutputsRecord {
  std::string out, plot;
  bool stats = false, json = false, csv = false;
};

std::map<std::string, std::string> record_of(const OutputsRecord& outputs) {
  return {{"out", outputs.out},
          {"plot", outputs.plot},
          {"stats", outputs.stats ? "1" : "0"},
          {"json", outputs.json ? "1" : "0"},
          {"csv", outputs.csv ? "1" : "0"}};
}

// The command's record in a checkpoint read from `source`: a field it does
// not know, or a format not "0" or "1", makes the checkpoint unusable.
OutputsRecord outputs_of(const SequenceRequest& recorded, const std::string& source) {
  OutputsRecord outputs;
  for (const auto& [key, value] : recorded.front_end) {
    if (key == "out" || key == "plot") {
      (key == "out" ? outputs.out : outputs.plot) = value;
    } else if (key == "stats" || key == "json" || key == "csv") {
      if (value != "0" && value != "1")
        throw unusable_request(source, fmt::format("has a bad '{}'", key));
      (key == "stats" ? outputs.stats : key == "json" ? outputs.json : outputs.csv) = value == "1";
    } else {
      throw unusable_request(source, fmt::format("has an unknown field '{}'", key));
    }
  }
  return outputs;
}

std::string shown_path(const std::string& path) {
  return path.empty() ? "none" : "'" + path + "'";
}

// With --resume: the request the checkpoint records, into `request`, once the
// options given explicitly agree with it (sequence_request.h). A file that
// records none (an --out file, or a checkpoint of an older grundy) needs the
// range given explicitly, or it would silently be the default one.
void continue_recorded_request(ValuesRequest& request,
                               const std::optional<SequenceRequest>& saved_request) {
  if (!saved_request) {
    if (request.ruleset.empty() || !was_given(request, "--to"))
      throw InputError(request.resume,
                       fmt::format("'{}' records no request (it was written by --out, or by an "
                                   "older grundy): give the ruleset and --to with --resume",
                                   request.resume));
    return;
  }
  SequenceRequestGiven given;
  if (!request.ruleset.empty()) given.ruleset = parse_ruleset(request.ruleset)->name();
  if (was_given(request, "--from")) given.from = parse_count(request.from);
  if (was_given(request, "--to")) given.to = parse_count(request.to);
  const SequenceRequest recorded = resumed_request(*saved_request, given, request.resume);
  // The command's own record, checked the same way.
  const OutputsRecord outputs = outputs_of(recorded, request.resume);
  for (const auto& [option, asked, kept] :
       {std::tuple{"--out", &request.out, &outputs.out},
        std::tuple{"--plot", &request.plot, &outputs.plot}})
    if (was_given(request, option) && recorded_path(*asked) != *kept)
      throw checkpoint_disagreement(option, shown_path(recorded_path(*asked)), request.resume,
                                    shown_path(*kept));
  for (const auto& [option, asked, kept] :
       {std::tuple{"--stats", request.stats, outputs.stats},
        std::tuple{"--json", request.json, outputs.json},
        std::tuple{"--csv", request.csv, outputs.csv}})
    if (was_given(request, option) && asked != kept)
      throw checkpoint_switch_disagreement(option, kept, request.resume);
  request.ruleset = recorded.ruleset;
  request.from = fmt::to_string(recorded.from);
  request.to = fmt::to_string(recorded.to);
  request.out = outputs.out;
  request.plot = outputs.plot;
  request.stats = outputs.stats;
  request.json = outputs.json;
  request.csv = outputs.csv;
  // How often to save is no part of the result: given again, it replaces
  // the recorded one (and is recorded in its place).
  if (recorded.checkpoint_every_us && !was_given(request, "--checkpoint-every")) {
    request.checkpoint_every = static_cast<double>(*recorded.checkpoint_every_us) / 1e6;
    request.given.push_back("--checkpoint-every");
  }
}

// --checkpoint-every as a checkpoint records it, when it was given (or
// recorded in the file resumed): whole microseconds, at least one.
std::optional<std::uint64_t> recorded_save_interval(const ValuesRequest& request) {
  if (!was_given(request, "--checkpoint-every")) return std::nullopt;
  const double us = std::min(request.checkpoint_every, 1e12) * 1e6;  // at most 31,000 years
  return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::llround(us)));
}

// The run of a code on the research-scale engine, from the --resume file if
// one was read; with --store on the store, opened when resumed, else made
// with room for G(0..to).
SequenceRun start_code_run(const TakeAndBreak& code, Heap to, std::optional<SequenceFile> saved,
                           std::optional<MappedSequence> store, const ValuesRequest& request,
                           const SequenceRequest& recorded) {
  if (store) return SequenceRun::on_store(code, std::move(*store), to + 1, request.threads);
  if (!request.store.empty())
    return SequenceRun::on_store(
        code, MappedSequence::create(request.store, code.name(), to + 1, recorded), to + 1,
        request.threads);
  if (!saved) return SequenceRun(code, request.threads);
  // Only as far as asked: --stats reports the rare values over G(0..to).
  if (saved->values.size() > to + 1) saved->values.resize(to + 1);
  return SequenceRun::resume(code, std::move(*saved), request.resume, request.threads);
}

// Extends `run` to G(0..to), or with `search_bound` to the end of its
// period search (SequenceRun::search_period), with a progress line, saving to
// `checkpoint` (with the request) between chunks; Ctrl-C saves and stops.
// True when it got there.
bool extend_code_run(SequenceRun& run, Heap to, std::optional<Heap> search_bound,
                     const ValuesRequest& request, const std::string& checkpoint,
                     const SequenceRequest& recorded) {
  LongRun progress(run.reached(), search_bound ? std::min(to, *search_bound - 1) : to);
  SequenceRunControl control;
  control.progress = [&](const EngineProgress& p) { progress.report(p); };
  control.stop = progress.stop_flag();
  if (!checkpoint.empty()) {
    control.save = [&](std::span<const Value16> values) {
      write_sequence_file(checkpoint, run.code().name(), 0, values.data(), values.size(),
                          &recorded);
    };
  }
  // A run on a store commits it this often, with or without a checkpoint.
  control.save_every = request.checkpoint_every;
  const bool done =
      search_bound ? run.search_period(*search_bound, control) : run.extend(to, control);
  // A Ctrl-C that found nothing left to stop (a finished run resumed, its
  // period search over) still stops the command here: the next step
  // (--check) starts with a cleared flag and would otherwise run on.
  return done && !progress.interrupted();
}

// values --misere [--genus]: G⁻(n), or the genus of each heap and the tame
// verdict over heaps 0..to, by the exhaustive genus search (genus.h).
int run_misere_values(const HeapRuleset& ruleset, Heap from, Heap to,
                      const ValuesRequest& request) {
  const std::pair<bool, const char*> unsupported[] = {
      {!request.out.empty(), "--out"},
      {request.stats, "--stats"},
      {!request.plot.empty(), "--plot"},
      {!request.checkpoint.empty(), "--checkpoint"},
      {!request.resume.empty(), "--resume"}};
  for (const auto& [given, option] : unsupported)
    if (given)
      throw InputError(option, fmt::format("{} cannot be combined with --misere: misère values "
                                           "come from an exhaustive search over sums of heaps, "
                                           "bounded by --search-limit",
                                           option));
  if (request.check)
    std::fputs("not checked: --check covers normal-play values; misère values and genera come "
               "from an exhaustive search already\n",
               stderr);
  if (request.genus && request.csv)
    throw InputError("--csv", "--genus ends with a verdict that CSV cannot hold; use --json");
  // A raised --search-limit that the memory cannot hold is refused before
  // the search, as in analyze and play.
  check_search_limit_fits(request.search_limit, memory_limit(request.max_memory));

  std::string out;
  if (!request.genus) {
    // Only the heaps asked for (and what they reach), not 0..from-1.
    check_genus_reach(ruleset, from, to, request.search_limit);
    GenusSearch search(ruleset, request.search_limit);
    SearchRun run;
    search.set_control(run.control());
    std::vector<Nimber> values;
    for (Heap n = from; n <= to; ++n) values.push_back(search.genus(Position{n}).misere_value(0));
    run.finish();
    const auto value_at = [&](Heap n) { return values[n - from]; };
    if (request.json) {
      nlohmann::json j;
      j["ruleset"] = ruleset.shown_name();
      j["convention"] = "misere";
      j["from"] = from;
      j["to"] = to;
      auto list = nlohmann::json::array();
      for (Heap n = from; n <= to; ++n) list.push_back(value_at(n));
      j["values"] = std::move(list);
      out = j.dump() + "\n";
    } else if (request.csv) {
      out = "n,misere_value\n";
      for (Heap n = from; n <= to; ++n) out += fmt::format("{},{}\n", n, value_at(n));
    } else {
      out = fmt::format("{}: misère G⁻(n) for n = {}..{}\n", titled_name(ruleset), from, to);
      for (Heap n = from; n <= to; ++n) {
        if ((n - from) % 10 == 0) out += fmt::format("{}{:>8}:", n == from ? "" : "\n", n);
        out += fmt::format(" {}", value_at(n));
      }
      out += "\n";
    }
  } else {
    // The verdict covers heaps 0..to whatever --from is: their genera are
    // options of the larger heaps' anyway.
    SearchRun run;
    const HeapGenera result = heap_genera(ruleset, from, to, request.search_limit, run.control());
    run.finish();
    const TameVerdict& verdict = result.verdict;
    const auto genus_at = [&](Heap n) -> const Genus& { return result.genera[n - from]; };
    const std::string line = verdict.text();
    if (request.json) {
      nlohmann::json j;
      j["ruleset"] = ruleset.shown_name();
      j["from"] = from;
      j["to"] = to;
      auto list = nlohmann::json::array();
      for (Heap n = from; n <= to; ++n) {
        const Genus& g = genus_at(n);
        list.push_back({{"n", n}, {"value", g.value}, {"misere", g.misere}, {"symbol", g.symbol()}});
      }
      j["genus"] = std::move(list);
      j["tame"] = verdict.tame;
      j["misere_nim_rule"] = verdict.misere_nim_rule();
      j["positions"] = verdict.positions;
      if (verdict.tame) {
        j["wild"] = nullptr;
      } else {
        j["wild"] = {{"heap", verdict.wild_heap},
                     {"position", verdict.wild_position},
                     {"symbol", verdict.wild_genus.symbol()}};
      }
      j["verdict"] = line;
      out = j.dump() + "\n";
    } else {
      out = fmt::format("{}: misère genus of a single heap, n = {}..{}\n", titled_name(ruleset), from,
                        to);
      out += fmt::format("{:>8}  {:>5}  {:>5}  {}\n", "n", "G(n)", "G⁻(n)", "genus");
      for (Heap n = from; n <= to; ++n) {
        const Genus& g = genus_at(n);
        out += fmt::format("{:>8}  {:>5}  {:>5}  {}\n", n, g.value, g.misere_value(0), g.symbol());
      }
      out += "verdict: " + line + "\n";
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

// One `values` request on its way: the request (with what --resume
// recorded), the library's plan, and the values once computed.
struct ValuesJob {
  ValuesRequest request;
  std::optional<SequenceFile> saved;      // --resume of a checkpoint
  std::optional<MappedSequence> store;    // --resume of a store
  std::unique_ptr<Ruleset> ruleset;
  const HeapRuleset* heaps = nullptr;
  Heap from = 0, to = 0;
  present::PlotStyle style;
  std::uint64_t limit = 0;                // the memory limit
  std::optional<ValuesPlan> plan;
  std::string checkpoint;
  // The values, whichever way they come.
  std::optional<SequenceRun> code_run;
  std::optional<HeapValues> table;
  std::function<Nimber(Heap)> value_at;

  bool engine() const { return plan->engine(); }
};

// --resume: the checkpoint or store read, and the request it records taken
// in (continue_recorded_request).
void read_resume(ValuesJob& job) {
  ValuesRequest& request = job.request;
  if (!request.resume.empty() && !request.misere) {
    if (MappedSequence::is_store(request.resume)) {
      // A store is its own checkpoint: the run goes on in it.
      if (!request.store.empty() && request_path(request.store) != request_path(request.resume))
        throw InputError("--store", fmt::format("--store '{}' differs from the store '{}' being "
                                                "resumed; give `--resume {}` alone",
                                                request.store, request.resume, request.resume));
      job.store.emplace(MappedSequence::open(request.resume));
      request.store = request.resume;
      continue_recorded_request(request, job.store->request());
    } else {
      job.saved = read_sequence_file(request.resume);
      continue_recorded_request(request, job.saved->request);
    }
  }
  if (!request.store.empty() && !request.checkpoint.empty())
    throw InputError("--checkpoint", "--store keeps its checkpoint in the store file itself: "
                                     "leave out --checkpoint");
  if (!request.store.empty() && job.saved)
    throw InputError("--store", fmt::format("'{}' is a checkpoint of a run in memory: resume it "
                                            "without --store",
                                            request.resume));
  if (request.ruleset.empty())
    throw InputError("values", "'values' needs a ruleset, or --resume FILE of a checkpoint");
}

// The ruleset, the range and the outputs, judged before any work: a plot's
// format by its extension, and standard output ('-') for one thing only.
void read_request(ValuesJob& job) {
  const ValuesRequest& request = job.request;
  job.ruleset = parse_ruleset(request.ruleset);
  job.heaps = &require_heap_ruleset(*job.ruleset, "values");
  if (request.json && request.csv) throw InputError("--csv", "choose one of --json and --csv");
  if (!request.plot.empty()) present::plot_format(request.plot);
  if (!request.size.empty()) present::set_plot_size(job.style, request.size);
  if (!request.plot.empty() || !request.out.empty()) {
    if (request.plot == "-" && request.out == "-")
      throw InputError("-", "--out - and --plot - would both write to standard output; give one "
                            "of them a file");
    const char* to_stdout = request.plot == "-" ? "--plot" : request.out == "-" ? "--out" : nullptr;
    if (to_stdout != nullptr && (request.json || request.csv || request.stats))
      throw InputError("-", fmt::format("{} - writes to standard output, which --json, --csv and "
                                        "--stats need too: give {} a file name",
                                        to_stdout, to_stdout));
  }
  job.from = parse_count(request.from);
  job.to = parse_count(request.to);
  if (job.to < job.from)
    throw InputError(request.to, fmt::format("--to {} is smaller than --from {}", job.to, job.from));
  if (request.genus && !request.misere)
    throw InputError("--genus", "--genus needs --misere: the genus describes misère play");
}

// The library's plan (code_run_plan.h: where the values come from, and what
// their run may cost; a far range of a code is answered from a proven period
// when its search finds one, and refused only after that search), and what
// this command adds: the terminal's listing limit, the outputs' files and
// the checkpoint, all before any work.
void plan_job(ValuesJob& job) {
  const ValuesRequest& request = job.request;
  const Heap from = job.from, to = job.to;
  const bool listing = request.out.empty() && !request.stats && request.plot.empty();
  if (listing && to - from >= kMaxListed)
    throw InputError(request.to, fmt::format("at most {} values at a time on the terminal; use "
                                             "--out FILE or --stats",
                                             kMaxListed));
  const HeapValueSource source = heap_value_source(*job.heaps);
  const bool closed_form = source.source == ValueSource::closed_form;
  const bool engine = source.source == ValueSource::code_engine;
  // Statistics of a closed form or a table count its values one by one, or
  // through its code's period (code_run_plan.h): judged before any work.
  if (request.stats) check_histogram_range(source, *job.heaps, from, to, job.ruleset->shown_name());
  if (!engine && (!request.checkpoint.empty() || !request.resume.empty() || !request.store.empty()))
    throw InputError(request.ruleset,
                     fmt::format("--checkpoint, --resume and --store are for computed "
                                 "take-and-break codes; '{}' {}",
                                 job.ruleset->shown_name(),
                                 closed_form ? "has a closed form" : "is not one"));
  job.limit = memory_limit(request.max_memory);
  job.plan = plan_values(source, to, !request.store.empty(), job.ruleset->shown_name(), job.limit);
  // An --out file is replaced only by a result that covers it, and a
  // checkpoint only by the run that resumes it (sequence_output.h,
  // sequence_request.h).
  if (!request.out.empty() && request.out != "-") {
    check_output_replaceable(request.out, job.ruleset->name(), from, to);
    if (file_extension(request.out) == ".csv") check_csv_room(request.out, from, to);
  }
  job.checkpoint =
      checkpoint_path(request.checkpoint, request.resume, job.saved && job.saved->request);
  check_new_checkpoint(job.checkpoint, request.resume);
}

// Ctrl-C stopped the code's run: what was saved, and how to go on.
void report_interrupted(const ValuesJob& job) {
  const ValuesRequest& request = job.request;
  const auto reached = static_cast<unsigned long long>(job.code_run->reached());
  const std::string outputs =
      request.out.empty() ? "" : fmt::format("; '{}' was left as it was", request.out);
  if (!request.store.empty())
    std::fprintf(stderr,
                 "grundy: interrupted at n = %llu; saved in store '%s'%s: continue with "
                 "`grundy values --resume %s`\n",
                 reached, request.store.c_str(), outputs.c_str(), request.store.c_str());
  else if (job.checkpoint.empty())
    std::fprintf(stderr, "grundy: interrupted at n = %llu; nothing was saved (no --checkpoint)%s\n",
                 reached, outputs.c_str());
  else
    std::fprintf(stderr,
                 "grundy: interrupted at n = %llu; saved to '%s'%s: continue with `grundy "
                 "values --resume %s`\n",
                 reached, job.checkpoint.c_str(), outputs.c_str(), job.checkpoint.c_str());
}

// Runs the plan: a code on the engine (its period search first for a far
// range, then G(0..to) unless the period answers), or the table. False when
// Ctrl-C stopped the run (reported).
bool compute_values(ValuesJob& job) {
  const ValuesRequest& request = job.request;
  const Heap from = job.from, to = job.to;
  if (!job.engine()) {
    job.table.emplace(*job.heaps, job.plan->table_limits);
    job.table->require(to);
    job.value_at = [&job](Heap n) { return job.table->value(n); };
    return true;
  }
  const CodeRunPlan& plan = *job.plan->code_run;
  const TakeAndBreak& code = *job.plan->source.code;
  // A store this run makes (not one it resumes): removed again when the run
  // is refused after its period search, so that a refusal leaves nothing.
  const bool new_store = !request.store.empty() && !job.store;
  const SequenceRequest recorded{
      job.ruleset->name(), from, to, recorded_save_interval(request),
      record_of({recorded_path(request.out), recorded_path(request.plot), request.stats,
                 request.json, request.csv})};
  job.code_run.emplace(
      start_code_run(code, to, std::move(job.saved), std::move(job.store), request, recorded));
  SequenceRun& run = *job.code_run;
  bool done =
      !plan.far || extend_code_run(run, to, plan.search_bound, request, job.checkpoint, recorded);
  if (done && !run.period()) {
    if (far_run_refused(plan, run, job.limit)) {
      std::string removed;
      if (new_store) removed = fmt::format("; the store '{}' it began was removed", request.store);
      const LimitError refusal =
          far_run_refusal(plan, run, job.ruleset->shown_name(), job.limit, removed);
      if (new_store) {
        job.code_run.reset();  // unmapped and closed before it goes
        std::error_code error;
        std::filesystem::remove(request.store, error);
      }
      throw refusal;
    }
    done = extend_code_run(run, to, std::nullopt, request, job.checkpoint, recorded);
  }
  if (!done) {
    report_interrupted(job);
    return false;
  }
  // Read through once (--stats, CSV, the listing), a store's pages are let
  // go behind the reader too, so that the resident set stays a window.
  job.value_at = [&job](Heap n) {
    if (const MappedSequence* mapped = job.code_run->store(); mapped && n % kReleaseEvery == 0)
      mapped->release_below(n);
    return job.code_run->value(n);
  };
  return true;
}

// --check: the values against the by-definition twin (check.h).
std::optional<CheckReport> check_values(ValuesJob& job) {
  const Heap from = job.from, to = job.to;
  const auto& value_at = job.value_at;
  const std::optional<SequenceRun>& code_run = job.code_run;
  const std::optional<HeapValues>& table = job.table;
  std::optional<CheckReport> check;
  if (job.request.check) {
    // Past the naive table the check reads every value below each heap it
    // checks: on a long run that takes a while, so it shows progress and
    // stops on Ctrl-C (status 130; the values were computed and saved).
    // Its budget grows with the values computed, not with `to`: a heap
    // answered from a proven period is not visited option by option.
    SearchRun run;
    const Heap computed = code_run ? code_run->reached() : table->table_size();
    // It reads from both ends of the sequence at once, so a store's pages
    // are let go every kReleaseEvery reads, all of them (the run is over),
    // rather than behind an ascending reader.
    const MappedSequence* mapped = code_run ? code_run->store() : nullptr;
    Heap reads = 0;
    const auto check_value_at = [&](Heap n) {
      if (mapped && ++reads % kReleaseEvery == 0) mapped->release_below(computed);
      return value_at(n);
    };
    check = check_heap_values(*job.heaps, from, to, check_value_at, kCheckWork,
                              check_spot_work(computed), run.control());
    run.finish();
  }
  return check;
}

// --plot: the values drawn, with the period marked.
std::optional<Periodicity> write_plot(ValuesJob& job) {
  const ValuesRequest& request = job.request;
  const Heap from = job.from, to = job.to;
  const Ruleset* ruleset = job.ruleset.get();
  const HeapRuleset* heaps = job.heaps;
  const auto& value_at = job.value_at;
  const std::optional<SequenceRun>& code_run = job.code_run;
  const std::optional<TakeAndBreak>& code = job.plan->source.code;
  const bool engine = job.engine();
  present::PlotStyle& style = job.style;
  std::optional<Periodicity> plotted_period;
  if (!request.plot.empty()) {
    if (to - from >= kMaxPlotted)
      throw InputError(request.to, fmt::format("at most {} values in a plot", kMaxPlotted));
    std::vector<Nimber> shown;
    shown.reserve(to - from + 1);
    for (Heap n = from;; ++n) {
      shown.push_back(value_at(n));
      if (n == to) break;
    }
    // The period marked: the engine's (or that none was found in what it
    // computed), or for a ruleset with a code but a closed form of its own
    // (lasker's arithmetic period) the one its values from 0 show.
    if (engine) {
      plotted_period = find_periodicity(*code, code_run->sequence());
    } else if (const auto as_code = heaps->as_code(); as_code && from == 0 &&
               std::all_of(shown.begin(), shown.end(), [](Nimber v) { return v <= 0xFFFF; })) {
      const std::vector<std::uint16_t> narrow(shown.begin(), shown.end());
      plotted_period = find_periodicity(*as_code, narrow);
    }
    style.title = request.title.empty() ? fmt::format("{}: G(n), n = {}..{}", titled_name(*ruleset),
                                                      from, to)
                                        : request.title;
    present::write_plot(request.plot, style, from, shown, plotted_period ? &*plotted_period : nullptr);
  }

  return plotted_period;
}

// --out: CSV on standard output or in a file, or the binary sequence file.
void write_out(ValuesJob& job) {
  const ValuesRequest& request = job.request;
  const Heap from = job.from, to = job.to;
  const Ruleset* ruleset = job.ruleset.get();
  const auto& value_at = job.value_at;
  const std::optional<SequenceRun>& code_run = job.code_run;
  const bool engine = job.engine();
  const std::uint64_t limit = job.limit;
  if (request.out == "-") {
    // Standard output takes CSV: the binary format is for files.
    std::string csv = "n,value\n";
    for (Heap n = from;; ++n) {
      csv += fmt::format("{},{}\n", n, value_at(n));
      if (csv.size() > (1 << 20) || n == to) {
        std::fwrite(csv.data(), 1, csv.size(), stdout);
        csv.clear();
      }
      if (n == to) break;
    }
  } else if (!request.out.empty()) {
    if (file_extension(request.out) == ".csv") {
      write_values_csv(request.out, from, to, value_at);
    } else {
      ValueSequence slice;
      if (engine && to < code_run->reached()) {
        write_sequence_file(request.out, ruleset->name(), from,
                            code_run->sequence().data() + from, to - from + 1);
      } else {
        // The binary file is written from memory: past the values computed
        // (a proven period's range) the slice could be larger than memory.
        const std::uint64_t bytes = detail::saturating_mul(to - from + 1, 2);
        if (bytes > limit)
          throw LimitError(fmt::format(
              "writing G({}..{}) to '{}' takes {} MiB of memory, over the --max-memory limit of "
              "{} MiB: ask for a shorter range, or give an --out file ending in .csv (written as "
              "it goes)",
              from, to, request.out, bytes >> 20, limit >> 20));
        slice.reserve(to - from + 1);
        for (Heap n = from;; ++n) {
          const Nimber v = value_at(n);
          if (v > 0xFFFF)
            throw LimitError(fmt::format("G({}) = {} does not fit the 16-bit binary format; use "
                                         "an --out file ending in .csv",
                                         n, v));
          slice.push_back(static_cast<Value16>(v));
          if (n == to) break;
        }
        write_sequence_file(request.out, ruleset->name(), from, slice.data(), slice.size());
      }
    }
  }

}

// --stats: the histogram of the values, the largest and the rare ones.
void print_stats(ValuesJob& job, const std::optional<CheckReport>& check) {
  const ValuesRequest& request = job.request;
  const Heap from = job.from, to = job.to;
  const Ruleset* ruleset = job.ruleset.get();
  const HeapRuleset* heaps = job.heaps;
  const auto& value_at = job.value_at;
  const std::optional<SequenceRun>& code_run = job.code_run;
  const bool engine = job.engine();
  std::string out;
  // From the engine: its values counted in place (a store's pages let go
  // behind), the rest of the range by its proven period, any length
  // (value_histogram.h); a closed form's long range the same way through
  // its code's period; otherwise each value.
  ValueHistogram counted;
  if (engine) {
    const MappedSequence* mapped = code_run->store();
    add_sequence_values(counted, code_run->sequence(), code_run->period(), from, to, false,
                        [&](Heap first, Heap end) {
                          if (!mapped) return;
                          mapped->release_below(first);
                          mapped->read_ahead(first, end);
                        });
  } else {
    counted = histogram_of(job.plan->source, *heaps, from, to, value_at, ruleset->shown_name());
  }
  const std::map<Nimber, std::uint64_t> histogram = counted.counts();
  const Nimber max_value = counted.max_value();
  const EngineProgress code_stats = engine ? code_run->stats() : EngineProgress{};
  // The engine's rare count covers G(0..to) only when it computed them all.
  const bool rare_known = engine && code_stats.mask != 0 && to < code_run->reached();
  if (request.json) {
    nlohmann::json j;
    j["ruleset"] = ruleset->shown_name();
    j["from"] = from;
    j["to"] = to;
    nlohmann::json h = nlohmann::json::object();
    for (const auto& [v, c] : histogram) h[std::to_string(v)] = c;
    j["histogram"] = std::move(h);
    j["max_value"] = max_value;
    j["rare_count"] = rare_known ? nlohmann::json(code_stats.rare_count) : nlohmann::json(nullptr);
    j["mask"] = rare_known ? nlohmann::json(code_stats.mask) : nlohmann::json(nullptr);
    if (check) j["check"] = check_json(*check);
    out = j.dump() + "\n";
  } else {
    out = fmt::format("{}: statistics of G(n) for n = {}..{}\nmax value: {}\n", titled_name(*ruleset), from, to,
                      max_value);
    if (rare_known)
      out += fmt::format("rare values: {} heap sizes (mask {:#x}, over G(0..{}))\n",
                         code_stats.rare_count, code_stats.mask, to);
    out += histogram_text(histogram);
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
}

// The values listed on standard output: JSON, CSV or rows of ten.
void print_values(ValuesJob& job, const std::optional<CheckReport>& check) {
  const ValuesRequest& request = job.request;
  const Heap from = job.from, to = job.to;
  const Ruleset* ruleset = job.ruleset.get();
  const auto& value_at = job.value_at;
  std::string out;
  auto flush = [&] {
    std::fwrite(out.data(), 1, out.size(), stdout);
    out.clear();
  };
  if (request.json) {
    nlohmann::json j;
    j["ruleset"] = ruleset->shown_name();
    j["from"] = from;
    j["to"] = to;
    auto list = nlohmann::json::array();
    for (Heap n = from;; ++n) {
      list.push_back(value_at(n));
      if (n == to) break;
    }
    j["values"] = std::move(list);
    if (check) j["check"] = check_json(*check);
    out = j.dump() + "\n";
  } else if (request.csv) {
    out = "n,value\n";
    for (Heap n = from;; ++n) {
      out += fmt::format("{},{}\n", n, value_at(n));
      if (out.size() > (1 << 16)) flush();
      if (n == to) break;
    }
  } else {
    out = fmt::format("{}: G(n) for n = {}..{}\n", titled_name(*ruleset), from, to);
    for (Heap n = from;; ++n) {
      if ((n - from) % 10 == 0) out += fmt::format("{}{:>8}:", n == from ? "" : "\n", n);
      out += fmt::format(" {}", value_at(n));
      if (out.size() > (1 << 16)) flush();
      if (n == to) break;
    }
    out += "\n";
  }
  flush();
}

}  // namespace

int run_values(const ValuesRequest& asked) {
  ValuesJob job;
  job.request = asked;
  read_resume(job);
  read_request(job);
  const ValuesRequest& request = job.request;
  if (request.misere) return run_misere_values(*job.heaps, job.from, job.to, request);
  plan_job(job);
  if (!compute_values(job)) return 130;
  const std::optional<CheckReport> check = check_values(job);
  const int status = check ? print_check(*check) : 0;
  const std::optional<Periodicity> plotted_period = write_plot(job);
  write_out(job);
  if (request.stats) {
    print_stats(job, check);
    return status;
  }
  if (!request.out.empty() || !request.plot.empty()) {
    // --json with outputs: what was written where, and the period marked.
    if (request.json) {
      nlohmann::json j;
      j["ruleset"] = job.ruleset->shown_name();
      j["from"] = job.from;
      j["to"] = job.to;
      j["out"] = request.out.empty() ? nlohmann::json(nullptr) : nlohmann::json(request.out);
      j["plot"] = request.plot.empty() ? nlohmann::json(nullptr) : nlohmann::json(request.plot);
      if (plotted_period) j["periodicity"] = present::periodicity_json(*plotted_period);
      write_json(j);
    }
    return status;
  }
  print_values(job, check);
  return status;
}

}  // namespace grundy::cli
