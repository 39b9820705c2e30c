// The misère quotient while heaps are adjoined (misere_quotient.cpp): the
// quotient of heaps 0..n as the construction holds it, and the verification
// automaton that checks it. What the construction, its learning step
// (quotient_learning.cpp) and its checkpoints (quotient_checkpoint.cpp)
// share; docs/misere-quotients.md explains the method.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/solve/misere_quotient.h"

namespace grundy::detail {

// Each heap's option elements, sorted and distinct, end to end: heap h's
// are the h-th list. Flat, so that copying a stage (a run keeps the stage
// before each heap, to return to when the heap fails) costs two copies, not
// an allocation per heap: with thousands of heaps (0.56) the copies were
// about half of the run.
class OptionImages {
 public:
  using Element = MisereQuotient::Element;
  // Heap 0's list, empty, and no other.
  OptionImages() = default;

  std::size_t size() const { return start_.size() - 1; }
  std::span<const Element> operator[](std::size_t h) const {
    return {data_.data() + start_[h], start_[h + 1] - start_[h]};
  }
  // Appends the next heap's list (sorted and distinct).
  void push_back(std::span<const Element> list) {
    data_.insert(data_.end(), list.begin(), list.end());
    start_.push_back(data_.size());
  }
  // Renames every element by `rename` and sorts each list again, dropping
  // repeats.
  template <class Rename>
  void rename(Rename&& rename) {
    std::size_t kept = 0;
    for (std::size_t h = 0; h + 1 < start_.size(); ++h) {
      const auto begin = data_.begin() + static_cast<std::ptrdiff_t>(start_[h]);
      const auto end = data_.begin() + static_cast<std::ptrdiff_t>(start_[h + 1]);
      for (auto it = begin; it != end; ++it) *it = rename(*it);
      std::sort(begin, end);
      const auto last = std::unique(begin, end);
      start_[h] = kept;
      kept = static_cast<std::size_t>(std::copy(begin, last, data_.begin() +
                                                    static_cast<std::ptrdiff_t>(kept)) -
                                      data_.begin());
    }
    start_.back() = kept;
    data_.resize(kept);
  }
  // Every element of every list.
  const std::vector<Element>& all() const { return data_; }
  // Whether this object's lists begin with every list of `prefix`.
  bool starts_with(const OptionImages& prefix) const {
    return prefix.start_.size() <= start_.size() &&
           std::equal(prefix.start_.begin(), prefix.start_.end(), start_.begin()) &&
           std::equal(prefix.data_.begin(), prefix.data_.end(), data_.begin());
  }

 private:
  std::vector<Element> data_;
  std::vector<std::size_t> start_{0, 0};
};

// The quotient of heaps 0..n while heaps are being adjoined. Everything the
// next heap's step reads is here, so that a checkpoint of it continues the
// computation exactly.
struct QuotientStage {
  using Element = MisereQuotient::Element;
  std::size_t order = 1;
  std::vector<Element> table{0};
  std::vector<char> p{0};  // the empty sum: the player to move has won (misère)
  // Each element's representative: a sum of heaps (ascending) with the fewest
  // tokens, so that the elements of its options have strictly shorter
  // representatives (the outcome rows are computed in that order).
  std::vector<std::vector<Heap>> representative{{}};
  std::vector<std::uint64_t> tokens{0};
  std::vector<Element> phi{0};                          // heaps 0..n
  OptionImages option_images;                          // per heap
  // The heaps whose elements are the letters of Moore's refinement when the
  // next heap is adjoined (a stage built over a finer monoid may list more
  // than the final quotient's generators).
  std::vector<Heap> generators;

  Element times(Element a, Element b) const { return table[a * order + b]; }
  Heap last_heap() const { return phi.size() - 1; }
};

// The automaton of a stage's sums of heaps 1..n, read heap by heap
// (docs/misere-quotients.md, "Verification"). Heaps with the same element
// and the same option elements form one type, read as one letter. The
// outcome the stage's options predict for a sum W depends only on W's state;
// by induction on W, the stage predicts every outcome right iff that
// prediction agrees with P(Φ(W)) in every reachable state.
struct QuotientAutomaton {
  using Element = MisereQuotient::Element;
  std::vector<Element> element;                  // Φ(W) of each state found
  std::vector<std::vector<std::uint32_t>> next;  // next[state][type], states explored
  std::vector<char> predicted;                   // outcome from the options
  std::vector<Element> letter;                   // Φ of each type
  std::vector<Heap> heap_of_type;                // the smallest heap of each type
  std::vector<std::size_t> type_of_heap;         // heaps 1..n (index 0 unused)
  bool consistent = true;
  bool complete = true;  // false when the state or the work limit was reached
  // The work limit was reached (complete is false too): the limit, else 0.
  std::uint64_t over_work = 0;
  // The state limit that applied, and whether it came from the memory
  // allowed (QuotientOptions::max_verify_states = 0).
  std::size_t state_limit = 0;
  bool limit_by_memory = false;
};

// The bytes the computation on this thread may hold
// (QuotientOptions::max_memory; set by its QuotientWatchScope).
std::uint64_t quotient_memory();

// Whether a multiplication table of `order` elements (order^2 entries of 4
// bytes) fits in half of quotient_memory().
bool table_fits(std::size_t order);

// Why a quotient of `order` elements cannot be held ("N elements, whose
// multiplication table ..."): its table's size against the memory allowed.
std::string table_note(std::size_t order);

// The sizes the steps that repair a candidate of heap n work with, from the
// order the quotient of the heaps before it has reached: the finer monoid's
// states, recalibration's products, learning's states. While the quotient
// is small they are what they were when max_elements was 4096 (the
// default): 4096, 4 * max_elements, max_elements; then they grow with the
// order (8, 16 and 8 times it), never past max(max_elements, 4096),
// 4 * max_elements and max_elements, nor (the finer monoid, whose table is
// its states squared) past what the memory allowed holds. So with
// max_elements <= 4096 they are exactly the earlier sizes, and raising
// max_elements changes nothing while the quotient has at most 512 elements
// (1024 for the products).
struct WorkingSizes {
  std::size_t finer = 0, product = 0, learning = 0;
};
WorkingSizes working_sizes(std::size_t order, std::size_t max_elements);

// The cheapest sum (fewest tokens) reaching a state of a failed
// verification automaton whose condition fails: the sum, ascending, its
// tokens, and its state. When every move takes a token, the options of that
// sum are predicted right, so its true outcome is a.predicted[state].
// Throws std::logic_error when no state fails.
struct QuotientFailure {
  std::vector<Heap> sum;
  std::uint64_t tokens = 0;
  std::uint32_t state = 0;
};
QuotientFailure cheapest_failure(const QuotientStage& s, const QuotientAutomaton& a);

// One round of refinement after a failed verification: the automaton's
// states with their predicted outcomes, reduced by indistinguishability
// (Moore's refinement over the heap types), become the stage. False (the
// stage unchanged) when it would exceed max_elements. With reduce = false
// the states are kept as they are: a finer monoid than the stage's.
bool refine(QuotientStage& s, const HeapRuleset& ruleset, const QuotientAutomaton& a,
            std::size_t max_elements, bool reduce = true);

// The elements of the options of heap h, sorted, from the stage's Φ of
// smaller heaps.
std::vector<MisereQuotient::Element> heap_option_images(const QuotientStage& s,
                                                        const HeapRuleset& ruleset, Heap h);

}  // namespace grundy::detail
