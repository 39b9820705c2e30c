// Runs of the sequence engines for the stress tests: G(0..last) of a code by
// the naive engine (the by-definition twin) or by the rare/common engine, and
// a readable first difference when two sequences disagree; and a loop over
// the vector kernels' targets.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/rules/take_and_break.h"
#include "grundy/solve/sequence_engine.h"
#include "solve/engines/rare_common.h"
#include "solve/engines/sequence_kernels.h"

namespace grundy {

// Every vector target compiled in that this CPU runs (Highway's dispatch
// forced to each in turn), then the best again.
template <class Body>
void for_each_vector_target(Body body) {
  const std::vector<kernels::VectorTarget> targets = kernels::runnable_targets();
  if (kernels::available()) EXPECT_FALSE(targets.empty());
  for (const kernels::VectorTarget& target : targets) {
    SCOPED_TRACE(target.name);
    kernels::force_target(target.bits);
    EXPECT_EQ(kernels::target_name(), target.name);
    body();
  }
  kernels::force_target(0);
}

inline ValueSequence run(SequenceEngine& engine, Heap last) {
  ValueSequence values;
  EXPECT_TRUE(engine.extend(values, last, {}));
  EXPECT_EQ(values.size(), last + 1);
  return values;
}

inline ValueSequence naive(const std::string& code, Heap last) {
  auto engine = make_naive_engine(TakeAndBreak::parse(code));
  return run(*engine, last);
}

inline ValueSequence rare_common(const std::string& code, Heap last,
                                 RareCommonOptions options = {}) {
  RareCommonEngine engine(TakeAndBreak::parse(code), options);
  return run(engine, last);
}

// How many heap sizes p >= max(from, 1) of `values` hold a rare value under
// `mask` (popcount(G(p) & mask) even, src/solve/engines/rare_common.h): the entries
// the rare/common engine's list keeps in its 64-bit part when `from` is
// RareCommonOptions::wide_from.
inline std::uint64_t rare_from(const ValueSequence& values, Heap from, Nimber mask) {
  std::uint64_t count = 0;
  for (Heap p = std::max<Heap>(from, 1); p < values.size(); ++p)
    if (std::popcount(static_cast<unsigned>(values[p] & mask)) % 2 == 0) ++count;
  return count;
}

// The first index where two sequences differ, for a readable failure.
inline std::string first_difference(const ValueSequence& a, const ValueSequence& b) {
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
    if (a[i] != b[i])
      return "first difference at n = " + std::to_string(i) + ": " + std::to_string(a[i]) +
             " vs " + std::to_string(b[i]);
  return a.size() == b.size() ? "equal" : "sizes differ";
}

}  // namespace grundy

#define EXPECT_SAME_SEQUENCE(a, b) \
  EXPECT_TRUE((a) == (b)) << ::grundy::first_difference((a), (b))
