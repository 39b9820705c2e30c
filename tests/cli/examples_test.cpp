// The contest examples (examples/*.cpp) run as built binaries on files:
// published samples checked literally; random small inputs against
// grundy::BruteForce over the matching ruleset (the by-definition twin);
// 10^5-number inputs against direct computations written here; malformed
// input ending with status 2. The LeetCode functions of examples/leetcode.h
// are also called directly and compared with brute force and with the
// problems' statements written as DP.
#include <sys/wait.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "../../examples/leetcode.h"
#include "grundy/rules/nim.h"
#include "grundy/rules/split.h"
#include "grundy/rules/staircase.h"
#include "grundy/rules/subtraction.h"
#include "grundy/rules/wythoff.h"
#include "grundy/solve/brute_force.h"
#include "support/process.h"

namespace {

using grundy::Heap;
using grundy::Position;

constexpr std::uint64_t kSeed = 20240611;
constexpr std::uint64_t kSearchLimit = 2'000'000;

using grundy::testing::ProgramRun;

// Runs examples/<name> with `input` on stdin.
ProgramRun run_example(const std::string& name, const std::string& input) {
  return grundy::testing::run_program(GRUNDY_EXAMPLES_DIR "/" + name, {}, input);
}

// Checks a successful run and returns its output.
std::string answer(const std::string& name, const std::string& input) {
  const ProgramRun run = run_example(name, input);
  EXPECT_EQ(run.status, 0) << name << " stderr: " << run.err;
  EXPECT_EQ(run.err, "");
  return run.out;
}

std::string join(const std::vector<Heap>& numbers) {
  std::string text;
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    if (i != 0) text += ' ';
    text += std::to_string(numbers[i]);
  }
  return text;
}

// "n\nh_1 ... h_n\n", the AcWing list format.
std::string counted_list(const std::vector<Heap>& numbers) {
  return std::to_string(numbers.size()) + "\n" + join(numbers) + "\n";
}

std::vector<Heap> random_list(std::mt19937_64& rng, std::size_t count, Heap low, Heap high) {
  std::uniform_int_distribution<Heap> value(low, high);
  std::vector<Heap> list(count);
  for (Heap& x : list) x = value(rng);
  return list;
}

Heap nim_sum(const std::vector<Heap>& heaps) {
  Heap x = 0;
  for (Heap h : heaps) x ^= h;
  return x;
}

// Changes heaps[0] until heaps[1..] has a nim-sum that can be a heap in
// low..high, then puts it last, so that the nim-sum of the whole list is 0.
void make_nim_sum_zero(std::vector<Heap>& heaps, std::mt19937_64& rng, Heap low, Heap high) {
  std::uniform_int_distribution<Heap> value(low, high);
  heaps.pop_back();
  while (true) {
    const Heap x = nim_sum(heaps);
    if (x >= low && x <= high) {
      heaps.push_back(x);
      return;
    }
    heaps[0] = value(rng);
  }
}

// Changes heaps[0] until some heap in low..high has the value g[h] that
// makes the value sum of heaps[1..] and h zero, then puts h last.
void make_value_sum_zero(std::vector<Heap>& heaps, std::mt19937_64& rng, Heap low, Heap high,
                         const std::vector<Heap>& g) {
  std::uniform_int_distribution<Heap> value(low, high);
  heaps.pop_back();
  while (true) {
    Heap x = 0;
    for (Heap h : heaps) x ^= g[h];
    for (Heap h = low; h <= high; ++h) {
      if (g[h] == x) {
        heaps.push_back(h);
        return;
      }
    }
    heaps[0] = value(rng);
  }
}

std::string yes_no(bool first_wins) { return first_wins ? "Yes\n" : "No\n"; }

// ---------------------------------------------------------------- samples

