// A refusal at a limit says which setting would let the request through, as
// data (ExceededLimit, core/error.h), besides its message: each kind of
// limit the library has, checked where it is raised. The values expected
// are the limits given and what the request's own numbers need.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/graph.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/code_run_plan.h"
#include "grundy/solve/search_control.h"
#include "grundy/solve/user_game.h"

namespace grundy::exceeded_limit_test {
namespace {

template <class Work>
ExceededLimit exceeded_by(Work&& work) {
  try {
    work();
  } catch (const LimitError& e) {
    if (e.exceeded()) return *e.exceeded();
    ADD_FAILURE() << "no setting in: " << e.what();
    return {};
  }
  ADD_FAILURE() << "not refused";
  return {};
}

void expect(const ExceededLimit& got, const std::string& setting, std::uint64_t limit,
            std::uint64_t needed) {
  EXPECT_EQ(got.setting, setting);
  EXPECT_EQ(got.limit, limit);
  EXPECT_EQ(got.needed, needed);
}

// A chain n -> n-1 -> ... -> 0, as a user game: n + 1 positions from n.
struct Chain {
  using position = std::uint64_t;
  std::vector<position> moves(position n) const {
    if (n == 0) return {};
    return {n - 1};
  }
};

TEST(ExceededLimit, GraphMemory) {
  // 10^6 vertices and 0 edges: 40 bytes a vertex (graph_memory_estimate).
  expect(exceeded_by([] { check_graph_memory(1'000'000, 0, 1 << 20); }), "max-memory", 1 << 20,
         40'000'000);
}

TEST(ExceededLimit, SearchLimitBeyondMemory) {
  expect(exceeded_by([] { check_search_limit_fits(1'000'000, 1 << 20); }), "max-memory", 1 << 20,
         1'000'000 * kSearchBytesPerPosition);
}

TEST(ExceededLimit, ValuesHeldInMemory) {
  // A far range of a closed form, 8 bytes a value held.
  const auto nim = parse_ruleset("nim");
  const HeapValueSource source = heap_value_source(*heap_ruleset_of(*nim));
  expect(exceeded_by([&] { check_values_in_memory(source, 0, (Heap{1} << 30) - 1, "nim", 1 << 20); }),
         "max-memory", 1 << 20, std::uint64_t{8} << 30);
}

TEST(ExceededLimit, ExhaustiveSearch) {
  const auto kayles = parse_ruleset("kayles");
  BruteForce search(*kayles, 100);
  const ExceededLimit got = exceeded_by([&] { search.mover_wins({30, 31}, Convention::misere); });
  expect(got, "search-limit", 100, 0);  // a search learns it only on the way
}

TEST(ExceededLimit, UserGamePositions) {
  GameLimits limits;
  limits.positions = 10;
  GameSolver<Chain> solver(Chain{}, limits);
  expect(exceeded_by([&] { solver.grundy_value(100); }), "game-positions", 10, 0);
}

TEST(ExceededLimit, PlainLimitErrorsCarryNone) {
  try {
    throw LimitError("a limit no setting lifts");
  } catch (const LimitError& e) {
    EXPECT_FALSE(e.exceeded().has_value());
  }
}

}  // namespace
}  // namespace grundy::exceeded_limit_test
