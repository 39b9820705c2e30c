// Misère play for Python: G⁻(n) of single heaps, the genus of each heap with
// the tame/wild verdict, and the genus of any position, by the exhaustive
// genus search (include/grundy/solve/genus.h; docs/misere.md).
#include <fmt/format.h>

#include "binding.h"
#include "long_run.h"

namespace grundy::python {

namespace {

// (value, [g0, g1, ...], alternates_from, symbol, tame, nim_like): Python's
// grundy.Genus.
py::tuple genus_tuple(const Genus& g) {
  return py::make_tuple(g.value, g.misere, g.alternates_from, g.symbol(), g.tame(), g.nim_like());
}

const HeapRuleset& misere_heaps(const Ruleset& ruleset, const char* what) {
  return require_heap_ruleset(ruleset, what);
}

// G⁻(from..to) of single heaps.
std::vector<Nimber> misere_values_python(const std::string& name, const py::object& from_obj,
                                         const py::object& to_obj, std::uint64_t search_limit,
                                         const py::object& progress) {
  const auto ruleset = parse_ruleset(name);
  const HeapRuleset& heaps = misere_heaps(*ruleset, "misere_values");
  const Heap from = to_u64(from_obj, "misere_values: start"), to = to_u64(to_obj, "misere_values: to");
  if (to < from)
    throw InputError(std::to_string(to), fmt::format("to = {} is smaller than start = {}", to, from));
  if (to > kMaxHeap) throw InputError(std::to_string(to), fmt::format("to = {} is over 2^63-1", to));
  std::vector<Nimber> values;
  run_search(false, progress, "misere_values", [&](const SearchControl* control) {
    // Only the heaps asked for (and what they reach), refused at once when
    // they provably reach more than the limit.
    check_genus_reach(heaps, from, to, search_limit);
    GenusSearch search(heaps, search_limit);
    search.set_control(control);
    for (Heap n = from; n <= to; ++n) values.push_back(search.genus(Position{n}).misere_value(0));
  });
  return values;
}

// The genus of each heap from..to and the verdict over heaps 0..to.
py::tuple genera_python(const std::string& name, const py::object& from_obj,
                        const py::object& to_obj, std::uint64_t search_limit,
                        const py::object& progress) {
  const auto ruleset = parse_ruleset(name);
  const HeapRuleset& heaps = misere_heaps(*ruleset, "genera");
  const Heap from = to_u64(from_obj, "genera: start"), to = to_u64(to_obj, "genera: to");
  if (to < from)
    throw InputError(std::to_string(to), fmt::format("to = {} is smaller than start = {}", to, from));
  if (to > kMaxHeap) throw InputError(std::to_string(to), fmt::format("to = {} is over 2^63-1", to));
  HeapGenera result;
  run_search(false, progress, "genera", [&](const SearchControl* control) {
    result = heap_genera(heaps, from, to, search_limit, control);
  });
  py::list genera;
  for (const Genus& g : result.genera) genera.append(genus_tuple(g));
  const TameVerdict& v = result.verdict;
  py::dict verdict;
  verdict["max_heap"] = v.max_heap;
  verdict["tame"] = v.tame;
  verdict["nim_heaps"] = v.nim_heaps;
  verdict["misere_nim_rule"] = v.misere_nim_rule();
  verdict["firm_small_heap"] =
      v.firm_small_heap ? py::object(py::int_(*v.firm_small_heap)) : py::object(py::none());
  verdict["firm_small_genus"] = v.firm_small_heap ? py::object(genus_tuple(v.firm_small_genus))
                                                  : py::object(py::none());
  verdict["wild_heap"] = v.tame ? py::object(py::none()) : py::object(py::int_(v.wild_heap));
  verdict["wild_position"] = v.tame ? py::object(py::none()) : py::object(py::cast(v.wild_position));
  verdict["wild_genus"] = v.tame ? py::object(py::none()) : py::object(genus_tuple(v.wild_genus));
  verdict["positions"] = v.positions;
  verdict["text"] = v.text();
  return py::make_tuple(ruleset->name(), genera, verdict);
}

// The genus of one position of any game that ends (a sum too).
py::tuple genus_python(const GameHandle& game, std::uint64_t search_limit,
                       const py::object& progress) {
  const GamePosition& whole = game.whole;
  Genus genus;
  std::uint64_t positions = 0;
  run_search(calls_python(*whole.ruleset), progress, "genus", [&](const SearchControl* control) {
    GenusSearch search(*whole.ruleset, search_limit);
    search.set_control(control);
    genus = search.genus(whole.position);
    positions = search.positions_stored();
  });
  return py::make_tuple(genus_tuple(genus), positions);
}

}  // namespace

void bind_misere(py::module_& m) {
  m.def("misere_values", &misere_values_python, py::arg("ruleset"), py::arg("start"),
        py::arg("to"), py::arg("search_limit"), py::arg("progress"));
  m.def("genera", &genera_python, py::arg("ruleset"), py::arg("start"), py::arg("to"),
        py::arg("search_limit"), py::arg("progress"));
  m.def("genus", &genus_python, py::arg("game"), py::arg("search_limit"), py::arg("progress"));
}

}  // namespace grundy::python
