// The rules of a user-defined impartial game as C++ sees them: the `Game`
// concept, its optional hooks (primitive positions, a canonical form,
// components, moves as moves), the compile-time check that a hook which is
// present has the signature the solvers call, and `detail::Rules`, the one
// place that calls the hooks for GameSolver (user_game.h) and UserRuleset
// (user_ruleset.h). docs/user-games.md documents every hook with examples.
//
// Description: a model G of `Game` is a copyable object (its run-time
//   parameters, by value) with
//     typename G::position                      copyable, ==, hashable
//   and its moves in one of three forms:
//     std::vector<position> moves(const position&) const
//     void moves(const position&, Visit&& visit) const     (a template)
//         calling visit(option) for each option; visit returns false once
//         the solver needs no more, after which further calls are ignored;
//         visit(a, b, ...) gives an option that is the sum of the parts
//         a, b, ... (Grundy values and normal-play outcomes only)
//     typename G::move, std::vector<move> legal_moves(const position&) const
//         and position play(const position&, const move&) const
//   Optional hooks: hash(p) when std::hash<position> is absent; canonical(p)
//   (positions with the same canonical form are the same game);
//   components(p) (the position as a disjunctive sum of parts);
//   primitive(p) (Primitive::win / lose / tie when the rules fix the result
//   for the player to move, else Primitive::undecided; the moves of such a
//   position are never asked); describe(m) (a move's text, for
//   winning_plays). A hook is found by its name: a member with the name but
//   another signature (a non-const member, a parameter by non-const
//   reference, a wrong return type) would silently not be called, so it is
//   a compile-time error naming the hook (check_hooks).
// Source: primitive positions as in GAMESMAN's module API (D. Garcia,
//   GamesCrafters, UC Berkeley: Primitive, GenerateMoves, DoMove); the rest
//   docs/theory.md §1 (options, sums).
// Time, memory: nothing beyond the user's hooks.
// Status: tests/stress/user_game_test.cpp (every form of moves, every hook);
//   tests/compile_fail/ (each wrong hook signature fails to compile with its
//   message, CTest compile_fail.*).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "grundy/core/error.h"

