// The last resort of the misère quotient's construction (misere_quotient.cpp):
// when neither the construction nor its refinement gives a verified quotient
// for heap n, learn the quotient of heaps 0..n from exact outcomes.
//
// Description: the quotient of heaps 0..n is the minimal automaton of the
//   set of P-positions read heap by heap (indistinguishability is the Nerode
//   congruence of that set, and sums commute). Angluin's L* finds it from
//   the outcome of given sums (solved exactly by recursion over the options,
//   remembered) and from whether a candidate is right (the verification
//   automaton, which also yields a sum the candidate gets wrong);
//   counterexamples are turned into test sums by Rivest and Schapire's
//   binary search. A learned quotient is verified like any candidate.
// Source: D. Angluin, "Learning regular sets from queries and
//   counterexamples", Information and Computation 75 (1987); R. L. Rivest
//   and R. E. Schapire, "Inference of finite automata using homing
//   sequences", Information and Computation 103 (1993);
//   docs/misere-quotients.md, "Learning".
// Time: dominated by the exact outcomes, at most
//   QuotientOptions::max_learning_positions remembered sums, each solved
//   over its options; the table has at most max_elements states.
// Memory: the remembered sums, and the observation table (states × heaps ×
//   test sums bits).
// Status: the learned heaps of every 2- and 3-digit octal code where
//   learning carries the quotient past the construction, and 0.14 to heap
//   16, against plain recursion on random sums
//   (tests/stress/misere_quotient_test.cpp).
#pragma once

#include <string>

#include "grundy/core/types.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/solve/misere_quotient.h"
#include "solve/misere/quotient_stage.h"

namespace grundy::detail {

// Learns the quotient of heaps 0..n into `s`; `before` is the verified
// quotient of heaps 0..n-1 and `s` the failed candidate for heaps 0..n (it
// is still right on every sum cheaper than its cheapest failure, where the
// exact outcomes start from). Returns false with `why` set at a limit
// (options.max_learning_positions, max_elements, max_verify_states);
// throws Interrupted when options.control's stop flag is set. The result
// is verified.
bool learn_quotient(QuotientStage& s, const QuotientStage& before, const HeapRuleset& ruleset,
                    Heap n, const QuotientOptions& options, std::string& why);

}  // namespace grundy::detail
