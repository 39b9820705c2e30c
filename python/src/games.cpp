// Positions of built-in games, graphs, analyze and best_move for Python.
#include <algorithm>

#include <fmt/format.h>

#include "binding.h"
#include "long_run.h"
#include "present/explanation_text.h"

namespace grundy::python {

namespace {

// Python words for conventions, as the command line's flags name them.
enum class PyConvention { normal, misere, every, conjunctive };

PyConvention parse_convention(const std::string& name) {
  if (name == "normal") return PyConvention::normal;
  if (name == "misere" || name == "misère") return PyConvention::misere;
  if (name == "every" || name == "every-sg" || name == "Every-SG") return PyConvention::every;
  if (name == "conjunctive") return PyConvention::conjunctive;
  throw InputError(name, fmt::format("unknown convention '{}': use normal, misere, every or "
                                     "conjunctive",
                                     name));
}

std::string numbers_text(const py::handle& n) { return py::str(n); }

// The words of a position given as Python numbers (a list flattened once).
void append_words(const py::handle& item, std::vector<std::string>& words, int depth = 0) {
  if (PyList_Check(item.ptr()) || PyTuple_Check(item.ptr())) {
    if (depth > 0)
      throw InputError(py::str(item), "a position is a list of numbers, not of lists");
    for (const py::handle& x : item) append_words(x, words, depth + 1);
    return;
  }
  if (PyBool_Check(item.ptr()) || !(PyLong_Check(item.ptr()) || PyUnicode_Check(item.ptr())))
    throw InputError(py::str(py::repr(item)),
                     fmt::format("{} is not a heap size or vertex (an int, or a vertex name)",
                                 std::string(py::str(py::repr(item)))));
  words.push_back(numbers_text(item));
}

// The component of a sum a move changes: the first that differs.
std::optional<std::size_t> changed_component(const Ruleset& ruleset, const Position& before,
                                             const Position& after) {
  const Compound* compound = compound_of(ruleset);
  if (compound == nullptr) return 0;
  const auto a = compound->decode(before), b = compound->decode(after);
  std::optional<std::size_t> changed;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == b[i]) continue;
    if (changed) return std::nullopt;  // several: a move of a compound moving every component
    changed = i;
  }
  return changed;
}

py::object optional_int(const std::optional<std::uint64_t>& v) {
  return v ? py::object(py::int_(*v)) : py::object(py::none());
}

GameHandle handle_of(std::shared_ptr<const Ruleset> ruleset, Position position) {
  return GameHandle{GamePosition{std::move(ruleset), std::move(position)}};
}

// A move given by the whole position after it: (component, description, after).
py::tuple whole_move(const GamePosition& game, const Position& after, const std::string& note = "") {
  const auto component = changed_component(*game.ruleset, game.position, after);
  return py::make_tuple(component ? py::object(py::int_(*component)) : py::object(py::none()),
                        game.ruleset->describe_move(game.position, after),
                        handle_of(game.ruleset, after), note);
}

// An Every-SG or conjunctive compound position as the disjunctive sum of its
// games (heaps of one game merged again), for Python's Position.
GameHandle disjunctive_of(const Compound& compound, const Position& position) {
  std::vector<GamePosition> summands;
  const auto parts = compound.decode(position);
  for (std::size_t i = 0; i < parts.size(); ++i)
    add_summand(summands, GamePosition{compound.ruleset_ptr(i), parts[i]});
  if (summands.empty()) return GameHandle{GamePosition{compound.ruleset_ptr(0), {}}};
  return GameHandle{sum_of(summands)};
}

py::dict nim_sum_step_dict(const NimSumStep& step) {
  py::dict d;
  d["values"] = step.values;
  d["nim_sum"] = step.nim_sum;
  d["highest_bit"] = step.highest_bit;
  d["index"] = step.index;
  d["others"] = step.others;
  d["value"] = step.value;
  d["target"] = step.target;
  return d;
}

py::object move_description(const std::optional<Move>& move) {
  return move ? py::object(py::str(move->description)) : py::object(py::none());
}

