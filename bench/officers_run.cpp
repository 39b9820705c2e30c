// A long single run of a heap-value engine, for measurements that take
// minutes (Google Benchmark's repetitions do not fit those):
//   bench_officers_run [N] [CODE] [THREADS] [ENGINE] [TARGET]
// computes G(0..N) of CODE (default 2^24 and 0.6, Officers) with the
// rare/common engine (ENGINE = fast, default, which is the split-set engine
// for a code rare/common does not cover and the partition-set engine for
// one with digits wider than four heaps; naive; portable = rare/common with
// its portable kernels) on THREADS threads (default 0: one per core),
// its vector kernels compiled for TARGET (an instruction set this CPU runs,
// by Highway's name: AVX3, AVX2, SSE4, ...; default the best one; naming one
// lets a machine compare its instruction sets; `list` prints their names, one
// a line, best first, and nothing else), and prints the time, values
// per second, the rare count, the mask, the engine's counters and a checksum
// of the values (FNV-1a, to compare runs).
// A progress line goes to stderr every few seconds; Ctrl-C stops cleanly.
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "grundy/rules/take_and_break.h"
#include "solve/engines/rare_common.h"
#include "solve/engines/sequence_kernels.h"
#include "grundy/solve/sequence_engine.h"

namespace {
std::atomic<bool> stop_requested{false};
extern "C" void on_signal(int) { stop_requested.store(true); }
}  // namespace

int main(int argc, char** argv) {
  const grundy::Heap n = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : grundy::Heap{1} << 24;
  const std::string code_text = argc > 2 ? argv[2] : "0.6";
  const unsigned threads = argc > 3 ? static_cast<unsigned>(std::atoi(argv[3])) : 0;
  const std::string engine_name = argc > 4 ? argv[4] : "fast";
  const grundy::TakeAndBreak code = grundy::TakeAndBreak::parse(code_text);
  if (argc > 5 && std::string(argv[5]) == "list") {
    for (const grundy::kernels::VectorTarget& target : grundy::kernels::runnable_targets())
      std::printf("%s\n", target.name.c_str());
    return 0;
  }
  if (argc > 5) {
    const std::string wanted = argv[5];
    std::string names;
    bool found = false;
    for (const grundy::kernels::VectorTarget& target : grundy::kernels::runnable_targets()) {
      names += " " + target.name;
      if (target.name == wanted) {
        grundy::kernels::force_target(target.bits);
        found = true;
      }
    }
    if (!found) {
      std::fprintf(stderr, "bench_officers_run: target %s is not one this CPU runs:%s\n",
                   wanted.c_str(), names.c_str());
      return 2;
    }
  }

  std::unique_ptr<grundy::SequenceEngine> engine;
  grundy::RareCommonEngine* rare_common = nullptr;
  std::string engine_label = engine_name;
  if (engine_name == "naive") {
    engine = grundy::make_naive_engine(code);
  } else if (!code.is_classic()) {
    engine = grundy::make_partition_set_engine(code, threads);
    engine_label = "partition-set";
  } else if (!grundy::rare_common_applies(code)) {
    engine = grundy::make_split_set_engine(code, threads);
    engine_label = "split-set";
  } else {
    grundy::RareCommonOptions options;
    options.threads = threads;
    options.simd = engine_name != "portable";
    auto rc = std::make_unique<grundy::RareCommonEngine>(code, options);
    rare_common = rc.get();
    engine = std::move(rc);
  }
  std::signal(SIGINT, on_signal);

  grundy::EngineControl control;
  control.stop = &stop_requested;
  const auto start = std::chrono::steady_clock::now();
  auto last_line = start;
  control.progress = [&](const grundy::EngineProgress& p) {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_line < std::chrono::seconds(5)) return;
    last_line = now;
    const double s = std::chrono::duration<double>(now - start).count();
    std::fprintf(stderr, "  %llu values, %.1f s, %.0f values/s, rare %llu, mask %llu\n",
                 static_cast<unsigned long long>(p.reached), s, p.reached / s,
                 static_cast<unsigned long long>(p.rare_count),
                 static_cast<unsigned long long>(p.mask));
  };
  grundy::ValueSequence values;
  const bool done = engine->extend(values, n, control);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::uint64_t checksum = 1469598103934665603ULL;
  unsigned max_value = 0;
  for (grundy::Value16 v : values) {
    checksum = (checksum ^ (v & 0xFF)) * 1099511628211ULL;
    checksum = (checksum ^ (v >> 8)) * 1099511628211ULL;
    if (v > max_value) max_value = v;
  }
  const grundy::EngineProgress p = engine->progress();
  std::printf("code %s  engine %s  threads %u  kernel %s\n", code.name().c_str(), engine_label.c_str(),
              threads, rare_common ? rare_common->kernel().c_str() : "none");
  std::printf("G(0..%llu)%s  %.3f s  %.0f values/s  max value %u  rare %llu  mask %llu  "
              "checksum %016llx\n",
              static_cast<unsigned long long>(values.size() - 1), done ? "" : " (stopped)",
              seconds, static_cast<double>(values.size()) / seconds, max_value,
              static_cast<unsigned long long>(p.rare_count),
              static_cast<unsigned long long>(p.mask), static_cast<unsigned long long>(checksum));
  if (rare_common) {
    const grundy::RareCommonStats& s = rare_common->stats();
    const double per = static_cast<double>(values.size());
    std::printf("pairs/value %.1f  scan/value %.1f  full scans %llu  speculated %llu  "
                "rollbacks %llu  mask changes %llu\n",
                s.pairs / per, s.scan_steps / per, static_cast<unsigned long long>(s.full_scans),
                static_cast<unsigned long long>(s.speculated),
                static_cast<unsigned long long>(s.rollbacks),
                static_cast<unsigned long long>(s.mask_changes));
  }
  return done ? 0 : 1;
}
