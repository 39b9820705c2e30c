// A user-defined game (user_game.h) as a Ruleset, so that every solver and
// convention of the library runs on it: misère search, Every-SG and the
// conjunctive compound (compound_analysis.h), remoteness, retrograde analysis
// of games with cycles, sums with built-in games (rules/compound.h).
//
// Description: positions of the user's game are numbered as they are met;
//   the Ruleset position of a user position is the one number {id}. Options
//   are the user's moves, numbered; canonical() numbers the user's canonical
//   form when the game has one. A user game cannot say in advance whether
//   play can return to a position, so has_cycles() is what the caller
//   declares: true (the default) sends every analysis to the exact
//   retrograde method (retrograde.h), which handles games with and without
//   cycles; false lets the recursive searches run (suspense numbers,
//   memoised search), which never end on a game that does have a cycle.
//   A position is shown by the game's describe(position) when it has one
//   (without a move type), else as "#id", its number.
// Source: docs/architecture.md (one engine for every game: the Ruleset interface).
// Time: one hash look-up per position met (plus the user's moves).
// Memory: every position met, once, for the ruleset's lifetime.
// Status: tests/stress/user_ruleset_test.cpp: a user Kayles against the
//   built-in 0.77 in misère play, Every-SG and conjunctive compounds; a user
//   game with cycles against tokens on the same graph (GraphTokens).
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/ruleset.h"
#include "grundy/solve/user_game.h"

namespace grundy {

template <class G>
class UserRuleset final : public Ruleset {
  static_assert(detail::check_game<G>());

 public:
  using position = typename G::position;

  // A Ruleset has no primitive positions: a game whose rules fix results
  // is solved by GameSolver.
  static_assert(!GameWithPrimitive<G>,
                "grundy: UserRuleset cannot express primitive positions (G::primitive); "
                "solve such a game with GameSolver");

  UserRuleset(G game, std::string name, bool has_cycles = true)
      : rules_(std::move(game)), name_(std::move(name)), cycles_(has_cycles) {}
  // The hash table refers to rules_: not copyable or movable.
  UserRuleset(const UserRuleset&) = delete;
  UserRuleset& operator=(const UserRuleset&) = delete;

  // The Ruleset position of a user position, and back.
  Position encode(const position& p) const { return {intern(p)}; }
  const position& decode(const Position& p) const {
    check_position(p);
    return positions_[p[0]];
  }

  // The game's rules, as given.
  const G& game() const { return rules_.game(); }

  std::string name() const override { return name_; }
  void check_position(const Position& p) const override {
    if (p.size() != 1 || p[0] >= positions_.size())
      throw InputError(Ruleset::show(p), fmt::format("not a position of {}", name_));
  }
  void for_each_option(const Position& p,
                       const std::function<bool(const Position&)>& visit) const override {
    std::vector<position> options;
    rules_.for_each_option(
        decode(p), UINT64_MAX,
        [&](const position& option) {
          options.push_back(option);
          return true;
        },
        [] { return std::string(); });
    std::vector<Heap> seen;
    for (const position& option : options) {
      const Heap id = intern(option);
      // The interface visits equal options once.
      if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
      seen.push_back(id);
      if (!visit({id})) return;
    }
  }
  std::string describe_move(const Position& before, const Position& after) const override {
    if constexpr (kShowsPositions)
      return fmt::format("{} to {}", show(before), show(after));
    else
      return fmt::format("move from position #{} to position #{}", before.at(0), after.at(0));
  }
  Position canonical(const Position& p) const override {
    if constexpr (GameWithCanonical<G>)
      return {intern(rules_.key(decode(p)))};
    else
      return p;
  }
  // The game's own text of a position (G::describe(position), when it has
  // one: a front end such as Python's shows its positions so), else "#id".
  std::string show(const Position& p) const override {
    if constexpr (kShowsPositions)
      return rules_.game().describe(decode(p));
    else
      return fmt::format("#{}", p.at(0));
  }
  bool has_cycles() const override { return cycles_; }

 private:
  struct Hash {
    const detail::Rules<G>* rules;
    std::size_t operator()(const position& p) const { return rules->hash(p); }
  };

  Heap intern(const position& p) const {
    auto [it, fresh] = ids_.try_emplace(p, positions_.size());
    if (fresh) positions_.push_back(p);
    return it->second;
  }

  // describe() names positions only in a game without a move type: with
  // one, it names moves (which may have the position's type, an int).
  static constexpr bool kShowsPositions = detail::DescribesOptions<G> && !GameWithMoveType<G>;

  detail::Rules<G> rules_;
  std::string name_;
  bool cycles_;
  mutable std::vector<position> positions_;
  mutable std::unordered_map<position, Heap, Hash> ids_{16, Hash{&rules_}};
};

}  // namespace grundy
