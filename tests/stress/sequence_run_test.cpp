// SequenceRun (include/grundy/solve/sequence_run.h) against one uninterrupted
// engine run and, on a prefix, against the by-definition twin
// grundy::naive_heap_values (the mex over the ruleset's own options): runs
// extended in several pieces, saved through the callback and resumed (from
// memory and through a sequence file), and runs stopped by the flag, from
// the progress callback or before they start, then completed.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/sequence_engine.h"
#include "grundy/solve/sequence_file.h"
#include "grundy/solve/sequence_run.h"
#include "support/engine_runs.h"
#include "support/process.h"

namespace grundy::sequence_run_test {
namespace {

// Kayles, Officers and Dawson's Chess (docs/theory.md §8), each to a size
// beyond the first chunk (2^16 heaps), so that one extend() makes several
// pieces, yet quick on the rare/common engine.
const struct {
  const char* code;
  Heap last;
} kRuns[] = {{"0.77", 200'000}, {"0.6", 100'000}, {"0.137", 70'000}};
// The twin is quadratic: it checks this prefix.
constexpr Heap kTwinLast = 6'000;

// The first index where two sequences differ, for a readable failure.
bool is_prefix(const ValueSequence& prefix, const ValueSequence& whole) {
  return prefix.size() <= whole.size() && std::equal(prefix.begin(), prefix.end(), whole.begin());
}

// G(0..last) in one engine call, with no chunks and no callbacks.
ValueSequence uninterrupted(const TakeAndBreak& code, Heap last) {
  auto engine = make_fast_engine(code, 1);
  ValueSequence values;
  EXPECT_TRUE(engine->extend(values, last, {}));
  return values;
}

ValueSequence prefix(const ValueSequence& values, Heap count) {
  return ValueSequence(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(count));
}

TEST(SequenceRunStress, PiecesAgreeWithOneRunAndTheTwin) {
  for (const auto& spec : kRuns) {
    const char* const text = spec.code;
    const Heap last = spec.last;
    SCOPED_TRACE(text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    const ValueSequence reference = uninterrupted(code, last);
    ASSERT_EQ(reference.size(), last + 1);

    // The twin, by definition, on the prefix.
    const std::vector<Nimber> twin = naive_heap_values(code, kTwinLast);
    for (Heap n = 0; n <= kTwinLast; ++n) ASSERT_EQ(reference[n], twin[n]) << "n = " << n;

    std::vector<ValueSequence> saves;
    SequenceRunControl control;
    control.save = [&](std::span<const Value16> values) {
      saves.emplace_back(values.begin(), values.end());
    };
    control.save_every = 0.05;
    SequenceRun run(code);
    for (const Heap to : {Heap{0}, Heap{1000}, kTwinLast, last / 2, last}) {
      ASSERT_TRUE(run.extend(to, control));
      ASSERT_EQ(run.reached(), to + 1);
      EXPECT_SAME_SEQUENCE(run.values(), prefix(reference, to + 1));
      // Every extend() that reached its end saved it last.
      ASSERT_FALSE(saves.empty());
      EXPECT_EQ(saves.back().size(), to + 1);
    }
    for (const ValueSequence& saved : saves) EXPECT_TRUE(is_prefix(saved, reference));
    // Already there: nothing to do, nothing saved.
    const std::size_t saved_count = saves.size();
    EXPECT_TRUE(run.extend(last / 2, control));
    EXPECT_EQ(run.reached(), last + 1);
    EXPECT_EQ(saves.size(), saved_count);

    // Resumed from a captured state (in memory), then extended in two
    // pieces: the same sequence.
    const ValueSequence& early = saves[1];
    SequenceRun resumed = SequenceRun::resume(code, SequenceFile{code.name(), 0, early}, "saves");
    EXPECT_SAME_SEQUENCE(resumed.values(), early);
    ASSERT_TRUE(resumed.extend(early.size() + 777));
    ASSERT_TRUE(resumed.extend(last, control));
    EXPECT_SAME_SEQUENCE(resumed.values(), reference);

    // Resumed through a sequence file, as a library user saves it.
    const std::string file = (testing::scratch().path() / "run.bin").string();
    const ValueSequence& middle = saves[saves.size() / 2];
    write_sequence_file(file, code.name(), 0, middle.data(), middle.size());
    SequenceRun from_file = SequenceRun::resume(code, read_sequence_file(file), file, 2);
    EXPECT_SAME_SEQUENCE(from_file.values(), middle);
    ASSERT_TRUE(from_file.extend(last));
    EXPECT_SAME_SEQUENCE(from_file.values(), reference);
  }
}

TEST(SequenceRunStress, StopFromProgressThenResume) {
  for (const auto& spec : kRuns) {
    const char* const text = spec.code;
    const Heap last = spec.last;
    SCOPED_TRACE(text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    const ValueSequence reference = uninterrupted(code, last);

    std::atomic<bool> stop{false};
    std::vector<ValueSequence> saves;
    SequenceRunControl control;
    control.stop = &stop;
    control.progress = [&](const EngineProgress& p) {
      if (p.reached > last / 4) stop.store(true);
    };
    control.save = [&](std::span<const Value16> values) {
      saves.emplace_back(values.begin(), values.end());
    };
    control.save_every = 1000;  // saved only at the stop

    SequenceRun run(code);
    EXPECT_FALSE(run.extend(last, control));
    EXPECT_GT(run.reached(), last / 4);
    EXPECT_LE(run.reached(), last);
    EXPECT_TRUE(is_prefix(run.values(), reference));
    ASSERT_EQ(saves.size(), 1u);
    EXPECT_SAME_SEQUENCE(saves.back(), run.values());

    // A resumed run completes identically; so does the stopped one, once
    // the flag is down.
    std::atomic<bool> no_stop{false};
    SequenceRunControl quiet;
    quiet.stop = &no_stop;
    SequenceRun resumed =
        SequenceRun::resume(code, SequenceFile{code.name(), 0, saves.back()}, "the save");
    EXPECT_TRUE(resumed.extend(last, quiet));
    EXPECT_SAME_SEQUENCE(resumed.values(), reference);
    stop.store(false);
    control.progress = nullptr;
    EXPECT_TRUE(run.extend(last, control));
    EXPECT_SAME_SEQUENCE(run.values(), reference);
  }
}

TEST(SequenceRunStress, StopBeforeStartingKeepsAConsistentPrefix) {
  // The engine looks at the flag every few thousand heaps: the run stops
  // well inside this prefix.
  constexpr Heap kPrefix = 20'000;
  for (const auto& spec : kRuns) {
    const char* const text = spec.code;
    const Heap last = spec.last;
    SCOPED_TRACE(text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    const ValueSequence reference = uninterrupted(code, kPrefix);
    std::atomic<bool> stop{true};
    for (const bool saving : {false, true}) {
      SCOPED_TRACE(saving ? "with saves" : "without saves");
      std::vector<ValueSequence> saves;
      SequenceRunControl control;
      control.stop = &stop;
      if (saving) control.save = [&](std::span<const Value16> values) {
      saves.emplace_back(values.begin(), values.end());
    };
      SequenceRun run(code, 1);
      EXPECT_FALSE(run.extend(last, control));
      ASSERT_LE(run.reached(), kPrefix);
      EXPECT_TRUE(is_prefix(run.values(), reference));
      EXPECT_EQ(saves.size(), saving ? 1u : 0u);
      if (saving) EXPECT_SAME_SEQUENCE(saves.back(), run.values());
    }
  }
}

TEST(SequenceRunStress, ResumeRefusesAnotherCodesValues) {
  const TakeAndBreak kayles = TakeAndBreak::parse("0.77");
  SequenceRun officers(TakeAndBreak::parse("0.6"));
  ASSERT_TRUE(officers.extend(100));
  try {
    SequenceRun::resume(kayles, SequenceFile{"0.6", 0, officers.values()}, "officers.bin");
    ADD_FAILURE() << "0.6 values accepted for 0.77";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("officers.bin"), std::string::npos) << message;
    EXPECT_NE(message.find("'0.6'"), std::string::npos) << message;
    EXPECT_NE(message.find("'0.77'"), std::string::npos) << message;
  }
  // Values that do not start at heap 0 cannot be continued either.
  SequenceRun from_zero(kayles);
  ASSERT_TRUE(from_zero.extend(100));
  EXPECT_THROW(SequenceRun::resume(kayles, SequenceFile{"0.77", 10, from_zero.values()}, "slice"),
               InputError);
}

}  // namespace
}  // namespace grundy::sequence_run_test
