// User-defined impartial games: the `Game` concept a C++ type models to be
// solved by grundy, and `GameSolver`, the memoised solver for any such type,
// with or without cycles (docs/user-games.md has a complete example).
//
// Description:
//   A model G of `Game` is a copyable object describing the rules:
//     typename G::position                       copyable, ==, hashable
//     std::vector<position> G::moves(const position&) const
//                                                 every option (position after
//                                                 one legal move); repeats allowed
//   and, optionally,
//     std::size_t G::hash(const position&) const  (or static) when
//                                                 std::hash<position> is absent
//     position G::canonical(const position&) const
//                                                 a representative of the
//                                                 position's class: positions with
//                                                 the same canonical form must be
//                                                 the same game (rotations of a
//                                                 board, order of heaps ...).
//                                                 Memo tables key on it.
//     std::vector<position> G::components(const position&) const
//                                                 a split of the position into
//                                                 independent parts, the position
//                                                 being their disjunctive sum;
//                                                 each part is a position of the
//                                                 same game, a part's own
//                                                 components must be {part}, and
//                                                 no parts at all means "nothing
//                                                 left to play".
//   Moves are a returned vector rather than a visitor: the solver keeps each
//   position's whole option list on its explicit stack anyway (it must come
//   back to every option after solving it, and the loopy analysis needs every
//   edge), so a visitor that may stop early would save nothing here, and a
//   vector is the simplest thing for a user to write and to test.
//
//   Normal play: γ of each component by an iterative depth-first search with
//   an explicit stack (no recursion, so game length is bounded only by
//   memory): G(x) = mex over the options of the nim-sum of the option's
//   components (Sprague-Grundy theorem). The value of a position is the
//   nim-sum of its components' values (Smith's sum rule when some are ∞).
//   Misère outcome and (normal-play) remoteness: the same search on whole
//   positions (components do not determine misère sums, docs/theory.md §4).
//   Cycles: a position met again on the current search path, or an option
//   already known to be a draw, makes the search give up on that root; the
//   game graph reachable from the root (canonical whole positions) is then
//   built breadth-first, at most position_limit vertices, and solved as a
//   loopy game: the generalised Sprague-Grundy function γ (graph_values.h),
//   and win/loss/draw with remoteness by retrograde analysis (from the
//   terminal positions backwards: a position is won as soon as one option is
//   lost, lost once all its options are won; what is never labelled is a
//   draw). The normal-play outcome read from γ is asserted equal to the
//   retrograde one: both are exact, so any disagreement is a bug.
//   Remoteness is the number of moves with the winner hurrying and the loser
//   delaying (docs/theory.md §5); in a loopy game a winner who always moves to the
//   P-option of least remoteness wins, while one who merely moves to some
//   P-option can be led round a cycle for ever.
// Source: docs/theory.md §1 (mex, Sprague-Grundy), §4 (misère), §5 (remoteness),
//   §6 (γ: C. A. B. Smith, J. Combin. Theory 1 (1966); Fraenkel & Yesha,
//   JCTA 43 (1986)); retrograde analysis as in Winning Ways ch. 11.
// Time: acyclic: O(sum over reached positions of their options × the cost of
//   moves/canonical/hash). Loopy: O(V + E) to build, O((γmax + 2)(V + E)) for
//   γ, O(V + E) per retrograde pass. Memory: one entry per position reached,
//   plus the option lists on the search stack; all counted in position_limit.
// Status: stress-tested (tests/stress/user_game_test.cpp) against
//   grundy::BruteForce on heap rulesets wrapped as user games (values,
//   misère outcomes, winning moves, component sums against whole-position
//   search), and on random digraphs with cycles against a retrograde
//   labelling written in the test; examples/ cross-check against HeapValues.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/nimber.h"
#include "grundy/core/outcome.h"
#include "grundy/core/types.h"
#include "grundy/rules/graph.h"
#include "grundy/solve/convention.h"
#include "grundy/solve/graph_values.h"

namespace grundy {

namespace detail {

template <class G>
concept GameHasOwnHash = requires(const G& game, const typename G::position& p) {
  { game.hash(p) } -> std::convertible_to<std::size_t>;
};

template <class T>
concept StdHashable = requires(const T& value) {
  { std::hash<T>{}(value) } -> std::convertible_to<std::size_t>;
};

}  // namespace detail

// The rules of an impartial game (see the comment at the top of this file).
template <class G>
concept Game =
    std::copy_constructible<G> && requires { typename G::position; } &&
    std::copyable<typename G::position> && std::equality_comparable<typename G::position> &&
    (detail::GameHasOwnHash<G> || detail::StdHashable<typename G::position>) &&
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
      if constexpr (detail::GameHasOwnHash<G>)
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
  // Signals that the acyclic search met a cycle or a loopy position.
  struct Loopy {};

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