namespace grundy {

// The result the rules fix for the player to move (GAMESMAN's primitive
// values), or undecided: play goes on by the moves.
enum class Primitive : std::uint8_t { undecided, win, lose, tie };

namespace detail {

template <class G>
concept GameHasOwnHash = requires(const G& game, const typename G::position& p) {
  { game.hash(p) } -> std::convertible_to<std::size_t>;
};

template <class T>
concept StdHashable = requires(const T& value) {
  { std::hash<T>{}(value) } -> std::convertible_to<std::size_t>;
};

// What a visitor form of moves is called with: something callable on an
// option, returning whether to go on.
template <class Position>
struct OptionSink {
  template <class... Parts>
  bool operator()(const Parts&...) const;
};

template <class G>
concept MovesAsVector = requires(const G& game, const typename G::position& p) {
  { game.moves(p) } -> std::same_as<std::vector<typename G::position>>;
};

template <class G>
concept MovesAsVisitor =
    requires(const G& game, const typename G::position& p, OptionSink<typename G::position>& sink) {
      game.moves(p, sink);
    };

template <class G>
concept MovesAsMoveType = requires { typename G::move; } && std::copyable<typename G::move> &&
    requires(const G& game, const typename G::position& p, const typename G::move& m) {
      { game.legal_moves(p) } -> std::same_as<std::vector<typename G::move>>;
      { game.play(p, m) } -> std::convertible_to<typename G::position>;
    };

}  // namespace detail

// The rules of an impartial game (see the comment at the top of this file).
template <class G>
concept Game =
    std::copy_constructible<G> && requires { typename G::position; } &&
    std::copyable<typename G::position> && std::equality_comparable<typename G::position> &&
    (detail::GameHasOwnHash<G> || detail::StdHashable<typename G::position>) &&
    (detail::MovesAsVector<G> || detail::MovesAsVisitor<G> || detail::MovesAsMoveType<G>);

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

// A game with primitive positions: results the rules fix without "no move left".
template <class G>
concept GameWithPrimitive = Game<G> && requires(const G& game, const typename G::position& p) {
  { game.primitive(p) } -> std::same_as<Primitive>;
};

// A game whose moves are values of their own type (G::move), played by play().
template <class G>
concept GameWithMoveType = Game<G> && detail::MovesAsMoveType<G>;

namespace detail {

// The hooks a type declares by name (a member function that is not a
// template or overloaded: those are taken at their word and checked by use).
template <class G> concept NamesComponents = requires { &G::components; };
template <class G> concept NamesCanonical = requires { &G::canonical; };
template <class G> concept NamesPrimitive = requires { &G::primitive; };
template <class G> concept NamesHash = requires { &G::hash; };
template <class G> concept NamesLegalMoves = requires { &G::legal_moves; };
template <class G> concept NamesDescribe = requires { &G::describe; };

template <class G>
concept DescribesMoves = GameWithMoveType<G> && requires(const G& game, const typename G::move& m) {
  { game.describe(m) } -> std::convertible_to<std::string>;
};
template <class G>
concept DescribesOptions = requires(const G& game, const typename G::position& p) {
  { game.describe(p) } -> std::convertible_to<std::string>;
};

// Fails to compile, naming the hook, when G declares a hook the solvers
// would not call as it is declared.
template <class G>
constexpr bool check_hooks() {
  static_assert(!NamesComponents<G> || GameWithComponents<G>,
                "grundy: G::components is declared but cannot be called as "
                "`std::vector<position> components(const position&) const`, so it would be "
                "ignored: make it a const member taking the position by value or by const "
                "reference and returning std::vector<position>");
  static_assert(!NamesCanonical<G> || GameWithCanonical<G>,
                "grundy: G::canonical is declared but cannot be called as "
                "`position canonical(const position&) const`, so it would be ignored: make it "
                "a const (or static) member taking the position by value or by const reference");
  static_assert(!NamesPrimitive<G> || GameWithPrimitive<G>,
                "grundy: G::primitive is declared but cannot be called as "
                "`grundy::Primitive primitive(const position&) const`, so it would be ignored: "
                "make it a const (or static) member taking the position by value or by const "
                "reference and returning grundy::Primitive");
  static_assert(!NamesHash<G> || GameHasOwnHash<G>,
                "grundy: G::hash is declared but cannot be called as "
                "`std::size_t hash(const position&) const`, so it would be ignored: make it a "
                "const (or static) member taking the position by value or by const reference");
  static_assert(!NamesLegalMoves<G> || MovesAsMoveType<G>,
                "grundy: G::legal_moves is declared but G is not a game with a move type: it "
                "needs `using move = ...`, `std::vector<move> legal_moves(const position&) "
                "const` and `position play(const position&, const move&) const`");
  static_assert(!NamesDescribe<G> || DescribesMoves<G> || DescribesOptions<G>,
                "grundy: G::describe is declared but cannot be called as "
                "`std::string describe(const move&) const` (or, without a move type, "
                "`describe(const position&) const`), so it would be ignored");
  return true;
}

// The hooks, called the one way the solvers need them.
template <class G>
class Rules {
 public:
  using position = typename G::position;
  static_assert(check_hooks<G>());

  explicit Rules(G game) : game_(std::move(game)) {}

  const G& game() const { return game_; }
  G& game() { return game_; }

  std::size_t hash(const position& p) const {
    if constexpr (GameHasOwnHash<G>)
      return static_cast<std::size_t>(game_.hash(p));
    else
      return std::hash<position>{}(p);
  }
  position key(const position& p) const {
    if constexpr (GameWithCanonical<G>)
      return game_.canonical(p);
    else
      return p;
  }
  Primitive primitive(const position& p) const {
    if constexpr (GameWithPrimitive<G>)
      return game_.primitive(p);
    else
      return Primitive::undecided;
  }
  // Calls split_visit(part) for each component of p (p itself without the hook).
  std::vector<position> split(const position& p) const {
    if constexpr (GameWithComponents<G>)
      return game_.components(p);
    else
      return {p};
  }