// Samples as published on the problem pages (AcWing 891-894, POJ 1067 and
// 2234). For AcWing 893 the
// published output is "Yes": G = 1, 0, 0 for heaps 2, 4, 7 under S = {2, 5},
// which the brute-force check below confirms.
TEST(ExamplesCli, PublishedSamples) {
  EXPECT_EQ(answer("acwing_891_nim", "2\n2 3\n"), "Yes\n");
  EXPECT_EQ(answer("acwing_892_staircase", "3\n2 1 3\n"), "Yes\n");
  EXPECT_EQ(answer("acwing_893_subtraction_set", "2\n2 5\n3\n2 4 7\n"), "Yes\n");
  EXPECT_EQ(answer("acwing_894_split_nim", "2\n2 3\n"), "Yes\n");
  EXPECT_EQ(answer("poj_1067_wythoff", "2 1\n8 4\n4 7\n"), "0\n1\n0\n");
  EXPECT_EQ(answer("poj_2234_nim", "2 45 45\n3 3 6 9\n"), "No\nYes\n");
  // LeetCode 292 example 1 (n = 4: false), 1025 examples (2: true, 3:
  // false), 1510 examples (1: true, 2: false, 4: true).
  EXPECT_EQ(answer("leetcode", "292 4\n1025 2\n1025 3\n1510 1\n1510 2\n1510 4\n"),
            "false\ntrue\nfalse\ntrue\nfalse\ntrue\n");
}

TEST(ExamplesCli, SamplesAgreeWithBruteForce) {
  const auto wins = [](const grundy::Ruleset& rules, const Position& position) {
    return grundy::BruteForce(rules, kSearchLimit).mover_wins(position, grundy::Convention::normal);
  };
  EXPECT_TRUE(wins(grundy::Nim(), {2, 3}));
  EXPECT_TRUE(wins(grundy::StaircaseNim(), {2, 1, 3}));
  EXPECT_TRUE(wins(grundy::SubtractionSet({2, 5}), {2, 4, 7}));
  EXPECT_TRUE(wins(grundy::SplitNim(), {2, 3}));
  EXPECT_FALSE(wins(grundy::Wythoff(), {2, 1}));
  EXPECT_TRUE(wins(grundy::Wythoff(), {8, 4}));
  EXPECT_FALSE(wins(grundy::Wythoff(), {4, 7}));
  EXPECT_FALSE(wins(grundy::Nim(), {45, 45}));
  EXPECT_TRUE(wins(grundy::Nim(), {3, 6, 9}));
}

// ------------------------------------------- random small inputs vs brute force

// A position from `draw` for which the mover wins iff `want_win`, if one
// turns up within 1000 draws: random positions are mostly wins, and a
// program that answers "Yes" too often must not pass.
template <class Draw>
std::vector<Heap> draw_with_outcome(Draw draw, grundy::BruteForce& brute, bool want_win) {
  std::vector<Heap> position = draw();
  for (int tries = 0; tries < 1000 && brute.mover_wins(position, grundy::Convention::normal) != want_win; ++tries)
    position = draw();
  return position;
}

// One case per run for the single-case AcWing formats; every other case a
// loss for the mover.
TEST(ExamplesCli, AcWing891AgreesWithBruteForce) {
  SCOPED_TRACE(::testing::Message() << "seed " << kSeed);
  std::mt19937_64 rng(kSeed);
  const grundy::Nim rules;
  grundy::BruteForce brute(rules, kSearchLimit);
  for (int round = 0; round < 50; ++round) {
    const auto heaps = draw_with_outcome([&] { return random_list(rng, 1 + rng() % 4, 1, 7); }, brute, round % 2);
    const std::string input = counted_list(heaps);
    SCOPED_TRACE(input);
    EXPECT_EQ(answer("acwing_891_nim", input), yes_no(brute.mover_wins(heaps, grundy::Convention::normal)));
  }
}

TEST(ExamplesCli, AcWing892AgreesWithBruteForce) {
  SCOPED_TRACE(::testing::Message() << "seed " << kSeed);
  std::mt19937_64 rng(kSeed + 1);
  const grundy::StaircaseNim rules;
  grundy::BruteForce brute(rules, kSearchLimit);
  for (int round = 0; round < 50; ++round) {
    const auto stairs = draw_with_outcome([&] { return random_list(rng, 1 + rng() % 5, 1, 4); }, brute, round % 2);
    const std::string input = counted_list(stairs);
    SCOPED_TRACE(input);
    EXPECT_EQ(answer("acwing_892_staircase", input),
              yes_no(brute.mover_wins(stairs, grundy::Convention::normal)));
  }
}