  void check_limit(std::uint64_t extra) const {
    if (positions_stored() + held_ + extra > limit_)
      throw LimitError("user game: more than " + std::to_string(limit_) +
                       " positions would be held (the solver's position limit)");
  }

  // --- normal play, per component -------------------------------------
  struct ValueFrame {
    position key;
    std::vector<position> parts;    // canonical components of every option
    std::vector<std::size_t> ends;  // option i's parts end at ends[i]
    std::size_t next = 0;
  };

  GammaValue component_value(const position& k) {
    if (auto it = loopy_.find(k); it != loopy_.end()) return it->second.gamma;
    if (auto v = acyclic_value(k)) return {true, *v, {}};
    solve_loopy(k);
    return loopy_.at(k).gamma;
  }

  // Known finite γ of a component, or nullopt (unknown, or infinite: Loopy).
  std::optional<Nimber> known_value(const position& k) const {
    if (auto it = values_.find(k); it != values_.end()) {
      if (!it->second.done) throw Loopy{};
      return it->second.value;
    }
    if (auto it = loopy_.find(k); it != loopy_.end()) {
      if (!it->second.gamma.finite) throw Loopy{};
      return it->second.gamma.value;
    }
    return std::nullopt;
  }

  std::optional<Nimber> acyclic_value(const position& root) {
    if (auto it = values_.find(root); it != values_.end() && it->second.done) return it->second.value;
    std::vector<ValueFrame> stack;
    auto push = [&](const position& k) {
      ValueFrame frame{k, {}, {}, 0};
      for (const position& option : game_.moves(k)) {
        for (const position& part : split(option)) frame.parts.push_back(key(part));
        frame.ends.push_back(frame.parts.size());
      }
      check_limit(frame.parts.size() + 1);
      held_ += frame.parts.size();
      values_.emplace(k, ValueEntry{});
      stack.push_back(std::move(frame));
    };
    try {
      push(root);
      MexSet seen;
      while (!stack.empty()) {
        ValueFrame& top = stack.back();
        if (top.next < top.parts.size()) {
          const position& part = top.parts[top.next];
          if (known_value(part)) {
            ++top.next;
          } else {
            const position next = part;  // push may reallocate the stack
            push(next);
          }
          continue;
        }
        seen.clear();
        std::size_t begin = 0;
        for (const std::size_t end : top.ends) {
          Nimber sum = 0;
          for (std::size_t j = begin; j < end; ++j) sum ^= *known_value(top.parts[j]);
          seen.insert(sum);
          begin = end;
        }
        values_.at(top.key) = ValueEntry{seen.mex(), true};
        held_ -= top.parts.size();
        stack.pop_back();
      }
    } catch (const Loopy&) {
      abandon(stack, values_);
      return std::nullopt;
    } catch (...) {
      abandon(stack, values_);
      throw;
    }
    return values_.at(root).value;
  }

  // Forgets the unfinished entries of an abandoned search.
  template <class Frame, class Value>
  void abandon(std::vector<Frame>& stack, Table<Value>& table) {
    for (const Frame& frame : stack) {
      table.erase(frame.key);
      held_ -= frame.parts.size();
    }
    stack.clear();
  }

  // --- misère outcome and remoteness, on whole positions ------------------
  struct PlayFrame {
    position key;
    std::vector<position> parts;  // canonical options
    std::size_t next = 0;
  };

  PlayFacts play_facts(const position& k) {
    if (auto it = loopy_.find(k); it != loopy_.end())
      return {it->second.misere, it->second.remoteness};
    if (!acyclic_play(k)) solve_loopy(k);
    if (auto it = play_.find(k); it != play_.end())
      return {it->second.misere_win ? Outcome::N : Outcome::P, it->second.remoteness};
    const LoopyEntry& entry = loopy_.at(k);
    return {entry.misere, entry.remoteness};
  }

  // Known facts of a position without draws, nullopt if unknown; Loopy if
  // it is on the search path or has a draw under either convention.
  std::optional<PlayEntry> known_play(const position& k) const {
    if (auto it = play_.find(k); it != play_.end()) {
      if (!it->second.done) throw Loopy{};
      return it->second;
    }
    if (auto it = loopy_.find(k); it != loopy_.end()) {
      if (it->second.misere == Outcome::D || !it->second.remoteness) throw Loopy{};
      return PlayEntry{it->second.misere == Outcome::N, *it->second.remoteness, true};
    }
    return std::nullopt;
  }

