// User-defined games through the Ruleset interface (user_ruleset.h): every
// convention of the library on a user's own type. A user Kayles (rows of
// stones; take one or two adjacent) against the built-in code 0.77 in misère
// play, Every-SG, the conjunctive compound, remoteness and sums with a Nim
// heap; a user game with cycles (a token on a digraph) against tokens on the
// same graph (GraphTokens), in misère play, Every-SG and sums with a Nim heap.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <set>

#include "grundy/rules/compound.h"
#include "grundy/rules/graph.h"
#include "grundy/rules/graph_tokens.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/compound_analysis.h"
#include "grundy/solve/user_ruleset.h"

namespace grundy::user_ruleset_test {
namespace {

constexpr std::uint64_t kSeed = 4242;
constexpr std::uint64_t kLimit = 1'000'000;

// Kayles written as a user would (docs/user-games.md).
struct Rows {
  using position = std::vector<int>;
  static std::size_t hash(const position& rows) {
    std::size_t h = 0;
    for (int r : rows) h = h * 1000003u + static_cast<std::size_t>(r);
    return h;
  }
  position canonical(position rows) const {
    std::erase(rows, 0);
    std::sort(rows.begin(), rows.end());
    return rows;
  }
  std::vector<position> moves(const position& rows) const {
    std::vector<position> options;
    for (std::size_t i = 0; i < rows.size(); ++i)
      for (int take = 1; take <= 2; ++take)
        for (int left = 0; left + take <= rows[i]; ++left) {
          position after = rows;
          after[i] = left;
          after.push_back(rows[i] - take - left);
          options.push_back(after);
        }
    return options;
  }
};

// A token on a digraph given by its edge list.
struct Token {
  using position = int;
  std::vector<std::vector<int>> followers;
  std::vector<int> moves(int v) const { return followers[static_cast<std::size_t>(v)]; }
};

// A random digraph on 2 to 7 vertices, each edge drawn with probability 1/3,
// as a user game and as tokens on the same graph.
struct TokenGames {
  int n = 0;
  std::shared_ptr<const UserRuleset<Token>> user;
  std::shared_ptr<const Ruleset> tokens;
};

TokenGames random_token_games(std::mt19937_64& rng) {
  TokenGames games;
  const int n = games.n = 2 + static_cast<int>(rng() % 6);
  Token game;
  game.followers.resize(static_cast<std::size_t>(n));
  std::vector<Edge> edges;
  for (int u = 0; u < n; ++u)
    for (int v = 0; v < n; ++v)
      if (rng() % 3 == 0) {
        game.followers[static_cast<std::size_t>(u)].push_back(v);
        edges.push_back({static_cast<Vertex>(u), static_cast<Vertex>(v)});
      }
  games.user = std::make_shared<const UserRuleset<Token>>(game, "token");
  games.tokens = std::make_shared<const GraphTokens>(
      std::make_shared<const Graph>(Graph::from_edges(static_cast<std::uint64_t>(n), edges)));
  return games;
}

TEST(UserRuleset, UserKaylesMatchesTheBuiltInCodeInEveryConvention) {
  auto user = std::make_shared<const UserRuleset<Rows>>(Rows{}, "rows", /*has_cycles=*/false);
  std::shared_ptr<const Ruleset> kayles = parse_ruleset("kayles");
  std::shared_ptr<const Ruleset> nim = parse_ruleset("nim");
  std::mt19937_64 rng(kSeed);
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t count = 1 + rng() % 3;
    Position heaps;
    std::vector<int> rows;
    for (std::size_t i = 0; i < count; ++i) {
      heaps.push_back(1 + rng() % 7);
      rows.push_back(static_cast<int>(heaps.back()));
    }
    SCOPED_TRACE(::testing::Message() << "seed " << kSeed << " trial " << trial << ": kayles "
                                      << kayles->show(heaps));
    // Misère play of the whole position.
    AnalysisOptions misere;
    misere.convention = Convention::misere;
    BruteForce twin(*kayles, kLimit);
    EXPECT_EQ(analyze(*user, user->encode(rows), misere).outcome == Outcome::N,
              twin.mover_wins(heaps, Convention::misere));
    // Remoteness.
    EXPECT_EQ(analyze_remoteness(*user, user->encode(rows), Convention::normal, kLimit).remoteness,
              analyze_remoteness(*kayles, heaps, Convention::normal, kLimit).remoteness);
    // Every-SG and conjunctive compounds, one row per component.
    std::vector<std::shared_ptr<const Ruleset>> users(count, user), builtins(count, kayles);
    std::vector<Position> user_parts, builtin_parts;
    for (std::size_t i = 0; i < count; ++i) {
      user_parts.push_back(user->encode({rows[i]}));
      builtin_parts.push_back({heaps[i]});
    }
    const Compound user_every(users, CompoundKind::every), builtin_every(builtins, CompoundKind::every);
    const CompoundAnalysis a = analyze_every(user_every, Compound::encode(user_parts), kLimit);
    const CompoundAnalysis b = analyze_every(builtin_every, Compound::encode(builtin_parts), kLimit);
    EXPECT_EQ(a.outcome, b.outcome);
    EXPECT_EQ(a.numbers, b.numbers);
    const Compound user_conj(users, CompoundKind::conjunctive),
        builtin_conj(builtins, CompoundKind::conjunctive);
    const CompoundAnalysis c = analyze_conjunctive(user_conj, Compound::encode(user_parts), kLimit);
    const CompoundAnalysis d =
        analyze_conjunctive(builtin_conj, Compound::encode(builtin_parts), kLimit);
    EXPECT_EQ(c.outcome, d.outcome);
    EXPECT_EQ(c.numbers, d.numbers);
    // A sum with a Nim heap, normal play: the user game's value by search.
    const Heap h = rng() % 5;
    const Compound user_sum({user, nim}, CompoundKind::disjunctive);
    const Compound builtin_sum({kayles, nim}, CompoundKind::disjunctive);
    const Analysis e = analyze(user_sum, Compound::encode({user->encode(rows), {h}}));
    const Analysis f = analyze(builtin_sum, Compound::encode({heaps, {h}}));
    EXPECT_EQ(e.outcome, f.outcome);
    EXPECT_EQ(e.value, f.value);
    // The same winning moves, as sets of rows (the user's moves list mirror
    // images of a split separately; the built-in code lists each once).
    std::set<std::pair<std::vector<int>, Heap>> user_moves, builtin_moves;
    for (const Move& m : e.winning_moves.items) {
      const auto parts = user_sum.decode(m.after(user_sum.encode({user->encode(rows), {h}})));
      user_moves.insert({Rows{}.canonical(user->decode(parts[0])), parts[1][0]});
    }
    for (const Move& m : f.winning_moves.items) {
      const auto parts = builtin_sum.decode(m.after(Compound::encode({heaps, {h}})));
      std::vector<int> rest(parts[0].begin(), parts[0].end());
      builtin_moves.insert({Rows{}.canonical(rest), parts[1][0]});
    }
    EXPECT_EQ(user_moves, builtin_moves);
  }
}

TEST(UserRuleset, UserGameWithCyclesMatchesTokensOnTheSameGraph) {
  std::mt19937_64 rng(kSeed);
  int draws = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const TokenGames games = random_token_games(rng);
    const int n = games.n;
    const auto& user = games.user;
    const auto& tokens = games.tokens;
    const int a = static_cast<int>(rng() % n), b = static_cast<int>(rng() % n);
    SCOPED_TRACE(::testing::Message() << "seed " << kSeed << " trial " << trial);
    for (const Convention convention : {Convention::normal, Convention::misere}) {
      AnalysisOptions options;
      options.convention = convention;
      const Outcome mine = analyze(*user, user->encode(a), options).outcome;
      EXPECT_EQ(mine, analyze(*tokens, {static_cast<Heap>(a)}, options).outcome);
      draws += mine == Outcome::D;
    }
    const Compound user_every({user, user}, CompoundKind::every);
    const Compound token_every({tokens, tokens}, CompoundKind::every);
    EXPECT_EQ(analyze_every(user_every, Compound::encode({user->encode(a), user->encode(b)}), kLimit)
                  .outcome,
              analyze_every(token_every,
                            Compound::encode({{static_cast<Heap>(a)}, {static_cast<Heap>(b)}}), kLimit)
                  .outcome);
  }
  EXPECT_GT(draws, 5);
}

