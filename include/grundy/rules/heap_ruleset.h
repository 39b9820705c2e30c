// Heap games: a position is a multiset of heaps, and a move acts on ONE heap,
// replacing it by smaller heaps (a removal, a split, or both).
// Such a position is the disjunctive sum of its heaps, so its Grundy value is
// the nim-sum of the heap values G(n) (Sprague-Grundy theorem, docs/theory.md §1).
// Nim, subtraction games, take-and-break codes, Lasker's Nim and the split
// games (AcWing 894, Grundy's game) are heap games.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

#include "grundy/core/saturating.h"
#include "grundy/rules/ruleset.h"

namespace grundy {

class TakeAndBreak;

// The heaps one move of a classic code can leave at most (a take-and-break
// digit G-V: four). Codes written with CGSuite's wider digits (&n;, {..},
// '*') can leave more, and HeapParts holds any number.
inline constexpr unsigned kMaxHeapParts = 4;

// The parts of one option: up to kMaxHeapParts in place (every option of the
// classic codes and of the other heap games, so listing them allocates
// nothing), more in an array of their own. Only the first `part_count` of
// the owning HeapOption are meaningful; `resize` makes room for more.
class HeapParts {
 public:
  HeapParts() = default;
  HeapParts(std::initializer_list<Heap> parts) { *this = parts; }
  HeapParts& operator=(std::initializer_list<Heap> parts) {
    wide_.clear();
    if (parts.size() > kMaxHeapParts) wide_.assign(parts.begin(), parts.end());
    else std::copy(parts.begin(), parts.end(), small_.begin());
    return *this;
  }
  // Room for `count` parts; those already held keep their values.
  void resize(std::size_t count) {
    if (count <= capacity()) return;
    if (wide_.empty()) wide_.assign(small_.begin(), small_.end());
    wide_.resize(count);
  }
  std::size_t capacity() const { return wide_.empty() ? kMaxHeapParts : wide_.size(); }
  Heap* data() { return wide_.empty() ? small_.data() : wide_.data(); }
  const Heap* data() const { return wide_.empty() ? small_.data() : wide_.data(); }
  Heap* begin() { return data(); }
  const Heap* begin() const { return data(); }
  Heap& operator[](std::size_t i) { return data()[i]; }
  const Heap& operator[](std::size_t i) const { return data()[i]; }

 private:
  std::array<Heap, kMaxHeapParts> small_{};
  std::vector<Heap> wide_;  // all the parts, once more than kMaxHeapParts were asked for
};

// One option of a single heap: the non-empty heaps left behind, in ascending
// order (an empty list means the heap was taken away entirely).
struct HeapOption {
  HeapParts parts;
  std::uint32_t part_count = 0;

  Heap total() const;
  // The option that leaves one heap of n, or none when n is 0.
  static HeapOption leaving(Heap n) {
    HeapOption option;
    if (n != 0) {
      option.parts[0] = n;
      option.part_count = 1;
    }
    return option;
  }
  // The same heaps left: parts past part_count do not count.
  friend bool operator==(const HeapOption& a, const HeapOption& b) {
    return a.part_count == b.part_count &&
           std::equal(a.parts.begin(), a.parts.begin() + a.part_count, b.parts.begin());
  }
};

class HeapRuleset : public Ruleset {
 public:
  void accept(RulesetVisitor& visitor) const override { visitor.heaps(*this); }
  bool numbers_are_components() const override { return true; }

  using HeapOptionVisitor = std::function<bool(const HeapOption&)>;

  // Calls `visit` with each option of a single heap of size n, each distinct
  // multiset of parts once, until it returns false.
  virtual void for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const = 0;

  // Whether this is Nim itself (Bouton 1901; docs/theory.md §2): a heap's
  // value is its size and it can be reduced to any smaller size, so the
  // nim-sum of the sizes decides, and misère play has Nim's closed form. For
  // code that states Nim's own facts (include/grundy/solve/explanation.h).
  // A code or subtraction set that plays like Nim is not Nim itself.
  virtual bool is_nim() const { return false; }

  // G(n), when a closed form proven for every n belongs to this ruleset.
  virtual std::optional<Nimber> closed_form_value(Heap /*n*/) const { return std::nullopt; }

  // For rulesets with a closed form: visits the options of heap n whose value
  // is `target` without enumerating all options, and returns true. Returns
  // false (visiting nothing) where no such shortcut exists.
  virtual bool for_each_heap_option_with_value(Heap /*n*/, Nimber /*target*/,
                                               const HeapOptionVisitor& /*visit*/) const {
    return false;
  }

  // The same game as a take-and-break code, where it is one with a code of
  // reasonable length (at most kMaxCodeDigits digits): the research-scale
  // engines and periodicity proofs work on codes (docs/theory.md §3).
  virtual std::optional<TakeAndBreak> as_code() const;
  static constexpr std::size_t kMaxCodeDigits = 1'000'000;

  // G(0..last) by a method faster than the naive mex where the ruleset has
  // one (checked against the naive engine in tests); empty if it has none.
  virtual std::vector<Nimber> fast_values(Heap /*last*/) const { return {}; }

  // An upper bound on the work (options visited) to compute G(0..last) by
  // fast_values where there is one, else by the naive mex; saturates at
  // UINT64_MAX. Computed rulesets are refused beyond a budget on this number
  // rather than hanging.
  virtual std::uint64_t compute_cost(Heap last) const = 0;

  // An upper bound on the options of one heap of n, for checks that visit a
  // single large heap's options. By default compute_cost(n)/(n+1), which
  // falls below the truth once compute_cost saturates; a ruleset that knows
  // better says so.
  virtual std::uint64_t heap_option_bound(Heap n) const;

  // Ruleset interface: a move replaces heap i by the parts of one of its
  // options, in place (a heap taken away entirely stays as a 0).
  void for_each_option(const Position& position,
                       const std::function<bool(const Position&)>& visit) const override;
  std::string describe_move(const Position& before, const Position& after) const override;
  // Sorted, without empty heaps: heaps are interchangeable and an empty heap
  // has no move under every convention.
  Position canonical(const Position& position) const override;
  // From a canonical position (heaps in order, none empty): each heap's
  // options once for equal heaps side by side, each option's canonical form
  // the other heaps merged with the move's non-empty parts.
  void for_each_canonical_option(const Position& position,
                                 const std::function<bool(Position&&)>& visit) const override;

  // The position after replacing heap `index` of `position` by `option`.
  static Position apply(const Position& position, std::size_t index, const HeapOption& option);
  // The move that replaces heap `index`, of size `heap`, by `option`.
  static Move heap_move(std::size_t index, Heap heap, const HeapOption& option);
};

// The ruleset as a heap game, or nullptr when it is of another family (for
// the commands that apply to heap games only: values, period).
const HeapRuleset* heap_ruleset_of(const Ruleset& ruleset);
// The same for a request that needs one (`what`: "values", "period",
// "quotient", ...): throws InputError "'WHAT' needs a heap ruleset: positions
// of 'NAME' are not sums of single heaps" otherwise. The one refusal every
// front end gives.
const HeapRuleset& require_heap_ruleset(const Ruleset& ruleset, std::string_view what);


}  // namespace grundy
