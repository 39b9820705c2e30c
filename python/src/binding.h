// The Python extension grundy._grundy: conversions between the library's
// types and Python's, and nothing else (docs/architecture.md: a front end
// parses, calls the library and converts). The public API, its docstrings
// and its reprs are in python/grundy/__init__.py; docs/python.md is the tour.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "grundy/grundy.h"

namespace grundy::python {

namespace py = pybind11;

// A position of built-in games: one ruleset and its position, or the
// disjunctive sum of several (rules/compound.h), as Python's grundy.Position
// holds it.
struct GameHandle {
  GamePosition whole;
  // The summands (one per game; a single game is a sum of one).
  std::vector<GamePosition> summands() const;
  // "kayles 5 7 + nim 3", the syntax the command line reads.
  std::string text() const;
};

// A position from Python: text ("kayles 5 + nim 3"), or a ruleset name and
// numbers, or a GameHandle. Throws InputError for bad input.
GameHandle game_from_python(const py::object& game, const py::args& numbers);

// γ as Python sees it: an int when finite, else ("inf", [K...]).
py::object gamma_to_python(const GammaValue& value);

// Non-negative integers of at most 64 bits from Python, with a ValueError
// (an InputError) naming `what` otherwise.
std::uint64_t to_u64(const py::handle& value, const char* what);

// A refused G(n) (HeapValues) offers values(to=n) only while its array fits
// in memory; the module's words for the rest are installed at import.
void python_in_full_limit(ComputeLimits& limits);

// Whether a position of this ruleset calls Python to list its moves (it is,
// or contains, a game written in Python): its analyses then hold the GIL and
// run on the caller's thread (long_run.h).
bool calls_python(const Ruleset& ruleset);

// The games written in Python a ruleset is or contains, each by its
// address (positions of two games of one name are not equal), in order.
void python_games_of(const Ruleset& ruleset, std::vector<std::uintptr_t>& out);

// The Python position of a game written in Python; None for other games.
py::object python_position_of(const GamePosition& game);

void bind_games(py::module_& m);
void bind_sequences(py::module_& m);
void bind_user_games(py::module_& m);
void bind_misere(py::module_& m);
void bind_quotient(py::module_& m);

}  // namespace grundy::python