// In a sum with a Nim heap (normal play) the user game's γ comes from its
// explored graph (src/solve/analysis/valuation.cpp), the token's from GraphTokens'
// graph: the same values and outcomes.
TEST(UserRuleset, SumsOfAUserGameWithCyclesMatchTokensOnTheSameGraph) {
  std::mt19937_64 rng(kSeed + 1);
  const std::shared_ptr<const Ruleset> nim = parse_ruleset("nim");
  int infinite = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const TokenGames games = random_token_games(rng);
    const int n = games.n;
    const auto& user = games.user;
    const auto& tokens = games.tokens;
    const Compound user_sum({user, nim}, CompoundKind::disjunctive);
    const Compound token_sum({tokens, nim}, CompoundKind::disjunctive);
    for (int a = 0; a < n; ++a) {
      const Heap h = rng() % 4;
      SCOPED_TRACE(::testing::Message() << "seed " << kSeed + 1 << " trial " << trial << " vertex "
                                        << a << " heap " << h);
      const Analysis mine = analyze(user_sum, Compound::encode({user->encode(a), {h}}));
      const Analysis theirs =
          analyze(token_sum, Compound::encode({{static_cast<Heap>(a)}, {h}}));
      EXPECT_EQ(mine.outcome, theirs.outcome);
      EXPECT_EQ(mine.value, theirs.value);
      EXPECT_EQ(mine.winning_move_count, theirs.winning_move_count);
      infinite += !mine.value.has_value();
    }
  }
  EXPECT_GT(infinite, 5);
}

