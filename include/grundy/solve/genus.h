// Misère genus (Conway) of impartial positions, and a tame/wild verdict for
// the small heaps of a heap game.
//
// Description: the genus of a game X is g^(g0 g1 g2 ...): g = G(X), its
//   normal-play value, and g_i = G⁻(X + i·*2), the misère Grundy value (mex
//   recursion in which a position without options has value 1) of X beside i
//   nim heaps of size 2. It is computed from the options' genera alone:
//     g_0 = mex{ g'_0 : X' an option }  (1 if X has no option),
//     g_i = mex({ g'_i } ∪ { g_{i-1}, g_{i-1} ⊕ 1 })  for i ≥ 1,
//   since X + i·*2 moves to X' + i·*2, to X + (i-1)·*2 (a *2 taken) and to
//   X + (i-1)·*2 + *1, whose value is g_{i-1} ⊕ 1 by Lemma 1.
//   Lemma 1: G⁻(Y + *1) = G⁻(Y) ⊕ 1 for every game Y.
//   Lemma 2 (stopping rule): if every option alternates from index A on
//     (g'_{k+2} = g'_k for all k ≥ A) and g_j = g_{j+2} for one
//     j ≥ max(0, A-1), then g_{k+2} = g_k for every k ≥ j; and such a j
//     exists below max(1, A) + 5. So every sequence here is exact: computed
//     until Lemma 2 proves the alternation, never truncated.
//   Both lemmas are proved in docs/misere.md, "Proofs of the two lemmas".
//   Notation (WW ch. 13): the superscript lists g_0 .. g_{a+1}, where a is the
//   least index from which the sequence alternates; the last two digits
//   repeat for ever: 0^120 is 0^(1,2,0,2,0,...), 2^20 is 2^(2,0,2,0,...).
//   Digits are run together while every one is below 10, else written
//   "(12,14)" (CGSuite's convention): 12^(12,14).
//   Tame genera: those of nim positions, i.e. 0^120 (*0), 1^031 (*1) and
//   g^(g,g⊕2) for every g ≥ 0 (g ≥ 2: *g; 0^02: *2+*2; 1^13: *2+*3). This
//   is the list of CGSuite's tame phylum (Hoey): G(X) = G⁻(X), or
//   {G(X), G⁻(X)} = {0, 1}, with all options tame. "0^0" and "1^1" in WW's
//   short notation (g^g0) are the tame 0^02 and 1^13; restive genera
//   (G(X) ≤ 1 < G⁻(X)) and all others are not tame here.
//   A game is tame when every position of it, not only the game itself, has
//   a tame genus (ONAG ch. 12; WW ch. 13, "Survival in the Lost World"). Sums
//   of tame games are tame, and such a sum has the genus of the nim position
//   made of the components' nim counterparts: its normal value is the nim-sum
//   X, and it is firm (some component has g_0 = g, i.e. genus g^(g,...)) or
//   fickle (every component 0^120 or 1^031). Misère outcome: the mover wins
//   iff X ≠ 0 for a firm sum, iff X = 0 for a fickle one. When every
//   component has the genus of a single nim heap, firm means "some value
//   > 1" and this is exactly the misère-Nim rule (docs/theory.md §4, the SJ
//   theorem) applied to the values G(h_i).
// Source: J. H. Conway, On Numbers and Games, ch. 12; Berlekamp, Conway, Guy,
//   Winning Ways, ch. 13; CGSuite's Genus and Phylum (Dan Hoey), whose genus
//   recursion and tame classes are those used here; Lemmas 1-2 above
//   (proofs in docs/misere.md).
// Time: O(sum over the positions reached of options × (A + 8)), A the
//   largest alternation index among options (small in practice).
//   Memory: one genus per position reached (Ruleset::canonical).
// Status: every g_i compared with an independent recursion over the explicit
//   sum X + i·*2 on random rulesets; the verdict "tame" checked against the
//   exhaustive misère outcome of random sums of heaps (tests/stress); nim
//   heaps, subtraction games (misère nim heaps, WW ch. 13), Plambeck's list
//   of the quaternary games with non-nim positions and his genera of 0.312
//   (plambeck.org) in tests/unit.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/ruleset.h"
#include "grundy/solve/brute_force.h"

