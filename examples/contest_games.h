// The contest games of examples/contest_games.cpp and
// examples/contest_limits.cpp, as a contest programmer writes them for
// grundy::GameSolver (docs/user-games.md, docs/contest.md): LeetCode 464
// ("Can I Win"), POJ 2311 ("Cutting Game"), HDU 1729 ("Stone Game"), POJ
// 3922 ("A simple stone game") and Euclid's game. bench/user_game.cpp and
// tests/stress/user_game_search_test.cpp use the POJ 3922 game in both
// orders of its move loop.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "grundy/solve/user_game.h"

using u64 = std::uint64_t;

// "Can I win": the numbers 1..n are taken in turn into a running total;
// whoever brings it to `target` or more wins (LeetCode 464). A position: the
// numbers taken (bits 1..n) and the total (bits 32 up).
struct Pool {
  using position = unsigned long long;
  int n, target;  // run-time parameters, by value
  grundy::Primitive primitive(position p) const {
    // The previous player reached the target: the player to move has lost.
    return int(p >> 32) >= target ? grundy::Primitive::game_lost : grundy::Primitive::undecided;
  }
  template <class Visit>
  void moves(position p, Visit&& visit) const {
    for (int k = 1; k <= n; ++k)
      if (!(p >> k & 1) && !visit((p | 1ULL << k) + (position(k) << 32))) return;
  }
};

// The problem's answer. Two cases are not a normal-play game and come first:
// a target of 0 or less is reached before any move (the first player wins,
// says the problem), and a target above 1 + ... + n is never reached (a tie,
// which is not a win). Otherwise the target is always reached, by the last
// number at the latest, so no play ends with the pool empty, and the first
// player wins exactly when the start is an N-position.
bool can_i_win(grundy::GameSolver<Pool>& solver, int n, int target) {
  if (target <= 0) return true;
  if (n * (n + 1) / 2 < target) return false;
  solver.reset(Pool{n, target});
  return solver.outcome(0) == grundy::Outcome::N;
}

// A sheet cut along grid lines into two pieces; whoever cuts off a 1×1 piece
// wins (POJ 2311). A position is one piece; a cut gives the sum of two.
struct Cutting {
  using position = std::pair<int, int>;  // width <= height
  static std::size_t hash(const position& p) { return std::size_t(p.first) << 16 | p.second; }
  static position piece(int w, int h) { return w <= h ? position{w, h} : position{h, w}; }
  grundy::Primitive primitive(const position& p) const {
    return p == position{1, 1} ? grundy::Primitive::game_lost : grundy::Primitive::undecided;
  }
  template <class Visit>
  void moves(const position& p, Visit&& visit) const {
    for (int a = 1; a < p.first; ++a)
      if (!visit(piece(a, p.second), piece(p.first - a, p.second))) return;
    for (int b = 1; b < p.second; ++b)
      if (!visit(piece(p.first, b), piece(p.first, p.second - b))) return;
  }
};

// --- HDU 1729 ----------------------------------------------------------------------
// One box; the boxes of a test case are a sum, won exactly when the nim-sum
// of their Grundy values is not 0 (Sprague-Grundy).
struct Box {
  using position = std::pair<int, int>;  // capacity, stones
  static std::size_t hash(const position& p) { return std::size_t(p.first) << 21 ^ std::size_t(p.second); }
  // A full box has no move left: a zero of a sum, not the end of it.
  grundy::Primitive primitive(const position& p) const {
    return p.first == p.second ? grundy::Primitive::no_move : grundy::Primitive::undecided;
  }
  template <class Visit>
  void moves(const position& p, Visit&& visit) const {
    const long most = std::min<long>(p.first, long(p.second) + long(p.second) * p.second);
    for (long x = p.second + 1; x <= most; ++x)
      if (!visit(position{p.first, int(x)})) return;
  }
};
bool first_player_wins(grundy::GameSolver<Box>& solver, const std::vector<Box::position>& boxes) {
  grundy::Nimber sum = 0;
  for (const Box::position& box : boxes) sum ^= solver.grundy_value(box).value();
  return sum != 0;
}

// --- POJ 3922 ----------------------------------------------------------------------
// The takes are listed smallest first, or with SmallestFirst = false largest
// first (the search does not depend on it: docs/user-games.md).
template <bool SmallestFirst = true>
struct StoneGame {
  using position = std::pair<u64, u64>;  // stones left, the most the mover may take
  u64 k;
  static std::size_t hash(const position& p) { return p.first * 0x9E3779B97F4A7C15ULL ^ p.second; }
  position canonical(position p) const {
    p.second = std::min(p.second, p.first);
    return p;
  }
  template <class Visit>
  void moves(const position& p, Visit&& visit) const {
    const u64 most = std::min(p.first, p.second);
    for (u64 i = 1; i <= most; ++i) {
      const u64 take = SmallestFirst ? i : most + 1 - i;
      if (!visit(position{p.first - take, k * take})) return;
    }
  }
};

// The smallest first take that wins n stones, or 0 for "lose": the first
// winning move when the takes are listed smallest first, else the smallest
// of the winning moves.
template <bool SmallestFirst>
u64 first_take(grundy::GameSolver<StoneGame<SmallestFirst>>& solver, u64 n) {
  if (n < 2) return 0;  // no first move: the first player loses
  if constexpr (SmallestFirst) {
    const auto play = solver.first_winning_play({n, n - 1});
    return play ? n - play->after.first : 0;
  } else {
    u64 smallest = 0;
    for (const auto& play : solver.winning_plays({n, n - 1}))
      if (smallest == 0 || n - play.after.first < smallest) smallest = n - play.after.first;
    return smallest;
  }
}

// --- Euclid's game -----------------------------------------------------------------
struct Euclid {
  using position = std::pair<u64, u64>;  // larger, smaller
  static std::size_t hash(const position& p) { return p.first * 0x9E3779B97F4A7C15ULL ^ p.second; }
  // The previous player made a 0: the player to move has lost.
  grundy::Primitive primitive(const position& p) const {
    return p.second == 0 ? grundy::Primitive::game_lost : grundy::Primitive::undecided;
  }
  template <class Visit>
  void moves(const position& p, Visit&& visit) const {
    for (u64 m = 1; m <= p.first / p.second; ++m) {
      const u64 rest = p.first - m * p.second;
      if (!visit(rest >= p.second ? position{rest, p.second} : position{p.second, rest})) return;
    }
  }
};
