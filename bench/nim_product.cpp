// Nim products per second on random 64-bit nimbers: nim_product (labelled
// with the path it takes on this CPU), its portable table path, a dependent
// chain that measures latency, the square and inverse, and the table-free
// half-split twin for comparison.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "grundy/core/nim_product.h"
#include "core/nim_product_detail.h"

namespace {

constexpr std::size_t kCount = 4096;  // pairs per pass, small enough for L1

std::vector<grundy::Nimber> random_nimbers(std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::vector<grundy::Nimber> values(kCount);
  for (auto& v : values) v = engine() | 1;  // nonzero, for the inverse
  return values;
}

void BM_NimProduct(benchmark::State& state) {
  const auto a = random_nimbers(1), b = random_nimbers(2);
  state.SetLabel(grundy::detail::nim_product_is_carryless() ? "carry-less" : "tables");
  for (auto _ : state) {
    grundy::Nimber total = 0;
    for (std::size_t i = 0; i < kCount; ++i) total ^= grundy::nim_product(a[i], b[i]);
    benchmark::DoNotOptimize(total);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
}
BENCHMARK(BM_NimProduct);

void BM_NimProductTables(benchmark::State& state) {
  const auto a = random_nimbers(1), b = random_nimbers(2);
  for (auto _ : state) {
    grundy::Nimber total = 0;
    for (std::size_t i = 0; i < kCount; ++i) total ^= grundy::detail::nim_product_tables(a[i], b[i]);
    benchmark::DoNotOptimize(total);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
}
BENCHMARK(BM_NimProductTables);

void BM_NimProductChain(benchmark::State& state) {
  const auto b = random_nimbers(2);
  grundy::Nimber x = 0x0123456789abcdefULL;
  for (auto _ : state) {
    for (std::size_t i = 0; i < kCount; ++i) x = grundy::nim_product(x, b[i]);
    benchmark::DoNotOptimize(x);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
}
BENCHMARK(BM_NimProductChain);

void BM_NimSquare(benchmark::State& state) {
  const auto a = random_nimbers(1);
  for (auto _ : state) {
    grundy::Nimber total = 0;
    for (std::size_t i = 0; i < kCount; ++i) total ^= grundy::nim_square(a[i]);
    benchmark::DoNotOptimize(total);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
}
BENCHMARK(BM_NimSquare);

void BM_NimInverse(benchmark::State& state) {
  const auto a = random_nimbers(1);
  for (auto _ : state) {
    grundy::Nimber total = 0;
    for (std::size_t i = 0; i < kCount; ++i) total ^= grundy::nim_inverse(a[i]);
    benchmark::DoNotOptimize(total);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
}
BENCHMARK(BM_NimInverse);

void BM_NimProductHalfSplit(benchmark::State& state) {
  const auto a = random_nimbers(1), b = random_nimbers(2);
  for (auto _ : state) {
    grundy::Nimber total = 0;
    for (std::size_t i = 0; i < kCount; ++i)
      total ^= grundy::detail::nim_product_half_split(a[i], b[i]);
    benchmark::DoNotOptimize(total);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
}
BENCHMARK(BM_NimProductHalfSplit);

}  // namespace

BENCHMARK_MAIN();
