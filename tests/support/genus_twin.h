// The genus twin shared by the genus tests: g_i = G⁻(X + i·*2) by mex
// recursion over the explicit sum (misère: a position without options has
// value 1), with no lemma and no stopping rule; memo on raw states.
// Independent of solve/genus.h, which it checks.
#pragma once

#include <map>
#include <utility>
#include <vector>

#include "support/mex_naive.h"
#include "grundy/core/nimber.h"
#include "grundy/rules/ruleset.h"

namespace grundy::testing {

// G⁻ of `position` beside nim heaps `nims`, by the definition.
class MisereSumTwin {
 public:
  explicit MisereSumTwin(const Ruleset& ruleset) : ruleset_(ruleset) {}

  Nimber value(const Position& position, const std::vector<Heap>& nims) {
    auto key = std::make_pair(position, nims);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::vector<Position> options;
    ruleset_.for_each_option(position, [&](const Position& after) {
      options.push_back(after);
      return true;
    });
    std::vector<Nimber> seen;
    for (const Position& after : options) seen.push_back(value(after, nims));
    for (std::size_t j = 0; j < nims.size(); ++j)
      for (Heap k = 0; k < nims[j]; ++k) {
        std::vector<Heap> smaller = nims;
        smaller[j] = k;
        seen.push_back(value(position, smaller));
      }
    const Nimber v = seen.empty() ? 1 : mex_naive(seen);
    memo_.emplace(std::move(key), v);
    return v;
  }

  // g_0 .. g_last of `position`.
  std::vector<Nimber> sequence(const Position& position, std::size_t last) {
    std::vector<Nimber> g;
    for (std::size_t i = 0; i <= last; ++i) g.push_back(value(position, std::vector<Heap>(i, 2)));
    return g;
  }

 private:
  const Ruleset& ruleset_;
  std::map<std::pair<Position, std::vector<Heap>>, Nimber> memo_;
};

}  // namespace grundy::testing