// A game that describes its positions is shown by that text (a front end
// such as Python's names positions so); one without, by number.
struct Countdown {
  using position = int;
  std::vector<int> moves(int n) const {
    std::vector<int> out;
    for (int k = 1; k <= 2 && k <= n; ++k) out.push_back(n - k);
    return out;
  }
  std::string describe(int n) const { return "countdown(" + std::to_string(n) + ")"; }
};

// With a move type, describe() names moves (here of the position's type):
// positions are then shown by number.
struct TakeOneOrTwo {
  using position = int;
  using move = int;
  std::vector<int> legal_moves(int n) const {
    std::vector<int> takes;
    for (int t = 1; t <= 2 && t <= n; ++t) takes.push_back(t);
    return takes;
  }
  int play(int n, int take) const { return n - take; }
  std::string describe(int take) const { return "take " + std::to_string(take); }
};

TEST(UserRuleset, ShowsPositionsByTheGamesOwnText) {
  const UserRuleset<Countdown> described(Countdown{}, "countdown", false);
  const UserRuleset<Token> numbered(Token{{{}}}, "token");
  const Position five = described.encode(5), three = described.encode(3);
  EXPECT_EQ(described.show(five), "countdown(5)");
  EXPECT_EQ(described.describe_move(five, three), "countdown(5) to countdown(3)");
  EXPECT_EQ(numbered.show(numbered.encode(0)), "#0");
  const UserRuleset<TakeOneOrTwo> moves_named(TakeOneOrTwo{}, "take", false);
  EXPECT_EQ(moves_named.show(moves_named.encode(4)), "#0");
}

}  // namespace
}  // namespace grundy::user_ruleset_test
