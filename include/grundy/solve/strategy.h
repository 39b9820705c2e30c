// The move good play makes, in every convention: what `grundy play` does
// for the computer and for a hint, available to any program.
//
// Description: without cycles, the option of Smith's remoteness (remoteness.h):
//   a won position moves to the lost option of least remoteness (the winner
//   hurries), a lost one to the option of largest remoteness (the loser
//   resists longest); when the remoteness search is over its limit, a
//   winning move from analysis.h where one is found, else the first legal
//   move, with a note saying why. With cycles, the retrograde analysis
//   (retrograde.h): the fastest win, else a move that keeps the draw, else
//   the longest resistance. Every-SG (a row of components, each moved every
//   turn): every movable component moved by its suspense number
//   (suspense.h), winners prolonging and losers hurrying.
// Source: docs/theory.md §5, §6; C. A. B. Smith, "Graphs and composite
//   games", J. Combin. Theory 1 (1966); Winning Ways ch. 9, 11.
// Status: whole games through `grundy play` in a pseudo-terminal: the
//   computer wins every N-position it starts from, and a human following the
//   hints wins (tests/cli/play_test.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/rules/ruleset.h"
#include "grundy/solve/convention.h"
#include "grundy/solve/remoteness.h"
#include "grundy/solve/retrograde.h"
#include "grundy/solve/suspense.h"

namespace grundy {

class Strategy {
 public:
  // The search limit of a game played move by move (`grundy play`, the web
  // page's Play): a quarter of an analysis's default (AnalysisOptions), and
  // with it the work a search may do (detail/search_work.h), since a game
  // searches at every turn (the computer's move, the outcome, a hint).
  static constexpr std::uint64_t kDefaultSearchLimit = 1'000'000;

  // Searches hold at most `search_limit` positions.
  Strategy(const Ruleset& ruleset, Convention convention, std::uint64_t search_limit);

  struct Choice {
    Position after;
    // Empty, or why the move is merely legal (the position is too large to
    // search).
    std::string note;
  };
  // The move good play makes; nullopt when there is no move.
  std::optional<Choice> best_move(const Position& position);
  // Progress reports and a stop flag for the searches (search_control.h): a
  // stop throws Interrupted. nullptr: none.
  void set_control(const SearchControl* control);

  struct Hint {
    // A winning move, when the player to move wins.
    std::optional<Move> winning;
    // Whether play can go on for ever (the game has cycles): without a
    // winning move the mover may still draw.
    bool loopy = false;
    // In a drawn position (loopy games): a move that keeps the draw.
    std::optional<Move> drawing;
  };
  // Throws LimitError when the position is too large to decide.
  Hint hint(const Position& position);

  // Smith's remoteness of `position`: how many moves the game lasts when the
  // winner hurries and the loser resists, odd exactly when the player to move
  // wins (remoteness.h); nullopt for a draw. Throws LimitError past the limit.
  std::optional<std::uint64_t> remoteness(const Position& position);

 private:
  const Ruleset& ruleset_;
  Convention convention_;
  std::uint64_t limit_;
  Remoteness remoteness_;
  std::unique_ptr<Retrograde> loopy_;
  const SearchControl* control_ = nullptr;
};

// Every-SG on a row of components of one game: each turn the mover moves in
// every component that still has a move (docs/theory.md §5).
class EveryStrategy {
 public:
  EveryStrategy(const Ruleset& ruleset, std::uint64_t search_limit);

  // The components that still have a move.
  std::vector<std::size_t> movable(const std::vector<Position>& components) const;
  // Progress reports and a stop flag for the suspense searches
  // (search_control.h): a stop throws Interrupted. nullptr: none.
  void set_control(const SearchControl* control);
  // Whether the player to move wins; throws LimitError past the limit.
  bool mover_wins(const std::vector<Position>& components);
  // Every movable component moved by its suspense number (any legal move
  // where a component is too large to search: `noted` is then set).
  std::vector<Position> best_move(const std::vector<Position>& components, bool& noted);
  // The same without the fallback: throws LimitError past the limit.
  std::vector<Position> best_move(const std::vector<Position>& components);

 private:
  const Ruleset& ruleset_;
  Suspense suspense_;
};

// The first legal option of `position`, if any.
std::optional<Position> first_option(const Ruleset& ruleset, const Position& position);

}  // namespace grundy
