// The rare/common ("sparse space") engine for long heap-value sequences of
// take-and-break codes whose moves leave at most two heaps (theory.md §3).
//
// Description: a mask m splits values into rare (popcount(v & m) even) and
//   common (odd); rare values form a subgroup of index 2 under xor. A common
//   value excluded by a two-heap split must come from a split with exactly one
//   rare part, so pairing each rare heap size r with n-k-r finds every
//   excluded common value in O(#rare). With c the least common value left,
//   G(n) = c unless some rare value below c is not excluded: the
//   common+common splits are scanned until every rare value below c is seen
//   (a short scan in practice), and only a scan that runs to the end makes
//   G(n) a new rare value. Correct for any mask; the mask only sets the speed.
//   Engineering: exclusions are marked with epoch stamps (stores only, no
//   read-modify-write chains) and turned into a bit set; the scan looks up
//   32 splits at a time in a 1024-bit table with AVX-512 where the CPU has it.
//   With helper threads, G(n) = c is taken speculatively and the scan that
//   confirms it runs on a helper while the main thread goes on; a scan that
//   fails rolls the sequence back to that heap (so only the first rare values
//   of a game, where speculation is switched off anyway, ever cost one). The
//   mask is chosen to minimise the rare heap sizes, by a Walsh-Hadamard
//   transform of the value histogram, and re-chosen when frequencies shift.
// Source: WW ch. 4 ("Sparse space spells speed"); A. Flammenkamp's
//   octal-game pages; Gangolli & Plambeck, IJGT 18 (1989).
// Time: O(#rare + scan length) per value and two-heap digit; O(n) for the
//   few values that are new rare values.
// Memory: 2 bytes per heap size, plus 6 bytes per rare heap size.
// Status: compared with the naive engine on all 512 codes 0.d1d2d3 to 4096,
//   random octal and hexadecimal codes, forced (also bad) masks, thread
//   counts 1-3 and resumed prefixes (tests/stress/sequence_engine_test).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "grundy/solve/sequence_engine.h"

namespace grundy {

struct RareCommonOptions {
  // Threads in all (0: one per core). Helpers only confirm scans, so the
  // values never depend on this.
  unsigned threads = 0;
  // A fixed mask for the whole run (0 allowed: every value is rare and every
  // split is paired). Empty: chosen from the value frequencies.
  std::optional<Nimber> mask;
  // Use the AVX-512 kernels when the CPU has them (false: the portable ones).
  bool simd = true;
};

// Counters of the last extend call (CaDiCaL-style plain stats).
struct RareCommonStats {
  std::uint64_t pairs = 0;          // rare heap sizes paired with a complement
  std::uint64_t scan_steps = 0;     // common+common splits looked at
  std::uint64_t full_scans = 0;     // scans that ran to the end (new rare values)
  std::uint64_t speculated = 0;     // values whose scan ran on a helper thread
  std::uint64_t rollbacks = 0;      // failed speculative scans
  std::uint64_t mask_changes = 0;   // masks re-chosen (each rebuilds the rare list)
};

// Whether the rare/common method applies: a finite code whose moves leave at
// most two heaps.
bool rare_common_applies(const TakeAndBreak& code);

class RareCommonEngine final : public SequenceEngine {
 public:
  // Throws InputError if !rare_common_applies(code) or the mask is >= 65536.
  explicit RareCommonEngine(const TakeAndBreak& code, RareCommonOptions options = {});
  ~RareCommonEngine() override;
  RareCommonEngine(const RareCommonEngine&) = delete;
  RareCommonEngine& operator=(const RareCommonEngine&) = delete;

  bool extend(ValueSequence& values, Heap last, const EngineControl& control) override;
  EngineProgress progress() const override;
  const RareCommonStats& stats() const;
  // Whether the AVX-512 kernels are in use.
  bool uses_simd() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace grundy
