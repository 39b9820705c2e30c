// User-defined impartial games: `GameSolver`, the memoised solver for any
// model of the `Game` concept (user_game_rules.h), with or without cycles,
// primitive positions and draws (docs/user-games.md has complete examples).
//
// Description: one transposition table (detail/position_table.h) keyed on
//   canonical positions holds, per position, a byte of search state (the
//   normal and misère verdicts, the state of its value) and a 32-bit value.
//   Each question computes only what it needs:
//   - outcome(p), a single game (no components, or misère play): the
//     win/loss/draw search with early cut-off (detail/outcome_search.h) on
//     whole positions: an option known lost decides at once, options are
//     generated lazily when the rules list them by a visitor or a move type,
//     and no Grundy value is computed;
//   - value(p), and outcome(p) in normal play for a game with components:
//     the Grundy value of each component by the memoised post-order search
//     (detail/search.h), G(x) = mex over the options of the nim-sum of the
//     option's components (Sprague-Grundy theorem), added by nim-sum
//     (Smith's sum rule when some are ∞);
//   - remoteness(p): the post-order search on whole positions, docs/theory.md §5.
//   A position the rules call no_move is an ordinary position without
//   options (its claim checked against moves()). Primitive positions that
//   end the game (game_won, game_lost, game_tied) fix the result for the
//   player to move, in every convention, and their moves are never asked.
//   In a sum, a component whose game ended ends the whole game: a sum with
//   a lost component is lost; one with a won component, or a component with an option that has a lost
//   component (an immediate win), is won; such components have no Grundy
//   value, and a player never moves into one of the latter (the opponent
//   would win at once), so the value of the others is the mex over the
//   options that do not (which is how contest solutions of "whoever makes a
//   1×1 piece wins" remove those cuts by hand). A tie in a component of a sum
//   is refused.
//   Cycles: a position met again on the current path makes a search give up
//   on its root (the outcome search only where no other option decides);
//   the game graph reachable from the root (canonical whole positions, at
//   most the position limit) is then built breadth-first (detail/explore.h)
//   and solved as a loopy game: γ (graph_values.h), and win/loss/draw with
//   remoteness by retrograde analysis (detail/retrograde_label.h), a
//   primitive position being a terminal position of the right outcome (or,
//   for a tie, a position whose one move is to itself). The normal-play
//   outcome read from γ is asserted equal to the retrograde one.
//   Limits: `GameLimits::positions` bounds the distinct positions stored
//   (whatever the order of the moves), `GameLimits::options` the options of
//   one position (refused before more are generated, for lazy rules), and
//   `GameLimits::bytes` the tables with what their keys own on the heap
//   (detail/owned_bytes.h) and the options the searches hold (a list of
//   options is refused before it grows past them), `GameLimits::visits` the
//   options looked at, a contest's time limit in work; each throws
//   LimitError naming the limit and how to raise it. winning_plays and
//   first_winning_play make moves one at a time under the same limits.
//   set_control() shows progress and stops a long query (Interrupted): the
//   stop flag is read at each listing of options and every kStopOptions
//   options within one.
// Source: docs/theory.md §1 (mex, Sprague-Grundy), §4 (misère), §5
//   (remoteness), §6 (γ: C. A. B. Smith, J. Combin. Theory 1 (1966);
//   Fraenkel & Yesha, JCTA 43 (1986)); retrograde analysis as in Winning
//   Ways ch. 11; primitive positions as in GAMESMAN (user_game_rules.h).
// Time: acyclic: O(options looked at × the cost of moves/canonical/hash):
//   every option of every reached position for values, only up to the first
//   lost option of a won position for outcomes. Loopy: O(V + E) to build,
//   O((γmax + 2)(V + E)) for γ, O(V + E) per retrograde pass.
// Memory: per stored position the key and about 13-21 bytes of table
//   (stats().bytes estimates the total), plus the options not yet searched
//   of the positions on one search path.
// Status: stress-tested (tests/stress/user_game_test.cpp) against
//   grundy::BruteForce on heap rulesets wrapped as user games (values,
//   outcomes, winning moves, component sums against whole positions), the
//   outcome search against the full value search, lazy moves against vector
//   moves, primitive positions against the same games spelt without them,
//   and random digraphs with cycles, ties and primitive positions against a
//   fixed-point labelling computed in the test; examples/ cross-check
//   against HeapValues.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/gamma.h"
#include "grundy/core/memory.h"
#include "grundy/core/nimber.h"
#include "grundy/core/outcome.h"
#include "grundy/core/types.h"
#include "grundy/rules/graph.h"
#include "grundy/solve/convention.h"
#include "grundy/solve/detail/explore.h"
#include "grundy/solve/detail/game_limit_error.h"
#include "grundy/solve/detail/loopy_solution.h"
#include "grundy/solve/detail/mobility_order.h"
#include "grundy/solve/detail/outcome_search.h"
#include "grundy/solve/detail/owned_bytes.h"
#include "grundy/solve/detail/position_table.h"
#include "grundy/solve/detail/retrograde_label.h"
#include "grundy/solve/detail/search.h"
#include "grundy/solve/graph_values.h"
#include "grundy/solve/search_control.h"
#include "grundy/solve/user_game_rules.h"