namespace grundy {

struct Genus {
  // g: the normal-play Grundy value.
  Nimber value = 0;
  // g_0 .. g_{a+1} with a = alternates_from; g_{k+2} = g_k for all k ≥ a.
  std::vector<Nimber> misere;
  // The least index from which the sequence alternates (proven, Lemma 2).
  std::size_t alternates_from = 0;

  // g_i for any i ≥ 0; g_0 is the misère Grundy value G⁻(X).
  Nimber misere_value(std::size_t i) const;
  // WW's notation in plain text: "0^120", "2^20", "2^1420", "12^(12,14)".
  std::string symbol() const;
  // The genus of a nim position (0^120, 1^031, g^(g,g⊕2)).
  bool tame() const;
  // The genus of a single nim heap *g: tame, and not 0^02 or 1^13.
  bool nim_like() const;
  // g_0 = g: in a sum of tame games this component decides like a heap of
  // size ≥ 2 (tame genera that are not firm are 0^120 and 1^031, "fickle").
  bool firm() const { return !misere.empty() && misere[0] == value; }

  // The genus of a nim position with normal value g, firm or fickle (g ≤ 1).
  static Genus of_nim_position(Nimber g, bool firm);

  friend bool operator==(const Genus&, const Genus&) = default;
};

// The genus of a game whose options have the given genera (Lemma 1-2 above).
Genus genus_from_options(const std::vector<const Genus*>& options);

// The genus of a sum of TAME games from the components' genera: that of the
// corresponding nim position (see above). Only valid when every position of
// every component has a tame genus, which these genera alone cannot show;
// nullopt when some component's own genus is not tame.
std::optional<Genus> tame_sum_genus(const std::vector<Genus>& components);

// Default bound on the positions a genus search may store.
inline constexpr std::uint64_t kGenusSearchLimit = 4'000'000;
// Bound on the options it may generate, per allowed position.
inline constexpr std::uint64_t kGenusOptionsPerPosition = 16;

// Memoised exhaustive search for genera of the positions of one ruleset.
// Depth-first with an explicit stack (a Kayles heap of n has depth up to n).
class GenusSearch {
 public:
  // Throws LimitError once more than `position_limit` positions would be
  // stored (or held on the search stack), or more than
  // kGenusOptionsPerPosition × position_limit options generated in all;
  // InputError if play can return to a position (genus theory is for games
  // that end).
  GenusSearch(const Ruleset& ruleset, std::uint64_t position_limit = kGenusSearchLimit);

  const Genus& genus(const Position& position);

  std::uint64_t positions_stored() const { return order_.size(); }
  std::uint64_t position_limit() const { return limit_; }
  // Progress reports and a stop flag (search_control.h); nullptr: none.
  void set_control(const SearchControl* control) { ticker_.set(control, "genus search"); }
  // Calls `visit` with the stored positions (canonical) numbered first and
  // later, in the order they were completed: each after all its options.
  void for_each_stored(std::size_t first,
                       const std::function<void(const Position&, const Genus&)>& visit) const;

 private:
  std::vector<Position> expand(const Position& key);
  void check_limit(std::size_t held, std::size_t extra) const;

  const Ruleset& ruleset_;
  std::uint64_t limit_;
  std::uint64_t options_generated_ = 0;
  std::unordered_map<Position, Genus, PositionHash> genera_;
  std::vector<const std::pair<const Position, Genus>*> order_;
  detail::SearchTicker ticker_;
};

// Whether a heap game is tame on heaps 0..max_heap: the genus of EVERY
// position reachable from one of them (sums of heaps after splits included)
// is tame. Says nothing about larger heaps.
struct TameVerdict {
  // The last heap examined: the bound asked for, or the first wild heap when
  // the scan stopped there (tame_verdict).
  Heap max_heap = 0;
  bool tame = true;
  // Every heap 0..max_heap has the genus of a nim heap (0^120, 1^031,
  // g^(g,g⊕2) with g ≥ 2). Meaningful only when `tame`.
  bool nim_heaps = true;
  // The least heap with genus 0^02 or 1^13, if any, and that genus.
  std::optional<Heap> firm_small_heap;
  Genus firm_small_genus;
  // When not tame: the least heap from which a position with a wild (not
  // tame) genus is reachable; the least such position (fewest tokens, then
  // fewest heaps, then lexicographic, canonical form) and its genus.
  Heap wild_heap = 0;
  Position wild_position;
  Genus wild_genus;
  // Positions examined: every one reachable from heaps 0..max_heap, or up to
  // the first wild heap when the scan stops there.
  std::uint64_t positions = 0;

