// Games written in Python, solved by the library's user-game solver
// (include/grundy/solve/user_game.h), and, as a Ruleset (user_ruleset.h),
// by every analysis of the library: misère play, Every-SG, the conjunctive
// compound, remoteness, and sums with built-in games (rules/compound.h).
// The C++ model's position is a number: the index of a Python position in a
// table of the positions met, so the solver's memo tables hold integers and
// Python hashes each position once, when it is numbered. The GIL is held
// throughout: every step calls Python (games.cpp does not release it for a
// position that contains such a game: calls_python).
#include <fmt/format.h>

#include "binding.h"
#include "grundy/solve/user_ruleset.h"

namespace grundy::python {

namespace {

// Python positions numbered as they are met, and the user's functions.
struct PositionTable {
  py::dict ids;                      // position -> its number
  std::vector<py::object> positions;  // number -> position
  py::object moves_fn, canonical_fn, components_fn;
  std::uint64_t calls = 0;  // calls of the user's functions

  std::uint64_t number(PyObject* position) {
    PyObject* found = PyDict_GetItemWithError(ids.ptr(), position);  // borrowed
    if (found != nullptr) return PyLong_AsUnsignedLongLong(found);
    if (PyErr_Occurred()) throw py::error_already_set();  // unhashable
    const std::uint64_t id = positions.size();
    py::object key = py::int_(id);
    if (PyDict_SetItem(ids.ptr(), position, key.ptr()) != 0) throw py::error_already_set();
    positions.push_back(py::reinterpret_borrow<py::object>(position));
    return id;
  }

  // Calls fn(position of p); Ctrl-C is looked for every 1024 calls.
  py::object call(const py::object& fn, std::uint64_t p) {
    if ((++calls & 1023) == 0 && PyErr_CheckSignals() != 0) throw py::error_already_set();
    PyObject* result = PyObject_CallOneArg(fn.ptr(), positions[p].ptr());
    if (result == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(result);
  }

  // The numbers of the positions an iterable returned by `what` lists.
  std::vector<std::uint64_t> numbers(const py::object& list, const char* what) {
    PyObject* fast = PySequence_Fast(list.ptr(), "");
    if (fast == nullptr) {
      PyErr_Clear();
      throw InputError(what, fmt::format("{} must return a list (or another iterable) of "
                                         "positions, not {}",
                                         what, std::string(py::str(py::repr(list)))));
    }
    py::object owner = py::reinterpret_steal<py::object>(fast);
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject** items = PySequence_Fast_ITEMS(fast);
    std::vector<std::uint64_t> out;
    out.reserve(static_cast<std::size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) out.push_back(number(items[i]));
    return out;
  }
};

// The Game model of user_game.h over a PositionTable.
struct PythonGame {
  using position = std::uint64_t;
  std::shared_ptr<PositionTable> table;

  std::vector<position> moves(const position& p) const {
    return table->numbers(table->call(table->moves_fn, p), "moves()");
  }
  position canonical(const position& p) const {
    if (table->canonical_fn.is_none()) return p;
    py::object c = table->call(table->canonical_fn, p);
    return table->number(c.ptr());
  }
  std::vector<position> components(const position& p) const {
    if (table->components_fn.is_none()) return {p};
    return table->numbers(table->call(table->components_fn, p), "components()");
  }
  // The position's repr(), as a sum or a move shows it.
  std::string describe(const position& p) const { return py::repr(table->positions[p]); }
};
static_assert(GameWithComponents<PythonGame> && GameWithCanonical<PythonGame>);

using PythonRuleset = UserRuleset<PythonGame>;

const PythonRuleset* python_ruleset_of(const Ruleset& ruleset) {
  return dynamic_cast<const PythonRuleset*>(&ruleset);
}

Convention play_convention(const std::string& name) {
  if (name == "normal") return Convention::normal;
  if (name == "misere" || name == "misère") return Convention::misere;
  throw InputError(name, fmt::format("unknown convention '{}' for a user game: use normal or misere",
                                     name));
}

class UserSolver {
 public:
  UserSolver(py::object moves, py::object canonical, py::object components,
             const py::object& position_limit, const std::string& name)
      : table_(std::make_shared<PositionTable>()) {
    if (!PyCallable_Check(moves.ptr()))
      throw InputError("moves", "moves must be a function of a position");
    if (!canonical.is_none() && !PyCallable_Check(canonical.ptr()))
      throw InputError("canonical", "canonical must be a function of a position, or None");
    if (!components.is_none() && !PyCallable_Check(components.ptr()))
      throw InputError("components", "components must be a function of a position, or None");
    const std::uint64_t limit = to_u64(position_limit, "position_limit");
    if (limit == 0) throw InputError("0", "position_limit must be at least 1");
    table_->moves_fn = std::move(moves);
    table_->canonical_fn = std::move(canonical);
    table_->components_fn = std::move(components);
    solver_ = std::make_unique<GameSolver<PythonGame>>(PythonGame{table_}, limit);
    // Declared to have cycles: the library cannot know, and retrograde
    // analysis is exact either way (user_ruleset.h).
    ruleset_ = std::make_shared<const PythonRuleset>(PythonGame{table_}, name, true);
  }