namespace grundy {

// What a GameSolver may hold; past either limit a query throws LimitError
// (and the solver stays usable for smaller queries).
struct GameLimits {
  // Distinct positions stored, over all queries until reset().
  std::uint64_t positions = 10'000'000;
  // Options of one position.
  std::uint64_t options = 10'000'000;
  // Bytes of the tables and of the positions they store and the searches
  // hold, what the positions own on the heap included (a vector's elements,
  // detail/owned_bytes.h); 0: default_memory_limit() (core/memory.h), three
  // quarters of the memory the process may use. A contest program sets its
  // problem's memory limit less what the rest of the program needs.
  std::uint64_t bytes = 0;
  // Options looked at (made by the rules and examined), over all queries
  // until reset(): the work a contest's time limit allows (a few hundred
  // million a second for cheap rules). 0: no limit.
  std::uint64_t visits = 0;
};

// What a GameSolver has done since it was made or reset.
struct GameStats {
  std::uint64_t positions_stored = 0;    // distinct positions in its tables
  std::uint64_t positions_expanded = 0;  // positions whose moves were generated
  std::uint64_t options_visited = 0;     // options generated and looked at
  std::uint64_t loopy_positions = 0;     // positions solved by the loopy analysis
  // Estimated bytes of its tables, with what the stored keys own on the
  // heap (detail/owned_bytes.h).
  std::uint64_t bytes = 0;
};

namespace detail {
template <class G, bool = MovesAsMoveType<G>>
struct MoveOf {
  using type = typename G::position;
};
template <class G>
struct MoveOf<G, true> {
  using type = typename G::move;
};
}  // namespace detail

template <class G>
class GameSolver {
  // The one message that says why G is not a Game (user_game_rules.h).
  static_assert(detail::check_game<G>());

 public:
  using position = typename G::position;
  // The game's move type, or for games without one the option moved to.
  using move = typename detail::MoveOf<G>::type;

  // A move with the position it leads to and its text (G::describe).
  struct Play {
    move how;
    position after;
    std::string text;
  };

  explicit GameSolver(G game, std::uint64_t position_limit = GameLimits{}.positions)
      : GameSolver(std::move(game), GameLimits{position_limit, GameLimits{}.options}) {}
  GameSolver(G game, GameLimits limits)
      : rules_(std::move(game)), limits_(limits), table_(Hasher{&rules_}),
        infinite_(0, Hasher{&rules_}), play_(0, Hasher{&rules_}) {
    // Grundy values and their special codes fit the table's 32 bits.
    limits_.options = std::min<std::uint64_t>(limits_.options, kAbsoluteWin - 1);
    if (limits_.bytes == 0) limits_.bytes = default_memory_limit();
    if (limits_.visits == 0) limits_.visits = UINT64_MAX;
  }
  // The tables hash through a pointer to rules_.
  GameSolver(const GameSolver&) = delete;
  GameSolver& operator=(const GameSolver&) = delete;

  const G& game() const { return rules_.game(); }

  // Progress reports and a stop flag for every query's search
  // (search_control.h): every kSearchTick positions stored it calls
  // control->progress (positions stored, the position limit) and, once
  // control->stop is set, throws Interrupted, which leaves the solver as a
  // LimitError does: usable, with nothing half-valued. nullptr: none.
  void set_control(const SearchControl* control) {
    ticker_ = detail::SearchTicker(control, "user game search", "game-positions");
  }

  // Forgets every result (and the statistics), keeping the table's memory
  // for the next queries; with `game`, the solver then plays those rules
  // (another run-time parameter, the next test case).
  void reset() {
    table_.clear();
    infinite_.clear();
    play_.clear();
    owned_bytes_ = 0;
    found_cycle_ = false;
    stats_ = {};
  }
  void reset(G game) {
    reset();
    if constexpr (std::is_copy_assignable_v<G> || std::is_move_assignable_v<G>) {
      rules_.game() = std::move(game);
    } else {
      std::destroy_at(&rules_);
      std::construct_at(&rules_, std::move(game));
    }
  }

  // γ of the position: its Grundy value when finite (always, in a game
  // without cycles), else ∞(K). Throws InputError when the rules fix the
  // result of a component (a primitive position, or one with an immediate
  // win): such a position has no value; ask outcome().
  GammaValue value(const position& p) {
    GammaValue total{true, 0, {}};
    for (const position& part : rules_.split(p)) {
      const ComponentValue v = component_value(rules_.key(part));
      if (v.fixed != Fixed::none)
        throw InputError("primitive",
                         "user game: the rules fix the result of a component of this position "
                         "(a primitive position, or one with a move to one), so it has no "
                         "Grundy value; ask outcome() instead");
      total = gamma_sum(total, v.gamma);
    }
    return total;
  }

  // The normal-play Grundy value; nullopt when γ is infinite (throws as value()).
  std::optional<Nimber> grundy_value(const position& p) {
    const GammaValue v = value(p);
    if (!v.finite) return std::nullopt;
    return v.value;
  }

  // P, N, or D (a draw: a cycle, or a tie the rules fix).
  Outcome outcome(const position& p, Convention convention = Convention::normal) {
    if constexpr (GameWithComponents<G>) {
      if (convention == Convention::normal) return sum_outcome(p);
    }
    return verdict_outcome(whole_verdict(rules_.key(p), convention));
  }

  // Every option (as the rules list them) that is a P-position under
  // `convention`: the winning moves. Empty when the position is not N, when
  // its result is primitive, and for a misère terminal position (won
  // without a move).
  std::vector<position> winning_moves(const position& p,
                                      Convention convention = Convention::normal) {
    std::vector<position> wins;
    for (Play& play : winning_plays(p, convention)) wins.push_back(std::move(play.after));
    return wins;
  }

  // The winning moves as moves: each with the position it leads to and its
  // text (G::describe(move) when the game has it). The moves are made one
  // at a time and only the winning ones kept; GameLimits::options bounds
  // the moves looked at (before they are made, for rules that list them
  // lazily), and every limit of outcome() holds for each.
  std::vector<Play> winning_plays(const position& p, Convention convention = Convention::normal) {
    std::vector<Play> wins;
    for_each_winning_play(p, convention, [&](Play&& play) {
      wins.push_back(std::move(play));
      return true;
    });
    return wins;
  }

