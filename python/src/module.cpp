// grundy._grundy: the module, its exceptions and nim arithmetic; the rest is
// bound in games.cpp, sequences.cpp and user_games.cpp.
#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/front_end_words.h"

#include "binding.h"

namespace grundy::python {

void python_in_full_limit(ComputeLimits& limits) {
  limits.in_full_max = code_values_within(default_memory_limit());
}

// The module's words for what a message advises (core/front_end_words.h):
// its keyword arguments. It reads graph files at the default memory limit
// only, and its Solver keeps the default option limit, so those refusals
// give no advice.
// A setting as the keyword argument that sets it: search_limit=,
// max_memory=; a user game's position limit is Solver's position_limit=.
std::string python_argument(std::string_view setting) {
  if (setting == "game-positions") return "position_limit";
  std::string name(setting);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

FrontEndWords python_words() {
  const auto argument = [](std::string_view setting) { return python_argument(setting); };
  FrontEndWords words;
  words.setting = [argument](std::string_view setting) -> std::string {
    if (setting == "max-memory" || setting == "game-options" || setting == "game-memory" ||
        setting == "game-visits")
      return "";
    if (setting == "count") return "count=True";
    if (setting == "game-positions") return "the position_limit argument of Solver";
    return fmt::format("the {} argument", argument(setting));
  };
  words.given = [argument](std::string_view setting, std::string_view value) {
    return fmt::format("{}={}", argument(setting), value);
  };
  words.resume = [](std::string_view, std::string_view file) {
    return fmt::format("resume='{}'", file);
  };
  words.observed = "value(..., observed=True) and by analyze() unless proven_only=True";
  words.in_full = "values(ruleset, to={0}) computes G(0..{0}) in full";
  words.catalogue = "grundy.rulesets()";
  return words;
}

std::uint64_t to_u64(const py::handle& value, const char* what) {
  if (!PyLong_Check(value.ptr()) || PyBool_Check(value.ptr()))
    throw InputError(py::str(py::repr(value)),
                     fmt::format("{}: {} is not an integer", what, std::string(py::str(py::repr(value)))));
  const unsigned long long v = PyLong_AsUnsignedLongLong(value.ptr());
  if (v == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
    const std::string shown = py::str(value);
    throw InputError(shown, fmt::format("{}: {} is not an integer from 0 to 2^64-1", what, shown));
  }
  return v;
}

}  // namespace grundy::python

using namespace grundy;
using namespace grundy::python;

PYBIND11_MODULE(_grundy, m) {
  m.doc() = "The C++ core of the grundy package (use `import grundy`).";
  m.attr("__version__") = GRUNDY_VERSION;
  set_front_end_words(python_words());

  // Bad input is a ValueError, a refused computation a grundy.LimitError,
  // both with the library's one-line message (docs/architecture.md, Errors).
  static py::exception<LimitError> limit_error(m, "LimitError", PyExc_RuntimeError);
  limit_error.doc() =
      "A well-formed request beyond one of grundy's stated limits (a heap too large to "
      "compute, a search over too many positions); the message names the limit. Where one "
      "setting would let the request through: setting (the keyword argument), limit (its "
      "value) and needed (what the request needs, or None when not known); else all None.";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const LimitError& e) {
      // The setting to raise as data (core/error.h): e.setting (the keyword
      // argument, or None), e.limit and e.needed (None when not known).
      py::object error = py::handle(limit_error.ptr())(e.what());
      error.attr("setting") = py::none();
      error.attr("limit") = py::none();
      error.attr("needed") = py::none();
      if (const auto& exceeded = e.exceeded()) {
        error.attr("setting") = python_argument(exceeded->setting);
        error.attr("limit") = exceeded->limit;
        if (exceeded->needed != 0) error.attr("needed") = exceeded->needed;
      }
      PyErr_SetObject(limit_error.ptr(), error.ptr());
    } catch (const Interrupted& e) {
      // A search stopped by its stop flag, which only Ctrl-C raises here.
      PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    }
  });

  m.def(
      "nim_product",
      [](const py::object& a, const py::object& b) {
        return nim_product(to_u64(a, "nim_product"), to_u64(b, "nim_product"));
      },
      py::arg("a"), py::arg("b"));
  m.def(
      "nim_square", [](const py::object& a) { return nim_square(to_u64(a, "nim_square")); },
      py::arg("a"));
  m.def(
      "nim_inverse",
      [](const py::object& a) {
        const std::uint64_t v = to_u64(a, "nim_inverse");
        if (v == 0) throw InputError("0", "nim_inverse: 0 has no inverse");
        return nim_inverse(v);
      },
      py::arg("a"));
  m.def(
      "nim_sum",
      [](const py::args& values) {
        Nimber sum = 0;
        for (const py::handle& v : values) sum ^= to_u64(v, "nim_sum");
        return sum;
      });
  m.def("rulesets", [] {
    py::list out;
    for (const RulesetSyntax& r : ruleset_catalogue())
      out.append(py::make_tuple(r.pattern, r.description));
    return out;
  });

  bind_games(m);
  bind_sequences(m);
  bind_user_games(m);
  bind_misere(m);
  bind_quotient(m);
}
