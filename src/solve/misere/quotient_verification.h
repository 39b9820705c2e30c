// Checking a candidate quotient (quotient_stage.h): the automaton of the
// stage's sums of heaps 1..n read heap by heap, whose every reachable state
// must predict the outcome the candidate gives (docs/misere-quotients.md,
// "Verification"); the work all verification on a thread may do.
//
// Description: two forms of the automaton. The full one keeps, for each kind
//   of heap in a sum W, Φ(W − h): about 2^kinds states, which refine() keeps
//   as a finer monoid. The compact one keeps (Φ(W), W has an option, U),
//   U ⊆ Q the products that would give W a P-option: its states do not
//   grow with the kinds. CompactVerifier keeps the compact automaton from
//   heap to heap while the quotient stays as it was, adding only the new
//   kinds of heap. States live in a StateTable (state_table.h).
// Source: the verification is the induction of Plambeck and Siegel,
//   "Misère quotients for impartial games", JCTA 115 (2008), made an
//   automaton; the compact form and the reuse are this project's
//   (docs/misere-quotients.md).
// Time: per state explored, one transition per kind of heap, each O(|Q|)
//   (compact) or O(kinds) (full), plus O(width) to find the state reached;
//   a kept automaton costs per new kind one transition per known state.
// Memory: per state its row (2 + |Q|/32 words, or kinds + 1), 8 to 16 bytes
//   of slots and a word per kind of edges; bounded by the state limit,
//   which by default is what half of QuotientOptions::max_memory holds.
// Status: tests/stress/misere_quotient_test.cpp against brute-force
//   outcomes; tests/unit and tests/cli against published quotients and
//   MisereSolver's.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "solve/misere/quotient_stage.h"
#include "solve/misere/state_table.h"

namespace grundy::detail {

// The full automaton, at most `state_limit` states (0: as many as half of
// the memory allowed holds), and no more work than is left to the
// computation running on this thread (VerifyWorkScope).
QuotientAutomaton explore(const QuotientStage& s, std::size_t state_limit);

// The compact automaton, limited alike.
QuotientAutomaton explore_compact(const QuotientStage& s, std::size_t state_limit);

// The compact automaton's form: its rows and transitions
// (quotient_verification.cpp).
class CompactForm;

// Checks stages with the compact automaton, exploring only the states that
// can fail first (the inclusion-minimal sets of products with a P-option),
// and keeps what it explored from check to check while the stages extend
// one another (same table, P-portion, and elements and option elements of
// the heaps checked before): a heap that leaves the quotient as it was costs
// its new kinds' transitions, not a new check. docs/misere-quotients.md,
// "Verification".
class CompactVerifier {
 public:
  CompactVerifier();
  ~CompactVerifier();
  CompactVerifier(const CompactVerifier&) = delete;
  CompactVerifier& operator=(const CompactVerifier&) = delete;

  // Whether s is verified, limited as explore_compact: complete and
  // consistent when it is. Only the states that can fail first are
  // explored, so a failed check is no automaton to refine; whole() is.
  // Valid until the next call.
  const QuotientAutomaton& check(const QuotientStage& s, std::size_t state_limit);

  // The whole compact automaton (explore_compact) of the stage whose check
  // just failed, reusing what the check found, for refine(). It is built
  // only when asked for: most failed checks are repaired another way
  // (the finer monoid, recalibration), and for a large quotient it has far
  // more states than the check (0.54's heap 108: 706,783, about a minute).
  const QuotientAutomaton& whole(const QuotientStage& s, std::size_t state_limit);

 private:
  using Element = MisereQuotient::Element;
  bool extends(const QuotientStage& s) const;
  void start(const QuotientStage& s);
  bool find(const StateTable::Word* row, std::size_t state_limit);
  void grow(const QuotientStage& s, std::size_t state_limit);

  QuotientAutomaton a_;  // the kinds (letter, heap_of_type, type_of_heap)
  std::unique_ptr<CompactForm> form_;
  StateTable rows_;
  std::size_t explored_ = 0;       // states found before it are explored
  std::vector<char> dominated_;    // per state
  // Per (Φ(W), o): the states whose U no other state's U is within.
  std::vector<std::vector<std::uint32_t>> minimal_;
  // The stage the check passed for (kept_), and its kinds.
  bool kept_ = false;
  std::size_t m_ = 0;
  std::vector<Element> table_;
  std::vector<char> p_;
  std::vector<Element> phi_{0};
  OptionImages images_;  // heaps 0..phi_.size()-1
  std::map<std::pair<Element, std::vector<Element>>, std::size_t> type_of_;
  std::vector<std::vector<Element>> moves_;
};

// The cheapest sum (fewest tokens) that s predicts wrongly, found without
// the whole automaton: `check` says whether the search was complete (with
// the fields incomplete_note() reads) and whether s is consistent; when it
// is not, `failure` is the sum (ascending) and its tokens, and `predicted`
// the outcome its options give (its true outcome when every move takes a
// token). The same tokens as cheapest_failure() on the whole automaton.
struct CheapestFailure {
  QuotientAutomaton check;
  QuotientFailure failure;
  bool predicted = false;
};
CheapestFailure find_cheapest_failure(const QuotientStage& s, std::size_t state_limit);

// Bounds the work of every verification automaton built on this thread
// while it lives, all together, to `limit` steps: a transition costs the
// width of what it builds (the stage's order; the number of kinds for the
// full automaton). QuotientOptions::max_verify_work; without a scope there
// is no bound.
class VerifyWorkScope {
 public:
  explicit VerifyWorkScope(std::uint64_t limit);
  ~VerifyWorkScope();
  VerifyWorkScope(const VerifyWorkScope&) = delete;
  VerifyWorkScope& operator=(const VerifyWorkScope&) = delete;

 private:
  std::uint64_t saved_left_, saved_limit_;
};

// The verification work spent on this thread within the innermost
// VerifyWorkScope.
std::uint64_t verify_work_spent();

// Why an automaton is not complete, for a quotient's stop note: "more than
// N states to check", or the work.
std::string incomplete_note(const QuotientAutomaton& a, std::size_t state_limit);

}  // namespace grundy::detail
