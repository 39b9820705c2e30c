// Why a position is won or lost, told in the terms of the rule that decides
// it (docs/theory.md §1, §2), as plain text for a terminal (UTF-8, no colour
// codes): what `grundy analyze ... --explain` prints and Python's
// Analysis.explanation holds.
//
// Nim and every heap game: the nim-sum in binary columns, the heap chosen by
// the highest 1 of the sum and the column sum after the move; for a heap game
// other than Nim, each heap's options with their values and the mex that
// gives G(n) (solve/option_table.h). Misère Nim: which
// of its cases applies. Wythoff: the P-pair for the heaps' difference. Moore's
// Nim_k: column counts modulo k+1. Staircase Nim: the odd stairs' nim-sum.
// Anything else: how the answer was obtained (Analysis::method). The facts
// are explanation.h's; this file only words and lays them out, once for
// every front end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/rules/ruleset.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/option_table.h"

namespace grundy::present {

// Positions with more heaps (stairs) than this are summarised: the heaps the
// move does not touch are folded into one line of their nim-sum or counts.
inline constexpr std::size_t kExplainListUpTo = 32;

// The explanation of `analysis`, which analyze(ruleset, position) returned in
// misère play if `misere`, else in normal play. Every line ends in '\n'.
std::string explanation_text(const Ruleset& ruleset, const Position& position,
                             const Analysis& analysis, bool misere);

// One row of a heap's option table (solve/option_table.h), its value worked
// out from its parts: "G(1) xor G(3) = 1 xor 3 = 2", "G(4) = 1", "0 (no heap
// left)", with `xor_sign` between the parts ("xor" on a terminal, "⊕" on the
// web page), so that no front end writes a chain that reads as false.
std::string option_value_text(const OptionRow& row, std::string_view xor_sign);

// --explain with --remoteness: Smith's remoteness rule and why the move
// (winning, or the longest resistance) is the right one. `after` is the
// remoteness of the position the move leads to (nullopt: no move).
std::string explain_remoteness(std::uint64_t remoteness, std::optional<std::uint64_t> after,
                               const std::string& move, bool misere);

// --explain with --every (suspense numbers, the largest decides) or
// --conjunctive (remoteness numbers, the least decides): the rule, the
// deciding number, and the numbers after the move.
std::string explain_compound(bool conjunctive, const std::vector<std::uint64_t>& numbers,
                             const std::vector<std::uint64_t>& after, const std::string& move);

}  // namespace grundy::present
