// Moore's Nim_k in closed form: P-test, a winning move, and every winning move
// (docs/theory.md §2).
//
// Description: a move reduces between 1 and k heaps, each chosen heap losing
//   at least one token (amounts may differ). A position is P iff, for every
//   bit j, the number of heaps with bit j set is a multiple of k+1; k = 1 is
//   Nim. A winning move is built from the most significant bit down, keeping
//   the set S of heaps already reduced (their lower bits are free), and the
//   full set of winning moves is a depth-first search over the same bits
//   (see winning_moves). Every heap value of 64 bits is handled: nothing is
//   ever added, so there is no overflow to guard against.
// Source: E. H. Moore, "A generalization of the game called nim", Annals of
//   Mathematics (2) 11 (1910) 93-94; docs/theory.md §2 (its hand-worked
//   example S = {12, 24, 6, 8, 8}, k = 3 is a unit test).
// Time: is_p_position O(n) word operations (Harley-Seal carry-save adders
//   over the 64 bit columns, see the .cpp); one_winning_move O(n) plus, per
//   bit where heaps join S, a scan up to the last heap chosen (O(64 n) at
//   worst); winning_moves O(64 n + m (64 k + n)) for m returned positions,
//   because every branch of its search ends in a winning move (no dead ends,
//   see the .cpp) and heaps are looked at only as far as the branches taken
//   reach; count_winning_moves O(64 n + 64 (k + 64) min(count, limit)), and
//   O(64) per branch once k heaps are loose.
// Memory: O(n) beyond the output; the searches also keep, per bit, the
//   indices of the heaps with that bit set as far as they have looked (at
//   most 64 n 32-bit integers).
// Status: stress-tested (tests/stress/moore_closed_form_test.cpp) against
//   P/N tables built from the move rules for every position of up to 4 heaps
//   of size <= 7 with k = 1..4 and of 5 or 6 heaps of size <= 3 with
//   k = 1..6, comparing P-ness, one winning move, the exact set of winning
//   moves and their count; exact sets also on random positions whose moves
//   are all enumerated, on Nim positions of up to 2000 62-bit heaps
//   (Bouton's rule) and for k >= number of heaps; on random positions of up
//   to 20,000 heaps of up to 62 bits every returned move is checked legal
//   and P, and limits are checked to return prefixes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/core/bounded_list.h"
#include "grundy/core/types.h"

namespace grundy::moore {

// Whether `heaps` is a P-position of Nim_k (the player to move loses): every
// bit column holds a multiple of k+1 ones. Throws InputError if k == 0.
bool is_p_position(const Position& heaps, unsigned k);

// The number of heaps with a 1 in each of the binary columns 0..columns-1
// (bit 0 first): the counts the P-test takes modulo k+1. columns <= 64.
std::vector<std::uint64_t> ones_per_column(const Position& heaps, int columns);

// The position after one winning move, computed by docs/theory.md §2's
// algorithm: at each bit from the top, with c = heaps outside S
// with the bit set and r = c mod (k+1), either clear the bit in all of S
// (r = 0), set it in the first k+1-r heaps to have joined S (when
// |S| >= k+1-r), or else move the r lowest-indexed heaps with the bit set from
// outside S into S, clearing it there.
// std::nullopt iff `heaps` is a P-position. Throws InputError if k == 0.
std::optional<Position> one_winning_move(const Position& heaps, unsigned k);

// Every position reachable from `heaps` in one move (1..k heaps reduced) that
// is a P-position, at most `max_moves` of them. A result differs from `heaps`
// exactly in the heaps the move reduces.
//
// Order: that of a depth-first search over bits from the most significant
// down. At bit j a heap is "tight" (equal to the original above and at j) or
// "loose" (already smaller above j). Among the tight heaps with bit j set,
// some become loose at j (bit cleared); of the heaps loose before j, some get
// bit j set; the count of set bits in the column must be a multiple of k+1,
// which fixes how many loose heaps set it once the number d of new loose heaps
// is chosen. Branches are taken in this order: d ascending, then the set of
// new loose heaps in lexicographic order of heap indices, then the set of
// loose heaps given bit j in lexicographic order of heap indices. So the
// first max_moves results of a call are the first max_moves of any call with
// a larger limit. Throws InputError if k == 0, LimitError if there are 2^32
// heaps or more.
OptionList winning_moves(const Position& heaps, unsigned k, std::size_t max_moves);

// min(number of winning moves, limit), without building the positions: the
// search of winning_moves, multiplying by binomial coefficients where
// winning_moves would enumerate which loose heaps get a bit, and by a closed
// product once k heaps are loose. Throws InputError if k == 0, LimitError if
// there are 2^32 heaps or more.
std::uint64_t count_winning_moves(const Position& heaps, unsigned k, std::uint64_t limit);

}  // namespace grundy::moore
