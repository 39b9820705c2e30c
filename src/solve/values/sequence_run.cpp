#include "grundy/solve/sequence_run.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/solve/heap_values.h"

namespace grundy {

namespace {
constexpr Heap kFirstChunk = Heap{1} << 16;
constexpr Heap kMinChunk = Heap{1} << 10;
constexpr Heap kMaxChunk = Heap{1} << 28;
// On a store: chunks small enough that the pages let go after each one
// (32 MiB of values) bound the resident set, and the heaps behind n that
// stay mapped (the pairs' window is as wide as the largest rare heap size,
// a few thousand in practice).
constexpr Heap kMaxStoreChunk = Heap{1} << 24;
constexpr Heap kStoreWindow = Heap{1} << 20;
constexpr double kMinSaveEvery = 0.05;  // seconds
}  // namespace

SequenceRun::SequenceRun(const TakeAndBreak& code, unsigned threads)
    : code_(code), engine_(make_fast_engine(code, threads)), chunk_(kFirstChunk) {}

SequenceRun SequenceRun::resume(const TakeAndBreak& code, SequenceFile saved,
                                const std::string& source, unsigned threads) {
  if (saved.ruleset != code.name() || saved.first != 0)
    throw InputError(source, fmt::format("checkpoint '{}' is for '{}' from n = {}, not for '{}' "
                                         "from 0",
                                         source, saved.ruleset, saved.first, code.name()));
  SequenceRun run(code, threads);
  run.values_ = std::move(saved.values);
  return run;
}

SequenceRun SequenceRun::on_store(const TakeAndBreak& code, MappedSequence store, Heap limit,
                                  unsigned threads) {
  if (store.ruleset() != code.name())
    throw InputError(store.path(), fmt::format("store '{}' holds values of '{}', not of '{}'",
                                               store.path(), store.ruleset(), code.name()));
  SequenceRun run(code, threads);
  run.known_ = std::min(store.valid(), limit);
  run.store_ = std::make_unique<MappedSequence>(std::move(store));
  return run;
}

std::span<const Value16> SequenceRun::sequence() const {
  if (store_) return {store_->data(), static_cast<std::size_t>(known_)};
  return {values_.data(), values_.size()};
}

const ValueSequence& SequenceRun::values() const {
  if (store_) throw std::logic_error("SequenceRun::values() of a run on a store: use sequence()");
  return values_;
}

SequenceRun::SequenceRun(SequenceRun&&) noexcept = default;
SequenceRun& SequenceRun::operator=(SequenceRun&&) noexcept = default;
SequenceRun::~SequenceRun() = default;

EngineProgress SequenceRun::stats() const { return engine_->progress(); }

bool SequenceRun::search_period(Heap bound, const SequenceRunControl& control) {
  PeriodGrowth growth;
  growth.compute = [&](Heap size) { return extend(size - 1, control); };
  growth.values = [&] { return sequence(); };
  // From the values known (in memory or on a store): a resumed run looks at
  // them once, not once per doubling step from kPeriodSearchStart. A value
  // past 16 bits ends the search; extend() reports it again when asked for
  // more.
  PeriodGrown grown = grow_until_periodic(code_, reached(), bound, false, growth);
  if (grown.end == PeriodGrowthEnd::proven) period_ = std::move(grown.periodicity);
  return grown.end != PeriodGrowthEnd::interrupted;
}

Nimber SequenceRun::value(Heap n) const {
  if (n < reached()) return sequence()[n];
  const std::optional<Nimber> v =
      period_ ? value_from_periodicity(*period_, sequence(), n) : std::nullopt;
  if (!v)
    throw LimitError(fmt::format("G({}) of '{}' is neither computed nor given by a proven period",
                                 n, code_.name()));
  return *v;
}

bool SequenceRun::extend_piece(Heap end, const EngineControl& control) {
  if (!store_) return values_.size() > end || engine_->extend(values_, end, control);
  if (known_ > end) return true;
  if (store_->capacity() <= end) store_->reserve(end + 1);
  Heap known = known_;
  bool done = false;
  try {
    done = engine_->extend_in(store_->data(), known, end, control);
  } catch (...) {
    known_ = known;
    throw;
  }
  known_ = known;
  if (known_ > kStoreWindow) store_->release_below(known_ - kStoreWindow);
  return done;
}

void SequenceRun::save(const SequenceRunControl& control) {
  if (store_) store_->commit(known_);
  if (control.save) control.save(sequence());
}

bool SequenceRun::extend(Heap to, const SequenceRunControl& control) {
  // The engine's part of the control (its progress and stop flag).
  const EngineControl& engine_control = control;
  const auto stop_requested = [&] { return control.stopped(); };
  if (!control.save && !store_) return extend_piece(to, engine_control);

  using Clock = std::chrono::steady_clock;
  const double wanted = std::max(kMinSaveEvery, control.save_every);
  const Heap max_chunk = store_ ? kMaxStoreChunk : kMaxChunk;
  chunk_ = std::min(chunk_, max_chunk);
  auto last_save = Clock::now();
  while (reached() <= to) {
    const Heap end = std::min<Heap>(to, reached() + chunk_ - 1);
    const auto began = Clock::now();
    bool done = extend_piece(end, engine_control);
    const auto now = Clock::now();
    // Aim at one chunk per save interval.
    const double took = std::chrono::duration<double>(now - began).count();
    if (took < wanted / 2 && chunk_ < max_chunk) chunk_ *= 2;
    if (took > wanted * 2 && chunk_ > kMinChunk) chunk_ /= 2;
    // A chunk may end before the engine looks at the flag: look here too.
    if (done && reached() <= to && stop_requested()) done = false;
    const bool due = std::chrono::duration<double>(now - last_save).count() >= wanted;
    if (due || !done || reached() > to) {
      save(control);
      last_save = now;
    }
    if (!done) return false;
  }
  return true;
}

}  // namespace grundy