  // The first winning move in the order the rules list them (list the
  // moves in the order the answer should prefer, e.g. the smallest take
  // first), without looking at the moves after it; nullopt when there is
  // none (as winning_plays).
  std::optional<Play> first_winning_play(const position& p,
                                         Convention convention = Convention::normal) {
    std::optional<Play> first;
    for_each_winning_play(p, convention, [&](Play&& play) {
      first = std::move(play);
      return false;
    });
    return first;
  }
  std::optional<position> first_winning_move(const position& p,
                                             Convention convention = Convention::normal) {
    std::optional<Play> play = first_winning_play(p, convention);
    if (!play) return std::nullopt;
    return std::move(play->after);
  }

  // Normal-play remoteness: moves to the end with the winner hurrying and the
  // loser delaying (odd iff N; 0 for a primitive loss, 1 for a primitive
  // win); nullopt for a draw.
  std::optional<std::uint64_t> remoteness(const position& p) {
    const position k = rules_.key(p);
    if (auto it = play_.find(k); it != play_.end() && it->second.done) return it->second.remoteness;
    if (rules_.primitive(k) == Primitive::game_tied ||
        normal_verdict_of(k) == detail::Verdict::drawn)
      return std::nullopt;
    return dropping_entries_on_failure([&]() -> std::optional<std::uint64_t> {
      if (!acyclic_remoteness(k)) solve_loopy(k);
      if (auto it = play_.find(k); it != play_.end()) return it->second.remoteness;
      return std::nullopt;
    });
  }

  // Whether some query had to be solved as a loopy game.
  bool found_cycle() const { return found_cycle_; }
  std::uint64_t positions_stored() const { return table_.size() + infinite_.size() + play_.size(); }
  std::uint64_t position_limit() const { return limits_.positions; }
  const GameLimits& limits() const { return limits_; }
  GameStats stats() const {
    GameStats s = stats_;
    s.positions_stored = positions_stored();
    // An unordered_map node: the pair, a next pointer and the cached hash;
    // plus a bucket pointer.
    const auto map_bytes = [](const auto& map, std::size_t pair_size) {
      return map.size() * (pair_size + 2 * sizeof(void*)) + map.bucket_count() * sizeof(void*);
    };
    s.bytes = table_.bytes() +
              map_bytes(infinite_, sizeof(typename decltype(infinite_)::value_type)) +
              map_bytes(play_, sizeof(typename decltype(play_)::value_type)) + owned_bytes_;
    return s;
  }

 private:
  using Verdict = detail::Verdict;

  struct Hasher {
    const detail::Rules<G>* rules;
    std::size_t operator()(const position& p) const { return rules->hash(p); }
  };
  using Table = detail::PositionTable<position, Hasher>;

  // The state byte of a table entry: the normal verdict in bits 0-2, the
  // misère one in bits 3-5, the value's state in bits 6-7.
  enum ValueState : std::uint8_t { value_unknown = 0, value_open = 1, value_known = 2, value_infinite = 3 };
  static constexpr unsigned kValueShift = 6;
  static unsigned verdict_shift(Convention c) { return c == Convention::normal ? 0 : 3; }
  // Special entries of the value array, for components whose result the
  // rules fix (a value is at most the number of options, below these).
  static constexpr std::uint32_t kAbsoluteWin = UINT32_MAX;
  static constexpr std::uint32_t kPrimitiveLost = UINT32_MAX - 1;

  enum class Fixed : std::uint8_t { none, won, lost };
  struct ComponentValue {
    GammaValue gamma;
    Fixed fixed = Fixed::none;
  };
  struct PlayEntry {
    std::uint64_t remoteness = 0;
    bool done = false;
  };

  Verdict verdict(std::uint32_t e, Convention c) const {
    return static_cast<Verdict>((table_.state(e) >> verdict_shift(c)) & 7U);
  }
  void set_verdict(std::uint32_t e, Convention c, Verdict v) {
    const unsigned shift = verdict_shift(c);
    std::uint8_t& s = table_.state(e);
    s = static_cast<std::uint8_t>((s & ~(7U << shift)) | (static_cast<unsigned>(v) << shift));
  }
  ValueState value_state(std::uint32_t e) const {
    return static_cast<ValueState>(table_.state(e) >> kValueShift);
  }
  void set_value_state(std::uint32_t e, ValueState v) {
    std::uint8_t& s = table_.state(e);
    s = static_cast<std::uint8_t>((s & 0x3FU) | (static_cast<unsigned>(v) << kValueShift));
  }

  // Calls found(Play) for each winning move of p in the rules' order until
  // it returns false.
  template <class Found>
  void for_each_winning_play(const position& p, Convention convention, Found&& found) {
    if (rules_.primitive(rules_.key(p)) != Primitive::undecided) return;
    rules_.for_each_move(
        p, limits_.options,
        [&](const move& m, const position& after) {
          check_stop();
          if (outcome(after, convention) != Outcome::P) return true;
          return found(Play{m, after, rules_.describe(m)});
        },
        [&] { return option_limit_error(); });
  }

