// "Did you mean": the closest of a few known words to a word that was
// mistyped, by edit distance, so that every front end suggests the same name.
//
// Description: optimal string alignment distance (Levenshtein's insertions,
//   deletions and substitutions, plus the swap of two adjacent letters),
//   counted in bytes, case-insensitive for ASCII letters.
// Source: Damerau, "A technique for computer detection and correction of
//   spelling errors", CACM 7(3), 1964; Wagner and Fischer, JACM 21(1), 1974.
// Time: O(|a| |b|) per pair.
// Status: unit tests with distances worked by hand.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// The number of single-letter edits (insert, delete, replace, swap two
// neighbours) that turn `a` into `b`, ignoring ASCII case.
std::size_t edit_distance(std::string_view a, std::string_view b);

// What `typed` was meant to be: the one candidate that `typed` begins (a
// prefix of 3 letters or more, such as --mis for --misere), when only one
// does; else the candidate nearest to it when near enough: at most 1 edit
// for a word of up to 4 letters, 2 up to 8, 3 beyond. Empty when none
// qualifies; the first of equally near candidates wins.
std::string closest_word(std::string_view typed, const std::vector<std::string>& candidates);

}  // namespace grundy
