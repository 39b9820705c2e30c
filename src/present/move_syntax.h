// The moves a player types in `grundy play` and in the web explorer's Play
// view (docs/usage.md, docs/web.md): one syntax, read by one piece of code,
// so that the terminal and the page accept the same text and refuse the rest
// with the same one-line messages.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "grundy/rules/ruleset.h"

namespace grundy::present {

// How to type a move, for help lines and complaints.
extern const char* const kMoveSyntaxHelp;

// The option of `position` the player means by `line`: a move number (one
// number alone, counting the options from 1), the position after the move
// ("to" first, or two or more numbers, or the position written as the game
// shows it, sums included), the move as described (as `moves` lists it), or
// a hint or listed move typed back whole (the position after its arrow).
// Throws InputError with a one-line complaint when the line names no option.
Position read_move(const Ruleset& rules, const Position& position, const std::string& line);

// An Every-SG (or conjunctive) move: one move in each of the `movable`
// components, component i a position of *rulesets[i]. Typed as one move
// number per movable component ("2 1"), or "to" and all the components
// after the move separated by '|' ("to 2 | 0"; a hint typed back whole
// too). Returns every component after the move (those not movable as they
// were); throws InputError with a one-line complaint.
std::vector<Position> read_every_move(const std::vector<const Ruleset*>& rulesets,
                                      const std::vector<Position>& components,
                                      const std::vector<std::size_t>& movable,
                                      const std::string& typed);

}  // namespace grundy::present