TEST(ExamplesCli, AcWing893AgreesWithBruteForce) {
  SCOPED_TRACE(::testing::Message() << "seed " << kSeed);
  std::mt19937_64 rng(kSeed + 2);
  for (int round = 0; round < 50; ++round) {
    // k distinct amounts in 1..6, as the problem's set S.
    std::vector<Heap> amounts{1, 2, 3, 4, 5, 6};
    std::shuffle(amounts.begin(), amounts.end(), rng);
    amounts.resize(1 + rng() % 3);
    const grundy::SubtractionSet rules(amounts);
    grundy::BruteForce brute(rules, kSearchLimit);
    const auto heaps = draw_with_outcome([&] { return random_list(rng, 1 + rng() % 3, 1, 15); }, brute, round % 2);
    const std::string input = counted_list(amounts) + counted_list(heaps);
    SCOPED_TRACE(input);
    EXPECT_EQ(answer("acwing_893_subtraction_set", input),
              yes_no(brute.mover_wins(heaps, grundy::Convention::normal)));
  }
}

TEST(ExamplesCli, AcWing894AgreesWithBruteForce) {
  SCOPED_TRACE(::testing::Message() << "seed " << kSeed);
  std::mt19937_64 rng(kSeed + 3);
  const grundy::SplitNim rules;
  grundy::BruteForce brute(rules, kSearchLimit);
  for (int round = 0; round < 50; ++round) {
    const auto heaps = draw_with_outcome([&] { return random_list(rng, 1 + rng() % 4, 1, 4); }, brute, round % 2);
    const std::string input = counted_list(heaps);
    SCOPED_TRACE(input);
    EXPECT_EQ(answer("acwing_894_split_nim", input),
              yes_no(brute.mover_wins(heaps, grundy::Convention::normal)));
  }
}

// floor(k * phi) decided without floating point: x <= k*phi iff
// 2x - k <= k*sqrt(5), i.e. 2x <= k or (2x - k)^2 < 5k^2 (never equal for
// k > 0, sqrt(5) being irrational). Wythoff's P-positions are
// (floor(k*phi), floor(k*phi) + k) (Wythoff 1907; docs/theory.md §2).
bool at_most_k_phi(Heap x, Heap k) {
  __extension__ typedef unsigned __int128 Wide;
  if (2 * Wide{x} <= Wide{k}) return true;
  const Wide excess = 2 * Wide{x} - k;
  return excess * excess < 5 * Wide{k} * k;
}

// The long double product is only a starting point; the integer test decides.
Heap floor_k_phi(Heap k) {
  Heap x = static_cast<Heap>(static_cast<long double>(k) * 1.6180339887498948482L);
  while (x > 0 && !at_most_k_phi(x, k)) --x;
  while (at_most_k_phi(x + 1, k)) ++x;
  return x;
}

bool wythoff_p_position(Heap a, Heap b) {
  if (a > b) std::swap(a, b);
  return a == floor_k_phi(b - a);
}

// POJ 1067: every pair of heaps below 30 in one run, one line each.
TEST(ExamplesCli, Poj1067AgreesWithBruteForce) {
  const grundy::Wythoff rules;
  grundy::BruteForce brute(rules, kSearchLimit);
  std::string input, expected;
  for (Heap a = 0; a < 30; ++a) {
    for (Heap b = 0; b < 30; ++b) {
      input += std::to_string(a) + " " + std::to_string(b) + "\n";
      const bool wins = brute.mover_wins({a, b}, grundy::Convention::normal);
      expected += wins ? "1\n" : "0\n";
      // The twin used by the large test below, checked here against the rules.
      EXPECT_EQ(wythoff_p_position(a, b), !wins) << a << " " << b;
    }
  }
  EXPECT_EQ(answer("poj_1067_wythoff", input), expected);
}

// POJ 2234: 200 random cases in one run, every other one a loss.
TEST(ExamplesCli, Poj2234AgreesWithBruteForce) {
  SCOPED_TRACE(::testing::Message() << "seed " << kSeed);
  std::mt19937_64 rng(kSeed + 4);
  const grundy::Nim rules;
  grundy::BruteForce brute(rules, kSearchLimit);
  std::string input, expected;
  for (int round = 0; round < 200; ++round) {
    const auto heaps = draw_with_outcome([&] { return random_list(rng, 1 + rng() % 5, 0, 7); }, brute, round % 2);
    input += std::to_string(heaps.size()) + " " + join(heaps) + "\n";
    expected += yes_no(brute.mover_wins(heaps, grundy::Convention::normal));
  }
  EXPECT_EQ(answer("poj_2234_nim", input), expected);
}

// ------------------------------------------------------------------- LeetCode

