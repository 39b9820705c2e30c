// Heap-value sequence engines on four unsolved octal games: the naive engine
// (mex over every option) against the rare/common engine, one and two
// threads, items = values computed (heap sizes 0..n).
//   0.6 (Officers), 0.007 (Treblecross), 0.16 and 0.014.
// The naive engine is O(n^2): it is registered only at n = 2^14 and 2^16
// (2^16 already takes seconds per code; 2^20 would take hours), and the
// rare/common engine runs at those sizes too for a direct comparison. The
// rare/common runs at 2^20, 2^22 and 2^24 take from a fraction of a second
// (0.16) to minutes (0.007 at 2^24), so each is timed once (Iterations(1),
// real time). For one long run with progress lines use bench_officers_run
// (tools/bench_officers.sh).
// Also CGSuite's '!' (pairwise unequal heaps) on four heaps and on wide
// digits, 0.G!, 0.{2!+} and 0.{5!}: the naive engine lists every split, the
// set engines keep the sets of distinct parts by a knapsack
// (solve/engines/distinct_part_sets.h). Both at n = 120 (the naive engine's splits
// grow like the partitions into distinct parts: 4.7·10^6 for 0.{2!+} at
// n = 130), the set engines further.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "grundy/rules/take_and_break.h"
#include "solve/engines/rare_common.h"
#include "grundy/solve/sequence_engine.h"

namespace {

const char* const kCodes[] = {"0.6", "0.007", "0.16", "0.014"};
const char* const kDistinctCodes[] = {"0.G!", "0.{2!+}", "0.{5!}"};

void run_engine(benchmark::State& state, grundy::SequenceEngine& engine, grundy::Heap last) {
  grundy::ValueSequence values;
  values.reserve(last + 1);
  values.clear();
  if (!engine.extend(values, last, {})) state.SkipWithError("stopped early");
  benchmark::DoNotOptimize(values.data());
}

void BM_Naive(benchmark::State& state) {
  const auto code = grundy::TakeAndBreak::parse(kCodes[state.range(0)]);
  const grundy::Heap last = (grundy::Heap{1} << state.range(1)) - 1;
  for (auto _ : state) {
    auto engine = grundy::make_naive_engine(code);
    run_engine(state, *engine, last);
  }
  state.SetLabel(kCodes[state.range(0)]);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(last + 1));
}

void BM_RareCommon(benchmark::State& state) {
  const auto code = grundy::TakeAndBreak::parse(kCodes[state.range(0)]);
  const grundy::Heap last = (grundy::Heap{1} << state.range(1)) - 1;
  grundy::RareCommonOptions options;
  options.threads = static_cast<unsigned>(state.range(2));
  for (auto _ : state) {
    grundy::RareCommonEngine engine(code, options);
    run_engine(state, engine, last);
  }
  state.SetLabel(kCodes[state.range(0)]);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(last + 1));
}

// '!': code index in kDistinctCodes, n; the naive engine, or the engine
// make_fast_engine picks (one thread).
void BM_Distinct(benchmark::State& state, bool naive) {
  const auto code = grundy::TakeAndBreak::parse(kDistinctCodes[state.range(0)]);
  const auto last = static_cast<grundy::Heap>(state.range(1));
  for (auto _ : state) {
    auto engine = naive ? grundy::make_naive_engine(code) : grundy::make_fast_engine(code, 1);
    run_engine(state, *engine, last);
  }
  state.SetLabel(kDistinctCodes[state.range(0)]);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(last + 1));
}
void BM_DistinctNaive(benchmark::State& state) { BM_Distinct(state, true); }
void BM_DistinctSets(benchmark::State& state) { BM_Distinct(state, false); }

BENCHMARK(BM_DistinctNaive)
    ->ArgsProduct({{0, 1, 2}, {120}})
    ->ArgNames({"code", "n"})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();
BENCHMARK(BM_DistinctSets)
    ->ArgsProduct({{0, 1, 2}, {120, 1000, 3000}})
    ->ArgNames({"code", "n"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Arguments: code index, log2 n, threads.
BENCHMARK(BM_Naive)
    ->ArgsProduct({{0, 1, 2, 3}, {14, 16}})
    ->ArgNames({"code", "log2n"})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();
BENCHMARK(BM_RareCommon)
    ->ArgsProduct({{0, 1, 2, 3}, {14, 16, 20, 22, 24}, {1, 2}})
    ->ArgNames({"code", "log2n", "threads"})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
