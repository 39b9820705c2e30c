// Throughput of Moore's Nim_k closed forms on 10^5 random heaps of up to
// 2^63-1 (items = heaps). The naive column count (one bit, one heap at a
// time) is the baseline the bit-sliced counter in is_p_position replaces.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>

#include "grundy/rules/moore_closed_form.h"

namespace {

using grundy::Heap;
using grundy::Position;

constexpr std::size_t kHeapCount = 100'000;

const Position& random_heaps() {
  static const Position heaps = [] {
    std::mt19937_64 rng(20240607);
    Position result(kHeapCount);
    for (Heap& h : result) h = rng() >> 1;
    return result;
  }();
  return heaps;
}

void BM_NaiveColumnCount(benchmark::State& state) {
  const Position& heaps = random_heaps();
  const std::uint64_t modulus = static_cast<std::uint64_t>(state.range(0)) + 1;
  for (auto _ : state) {
    bool is_p = true;
    for (int bit = 0; bit < 64; ++bit) {
      std::uint64_t count = 0;
      for (Heap h : heaps) count += (h >> bit) & 1;
      is_p = is_p && count % modulus == 0;
    }
    benchmark::DoNotOptimize(is_p);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(heaps.size()));
}
BENCHMARK(BM_NaiveColumnCount)->Arg(3);

void BM_IsPPosition(benchmark::State& state) {
  const Position& heaps = random_heaps();
  const auto k = static_cast<unsigned>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(grundy::moore::is_p_position(heaps, k));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(heaps.size()));
}
BENCHMARK(BM_IsPPosition)->Arg(1)->Arg(3)->Arg(1000);

void BM_OneWinningMove(benchmark::State& state) {
  const Position& heaps = random_heaps();
  const auto k = static_cast<unsigned>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(grundy::moore::one_winning_move(heaps, k));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(heaps.size()));
}
BENCHMARK(BM_OneWinningMove)->Arg(1)->Arg(3)->Arg(1000);

// The first 16 winning moves (there are far more): search plus 16 copies.
void BM_WinningMovesFirst16(benchmark::State& state) {
  const Position& heaps = random_heaps();
  const auto k = static_cast<unsigned>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(grundy::moore::winning_moves(heaps, k, 16));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(heaps.size()));
}
BENCHMARK(BM_WinningMovesFirst16)->Arg(1)->Arg(3)->Arg(1000);

// Counting up to a million winning moves.
void BM_CountWinningMovesToMillion(benchmark::State& state) {
  const Position& heaps = random_heaps();
  const auto k = static_cast<unsigned>(state.range(0));
  for (auto _ : state)
    benchmark::DoNotOptimize(grundy::moore::count_winning_moves(heaps, k, 1'000'000));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(heaps.size()));
}
BENCHMARK(BM_CountWinningMovesToMillion)->Arg(1)->Arg(3)->Arg(1000);

}  // namespace

BENCHMARK_MAIN();
