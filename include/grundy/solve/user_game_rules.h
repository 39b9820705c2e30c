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
//         a, b, ..., and visit(parts) with a container of positions (or
//         visit({a, b, ...})) one of a number of parts known only at run
//         time (Grundy values and normal-play outcomes only)
//     typename G::move, std::vector<move> legal_moves(const position&) const
//         and position play(const position&, const move&) const
//   Optional hooks: hash(p) when std::hash<position> is absent; canonical(p)
//   (positions with the same canonical form are the same game);
//   components(p) (the position as a disjunctive sum of parts);
//   primitive(p) (Primitive::game_won / game_lost / game_tied when the rules
//   end the whole game at p, Primitive::no_move when p only has no move
//   left, else Primitive::undecided; the moves of a position whose game
//   ended are never asked, those of a no_move position are, once, to check
//   the claim); describe(m) (a move's text, for
//   winning_plays). A hook is found by its name: a member with the name but
//   another signature (a non-const member, a parameter by non-const
//   reference, a wrong return type) would silently not be called, so it is
//   a compile-time error naming the hook (check_hooks); a type that is not a
//   Game gets one message saying why, by the form of moves it tried
//   (check_game).
// Source: primitive positions as in GAMESMAN's module API (D. Garcia,
//   GamesCrafters, UC Berkeley: Primitive, GenerateMoves, DoMove); the rest
//   docs/theory.md §1 (options, sums).
// Time, memory: nothing beyond the user's hooks.
// Status: tests/stress/user_game_test.cpp (every form of moves, every hook);
//   tests/compile_fail/wrong_hooks.cpp (one game per message: each wrong
//   hook or form of moves fails to compile with its message, CTest
//   compile_fail.*).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "grundy/core/error.h"

namespace grundy {

// What the rules fix at a position before any move is looked at (GAMESMAN's
// primitive values, with the one distinction a sum needs):
//   undecided   play goes on by the moves;
//   no_move     this position has no move left and nothing else is fixed:
//               exactly as if moves() listed nothing (lost for the player to
//               move in normal play, won in misère play, Grundy value 0, a
//               zero in a sum: a full box, an empty row). The solver checks
//               the claim: moves() listing an option here is an error;
//   game_won, game_lost, game_tied
//               the rules end the WHOLE game here with this result for the
//               player to move ("whoever cuts off a 1x1 piece wins" is
//               game_lost for a position with such a piece); in a sum of
//               components (components(), visit(a, b)) such a component
//               ends the sum, whatever the other components are.
// win, lose and tie are the earlier names of game_won, game_lost and
// game_tied, kept for old programs with a warning: `lose` was often written
// for a component with no move left, which makes a whole sum lost.
enum class Primitive : std::uint8_t {
  undecided,
  game_won,
  game_lost,
  game_tied,
  no_move,
  win [[deprecated("Primitive::win ends the whole game: write Primitive::game_won")]] = game_won,
  lose [[deprecated("Primitive::lose ends the whole game, a sum included: write "
                    "Primitive::game_lost for that, or Primitive::no_move for a position "
                    "(a component) that only has no move left")]] = game_lost,
  tie [[deprecated("Primitive::tie ends the whole game: write Primitive::game_tied")]] =
      game_tied,
};

namespace detail {

// Whether the game is over by the rules (won, lost or tied for the player
// to move); a no_move position is not: it is an ordinary position without
// options.
constexpr bool ends_game(Primitive p) {
  return p == Primitive::game_won || p == Primitive::game_lost || p == Primitive::game_tied;
}

template <class G>
concept GameHasOwnHash = requires(const G& game, const typename G::position& p) {
  { game.hash(p) } -> std::convertible_to<std::size_t>;
};

template <class T>
concept StdHashable = requires(const T& value) {
  { std::hash<T>{}(value) } -> std::convertible_to<std::size_t>;
};

template <class>
inline constexpr bool kAlwaysFalse = false;

// A contiguous container of positions (std::vector<position>,
// std::array, std::span<const position>): one argument of visit() that
// gives a sum of a run-time number of parts.
template <class List, class Position>
concept PositionList = !std::is_same_v<List, Position> && requires(const List& list) {
  { list.data() } -> std::convertible_to<const Position*>;
  { list.size() } -> std::convertible_to<std::size_t>;
};

// What the visitor form of moves is called with. visit(option) gives one
// option; visit(a, b, ...) an option that is the sum of the parts a, b,
// ...; visit({a, b, ...}) and visit(parts) with a container of positions
// (a std::vector, say) the same for a number of parts known only at run
// time. Each call passes the parts to `sink(const Position* parts,
// std::size_t count)` and returns what it returns: whether to go on.
template <class Position, class Sink>
class OptionVisitor {
 public:
  explicit OptionVisitor(Sink& sink) : sink_(&sink) {}