  // The refusals at each of GameLimits, thrown as they are.
  // (Built in the library, once: detail/game_limit_error.h.)
  LimitError position_limit_error() const {
    return detail::game_limit_error(detail::GameLimit::positions, limits_.positions);
  }
  LimitError option_limit_error() const {
    return detail::game_limit_error(detail::GameLimit::options, limits_.options);
  }
  // The entry of canonical position k, stored now if it is new.
  std::uint32_t entry(const position& k) {
    const std::size_t h = table_.hash(k);
    if (const std::uint32_t e = table_.find(k, h); e != Table::kEmpty) return e;
    if (positions_stored() >= limits_.positions) throw LimitError(position_limit_error());
    charge_bytes(k);
    // Where the limit may stop a search, the control may too.
    ticker_.tick(positions_stored(), limits_.positions);
    return table_.insert(k, h);
  }
  // Counts what key k owns, about to be stored, and throws LimitError when
  // the tables, the stored keys and what the searches hold would pass
  // GameLimits::bytes.
  void charge_bytes(const position& k) {
    if constexpr (detail::kMayOwnBytes<position>) owned_bytes_ += detail::owned_bytes(k);
    if (held_bytes() > limits_.bytes) {
      if constexpr (detail::kMayOwnBytes<position>) owned_bytes_ -= detail::owned_bytes(k);
      throw LimitError(byte_limit_error());
    }
  }
  void release_bytes(const position& k) {
    if constexpr (detail::kMayOwnBytes<position>) owned_bytes_ -= detail::owned_bytes(k);
  }
  // An estimate of the bytes the solver holds: its table, the maps (a node
  // of key and value plus two pointers an entry), what the keys own, and the
  // options the search frames hold (by their size: most are the same keys).
  std::uint64_t held_bytes() const {
    constexpr std::uint64_t kNode = sizeof(position) + 4 * sizeof(void*);
    return table_.bytes() + (infinite_.size() + play_.size()) * kNode + owned_bytes_ +
           held_ * sizeof(position);
  }
  // Before a list of options held by a search grows (doubling its
  // capacity), whether the larger list fits GameLimits::bytes beside what
  // the solver holds: a position with millions of options is refused while
  // it is listed, not after the list took the memory.
  void reserve_listing(const std::vector<position>& list) {
    if (list.size() < list.capacity()) return;
    const std::uint64_t grown = std::max<std::uint64_t>(2 * list.capacity(), 16) * sizeof(position);
    if (held_bytes() + grown > limits_.bytes) throw LimitError(byte_limit_error());
  }
  LimitError visit_limit_error() const {
    return detail::game_limit_error(detail::GameLimit::visits, limits_.visits);
  }
  LimitError byte_limit_error() const {
    return detail::game_limit_error(detail::GameLimit::bytes, limits_.bytes);
  }
  // k's options, canonical, to visit(option) until it returns false.
  // The stop flag is read before each listing of options and every
  // kStopOptions options within one, so that a game whose moves are slow
  // to list stops within a few of them (kSearchTick stored positions can
  // be seconds apart there).
  static constexpr std::uint32_t kStopOptions = 64;
  void check_stop() { ticker_.check_stop(positions_stored(), limits_.positions); }
  template <class Visit>
  void for_each_option(const position& k, Visit&& visit) {
    for_each_option_parts(k, [&](const position* parts, std::size_t count) {
      if (count != 1) detail::Rules<G>::throw_sum_option();
      return visit(rules_.key(parts[0]));
    });
  }
  // k's options as sums of parts, to visit(parts, count).
  template <class Visit>
  void for_each_option_parts(const position& k, Visit&& visit) {
    ++stats_.positions_expanded;
    check_stop();
    std::uint32_t countdown = kStopOptions;
    // The visits left under GameLimits::visits, counted locally (a member
    // written on every option would be stored and reloaded around the
    // rules' calls).
    std::uint64_t allowed = limits_.visits - std::min(limits_.visits, stats_.options_visited);
    std::uint64_t visited = 0;
    struct Count {
      std::uint64_t& total;
      const std::uint64_t& visited;
      ~Count() { total += visited; }
    } count_visits{stats_.options_visited, visited};
    rules_.for_each_option_parts(
        k, limits_.options,
        [&](const position* parts, std::size_t count) {
          if (--countdown == 0) {
            countdown = kStopOptions;
            check_stop();
          }
          if (++visited > allowed) throw LimitError(visit_limit_error());
          if (count == 1) return visit(parts, count);
          // A sum of parts may be valued within visit, by listings of its
          // own: they count from the total so far, and this one goes on
          // from theirs.
          stats_.options_visited += visited;
          visited = 0;
          const bool go_on = visit(parts, count);
          allowed = limits_.visits - std::min(limits_.visits, stats_.options_visited);
          return go_on;
        },
        [&] { return option_limit_error(); },
        [&](std::uint64_t listed) {
          // Vector forms: the options made at once are held as the search's.
          if (listed * sizeof(position) > limits_.bytes - std::min(limits_.bytes, held_bytes()))
            throw LimitError(byte_limit_error());
        });
  }

  static Outcome verdict_outcome(Verdict v) {
    switch (v) {
      case Verdict::won: return Outcome::N;
      case Verdict::lost: return Outcome::P;
      default: return Outcome::D;
    }
  }
  // The verdict the rules fix (unknown when undecided); a position with no
  // move left is lost in normal play and won in misère play.
  static Verdict primitive_verdict(Primitive p, Convention convention) {
    switch (p) {
      case Primitive::game_won: return Verdict::won;
      case Primitive::game_lost: return Verdict::lost;
      case Primitive::game_tied: return Verdict::drawn;
      case Primitive::no_move:
        return convention == Convention::normal ? Verdict::lost : Verdict::won;
      case Primitive::undecided: break;
    }
    return Verdict::unknown;
  }
  // A query that throws (a limit) leaves the table as it found it, so that
  // the solver stays usable for smaller queries.
  // Runs a query; when it throws (a limit, a stop), the entries it added
  // are dropped first, so the solver answers the next query as if it had not
  // run. (A try block rather than a destructor that checks
  // std::uncaught_exceptions(): GCC 12 at -O2 and above dropped the stores
  // of the truncation inlined into such a destructor here, and the next
  // query wrote into freed memory; tests/stress/user_game_search_test.cpp,
  // ControlSeesProgressAndStops.)
  template <class Query>
  auto dropping_entries_on_failure(Query&& query) {
    const std::uint64_t size = table_.size();
    try {
      return query();
    } catch (...) {
      if constexpr (detail::kMayOwnBytes<position>)
        for (std::uint64_t e = size; e < table_.size(); ++e)
          release_bytes(table_.key_at(static_cast<std::uint32_t>(e)));
      table_.truncate(size);
      throw;
    }
  }

