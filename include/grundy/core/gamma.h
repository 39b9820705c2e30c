// The value of a position in an impartial game that may be loopy: Smith's
// generalised Sprague-Grundy value γ, a nimber or ∞(K), and the sum rule
// that adds such values (docs/theory.md §6).
//
// Source: C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1
//   (1966) 51-81; Winning Ways ch. 11.
// Status: the sum rule against the outcome of whole token sums on random
//   graphs with cycles (tests/stress/graph_test.cpp).
#pragma once

#include <string>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/core/types.h"

namespace grundy {

// γ as a value: finite (a nimber), or ∞(K) with K the finite values among
// the options.
struct GammaValue {
  bool finite = true;
  Nimber value = 0;                  // when finite
  std::vector<Nimber> infinity_set;  // K when infinite: increasing, distinct
  friend bool operator==(const GammaValue&, const GammaValue&) = default;
};

// Smith's sum rule: finite values nim-add; a ⊕ ∞(K) = ∞(K ⊕ a); two or more
// infinite values give ∞(∅).
GammaValue gamma_sum(const GammaValue& a, const GammaValue& b);

// γ as every front end writes it: the nimber, or ∞{K} with K's values in
// increasing order, "∞{}" for K empty (the command, the web page and the
// Python module agree on this one spelling).
std::string gamma_text(const GammaValue& value);

// P iff γ = 0; N iff finite non-zero or ∞(K) with 0 in K; else D.
Outcome outcome_of(const GammaValue& value);

}  // namespace grundy
