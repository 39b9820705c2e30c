// File-backed runs (mapped_sequence.h, SequenceEngine::extend_in,
// SequenceRun::on_store) against runs in memory, the twin: several codes,
// 1 and 2 threads, forced masks and speculation, extended in random chunks
// (each continuing the engine's state), stopped, reopened and resumed, with
// the rare list's wide layout (heap sizes past 2^32) brought forward; the
// store's commit and header checks; the period search of a resumed store;
// and the anonymous memory of a run on a store, which must not hold the
// sequence.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <filesystem>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/mapped_sequence.h"
#include "grundy/solve/sequence_run.h"
#include "solve/engines/rare_common.h"
#include "support/engine_runs.h"
#include "support/process.h"

namespace grundy::store_sequence_test {
namespace {

constexpr std::uint64_t kSeed = 20261126;

std::string store_path(const std::string& name) {
  const std::string path = (testing::scratch().path() / name).string();
  std::remove(path.c_str());
  return path;
}

SequenceRequest request_for(const std::string& code, Heap last) {
  SequenceRequest request;
  request.ruleset = TakeAndBreak::parse(code).name();
  request.to = last;
  return request;
}

ValueSequence stored_values(const MappedSequence& store, Heap count) {
  return ValueSequence(store.data(), store.data() + count);
}

// G(0..last) by `engine` on a store, in random chunks: each call continues
// the previous one's state (the same storage, untouched).
ValueSequence chunked_on_store(SequenceEngine& engine, const std::string& code, Heap last,
                               std::mt19937_64& rng, const std::string& name) {
  MappedSequence store = MappedSequence::create(store_path(name),
                                                TakeAndBreak::parse(code).name(), last + 1,
                                                request_for(code, last));
  Heap known = 0;
  while (known <= last) {
    const Heap end = std::min<Heap>(last, known + rng() % (last / 3 + 2));
    EXPECT_TRUE(engine.extend_in(store.data(), known, end, {}));
    EXPECT_EQ(known, end + 1);
  }
  return stored_values(store, last + 1);
}

TEST(StoreSequenceStress, ChunkedRunsOnAStoreEqualRunsInMemory) {
  std::mt19937_64 rng(kSeed);
  struct Case {
    const char* code;
    Heap last;
  };
  for (const Case& c : {Case{"0.6", 200000}, Case{"0.014", 120000}, Case{"0.16", 1 << 20},
                        Case{"0.161", 150000}, Case{"4!.0", 100000}, Case{"0.77", 60000}}) {
    SCOPED_TRACE(c.code);
    RareCommonOptions one;
    one.threads = 1;
    const ValueSequence memory = rare_common(c.code, c.last, one);
    for (unsigned threads : {1u, 2u}) {
      SCOPED_TRACE(std::to_string(threads) + " threads");
      RareCommonOptions options;
      options.threads = threads;
      RareCommonEngine engine(TakeAndBreak::parse(c.code), options);
      EXPECT_SAME_SEQUENCE(chunked_on_store(engine, c.code, c.last, rng, "chunked.gsm"), memory);
    }
  }
}

TEST(StoreSequenceStress, ForcedMasksAndSpeculationOnAStoreAgreeWithTheNaiveEngine) {
  // As ForcedMasksGiveTheSameSequence (sequence_engine_test.cpp), on a
  // store in chunks, against the naive engine (the by-definition twin).
  std::mt19937_64 rng(kSeed + 1);
  for (const char* text : {"0.6", "0.77", "0.16", "0.014", "4.07", "4!.0"}) {
    const ValueSequence expected = naive(text, 3000);
    for (Nimber mask : {Nimber{0}, Nimber{1}, Nimber{3}, Nimber{0x1F}, Nimber{494}, Nimber{0xFFFF}}) {
      SCOPED_TRACE(std::string(text) + " mask " + std::to_string(mask));
      RareCommonOptions options;
      options.mask = mask;
      options.threads = 1 + rng() % 2;
      RareCommonEngine engine(TakeAndBreak::parse(text), options);
      EXPECT_SAME_SEQUENCE(chunked_on_store(engine, text, 3000, rng, "masked.gsm"), expected);
    }
    // Every scan handed over, rollbacks included, across chunk ends.
    RareCommonOptions speculating;
    speculating.threads = 2;
    speculating.force_speculation = true;
    RareCommonEngine engine(TakeAndBreak::parse(text), speculating);
    EXPECT_SAME_SEQUENCE(chunked_on_store(engine, text, 3000, rng, "speculating.gsm"), expected)
        << text << " with forced speculation";
  }
  // The naive engine in place too.
  auto slow = make_naive_engine(TakeAndBreak::parse("0.3F"));
  EXPECT_SAME_SEQUENCE(chunked_on_store(*slow, "0.3F", 800, rng, "naive.gsm"), naive("0.3F", 800));
}

TEST(StoreSequenceStress, WideLayoutInRandomChunksAgreesWithTheNaiveEngine) {
  // The rare list's 64-bit part (heap sizes from 2^32) on a store:
  // RareCommonOptions::wide_from at a random heap size of the run, so that
  // the switch falls inside a chunk or at a chunk's end, with the engine's
  // state continued from chunk to chunk; 1 and 2 threads, forced
  // speculation. The wide part must hold exactly the rare heap sizes from
  // wide_from on.
  std::mt19937_64 rng(kSeed + 2);
  struct Case {
    const char* code;
    Heap last;
  };
  for (const Case& c : {Case{"0.6", 4000}, Case{"0.014", 4000}, Case{"0.16", 6000},
                        Case{"0.161", 4000}, Case{"4!.0", 4000}, Case{"0.77", 4000}}) {
    const ValueSequence expected = naive(c.code, c.last);
    for (int variant = 0; variant < 3; ++variant) {
      RareCommonOptions options;
      options.wide_from = 1 + rng() % c.last;
      options.threads = variant == 0 ? 1 : 2;
      options.force_speculation = variant == 2;
      SCOPED_TRACE(std::string(c.code) + " wide from " + std::to_string(options.wide_from) +
                   " variant " + std::to_string(variant));
      RareCommonEngine engine(TakeAndBreak::parse(c.code), options);
      const ValueSequence values = chunked_on_store(engine, c.code, c.last, rng, "wide.gsm");
      EXPECT_SAME_SEQUENCE(values, expected);
      EXPECT_EQ(engine.stats().wide_entries,
                rare_from(values, options.wide_from, engine.progress().mask));
    }
  }
  // Long enough for the blocks of far pairs (rare heap sizes from 2304,
  // paired by a helper) to hold narrow and wide entries, two threads,
  // against the default layout in memory.
  RareCommonOptions options;
  options.wide_from = 3000;
  options.threads = 2;
  RareCommonEngine engine(TakeAndBreak::parse("0.6"), options);
  const ValueSequence values = chunked_on_store(engine, "0.6", 60000, rng, "wide-far.gsm");
  EXPECT_SAME_SEQUENCE(values, rare_common("0.6", 60000));
  EXPECT_GT(engine.stats().wide_entries, 64u);
  EXPECT_EQ(engine.stats().wide_entries, rare_from(values, 3000, engine.progress().mask));
}

TEST(StoreSequenceStress, WideLayoutAcrossAResume) {
  // A store run stopped before or after its switch to the wide layout, then
  // continued by a fresh engine, which rebuilds the rare list (its wide part
  // too) from the file: with the same switch, with the default layout
  // (nothing wide below 2^32), and a store written with the default layout
  // continued by an engine that switches. The file holds values only, so
  // that any layout continues any store, stores of earlier grundy versions
  // included.
  const std::string code = "0.6";
  const Heap last = 12000, wide_from = 6000, narrow = Heap{1} << 32;
  const ValueSequence expected = naive(code, last);
  for (const Heap cut : {wide_from / 2, wide_from + 2500}) {
    for (const auto& [before, after] : {std::pair{wide_from, wide_from}, std::pair{wide_from, narrow},
                                        std::pair{narrow, wide_from}}) {
      SCOPED_TRACE("cut at " + std::to_string(cut) + ", wide from " + std::to_string(before) +
                   " then " + std::to_string(after));
      MappedSequence store = MappedSequence::create(store_path("resumed.gsm"),
                                                    TakeAndBreak::parse(code).name(), last + 1,
                                                    request_for(code, last));
      Heap known = 0;
      RareCommonOptions first;
      first.wide_from = before;
      first.threads = 1;
      RareCommonEngine stopped(TakeAndBreak::parse(code), first);
      ASSERT_TRUE(stopped.extend_in(store.data(), known, cut, {}));
      EXPECT_EQ(stopped.stats().wide_entries,
                rare_from(stored_values(store, known), before, stopped.progress().mask));
      RareCommonOptions second;
      second.wide_from = after;
      second.threads = 2;
      RareCommonEngine resumed(TakeAndBreak::parse(code), second);
      ASSERT_TRUE(resumed.extend_in(store.data(), known, last, {}));
      const ValueSequence values = stored_values(store, last + 1);
      EXPECT_SAME_SEQUENCE(values, expected);
      EXPECT_EQ(resumed.stats().wide_entries, rare_from(values, after, resumed.progress().mask));
    }
  }
}

TEST(StoreSequenceStress, PeriodSearchOnAResumedStoreLooksAtItsValues) {
  // A store resumed with more values than the period search starts with:
  // search_period looks at the values it holds, computes none, and proves
  // the period a run in memory proves (Dawson's Kayles, 0.07: period 34,
  // WW ch. 4).
  const TakeAndBreak code = TakeAndBreak::parse("0.07");
  const std::string path = store_path("period.gsm");
  const Heap known = 3 * kPeriodSearchStart;
  {
    SequenceRun run = SequenceRun::on_store(
        code, MappedSequence::create(path, code.name(), known, request_for("0.07", known - 1)),
        known, 1);
    ASSERT_TRUE(run.extend(known - 1));
  }
  SequenceRun memory(code, 1);
  ASSERT_TRUE(memory.search_period(Heap{1} << 20));
  ASSERT_TRUE(memory.period() && memory.period()->proven);
  SequenceRun resumed = SequenceRun::on_store(code, MappedSequence::open(path), ~Heap{0}, 1);
  ASSERT_TRUE(resumed.search_period(Heap{1} << 20));
  ASSERT_TRUE(resumed.period());
  EXPECT_TRUE(resumed.period()->proven);
  EXPECT_EQ(resumed.period()->period, 34u);
  EXPECT_EQ(resumed.period()->period, memory.period()->period);
  EXPECT_EQ(resumed.period()->preperiod, memory.period()->preperiod);
  EXPECT_EQ(resumed.period()->checked_to, known);
  EXPECT_EQ(resumed.reached(), known);
}

TEST(StoreSequenceStress, StoppedRunsResumeFromTheCommittedPrefix) {
  // A run on a store stopped midway, its store closed, reopened and resumed
  // (by a fresh run, which rebuilds the engine's state from the file) ends
  // equal to a run in memory; the commit records exactly the prefix saved,
  // and values past it (as a killed run might leave) are recomputed.
  const std::string code = "0.6";
  const Heap last = 150000;
  const ValueSequence memory = rare_common(code, last);
  const std::string path = store_path("stopped.gsm");
  for (unsigned threads : {1u, 2u}) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    std::remove(path.c_str());
    Heap saved = 0;
    {
      std::atomic<bool> stop{false};
      SequenceRunControl control;
      control.stop = &stop;
      control.save_every = 0.05;
      control.progress = [&](const EngineProgress& p) {
        if (p.reached > last / 3) stop.store(true);
      };
      control.save = [&](std::span<const Value16> values) { saved = values.size(); };
      SequenceRun run = SequenceRun::on_store(
          TakeAndBreak::parse(code),
          MappedSequence::create(path, "0.6", last + 1, request_for(code, last)), last + 1, threads);
      EXPECT_FALSE(run.extend(last, control));
      EXPECT_EQ(run.store()->valid(), run.reached());
      EXPECT_EQ(saved, run.reached());
      EXPECT_LT(run.reached(), last);
    }
    {
      MappedSequence store = MappedSequence::open(path);
      EXPECT_EQ(store.valid(), saved);
      EXPECT_EQ(store.request(), request_for(code, last));
      EXPECT_SAME_SEQUENCE(stored_values(store, saved),
                           ValueSequence(memory.begin(), memory.begin() + saved));
      // Garbage past the committed prefix, as if a killed run had written it.
      for (Heap n = saved; n < std::min<Heap>(last + 1, saved + 5000); ++n) store.data()[n] = 0x7777;
    }
    SequenceRun resumed =
        SequenceRun::on_store(TakeAndBreak::parse(code), MappedSequence::open(path), last + 1, threads);
    EXPECT_EQ(resumed.reached(), saved);
    ASSERT_TRUE(resumed.extend(last));
    EXPECT_EQ(MappedSequence::open(path).valid(), last + 1);
    EXPECT_SAME_SEQUENCE(ValueSequence(resumed.sequence().begin(), resumed.sequence().end()),
                         memory);
  }
  // A store of another code is refused by name.
  EXPECT_THROW(SequenceRun::on_store(TakeAndBreak::parse("0.77"), MappedSequence::open(path), 10),
               InputError);
}

TEST(StoreSequenceStress, StoresGrowAndRefuseCorruptHeaders) {
  const std::string path = store_path("grow.gsm");
  {
    SequenceRun run = SequenceRun::on_store(
        TakeAndBreak::parse("0.16"), MappedSequence::create(path, "0.16", 1000, request_for("0.16", 999)),
        ~Heap{0}, 1);
    ASSERT_TRUE(run.extend(50000, {}));  // past the capacity: the store grows
    EXPECT_GE(run.store()->capacity(), 50001u);
    EXPECT_SAME_SEQUENCE(ValueSequence(run.sequence().begin(), run.sequence().end()),
                         rare_common("0.16", 50000));
  }
  EXPECT_EQ(MappedSequence::open(path).valid(), 50001u);
  EXPECT_THROW(MappedSequence::create(path, "0.16", 10, request_for("0.16", 9)), InputError);
  EXPECT_TRUE(MappedSequence::is_store(path));
  // A flipped byte in the ruleset name, or in the valid count, is caught by
  // the header's checksum.
  for (const std::streamoff at : {std::streamoff{44}, std::streamoff{24}}) {
    const std::string copy = store_path("corrupt.gsm");
    std::filesystem::copy_file(path, copy);
    {
      std::fstream file(copy, std::ios::in | std::ios::out | std::ios::binary);
      file.seekp(at);
      file.put('\x5A');
    }
    EXPECT_THROW(MappedSequence::open(copy), InputError) << "byte " << at;
  }
  EXPECT_THROW(MappedSequence::open(store_path("missing.gsm")), InputError);
}

std::uint64_t fnv1a(std::span<const Value16> values) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const Value16 v : values) hash = (hash ^ v) * 0x100000001b3ULL;
  return hash;
}