  Verdict normal_verdict_of(const position& k) const {
    const std::uint32_t e = table_.find(k);
    return e == Table::kEmpty ? Verdict::unknown : verdict(e, Convention::normal);
  }

  // --- outcomes of whole positions: the search with early cut-off ----------
  // How many options of each option not known yet are counted (at most) to
  // order them; see order_by_mobility.
  static constexpr std::uint32_t kPeekOptions = 8;

  // The options of a position that are not known yet, ordered so that the
  // outcome search (which takes them from the back) tries the one with the
  // fewest options first, the order of the listing breaking ties; returns
  // true when one has no move at all, which in normal play decides the
  // position won (in misère play such an option is a win for the opponent
  // and is dropped). Why: the search's cost must not depend on the order in
  // which a person wrote the loop of moves. Which option refutes a position
  // cheaply is not known, but an option with few moves is quick to settle
  // (a position without moves at once), and in move loops written either
  // way ("take 1, 2, ..." or the reverse) the options with the fewest moves
  // are the ones to try first: the smallest take of POJ 3922, which leaves
  // the opponent the smallest allowance, the largest multiple of Euclid's
  // game, which leaves the smallest numbers. This is the mobility heuristic
  // of proof-number search (L. V. Allis, M. van der Meulen, H. J. van den
  // Herik, "Proof-number search", Artificial Intelligence 66 (1994)),
  // which starts a node's disproof number at its number of moves. Counting
  // stops at kPeekOptions, so an option costs at most that many visits more
  // (rules listing options lazily, by a visitor; rules that return a whole
  // vector of options or of moves would pay a full listing per option, and
  // could meet the option limit where the search does not go, so they keep
  // the listing's order).
  bool order_by_mobility(std::vector<position>& unknown, Convention convention) {
    if constexpr (!detail::MovesAsVisitor<G>) {
      return false;
    } else {
      if (unknown.size() < 2) return false;
      peek_order_.clear();
      // Last listed first, as the search would have tried them: natural
      // loops list the move to a position without moves last.
      for (std::size_t i = unknown.size(); i-- > 0;) {
        std::uint32_t count = 0;
        for_each_option_parts(unknown[i], [&](const position*, std::size_t) {
          return ++count < kPeekOptions;
        });
        --stats_.positions_expanded;  // a peek, not an expansion
        if (count == 0) {
          if (convention == Convention::normal) return true;
          continue;  // misère: the opponent would win at once
        }
        peek_order_.emplace_back(count, static_cast<std::uint32_t>(i));
      }
      detail::order_by_option_count(peek_order_);  // in the library: detail/mobility_order.h
      std::vector<position> ordered;
      ordered.reserve(peek_order_.size());
      for (const auto& entry : peek_order_) ordered.push_back(std::move(unknown[entry.second]));
      unknown = std::move(ordered);
      return false;
    }
  }

  Verdict whole_verdict(const position& root, Convention convention) {
    return dropping_entries_on_failure([&]() -> Verdict {
    struct Policy {
      GameSolver& solver;
      Convention convention;
      Verdict probe(const position& k) const {
        const std::uint32_t e = solver.table_.find(k);
        return e == Table::kEmpty ? Verdict::unknown : solver.verdict(e, convention);
      }
      Verdict expand(const position& k, std::vector<position>& unknown, Verdict& pending) {
        const std::uint32_t e = solver.entry(k);
        solver.set_verdict(e, convention, Verdict::on_path);
        if (const Primitive p = solver.rules_.primitive(k); p != Primitive::undecided)
          return primitive_verdict(p, convention);
        bool decided = false, any = false;
        solver.for_each_option_parts(k, [&](const position* parts, std::size_t count) {
          any = true;
          if (count != 1) {
            // A sum of parts: decided by their values.
            if (convention != Convention::normal) solver.rules_.throw_sum_option();
            const Outcome sum = solver.parts_outcome(parts, count);
            if (sum == Outcome::P) decided = true;
            if (sum == Outcome::D && pending == Verdict::lost) pending = Verdict::drawn;
            return !decided;
          }
          position option = solver.rules_.key(parts[0]);
          Verdict v = probe(option);
          if (v == Verdict::unknown)
            v = primitive_verdict(solver.rules_.primitive(option), convention);
          switch (v) {
            case Verdict::lost: decided = true; return false;
            case Verdict::won: break;
            case Verdict::drawn:
              if (pending == Verdict::lost) pending = Verdict::drawn;
              break;
            case Verdict::on_path:
            case Verdict::unresolved: pending = Verdict::unresolved; break;
            case Verdict::unknown:
              solver.reserve_listing(unknown);
              unknown.push_back(std::move(option));
              break;
          }
          return true;
        });
        if (decided) return Verdict::won;
        // docs/theory.md §1, §4: no move loses in normal play, wins in misère.
        if (!any) return convention == Convention::normal ? Verdict::lost : Verdict::won;
        if (solver.order_by_mobility(unknown, convention)) return Verdict::won;
        if (unknown.empty() && pending != Verdict::unresolved) return pending;
        return Verdict::unknown;
      }
      void finish(const position& k, Verdict v) {
        const std::uint32_t e = solver.table_.find(k);
        solver.set_verdict(e, convention, v);
        if (v == Verdict::unresolved) solver.unresolved_.push_back(e);
      }
      void abandon(const position& k) {
        solver.set_verdict(solver.table_.find(k), convention, Verdict::unknown);
      }
    } policy{*this, convention};
    // Unresolved marks hold for one search only.
    struct ClearMarks {
      GameSolver& solver;
      Convention convention;
      ~ClearMarks() {
        for (const std::uint32_t e : solver.unresolved_)
          if (solver.verdict(e, convention) == Verdict::unresolved)
            solver.set_verdict(e, convention, Verdict::unknown);
        solver.unresolved_.clear();
      }
    };
    Verdict v;
    {
      ClearMarks clear{*this, convention};
      v = detail::outcome_search(root, policy, held_);
    }
    if (v != Verdict::unresolved) return v;
    solve_loopy(root);
    return verdict(table_.find(root), convention);
    });
  }

