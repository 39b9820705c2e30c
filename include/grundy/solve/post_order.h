// The memoised depth-first search that BruteForce (Grundy values) and
// TempoSearch (remoteness, suspense) share: every canonical position reached
// from a root gets a value computed from its options' values, children
// before parents, with an explicit stack so that long games cannot overflow
// the call stack.
//
// Description: a frame holds a position's canonical options (from
//   `expand`); the top frame descends into its first option without a value,
//   and once all have values, `combine(options)` values it. `held` counts the
//   positions held in frames (each frame's options and the frame itself) so
//   that the caller's `check_limit(extra)` bounds stored plus held positions.
// Time: one expand and one combine per position valued. Memory: the memo
//   plus the frames of one root-to-leaf path.
// Status: through BruteForce and TempoSearch, compared with plain recursive
//   twins (tests/stress/analysis_test.cpp, remoteness_test.cpp).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "grundy/core/types.h"

namespace grundy::detail {

template <class Memo, class Expand, class CheckLimit, class Combine>
auto post_order_value(const Position& root, Memo& memo, std::size_t& held, Expand expand,
                      CheckLimit check_limit, Combine combine) -> typename Memo::mapped_type {
  if (auto it = memo.find(root); it != memo.end()) return it->second;
  struct Frame {
    Position key;
    std::vector<Position> options;
    std::size_t next = 0;
  };
  std::vector<Frame> stack;
  held = 0;
  check_limit(1);
  stack.push_back({root, expand(root)});
  held = stack.back().options.size() + 1;
  while (!stack.empty()) {
    Frame& top = stack.back();
    bool descended = false;
    while (top.next < top.options.size()) {
      const Position& child = top.options[top.next];
      if (memo.count(child)) {
        ++top.next;
        continue;
      }
      check_limit(1);
      Frame frame{child, expand(child)};
      held += frame.options.size() + 1;
      stack.push_back(std::move(frame));
      descended = true;
      break;
    }
    if (descended) continue;
    auto value = combine(top.options);
    held -= top.options.size() + 1;
    memo.emplace(std::move(top.key), std::move(value));
    stack.pop_back();
  }
  held = 0;
  return memo.at(root);
}

}  // namespace grundy::detail