  // The position as a position of the library's games, for sums and every
  // convention (games.cpp).
  GameHandle position(const py::object& p) {
    return GameHandle{GamePosition{ruleset_, ruleset_->encode(id(p))}};
  }

  py::object value(const py::object& p) { return gamma_to_python(solver_->value(id(p))); }
  std::string outcome(const py::object& p, const std::string& convention) {
    return std::string(1, outcome_letter(solver_->outcome(id(p), play_convention(convention))));
  }
  py::list winning_moves(const py::object& p, const std::string& convention) {
    py::list out;
    for (const std::uint64_t option : solver_->winning_moves(id(p), play_convention(convention)))
      out.append(table_->positions[option]);
    return out;
  }
  py::object remoteness(const py::object& p) {
    const auto r = solver_->remoteness(id(p));
    return r ? py::object(py::int_(*r)) : py::object(py::none());
  }
  bool found_cycle() const { return solver_->found_cycle(); }
  std::uint64_t positions_stored() const { return solver_->positions_stored(); }
  std::uint64_t positions_met() const { return table_->positions.size(); }
  std::uint64_t calls() const { return table_->calls; }

 private:
  std::uint64_t id(const py::object& p) { return table_->number(p.ptr()); }

  std::shared_ptr<PositionTable> table_;
  std::unique_ptr<GameSolver<PythonGame>> solver_;
  std::shared_ptr<const PythonRuleset> ruleset_;
};

}  // namespace

bool calls_python(const Ruleset& ruleset) {
  if (python_ruleset_of(ruleset) != nullptr) return true;
  if (const Compound* compound = compound_of(ruleset)) {
    for (std::size_t i = 0; i < compound->size(); ++i)
      if (calls_python(compound->ruleset(i))) return true;
  }
  return false;
}

void python_games_of(const Ruleset& ruleset, std::vector<std::uintptr_t>& out) {
  if (const PythonRuleset* python = python_ruleset_of(ruleset)) {
    out.push_back(reinterpret_cast<std::uintptr_t>(python));
  } else if (const Compound* compound = compound_of(ruleset)) {
    for (std::size_t i = 0; i < compound->size(); ++i) python_games_of(compound->ruleset(i), out);
  }
}

py::object python_position_of(const GamePosition& game) {
  const PythonRuleset* ruleset = python_ruleset_of(*game.ruleset);
  if (ruleset == nullptr) return py::none();
  return ruleset->game().table->positions[ruleset->decode(game.position)];
}

void bind_user_games(py::module_& m) {
  py::class_<UserSolver>(m, "UserSolver")
      .def(py::init<py::object, py::object, py::object, const py::object&, const std::string&>(),
           py::arg("moves"), py::arg("canonical"), py::arg("components"),
           py::arg("position_limit"), py::arg("name"))
      .def("position", &UserSolver::position)
      .def("value", &UserSolver::value)
      .def("outcome", &UserSolver::outcome)
      .def("winning_moves", &UserSolver::winning_moves)
      .def("remoteness", &UserSolver::remoteness)
      .def_property_readonly("found_cycle", &UserSolver::found_cycle)
      .def_property_readonly("positions_stored", &UserSolver::positions_stored)
      .def_property_readonly("positions_met", &UserSolver::positions_met)
      .def_property_readonly("calls", &UserSolver::calls);
}

}  // namespace grundy::python
