// Throughput of the exact Wythoff closed form on random heaps up to 2^63-1:
// is_p_position, winning_moves and partner (queries per second as items/s).
#include <benchmark/benchmark.h>

#include <cstddef>
#include <random>
#include <utility>
#include <vector>

#include "grundy/rules/wythoff_closed_form.h"

namespace {

using grundy::Heap;

constexpr std::size_t kPositions = 1 << 12;

// Fixed-seed random 63-bit heap pairs, so runs are comparable.
const std::vector<std::pair<Heap, Heap>>& random_positions() {
  static const auto positions = [] {
    std::mt19937_64 rng(20240517);
    std::vector<std::pair<Heap, Heap>> v(kPositions);
    for (auto& [x, y] : v) {
      x = rng() >> 1;
      y = rng() >> 1;
    }
    return v;
  }();
  return positions;
}

// P-positions (a_k, b_k) with b_k up to 2^63-1, where is_p_position answers yes.
const std::vector<std::pair<Heap, Heap>>& random_p_positions() {
  static const auto positions = [] {
    std::mt19937_64 rng(20240518);
    std::vector<std::pair<Heap, Heap>> v(kPositions);
    for (auto& [x, y] : v) {
      const Heap k = rng() % 3'523'014'627'193'176'565ULL;  // b_k <= 2^63-1 below this
      x = grundy::wythoff::lower(k);
      y = grundy::wythoff::upper(k);
    }
    return v;
  }();
  return positions;
}

void BM_IsPPosition(benchmark::State& state) {
  const auto& positions = random_positions();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [x, y] = positions[i++ % kPositions];
    benchmark::DoNotOptimize(grundy::wythoff::is_p_position(x, y));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_IsPPosition);

void BM_IsPPositionOnPPositions(benchmark::State& state) {
  const auto& positions = random_p_positions();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [x, y] = positions[i++ % kPositions];
    benchmark::DoNotOptimize(grundy::wythoff::is_p_position(x, y));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_IsPPositionOnPPositions);

void BM_WinningMoves(benchmark::State& state) {
  const auto& positions = random_positions();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [x, y] = positions[i++ % kPositions];
    benchmark::DoNotOptimize(grundy::wythoff::winning_moves(x, y));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_WinningMoves);

void BM_Partner(benchmark::State& state) {
  const auto& positions = random_positions();
  std::size_t i = 0;
  for (auto _ : state) {
    // Halved so that the partner of a lower value always fits in 63 bits.
    benchmark::DoNotOptimize(grundy::wythoff::partner(positions[i++ % kPositions].first / 2));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Partner);

}  // namespace

BENCHMARK_MAIN();