// The facts of explanation.h as a dict with a "kind"; moves by description.
py::dict explanation_facts(const Explanation& facts) {
  struct ToDict {
    py::dict operator()(const MethodExplanation& e) const {
      py::dict d;
      d["kind"] = "method";
      d["exhaustive_search"] = e.exhaustive_search;
      return d;
    }
    py::dict operator()(const NimSumExplanation& e) const {
      py::dict d;
      d["kind"] = "nim_sum";
      d["nim"] = e.nim;
      d["heaps"] = e.heaps;
      d["sum"] = nim_sum_step_dict(e.sum);
      d["value_method"] = e.value_method;
      d["move"] = move_description(e.move);
      return d;
    }
    py::dict operator()(const MisereNimExplanation& e) const {
      py::dict d;
      d["kind"] = "misere_nim";
      const char* cases[] = {"at_most_one_token", "one_large_heap", "several_large"};
      d["case"] = cases[static_cast<int>(e.which)];
      d["outcome"] = std::string(1, outcome_letter(e.outcome));
      d["ones"] = e.ones;
      d["large"] = e.large;
      d["nim_sum"] = e.nim_sum;
      if (e.which == MisereNimExplanation::Case::one_large_heap) {
        d["large_index"] = e.large_index;
        d["large_size"] = e.large_size;
        d["keep"] = e.keep;
        d["normal_target"] = e.normal_target;
      }
      if (e.which == MisereNimExplanation::Case::several_large) d["sum"] = nim_sum_step_dict(e.sum);
      d["move"] = move_description(e.move);
      return d;
    }
    py::dict operator()(const WythoffExplanation& e) const {
      py::dict d;
      d["kind"] = "wythoff";
      const char* cases[] = {"empty", "p_pair", "not_pair", "beyond"};
      d["case"] = cases[static_cast<int>(e.which)];
      d["heaps"] = py::make_tuple(e.first, e.second);
      d["difference"] = e.difference;
      d["pair"] = e.pair ? py::object(py::make_tuple(e.pair->first, e.pair->second))
                         : py::object(py::none());
      py::list moves;
      for (const auto& r : e.moves)
        moves.append(py::make_tuple(r.move.description, py::make_tuple(r.first, r.second), r.k));
      d["moves"] = moves;
      return d;
    }
    py::dict operator()(const MooreExplanation& e) const {
      py::dict d;
      d["kind"] = "moore";
      d["k"] = e.k;
      d["heaps"] = e.heaps;
      d["counts"] = e.counts;
      d["residues"] = e.residues;
      d["p_position"] = e.p_position;
      d["move"] = move_description(e.move);
      if (e.move) {
        d["after"] = e.after;
        d["residues_after"] = e.residues_after;
      }
      return d;
    }
    py::dict operator()(const StaircaseExplanation& e) const {
      py::dict d;
      d["kind"] = "staircase";
      d["stairs"] = e.stairs;
      d["odd_stairs"] = e.odd_stairs;
      d["sum"] = nim_sum_step_dict(e.sum);
      d["move"] = move_description(e.move);
      return d;
    }
  };
  return std::visit(ToDict{}, facts);
}