// The three problems' statements as DP: win[i] iff some move from i reaches a
// losing position.
std::vector<bool> statement_table(Heap last, bool (*legal)(Heap from, Heap take)) {
  std::vector<bool> win(last + 1, false);
  for (Heap i = 1; i <= last; ++i)
    for (Heap take = 1; take <= i && !win[i]; ++take)
      if (legal(i, take) && !win[i - take]) win[i] = true;
  return win;
}
bool nim_game_move(Heap, Heap take) { return take <= 3; }                        // LeetCode 292
bool divisor_move(Heap from, Heap take) { return take < from && from % take == 0; }  // 1025
bool square_move(Heap, Heap take) {                                               // 1510
  Heap root = 0;
  while ((root + 1) * (root + 1) <= take) ++root;
  return root * root == take;
}

TEST(ExamplesCli, LeetCodeFunctionsAgreeWithBruteForceAndStatements) {
  constexpr Heap kLast = 300;
  const grundy::Bash bash(3);
  const grundy::DivisorGame divisor;
  const grundy::SubtractSquare squares;
  grundy::BruteForce brute_bash(bash, kSearchLimit), brute_divisor(divisor, kSearchLimit),
      brute_squares(squares, kSearchLimit);
  const auto nim_table = statement_table(kLast, nim_game_move);
  const auto divisor_table = statement_table(kLast, divisor_move);
  const auto square_table = statement_table(kLast, square_move);
  for (Heap n = 1; n <= kLast; ++n) {
    const int stones = static_cast<int>(n);
    SCOPED_TRACE(::testing::Message() << "n = " << n);
    EXPECT_EQ(can_win_nim(stones), brute_bash.mover_wins({n}, grundy::Convention::normal));
    EXPECT_EQ(can_win_nim(stones), nim_table[n]);
    EXPECT_EQ(divisor_game(stones), brute_divisor.mover_wins({n}, grundy::Convention::normal));
    EXPECT_EQ(divisor_game(stones), divisor_table[n]);
    EXPECT_EQ(winner_square_game(stones), brute_squares.mover_wins({n}, grundy::Convention::normal));
    EXPECT_EQ(winner_square_game(stones), square_table[n]);
  }
  // LeetCode's published examples.
  EXPECT_FALSE(can_win_nim(4));
  EXPECT_TRUE(can_win_nim(1));
  EXPECT_TRUE(can_win_nim(2));
  EXPECT_TRUE(divisor_game(2));
  EXPECT_FALSE(divisor_game(3));
  EXPECT_TRUE(winner_square_game(1));
  EXPECT_FALSE(winner_square_game(2));
  EXPECT_TRUE(winner_square_game(4));
  // 292 at its upper bound: a loss exactly on multiples of 4 (docs/theory.md §2).
  EXPECT_TRUE(can_win_nim(2147483647));
  EXPECT_FALSE(can_win_nim(2147483644));
}

// ------------------------------------------------------------- large inputs

