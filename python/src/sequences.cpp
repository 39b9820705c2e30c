// Heap values for Python: values() as a NumPy array over the engine's own
// buffer, value(), period(); long runs on a thread of their own so that
// Ctrl-C and a progress callback work while the GIL is released.
#include <fmt/format.h>
#include <pybind11/numpy.h>

#include "binding.h"
#include "long_run.h"
#include "grundy/solve/code_run_plan.h"
#include "grundy/solve/pattern.h"
#include "grundy/solve/sequence_request.h"
#include "present/sequence_plot.h"

namespace grundy::python {

namespace {

// Hands the latest engine progress to progress(reached, total, rare_count,
// mask) when there is a callback and fresh progress.
std::function<void()> engine_delivery(ProgressBox<EngineProgress>& box, const py::object& progress,
                                      Heap total) {
  return [&box, &progress, total] {
    if (progress.is_none()) return;
    if (auto p = box.take()) progress(p->reached, total, p->rare_count, p->mask);
  };
}

const HeapRuleset& heap_ruleset(const Ruleset& ruleset, const char* command) {
  return require_heap_ruleset(ruleset, command);
}

// A NumPy array over G(first..) of a vector `owner` holds; the capsule keeps
// the owner (a SequenceRun, a ValueSequence) alive as long as the array.
template <class Owner>
py::array owned_values(std::unique_ptr<Owner> owner, const ValueSequence& values, Heap first,
                       Heap count) {
  const Value16* data = values.data() + first;
  py::capsule capsule(owner.release(), [](void* p) { delete static_cast<Owner*>(p); });
  return py::array_t<Value16>({static_cast<py::ssize_t>(count)}, {sizeof(Value16)}, data, capsule);
}

py::tuple values_python(const std::string& name, const py::object& from_obj,
                        const py::object& to_obj, unsigned threads, const py::object& progress,
                        const std::string& checkpoint, double checkpoint_every,
                        const std::string& resume, const py::object& max_memory_obj) {
  const auto ruleset = parse_ruleset(name);
  const HeapRuleset& heaps = heap_ruleset(*ruleset, "values");
  const Heap from = to_u64(from_obj, "values: start"), to = to_u64(to_obj, "values: to");
  if (to > kMaxHeap) throw InputError(std::to_string(to), fmt::format("to = {} is over 2^63-1", to));
  if (to < from)
    throw InputError(std::to_string(to), fmt::format("to = {} is smaller than start = {}", to, from));
  if (!(checkpoint_every >= 0.05))
    throw InputError(std::to_string(checkpoint_every), "checkpoint_every is at least 0.05 seconds");
  const HeapValueSource source = heap_value_source(heaps);
  const bool engine = source.source == ValueSource::code_engine;
  const bool closed_form = source.source == ValueSource::closed_form;
  if (!engine && (!checkpoint.empty() || !resume.empty()))
    throw InputError(name, fmt::format("checkpoint and resume are for computed take-and-break "
                                       "codes; '{}' {}",
                                       ruleset->name(), closed_form ? "has a closed form" : "is not one"));
  const std::uint64_t limit = max_memory_obj.is_none() ? default_memory_limit()
                                                       : to_u64(max_memory_obj, "max_memory");
  const std::uint64_t count = to - from + 1;
  std::optional<CodeRunPlan> plan;
  {
    // The library decides (code_run_plan.h), as for `grundy values`; the
    // module computes every value and returns them, so a range past the
    // period search's values is judged as a whole. Of this module's calls
    // only values() takes max_memory, so only here is it named.
    const SettingWords memory("max-memory", "the max_memory argument");
    plan = check_values_in_memory(source, from, to, ruleset->shown_name(), limit);
  }
  if (engine) {
    // A new run never replaces an existing checkpoint (as `grundy values`).
    check_new_checkpoint(checkpoint, resume);
    std::unique_ptr<SequenceRun> run;
    if (resume.empty()) {
      run = std::make_unique<SequenceRun>(*source.code, threads);
    } else {
      SequenceFile saved = read_sequence_file(resume);
      if (saved.values.size() > to + 1) saved.values.resize(to + 1);
      run = std::make_unique<SequenceRun>(
          SequenceRun::resume(*source.code, std::move(saved), resume, threads));
    }
    std::atomic<bool> stop{false};
    ProgressBox<EngineProgress> box;
    SequenceRunControl control;
    control.progress = [&](const EngineProgress& p) { box.report(p); };
    control.stop = &stop;
    if (!checkpoint.empty()) {
      control.save = [&](std::span<const Value16> values) {
        write_sequence_file(checkpoint, run->code().name(), 0, values.data(), values.size());
      };
      control.save_every = checkpoint_every;
    }
    const auto interrupted = [&] {
      return fmt::format("interrupted at n = {}{}", run->reached(),
                         checkpoint.empty() ? std::string()
                                            : fmt::format("; continue with resume='{}'", checkpoint));
    };
    if (plan->far) {
      // Past the values a period search computes first: from a proven
      // period when the search finds one, as `grundy values` answers it;
      // otherwise in full, unless the plan refuses that run.
      run_interruptible([&] { run->search_period(plan->search_bound, control); }, stop,
                        engine_delivery(box, progress, plan->search_bound), interrupted);
      if (run->period()) {
        py::array_t<std::uint64_t> array(static_cast<py::ssize_t>(count));
        std::uint64_t* out = array.mutable_data();
        for (Heap i = 0; i < count; ++i) out[i] = run->value(from + i);
        const EngineProgress stats = run->stats();
        return py::make_tuple(array, ruleset->name(), "proven period", stats.rare_count,
                              stats.mask);
      }
      if (far_run_refused(*plan, *run, limit)) {
        const SettingWords memory("max-memory", "the max_memory argument");
        throw far_run_refusal(*plan, *run, ruleset->shown_name(), limit);
      }
    }
    run_interruptible([&] { run->extend(to, control); }, stop, engine_delivery(box, progress, to + 1),
                      interrupted);
    const EngineProgress stats = run->stats();
    const SequenceRun& owner = *run;
    py::array array = owned_values(std::move(run), owner.values(), from, count);
    return py::make_tuple(array, ruleset->name(), "code engine", stats.rare_count, stats.mask);
  }
  // A closed form or a table: 64-bit values, computed here (bounded by the
  // library's ComputeLimits, so not interruptible).
  const ComputeLimits limits = table_run_limits(to, limit);
  py::array_t<std::uint64_t> array(static_cast<py::ssize_t>(count));
  std::uint64_t* out = array.mutable_data();
  std::string method;
  {
    py::gil_scoped_release release;
    HeapValues table(heaps, limits);
    if (!closed_form) table.require(to);
    for (Heap i = 0; i < count; ++i) out[i] = table.value(from + i);
    method = closed_form ? table.method() : "table";
  }
  return py::make_tuple(array, ruleset->name(), method, 0, 0);
}

py::tuple value_python(const std::string& name, const py::object& n_obj, const py::object& max_obj,
                       bool max_given, bool observed, const py::object& progress) {
  const auto ruleset = parse_ruleset(name);
  const HeapRuleset& heaps = heap_ruleset(*ruleset, "value");
  const Heap n = to_u64(n_obj, "value: n");
  if (n > kMaxHeap)
    throw InputError(std::to_string(n), fmt::format("'{}' is too large (at most 2^63-1)", n));
  ComputeLimits limits;
  // Past what memory holds, `max` is lowered (code_values_within), as the
  // command does.
  limits.max_code_values =
      std::min(to_u64(max_obj, "value: max"), code_values_within(default_memory_limit()));
  limits.accept_observed = observed;
  python_in_full_limit(limits);
  // A `max` given is the bound for a code, as `grundy value --max` (the
  // default work budget of the split-set engine no longer applies).
  limits.code_values_given = max_given;
  Nimber v = 0;
  bool proven = true;
  std::string method;
  // A code's values may be computed (up to `max` of them) in search of a
  // proven period: on a thread of its own, with progress and Ctrl-C.
  std::atomic<bool> stop{false};
  ProgressBox<EngineProgress> box;
  EngineControl control;
  control.progress = [&](const EngineProgress& p) { box.report(p); };
  control.stop = &stop;
  run_interruptible(
      [&] {
        HeapValues values(heaps, limits);
        values.set_control(&control);
        v = values.value(n);
        proven = values.value_is_proven(n);
        method = values.value_method(n);
      },
      stop, engine_delivery(box, progress, limits.max_code_values),
      [&] { return fmt::format("value of {} at n = {} interrupted", ruleset->name(), n); });
  return py::make_tuple(v, proven, method);
}

py::dict period_python(const std::string& name, const py::object& max_obj,
                       const py::object& observe_obj, unsigned threads, const py::object& progress) {
  const auto ruleset = parse_ruleset(name);
  heap_ruleset(*ruleset, "period");
  // The library's plan (code_run_plan.h), the command's too.
  const PeriodPlan plan = plan_period(
      *ruleset,
      max_obj.is_none() ? std::nullopt : std::optional<Heap>(to_u64(max_obj, "period: max")),
      observe_obj.is_none() ? std::nullopt : std::optional<bool>(observe_obj.cast<bool>()),
      threads, default_memory_limit());
  const TakeAndBreak* code = &plan.code;
  const PeriodSearchOptions options = plan.options;
  std::atomic<bool> stop{false};
  ProgressBox<EngineProgress> box;
  EngineControl control;
  control.progress = [&](const EngineProgress& p) { box.report(p); };
  control.stop = &stop;
  auto search = std::make_unique<PeriodSearch>();
  run_interruptible([&] { *search = search_period(*code, options, control); }, stop,
                    engine_delivery(box, progress, options.max_values),
                    [&] { return std::string("period search interrupted"); });
  const Periodicity& p = search->periodicity;
  py::dict out;
  out["ruleset"] = code->name();
  out["period"] = p.period;
  out["preperiod"] = p.preperiod;
  out["saltus"] = p.saltus;
  out["proven"] = p.proven;
  out["checked_to"] = p.checked_to;
  out["proof_needs"] = p.proof_needs;
  out["criterion"] = p.criterion;
  out["certificate"] = periodicity_certificate(p);
  // Short of max (or of its default): at the memory limit, or at the default
  // work bound, as `grundy period` says.
  const PeriodShortfall shortfall = period_shortfall(plan, *search);
  out["stopped"] =
      shortfall.reason == PeriodShortfall::Reason::none ? search->stopped
      : shortfall.reason == PeriodShortfall::Reason::memory
          ? fmt::format("max lowered to {} values, what three quarters of this machine's "
                        "memory holds",
                        shortfall.reached)
          : fmt::format("stopped at the default bound: G(0..{}) of {} take about {} operations, "
                        "the limit being {}; max=N computes N values",
                        shortfall.reached - 1, code->name(), shortfall.work, shortfall.budget);
  out["unprovable"] = search->unprovable;
  const PeriodSearch& owner = *search;
  out["values"] = owned_values(std::move(search), owner.values, 0, owner.values.size());
  return out;
}

// The table-and-pattern report (solve/pattern.h) of a list of values, or of
// a string of outcome letters P, N, D.
py::dict pattern_python(const py::object& table, const py::object& start_obj) {
  const std::uint64_t start = to_u64(start_obj, "pattern: start");
  PatternReport r;
  std::vector<Nimber> values;
  std::vector<Outcome> outcomes;
  if (py::isinstance<py::str>(table)) {
    for (char c : table.cast<std::string>()) {
      if (c == 'P') outcomes.push_back(Outcome::P);
      else if (c == 'N') outcomes.push_back(Outcome::N);
      else if (c == 'D') outcomes.push_back(Outcome::D);
      else throw InputError(std::string(1, c), fmt::format("pattern: an outcome is P, N or D, not '{}'", c));
    }
    r = observe_outcomes(outcomes, start);
  } else {
    for (const py::handle item : table) values.push_back(to_u64(item, "pattern: a value"));
    r = observe_pattern(values, start);
  }
  auto periodicity = [](const Periodicity& p) {
    py::dict d;
    d["period"] = p.period;
    d["preperiod"] = p.preperiod;
    d["saltus"] = p.saltus;
    return d;
  };
  py::dict out;
  out["pattern"] = periodicity(r.periodicity);
  out["label"] = r.label();
  out["p_positions"] = r.p_positions;
  out["gaps"] = r.gaps;
  out["gap_pattern"] = periodicity(r.gap_periodicity);
  out["sum_of_two_before_from"] =
      r.sum_of_two_before_from ? py::object(py::int_(*r.sum_of_two_before_from)) : py::object(py::none());
  out["draws"] = r.draws;
  out["text"] = pattern_text(r, "table", values, outcomes);
  return out;
}

// A periodicity handed over by the Python package: None, or (period,
// preperiod, saltus, proven, checked_to) as grundy.Periodicity holds them;
// `what` names the caller in messages.
std::optional<Periodicity> periodicity_from(const py::object& period, const std::string& what) {
  if (period.is_none()) return std::nullopt;
  const py::tuple t = period.cast<py::tuple>();
  if (t.size() != 5)
    throw InputError(what, fmt::format("{}: a period is (period, preperiod, saltus, proven, "
                                       "checked_to)",
                                       what));
  Periodicity p;
  p.period = to_u64(t[0], (what + ": period").c_str());
  p.preperiod = to_u64(t[1], (what + ": preperiod").c_str());
  p.saltus = t[2].cast<std::int64_t>();
  p.proven = t[3].cast<bool>();
  p.checked_to = to_u64(t[4], (what + ": checked_to").c_str());
  return p;
}

// The SVG scatter plot of G(start..) (src/present/sequence_plot.h), written to
// `path` as well when it is not empty. `period` is None or (period,
// preperiod, saltus, proven, checked_to).
std::string plot_python(const std::string& title, const py::object& start_obj,
                        const py::array_t<std::uint64_t, py::array::c_style>& values,
                        const py::object& period, const std::string& path) {
  const Heap start = to_u64(start_obj, "plot: start");
  const std::size_t count = static_cast<std::size_t>(values.size());
  if (start > kMaxHeap || (count > 0 && count - 1 > kMaxHeap - start))
    throw InputError(std::to_string(start), "plot: start + the number of values is over 2^63-1");
  std::vector<Nimber> list(values.data(), values.data() + count);
  const std::optional<Periodicity> p = periodicity_from(period, "plot");
  std::string svg;
  {
    py::gil_scoped_release release;
    svg = present::svg_plot(title, start, list, p ? &*p : nullptr);
    if (!path.empty()) present::write_svg_plot(path, title, start, list, p ? &*p : nullptr);
  }
  return svg;
}

// How many heaps n, start <= n <= to, have each value, from G(0..) in
// `values` and past them `period` (None, or the tuple periodicity_from
// reads): value_histogram.h, exact for any `to` a proven period of saltus
// 0 covers.
py::dict histogram_python(const py::array_t<std::uint16_t, py::array::c_style>& values,
                          const py::object& period, const py::object& start_obj,
                          const py::object& to_obj) {
  const Heap from = to_u64(start_obj, "histogram: start"), to = to_u64(to_obj, "histogram: to");
  if (to > kMaxHeap)
    throw InputError(std::to_string(to), fmt::format("to = {} is over 2^63-1", to));
  if (to < from)
    throw InputError(std::to_string(to),
                     fmt::format("to = {} is smaller than start = {}", to, from));
  const std::optional<Periodicity> p = periodicity_from(period, "histogram");
  const auto known = static_cast<Heap>(values.size());
  if (p && (p->period == 0 || p->saltus < 0 || p->period > known ||
            p->preperiod > known - p->period))
    throw InputError(std::to_string(p->period),
                     "histogram: the period must be one seen in the values given");
  ValueHistogram counted;
  {
    py::gil_scoped_release release;
    add_sequence_values(counted,
                        std::span<const std::uint16_t>(values.data(),
                                                       static_cast<std::size_t>(values.size())),
                        p, from, to);
  }
  py::dict out;
  for (const auto& [value, count] : counted.counts()) out[py::int_(value)] = py::int_(count);
  return out;
}

}  // namespace

void bind_sequences(py::module_& m) {
  m.def("histogram", &histogram_python, py::arg("values"), py::arg("period"), py::arg("start"),
        py::arg("to"));
  m.def("plot", &plot_python, py::arg("title"), py::arg("start"), py::arg("values"),
        py::arg("period"), py::arg("path"));
  m.def("pattern", &pattern_python, py::arg("table"), py::arg("start"));
  m.def("values", &values_python, py::arg("ruleset"), py::arg("start"), py::arg("to"),
        py::arg("threads"), py::arg("progress"), py::arg("checkpoint"),
        py::arg("checkpoint_every"), py::arg("resume"), py::arg("max_memory"));
  m.def("value", &value_python, py::arg("ruleset"), py::arg("n"), py::arg("max"),
        py::arg("max_given"), py::arg("observed"), py::arg("progress"));
  m.def("period", &period_python, py::arg("ruleset"), py::arg("max"), py::arg("observe_to_max"),
        py::arg("threads"), py::arg("progress"));
}

}  // namespace grundy::python