py::dict analyze_python(const GameHandle& game, const std::string& convention_name,
                        bool remoteness, std::size_t max_moves, bool count,
                        std::uint64_t search_limit, bool proven_only, std::uint64_t max_values,
                        const py::object& progress) {
  // The same refusal as the command line's (search_control.h), against the
  // default memory limit: the module has no max_memory argument.
  check_search_limit_fits(search_limit, default_memory_limit());
  const PyConvention convention = parse_convention(convention_name);
  const GamePosition& whole = game.whole;
  const bool python = calls_python(*whole.ruleset);
  py::dict out;
  out["convention"] = convention_name;
  if (convention == PyConvention::every || convention == PyConvention::conjunctive) {
    if (remoteness)
      throw InputError("remoteness", "remoteness is for normal and misère play; the "
                                     "conjunctive compound reports each component's");
    const bool conjunctive = convention == PyConvention::conjunctive;
    const CompoundPosition every = every_compound_of(
        game.summands(), conjunctive ? CompoundKind::conjunctive : CompoundKind::every);
    Outcome outcome;
    std::vector<std::uint64_t> numbers;
    std::optional<Position> move;
    std::string method;
    run_search(python, progress, "analysis", [&](const SearchControl* control) {
      auto c = analyze_compound(*every.compound, every.position, search_limit, control);
      outcome = c.outcome, numbers = std::move(c.numbers), move = std::move(c.move),
      method = std::move(c.method);
    });
    out["outcome"] = std::string(1, outcome_letter(outcome));
    out[conjunctive ? "remoteness" : "suspense"] =
        numbers.empty() ? py::object(py::none()) : py::object(py::cast(numbers));
    out["method"] = method;
    if (move) {
      out["best_move"] = py::make_tuple(py::none(),
                                        every.compound->describe_move(every.position, *move),
                                        disjunctive_of(*every.compound, *move), "");
    }
    return out;
  }
  const Convention play = convention == PyConvention::misere ? Convention::misere : Convention::normal;
  if (remoteness) {
    RemotenessAnalysis r;
    run_search(python, progress, "analysis", [&](const SearchControl* control) {
      r = analyze_remoteness(*whole.ruleset, whole.position, play, search_limit, control);
    });
    out["outcome"] = std::string(1, outcome_letter(r.outcome));
    out["remoteness"] = optional_int(r.remoteness);
    // How long the game lasts with good play (remoteness.h: play_length; in
    // misère play one less than the remoteness).
    if (r.remoteness) out["moves_left"] = play_length(*r.remoteness, play).moves;
    out["method"] = r.method;
    if (r.best) out["best_move"] = whole_move(whole, *r.best);
    return out;
  }
  AnalysisOptions options;
  options.convention = play;
  options.max_moves = max_moves;
  options.count_only = count;
  options.search_limit = search_limit;
  options.compute.accept_observed = !proven_only;
  python_in_full_limit(options.compute);
  if (max_values != 0) {
    // `max` given: a code's values computed up to it whatever the work, as
    // `grundy analyze --max` (lowered to what memory holds).
    options.compute.max_code_values =
        std::min<Heap>(max_values, code_values_within(default_memory_limit()));
    options.compute.code_values_given = true;
  }
  Analysis a;
  run_search(python, progress, "analysis", [&](const SearchControl* control) {
    AnalysisOptions watched = options;
    watched.control = control;
    a = analyze(*whole.ruleset, whole.position, watched);
  });
  out["outcome"] = std::string(1, outcome_letter(a.outcome));
  out["value"] = optional_int(a.value);
  out["value_note"] = a.value_note;
  out["component_values"] = a.heap_values ? py::object(py::cast(*a.heap_values)) : py::object(py::none());
  out["count"] = optional_int(a.winning_move_count);
  out["method"] = a.method;
  out["proven"] = a.proven;
  out["moves_note"] = a.moves_note;
  out["complete"] = a.winning_moves.complete;
  py::list moves;
  const Compound* compound = compound_of(*whole.ruleset);
  std::vector<std::size_t> starts;  // where each component's entry begins
  if (compound != nullptr) {
    for (std::size_t at = 0; at < whole.position.size(); at += whole.position[at] + 1)
      starts.push_back(at);
  }
  for (const Move& m : a.winning_moves.items) {
    py::object component = py::int_(0);
    // A move of one component of a sum is a splice within that component
    // (Move::component); apply() takes it back with the component, -1 for
    // a splice of the whole position.
    const std::int64_t splice_in =
        m.component == Move::kWhole ? -1 : static_cast<std::int64_t>(m.component);
    if (m.component != Move::kWhole) {
      component = py::int_(m.component);
    } else if (compound != nullptr) {
      if (m.index == 0 && m.replaced == whole.position.size()) {
        const auto c = changed_component(*whole.ruleset, whole.position, m.after(whole.position));
        component = c ? py::object(py::int_(*c)) : py::object(py::none());
      } else {
        const auto it = std::upper_bound(starts.begin(), starts.end(), m.index);
        component = py::int_(static_cast<std::size_t>(it - starts.begin()) - 1);
      }
    }
    moves.append(py::make_tuple(component, m.description, splice_in, m.index, m.replaced, m.parts));
  }
  out["moves"] = moves;
  // Why: the facts of the rule that decides it, and their wording (the
  // command line's --explain).
  const Convention explained = play;
  out["facts"] = explanation_facts(explain(*whole.ruleset, whole.position, a, explained));
  out["explanation"] = present::explanation_text(*whole.ruleset, whole.position, a,
                                        explained == Convention::misere);
  return out;
}