// 10^5 heaps of 1..10^9, once with a random nim-sum and once made zero.
TEST(ExamplesCli, AcWing891LargeInput) {
  SCOPED_TRACE(::testing::Message() << "seed " << kSeed);
  std::mt19937_64 rng(kSeed + 10);
  auto heaps = random_list(rng, 100'000, 1, 1'000'000'000);
  EXPECT_EQ(answer("acwing_891_nim", counted_list(heaps)), yes_no(nim_sum(heaps) != 0));
  make_nim_sum_zero(heaps, rng, 1, 1'000'000'000);
  EXPECT_EQ(answer("acwing_891_nim", counted_list(heaps)), "No\n");
}

TEST(ExamplesCli, AcWing892LargeInput) {
  SCOPED_TRACE(::testing::Message() << "seed " << kSeed);
  std::mt19937_64 rng(kSeed + 11);
  auto stairs = random_list(rng, 100'000, 1, 1'000'000'000);
  const auto odd_stairs = [&] {
    std::vector<Heap> odd;
    for (std::size_t i = 0; i < stairs.size(); i += 2) odd.push_back(stairs[i]);
    return odd;
  };
  EXPECT_EQ(answer("acwing_892_staircase", counted_list(stairs)), yes_no(nim_sum(odd_stairs()) != 0));
  // Odd stairs with nim-sum 0, even stairs untouched: a loss for the mover.
  auto odd = odd_stairs();
  make_nim_sum_zero(odd, rng, 1, 1'000'000'000);
  for (std::size_t i = 0; i < odd.size(); ++i) stairs[2 * i] = odd[i];
  EXPECT_EQ(answer("acwing_892_staircase", counted_list(stairs)), "No\n");
}

// By definition: G(x) = mex{ G(x - s) : s in S, s <= x }.
std::vector<Heap> subtraction_table(const std::vector<Heap>& amounts, Heap last) {
  std::vector<Heap> g(last + 1);
  for (Heap x = 0; x <= last; ++x) {
    std::vector<bool> seen(amounts.size() + 1, false);
    for (Heap s : amounts)
      if (s <= x && g[x - s] < seen.size()) seen[g[x - s]] = true;
    while (seen[g[x]]) ++g[x];
  }
  return g;
}

// AcWing 893's bounds are k <= 100 and heaps <= 10^4 (a table of 10^4
// values): 10^5 heaps up to 10^4 with 100 amounts.
TEST(ExamplesCli, AcWing893LargeInput) {
  SCOPED_TRACE(::testing::Message() << "seed " << kSeed);
  std::mt19937_64 rng(kSeed + 12);
  std::vector<Heap> amounts(10'000);
  for (Heap i = 0; i < amounts.size(); ++i) amounts[i] = i + 1;
  std::shuffle(amounts.begin(), amounts.end(), rng);
  amounts.resize(100);
  const auto g = subtraction_table(amounts, 10'000);
  const auto heaps = random_list(rng, 100'000, 1, 10'000);
  Heap sum = 0;
  for (Heap h : heaps) sum ^= g[h];
  EXPECT_EQ(answer("acwing_893_subtraction_set", counted_list(amounts) + counted_list(heaps)),
            yes_no(sum != 0));
  // The last heap chosen so that the values' nim-sum is 0.
  auto loss = heaps;
  make_value_sum_zero(loss, rng, 1, 10'000, g);
  EXPECT_EQ(answer("acwing_893_subtraction_set", counted_list(amounts) + counted_list(loss)), "No\n");
}

// By definition: G(a) = mex{ G(b) xor G(c) : 0 <= c <= b < a }.
std::vector<Heap> split_table(Heap last) {
  std::vector<Heap> g(last + 1, 0);
  for (Heap a = 0; a <= last; ++a) {
    std::vector<Heap> reachable;
    for (Heap b = 0; b < a; ++b)
      for (Heap c = 0; c <= b; ++c) reachable.push_back(g[b] ^ g[c]);
    while (std::find(reachable.begin(), reachable.end(), g[a]) != reachable.end()) ++g[a];
  }
  return g;
}

// AcWing 894's bound is 100 per heap: 10^5 heaps up to 100.
TEST(ExamplesCli, AcWing894LargeInput) {
  SCOPED_TRACE(::testing::Message() << "seed " << kSeed);
  std::mt19937_64 rng(kSeed + 13);
  const auto g = split_table(100);
  const auto heaps = random_list(rng, 100'000, 1, 100);
  Heap sum = 0;
  for (Heap h : heaps) sum ^= g[h];
  EXPECT_EQ(answer("acwing_894_split_nim", counted_list(heaps)), yes_no(sum != 0));
  // The last heap chosen so that the values' nim-sum is 0.
  auto loss = heaps;
  make_value_sum_zero(loss, rng, 1, 100, g);
  EXPECT_EQ(answer("acwing_894_split_nim", counted_list(loss)), "No\n");
}

// 10^5 pairs up to 10^9: a third P-positions, a third next to one, a third
// random, shuffled.
TEST(ExamplesCli, Poj1067LargeInput) {
  SCOPED_TRACE(::testing::Message() << "seed " << kSeed);
  std::mt19937_64 rng(kSeed + 14);
  std::uniform_int_distribution<Heap> k_dist(0, 380'000'000), heap(0, 1'000'000'000);  // b_k <= 10^9
  std::vector<std::pair<Heap, Heap>> pairs;
  for (int i = 0; i < 100'000; ++i) {
    const Heap k = k_dist(rng);
    Heap a = floor_k_phi(k), b = a + k;
    if (i % 3 == 1) (rng() % 2 ? a : b) += 1;
    if (i % 3 == 2) a = heap(rng), b = heap(rng);
    if (rng() % 2) std::swap(a, b);
    pairs.emplace_back(a, b);
  }
  std::shuffle(pairs.begin(), pairs.end(), rng);
  std::string input, expected;
  int p_positions = 0;
  for (const auto& [a, b] : pairs) {
    input += std::to_string(a) + " " + std::to_string(b) + "\n";
    const bool p = wythoff_p_position(a, b);
    p_positions += p;
    expected += p ? "0\n" : "1\n";
  }
  EXPECT_GE(p_positions, 30'000);
  EXPECT_EQ(answer("poj_1067_wythoff", input), expected);
}

// 5000 cases of 20 heaps up to 10^9 (10^5 heaps), every other case made a loss.
TEST(ExamplesCli, Poj2234LargeInput) {
  SCOPED_TRACE(::testing::Message() << "seed " << kSeed);
  std::mt19937_64 rng(kSeed + 15);
  std::string input, expected;
  for (int round = 0; round < 5000; ++round) {
    auto heaps = random_list(rng, 20, 1, 1'000'000'000);
    if (round % 2) make_nim_sum_zero(heaps, rng, 1, 1'000'000'000);
    input += "20 " + join(heaps) + "\n";
    expected += yes_no(nim_sum(heaps) != 0);
  }
  EXPECT_EQ(answer("poj_2234_nim", input), expected);
}

// 10^5 queries: 292 anywhere in 1..2^31-1 (a loss iff n is a multiple of 4,
// docs/theory.md §2), 1025 and 1510 within LeetCode's bounds against the statements.
TEST(ExamplesCli, LeetCodeLargeInput) {
  SCOPED_TRACE(::testing::Message() << "seed " << kSeed);
  std::mt19937_64 rng(kSeed + 16);
  const auto divisor_table = statement_table(1000, divisor_move);
  std::vector<bool> square_table(100'001, false);  // 1510 to 10^5, squares listed directly
  for (Heap i = 1; i < square_table.size(); ++i)
    for (Heap j = 1; j * j <= i && !square_table[i]; ++j) square_table[i] = !square_table[i - j * j];
  std::uniform_int_distribution<Heap> nim_n(1, 2147483647), divisor_n(1, 1000), square_n(1, 100'000);
  std::string input, expected;
  for (int i = 0; i < 100'000; ++i) {
    bool wins = false;
    switch (i % 3) {
      case 0: {
        const Heap n = nim_n(rng);
        input += "292 " + std::to_string(n) + "\n";
        wins = n % 4 != 0;
        break;
      }
      case 1: {
        const Heap n = divisor_n(rng);
        input += "1025 " + std::to_string(n) + "\n";
        wins = divisor_table[n];
        break;
      }
      default: {
        const Heap n = square_n(rng);
        input += "1510 " + std::to_string(n) + "\n";
        wins = square_table[n];
      }
    }
    expected += wins ? "true\n" : "false\n";
  }
  EXPECT_EQ(answer("leetcode", input), expected);
}

// ----------------------------------------------------------------- bad input

TEST(ExamplesCli, HugeHeapOfSubtractionSetByProvenPeriod) {
  // S = {2}: G(n) = 0 0 1 1 repeating (period 4, proven by the window of
  // max(S) values), so G(10^9) = 0 and the first player loses.
  EXPECT_EQ(answer("acwing_893_subtraction_set", "1\n2\n1\n1000000000\n"), "No\n");
}

TEST(ExamplesCli, BadInputEndsWithStatusTwo) {
  struct Case {
    const char* program;
    const char* input;
    const char* expected_out;  // answers printed before the bad token
  };
  const Case cases[] = {
      {"acwing_891_nim", "2\n2 x\n", ""},
      {"acwing_891_nim", "3\n2 3\n", ""},
      {"acwing_891_nim", "1\n99999999999999999999\n", ""},
      {"acwing_892_staircase", "2\n-1 3\n", ""},
      {"acwing_893_subtraction_set", "1\n0\n1\n5\n", ""},
      {"acwing_893_subtraction_set", "0\n1\n5\n", ""},
      // A split-Nim heap beyond what HeapValues may tabulate (no period known).
      {"acwing_894_split_nim", "1\n1000000000\n", ""},
      {"acwing_894_split_nim", "", ""},
      {"poj_1067_wythoff", "1 2\n3\n", "0\n"},
      {"poj_2234_nim", "2 1 1\n3 1 2\n", "No\n"},
      {"leetcode", "292 4\n999 5\n", "false\n"},
      {"leetcode", "292 0\n", ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::Message() << c.program << " on '" << c.input << "'");
    const ProgramRun run = run_example(c.program, c.input);
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.out, c.expected_out);
    EXPECT_EQ(run.err.rfind("error: ", 0), 0U) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  }
}

}  // namespace