  // Normal play of a sum: the whole position's own primitive result, else
  // the components' values and fixed results.
  Outcome sum_outcome(const position& p) {
    if (const Primitive fixed = rules_.primitive(rules_.key(p)); fixed != Primitive::undecided)
      return verdict_outcome(primitive_verdict(fixed, Convention::normal));
    const std::vector<position> parts = rules_.split(p);
    return parts_outcome(parts.data(), parts.size());
  }
  // Normal play of the sum of parts (each split into its components).
  Outcome parts_outcome(const position* parts, std::size_t count) {
    GammaValue total{true, 0, {}};
    bool won = false;
    for (std::size_t i = 0; i < count; ++i)
      for (const position& part : rules_.split(parts[i])) {
        const ComponentValue v = component_value(rules_.key(part));
        if (v.fixed == Fixed::lost) return Outcome::P;
        if (v.fixed == Fixed::won) won = true;
        if (v.fixed == Fixed::none) total = gamma_sum(total, v.gamma);
      }
    return won ? Outcome::N : outcome_of(total);
  }

  // --- values of components ---------------------------------------------------
  ComponentValue read_value(std::uint32_t e) const {
    if (value_state(e) == value_infinite) return {infinite_.at(table_.key_at(e)), Fixed::none};
    const std::uint32_t v = table_.value(e);
    if (v == kAbsoluteWin) return {{}, Fixed::won};
    if (v == kPrimitiveLost) return {{}, Fixed::lost};
    return {{true, v, {}}, Fixed::none};
  }

  ComponentValue component_value(const position& k) {
    return dropping_entries_on_failure([&]() -> ComponentValue {
    if (const std::uint32_t e = table_.find(k); e != Table::kEmpty) {
      const ValueState s = value_state(e);
      if (s == value_known || s == value_infinite) return read_value(e);
    }
    if (const Primitive p = rules_.primitive(k); p != Primitive::undecided) {
      if (p == Primitive::game_tied) throw_tie_in_sum();
      const std::uint32_t e = entry(k);
      // A position with no move left is an ordinary zero of the sum.
      table_.value(e) = p == Primitive::no_move     ? 0
                        : p == Primitive::game_lost ? kPrimitiveLost
                                                    : kAbsoluteWin;
      set_value_state(e, value_known);
      return read_value(e);
    }
    if (!acyclic_value(k)) {
      if constexpr (GameWithPrimitive<G>)
        throw InputError("primitive",
                         "user game: Grundy values of a game with both cycles and primitive "
                         "positions are not computed; ask outcome() of whole positions (a game "
                         "without components) instead");
      solve_loopy(k);
    }
    return read_value(table_.find(k));
    });
  }

  // Calls visit(key) for the canonical key of each component of `part`
  // until visit returns false.
  template <class Visit>
  void for_each_component(const position& part, Visit&& visit) const {
    if constexpr (GameWithComponents<G>) {
      for (const position& component : rules_.split(part))
        if (!visit(rules_.key(component))) return;
    } else {
      visit(rules_.key(part));
    }
  }

  [[noreturn]] static void throw_tie_in_sum() {
    throw InputError("tie",
                     "user game: a component of a sum is a tie the rules fix; values do not "
                     "decide such sums: leave components() out to search whole positions");
  }

