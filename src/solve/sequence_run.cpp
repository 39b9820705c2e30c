#include "grundy/solve/sequence_run.h"

#include <algorithm>
#include <chrono>
#include <utility>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/solve/heap_values.h"

namespace grundy {

namespace {
constexpr Heap kFirstChunk = Heap{1} << 16;
constexpr Heap kMinChunk = Heap{1} << 10;
constexpr Heap kMaxChunk = Heap{1} << 28;
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

SequenceRun::SequenceRun(SequenceRun&&) noexcept = default;
SequenceRun& SequenceRun::operator=(SequenceRun&&) noexcept = default;
SequenceRun::~SequenceRun() = default;

EngineProgress SequenceRun::stats() const { return engine_->progress(); }

bool SequenceRun::search_period(Heap bound, const SequenceRunControl& control) {
  Heap size = std::min(bound, std::max<Heap>(kPeriodSearchStart, values_.size()));
  while (size > 0) {
    try {
      if (!extend(size - 1, control)) return false;
    } catch (const LimitError&) {
      // Values past 16 bits: extend() reports it again when asked for more.
      if (values_.empty()) throw;
      return true;
    }
    const Periodicity p = find_periodicity(code_, values_);
    if (p.proven) {
      period_ = p;
      return true;
    }
    if (size >= bound || (p.period != 0 && !has_period_criterion(code_))) return true;
    size = std::min(bound, std::max<Heap>(2 * size, p.proof_needs));
  }
  return true;
}

Nimber SequenceRun::value(Heap n) const {
  if (n < values_.size()) return values_[n];
  const std::optional<Nimber> v =
      period_ ? value_from_periodicity(*period_, values_, n) : std::nullopt;
  if (!v)
    throw LimitError(fmt::format("G({}) of '{}' is neither computed nor given by a proven period",
                                 n, code_.name()));
  return *v;
}

bool SequenceRun::extend(Heap to, const SequenceRunControl& control) {
  EngineControl engine_control;
  engine_control.progress = control.progress;
  engine_control.stop = control.stop;
  const auto stop_requested = [&] { return control.stop && control.stop->load(); };
  if (!control.save) return values_.size() > to || engine_->extend(values_, to, engine_control);

  using Clock = std::chrono::steady_clock;
  const double wanted = std::max(kMinSaveEvery, control.save_every);
  auto last_save = Clock::now();
  while (values_.size() <= to) {
    const Heap end = std::min<Heap>(to, values_.size() + chunk_ - 1);
    const auto began = Clock::now();
    bool done = engine_->extend(values_, end, engine_control);
    const auto now = Clock::now();
    // Aim at one chunk per save interval.
    const double took = std::chrono::duration<double>(now - began).count();
    if (took < wanted / 2 && chunk_ < kMaxChunk) chunk_ *= 2;
    if (took > wanted * 2 && chunk_ > kMinChunk) chunk_ /= 2;
    // A chunk may end before the engine looks at the flag: look here too.
    if (done && values_.size() <= to && stop_requested()) done = false;
    const bool due = std::chrono::duration<double>(now - last_save).count() >= wanted;
    if (due || !done || values_.size() > to) {
      control.save(values_);
      last_save = now;
    }
    if (!done) return false;
  }
  return true;
}

}  // namespace grundy
