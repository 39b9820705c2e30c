// Why a position is won or lost, as facts of the rule that decides it
// (docs/theory.md §1, §2): the numbers a reader checks by hand, with no text.
// explanation_text.h words them (grundy analyze --explain, Python).
//
// Description: explain(ruleset, position, analysis, convention) picks the
//   rule by the ruleset's family (Ruleset::accept; for position games
//   PositionRuleset::accept_closed_form; HeapRuleset::is_nim) and states its
//   facts:
//   - Nim and every heap game in normal play: the heaps' values, their
//     nim-sum X and, when X is not 0, the first heap with a 1 in X's highest
//     column, which goes from value v to v xor X < v (Bouton 1901;
//     Sprague-Grundy);
//   - misère Nim: which of its three cases applies and that case's move
//     (Winning Ways ch. 13);
//   - Wythoff's game: the heaps' difference d, the one P-pair (a_d, b_d) with
//     it, and the pair each winning move reaches (Wythoff 1907);
//   - Moore's Nim_k: the ones in each binary column and their residues mod
//     k+1, before and after a winning move (Moore 1910);
//   - staircase Nim: the odd stairs, their nim-sum and Bouton's move on them;
//   - anything else: how the answer was obtained (Analysis::method).
//   The outcome and moves are the Analysis's own where it lists them; where
//   it does not (a summarised analysis), the move is built by the same rule.
// Source: docs/theory.md §1, §2; C. L. Bouton, Ann. Math. 3 (1901);
//   W. A. Wythoff, Nieuw Archief voor Wiskunde (2) 7 (1907); E. H. Moore,
//   Ann. Math. (2) 11 (1910); Berlekamp, Conway, Guy, Winning Ways ch. 13.
// Time: O(heaps) plus the rule's closed form (moore_closed_form.h,
//   wythoff_closed_form.h) when a move has to be built.
// Status: tests/unit/explanation_test.cpp (published and hand-worked values,
//   which kind of explanation each ruleset gets); the wording of every kind
//   is checked in tests/cli/explain_plot_test.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "grundy/core/nimber.h"
#include "grundy/core/outcome.h"
#include "grundy/rules/ruleset.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/convention.h"