  // Searches the component's Grundy value; false if it met a cycle or a
  // component of infinite γ (the unfinished entries are reset).
  bool acyclic_value(const position& root) {
    struct ValueNode {
      std::vector<position> children;  // canonical components of every option kept
      // Option i's components end at ends[i]; empty when every option kept
      // is one component (the usual case: then a child is an option).
      std::vector<std::uint32_t> ends;
      std::vector<std::uint32_t> values;  // the children's values, as they are known
      bool decided = false;              // an option has a lost component: an immediate win
    };
    struct Policy {
      using Node = ValueNode;
      GameSolver& solver;
      MexSet seen;
      // Nodes of finished frames, whose vectors keep their memory for the
      // next expansions: a position with thousands of options would
      // otherwise allocate and free its lists each time (and the heap's
      // top would grow and shrink with them).
      std::vector<Node> spare;
      std::vector<std::uint32_t> sizes;
      Node take_node() {
        if (spare.empty()) return Node{};
        Node node = std::move(spare.back());
        spare.pop_back();
        node.children.clear();
        node.ends.clear();
        node.values.clear();
        node.decided = false;
        return node;
      }
      void recycle(Node& node) { spare.push_back(std::move(node)); }
      // The mex of options' values (kAbsoluteWin: an option not to take).
      // It is at most their number, so larger values need no bit: a bit set
      // of that size, with no growth to check on each value.
      std::vector<std::uint64_t> bits;
      std::uint32_t mex_of(const std::vector<std::uint32_t>& values) {
        const std::size_t n = values.size();
        bits.assign((n >> 6) + 1, 0);
        for (const std::uint32_t v : values)
          if (v <= n) bits[v >> 6] |= std::uint64_t{1} << (v & 63);
        std::size_t word = 0;
        while (bits[word] == ~std::uint64_t{0}) ++word;
        return static_cast<std::uint32_t>((word << 6) + static_cast<std::size_t>(std::countr_one(bits[word])));
      }
      Node expand(const position& k) {
        set_open(k);
        Node node = take_node();
        sizes.clear();
        bool single = true;
        std::uint32_t kept = 0;  // options kept (their sizes are listed once one is not 1)
        solver.for_each_option_parts(k, [&](const position* parts, std::size_t count) {
          if constexpr (!GameWithComponents<G> && !GameWithPrimitive<G>) {
            // The usual case, kept short: an option of one part is one child.
            if (count == 1) {
              solver.reserve_listing(node.children);
              node.children.push_back(solver.rules_.key(parts[0]));
              if (!single) sizes.push_back(1);
              ++kept;
              return true;
            }
          }
          const std::size_t begin = node.children.size();
          bool excluded = false;
          for (std::size_t i = 0; i < count && !node.decided; ++i)
            solver.for_each_component(parts[i], [&](position&& key) {
              if constexpr (GameWithPrimitive<G>) {
                const Primitive p = solver.rules_.primitive(key);
                if (p == Primitive::game_lost) {
                  node.decided = true;
                  return false;
                }
                if (p == Primitive::game_tied) throw_tie_in_sum();
                // Moving into a won component hands the opponent the game.
                if (p == Primitive::game_won) excluded = true;
              }
              // (An excluded option's later components may still be lost.)
              if (!excluded) {
                solver.reserve_listing(node.children);
                node.children.push_back(std::move(key));
              }
              return true;
            });
          if (node.decided) return false;
          if (excluded) {
            node.children.resize(begin);
          } else {
            const std::size_t size = node.children.size() - begin;
            if (single && size != 1) {
              single = false;
              sizes.assign(kept, 1);
            }
            if (!single) sizes.push_back(static_cast<std::uint32_t>(size));
            ++kept;
          }
          return true;
        });
        if (node.decided) {
          node.children.clear();
          return node;
        }
        // The options last listed first: natural move loops list the
        // largest moves, to the smallest positions, last.
        if (single) {
          std::reverse(node.children.begin(), node.children.end());
          node.values.reserve(node.children.size());
          return node;
        }
        std::vector<position> reversed;
        reversed.reserve(node.children.size());
        std::size_t end = node.children.size();
        for (auto it = sizes.rbegin(); it != sizes.rend(); ++it) {
          const std::size_t begin = end - *it;
          for (std::size_t i = begin; i < end; ++i) reversed.push_back(std::move(node.children[i]));
          node.ends.push_back(static_cast<std::uint32_t>(reversed.size()));
          end = begin;
        }
        node.children = std::move(reversed);
        node.values.reserve(node.children.size());
        return node;
      }
      void set_open(const position& k) {
        solver.set_value_state(solver.entry(k), value_open);
      }
      detail::Step step(Node& node, const position& child) {
        const std::uint32_t e = solver.table_.find(child);
        if (e == Table::kEmpty) return detail::Step::descend;
        switch (solver.value_state(e)) {
          case value_unknown: return detail::Step::descend;
          case value_open:
          case value_infinite: return detail::Step::cycle;
          case value_known: break;
        }
        const std::uint32_t value = solver.table_.value(e);
        if (value == kPrimitiveLost) {
          node.decided = true;
          return detail::Step::decided;
        }
        node.values.push_back(value);
        return detail::Step::next;
      }
      void finish(position&& k, Node& node) {
        const std::uint32_t e = solver.table_.find(k);
        std::uint32_t value = kAbsoluteWin;
        if (!node.decided) {
          seen.clear();
          std::size_t begin = 0;
          for (const std::uint32_t end : node.ends) {
            Nimber sum = 0;
            bool excluded = false;
            for (std::size_t j = begin; j < end; ++j) {
              const std::uint32_t v = node.values[j];
              if (v == kAbsoluteWin) excluded = true;
              sum ^= v;
            }
            if (!excluded) seen.insert(sum);
            begin = end;
          }
          if (node.ends.empty()) {
            value = mex_of(node.values);
          } else {
            value = static_cast<std::uint32_t>(seen.mex());
          }
        }
        solver.table_.value(e) = value;
        solver.set_value_state(e, value_known);
      }
      void abandon(const position& k) {
        solver.set_value_state(solver.table_.find(k), value_unknown);
      }
      void check_limit(std::size_t) {}
    } policy{*this, {}, {}, {}, {}};
    return detail::post_order_search(root, policy, held_);
  }

