// Why a position is won or lost, told in the terms of the rule that decides
// it (docs/theory.md §1, §2), as plain text for a terminal (UTF-8, no colour
// codes): what `grundy analyze ... --explain` prints and Python's
// Analysis.explanation holds.
//
// Nim and every heap game: the nim-sum in binary columns, the heap chosen by
// the highest 1 of the sum and the column sum after the move. Misère Nim: which
// of its cases applies. Wythoff: the P-pair for the heaps' difference. Moore's
// Nim_k: column counts modulo k+1. Staircase Nim: the odd stairs' nim-sum.
// Anything else: how the answer was obtained (Analysis::method). The facts
// are explanation.h's; this file only words and lays them out, once for
// every front end.
#pragma once

#include <cstddef>
#include <string>

#include "grundy/rules/ruleset.h"
#include "grundy/solve/analysis.h"

namespace grundy {

// Positions with more heaps (stairs) than this are summarised: the heaps the
// move does not touch are folded into one line of their nim-sum or counts.
inline constexpr std::size_t kExplainListUpTo = 32;

// The explanation of `analysis`, which analyze(ruleset, position) returned in
// misère play if `misere`, else in normal play. Every line ends in '\n'.
std::string explanation_text(const Ruleset& ruleset, const Position& position,
                             const Analysis& analysis, bool misere);

}  // namespace grundy