  template <class... Parts>
  bool operator()(const Parts&... parts) const {
    static_assert(sizeof...(Parts) >= 1,
                  "grundy: visit() needs the option: visit(option), visit(a, b, ...) for a "
                  "sum of parts, or visit(parts) with a std::vector of positions");
    if constexpr (sizeof...(Parts) == 1 && (std::is_same_v<Parts, Position> && ...)) {
      return (*sink_)(&parts..., std::size_t{1});
    } else if constexpr (sizeof...(Parts) == 1 && (PositionList<Parts, Position> && ...)) {
      return call_list(parts...);
    } else if constexpr (!(std::is_convertible_v<const Parts&, Position> && ...)) {
      static_assert(kAlwaysFalse<Position>,
                    "grundy: each argument of visit() must be a position (a part of the "
                    "option), or its one argument a container of positions (a sum of a "
                    "run-time number of parts)");
      return false;
    } else {
      const Position sum[] = {static_cast<Position>(parts)...};
      return (*sink_)(static_cast<const Position*>(sum), sizeof...(Parts));
    }
  }
  bool operator()(std::initializer_list<Position> parts) const {
    return (*sink_)(parts.begin(), parts.size());
  }

 private:
  template <class List>
  bool call_list(const List& list) const {
    return (*sink_)(static_cast<const Position*>(list.data()), static_cast<std::size_t>(list.size()));
  }
  Sink* sink_;
};

// The visitor the concept below tries moves with.
struct AnySink {
  template <class Position>
  bool operator()(const Position*, std::size_t) const;
};
template <class Position>
using OptionSink = OptionVisitor<Position, AnySink>;

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

// A member of G named `moves` (`legal_moves`, `play`), whatever its kind
// (a template or an overload set too): in a class derived from G and from
// one with a member of that name, the name is then ambiguous.
struct MovesName { int moves; };
struct LegalMovesName { int legal_moves; };
struct PlayName { int play; };
template <class G, class Name> struct NameProbe : G, Name {};
template <class G>
concept Derivable = std::is_class_v<G> && !std::is_final_v<G>;
template <class G>
concept HasMovesMember = Derivable<G> && !requires { &NameProbe<G, MovesName>::moves; };
template <class G>
concept HasLegalMovesMember =
    Derivable<G> && !requires { &NameProbe<G, LegalMovesName>::legal_moves; };
template <class G>
concept HasPlayMember = Derivable<G> && !requires { &NameProbe<G, PlayName>::play; };

// Fails to compile with one message saying what is wrong when G is not a
// Game: the concept alone only says that no form of moves fits. Each form
// G seems to have tried (by the names it declares) gets its own message.
// Returns true (the assertions inside are the check), so that a caller's
// static_assert adds no second message.
template <class G>
constexpr bool check_game() {
  if constexpr (!requires { typename G::position; }) {
    static_assert(kAlwaysFalse<G>,
                  "grundy: a game needs `using position = ...;`, the type of its positions");
    return true;
  } else {
    using P = typename G::position;
    static_assert(std::copy_constructible<G>,
                  "grundy: the game type must be copyable: keep run-time parameters by value "
                  "(or a pointer to shared data)");
    static_assert(std::copyable<P>, "grundy: G::position must be copyable");
    static_assert(std::equality_comparable<P>,
                  "grundy: G::position needs ==: the memo table compares positions");
    static_assert(GameHasOwnHash<G> || StdHashable<P>,
                  "grundy: G::position has no std::hash: give the game "
                  "`std::size_t hash(const position&) const` (or specialise std::hash)");
    if constexpr (MovesAsVector<G> || MovesAsVisitor<G> || MovesAsMoveType<G>) {
      return true;
    } else if constexpr (HasMovesMember<G>) {
      using V = OptionSink<P>;
      if constexpr (requires(const G& g, const P& p) { g.moves(p); }) {
        static_assert(kAlwaysFalse<G>,
                      "grundy: G::moves(p) was taken for the vector form of moves (one "
                      "argument), but it does not return std::vector<position>: return exactly "
                      "std::vector<G::position> (a vector of another type is not converted)");
      } else if constexpr (requires(G& g, const P& p) { g.moves(p); } ||
                           requires(G& g, const P& p, V& v) { g.moves(p, v); }) {
        static_assert(kAlwaysFalse<G>,
                      "grundy: G::moves is not a const member function: the solver holds the "
                      "rules as const; write `const` after its parameter list");
      } else if constexpr (requires(const G& g, P& p) { g.moves(p); } ||
                           requires(const G& g, P& p, V& v) { g.moves(p, v); }) {
        static_assert(kAlwaysFalse<G>,
                      "grundy: G::moves takes the position by non-const reference: take it by "
                      "value or by const reference");
      } else {
        static_assert(kAlwaysFalse<G>,
                      "grundy: G::moves fits neither form: the vector form is "
                      "`std::vector<position> moves(const position&) const`; the visitor form "
                      "is `template <class Visit> void moves(const position& p, Visit&& visit) "
                      "const`, calling visit(option) (a visitor taken by value or as "
                      "std::function<bool(position)> does not fit either)");
      }
      return true;
    } else if constexpr (HasLegalMovesMember<G> || HasPlayMember<G> ||
                         requires { typename G::move; }) {
      static_assert(requires { typename G::move; },
                    "grundy: moves as moves need `using move = ...;` beside legal_moves and "
                    "play");
      if constexpr (requires { typename G::move; }) {
        using M = typename G::move;
        static_assert(std::copyable<M>, "grundy: G::move must be copyable");
        static_assert(requires(const G& g, const P& p) {
                        { g.legal_moves(p) } -> std::same_as<std::vector<M>>;
                      },
                      "grundy: moves as moves need `std::vector<move> legal_moves(const "
                      "position&) const` returning exactly std::vector<G::move>");
        static_assert(requires(const G& g, const P& p, const M& m) {
                        { g.play(p, m) } -> std::convertible_to<P>;
                      },
                      "grundy: moves as moves need `position play(const position&, const "
                      "move&) const`, the position after the move");
      }
      return true;
    } else {
      static_assert(kAlwaysFalse<G>,
                    "grundy: G has no moves: declare `std::vector<position> moves(const "
                    "position&) const`, the visitor form `template <class Visit> void "
                    "moves(const position&, Visit&& visit) const`, or moves as moves (`using "
                    "move`, legal_moves and play); docs/user-games.md");
      return true;
    }
  }
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
  // The rules' primitive result of p; a no_move claim is checked against
  // the moves (InputError when they list an option: the hooks contradict
  // each other, and either answer could be wrong).
  Primitive primitive(const position& p) const {
    if constexpr (GameWithPrimitive<G>) {
      const Primitive fixed = game_.primitive(p);
      if (fixed == Primitive::no_move) check_no_move(p);
      return fixed;
    } else {
      return Primitive::undecided;
    }
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
  // when the rules list them lazily; rules that list them all at once (a
  // vector of options or of moves) are first shown to check_listed(size),
  // which may refuse them too, and a std::bad_alloc while they make the
  // list is a LimitError saying so. Returns the number of options visited.
  struct NoListCheck {
    void operator()(std::uint64_t) const {}
  };
  template <class Visit, class LimitMessage, class CheckListed = NoListCheck>
  std::uint64_t for_each_option_parts(const position& p, std::uint64_t option_limit, Visit&& visit,
                                      LimitMessage&& limit_message,
                                      CheckListed&& check_listed = {}) const {
    std::uint64_t count = 0;
    if constexpr (MovesAsVector<G>) {
      const std::vector<position> options = listed([&] { return game_.moves(p); });
      if (options.size() > option_limit) throw LimitError(limit_message());
      check_listed(options.size());
      for (const position& option : options) {
        ++count;
        if (!visit(&option, std::size_t{1})) break;
      }
    } else if constexpr (MovesAsVisitor<G>) {
      bool stopped = false;
      auto sink = [&](const position* parts, std::size_t parts_count) -> bool {
        if (stopped) return false;
        if (count == option_limit) throw LimitError(limit_message());
        ++count;
        stopped = !visit(parts, parts_count);
        return !stopped;
      };
      OptionVisitor<position, decltype(sink)> visitor(sink);
      game_.moves(p, visitor);
    } else if constexpr (MovesAsMoveType<G>) {
      const std::vector<typename G::move> legal = listed([&] { return game_.legal_moves(p); });
      if (legal.size() > option_limit) throw LimitError(limit_message());
      check_listed(legal.size());
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

  // The list the rules make at once; out of memory there is a refusal.
  template <class MakeList>
  static auto listed(MakeList&& make_list) {
    try {
      return make_list();
    } catch (const std::bad_alloc&) {
      throw LimitError(
          "user game: the memory ran out while moves() listed the options of one position "
          "at once; list them lazily (the visitor form, or moves as moves) so that the "
          "option and memory limits refuse before they are made");
    }
  }

  void check_no_move(const position& p) const {
    bool listed = false;
    if constexpr (MovesAsVector<G>) {
      listed = !game_.moves(p).empty();
    } else if constexpr (MovesAsVisitor<G>) {
      auto sink = [&](const position*, std::size_t) {
        listed = true;
        return false;
      };
      OptionVisitor<position, decltype(sink)> visitor(sink);
      game_.moves(p, visitor);
    } else if constexpr (MovesAsMoveType<G>) {
      listed = !game_.legal_moves(p).empty();
    }
    if (listed)
      throw InputError("primitive",
                       "user game: primitive() says a position has no move left "
                       "(Primitive::no_move), but moves() lists an option there: the two hooks "
                       "contradict each other");
  }

  [[noreturn]] static void throw_sum_option() {
    throw InputError("moves",
                     "user game: an option given as a sum of parts (visit(a, b, ...)) has no "
                     "whole position: only Grundy values and normal-play outcomes add parts; "
                     "list whole options (and components()) for this question");
  }

  // The moves of p with their options, one at a time: visit(move, option)
  // until it returns false, where a move is the option itself for games
  // without a move type. Throws LimitError past `option_limit` moves
  // (before a lazy listing makes more, and before a listed one is played).
  template <class Visit, class LimitMessage>
  void for_each_move(const position& p, std::uint64_t option_limit, Visit&& visit,
                     LimitMessage&& limit_message) const {
    if constexpr (MovesAsMoveType<G>) {
      const std::vector<typename G::move> legal = listed([&] { return game_.legal_moves(p); });
      if (legal.size() > option_limit) throw LimitError(limit_message());
      for (const auto& m : legal)
        if (!visit(m, static_cast<position>(game_.play(p, m)))) return;
    } else if constexpr (MovesAsVector<G>) {
      const std::vector<position> options = listed([&] { return game_.moves(p); });
      if (options.size() > option_limit) throw LimitError(limit_message());
      for (const position& option : options)
        if (!visit(option, option)) return;
    } else if constexpr (MovesAsVisitor<G>) {
      std::uint64_t count = 0;
      bool stopped = false;
      auto sink = [&](const position* parts, std::size_t parts_count) {
        if (stopped) return false;
        if (parts_count != 1) throw_sum_option();
        if (++count > option_limit) throw LimitError(limit_message());
        stopped = !visit(parts[0], parts[0]);
        return !stopped;
      };
      OptionVisitor<position, decltype(sink)> visitor(sink);
      game_.moves(p, visitor);
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