py::object best_move_python(const GameHandle& game, const std::string& convention_name,
                            std::uint64_t search_limit, const py::object& progress) {
  check_search_limit_fits(search_limit, default_memory_limit());
  const PyConvention convention = parse_convention(convention_name);
  if (convention == PyConvention::every || convention == PyConvention::conjunctive) {
    py::dict a = analyze_python(game, convention_name, false, 1, false, search_limit, false, 0,
                                progress);
    return a.contains("best_move") ? py::object(a["best_move"]) : py::object(py::none());
  }
  const GamePosition& whole = game.whole;
  std::optional<Strategy::Choice> choice;
  run_search(calls_python(*whole.ruleset), progress, "best_move",
             [&](const SearchControl* control) {
               Strategy strategy(*whole.ruleset,
                                 convention == PyConvention::misere ? Convention::misere
                                                                    : Convention::normal,
                                 search_limit);
               strategy.set_control(control);
               choice = strategy.best_move(whole.position);
             });
  if (!choice) return py::none();
  return whole_move(whole, choice->after, choice->note);
}

// A graph from Python: vertex count, (u, v) pairs of ids, (id, name) pairs.
struct GraphHandle {
  std::shared_ptr<const Graph> graph;
  std::string name;
};

GraphHandle make_graph(const py::object& vertex_count, const py::iterable& edges,
                       const py::iterable& names, const std::string& name) {
  const std::uint64_t count = to_u64(vertex_count, "Graph vertex count");
  if (count > kMaxVertexCount)
    throw InputError(std::to_string(count), fmt::format("a graph has at most {} vertices",
                                                        kMaxVertexCount));
  std::vector<Edge> list;
  std::size_t i = 0;
  for (const py::handle& e : edges) {
    if (py::len(e) != 2)
      throw InputError(py::str(e), fmt::format("edge {}: {} is not a pair (u, v)", i,
                                               std::string(py::str(py::repr(e)))));
    const std::uint64_t u = to_u64(e[py::int_(0)], "edge endpoint");
    const std::uint64_t v = to_u64(e[py::int_(1)], "edge endpoint");
    if (u >= count || v >= count)
      throw InputError(py::str(e), fmt::format("edge {}: ({}, {}) has an endpoint out of range "
                                               "(the graph has {} vertices)",
                                               i, u, v, count));
    list.push_back({static_cast<Vertex>(u), static_cast<Vertex>(v)});
    ++i;
  }
  std::vector<std::pair<Vertex, std::string>> named;
  for (const py::handle& pair : names) {
    const std::uint64_t u = to_u64(pair[py::int_(0)], "vertex");
    if (u >= count)
      throw InputError(std::to_string(u), fmt::format("named vertex {} out of range", u));
    named.emplace_back(static_cast<Vertex>(u), py::str(pair[py::int_(1)]));
  }
  GraphHandle g;
  {
    py::gil_scoped_release release;
    g.graph = std::make_shared<const Graph>(Graph::from_edges(count, list, std::move(named)));
  }
  g.name = name;
  return g;
}

}  // namespace

std::vector<GamePosition> GameHandle::summands() const {
  const Compound* compound = compound_of(*whole.ruleset);
  if (compound == nullptr || compound->kind() != CompoundKind::disjunctive) return {whole};
  std::vector<GamePosition> out;
  const auto parts = compound->decode(whole.position);
  for (std::size_t i = 0; i < parts.size(); ++i)
    out.push_back(GamePosition{compound->ruleset_ptr(i), parts[i]});
  return out;
}

std::string GameHandle::text() const { return game_text(*whole.ruleset, whole.position); }

GameHandle game_from_python(const py::object& game, const py::args& numbers) {
  if (py::isinstance<GameHandle>(game)) {
    if (!numbers.empty())
      throw InputError("", "a Position already has its numbers: give no more after it");
    return game.cast<GameHandle>();
  }
  if (!PyUnicode_Check(game.ptr()))
    throw InputError(py::str(py::repr(game)),
                     fmt::format("{} is not a game: give a text such as 'kayles 5 + nim 3', a "
                                 "ruleset name and numbers, or a grundy.Position",
                                 std::string(py::str(py::repr(game)))));
  const std::string text = game.cast<std::string>();
  if (numbers.empty()) return GameHandle{sum_of(parse_game(text))};
  std::vector<std::string> words;
  for (const py::handle& n : numbers) append_words(n, words);
  if (words.empty())
    throw InputError(text, fmt::format("'{}' needs a position after it", text));
  const std::vector<std::string> name = split_game_words(text);
  if (name.size() != 1)
    throw InputError(text, fmt::format("'{}': with numbers given apart, the text is one ruleset "
                                       "name",
                                       text));
  return GameHandle{sum_of(parse_summands(name[0], words))};
}

