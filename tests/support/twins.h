// Helpers shared by the tests: an independent plain-recursion twin (its
// search is separate from solve/brute_force.h, whose PositionHash alone it
// uses) and move-set comparison.
#pragma once

#include <algorithm>
#include <random>
#include <string>
#include <set>
#include <unordered_map>
#include <vector>

#include "support/mex_naive.h"
#include "grundy/core/nimber.h"
#include "grundy/rules/ruleset.h"
#include "grundy/solve/brute_force.h"

namespace grundy::testing {

// The twins' memos are hash tables keyed by the library's PositionHash
// (grundy/solve/brute_force.h): a hash decides only where a position is
// kept, never an answer, so sharing it leaves the twin independent of what
// it checks. (They were ordered maps, whose comparisons of whole positions
// were two thirds of the time of the slowest misère stress test.)

// Normal (misere = false) or misère outcome by plain memoised recursion on
// the canonical position: whether the player to move wins.
class RecursiveTwin {
 public:
  RecursiveTwin(const Ruleset& ruleset, bool misere) : ruleset_(ruleset), misere_(misere) {}

  bool mover_wins(const Position& position) {
    const Position key = ruleset_.canonical(position);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool any_option = false, wins = false;
    std::vector<Position> options;
    ruleset_.for_each_option(key, [&](const Position& after) {
      options.push_back(after);
      return true;
    });
    for (const Position& after : options) {
      any_option = true;
      if (!mover_wins(after)) {
        wins = true;
        break;
      }
    }
    if (!any_option) wins = misere_;
    memo_[key] = wins;
    return wins;
  }

  // Grundy value by the definition (normal play only).
  Nimber grundy(const Position& position) {
    const Position key = ruleset_.canonical(position);
    if (auto it = values_.find(key); it != values_.end()) return it->second;
    std::vector<Position> options;
    ruleset_.for_each_option(key, [&](const Position& after) {
      options.push_back(after);
      return true;
    });
    std::vector<Nimber> seen;
    for (const Position& after : options) seen.push_back(grundy(after));
    const Nimber g = mex_naive(seen);
    values_[key] = g;
    return g;
  }

  // Every option (as generated, not canonical) after which the mover loses.
  std::vector<Position> winning_options(const Position& position) {
    std::vector<Position> options, result;
    ruleset_.for_each_option(position, [&](const Position& after) {
      options.push_back(after);
      return true;
    });
    for (const Position& after : options)
      if (!mover_wins(after)) result.push_back(after);
    std::sort(result.begin(), result.end());
    result.erase(std::unique(result.begin(), result.end()), result.end());
    return result;
  }

 private:
  const Ruleset& ruleset_;
  bool misere_;
  std::unordered_map<Position, bool, PositionHash> memo_;
  std::unordered_map<Position, Nimber, PositionHash> values_;
};

// All positions with `count` entries, each in [0, max].
inline std::vector<Position> all_positions(std::size_t count, Heap max) {
  std::vector<Position> result;
  Position p(count, 0);
  while (true) {
    result.push_back(p);
    std::size_t i = 0;
    while (i < count && p[i] == max) p[i++] = 0;
    if (i == count) break;
    ++p[i];
  }
  return result;
}

inline std::string show(const Position& p) {
  std::string s = "(";
  for (std::size_t i = 0; i < p.size(); ++i) s += (i ? " " : "") + std::to_string(p[i]);
  return s + ")";
}

// A random short take-and-break code (octal or hexadecimal, d0 = 0 or 4) for
// the stress tests of games without cycles.
inline std::string random_code(std::mt19937_64& rng) {
  static const char kDigits[] = "0123456789ABCDEF";
  const bool hex = rng() % 3 == 0;
  std::string code = rng() % 4 == 0 ? "4." : "0.";
  const std::size_t length = 1 + rng() % 3;
  for (std::size_t i = 0; i < length; ++i) {
    std::size_t digit = rng() % (hex ? 16 : 8);
    if (i + 1 == length && digit == 0) digit = 1 + rng() % (hex ? 15 : 7);
    code += kDigits[digit];
  }
  return code;
}

}  // namespace grundy::testing
