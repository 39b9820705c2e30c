// The GameSolver of grundy before the outcome search, the compact table and
// primitive positions (user_game.h as of commit eaa2cb1), kept for
// bench/user_game.cpp to measure the new solver against the old one in the
// same run. Not part of the library. Its opening comment described it:
//
// User-defined impartial games: the `Game` concept a C++ type models to be
// solved by grundy, and `GameSolver`, the memoised solver for any such type,
// with or without cycles (docs/user-games.md has a complete example).
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/nimber.h"
#include "grundy/core/outcome.h"
#include "grundy/core/types.h"
#include "grundy/rules/graph.h"
#include "grundy/solve/convention.h"
#include "grundy/solve/detail/explore.h"
#include "grundy/solve/detail/retrograde_label.h"
#include "grundy/solve/detail/search.h"
#include "grundy/solve/graph_values.h"

namespace grundy::before {

namespace before_detail {

template <class G>
concept GameHasOwnHash = requires(const G& game, const typename G::position& p) {
  { game.hash(p) } -> std::convertible_to<std::size_t>;
};

template <class T>
concept StdHashable = requires(const T& value) {
  { std::hash<T>{}(value) } -> std::convertible_to<std::size_t>;
};

}  // namespace before_detail

// The rules of an impartial game (see the comment at the top of this file).
template <class G>
concept Game =
    std::copy_constructible<G> && requires { typename G::position; } &&
    std::copyable<typename G::position> && std::equality_comparable<typename G::position> &&
    (before_detail::GameHasOwnHash<G> || before_detail::StdHashable<typename G::position>) &&
    requires(const G& game, const typename G::position& p) {
      { game.moves(p) } -> std::same_as<std::vector<typename G::position>>;
    };

// A game that can split a position into independent components (a sum).
template <class G>
concept GameWithComponents = Game<G> && requires(const G& game, const typename G::position& p) {
  { game.components(p) } -> std::same_as<std::vector<typename G::position>>;
};

// A game with a canonical form for its positions.
template <class G>
concept GameWithCanonical = Game<G> && requires(const G& game, const typename G::position& p) {
  { game.canonical(p) } -> std::convertible_to<typename G::position>;
};

template <Game G>
class GameSolver {
 public:
  using position = typename G::position;

  // Throws LimitError once more than `position_limit` positions would be held
  // (stored values, option lists on the search stack, loopy graph vertices).
  explicit GameSolver(G game, std::uint64_t position_limit = 1'000'000)
      : game_(std::move(game)),
        limit_(position_limit),
        values_(0, Hasher{&game_}),
        play_(0, Hasher{&game_}),
        loopy_(0, Hasher{&game_}) {}
  // The memo tables hash through a pointer to game_.
  GameSolver(const GameSolver&) = delete;
  GameSolver& operator=(const GameSolver&) = delete;

  const G& game() const { return game_; }

  // γ of the position: its Grundy value when finite (always, in a game
  // without cycles), else ∞(K).
  GammaValue value(const position& p) {
    GammaValue total{true, 0, {}};
    for (const position& part : split(p)) total = gamma_sum(total, component_value(key(part)));
    return total;
  }

  // The normal-play Grundy value; nullopt when γ is infinite.
  std::optional<Nimber> grundy_value(const position& p) {
    const GammaValue v = value(p);
    if (!v.finite) return std::nullopt;
    return v.value;
  }

  // P, N, or D (a draw: only in games with cycles).
  Outcome outcome(const position& p, Convention convention = Convention::normal) {
    if (convention == Convention::normal) return outcome_of(value(p));
    return play_facts(key(p)).misere;
  }

  // Every option (as game.moves lists it) that is a P-position under
  // `convention`: the winning moves. Empty when the position is not N, and
  // for a misère terminal position (won without a move).
  std::vector<position> winning_moves(const position& p,
                                      Convention convention = Convention::normal) {
    std::vector<position> wins;
    for (const position& option : game_.moves(p))
      if (outcome(option, convention) == Outcome::P) wins.push_back(option);
    return wins;
  }

  // Normal-play remoteness: moves to the end with the winner hurrying and the
  // loser delaying (odd iff N); nullopt for a draw.
  std::optional<std::uint64_t> remoteness(const position& p) { return play_facts(key(p)).remoteness; }

  // Whether some query had to be solved as a loopy game.
  bool found_cycle() const { return found_cycle_; }
  std::uint64_t positions_stored() const { return values_.size() + play_.size() + loopy_.size(); }
  std::uint64_t position_limit() const { return limit_; }

