// The one memoised depth-first search of the library: every position reached
// from a root gets a value computed from its options' values, children before
// parents (post-order), with an explicit stack so that long games cannot
// overflow the call stack. BruteForce (Grundy values, win/loss), TempoSearch
// (remoteness, suspense), GenusSearch, the misère quotient's learning step
// (exact outcomes of sums, quotient_learning.cpp) and two searches of
// GameSolver (γ of components; remoteness) are policies over it; its outcome queries use
// the search with early cut-off next to this one (outcome_search.h).
//
// Description: a frame holds a position's key and its node, the caller's
//   record of it whose `children` are the keys to value first (for Ruleset
//   games the canonical options, detail::canonical_options in brute_force.h).
//   The top frame asks the policy about its next child (step): known (go
//   on), deciding (the parent's value is known without the other children,
//   as a losing option makes the mover win), unknown (push it) or a cycle
//   (the child is on the current path, or cannot be valued by this search:
//   give up). Once no child is left, the policy values and stores the key
//   (finish). `held` counts what the frames hold (each frame's key and
//   children) so that the policy's check_limit(extra) can bound stored plus
//   held positions; it is checked before each position is expanded. On a
//   cycle or an exception every frame still open is handed back to the
//   policy (abandon) and `held` is restored, so that nothing half-valued
//   stays in the caller's memo.
// Source: depth-first search in post-order (Cormen, Leiserson, Rivest and
//   Stein, Introduction to Algorithms, §22.3) with the recursion replaced by
//   an explicit stack; memoisation as in docs/theory.md §1.
// Time: one expand and one finish per position valued, one step per child
//   looked at (a child pushed is looked at again once valued).
// Memory: the caller's memo plus the frames of one root-to-leaf path.
// Status: through its policies, compared with plain recursive twins: Grundy
//   values and win/loss (tests/stress/analysis_test.cpp, conventions_test.cpp),
//   remoteness and suspense (remoteness_test.cpp, suspense_test.cpp), genera
//   (genus_test.cpp), user games with and without cycles (user_game_test.cpp).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace grundy::detail {

// What a child tells the search (Policy::step).
enum class Step {
  next,     // the child has a value: look at the next one
  decided,  // the child's value decides the parent's: skip the other children
  descend,  // the child has no value yet: value it first
  cycle,    // the child is on the current path (or cannot be valued here)
};

// A policy P over keys K provides:
//   typename P::Node                 default-constructible, with a member
//                                    `std::vector<K> children`
//   Node expand(const K& key)        the key's node; the key is on the path
//                                    from then until finish or abandon
//   Step step(Node& node, const K& child)
//   void finish(K&& key, Node& node) value the key and store it (if it
//                                    throws, then before taking the key)
//   void abandon(const K& key)       the key leaves the path unvalued
//   void check_limit(std::size_t extra)
//                                    throws when stored + held + extra
//                                    positions would pass the limit
//   void recycle(Node& node)         (optional) takes a finished node's
//                                    memory for later expansions
// The root must not be stored yet. Returns true once the root is stored;
// false when a step reported a cycle (every open key abandoned).
template <class Key, class Policy>
bool post_order_search(const Key& root, Policy& policy, std::size_t& held) {
  struct Frame {
    Key key;
    typename Policy::Node node;
    std::size_t next = 0;
  };
  std::vector<Frame> stack;
  const auto push = [&](const Key& key) {
    policy.check_limit(1);
    // The key is copied before push_back may move the frame it comes from.
    stack.push_back(Frame{key, {}, 0});
    try {
      stack.back().node = policy.expand(stack.back().key);
    } catch (...) {
      stack.pop_back();
      throw;
    }
    held += stack.back().node.children.size() + 1;
  };
  const auto unwind = [&] {
    for (const Frame& frame : stack) {
      held -= frame.node.children.size() + 1;
      policy.abandon(frame.key);
    }
    stack.clear();
  };
  try {
    push(root);
    while (!stack.empty()) {
      Frame& top = stack.back();
      const std::vector<Key>& children = top.node.children;
      bool descend = false;
      while (top.next < children.size()) {
        const Step step = policy.step(top.node, children[top.next]);
        if (step == Step::next) {
          ++top.next;
        } else if (step == Step::decided) {
          top.next = children.size();
        } else if (step == Step::cycle) {
          unwind();
          return false;
        } else {
          descend = true;
          break;
        }
      }
      if (descend) {
        push(children[top.next]);
        continue;
      }
      policy.finish(std::move(top.key), top.node);
      held -= children.size() + 1;
      // A policy may keep the node's memory for its next expansions.
      if constexpr (requires { policy.recycle(top.node); }) policy.recycle(top.node);
      stack.pop_back();
    }
  } catch (...) {
    unwind();
    throw;
  }
  return true;
}

// The plainest policy: a memo from keys to values, each computed by
// `combine(values)` from the stored values of all the children, in the
// order of the children; no cycle is looked for (a game with one makes the
// search run into its limit). Returns the root's value.
// Each child's value is read from the memo once, when step finds it there
// (a child pushed is stepped again once valued), and kept in the node for
// finish: reading them again there was a second lookup per option, and the
// lookups were about half of a BruteForce search's time.
template <class Memo, class Expand, class CheckLimit, class Combine>
typename Memo::mapped_type memoised_value(const typename Memo::key_type& root, Memo& memo,
                                          std::size_t& held, Expand expand,
                                          CheckLimit check_limit, Combine combine) {
  using Key = typename Memo::key_type;
  using Value = typename Memo::mapped_type;
  if (auto it = memo.find(root); it != memo.end()) return it->second;
  struct Policy {
    struct Node {
      std::vector<Key> children;
      std::vector<Value> values;  // of children[0..values.size())
    };
    Memo& memo;
    Expand& expand_children;
    CheckLimit& check;
    Combine& combine_values;
    // Value lists of finished nodes, kept for their memory.
    std::vector<std::vector<Value>> spare;
    Node expand(const Key& key) {
      Node node{expand_children(key), {}};
      if (!spare.empty()) {
        node.values = std::move(spare.back());
        spare.pop_back();
        node.values.clear();
      }
      node.values.reserve(node.children.size());
      return node;
    }
    Step step(Node& node, const Key& child) {
      const auto it = memo.find(child);
      if (it == memo.end()) return Step::descend;
      node.values.push_back(it->second);
      return Step::next;
    }
    void finish(Key&& key, Node& node) {
      Value value = combine_values(node.values);
      memo.emplace(std::move(key), std::move(value));
    }
    void recycle(Node& node) { spare.push_back(std::move(node.values)); }
    void abandon(const Key&) {}
    void check_limit(std::size_t extra) { check(extra); }
  } policy{memo, expand, check_limit, combine, {}};
  post_order_search(root, policy, held);
  return memo.at(root);
}

}  // namespace grundy::detail