  // --- remoteness of whole positions -------------------------------------------
  // Searches the normal-play remoteness; false if it met a cycle or a draw.
  bool acyclic_remoteness(const position& root) {
    struct PlayNode {
      std::vector<position> children;  // canonical options
      Primitive primitive = Primitive::undecided;
    };
    struct Policy {
      using Node = PlayNode;
      GameSolver& solver;
      Node expand(const position& k) {
        if (solver.positions_stored() >= solver.limits_.positions)
          throw LimitError(solver.position_limit_error());
        solver.charge_bytes(k);
        solver.play_.emplace(k, PlayEntry{});
        Node node;
        node.primitive = solver.rules_.primitive(k);
        if (node.primitive == Primitive::undecided)
          solver.for_each_option(k, [&](position&& option) {
            node.children.push_back(std::move(option));
            return true;
          });
        std::reverse(node.children.begin(), node.children.end());
        return node;
      }
      detail::Step step(Node&, const position& child) {
        if (auto it = solver.play_.find(child); it != solver.play_.end())
          return it->second.done ? detail::Step::next : detail::Step::cycle;
        if (solver.rules_.primitive(child) == Primitive::game_tied ||
            solver.normal_verdict_of(child) == Verdict::drawn)
          return detail::Step::cycle;
        return detail::Step::descend;
      }
      void finish(position&& k, Node& node) {
        // docs/theory.md §5; a primitive win is as one move from the end.
        PlayEntry entry{node.primitive == Primitive::game_won ? 1U : 0U, true};
        if (!node.children.empty()) {
          std::optional<std::uint64_t> least_even;  // of a P-option
          std::uint64_t most = 0;
          for (const position& option : node.children) {
            const std::uint64_t r = solver.play_.at(option).remoteness;
            if (r % 2 == 0 && (!least_even || r < *least_even)) least_even = r;
            most = std::max(most, r);
          }
          entry.remoteness = 1 + (least_even ? *least_even : most);
        }
        solver.play_.at(k) = entry;
      }
      void abandon(const position& k) {
        solver.release_bytes(k);
        solver.play_.erase(k);
      }
      void check_limit(std::size_t) {}
    } policy{*this};
    return detail::post_order_search(root, policy, held_);
  }

  // --- loopy games ----------------------------------------------------------
  // The graph of the canonical whole positions reachable from `root`
  // (detail/explore.h), its γ (graph_values.h) and its retrograde labels in
  // both conventions (detail/retrograde_label.h), written to the tables.
  void solve_loopy(const position& root) {
    found_cycle_ = true;
    const std::uint64_t stored = positions_stored();
    detail::GraphExplorer<position, Hasher> explored(Hasher{&rules_});
    explored.set_control(ticker_.control(), "exploration");
    explored.explore(
        root, stored < limits_.positions ? limits_.positions - stored : 0,
        [&](const position& k, auto&& emit) {
          if (rules_.primitive(k) != Primitive::undecided) return;
          for_each_option(k, [&](position&& option) {
            emit(std::move(option));
            return true;
          });
        },
        [&] { return position_limit_error(); });
    const Graph& graph = explored.graph();
    const Vertex n = graph.vertex_count();
    stats_.loopy_positions += n;

    // The labels and γ from the graph alone, in the library
    // (detail/loopy_solution.h); the rules say which positions are
    // primitive.
    std::vector<Primitive> fixed;
    if constexpr (GameWithPrimitive<G>) {
      fixed.resize(n);
      for (Vertex u = 0; u < n; ++u) fixed[u] = rules_.primitive(explored.key(u));
    }
    const detail::LoopySolution solved =
        detail::solve_loopy_graph(graph, fixed, /*with_gamma=*/!GameWithPrimitive<G>);
    const detail::Labelling& normal = solved.normal;
    const detail::Labelling& misere = solved.misere;
    const std::vector<std::uint32_t>& gamma = solved.gamma;
    const auto to_verdict = [](detail::Label l) {
      return l == detail::Label::won ? Verdict::won
                                     : l == detail::Label::lost ? Verdict::lost : Verdict::drawn;
    };
    for (Vertex u = 0; u < n; ++u) {
      const position& k = explored.key(u);
      const std::size_t h = table_.hash(k);
      std::uint32_t e = table_.find(k, h);
      if (e == Table::kEmpty) {
        if constexpr (detail::kMayOwnBytes<position>) owned_bytes_ += detail::owned_bytes(k);
        e = table_.insert(k, h);
      }
      set_verdict(e, Convention::normal, to_verdict(normal.label[u]));
      set_verdict(e, Convention::misere, to_verdict(misere.label[u]));
      if (!gamma.empty()) {
        const GammaValue g = gamma_value(graph, gamma, u);
        GRUNDY_ASSERT(detail::label_outcome(normal.label[u]) == outcome_of(g));
        if (g.finite) {
          table_.value(e) = static_cast<std::uint32_t>(g.value);
          set_value_state(e, value_known);
        } else {
          infinite_.insert_or_assign(k, g);
          set_value_state(e, value_infinite);
        }
      }
      if (normal.label[u] != detail::Label::draw)
        play_.insert_or_assign(k, PlayEntry{normal.remoteness[u], true});
    }
  }

  detail::Rules<G> rules_;
  GameLimits limits_;
  Table table_;
  // γ of the positions whose γ is infinite (the table says which).
  std::unordered_map<position, GammaValue, Hasher> infinite_;
  // Remoteness (whole positions; unfinished while on the search path).
  std::unordered_map<position, PlayEntry, Hasher> play_;
  // Entries marked unresolved by the search in progress.
  std::vector<std::uint32_t> unresolved_;
  // Options or components held by a search in progress.
  std::size_t held_ = 0;
  // order_by_mobility's (option count, index) pairs, kept for their memory.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> peek_order_;
  // What the stored keys own on the heap (detail/owned_bytes.h).
  std::uint64_t owned_bytes_ = 0;
  GameStats stats_;
  detail::SearchTicker ticker_;
  bool found_cycle_ = false;
};

}  // namespace grundy
