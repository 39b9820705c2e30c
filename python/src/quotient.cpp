// Misère quotients for Python: the library's MisereQuotient
// (include/grundy/solve/misere_quotient.h; docs/misere-quotients.md) as an
// object Python's grundy.Quotient wraps, computed with progress and Ctrl-C,
// saved to and resumed from the checkpoints of `grundy quotient`
// (include/grundy/solve/quotient_checkpoint.h).
#include <map>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "binding.h"
#include "grundy/core/front_end_words.h"
#include "grundy/core/memory.h"
#include "grundy/solve/misere_quotient.h"
#include "grundy/solve/quotient_checkpoint.h"
#include "grundy/solve/sequence_request.h"
#include "long_run.h"

namespace grundy::python {

namespace {

using Element = MisereQuotient::Element;

// The request a run resumed from `resume` carries out: the recorded one,
// with the arguments given again checked against it (as `grundy quotient
// --resume`); None is "not given".
QuotientRunRequest resumed_request(const QuotientCheckpoint& saved, const py::object& name_obj,
                                   const py::object& max_heap_obj,
                                   const py::object& max_elements_obj, const std::string& resume) {
  QuotientRunGiven again;
  if (!name_obj.is_none()) again.ruleset = parse_ruleset(py::cast<std::string>(name_obj))->name();
  if (!max_heap_obj.is_none()) again.max_heap = to_u64(max_heap_obj, "quotient: max_heap");
  if (!max_elements_obj.is_none())
    again.max_elements = to_u64(max_elements_obj, "quotient: max_elements");
  return resumed_quotient_request(saved, again, resume);
}

MisereQuotient quotient_python(const py::object& name_obj, const py::object& max_heap_obj,
                               const py::object& max_elements_obj, const py::object& progress,
                               const std::string& checkpoint, double checkpoint_every,
                               const std::string& resume, const py::object& time_obj,
                               const py::object& max_memory_obj) {
  if (!(checkpoint_every >= 0.05))
    throw InputError(std::to_string(checkpoint_every), "checkpoint_every is at least 0.05 seconds");
  // A time budget ends the run with the quotient verified so far, as
  // `grundy quotient --time` does (Ctrl-C still raises KeyboardInterrupt:
  // run_interruptible raises it whatever the work returned).
  double seconds = 0;
  if (!time_obj.is_none()) {
    seconds = py::cast<double>(time_obj);
    if (!(seconds > 0) || seconds > 1e9)
      throw InputError(fmt::format("{}", seconds),
                       "quotient: time is a number of seconds above 0, at most 10^9");
  }
  const std::uint64_t memory = max_memory_obj.is_none() ? default_memory_limit()
                                                        : to_u64(max_memory_obj, "max_memory");
  QuotientOptions options;
  std::string name;
  // The command line's record in a resumed file, written back as it was, so
  // that `grundy quotient --resume` of the same file goes on as it began.
  std::map<std::string, std::string> front_end;
  std::optional<QuotientCheckpoint> saved;
  if (!resume.empty()) {
    saved = read_quotient_checkpoint(resume);
    const QuotientRunRequest recorded =
        resumed_request(*saved, name_obj, max_heap_obj, max_elements_obj, resume);
    name = recorded.ruleset;
    front_end = recorded.front_end;
    options = recorded.options;
    options.resume = &saved->state;
  } else {
    if (name_obj.is_none())
      throw InputError("quotient", "quotient needs a ruleset, or resume= a checkpoint file");
    name = py::cast<std::string>(name_obj);
    options.max_heap = to_u64(max_heap_obj, "quotient: max_heap");
    options.max_elements = to_u64(max_elements_obj, "quotient: max_elements");
  }
  if (options.max_heap > kMaxHeap)
    throw InputError(std::to_string(options.max_heap),
                     fmt::format("quotient: max_heap = {} is over 2^63-1", options.max_heap));
  const auto ruleset = parse_ruleset(name);
  const HeapRuleset* heaps = &require_heap_ruleset(*ruleset, "quotient");
  if (ruleset->has_cycles())
    throw InputError(name, fmt::format("'{}' can cycle; misère quotients need play that ends",
                                       ruleset->name()));
  // A resumed run saves to the file it resumed from unless told otherwise;
  // a new run never replaces an existing checkpoint (as the command).
  const std::string save_to = checkpoint_path(checkpoint, resume, true);
  check_new_checkpoint(checkpoint, resume, "quotient");
  std::optional<Heap> saved_heaps;
  if (saved) saved_heaps = saved->state.heaps_done();
  if (!save_to.empty()) {
    options.save = [&](const QuotientState& state) {
      write_quotient_checkpoint(save_to, state, front_end);
      saved_heaps = state.heaps_done();
    };
    options.save_every = checkpoint_every;
  }
  options.max_seconds = seconds;
  options.stop_returns_quotient = seconds > 0;
  options.max_memory = memory;
  MisereQuotient q;
  run_search(false, progress, "quotient",
             [&](const SearchControl* control) {
               options.control = control;
               // On the thread that computes (SettingWords is per thread):
               // quotient() takes max_memory, so its refusals name it.
               const SettingWords memory_words("max-memory", "the max_memory argument");
               q = misere_quotient(*heaps, options);
             },
             [&] {
               if (save_to.empty()) return std::string("quotient interrupted");
               if (!saved_heaps) return std::string("quotient interrupted before heap 1; nothing saved");
               return fmt::format("quotient interrupted; heaps 0..{} saved: continue with resume='{}'",
                                  *saved_heaps, save_to);
             });
  return q;
}

Element checked(const MisereQuotient& q, const py::handle& x) {
  const std::uint64_t v = to_u64(x, "quotient element");
  if (v >= q.order())
    throw InputError(std::to_string(v), fmt::format("quotient element {} is not below the order {}",
                                                    v, q.order()));
  return static_cast<Element>(v);
}

}  // namespace

void bind_quotient(py::module_& m) {
  py::class_<MisereQuotient>(m, "MisereQuotient")
      .def_property_readonly("ruleset", &MisereQuotient::ruleset_name)
      .def_property_readonly("order", &MisereQuotient::order)
      .def_property_readonly("max_heap", &MisereQuotient::max_heap)
      .def_property_readonly("presentation", &MisereQuotient::presentation)
      .def_property_readonly("p_portion", &MisereQuotient::p_portion)
      .def_property_readonly("pretending", &MisereQuotient::pretending)
      .def_property_readonly("generator_heaps", &MisereQuotient::generator_heaps)
      .def_property_readonly("whole_game", &MisereQuotient::whole_game)
      .def_property_readonly("tame", &MisereQuotient::tame)
      .def_property_readonly("last_new_generator", &MisereQuotient::last_new_generator)
      .def_property_readonly("limit_note", &MisereQuotient::limit_note)
      .def_property_readonly("out_of_time", &MisereQuotient::out_of_time)
      .def_property_readonly("period",
                             [](const MisereQuotient& q) -> py::object {
                               if (!q.period()) return py::none();
                               const auto& p = *q.period();
                               return py::make_tuple(p.period, p.preperiod, p.proven);
                             })
      .def_property_readonly("relations",
                             [](const MisereQuotient& q) {
                               py::list out;
                               for (const auto& r : q.relations())
                                 out.append(py::make_tuple(q.word_name(r.left), q.word_name(r.right)));
                               return out;
                             })
      .def("name", [](const MisereQuotient& q, const py::object& x) { return q.name(checked(q, x)); })
      .def("is_p", [](const MisereQuotient& q, const py::object& x) { return q.is_p(checked(q, x)); })
      .def("multiply",
           [](const MisereQuotient& q, const py::object& x, const py::object& y) {
             return q.multiply(checked(q, x), checked(q, y));
           })
      .def("covers",
           [](const MisereQuotient& q, const py::object& n) { return q.covers(to_u64(n, "heap")); })
      .def("heap_element",
           [](const MisereQuotient& q, const py::object& n) {
             return q.heap_element(to_u64(n, "heap"));
           })
      // The element of a sum of heaps: one lookup and one product per heap.
      .def("element_of", [](const MisereQuotient& q, const py::iterable& heaps) {
        Position position;
        for (const py::handle& h : heaps) position.push_back(to_u64(h, "heap"));
        return q.element_of(position);
      });
  m.def("quotient", &quotient_python, py::arg("ruleset"), py::arg("max_heap"),
        py::arg("max_elements"), py::arg("progress"), py::arg("checkpoint"),
        py::arg("checkpoint_every"), py::arg("resume"), py::arg("time"), py::arg("max_memory"));
}

}  // namespace grundy::python