// The process's resident anonymous memory in bytes (/proc/self/status), or
// -1 where there is none to read.
long long rss_anon() {
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    long long kilobytes = 0;
    if (key == "RssAnon:" && status >> kilobytes) return kilobytes * 1024;
    status.ignore(1 << 20, '\n');
  }
  return -1;
}

TEST(StoreSequenceStress, AnonymousMemoryOfARunOnAStoreIsNotTheSequence) {
  if (rss_anon() < 0) GTEST_SKIP() << "no /proc/self/status";
  // 0.16 to 2^23: 16 MiB of values. In memory the run's anonymous memory
  // grows by all of it (checked, so that this test can fail); on a store by
  // the engine's tables only.
  const Heap last = (Heap{1} << 23) - 1;
  const long long sequence_bytes = static_cast<long long>(2 * (last + 1));
  const TakeAndBreak code = TakeAndBreak::parse("0.16");
  SequenceRunControl saving;
  saving.save_every = 0.05;
  std::uint64_t in_memory = 0;
  {
    const long long before = rss_anon();
    SequenceRun run(code, 1);
    ASSERT_TRUE(run.extend(last, saving));
    EXPECT_GT(rss_anon() - before, sequence_bytes * 3 / 4) << "in memory";
    in_memory = fnv1a(run.sequence());
  }
  const long long before = rss_anon();
  SequenceRun run = SequenceRun::on_store(
      code, MappedSequence::create(store_path("bounded.gsm"), "0.16", last + 1, request_for("0.16", last)),
      last + 1, 1);
  ASSERT_TRUE(run.extend(last, saving));
  EXPECT_LT(rss_anon() - before, sequence_bytes / 4) << "on a store";
  EXPECT_EQ(fnv1a(run.sequence()), in_memory);
}

}  // namespace
}  // namespace grundy::store_sequence_test