 private:
  struct Hasher {
    const G* game;
    std::size_t operator()(const position& p) const {
      if constexpr (before_detail::GameHasOwnHash<G>)
        return static_cast<std::size_t>(game->hash(p));
      else
        return std::hash<position>{}(p);
    }
  };
  template <class Value>
  using Table = std::unordered_map<position, Value, Hasher>;

  struct ValueEntry {
    Nimber value = 0;
    bool done = false;  // false: on the current search path
  };
  struct PlayEntry {
    bool misere_win = false;
    std::uint64_t remoteness = 0;
    bool done = false;
  };
  // A position of an explored loopy graph: everything, exactly.
  struct LoopyEntry {
    GammaValue gamma;
    Outcome misere = Outcome::D;
    std::optional<std::uint64_t> remoteness;
  };
  struct PlayFacts {
    Outcome misere = Outcome::D;
    std::optional<std::uint64_t> remoteness;
  };

  position key(const position& p) const {
    if constexpr (GameWithCanonical<G>)
      return game_.canonical(p);
    else
      return p;
  }
  std::vector<position> split(const position& p) const {
    if constexpr (GameWithComponents<G>)
      return game_.components(p);
    else
      return {p};
  }

  std::string limit_message() const {
    return "user game: more than " + std::to_string(limit_) +
           " positions would be held (the solver's position limit)";
  }
  // Stored values (but not the unfinished entries of the search path, which
  // the search counts as held) plus held positions.
  void check_limit(std::uint64_t extra) const {
    if (positions_stored() - open_ + held_ + extra > limit_) throw LimitError(limit_message());
  }

  // Both acyclic searches, over `table`, as a policy of the one search core
  // (detail/search.h): a position's entry is inserted unfinished when it is
  // expanded, so that a child met unfinished is on the search path (a
  // cycle); a child already solved as a loopy position counts as known unless
  // `usable` refuses its entry (infinite γ, a draw), and is then treated as a
  // cycle too. `expand(k)` gives k's node (its children and what `value`
  // needs), `value(node)` its finished entry. False when the search gave up:
  // its unfinished entries are gone again.
  template <class Entry, class Expand, class Usable, class Value>
  bool acyclic_search(const position& root, Table<Entry>& table, Expand expand, Usable usable,
                      Value value) {
    if (auto it = table.find(root); it != table.end() && it->second.done) return true;
    struct Policy {
      using Node = std::invoke_result_t<Expand&, const position&>;
      GameSolver& solver;
      Table<Entry>& table;
      Expand& expand_node;
      Usable& usable;
      Value& value;
      Node expand(const position& k) {
        Node node = expand_node(k);
        solver.check_limit(node.children.size() + 1);
        table.emplace(k, Entry{});
        ++solver.open_;
        return node;
      }
      detail::Step step(Node&, const position& child) {
        if (auto it = table.find(child); it != table.end())
          return it->second.done ? detail::Step::next : detail::Step::cycle;
        if (auto it = solver.loopy_.find(child); it != solver.loopy_.end())
          return usable(it->second) ? detail::Step::next : detail::Step::cycle;
        return detail::Step::descend;
      }
      void finish(position&& k, Node& node) {
        table.at(k) = value(node);
        --solver.open_;
      }
      void abandon(const position& k) {
        table.erase(k);
        --solver.open_;
      }
      void check_limit(std::size_t extra) { solver.check_limit(extra); }
    } policy{*this, table, expand, usable, value};
    return detail::post_order_search(root, policy, held_);
  }

  // --- normal play, per component -------------------------------------
  GammaValue component_value(const position& k) {
    if (auto it = loopy_.find(k); it != loopy_.end()) return it->second.gamma;
    if (acyclic_value(k)) return {true, values_.at(k).value, {}};
    solve_loopy(k);
    return loopy_.at(k).gamma;
  }

  // Searches the component's γ as a finite value; false if it met a cycle
  // or a component of infinite γ.
  bool acyclic_value(const position& root) {
    struct Node {
      std::vector<position> children;  // canonical components of every option
      std::vector<std::size_t> ends;   // option i's components end at ends[i]
    };
    MexSet seen;
    return acyclic_search(
        root, values_,
        [&](const position& k) {
          Node node;
          for (const position& option : game_.moves(k)) {
            for (const position& part : split(option)) node.children.push_back(key(part));
            node.ends.push_back(node.children.size());
          }
          return node;
        },
        [](const LoopyEntry& entry) { return entry.gamma.finite; },
        [&](const Node& node) {
          const auto value_of = [&](const position& part) {
            if (auto it = values_.find(part); it != values_.end()) return it->second.value;
            return loopy_.at(part).gamma.value;
          };
          seen.clear();
          std::size_t begin = 0;
          for (const std::size_t end : node.ends) {
            Nimber sum = 0;
            for (std::size_t j = begin; j < end; ++j) sum ^= value_of(node.children[j]);
            seen.insert(sum);
            begin = end;
          }
          return ValueEntry{seen.mex(), true};
        });
  }

