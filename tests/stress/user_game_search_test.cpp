// GameSolver's outcome search, primitive positions, lazy moves, limits and
// moves as moves (solve/user_game.h, user_game_rules.h) against their
// by-definition twins: outcomes and remoteness of random digraphs, with and
// without cycles, ties and primitive positions, against a labelling that
// iterates the definition to its fixed point, primitive positions being
// spelt out as moves (a loss as no move, a win as one move to a terminal
// position, a tie as a move to itself); Grundy values against the mex rule
// by recursion; the three forms of moves against one another; a cutting game
// whose primitive positions end a sum, solved by components, against a
// recursive search of whole positions; the table against std::unordered_map.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <new>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/core/nimber.h"
#include "grundy/solve/detail/position_table.h"
#include "grundy/solve/user_game.h"
// POJ 3922's game, its takes listed either way (StoneGame<SmallestFirst>).
#include "../../examples/contest_games.h"

namespace grundy::user_game_search_test {
namespace {

constexpr std::uint64_t kSeed = 20250311;

// A token on a digraph with some vertices' results fixed by the rules.
struct Digraph {
  std::vector<std::vector<int>> followers;
  std::vector<Primitive> fixed;  // undecided for a vertex played by its moves
};

// The same game in the three forms of moves.
struct TokenByVector {
  using position = int;
  const Digraph* graph = nullptr;
  std::vector<int> moves(int v) const { return graph->followers[static_cast<std::size_t>(v)]; }
  Primitive primitive(int v) const { return graph->fixed[static_cast<std::size_t>(v)]; }
};
struct TokenByVisitor {
  using position = int;
  const Digraph* graph = nullptr;
  template <class Visit>
  void moves(int v, Visit&& visit) const {
    for (int w : graph->followers[static_cast<std::size_t>(v)])
      if (!visit(w)) return;
  }
  Primitive primitive(int v) const { return graph->fixed[static_cast<std::size_t>(v)]; }
};
struct TokenByMove {
  using position = int;
  using move = std::size_t;  // the index of the edge taken
  const Digraph* graph = nullptr;
  std::vector<std::size_t> legal_moves(int v) const {
    std::vector<std::size_t> edges(graph->followers[static_cast<std::size_t>(v)].size());
    for (std::size_t i = 0; i < edges.size(); ++i) edges[i] = i;
    return edges;
  }
  int play(int v, std::size_t edge) const { return graph->followers[static_cast<std::size_t>(v)][edge]; }
  Primitive primitive(int v) const { return graph->fixed[static_cast<std::size_t>(v)]; }
};
static_assert(GameWithPrimitive<TokenByVector> && GameWithPrimitive<TokenByVisitor> &&
              GameWithMoveType<TokenByMove> && !GameWithMoveType<TokenByVector>);

// Won (+1), lost (-1) or drawn (0), with remoteness, by iterating the
// definition to its least fixed point round by round (docs/theory.md §5,
// §6) on a graph without primitive positions.
struct Labels {
  std::vector<int> label;
  std::vector<std::uint64_t> remoteness;
};
Labels fixed_point(const std::vector<std::vector<int>>& followers, bool misere) {
  const std::size_t n = followers.size();
  Labels l{std::vector<int>(n, 0), std::vector<std::uint64_t>(n, 0)};
  for (bool changed = true; changed;) {
    changed = false;
    const Labels before = l;
    for (std::size_t v = 0; v < n; ++v) {
      if (before.label[v] != 0) continue;
      if (followers[v].empty()) {
        l.label[v] = misere ? 1 : -1;
        l.remoteness[v] = misere ? 1 : 0;
        changed = true;
        continue;
      }
      std::optional<std::uint64_t> least_lost;
      bool all_won = true;
      std::uint64_t most = 0;
      for (int w : followers[v]) {
        const auto u = static_cast<std::size_t>(w);
        if (before.label[u] < 0 && (!least_lost || before.remoteness[u] < *least_lost))
          least_lost = before.remoteness[u];
        all_won &= before.label[u] > 0;
        most = std::max(most, before.remoteness[u]);
      }
      if (least_lost) {
        l.label[v] = 1, l.remoteness[v] = 1 + *least_lost, changed = true;
      } else if (all_won) {
        l.label[v] = -1, l.remoteness[v] = 1 + most, changed = true;
      }
    }
  }
  return l;
}

// The primitive positions spelt out as moves, for `misere` play: vertex n is
// a position without moves.
std::vector<std::vector<int>> spelt_out(const Digraph& g, bool misere) {
  const int n = static_cast<int>(g.followers.size());
  std::vector<std::vector<int>> f(g.followers.size() + 1);
  for (int v = 0; v < n; ++v) {
    const auto u = static_cast<std::size_t>(v);
    switch (g.fixed[u]) {
      case Primitive::undecided:
      case Primitive::no_move: f[u] = g.followers[u]; break;
      case Primitive::game_tied: f[u] = {v}; break;
      // A loss is "no move" in normal play, "one move to a position without
      // moves" in misère play; a win the other way round.
      case Primitive::game_lost: f[u] = misere ? std::vector<int>{n} : std::vector<int>{}; break;
      case Primitive::game_won: f[u] = misere ? std::vector<int>{} : std::vector<int>{n}; break;
    }
  }
  return f;
}

Outcome outcome_of_label(int label) {
  return label > 0 ? Outcome::N : label < 0 ? Outcome::P : Outcome::D;
}

Digraph random_digraph(std::mt19937_64& rng, bool acyclic, int primitive_percent) {
  const int n = 1 + static_cast<int>(rng() % 10);
  Digraph g{std::vector<std::vector<int>>(static_cast<std::size_t>(n)),
            std::vector<Primitive>(static_cast<std::size_t>(n), Primitive::undecided)};
  const int edges = static_cast<int>(rng() % (2 * n + 2));
  for (int e = 0; e < edges; ++e) {
    const int from = static_cast<int>(rng() % n);
    if (acyclic && from == 0) continue;
    const int to = acyclic ? static_cast<int>(rng() % from) : static_cast<int>(rng() % n);
    g.followers[static_cast<std::size_t>(from)].push_back(to);
  }
  for (std::size_t u = 0; u < g.fixed.size(); ++u) {
    if (static_cast<int>(rng() % 100) >= primitive_percent) continue;
    // A position without followers may say so (no_move); any may end the game.
    const int kinds = g.followers[u].empty() ? 4 : 3;
    g.fixed[u] = static_cast<Primitive>(1 + rng() % kinds);
  }
  return g;
}

template <class Token>
void check_against_fixed_point(const Digraph& g, bool acyclic) {
  const Labels normal = fixed_point(spelt_out(g, false), false);
  const Labels misere = fixed_point(spelt_out(g, true), true);
  GameSolver<Token> solver(Token{&g});
  const int n = static_cast<int>(g.followers.size());
  for (int v = 0; v < n; ++v) {
    const auto u = static_cast<std::size_t>(v);
    EXPECT_EQ(solver.outcome(v), outcome_of_label(normal.label[u])) << "vertex " << v;
    EXPECT_EQ(solver.outcome(v, Convention::misere), outcome_of_label(misere.label[u]))
        << "vertex " << v << " misère";
    for (const int w : solver.winning_moves(v))
      EXPECT_EQ(normal.label[static_cast<std::size_t>(w)], -1) << v << " -> " << w;
    EXPECT_EQ(solver.winning_moves(v).empty(),
              g.fixed[u] != Primitive::undecided || normal.label[u] <= 0);
  }
  // Outcomes of a game without cycles never need the loopy analysis.
  if (acyclic) EXPECT_FALSE(solver.found_cycle());
  for (int v = 0; v < n; ++v) {
    const auto u = static_cast<std::size_t>(v);
    const auto r = solver.remoteness(v);
    EXPECT_EQ(r.has_value(), normal.label[u] != 0) << "vertex " << v;
    if (r) EXPECT_EQ(*r, normal.remoteness[u]) << "vertex " << v;
  }
}

TEST(UserGameSearch, OutcomesAndPrimitivePositionsAgreeWithTheDefinition) {
  std::mt19937_64 rng(kSeed);
  for (int trial = 0; trial < 400; ++trial) {
    const bool acyclic = trial % 2 == 0;
    const Digraph g = random_digraph(rng, acyclic, trial % 4 < 2 ? 0 : 30);
    SCOPED_TRACE("seed " + std::to_string(kSeed) + ", trial " + std::to_string(trial));
    check_against_fixed_point<TokenByVector>(g, acyclic);
    check_against_fixed_point<TokenByVisitor>(g, acyclic);
    check_against_fixed_point<TokenByMove>(g, acyclic);
  }
}

// The mex rule by recursion (docs/theory.md §1), on a graph without cycles.
Nimber mex_twin(const std::vector<std::vector<int>>& followers, int v) {
  std::vector<Nimber> values;
  for (int w : followers[static_cast<std::size_t>(v)]) values.push_back(mex_twin(followers, w));
  Nimber m = 0;
  while (std::find(values.begin(), values.end(), m) != values.end()) ++m;
  return m;
}

TEST(UserGameSearch, OutcomeSearchAgreesWithTheValueSearch) {
  std::mt19937_64 rng(kSeed + 1);
  for (int trial = 0; trial < 300; ++trial) {
    const Digraph g = random_digraph(rng, true, 0);
    SCOPED_TRACE("seed " + std::to_string(kSeed + 1) + ", trial " + std::to_string(trial));
    GameSolver<TokenByVisitor> outcomes(TokenByVisitor{&g});
    GameSolver<TokenByVector> values(TokenByVector{&g});
    for (int v = 0; v < static_cast<int>(g.followers.size()); ++v) {
      const Nimber expected = mex_twin(g.followers, v);
      EXPECT_EQ(values.grundy_value(v), expected);
      EXPECT_EQ(outcomes.outcome(v), expected == 0 ? Outcome::P : Outcome::N);
    }
    // The outcome search never looks at more options than the values need.
    EXPECT_LE(outcomes.stats().options_visited, values.stats().options_visited);
    EXPECT_FALSE(outcomes.found_cycle());
  }
}

// One Nim heap, the moves listed "take 1 first".
struct NimHeap {
  using position = std::uint64_t;
  template <class Visit>
  void moves(std::uint64_t n, Visit&& visit) const {
    for (std::uint64_t take = 1; take <= n; ++take)
      if (!visit(n - take)) return;
  }
};

TEST(UserGameSearch, EarlyCutOffVisitsFewOptions) {
  constexpr std::uint64_t n = 100'000;
  GameSolver<NimHeap> solver(NimHeap{});
  EXPECT_EQ(solver.outcome(n), Outcome::N);
  // The root's options once, then the last listed (0): no move, lost.
  EXPECT_LE(solver.stats().options_visited, n + 1);
  EXPECT_LE(solver.stats().positions_stored, 2u);
  GameSolver<NimHeap> small(NimHeap{});
  EXPECT_EQ(small.grundy_value(300), 300u);
  EXPECT_EQ(small.stats().options_visited, 300u * 301 / 2);
}

TEST(UserGameSearch, PositionLimitCountsDistinctPositions) {
  // 1,501 positions, whatever the order of the moves.
  GameSolver<NimHeap> solver(NimHeap{}, 1501);
  EXPECT_EQ(solver.grundy_value(1500), 1500u);
  EXPECT_EQ(solver.positions_stored(), 1501u);
  GameSolver<NimHeap> tight(NimHeap{}, 1500);
  try {
    tight.grundy_value(1500);
    ADD_FAILURE() << "no LimitError";
  } catch (const LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("GameLimits::positions"), std::string::npos) << e.what();
  }
  // Still usable, and what the refused query stored is gone.
  EXPECT_EQ(tight.positions_stored(), 0u);
  EXPECT_EQ(tight.grundy_value(1000), 1000u);
  EXPECT_EQ(tight.outcome(0), Outcome::P);
}

// Take one or two: G(n) = n mod 3, one position per heap size.
struct TakeOneOrTwo {
  using position = std::uint64_t;
  std::vector<std::uint64_t> moves(std::uint64_t n) const {
    std::vector<std::uint64_t> options;
    for (std::uint64_t take = 1; take <= std::min<std::uint64_t>(n, 2); ++take) options.push_back(n - take);
    return options;
  }
};
// A token going round a ring of 100,000 vertices: play never ends (a draw).
struct Ring {
  using position = std::uint32_t;
  std::vector<std::uint32_t> moves(std::uint32_t v) const { return {(v + 1) % 100'000}; }
};

// set_control (search_control.h): a query reports its progress every
// kSearchTick positions expanded, and a stop throws Interrupted and leaves the
// solver usable, as a LimitError does.
TEST(UserGameSearch, ControlSeesProgressAndStops) {
  GameSolver<TakeOneOrTwo> solver(TakeOneOrTwo{});
  std::atomic<bool> stop{false};
  std::vector<std::uint64_t> seen;
  SearchControl control;
  control.progress = [&](const SearchProgress& p) {
    seen.push_back(p.positions);
    EXPECT_LE(p.limit, GameLimits{}.positions);
    if (seen.size() == 3) stop = true;
  };
  control.stop = &stop;
  solver.set_control(&control);
  EXPECT_THROW(solver.grundy_value(1'000'000), Interrupted);
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_LT(seen[0], seen[2]);
  stop = false;
  EXPECT_EQ(solver.grundy_value(1'000'000), 1'000'000u % 3);
  EXPECT_GE(seen.size(), 1'000'000 / kSearchTick);
  solver.set_control(nullptr);
  EXPECT_EQ(solver.outcome(999), Outcome::P);

  // A game with cycles: the exploration of its graph stops too.
  GameSolver<Ring> ring(Ring{});
  stop = true;
  ring.set_control(&control);
  EXPECT_THROW(ring.outcome(0), Interrupted);
  stop = false;
  EXPECT_EQ(ring.outcome(0), Outcome::D);
}

// A query refused at the position limit leaves nothing behind, again and
// again (GCC 12 -O2 builds once lost the rollback of the first refusal here
// and wrote into freed memory on the second: user_game.h,
// dropping_entries_on_failure).
TEST(UserGameSearch, RefusedOutcomeSearchesLeaveTheSolverAsItWas) {
  GameSolver<Ring> ring(Ring{}, 5000);
  for (int i = 0; i < 3; ++i) {
    EXPECT_THROW(ring.outcome(0), LimitError);
    EXPECT_EQ(ring.positions_stored(), 0u);
  }
  GameSolver<Ring> roomy(Ring{}, 200'000);
  EXPECT_EQ(roomy.outcome(0), Outcome::D);
}

// Position 0 has 2^40 options, listed lazily; with `fixed`, each of them
// is a primitive loss.
struct Huge {
  using position = std::uint64_t;
  bool fixed = false;
  mutable std::uint64_t emitted = 0;
  template <class Visit>
  void moves(std::uint64_t p, Visit&& visit) const {
    if (p != 0) return;
    for (std::uint64_t i = 1; i <= (std::uint64_t{1} << 40); ++i) {
      ++emitted;
      if (!visit(i)) return;
    }
  }
  Primitive primitive(std::uint64_t p) const {
    return fixed && p != 0 ? Primitive::game_lost : Primitive::undecided;
  }
};

TEST(UserGameSearch, OptionLimitRefusesBeforeMaterialising) {
  GameSolver<Huge> solver(Huge{}, GameLimits{1000, 1000});
  for (int query = 0; query < 2; ++query) {
    try {
      if (query == 0) solver.outcome(0);
      else solver.grundy_value(0);
      ADD_FAILURE() << "no LimitError";
    } catch (const LimitError& e) {
      EXPECT_NE(std::string(e.what()).find("GameLimits::options"), std::string::npos) << e.what();
    }
    EXPECT_EQ(solver.game().emitted, 1001u * (query + 1));
  }
  // An option known lost (here by the rules) decides at once: no other
  // option is made.
  GameSolver<Huge> fixed(Huge{true}, GameLimits{1000, 1000});
  EXPECT_EQ(fixed.outcome(0), Outcome::N);
  EXPECT_EQ(fixed.game().emitted, 1u);
  EXPECT_EQ(fixed.stats().options_visited, 1u);
}

// Rectangles; a move cuts one piece in two along a grid line; whoever makes
// a 1×1 piece wins. Each piece is a component.
struct Cutting {
  using Piece = std::pair<int, int>;
  using position = std::vector<Piece>;
  static std::size_t hash(const position& p) {
    std::size_t h = p.size();
    for (auto [w, h2] : p) h = h * 131 + static_cast<std::size_t>(w * 64 + h2);
    return h;
  }
  position canonical(position p) const {
    for (auto& [w, h] : p)
      if (w > h) std::swap(w, h);
    std::sort(p.begin(), p.end());
    return p;
  }
  Primitive primitive(const position& p) const {
    for (auto [w, h] : p)
      if (w == 1 && h == 1) return Primitive::game_lost;
    return Primitive::undecided;
  }
  std::vector<position> moves(const position& p) const {
    std::vector<position> options;
    for (std::size_t i = 0; i < p.size(); ++i) {
      const auto [w, h] = p[i];
      for (int a = 1; a < w; ++a) {
        position after = p;
        after[i] = {a, h};
        after.push_back({w - a, h});
        options.push_back(after);
      }
      for (int b = 1; b < h; ++b) {
        position after = p;
        after[i] = {w, b};
        after.push_back({w, h - b});
        options.push_back(after);
      }
    }
    return options;
  }
};
struct CuttingByPieces : Cutting {
  std::vector<position> components(const position& p) const {
    std::vector<position> parts;
    for (const Piece& piece : p) parts.push_back({piece});
    return parts;
  }
};

// One piece, its options given as sums of two pieces (visit(a, b)).
struct CuttingPiece {
  using position = std::pair<int, int>;
  static std::size_t hash(const position& p) { return static_cast<std::size_t>(p.first * 64 + p.second); }
  position canonical(position p) const {
    if (p.first > p.second) std::swap(p.first, p.second);
    return p;
  }
  Primitive primitive(const position& p) const {
    return p == position{1, 1} ? Primitive::game_lost : Primitive::undecided;
  }
  template <class Visit>
  void moves(const position& p, Visit&& visit) const {
    const auto [w, h] = p;
    for (int a = 1; a < w; ++a)
      if (!visit(position{a, h}, position{w - a, h})) return;
    for (int b = 1; b < h; ++b)
      if (!visit(position{w, b}, position{w, h - b})) return;
  }
};

// Whether the mover wins, by the rules, on whole positions.
bool cutting_twin(const Cutting::position& p, std::map<Cutting::position, bool>& memo) {
  const Cutting game;
  const Cutting::position k = game.canonical(p);
  if (auto it = memo.find(k); it != memo.end()) return it->second;
  bool win = false;
  if (game.primitive(k) == Primitive::undecided)
    for (const auto& option : game.moves(k))
      if (!cutting_twin(option, memo)) {
        win = true;
        break;
      }
  return memo[k] = win;
}

TEST(UserGameSearch, PrimitivePositionsEndASum) {
  std::map<Cutting::position, bool> memo;
  GameSolver<CuttingByPieces> pieces(CuttingByPieces{});
  GameSolver<Cutting> whole(Cutting{});
  std::mt19937_64 rng(kSeed + 2);
  for (int trial = 0; trial < 150; ++trial) {
    Cutting::position p;
    const int count = 1 + static_cast<int>(rng() % 2);
    for (int i = 0; i < count; ++i)
      p.push_back({1 + static_cast<int>(rng() % 5), 1 + static_cast<int>(rng() % (i ? 4 : 6))});
    SCOPED_TRACE("seed " + std::to_string(kSeed + 2) + ", trial " + std::to_string(trial));
    const Outcome expected = cutting_twin(p, memo) ? Outcome::N : Outcome::P;
    EXPECT_EQ(pieces.outcome(p), expected);
    EXPECT_EQ(whole.outcome(p), expected);
    for (const auto& option : pieces.winning_moves(p)) EXPECT_FALSE(cutting_twin(option, memo));
  }
  // Options as sums of parts: the same outcomes and values, piece by piece.
  GameSolver<CuttingPiece> piece(CuttingPiece{});
  for (int w = 1; w <= 6; ++w)
    for (int h = 1; h <= 6; ++h) {
      const Cutting::position p = {{w, h}};
      EXPECT_EQ(piece.outcome({w, h}), cutting_twin(p, memo) ? Outcome::N : Outcome::P) << w << "x" << h;
      if (w > 1 && h > 1 && w + h > 4)
        EXPECT_EQ(piece.grundy_value({w, h}), pieces.grundy_value(p)) << w << "x" << h;
    }
  EXPECT_THROW(piece.outcome({3, 3}, Convention::misere), InputError);
  // 2×2 and 2×3 are lost (every cut leaves a 1×k piece); 1×2 has a winning cut.
  EXPECT_EQ(pieces.grundy_value({{2, 2}}), 0u);
  EXPECT_EQ(pieces.outcome({{2, 3}}), Outcome::P);
  EXPECT_EQ(pieces.outcome({{1, 2}}), Outcome::N);
  EXPECT_THROW(pieces.value({{1, 2}}), InputError);
}

// Boxes of HDU 1729 ("Stone Game"): a box of capacity s holding c stones
// takes 1..c² more, up to s; whoever cannot move loses. A full box says so
// with Primitive::no_move: in a sum of boxes it is a zero, not the end of
// the game (the trap of the earlier Primitive::lose).
struct Boxes {
  using Box = std::pair<int, int>;  // capacity, stones
  using position = std::vector<Box>;
  static std::size_t hash(const position& p) {
    std::size_t h = p.size();
    for (auto [s, c] : p) h = h * 1000003 + static_cast<std::size_t>(s * 1024 + c);
    return h;
  }
  Primitive primitive(const position& p) const {
    return p.size() == 1 && p[0].first == p[0].second ? Primitive::no_move : Primitive::undecided;
  }
  std::vector<position> components(const position& p) const {
    std::vector<position> parts;
    for (const Box& box : p) parts.push_back({box});
    return parts;
  }
  template <class Visit>
  void moves(const position& p, Visit&& visit) const {
    for (std::size_t i = 0; i < p.size(); ++i) {
      const auto [s, c] = p[i];
      for (long t = 1; t <= static_cast<long>(c) * c && c + t <= s; ++t) {
        position after = p;
        after[i].second = c + static_cast<int>(t);
        if (!visit(after)) return;
      }
    }
  }
};

// The contest's own solution: a plain loop for each box's values by the mex
// rule, then the nim-sum (Sprague-Grundy).
Nimber box_value(int s, int c) {
  std::vector<Nimber> g(static_cast<std::size_t>(s) + 1, 0);
  for (int x = s - 1; x >= c; --x) {
    std::vector<bool> seen(static_cast<std::size_t>(s) + 2, false);
    for (long t = 1; t <= static_cast<long>(x) * x && x + t <= s; ++t)
      seen[g[static_cast<std::size_t>(x + t)]] = true;
    Nimber m = 0;
    while (seen[m]) ++m;
    g[static_cast<std::size_t>(x)] = m;
  }
  return g[static_cast<std::size_t>(c)];
}

TEST(UserGameSearch, AComponentWithNoMoveIsAZeroOfTheSum) {
  std::mt19937_64 rng(kSeed + 3);
  GameSolver<Boxes> solver(Boxes{});
  for (int trial = 0; trial < 200; ++trial) {
    Boxes::position p;
    Nimber expected = 0;
    const int count = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < count; ++i) {
      const int s = 1 + static_cast<int>(rng() % 30);
      const int c = static_cast<int>(rng() % (s + 1));  // full boxes too
      p.push_back({s, c});
      expected ^= box_value(s, c);
    }
    SCOPED_TRACE("seed " + std::to_string(kSeed + 3) + ", trial " + std::to_string(trial));
    EXPECT_EQ(solver.grundy_value(p), expected);
    EXPECT_EQ(solver.outcome(p), expected ? Outcome::N : Outcome::P);
  }
  // One full box is a position without moves in every convention.
  EXPECT_EQ(solver.outcome({{5, 5}}), Outcome::P);
  EXPECT_EQ(solver.outcome({{5, 5}}, Convention::misere), Outcome::N);
  EXPECT_EQ(solver.remoteness({{5, 5}}), 0u);
  // The case the issue measured: a full box beside a box with moves is won.
  EXPECT_EQ(solver.outcome({{3, 3}, {3, 2}}), Outcome::N);
}

// A game whose primitive() claims "no move" where its moves list one.
struct Contradicting {
  using position = int;
  std::vector<int> moves(int n) const { return n > 0 ? std::vector<int>{n - 1} : std::vector<int>{}; }
  Primitive primitive(int n) const { return n == 3 ? Primitive::no_move : Primitive::undecided; }
};

TEST(UserGameSearch, HooksThatContradictEachOtherAreRefused) {
  GameSolver<Contradicting> solver(Contradicting{});
  EXPECT_EQ(solver.outcome(2), Outcome::P);  // never meets the contradiction
  for (int query = 0; query < 3; ++query) {
    try {
      if (query == 0) solver.outcome(5);
      else if (query == 1) solver.grundy_value(5);
      else solver.remoteness(5);
      ADD_FAILURE() << "no InputError";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("contradict"), std::string::npos) << e.what();
    }
  }
}

// A heap is replaced by any number of smaller heaps of smaller total (take
// at least one token, split the rest any way): an option is a sum of a
// number of parts known only at run time, given as one std::vector
// (visit(parts)), or, for the options of two parts, as visit({a, b}).
struct Shatter {
  using position = int;
  template <class Visit>
  void moves(int n, Visit&& visit) const {
    std::vector<int> parts;
    for (int total = 0; total < n; ++total)
      if (!partitions(total, total, parts, visit)) return;
  }
  // Every partition of `left` into parts of at most `largest`, after `parts`.
  template <class Visit>
  static bool partitions(int left, int largest, std::vector<int>& parts, Visit& visit) {
    if (left == 0) {
      if (parts.size() == 2) return visit({parts[0], parts[1]});
      return visit(parts);
    }
    for (int part = std::min(left, largest); part >= 1; --part) {
      parts.push_back(part);
      const bool go_on = partitions(left - part, part, parts, visit);
      parts.pop_back();
      if (!go_on) return false;
    }
    return true;
  }
};

// Whether the mover wins the sum of heaps `p`, by the rules on whole
// positions (sorted heaps), without values.
bool shatter_twin(std::vector<int> p, std::map<std::vector<int>, bool>& memo);

// Receives Shatter's options of one heap of a sum; `win` once one is lost.
struct ShatterTwinVisit {
  const std::vector<int>& rest;  // the other heaps
  std::map<std::vector<int>, bool>& memo;
  bool win = false;
  bool operator()(std::initializer_list<int> parts) { return (*this)(std::vector<int>(parts)); }
  bool operator()(const std::vector<int>& parts) {
    std::vector<int> after = rest;
    after.insert(after.end(), parts.begin(), parts.end());
    if (!shatter_twin(after, memo)) win = true;
    return !win;
  }
};

bool shatter_twin(std::vector<int> p, std::map<std::vector<int>, bool>& memo) {
  std::sort(p.begin(), p.end());
  if (auto it = memo.find(p); it != memo.end()) return it->second;
  bool win = false;
  for (std::size_t i = 0; i < p.size() && !win; ++i) {
    std::vector<int> rest = p;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
    ShatterTwinVisit visit{rest, memo};
    Shatter{}.moves(p[i], visit);
    win = visit.win;
  }
  return memo[p] = win;
}

TEST(UserGameSearch, OptionsAreSumsOfARunTimeNumberOfParts) {
  GameSolver<Shatter> solver(Shatter{});
  std::map<std::vector<int>, bool> memo;
  for (int a = 0; a <= 9; ++a) {
    EXPECT_EQ(solver.outcome(a), shatter_twin({a}, memo) ? Outcome::N : Outcome::P) << a;
    for (int b = 0; b <= 5; ++b) {
      const auto ga = solver.grundy_value(a), gb = solver.grundy_value(b);
      ASSERT_TRUE(ga && gb);
      EXPECT_EQ((*ga ^ *gb) != 0, shatter_twin({a, b}, memo)) << a << " + " << b;
    }
  }
  EXPECT_THROW(solver.outcome(3, Convention::misere), InputError);
}

// Subtract 1..k, with k a run-time parameter; moves as moves.
struct TakeUpTo {
  using position = int;
  using move = int;
  int k = 1;
  std::vector<int> legal_moves(int n) const {
    std::vector<int> takes;
    for (int t = 1; t <= std::min(k, n); ++t) takes.push_back(t);
    return takes;
  }
  int play(int n, int take) const { return n - take; }
  std::string describe(int take) const { return "take " + std::to_string(take); }
};

TEST(UserGameSearch, ResetReusesTheSolverAndMovesAreNamed) {
  GameSolver<TakeUpTo> solver(TakeUpTo{1});
  for (int k = 1; k <= 8; ++k) {
    solver.reset(TakeUpTo{k});
    for (int n = 0; n <= 40; ++n) {
      // Bachet's game: G(n) = n mod (k + 1) (Winning Ways ch. 3).
      EXPECT_EQ(solver.grundy_value(n), static_cast<Nimber>(n % (k + 1))) << k << " " << n;
      EXPECT_EQ(solver.outcome(n), n % (k + 1) == 0 ? Outcome::P : Outcome::N);
      const auto plays = solver.winning_plays(n);
      if (n % (k + 1) == 0) {
        EXPECT_TRUE(plays.empty());
      } else {
        ASSERT_EQ(plays.size(), 1u);
        EXPECT_EQ(plays[0].how, n % (k + 1));
        EXPECT_EQ(plays[0].after, n - n % (k + 1));
        EXPECT_EQ(plays[0].text, "take " + std::to_string(n % (k + 1)));
      }
    }
  }
}

// Take 1..k stones, listed one at a time, where each listing is slow: the
// game sets the stop flag itself once `stop_after` options were listed.
struct SlowTakes {
  using position = int;
  std::atomic<bool>* stop = nullptr;
  std::uint64_t stop_after = 0;
  std::uint64_t* listed = nullptr;
  template <class Visit>
  void moves(int n, Visit&& visit) const {
    for (int t = 1; t <= n; ++t) {
      if (++*listed == stop_after) *stop = true;
      if (!visit(n - t)) return;
    }
  }
};

TEST(UserGameSearch, StopIsSeenWithinAFewOptions) {
  // Nim heaps have n options each: 3,000 stored positions are 4.5 million
  // options, far fewer than a progress tick (4,096 positions) apart.
  for (const std::uint64_t stop_after : {1ULL, 100ULL, 5'000ULL, 200'000ULL}) {
    std::atomic<bool> stop{false};
    std::uint64_t listed = 0;
    GameSolver<SlowTakes> solver(SlowTakes{&stop, stop_after, &listed});
    SearchControl control;
    control.stop = &stop;
    solver.set_control(&control);
    EXPECT_THROW(solver.grundy_value(3'000), Interrupted) << stop_after;
    // Seen at the next listing, or within kStopOptions = 64 options of one.
    EXPECT_LE(listed, stop_after + 64) << stop_after;
    stop = false;
    EXPECT_EQ(solver.grundy_value(40), 40u);
  }
}

// Positions that own heap memory: a row of n cells as a vector.
struct Row {
  using position = std::vector<int>;
  static std::size_t hash(const position& p) { return p.size(); }
  template <class Visit>
  void moves(const position& p, Visit&& visit) const {
    if (!p.empty() && !visit(position(p.begin() + 1, p.end()))) return;
    if (p.size() >= 2) visit(position(p.begin() + 2, p.end()));
  }
};

TEST(UserGameSearch, TheByteLimitCountsWhatPositionsOwn) {
  // 2,000 rows of up to 2,000 ints own about 8 MB; the table without them
  // (sizeof(vector) + 14 bytes a position) would be under 80 kB.
  GameSolver<Row> solver(Row{}, GameLimits{100'000, 100, 4'000'000});
  try {
    solver.outcome(Row::position(2'000, 1));
    ADD_FAILURE() << "no LimitError";
  } catch (const LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("GameLimits::bytes"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("memory limit"), std::string::npos) << e.what();
  }
  // The refused query's keys are no longer counted: smaller rows still fit,
  // again and again. Bash-like: n ≡ 0 (mod 3) is lost.
  for (int round = 0; round < 3; ++round)
    for (int n = 0; n < 600; n += 7)
      EXPECT_EQ(solver.outcome(Row::position(static_cast<std::size_t>(n), 1)),
                n % 3 == 0 ? Outcome::P : Outcome::N) << n;
  EXPECT_LE(solver.stats().positions_stored, 600u);
}

TEST(UserGameSearch, TheWorkLimitCountsOptionVisits) {
  // G(100) of a Nim heap looks at 100 · 101 / 2 = 5,050 options.
  GameSolver<NimHeap> solver(NimHeap{}, GameLimits{1000, 1000, 0, 5'000});
  try {
    solver.grundy_value(100);
    ADD_FAILURE() << "no LimitError";
  } catch (const LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("GameLimits::visits"), std::string::npos) << e.what();
  }
  EXPECT_EQ(solver.stats().positions_stored, 0u);
  GameSolver<NimHeap> enough(NimHeap{}, GameLimits{1000, 1000, 0, 5'050});
  EXPECT_EQ(enough.grundy_value(100), 100u);
  EXPECT_EQ(enough.stats().options_visited, 5'050u);
}

// Rules whose list of options cannot be made (it ran out of memory).
struct OutOfMemory {
  using position = int;
  std::vector<int> moves(int n) const {
    if (n > 5) throw std::bad_alloc();
    return n > 0 ? std::vector<int>{n - 1} : std::vector<int>{};
  }
};

TEST(UserGameSearch, ListingOutOfMemoryIsARefusal) {
  GameSolver<OutOfMemory> solver(OutOfMemory{});
  EXPECT_THROW(solver.outcome(9), LimitError);
  EXPECT_THROW(solver.winning_plays(9), LimitError);
  EXPECT_EQ(solver.outcome(4), Outcome::P);
}

TEST(UserGameSearch, WinningPlaysKeepTheLimitsAndTheFirstStopsThere) {
  // 2^40 options listed lazily: refused after the option limit, before more
  // are made (Huge's primitive losses make every option a win).
  GameSolver<Huge> huge(Huge{true}, GameLimits{1000, 1000});
  EXPECT_THROW(huge.winning_plays(0), LimitError);
  EXPECT_EQ(huge.game().emitted, 1001u);
  // The first winning move stops at once: every option wins here.
  const auto first = huge.first_winning_move(0);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(*first, 1u);
  EXPECT_EQ(huge.game().emitted, 1002u);

  // Bachet's game: the one winning move, first or among all.
  GameSolver<TakeUpTo> bachet(TakeUpTo{3});
  for (int n = 0; n <= 30; ++n) {
    const auto play = bachet.first_winning_play(n);
    EXPECT_EQ(play.has_value(), n % 4 != 0) << n;
    if (play) {
      EXPECT_EQ(play->how, n % 4);
      EXPECT_EQ(play->text, "take " + std::to_string(n % 4));
    }
  }
  // Moves as moves past the option limit: refused before any is played.
  GameSolver<TakeUpTo> narrow(TakeUpTo{50}, GameLimits{1000, 10});
  EXPECT_THROW(narrow.winning_plays(40), LimitError);
  EXPECT_EQ(narrow.stats().positions_stored, 0u);
}

// Euclid's game: subtract a positive multiple of the smaller number from the
// larger; whoever cannot (a number is 0) has lost. Multiples listed
// smallest first or largest first.
template <bool SmallestFirst>
struct EuclidMultiples {
  using position = std::pair<std::uint64_t, std::uint64_t>;  // larger, smaller
  static std::size_t hash(const position& p) { return p.first * 0x9E3779B97F4A7C15ULL ^ p.second; }
  template <class Visit>
  void moves(const position& p, Visit&& visit) const {
    if (p.second == 0) return;
    const std::uint64_t q = p.first / p.second;
    for (std::uint64_t i = 1; i <= q; ++i) {
      const std::uint64_t rest = p.first - (SmallestFirst ? i : q + 1 - i) * p.second;
      if (!visit(rest >= p.second ? position{rest, p.second} : position{p.second, rest})) return;
    }
  }
};

// Whether the mover wins Euclid's game (Cole and Davie, Math. Gazette 53
// (1969)): a/b >= 2, or the other player loses (b, a - b).
bool euclid_wins(std::uint64_t a, std::uint64_t b) {
  if (b == 0) return false;
  if (a / b >= 2) return true;
  return !euclid_wins(b, a - b);
}

TEST(UserGameSearch, TheSearchDoesNotDependOnTheOrderOfTheMoveLoop) {
  // Either order settles Euclid's (30001, 1) at the root: the option (1, 0)
  // has no move. The order that searched the largest position first made
  // 450 million option visits before the options were ordered.
  GameSolver<EuclidMultiples<true>> up(EuclidMultiples<true>{});
  GameSolver<EuclidMultiples<false>> down(EuclidMultiples<false>{});
  EXPECT_EQ(up.outcome({30001, 1}), Outcome::N);
  EXPECT_EQ(down.outcome({30001, 1}), Outcome::N);
  EXPECT_LE(up.stats().options_visited, 10u * 30001);
  EXPECT_LE(down.stats().options_visited, 10u * 30001);
  for (std::uint64_t a = 1; a <= 60; ++a)
    for (std::uint64_t b = 0; b <= a; ++b) {
      EXPECT_EQ(up.outcome({a, b}) == Outcome::N, euclid_wins(a, b)) << a << " " << b;
      EXPECT_EQ(down.outcome({a, b}) == Outcome::N, euclid_wins(a, b)) << a << " " << b;
    }
  // POJ 3922 at 3,000 stones, k = 2: the same positions, give or take a
  // quarter, in both orders (before the options were ordered, smallest take
  // first stored 91 times more at 10,000 stones, k = 3).
  GameSolver<StoneGame<true>> small(StoneGame<true>{2});
  GameSolver<StoneGame<false>> large(StoneGame<false>{2});
  EXPECT_EQ(small.outcome({3000, 2999}), large.outcome({3000, 2999}));
  const double ratio = static_cast<double>(small.stats().positions_stored) /
                       static_cast<double>(large.stats().positions_stored);
  EXPECT_GT(ratio, 0.75);
  EXPECT_LT(ratio, 1.33);
  // Both against the value search, which looks at every option in the
  // listing's order (G = 0 exactly at the P-positions).
  GameSolver<StoneGame<true>> values(StoneGame<true>{2});
  for (std::uint64_t n = 1; n <= 40; ++n)
    for (std::uint64_t m = 1; m <= n; ++m) {
      const bool lost = values.grundy_value({n, m}) == Nimber{0};
      EXPECT_EQ(small.outcome({n, m}) == Outcome::P, lost) << n << " " << m;
      EXPECT_EQ(large.outcome({n, m}) == Outcome::P, lost) << n << " " << m;
    }
}

TEST(UserGameSearch, StatsEstimateTheTable) {
  GameSolver<NimHeap> solver(NimHeap{});
  // Values of 0..2999 once: 3,000 positions.
  EXPECT_EQ(solver.grundy_value(2999), 2999u);
  const GameStats s = solver.stats();
  EXPECT_EQ(s.positions_stored, 3000u);
  EXPECT_EQ(s.positions_expanded, 3000u);
  EXPECT_EQ(s.options_visited, 2999u * 3000 / 2);
  EXPECT_GE(s.bytes, 3000u * (sizeof(std::uint64_t) + 5));
  // Slots, key, state and value, plus at most one partly filled chunk.
  EXPECT_LE(s.bytes, 3000u * (sizeof(std::uint64_t) + 16) + 1024 * (sizeof(std::uint64_t) + 5));
  solver.reset();
  EXPECT_EQ(solver.stats().positions_stored, 0u);
  EXPECT_EQ(solver.stats().options_visited, 0u);
}

TEST(UserGameSearch, PositionTableAgreesWithUnorderedMap) {
  std::mt19937_64 rng(kSeed + 3);
  detail::PositionTable<std::string> table;
  std::unordered_map<std::string, std::uint32_t> twin;
  std::vector<std::string> order;
  for (int step = 0; step < 20'000; ++step) {
    const std::string key = std::to_string(rng() % 5000);
    const std::uint32_t e = table.find(key);
    const auto it = twin.find(key);
    ASSERT_EQ(e != decltype(table)::kEmpty, it != twin.end()) << key;
    if (it == twin.end()) {
      const std::uint32_t added = table.insert(key, table.hash(key));
      ASSERT_EQ(added, order.size());
      table.value(added) = static_cast<std::uint32_t>(step);
      twin.emplace(key, static_cast<std::uint32_t>(step));
      order.push_back(key);
    } else {
      ASSERT_EQ(e, std::find(order.begin(), order.end(), key) - order.begin());
      ASSERT_EQ(table.value(e), it->second);
      ASSERT_EQ(table.key_at(e), key);
    }
    if (step % 5000 == 4999) {
      // Drop the newer half.
      const std::size_t keep = order.size() / 2;
      table.truncate(keep);
      for (std::size_t i = keep; i < order.size(); ++i) twin.erase(order[i]);
      order.resize(keep);
      ASSERT_EQ(table.size(), keep);
    }
  }
  EXPECT_EQ(table.size(), twin.size());
}

}  // namespace
}  // namespace grundy::user_game_search_test