  // The theorem above applies: sums of heaps ≤ max_heap are won in misère
  // play exactly as misère Nim with heaps G(h_i).
  bool misere_nim_rule() const { return tame && nim_heaps; }

  // The verdict as one line (the command line's text and JSON "verdict",
  // Python's TameVerdict): what was checked and what it allows, never more
  // than the heaps examined.
  std::string text() const;
};

// A proven lower bound on the number of distinct positions reachable from
// one heap n, the heap itself and the empty position included, for some n
// in from..to: the most over those n, computed only until it passes `cap`
// (then some value above cap) and within a fixed budget of option visits
// (then the most found so far). Cheap next to any search of those positions.
//
// Description: s(n) = 1 + max s(m) over the options of n that leave one heap
//   m < n (s(0) = 1, the empty position; taking the whole heap counts as
//   m = 0) is at most the number of single heaps (or none) reachable from n,
//   a chain of distinct sizes. P(n, k), a product of k such counts, follows
//   the options that leave two heaps: P(n, 1) = s(n), and P(n, k) is the
//   most of P(m, k) over one-heap options m and of P(b, j)·P(c, k-j) over
//   two-heap options (b, c). Each factor counts the single heaps (or none)
//   that one of k heaps, all present together after the splits, can still
//   become, and the heaps move independently, so P(n, k) tuples of sizes are
//   reachable; as multisets they are at least P(n, k) / k! distinct
//   positions (with k fixed, a multiset of k sizes, zeros counted, is one
//   position). The bound is the most of P(n, k) / k! over k ≤ 12.
// Source: the counting argument above; docs/misere.md for the search it
//   bounds.
// Status: compared with the positions a genus search stores on random
//   rulesets (tests/stress/genus_test.cpp).
std::uint64_t heap_reach_lower_bound(const HeapRuleset& ruleset, Heap from, Heap to,
                                     std::uint64_t cap);
// Throws LimitError, naming --search-limit, when that bound shows that a
// genus search of the heaps from..to would store more than `limit` positions.
void check_genus_reach(const HeapRuleset& ruleset, Heap from, Heap to, std::uint64_t limit);

struct HeapGenera {
  Heap from = 0;
  std::vector<Genus> genera;  // genera[i] is the genus of heap from + i
  TameVerdict verdict;        // over heaps 0..to
};

// The genus of each heap from..to, and the verdict over heaps 0..to. Throws
// LimitError when the search would exceed `position_limit` positions.
HeapGenera heap_genera(const HeapRuleset& ruleset, Heap from, Heap to,
                       std::uint64_t position_limit = kGenusSearchLimit,
                       const SearchControl* control = nullptr);

// The verdict alone, stopping at the first wild heap. Throws LimitError.
TameVerdict tame_verdict(const HeapRuleset& ruleset, Heap max_heap,
                         std::uint64_t position_limit = kGenusSearchLimit,
                         const SearchControl* control = nullptr);

// Whether the misère-Nim rule (SJ theorem, docs/theory.md §4) may decide sums of
// heaps ≤ max_heap: every position reachable from them is tame and every
// heap has a nim-heap genus. False, not an exception, when the search would
// exceed `position_limit`: unverified means not applicable (a stop through
// `control` still throws Interrupted).
bool misere_nim_rule_applies(const HeapRuleset& ruleset, Heap max_heap,
                             std::uint64_t position_limit = kGenusSearchLimit,
                             const SearchControl* control = nullptr);

}  // namespace grundy