namespace grundy {

// Bouton's step on a list of values: their nim-sum X and, when X is not 0,
// the first value v with a 1 in X's highest column and its target v xor X,
// which is smaller than v (that column goes from 1 to 0, only lower columns
// change) and makes the nim-sum 0.
struct NimSumStep {
  std::vector<Nimber> values;
  Nimber nim_sum = 0;
  // The value the step is about: the one changed when nim_sum != 0, else 0.
  std::size_t index = 0;
  // The nim-sum of every value but values[index].
  Nimber others = 0;
  // When nim_sum != 0: the column of its highest 1 (worth 2^highest_bit),
  // values[index] and what it becomes.
  int highest_bit = -1;
  Nimber value = 0;
  Nimber target = 0;
};
NimSumStep nim_sum_step(std::vector<Nimber> values);

// Nim and other heap games in normal play (Sprague-Grundy; Nim: Bouton 1901).
struct NimSumExplanation {
  bool nim = false;  // the game is Nim: a heap's size is its value
  Position heaps;
  NimSumStep sum;    // over the heap values
  // How the heap values were found ("closed form", a proven period, ...).
  std::string value_method;
  bool no_tokens = false;  // every heap is empty
  // When sum.nim_sum != 0: a move taking heap sum.index to an option of
  // value sum.target (the Analysis's, or for Nim built by the rule), or
  // nullopt when the Analysis does not list one.
  std::optional<Move> move;
};

// Misère Nim (Bouton 1901; Winning Ways ch. 13).
struct MisereNimExplanation {
  enum class Case {
    at_most_one_token,  // 1: every heap has 0 or 1 tokens; their parity decides
    one_large_heap,     // 2: exactly one heap has two or more tokens
    several_large,      // 3: two or more such heaps; play as in normal Nim
  };
  Case which = Case::at_most_one_token;
  Outcome outcome = Outcome::P;
  std::size_t ones = 0;   // heaps of exactly one token
  std::size_t large = 0;  // heaps of two or more tokens
  // Case 2: the large heap, what it is left with (0 or 1, so that an odd
  // number of 1-heaps remains), and the normal-play Nim move it is not
  // (to size ^ nim-sum), with the 1-heaps that move would leave.
  std::size_t large_index = 0;
  Heap large_size = 0;
  Heap keep = 0;
  Nimber nim_sum = 0;
  Heap normal_target = 0;
  std::size_t ones_after_normal = 0;
  // Case 3: Bouton's step on the sizes.
  NimSumStep sum;
  // Cases 2 and 3 when the player to move wins: the move.
  std::optional<Move> move;
};

// Wythoff's game (Wythoff 1907): the P-positions are (a_k, b_k) and their
// mirrors, a_k = ⌊k·φ⌋, b_k = a_k + k (wythoff_closed_form.h).
struct WythoffExplanation {
  enum class Case {
    empty,      // both heaps empty: no move (P)
    p_pair,     // the smaller heap is a_d: a P-position
    not_pair,   // the smaller heap is not a_d (N)
    beyond,     // a_d exceeds the largest heap handled, so it is not a_d (N)
  };
  Case which = Case::empty;
  Heap first = 0, second = 0;  // the heaps as given
  Heap low = 0, high = 0;      // the smaller and the larger
  Heap difference = 0;         // d = high - low
  std::optional<std::pair<Heap, Heap>> pair;  // (a_d, b_d) unless beyond
  // The Analysis's winning moves, each with the pair it reaches.
  struct Reached {
    Move move;
    Heap first = 0, second = 0;  // the heaps after the move, as given
    Heap k = 0;                  // their difference: the pair's index
    enum class Kind { both, first, second } taken = Kind::both;  // which heap(s) lost tokens
  };
  std::vector<Reached> moves;
  bool moves_complete = true;
  // The largest difference among the position and the moves' results, and
  // while it is below kListedPairs the pairs (a_k, b_k) for k = 0 up to
  // one more than it (else empty).
  Heap largest_difference = 0;
  static constexpr Heap kListedPairs = 64;
  std::vector<std::pair<Heap, Heap>> pairs;
};

// Moore's Nim_k (Moore 1910): P iff every binary column holds a multiple of
// k+1 ones.
struct MooreExplanation {
  unsigned k = 1;
  int columns = 1;  // binary columns shown: as many as the largest heap has
  Position heaps;
  std::vector<std::uint64_t> counts;    // ones per column, bit 0 first
  std::vector<std::uint64_t> residues;  // counts mod k+1
  bool p_position = false;              // every residue is 0
  // When the player to move wins: a winning move (the Analysis's first, or
  // one built column by column from the highest, moore::one_winning_move),
  // the position after it, its counts and residues, and the heaps it changes.
  std::optional<Move> move;
  Position after;
  std::vector<std::uint64_t> counts_after;
  std::vector<std::uint64_t> residues_after;
  bool p_after = false;  // every residue after is 0 (so it is, for a winning move)
  std::vector<std::size_t> changed;
};

// Staircase Nim: Nim on the odd stairs 1, 3, 5, ... (docs/theory.md §2).
struct StaircaseExplanation {
  Position stairs;
  Position odd_stairs;  // tokens on stairs 1, 3, 5, ...; odd_stairs[j] is stair 2j + 1
  NimSumStep sum;       // over odd_stairs
  // When sum.nim_sum != 0: stair 2·sum.index + 1 brought down to sum.target,
  // the tokens landing on stair 2·sum.index (0: the ground).
  std::optional<Move> move;
  std::size_t landing_stair = 0;
};

// Any other game or convention: the Analysis's method says how the answer
// was found.
struct MethodExplanation {
  Convention convention = Convention::normal;
  bool exhaustive_search = false;  // every reachable position was labelled
};

using Explanation = std::variant<MethodExplanation, NimSumExplanation, MisereNimExplanation,
                                 WythoffExplanation, MooreExplanation, StaircaseExplanation>;

// The facts behind `analysis`, which analyze(ruleset, position) returned
// under `convention`.
Explanation explain(const Ruleset& ruleset, const Position& position, const Analysis& analysis,
                    Convention convention);

}  // namespace grundy