  // Calls visit(parts, count) for each option of p, in the rules' order,
  // until visit returns false: the option is the sum of parts[0..count)
  // (count is 1 unless the rules' visitor was called with several parts).
  // Throws LimitError past `option_limit` options, before more are made
  // when the rules list them lazily. Returns the number of options visited.
  template <class Visit, class LimitMessage>
  std::uint64_t for_each_option_parts(const position& p, std::uint64_t option_limit, Visit&& visit,
                                      LimitMessage&& limit_message) const {
    std::uint64_t count = 0;
    if constexpr (MovesAsVector<G>) {
      const std::vector<position> options = game_.moves(p);
      if (options.size() > option_limit) throw LimitError(limit_message());
      for (const position& option : options) {
        ++count;
        if (!visit(&option, std::size_t{1})) break;
      }
    } else if constexpr (MovesAsVisitor<G>) {
      bool stopped = false;
      game_.moves(p, [&](const auto&... parts) -> bool {
        static_assert(sizeof...(parts) >= 1, "grundy: a move's visitor is called with its option");
        if (stopped) return false;
        if (count == option_limit) throw LimitError(limit_message());
        ++count;
        if constexpr (sizeof...(parts) == 1 &&
                      (std::is_same_v<std::remove_cvref_t<decltype(parts)>, position> && ...)) {
          stopped = !visit(&parts..., std::size_t{1});
        } else {
          const position sum[] = {static_cast<position>(parts)...};
          stopped = !visit(static_cast<const position*>(sum), sizeof...(parts));
        }
        return !stopped;
      });
    } else {
      const std::vector<typename G::move> legal = game_.legal_moves(p);
      if (legal.size() > option_limit) throw LimitError(limit_message());
      for (const auto& m : legal) {
        ++count;
        const position option = game_.play(p, m);
        if (!visit(&option, std::size_t{1})) break;
      }
    }
    return count;
  }

  // The same for options that are whole positions: visit(option). An option
  // given as a sum of parts is refused (InputError): only values add parts.
  template <class Visit, class LimitMessage>
  std::uint64_t for_each_option(const position& p, std::uint64_t option_limit, Visit&& visit,
                                LimitMessage&& limit_message) const {
    return for_each_option_parts(
        p, option_limit,
        [&](const position* parts, std::size_t count) {
          if (count != 1) throw_sum_option();
          return visit(parts[0]);
        },
        limit_message);
  }

  [[noreturn]] static void throw_sum_option() {
    throw InputError("moves",
                     "user game: an option given as a sum of parts (visit(a, b, ...)) has no "
                     "whole position: only Grundy values and normal-play outcomes add parts; "
                     "list whole options (and components()) for this question");
  }

  // The moves of p with their options: visit(move, option), where a move is
  // the option itself for games without a move type.
  template <class Visit>
  void for_each_move(const position& p, Visit&& visit) const {
    if constexpr (MovesAsMoveType<G>) {
      for (const auto& m : game_.legal_moves(p)) visit(m, static_cast<position>(game_.play(p, m)));
    } else if constexpr (MovesAsVector<G>) {
      for (const position& option : game_.moves(p)) visit(option, option);
    } else {
      game_.moves(p, [&](const auto&... parts) -> bool {
        if constexpr (sizeof...(parts) != 1) {
          throw_sum_option();
        } else {
          const position option{parts...};
          visit(option, option);
        }
        return true;
      });
    }
  }

  // A move's text: G::describe when the game has it, a number's decimal
  // digits, else empty.
  template <class Move>
  std::string describe(const Move& m) const {
    if constexpr (requires { { game_.describe(m) } -> std::convertible_to<std::string>; })
      return game_.describe(m);
    else if constexpr (std::is_arithmetic_v<Move>)
      return std::to_string(m);
    else
      return {};
  }

 private:
  G game_;
};

}  // namespace detail
}  // namespace grundy