  // --- misère outcome and remoteness, on whole positions ------------------
  PlayFacts play_facts(const position& k) {
    if (auto it = loopy_.find(k); it != loopy_.end())
      return {it->second.misere, it->second.remoteness};
    if (!acyclic_play(k)) solve_loopy(k);
    if (auto it = play_.find(k); it != play_.end())
      return {it->second.misere_win ? Outcome::N : Outcome::P, it->second.remoteness};
    const LoopyEntry& entry = loopy_.at(k);
    return {entry.misere, entry.remoteness};
  }

  // Searches the misère outcome and remoteness of a whole position; false if
  // it met a cycle or a position with a draw under either convention.
  bool acyclic_play(const position& root) {
    struct Node {
      std::vector<position> children;  // canonical options
    };
    return acyclic_search(
        root, play_,
        [&](const position& k) {
          Node node;
          for (const position& option : game_.moves(k)) node.children.push_back(key(option));
          return node;
        },
        [](const LoopyEntry& entry) {
          return entry.misere != Outcome::D && entry.remoteness.has_value();
        },
        [&](const Node& node) {
          const auto facts_of = [&](const position& option) {
            if (auto it = play_.find(option); it != play_.end()) return it->second;
            const LoopyEntry& entry = loopy_.at(option);
            return PlayEntry{entry.misere == Outcome::N, *entry.remoteness, true};
          };
          // docs/theory.md §4: no option = a misère win; §5: remoteness.
          PlayEntry entry{node.children.empty(), 0, true};
          std::optional<std::uint64_t> least_even;
          std::uint64_t most = 0;
          for (const position& option : node.children) {
            const PlayEntry facts = facts_of(option);
            if (!facts.misere_win) entry.misere_win = true;
            if (facts.remoteness % 2 == 0 && (!least_even || facts.remoteness < *least_even))
              least_even = facts.remoteness;
            most = std::max(most, facts.remoteness);
          }
          if (!node.children.empty()) entry.remoteness = 1 + (least_even ? *least_even : most);
          return entry;
        });
  }

  // --- loopy games ----------------------------------------------------------
  // The graph of the canonical whole positions reachable from `root`
  // (detail/explore.h), its γ (graph_values.h) and its retrograde labels in
  // both conventions (detail/retrograde_label.h).
  void solve_loopy(const position& root) {
    found_cycle_ = true;
    const std::uint64_t held = positions_stored() + held_;
    detail::GraphExplorer<position, Hasher> explored(Hasher{&game_});
    explored.explore(
        root, held < limit_ ? limit_ - held : 0,
        [&](const position& k, auto&& emit) {
          for (const position& option : game_.moves(k)) emit(key(option));
        },
        [&] { return limit_message(); });
    const Graph& graph = explored.graph();
    const Graph reversed = graph.reversed();
    const std::vector<std::uint32_t> gamma = generalised_grundy_values(graph);
    detail::Labelling normal, misere;
    detail::retrograde_label(graph, reversed, 0, Convention::normal, normal);
    detail::retrograde_label(graph, reversed, 0, Convention::misere, misere);
    for (Vertex u = 0; u < graph.vertex_count(); ++u) {
      LoopyEntry entry;
      entry.gamma = gamma_value(graph, gamma, u);
      entry.misere = detail::label_outcome(misere.label[u]);
      GRUNDY_ASSERT(detail::label_outcome(normal.label[u]) == outcome_of(entry.gamma));
      if (normal.label[u] != detail::Label::draw) entry.remoteness = normal.remoteness[u];
      loopy_.try_emplace(explored.key(u), std::move(entry));
    }
  }

  G game_;
  std::uint64_t limit_;
  Table<ValueEntry> values_;
  Table<PlayEntry> play_;
  Table<LoopyEntry> loopy_;
  // Positions held by a search in progress (its frames and their children),
  // and its unfinished entries in values_ or play_.
  std::size_t held_ = 0;
  std::uint64_t open_ = 0;
  bool found_cycle_ = false;
};

}  // namespace grundy::before