  bool acyclic_play(const position& root) {
    if (auto it = play_.find(root); it != play_.end() && it->second.done) return true;
    std::vector<PlayFrame> stack;
    auto push = [&](const position& k) {
      PlayFrame frame{k, {}, 0};
      for (const position& option : game_.moves(k)) frame.parts.push_back(key(option));
      check_limit(frame.parts.size() + 1);
      held_ += frame.parts.size();
      play_.emplace(k, PlayEntry{});
      stack.push_back(std::move(frame));
    };
    try {
      push(root);
      while (!stack.empty()) {
        PlayFrame& top = stack.back();
        if (top.next < top.parts.size()) {
          if (known_play(top.parts[top.next])) {
            ++top.next;
          } else {
            const position next = top.parts[top.next];
            push(next);
          }
          continue;
        }
        // docs/theory.md §4: no option = a misère win; §5: remoteness.
        PlayEntry entry{top.parts.empty(), 0, true};
        std::optional<std::uint64_t> least_even;
        std::uint64_t most = 0;
        for (const position& option : top.parts) {
          const PlayEntry facts = *known_play(option);
          if (!facts.misere_win) entry.misere_win = true;
          if (facts.remoteness % 2 == 0 && (!least_even || facts.remoteness < *least_even))
            least_even = facts.remoteness;
          most = std::max(most, facts.remoteness);
        }
        if (!top.parts.empty()) entry.remoteness = 1 + (least_even ? *least_even : most);
        play_.at(top.key) = entry;
        held_ -= top.parts.size();
        stack.pop_back();
      }
    } catch (const Loopy&) {
      abandon(stack, play_);
      return false;
    } catch (...) {
      abandon(stack, play_);
      throw;
    }
    return true;
  }

  // --- loopy games ----------------------------------------------------------
  // Retrograde win/loss labelling (+1 won, -1 lost, 0 draw) with remoteness.
  static void retrograde(const Graph& graph, const Graph& reversed, bool terminal_wins,
                         std::vector<int>& label, std::vector<std::uint64_t>& depth) {
    const Vertex n = graph.vertex_count();
    label.assign(n, 0);
    depth.assign(n, 0);
    std::vector<std::uint64_t> unresolved(n);
    std::vector<Vertex> queue;
    for (Vertex u = 0; u < n; ++u) {
      unresolved[u] = graph.out_degree(u);
      if (unresolved[u] == 0) {
        label[u] = terminal_wins ? 1 : -1;
        queue.push_back(u);
      }
    }
    // First in, first out: depths are met in increasing order, so a won
    // position's depth is 1 + the least lost option's and a lost one's is
    // 1 + the greatest won option's (docs/theory.md §5).
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const Vertex u = queue[head];
      for (const Vertex v : reversed.followers(u)) {
        if (label[v] != 0) continue;
        if (label[u] < 0) {
          label[v] = 1;
        } else if (--unresolved[v] == 0) {
          label[v] = -1;
        } else {
          continue;
        }
        depth[v] = depth[u] + 1;
        queue.push_back(v);
      }
    }
  }

  void solve_loopy(const position& root) {
    found_cycle_ = true;
    Table<Vertex> ids(0, Hasher{&game_});
    std::vector<position> nodes{root};
    std::vector<Edge> edges;
    ids.emplace(root, 0);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      for (const position& option : game_.moves(nodes[i])) {
        position k = key(option);
        auto [it, fresh] = ids.try_emplace(k, static_cast<Vertex>(nodes.size()));
        if (fresh) {
          check_limit(nodes.size() + 1);
          nodes.push_back(std::move(k));
        }
        edges.push_back({static_cast<Vertex>(i), it->second});
      }
    }
    const Graph graph = Graph::from_edges(nodes.size(), edges);
    const Graph reversed = graph.reversed();
    const std::vector<std::uint32_t> gamma = generalised_grundy_values(graph);
    std::vector<int> normal, misere;
    std::vector<std::uint64_t> depth, misere_depth;
    retrograde(graph, reversed, false, normal, depth);
    retrograde(graph, reversed, true, misere, misere_depth);
    for (Vertex u = 0; u < graph.vertex_count(); ++u) {
      LoopyEntry entry;
      entry.gamma = gamma_value(graph, gamma, u);
      entry.misere = misere[u] > 0 ? Outcome::N : misere[u] < 0 ? Outcome::P : Outcome::D;
      const Outcome normal_outcome = normal[u] > 0 ? Outcome::N : normal[u] < 0 ? Outcome::P : Outcome::D;
      GRUNDY_ASSERT(normal_outcome == outcome_of(entry.gamma));
      if (normal[u] != 0) entry.remoteness = depth[u];
      loopy_.try_emplace(nodes[u], std::move(entry));
    }
  }

  G game_;
  std::uint64_t limit_;
  Table<ValueEntry> values_;
  Table<PlayEntry> play_;
  Table<LoopyEntry> loopy_;
  std::uint64_t held_ = 0;
  bool found_cycle_ = false;
};

}  // namespace grundy
