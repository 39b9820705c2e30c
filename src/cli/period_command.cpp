// grundy period CODE [--max N] and grundy value CODE n: periodicity of a
// heap-value sequence (with a saltus too), proven or observed, and G(n) for
// any n.
#include <cstdio>
#include <filesystem>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "present/period_json.h"
#include "grundy/core/error.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/check.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/mapped_sequence.h"
#include "grundy/solve/sequence_request.h"
#include "grundy/solve/sequence_run.h"
#include "grundy/solve/code_run_plan.h"
#include "grundy/solve/period_search.h"
#include "grundy/solve/periodicity.h"
#include "long_run.h"

namespace grundy::cli {

namespace {

// A period search holds its values in memory: past what the memory limit
// (--max-memory, else three quarters of the machine's) holds --max is lowered
// (period_search_bound, code_run_plan.h), and the output says so when the
// search gets there.
std::string lowered_note(Heap asked, Heap fit, const std::string& max_memory) {
  return fmt::format("--max {} lowered to {} values, what the memory limit of {} MiB ({}) "
                     "holds; `grundy values CODE --to N --store FILE` computes a sequence "
                     "larger than memory",
                     asked, fit, memory_limit(max_memory) >> 20,
                     max_memory.empty() ? "three quarters of this machine's memory"
                                        : "--max-memory");
}

std::string period_line(const Periodicity& p) { return periodicity_statement(p) + "\n"; }

}  // namespace

int run_period(const PeriodRequest& request) {
  const auto ruleset = parse_ruleset(request.ruleset);
  const HeapRuleset& heaps = require_heap_ruleset(*ruleset, "period");
  // The library's plan (code_run_plan.h), the module's and the page's too:
  // the code, and its bound lowered to what memory holds and, without
  // --max, to the work budget of the other commands.
  const PeriodPlan plan =
      plan_period(*ruleset, request.max_given ? std::optional<Heap>(parse_count(request.max))
                                              : std::nullopt,
                  std::nullopt, request.threads, memory_limit(request.max_memory));
  const TakeAndBreak* code = &plan.code;
  const Heap asked = plan.asked;
  const Heap fit = plan.bound.fits;
  const Heap max = plan.options.max_values;
  const PeriodSearchOptions& options = plan.options;
  LongRun progress(0, max - 1);
  EngineControl control;
  control.progress = [&](const EngineProgress& e) { progress.report(e); };
  control.stop = progress.stop_flag();
  const PeriodSearch search = search_period(*code, options, control);
  const Periodicity& p = search.periodicity;
  const bool interrupted = search.interrupted;
  const std::string& stopped = search.stopped;
  const bool unprovable = search.unprovable;
  const ValueSequence& values = search.values;
  progress.finish();
  std::optional<CheckReport> check;
  if (request.check && !interrupted) check = check_periodicity(heaps, p, values);
  // The name typed, and the code searched beside it when they differ:
  // "lasker (4.[3])", "kayles (0.77)", "0.137".
  const std::string shown = ruleset->shown_name();
  const std::string title = shown == code->name() ? shown : shown + " (" + code->name() + ")";
  if (request.json) {
    nlohmann::json j = present::periodicity_json(p);
    j["ruleset"] = shown;
    j["code"] = code->name();
    j["interrupted"] = interrupted;
    if (check) j["check"] = check_json(*check);
    write_json(j);
  } else {
    std::string text = fmt::format("{}: ", title) + period_line(p);
    if (!stopped.empty()) text += fmt::format("(stopped at n = {}: {})\n", values.size(), stopped);
    if (interrupted) text += "(interrupted)\n";
    // Short of --max (or of its default): at the memory limit, or at the
    // default work bound.
    const PeriodShortfall shortfall = period_shortfall(plan, search);
    if (shortfall.reason == PeriodShortfall::Reason::memory)
      text += fmt::format("({})\n", lowered_note(asked, fit, request.max_memory));
    else if (shortfall.reason == PeriodShortfall::Reason::work)
      text += fmt::format(
          "(stopped at the default bound: G(0..{}) of {} take about {} operations, the limit "
          "being {}; --max N computes N values)\n",
          shortfall.reached - 1, title, shortfall.work, shortfall.budget);
    if (unprovable)
      text += fmt::format(
          "(stopped at the first pattern: no criterion here can prove a period of {}; --max N "
          "observes further)\n",
          title);
    std::fputs(text.c_str(), stdout);
  }
  if (interrupted) return 130;
  if (!check) return 0;
  std::fflush(stdout);
  return print_check(*check);
}

// value CODE n --store FILE: G(0..n) computed in full with the sequence in
// FILE (mapped_sequence.h), which is committed every minute and at Ctrl-C;
// the same command continues an existing FILE of the same code and n.
int run_stored_value(const ValueRequest& request, const Ruleset& ruleset,
                     const HeapRuleset& heaps, Heap n) {
  const HeapValueSource source = heap_value_source(heaps);
  if (source.source != ValueSource::code_engine)
    throw InputError(request.ruleset,
                     fmt::format("--store is for computed take-and-break codes; '{}' is not one",
                                 ruleset.shown_name()));
  const TakeAndBreak& code = *source.code;
  // Refused before the store is made, as `values` does: a code on the
  // split-set engine needs its sets in memory, and days past 10^14 operations.
  check_code_run(plan_code_run(code, n, true), code, ruleset.shown_name(),
                 memory_limit(request.max_memory));
  SequenceRequest recorded;
  recorded.ruleset = code.name();
  recorded.to = n;
  std::error_code error;
  std::optional<MappedSequence> store;
  if (std::filesystem::exists(request.store, error)) {
    store.emplace(MappedSequence::open(request.store));
    if (store->ruleset() != code.name() || store->request().to != n)
      throw InputError(request.store,
                       fmt::format("store '{}' holds G(0..{}) of '{}', not G(0..{}) of '{}': "
                                   "give another file",
                                   request.store, store->request().to, store->ruleset(), n,
                                   code.name()));
  } else {
    store.emplace(MappedSequence::create(request.store, code.name(), n + 1, recorded));
  }
  SequenceRun run = SequenceRun::on_store(code, std::move(*store), n + 1, request.threads);
  LongRun progress(run.reached(), n);
  SequenceRunControl control;
  control.progress = [&](const EngineProgress& e) { progress.report(e); };
  control.stop = progress.stop_flag();
  const bool done = run.extend(n, control);
  progress.finish();
  if (!done) {
    std::fprintf(stderr,
                 "grundy: interrupted at n = %llu; saved in store '%s': the same command "
                 "continues it\n",
                 static_cast<unsigned long long>(run.reached()), request.store.c_str());
    return 130;
  }
  const Nimber v = run.value(n);
  if (request.json) {
    nlohmann::json j;
    j["ruleset"] = ruleset.shown_name();
    j["n"] = n;
    j["value"] = v;
    j["proven"] = true;
    j["method"] = "computed";
    write_json(j);
  } else {
    std::fputs(fmt::format("G({}) = {} in {}\ncomputed exactly\n", n, v, titled_name(ruleset))
                   .c_str(),
               stdout);
  }
  return 0;
}

int run_value(const ValueRequest& request) {
  const auto ruleset = parse_ruleset(request.ruleset);
  const HeapRuleset& heaps = require_heap_ruleset(*ruleset, "value");
  const Heap n = parse_count(request.heap);
  const Heap fit = code_values_within(memory_limit(request.max_memory));  // a bad --max-memory, refused first
  if (!request.store.empty()) return run_stored_value(request, *ruleset, heaps, n);
  ComputeLimits limits;
  const Heap asked = parse_count(request.max);
  limits.max_code_values = std::min(asked, fit);
  limits.accept_observed = request.observed;
  // An explicit --max is the bound for a code, as for `period`: the default
  // work budget (about a second on the split-set engine) no longer applies.
  limits.code_values_given = request.max_given;
  HeapValues values(heaps, limits);
  // The values a period search may compute, with a progress line; Ctrl-C
  // stops it (Interrupted).
  std::optional<LongRun> progress;
  EngineControl control;
  if (const auto code = heaps.as_code()) {
    progress.emplace(0, code_values_limit(*code, limits) - 1);
    control.progress = [&](const EngineProgress& e) { progress->report(e); };
    control.stop = progress->stop_flag();
    values.set_control(&control);
  }
  Nimber v = 0;
  try {
    v = values.value(n);
  } catch (const LimitError& e) {
    if (asked <= fit) throw;
    throw LimitError(
        fmt::format("{} ({})", e.what(), lowered_note(asked, fit, request.max_memory)));
  }
  progress.reset();
  // The library's facts (heap_values.h): whether G(n) came from a period,
  // and whether it is proven.
  const auto& period = values.periodicity();
  const bool beyond_table = values.value_from_period(n);
  const bool proven = values.value_is_proven(n);
  if (request.json) {
    nlohmann::json j;
    j["ruleset"] = ruleset->shown_name();
    j["n"] = n;
    j["value"] = v;
    j["proven"] = proven;
    j["method"] = values.value_method(n);
    if (period) j["periodicity"] = present::periodicity_json(*period);
    write_json(j);
  } else {
    std::string text = fmt::format("G({}) = {} in {}\n", n, v, titled_name(*ruleset));
    if (values.has_closed_form())
      text += fmt::format("by the {}\n", values.method());
    else if (beyond_table)
      text += fmt::format("by the {}{}\n", values.method(),
                          proven ? "" : ", accepted with --observed");
    else
      text += "computed exactly\n";
    std::fputs(text.c_str(), stdout);
  }
  return 0;
}

}  // namespace grundy::cli
