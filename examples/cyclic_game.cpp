// A game with cycles and draws as a user-defined game: tokens on a small
// directed graph given in code; a move slides one token along an edge; the
// player who cannot move loses. Play can go round a cycle for ever: a draw.
//
// Description: a position is the sorted list of token vertices; each token
//   is a component. grundy::GameSolver meets a cycle in its depth-first
//   search, builds the reachable graph and solves it as a loopy game: γ of
//   each vertex (finite, or ∞{K}), the outcome (P, N or D = draw) in normal
//   and misère play, and the remoteness. Sums of tokens use Smith's rule on
//   γ; the program checks it against the whole-position search (a draw
//   exactly when that search finds no remoteness) and aborts if they differ.
// Source: docs/theory.md §6 (γ, sum rule), §4, §5. The graph, solved by hand:
//   t has no move (P). a <-> b and b -> t: b wins by moving to t (N), a can
//   only move to b (P); b -> a also leads to a P-position, but a player who
//   only ever does that goes round the cycle for ever: the move of least
//   remoteness (to t) is the one that makes progress. c <-> d with no way out: both draws. e -> c, e -> t:
//   e wins by moving to t (N, γ = ∞{0}). f -> e only: P. g -> c, g -> f:
//   g wins by moving to f (N). h -> c only: a draw. In misère play t is won
//   for the mover, so moving to t loses, and every vertex other than t is a
//   draw: no one is ever forced to move to t.
// Time, memory: a few dozen positions.
// Status: self-checking; tests/cli/user_examples_test.cpp checks the lines
//   against the hand solution above.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "grundy/core/gamma.h"
#include "grundy/solve/user_game.h"

namespace {

constexpr const char* kNames = "tabcdefgh";
// followers of t, a, b, c, d, e, f, g, h
const std::vector<std::vector<int>> kFollowers = {{}, {2}, {1, 0}, {4}, {3}, {3, 0}, {5}, {3, 6}, {3}};

struct TokenGame {
  using position = std::vector<int>;  // token vertices, sorted

  static std::size_t hash(const position& tokens) {
    std::size_t h = 7;
    for (int v : tokens) h = h * 31 + static_cast<std::size_t>(v);
    return h;
  }
  position canonical(position tokens) const {
    std::sort(tokens.begin(), tokens.end());
    return tokens;
  }
  std::vector<position> moves(const position& tokens) const {
    std::vector<position> options;
    for (std::size_t i = 0; i < tokens.size(); ++i)
      for (int w : kFollowers[static_cast<std::size_t>(tokens[i])]) {
        position after = tokens;
        after[i] = w;
        options.push_back(canonical(after));
      }
    return options;
  }
  std::vector<position> components(const position& tokens) const {
    std::vector<position> parts;
    for (int v : tokens) parts.push_back({v});
    return parts;
  }
};

std::string name_of(const std::vector<int>& tokens) {
  std::string text;
  for (int v : tokens) text += (text.empty() ? "" : "+") + std::string(1, kNames[v]);
  return text;
}

}  // namespace

int main() {
  grundy::GameSolver<TokenGame> solver(TokenGame{});
  std::vector<std::vector<int>> positions;
  for (int v = 0; v < 9; ++v) positions.push_back({v});
  positions.push_back({5, 5});  // e+e: two infinite values, a draw by Smith's rule
  positions.push_back({1, 6});  // a+f: 0 xor 0 = 0
  positions.push_back({2, 5});  // b+e: finite 1 with inf({0}) = inf({1}): a draw
  positions.push_back({5, 6});  // e+f: inf({0}) with 0: N
  for (const auto& tokens : positions) {
    const grundy::GammaValue value = solver.value(tokens);
    const grundy::Outcome normal = solver.outcome(tokens);
    const auto remoteness = solver.remoteness(tokens);
    GRUNDY_ASSERT((normal == grundy::Outcome::D) == !remoteness.has_value());
    GRUNDY_ASSERT(!remoteness || (*remoteness % 2 == 1) == (normal == grundy::Outcome::N));
    std::printf("%s: gamma %s, normal %c, misere %c, remoteness %s, winning moves:", name_of(tokens).c_str(),
                grundy::gamma_text(value).c_str(), grundy::outcome_letter(normal),
                grundy::outcome_letter(solver.outcome(tokens, grundy::Convention::misere)),
                remoteness ? std::to_string(*remoteness).c_str() : "-");
    for (const auto& option : solver.winning_moves(tokens)) std::printf(" %s", name_of(option).c_str());
    std::printf("\n");
  }
  std::printf("cycle detected: %s\n", solver.found_cycle() ? "yes" : "no");
  return 0;
}
