// Moore's Nim_k closed forms against their by-definition twins.
//
// Exhaustive part: P/N tables built from the move rules alone (a move lowers
// between 1 and k heaps, each by at least one token) for every position of up
// to 4 heaps of size <= 7 with k = 1..4, and of 5 or 6 heaps of size <= 3 with
// k = 1..6 (k >= number of heaps included). is_p_position, one_winning_move,
// the exact set of winning moves and their count are compared with the table.
//
// Random part, for heaps too large for a table: every move returned is
// checked legal by the rules and P by a naive column count (Moore's theorem,
// which the exhaustive part verifies by definition); exact sets are checked
// where they are known independently: Nim (k = 1, Bouton's rule), k >= number
// of heaps (the only P-position left is all heaps empty), and small random
// positions whose moves are all enumerated by the rules.
#include "grundy/rules/moore_closed_form.h"
#include "grundy/rules/moore.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace grundy::moore {
namespace {

constexpr std::uint64_t kSeed = 0x4d6f6f72654e696dULL;  // "MooreNim"
constexpr std::size_t kAll = std::numeric_limits<std::size_t>::max();
constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();

std::string show(const Position& heaps) {
  if (heaps.size() <= 12) return fmt::format("{{{}}}", fmt::join(heaps, ", "));
  return fmt::format("{} heaps {{{}, ...}}", heaps.size(),
                     fmt::join(heaps.begin(), heaps.begin() + 12, ", "));
}

// Calls visit(to) for every position reachable from `from` in one move of
// Nim_k: each heap kept or lowered to any smaller size, 1..k heaps lowered.
template <class Visit>
void for_each_move(const Position& from, unsigned k, Visit&& visit) {
  Position to = from;
  auto recurse = [&](auto&& self, std::size_t i, unsigned lowered) -> void {
    if (i == from.size()) {
      if (lowered >= 1) visit(to);
      return;
    }
    to[i] = from[i];
    self(self, i + 1, lowered);
    if (lowered == k) return;
    for (Heap v = 0; v < from[i]; ++v) {
      to[i] = v;
      self(self, i + 1, lowered + 1);
    }
    to[i] = from[i];
  };
  recurse(recurse, 0, 0);
}

// Whether `to` follows from `from` by one move of Nim_k.
::testing::AssertionResult is_legal_move(const Position& from, const Position& to, unsigned k) {
  if (to.size() != from.size())
    return ::testing::AssertionFailure() << "heap count changed: " << show(to);
  std::uint64_t lowered = 0;
  for (std::size_t i = 0; i < from.size(); ++i) {
    if (to[i] > from[i])
      return ::testing::AssertionFailure() << "heap " << i << " grew in " << show(to);
    if (to[i] < from[i]) ++lowered;
  }
  if (lowered == 0 || lowered > k)
    return ::testing::AssertionFailure() << lowered << " heaps lowered in " << show(to);
  return ::testing::AssertionSuccess();
}

// Moore's criterion computed naively, one bit and one heap at a time.
bool columns_are_multiples(const Position& heaps, unsigned k) {
  Heap any = 0;
  for (Heap h : heaps) any |= h;
  for (int bit = 0; bit < 64 && (any >> bit) != 0; ++bit) {
    std::uint64_t count = 0;
    for (Heap h : heaps) count += (h >> bit) & 1;
    if (count % (std::uint64_t{k} + 1) != 0) return false;
  }
  return true;
}

// P/N of every position of `heap_count` heaps of size <= max_heap, from the
// move rules; index = the sizes read as digits in base max_heap + 1, so every
// move lowers the index.
class DefinitionTable {
 public:
  DefinitionTable(std::size_t heap_count, Heap max_heap, unsigned k)
      : heap_count_(heap_count), base_(max_heap + 1) {
    std::size_t size = 1;
    for (std::size_t i = 0; i < heap_count; ++i) size *= base_;
    is_p_.resize(size);
    for (std::size_t index = 0; index < size; ++index) {
      bool reaches_p = false;
      for_each_move(decode(index), k, [&](const Position& to) {
        reaches_p = reaches_p || is_p_[encode(to)];
      });
      is_p_[index] = !reaches_p;
    }
  }
  std::size_t size() const { return is_p_.size(); }
  bool is_p(const Position& heaps) const { return is_p_[encode(heaps)]; }
  Position decode(std::size_t index) const {
    Position heaps(heap_count_);
    for (std::size_t i = heap_count_; i-- > 0; index /= base_) heaps[i] = index % base_;
    return heaps;
  }