py::object gamma_to_python(const GammaValue& value) {
  if (value.finite) return py::int_(value.value);
  return py::make_tuple("inf", value.infinity_set);
}

void bind_games(py::module_& m) {
  py::class_<GameHandle>(m, "GameHandle")
      .def_property_readonly("text", &GameHandle::text)
      .def_property_readonly("ruleset", [](const GameHandle& g) { return g.whole.ruleset->name(); })
      .def_property_readonly("numbers", [](const GameHandle& g) { return g.whole.position; })
      .def_property_readonly("has_cycles", [](const GameHandle& g) { return g.whole.ruleset->has_cycles(); })
      .def_property_readonly("user_position", [](const GameHandle& g) { return python_position_of(g.whole); })
      .def_property_readonly("python_games",
                             [](const GameHandle& g) {
                               std::vector<std::uintptr_t> ids;
                               python_games_of(*g.whole.ruleset, ids);
                               return ids;
                             })
      .def("summands",
           [](const GameHandle& g) {
             py::list out;
             for (const GamePosition& s : g.summands())
               out.append(py::make_tuple(s.ruleset->name(), s.ruleset->show(s.position), s.position,
                                         GameHandle{s}));
             return out;
           })
      .def("plus",
           [](const GameHandle& a, const GameHandle& b) {
             std::vector<GamePosition> summands = a.summands();
             for (GamePosition& s : b.summands()) add_summand(summands, std::move(s));
             return GameHandle{sum_of(summands)};
           })
      .def("apply",
           [](const GameHandle& g, std::int64_t component, std::size_t index, std::size_t replaced,
              const Position& parts) {
             Move move;
             if (component >= 0) move.component = static_cast<std::size_t>(component);
             move.index = index, move.replaced = replaced, move.parts = parts;
             return handle_of(g.whole.ruleset, move.after(g.whole.position));
           })
      .def("options", [](const GameHandle& g, std::size_t max) {
        py::list out;
        std::vector<Position> options;
        std::vector<std::string> descriptions;
        g.whole.ruleset->for_each_option(g.whole.position, [&](const Position& after) {
          if (options.size() >= max) return false;
          options.push_back(after);
          return true;
        });
        for (const Position& after : options) out.append(whole_move(g.whole, after));
        return out;
      });

  m.def("game", &game_from_python, py::arg("game"));
  m.def("analyze", &analyze_python, py::arg("game"), py::arg("convention"), py::arg("remoteness"),
        py::arg("max_moves"), py::arg("count"), py::arg("search_limit"), py::arg("proven_only"),
        py::arg("max_values"), py::arg("progress"));
  m.def("best_move", &best_move_python, py::arg("game"), py::arg("convention"),
        py::arg("search_limit"), py::arg("progress"));

  py::class_<GraphHandle>(m, "GraphHandle")
      .def(py::init(&make_graph), py::arg("vertex_count"), py::arg("edges"), py::arg("names"),
           py::arg("name"))
      .def_property_readonly("vertex_count", [](const GraphHandle& g) { return g.graph->vertex_count(); })
      .def_property_readonly("edge_count", [](const GraphHandle& g) { return g.graph->edge_count(); })
      .def("followers",
           [](const GraphHandle& g, Vertex u) {
             if (u >= g.graph->vertex_count())
               throw InputError(std::to_string(u), fmt::format("{} is not a vertex", u));
             auto f = g.graph->followers(u);
             return std::vector<Vertex>(f.begin(), f.end());
           })
      .def("values",
           [](const GraphHandle& g) {
             GraphValues values;
             {
               py::gil_scoped_release release;
               values = solve_graph(*g.graph);
             }
             py::list out;
             for (Vertex u = 0; u < g.graph->vertex_count(); ++u)
               out.append(gamma_to_python(gamma_value(*g.graph, values.gamma, u)));
             return py::make_tuple(out, values.acyclic, values.cycle);
           })
      .def("position", [](const GraphHandle& g, const std::vector<std::uint64_t>& tokens) {
        Position p(tokens.begin(), tokens.end());
        auto ruleset = std::make_shared<const GraphTokens>(g.graph, g.name);
        ruleset->check_position(p);
        return handle_of(std::move(ruleset), std::move(p));
      });
}

}  // namespace grundy::python
