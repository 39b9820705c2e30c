// A twin for games with cycles, shared by the stress tests: labels (won,
// lost, drawn) and Smith's remoteness by the definitions, as the least fixed
// point reached round by round (docs/theory.md §5, §6). Independent of
// solve/retrograde.h, which it checks.
#pragma once

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/rules/ruleset.h"

namespace grundy::testing {

inline std::vector<Position> sorted(std::vector<Position> list) {
  std::sort(list.begin(), list.end());
  list.erase(std::unique(list.begin(), list.end()), list.end());
  return list;
}

inline std::vector<Position> all_options(const Ruleset& ruleset, const Position& position) {
  std::vector<Position> options;
  ruleset.for_each_option(position, [&](const Position& after) {
    options.push_back(after);
    return true;
  });
  return options;
}

// Labels and remoteness by the definitions (docs/theory.md §5, §6), as the least
// fixed point reached round by round: in each round, from the labels of the
// previous rounds only, a position without options is lost (normal) or won
// with R = 1 (misère); a position with a lost option is won, R = 1 + the least
// R of its lost options; a position all of whose options are won is lost,
// R = 1 + the largest R of its options. Rounds stop when nothing changes; what
// is unlabelled then is a draw.
class LoopyTwin {
 public:
  LoopyTwin(const Ruleset& ruleset, bool misere) : ruleset_(ruleset), misere_(misere) {}

  // Adds every position reachable from `start` and recomputes the fixed point.
  void add(const Position& start) {
    std::vector<Position> stack{ruleset_.canonical(start)};
    while (!stack.empty()) {
      Position key = std::move(stack.back());
      stack.pop_back();
      if (nodes_.count(key)) continue;
      Node node;
      for (const Position& after : all_options(ruleset_, key)) {
        node.options.push_back(ruleset_.canonical(after));
        stack.push_back(node.options.back());
      }
      nodes_.emplace(std::move(key), std::move(node));
    }
    solve();
  }

  Outcome outcome(const Position& p) const { return node(p).outcome; }
  std::optional<std::uint64_t> remoteness(const Position& p) const {
    const Node& n = node(p);
    if (n.outcome == Outcome::D) return std::nullopt;
    return n.remoteness;
  }
  // Generated options leading to positions of the given outcome.
  std::vector<Position> options_to(const Position& p, Outcome wanted) const {
    std::vector<Position> result;
    for (const Position& after : all_options(ruleset_, p))
      if (outcome(after) == wanted) result.push_back(after);
    return sorted(result);
  }

 private:
  struct Node {
    std::vector<Position> options;
    Outcome outcome = Outcome::D;
    std::uint64_t remoteness = 0;
  };

  const Node& node(const Position& p) const { return nodes_.at(ruleset_.canonical(p)); }

  void solve() {
    for (auto& [key, n] : nodes_) n.outcome = Outcome::D;
    while (true) {
      std::vector<std::pair<Node*, Node>> updates;
      for (auto& [key, n] : nodes_) {
        if (n.outcome != Outcome::D) continue;
        Node next;
        if (n.options.empty()) {
          next.outcome = misere_ ? Outcome::N : Outcome::P;
          next.remoteness = misere_ ? 1 : 0;
          updates.emplace_back(&n, next);
          continue;
        }
        std::optional<std::uint64_t> least_lost;
        std::uint64_t largest = 0;
        bool all_won = true;
        for (const Position& option : n.options) {
          const Node& o = nodes_.at(option);
          if (o.outcome == Outcome::P)
            least_lost = std::min(least_lost.value_or(o.remoteness), o.remoteness);
          all_won = all_won && o.outcome == Outcome::N;
          largest = std::max(largest, o.remoteness);
        }
        if (least_lost) {
          next.outcome = Outcome::N;
          next.remoteness = 1 + *least_lost;
        } else if (all_won) {
          next.outcome = Outcome::P;
          next.remoteness = 1 + largest;
        } else {
          continue;
        }
        updates.emplace_back(&n, next);
      }
      if (updates.empty()) return;
      for (auto& [target, next] : updates) {
        target->outcome = next.outcome;
        target->remoteness = next.remoteness;
      }
    }
  }

  const Ruleset& ruleset_;
  bool misere_;
  std::map<Position, Node> nodes_;
};

}  // namespace grundy::testing