 private:
  std::size_t encode(const Position& heaps) const {
    std::size_t index = 0;
    for (Heap h : heaps) index = index * base_ + h;
    return index;
  }
  std::size_t heap_count_;
  std::size_t base_;
  std::vector<bool> is_p_;
};

// The winning moves by definition, sorted.
std::vector<Position> winning_moves_by_rules(const Position& from, unsigned k,
                                             const auto& is_p) {
  std::vector<Position> moves;
  for_each_move(from, k, [&](const Position& to) {
    if (is_p(to)) moves.push_back(to);
  });
  std::sort(moves.begin(), moves.end());
  return moves;
}

std::vector<Position> sorted(std::vector<Position> positions) {
  std::sort(positions.begin(), positions.end());
  return positions;
}

// Everything the exact answer pins down: P-ness, one winning move, the set
// of winning moves, its count, and that a smaller limit returns a prefix.
void check_exact(const Position& heaps, unsigned k, bool is_p,
                 const std::vector<Position>& expected_moves, const auto& judge_p) {
  SCOPED_TRACE(fmt::format("k = {}, position {}", k, show(heaps)));
  EXPECT_EQ(is_p_position(heaps, k), is_p);
  EXPECT_EQ(is_p, expected_moves.empty());  // the table's own consistency

  const std::optional<Position> move = one_winning_move(heaps, k);
  EXPECT_EQ(move.has_value(), !is_p);
  if (move) {
    EXPECT_TRUE(is_legal_move(heaps, *move, k));
    EXPECT_TRUE(judge_p(*move)) << show(*move);
  }

  const OptionList all = winning_moves(heaps, k, kAll);
  EXPECT_TRUE(all.complete);
  EXPECT_EQ(sorted(all.items), expected_moves);  // equal sorted and expected is a set
  const std::size_t total = expected_moves.size();
  EXPECT_EQ(count_winning_moves(heaps, k, kNoLimit), total);
  EXPECT_EQ(count_winning_moves(heaps, k, 1), std::min<std::uint64_t>(total, 1));
  if (total > 1) EXPECT_EQ(count_winning_moves(heaps, k, total - 1), total - 1);
  EXPECT_EQ(count_winning_moves(heaps, k, 0), 0U);

  const std::size_t all_but_one = total == 0 ? 0 : total - 1;
  for (std::size_t limit : {std::size_t{0}, std::size_t{1}, total / 2, all_but_one}) {
    const OptionList some = winning_moves(heaps, k, limit);
    EXPECT_EQ(some.complete, limit >= total) << "limit " << limit;
    const std::size_t shown = std::min(limit, total);
    ASSERT_EQ(some.items.size(), shown) << "limit " << limit;
    EXPECT_TRUE(std::equal(some.items.begin(), some.items.end(), all.items.begin()))
        << "limit " << limit << " is not a prefix of the full list";
  }
}

void check_against_table(std::size_t heap_count, Heap max_heap, unsigned k) {
  SCOPED_TRACE(fmt::format("{} heaps of size <= {}", heap_count, max_heap));
  const DefinitionTable table(heap_count, max_heap, k);
  const auto judge_p = [&](const Position& heaps) { return table.is_p(heaps); };
  for (std::size_t index = 0; index < table.size(); ++index) {
    const Position heaps = table.decode(index);
    check_exact(heaps, k, table.is_p(heaps), winning_moves_by_rules(heaps, k, judge_p), judge_p);
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(MooreClosedFormStress, EveryPositionUpToFourHeapsOfSevenMatchesTheRules) {
  for (unsigned k = 1; k <= 4; ++k)
    for (std::size_t heap_count = 0; heap_count <= 4; ++heap_count)
      check_against_table(heap_count, 7, k);
}

TEST(MooreClosedFormStress, EveryPositionOfFiveOrSixHeapsOfThreeMatchesTheRules) {
  for (unsigned k = 1; k <= 6; ++k)
    for (std::size_t heap_count = 5; heap_count <= 6; ++heap_count)
      check_against_table(heap_count, 3, k);
}

// Random positions too big for a table but small enough to list every move.
TEST(MooreClosedFormStress, RandomMediumPositionsMatchTheRules) {
  std::mt19937_64 rng(kSeed);
  SCOPED_TRACE(fmt::format("seed {:#x}", kSeed));
  struct Shape {
    std::size_t heap_count;
    Heap max_heap;
    unsigned min_k, max_k;
    int samples;
  };
  // The last shape reaches nodes with two or more loose heaps and room for
  // two or more new ones, where several numbers of new loose heaps fit.
  for (const Shape shape : {Shape{5, 15, 1, 6, 40}, Shape{3, 63, 1, 4, 12}, Shape{8, 5, 1, 9, 20},
                            Shape{9, 3, 3, 6, 40}}) {
    for (int sample = 0; sample < shape.samples; ++sample) {
      const auto k =
          static_cast<unsigned>(shape.min_k + rng() % (shape.max_k - shape.min_k + 1));
      Position heaps(shape.heap_count);
      for (Heap& h : heaps) h = rng() % (shape.max_heap + 1);
      const auto judge_p = [k](const Position& p) { return columns_are_multiples(p, k); };
      check_exact(heaps, k, columns_are_multiples(heaps, k),
                  winning_moves_by_rules(heaps, k, judge_p), judge_p);
      if (HasFailure()) return;
    }
  }
}

// Checks on a large position that need no table: every returned move is legal
// and P, the lists agree with the count and with each other.
void check_large(const Position& heaps, unsigned k, std::size_t max_moves) {
  SCOPED_TRACE(fmt::format("k = {}, position {}", k, show(heaps)));
  const bool is_p = columns_are_multiples(heaps, k);
  EXPECT_EQ(is_p_position(heaps, k), is_p);

  const std::optional<Position> move = one_winning_move(heaps, k);
  EXPECT_EQ(move.has_value(), !is_p);
  if (move) {
    EXPECT_TRUE(is_legal_move(heaps, *move, k));
    EXPECT_TRUE(columns_are_multiples(*move, k));
  }

  const OptionList found = winning_moves(heaps, k, max_moves);
  EXPECT_EQ(found.items.empty(), is_p);
  EXPECT_EQ(std::set<Position>(found.items.begin(), found.items.end()).size(),
            found.items.size())
      << "a winning move is listed twice";
  for (const Position& to : found.items) {
    EXPECT_TRUE(is_legal_move(heaps, to, k));
    EXPECT_TRUE(columns_are_multiples(to, k)) << show(to);
  }
  if (found.complete) {
    EXPECT_EQ(count_winning_moves(heaps, k, kNoLimit), found.items.size());
  } else {
    EXPECT_EQ(found.items.size(), max_moves);
    EXPECT_EQ(count_winning_moves(heaps, k, max_moves + 1), max_moves + 1);
  }
  const OptionList fewer = winning_moves(heaps, k, max_moves / 3);
  EXPECT_TRUE(std::equal(fewer.items.begin(), fewer.items.end(),
                         found.items.begin()));
}

Heap random_heap(std::mt19937_64& rng) {
  // Mostly 62-bit heaps, some short ones so that low columns differ from high.
  const int bits = (rng() % 4 == 0) ? static_cast<int>(1 + rng() % 62) : 62;
  return rng() >> (64 - bits);
}

TEST(MooreClosedFormStress, RandomLargePositionsGiveLegalWinningMoves) {
  std::mt19937_64 rng(kSeed + 1);
  SCOPED_TRACE(fmt::format("seed {:#x}", kSeed + 1));
  for (std::size_t heap_count : {1, 2, 3, 5, 9, 40, 1000, 20000}) {
    for (unsigned k : {1U, 2U, 3U, 4U, 7U, 64U, 1000U, 4'000'000'000U}) {
      Position heaps(heap_count);
      for (Heap& h : heaps) h = random_heap(rng);
      check_large(heaps, k, heap_count > 1000 ? 8 : 40);
      if (HasFailure()) return;
    }
  }
}

// A random P-position: each column gets a random multiple of k+1 ones.
Position random_p_position(std::mt19937_64& rng, std::size_t heap_count, unsigned k) {
  Position heaps(heap_count, 0);
  std::vector<std::size_t> order(heap_count);
  for (int bit = 0; bit < 62; ++bit) {
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::shuffle(order.begin(), order.end(), rng);
    const std::size_t groups = heap_count / (k + 1);
    const std::size_t ones = (groups == 0 ? 0 : rng() % (groups + 1)) * (k + 1);
    for (std::size_t i = 0; i < ones; ++i) heaps[order[i]] |= Heap{1} << bit;
  }
  return heaps;
}

// From a P-position every move leads to an N-position (Moore's theorem, the
// half that needs no search), and the N-positions a single random move
// reaches tend to have few winning moves: the case a search must not blow up.
TEST(MooreClosedFormStress, RandomMovesFromPPositions) {
  std::mt19937_64 rng(kSeed + 2);
  SCOPED_TRACE(fmt::format("seed {:#x}", kSeed + 2));
  for (std::size_t heap_count : {2, 4, 7, 30, 500, 5000}) {
    for (unsigned k : {1U, 2U, 3U, 5U, 8U}) {
      const Position p = random_p_position(rng, heap_count, k);
      check_large(p, k, 16);
      EXPECT_TRUE(is_p_position(p, k));
      for (int trial = 0; trial < 4; ++trial) {
        Position after = p;
        const auto lowered = std::min<std::size_t>(1 + rng() % k, heap_count);
        std::size_t changed = 0;
        for (std::size_t tries = 0; changed < lowered && tries < 64 * heap_count; ++tries) {
          const std::size_t i = rng() % heap_count;
          if (after[i] == 0 || after[i] != p[i]) continue;  // empty, or lowered already
          after[i] = rng() % after[i];
          ++changed;
        }
        if (changed == 0) continue;
        EXPECT_FALSE(is_p_position(after, k)) << show(after);
        check_large(after, k, 64);
        if (HasFailure()) return;
      }
    }
  }
}

// Nim (k = 1): the winning moves are exactly "heap i down to a_i xor X" for
// the heaps with a_i xor X < a_i, X the nim-sum (C. L. Bouton, Ann. Math. 3
// (1901-02) 35-39; docs/theory.md §2).
TEST(MooreClosedFormStress, NimWinningMovesAreBoutons) {
  std::mt19937_64 rng(kSeed + 3);
  SCOPED_TRACE(fmt::format("seed {:#x}", kSeed + 3));
  for (std::size_t heap_count : {1, 2, 3, 10, 100, 2000}) {
    for (int sample = 0; sample < 6; ++sample) {
      Position heaps(heap_count);
      for (Heap& h : heaps) h = random_heap(rng);
      Heap nim_sum = 0;
      for (Heap h : heaps) nim_sum ^= h;
      std::vector<Position> expected;
      for (std::size_t i = 0; i < heap_count; ++i) {
        if ((heaps[i] ^ nim_sum) < heaps[i]) {
          expected.push_back(heaps);
          expected.back()[i] ^= nim_sum;
        }
      }
      std::sort(expected.begin(), expected.end());
      SCOPED_TRACE(show(heaps));
      const OptionList found = winning_moves(heaps, 1, kAll);
      EXPECT_TRUE(found.complete);
      EXPECT_EQ(sorted(found.items), expected);
      EXPECT_EQ(count_winning_moves(heaps, 1, kNoLimit), expected.size());
    }
  }
}

// With k >= number of heaps no column can hold k+1 ones, so the only
// P-position is all heaps empty, and it is the only winning move.
TEST(MooreClosedFormStress, LargeKLeavesOnlyTheEmptyPosition) {
  std::mt19937_64 rng(kSeed + 4);
  SCOPED_TRACE(fmt::format("seed {:#x}", kSeed + 4));
  for (std::size_t heap_count : {1, 2, 6, 50}) {
    Position heaps(heap_count);
    for (Heap& h : heaps) h = random_heap(rng);
    const auto k = static_cast<unsigned>(heap_count + rng() % 3);
    SCOPED_TRACE(fmt::format("k = {}, {}", k, show(heaps)));
    const OptionList found = winning_moves(heaps, k, kAll);
    EXPECT_TRUE(found.complete);
    EXPECT_EQ(found.items, std::vector<Position>{Position(heap_count, 0)});
    EXPECT_EQ(one_winning_move(heaps, k), Position(heap_count, 0));
    EXPECT_EQ(count_winning_moves(heaps, k, kNoLimit), 1U);
  }
}

// The options of a given value (MooreNim::options_with_value, what a sum
// asks of a component) against the mex rule over every option: for k = 1
// (Nim) every target, for k >= 2 target 0 (the winning moves); the same
// positions in the same order as a scan of for_each_option keeps, and
// nullopt where no closed form gives the values (k >= 2, target > 0).
TEST(MooreClosedFormStress, OptionsOfAValueAgreeWithTheMexOfEveryOption) {
  for (unsigned k = 1; k <= 3; ++k) {
    SCOPED_TRACE(fmt::format("k = {}", k));
    const MooreNim game(k);
    std::map<Position, Nimber> memo;
    const auto grundy_value = [&](auto&& self, const Position& p) -> Nimber {
      const Position key = game.canonical(p);
      if (auto it = memo.find(key); it != memo.end()) return it->second;
      std::set<Nimber> seen;
      game.for_each_option(key, [&](const Position& after) {
        seen.insert(self(self, after));
        return true;
      });
      Nimber mex = 0;
      while (seen.count(mex)) ++mex;
      return memo[key] = mex;
    };
    std::mt19937_64 rng(kSeed + k);
    for (int round = 0; round < 300; ++round) {
      Position p(1 + rng() % 4);
      for (Heap& h : p) h = rng() % 7;
      for (Nimber target = 0; target < 8; ++target) {
        std::vector<Position> scanned;
        game.for_each_option(p, [&](const Position& after) {
          if (grundy_value(grundy_value, after) == target) scanned.push_back(after);
          return true;
        });
        const auto found = game.options_with_value(p, target, 1000);
        if (k > 1 && target > 0) {
          EXPECT_FALSE(found.has_value());
          continue;
        }
        ASSERT_TRUE(found.has_value());
        EXPECT_TRUE(found->complete);
        std::vector<Position> listed = found->items, expected = scanned;
        if (target == 0) {  // the winning moves come in their own documented order
          std::sort(listed.begin(), listed.end());
          std::sort(expected.begin(), expected.end());
        }
        EXPECT_EQ(listed, expected) << fmt::format("{} target {}", p, target);
        // A bound on the moves listed marks the list incomplete.
        if (!scanned.empty()) {
          const auto one = game.options_with_value(p, target, 0);
          EXPECT_TRUE(one->items.empty());
          EXPECT_FALSE(one->complete);
        }
      }
    }
  }
}

}  // namespace
}  // namespace grundy::moore
