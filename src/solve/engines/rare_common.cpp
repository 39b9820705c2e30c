// The rare/common engine; the method, sources and status are in
// src/solve/engines/rare_common.h. Notes on the implementation:
// - Exclusions of heap n are marked by storing an epoch into stamps[v] (pure
//   stores: a bit set would chain read-modify-writes through the store
//   buffer), then turned into a bit set of `bound` bits, bound being a power
//   of two above every value so far (xors of values stay below it).
// - Groups: the rare entries at 16 and beyond are paired with 16 heaps at
//   once into byte stamps, one row per heap; the entries below 16 need values
//   of the group itself and are paired per heap.
// - The scan needs only the rare values below c that the pairing left: a
//   table of `bound` bits, which the vector kernels (sequence_kernels.h)
//   look a register of splits up in (byte shuffles), and once at most 8 are
//   left, a list they compare a register of splits with.
// - Helpers (threads > 1) take blocks of far pairs (rare entries >= 2304,
//   whose values are known 2304 heaps early) and speculative scans. The main
//   thread retires scan results in heap order; a failed scan (it ran to the
//   end) means G(n) is a rare value: every heap from n on is recomputed.
// - Every change of the rare list's layout (rollback, new mask, growth)
//   pauses the helpers first and discards the blocks in flight.
// - The rare list is two arrays: heap sizes below 2^32 in 32 bits, those
//   from 2^32 on in 64 bits (their values in one array for both). A store
//   run of 0.6 past 2^32 meets such rare values; two arrays rather than one
//   widened at the first of them, because the entries below 2^32 keep the
//   32-bit traffic of the pairing loops, and the switch moves nothing: the
//   wide array only gets its room (helpers paused) and the list stays
//   ascending, the narrow part first.
#include "solve/engines/rare_common.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "solve/base/back_off.h"
#include "solve/engines/sequence_kernels.h"
#include "solve/engines/sequence_vector.h"
#include "solve/base/thread_start.h"

namespace grundy {

namespace {

using Word = std::uint64_t;

constexpr unsigned kValues = 1u << 16;         // values are stored in 16 bits
constexpr unsigned kWords = kValues / 64;      // words of a bit set over all values
constexpr unsigned kTableBound = 4096;         // values a group and a task table hold
constexpr unsigned kTableWords = kTableBound / 64;
constexpr std::size_t kRingSize = 512;         // speculative scans in flight
constexpr Heap kQuietHeaps = 4 * kRingSize;    // no speculation this soon after a rare value
constexpr Heap kPollHeaps = 4096;              // stop/progress polling interval
constexpr Heap kBlockHeaps = 256;              // heaps per block of far pairs
constexpr std::size_t kBlockRing = 8;          // blocks of far pairs in flight
// Rare heap sizes at least this large are "far": their pairs for heap n use
// values at least this far back, so helpers pair them ahead of time.
constexpr Heap kFarPosition = (kBlockRing + 1) * kBlockHeaps;
constexpr unsigned kShareSteps = 16;           // the helpers' share of far pairs, in 16ths
constexpr unsigned kGroupHeaps = 16;           // heaps paired together in one pass
// Rare entries (from 16 on) from which pairing a group in one pass beats
// pairing heap by heap: 0.16, with 43 such entries, took about 15% less CPU
// time with groups than without (a quick A/B, CPU time on a shared machine).
constexpr std::size_t kMinGroupEntries = 16;
// Handing work to a helper costs a few cache-line transfers: not worth it for
// scans shorter than this (in splits, a recent average), nor for blocks with
// fewer far entries. At 2048 no scan of 0.161 or 0.034 was handed over (their
// averages are about 800 and 1400) and a helper slowed 0.161 down; at 512 two
// threads took 0.161 from 1.3 s to 1.05 s and 0.034 from 2.1 s to 1.55 s,
// the other codes unchanged (docs/performance.md, "Two threads").
constexpr std::uint64_t kMinHandedScan = 512;
// The average is over about the last kScanWindow scans, each counted as at
// most kScanCap splits: 0.16's scans (about 140 splits) come in bursts of
// long ones that pushed a short average (16 scans, samples up to 16 times
// the threshold) over it, and then its short scans were handed over, two
// threads being slower than one (2.7 s against 2.3 s to 2^24).
constexpr std::uint64_t kScanWindow = 256;
constexpr std::uint64_t kScanCap = 2 * kMinHandedScan;
constexpr std::size_t kMinHandedEntries = 64;
constexpr std::uint64_t kTasksPerClaim = 4;    // scans a helper claims at once
// With the queue of scans full, the main thread retires the finished ones
// every this many heaps (and scans the heaps between itself). A finished
// task's state is a cache line the helper has just written: retired one a
// heap, each read stalled the main thread (three quarters of the samples
// in the main loop's own code were on that load); read 16 at a time, the
// loads overlap. Two threads, 0.161 to 2^21: 0.51-0.54 s -> 0.47-0.49 s; 0.6 to
// 2^22: 2.49-2.57 s -> 2.42-2.47 s (docs/performance.md, "Retiring scans").
constexpr Heap kRetireEvery = 16;
// The narrow part of the rare list holds heap sizes in 32 bits (half the
// memory traffic of the pairing loops); from this one on, the wide part.
constexpr Heap kWidePosition = Heap{1} << 32;

using detail::back_off;

// ---------------------------------------------------------------------------
// Kernels. Each has a portable version here, the twin of the vector kernels
// of sequence_kernels.h (Highway picks their instruction set at run time;
// the library is built for baseline x86-64).

// Marks stamps[val[i] ^ g[m - pos[i]]] = epoch for i in [begin, end): the
// values of the splits (pos[i], m - pos[i]) of the rare heap sizes pos[i]
// (Pos: the 32-bit or the 64-bit part of the rare list, RareList below).
template <class Pos>
inline void pair_range(const Value16* g, Heap m, const Pos* pos, const Value16* val,
                       std::size_t begin, std::size_t end, std::uint32_t* stamps,
                       std::uint32_t epoch) {
  const Value16* const gm = g + m;
  for (std::size_t i = begin; i < end; ++i)
    stamps[val[i] ^ gm[-static_cast<std::ptrdiff_t>(pos[i])]] = epoch;
}

// bits[w] bit b = (stamps[64w + b] == epoch), for w < words.
void exclusion_bits_portable(const std::uint32_t* stamps, std::uint32_t epoch, unsigned words,
                             Word* bits) {
  for (unsigned w = 0; w < words; ++w) {
    Word x = 0;
    for (unsigned b = 0; b < 64; ++b) x |= Word{stamps[64 * w + b] == epoch} << b;
    bits[w] = x;
  }
}

// One byte stamp per value for kGroupHeaps consecutive heaps (rows of
// `stride` bytes): pairing a rare heap size with 16 consecutive complements
// reads them with four 8-byte loads and writes 16 byte stamps, about 2.5
// times faster per pair than one heap at a time.
struct GroupStamps {
  std::vector<std::uint8_t> bytes;
  unsigned bound = 0, stride = 0;
  std::uint8_t epoch = 0;
  // Starts a group for values below b (a power of two, 64..kTableBound).
  void start(unsigned b) {
    if (b != bound) {
      bound = b;
      stride = b + 64;  // not a power of two: rows fall in different cache sets
      bytes.assign(std::size_t{kGroupHeaps} * stride, 0);
      epoch = 0;
    }
    if (++epoch == 0) {
      std::fill(bytes.begin(), bytes.end(), 0);
      epoch = 1;
    }
  }
};

// Rows j < kRows: bytes[j * kStride + (val[i] ^ g[m0 + j - pos[i]])] =
// epoch for i in [lo, hi); every pos[i] < m0.
template <unsigned kStride, unsigned kRows, class Pos>
void pair_batch(const Value16* g, Heap m0, const Pos* pos, const Value16* val,
                std::size_t lo, std::size_t hi, std::uint8_t* bytes, std::uint8_t epoch) {
  for (std::size_t i = lo; i < hi; ++i) {
    const Value16* src = g + (m0 - pos[i]);
    const std::uint64_t v = val[i] * 0x0001000100010001ULL;
    for (unsigned q = 0; q < kRows / 4; ++q) {
      // One 8-byte load per four values, straight into a register (a copy of
      // all 32 bytes into an array went through the stack: two more stores
      // per entry, in a loop bound by its stores).
      std::uint64_t x;
      std::memcpy(&x, src + 4 * q, sizeof x);
      x ^= v;
      bytes[(4 * q + 0) * kStride + (x & 0xFFFF)] = epoch;
      bytes[(4 * q + 1) * kStride + ((x >> 16) & 0xFFFF)] = epoch;
      bytes[(4 * q + 2) * kStride + ((x >> 32) & 0xFFFF)] = epoch;
      bytes[(4 * q + 3) * kStride + (x >> 48)] = epoch;
    }
  }
}

// All 16 rows in one pass while they fit in L1 (values below 1024), else in
// two passes of 8 rows.
template <unsigned kStride, class Pos>
void pair_rows(const Value16* g, Heap m0, const Pos* pos, const Value16* val,
               std::size_t lo, std::size_t hi, std::uint8_t* bytes, std::uint8_t epoch) {
  if constexpr (kStride < 2048) {
    pair_batch<kStride, 16>(g, m0, pos, val, lo, hi, bytes, epoch);
  } else {
    pair_batch<kStride, 8>(g, m0, pos, val, lo, hi, bytes, epoch);
    pair_batch<kStride, 8>(g, m0 + 8, pos, val, lo, hi, bytes + 8 * kStride, epoch);
  }
}

// Pairs rare entries [lo, hi) with heaps first + j, j < 16, for split digit
// k: entries below first - k in one pass, the few at or above it per heap.
// Every value read must be known: first + 15 - k - pos[lo] < n_cur.
template <class Pos>
void pair_group(const Value16* g, Heap first, Heap k, const Pos* pos,
                const Value16* val, std::size_t lo, std::size_t hi, GroupStamps& group) {
  if (lo >= hi) return;
  const Heap m0 = first - k;
  const std::size_t mid =
      static_cast<std::size_t>(std::lower_bound(pos + lo, pos + hi, m0) - pos);
  std::uint8_t* const bytes = group.bytes.data();
  const std::uint8_t e = group.epoch;
  switch (group.bound) {
    case 64: pair_rows<128>(g, m0, pos, val, lo, mid, bytes, e); break;
    case 128: pair_rows<192>(g, m0, pos, val, lo, mid, bytes, e); break;
    case 256: pair_rows<320>(g, m0, pos, val, lo, mid, bytes, e); break;
    case 512: pair_rows<576>(g, m0, pos, val, lo, mid, bytes, e); break;
    case 1024: pair_rows<1088>(g, m0, pos, val, lo, mid, bytes, e); break;
    case 2048: pair_rows<2112>(g, m0, pos, val, lo, mid, bytes, e); break;
    default: pair_rows<4160>(g, m0, pos, val, lo, mid, bytes, e); break;
  }
  for (std::size_t i = mid; i < hi; ++i)
    for (unsigned j = 0; j < kGroupHeaps; ++j)
      if (pos[i] < m0 + j) bytes[j * group.stride + (val[i] ^ g[m0 + j - pos[i]])] = e;
}

// bits[w] bit b = (row[64w + b] == epoch), for w < words.
void group_bits_portable(const std::uint8_t* row, std::uint8_t epoch, unsigned words, Word* bits) {
  for (unsigned w = 0; w < words; ++w) {
    Word x = 0;
    for (unsigned b = 0; b < 64; ++b) x |= Word{row[64 * w + b] == epoch} << b;
    bits[w] = x;
  }
}

// Scans the splits (a, m-a), from <= a <= to (to <= m/2), clearing from
// `table` every value found; returns how many values remain (0: stopped early).
unsigned scan_portable(const Value16* g, Heap m, Heap from, Heap to, Word* table,
                       unsigned count, std::uint64_t& steps) {
  for (Heap a = from; a <= to; ++a) {
    const unsigned v = g[a] ^ g[m - a];
    const Word bit = Word{1} << (v & 63);
    if (table[v >> 6] & bit) {
      table[v >> 6] &= ~bit;
      if (--count == 0) {
        steps += a + 1 - from;
        return 0;
      }
    }
  }
  steps += to + 1 - from;
  return count;
}

// The scan of splits (a, m-a), from <= a <= to, clearing from `table` (of
// `words` words) every value found; returns how many are left (0: stopped
// early). With `simd`, the vector kernels: while many values are left (often
// a hundred), a register of splits at a time is looked up in the table; once
// few are (`enough` below), it is compared with each of them.
unsigned scan_range(const Value16* g, Heap m, Heap from, Heap to, Word* table, unsigned words,
                    unsigned count, bool simd, std::uint64_t& steps) {
  if (!simd) return scan_portable(g, m, from, to, table, count, steps);
  Heap a = from;
  // A lookup in a table of 64 or 128 values is a byte shuffle or two, cheaper
  // than comparing with 8 values; in a larger table (four or eight shuffles
  // and blends) it costs about as much as 8 compares, and more than 2-4. So
  // the compares take over at 8 values left in small tables, at 2 in larger
  // ones. Measured (AMD EPYC Zen 3, AVX2, interleaved runs, medians of 5-11):
  // at 2 rather than 8, 0.014 to 2^21 8.09 -> 7.84 s, 0.6 to 2^21 6.57 ->
  // 6.44 s, 0.161 to 2^20 1.35 -> 1.25 s, 0.034 to 2^20 2.08 -> 2.05 s
  // (tables of 256 and 512 values); but 0.16 to 2^25 (64 values) 3.14 ->
  // 3.59 s, so small tables keep 8.
  const unsigned enough = words <= 2 ? kernels::kMaxTargets : 2;
  if (count > enough) {
    count = kernels::scan_table(g, m, a, to, table, words, count, enough, steps);
    if (count == 0 || a > to) return count;
  }
  Value16 targets[kernels::kMaxTargets];
  unsigned listed = 0;
  for (unsigned w = 0; w < words; ++w)
    for (Word x = table[w]; x != 0; x &= x - 1) {
      targets[listed++] = static_cast<Value16>(64 * w + std::countr_zero(x));
      table[w] &= ~(x & (~x + 1));
    }
  count = kernels::scan_targets(g, m, a, to, targets, count, steps);
  for (unsigned i = 0; i < count; ++i) table[targets[i] >> 6] |= Word{1} << (targets[i] & 63);
  return count;
}

// The splits (a, m - a) that a split digit allows: 1 <= a <= its half, which
// is m/2, or (m-1)/2 when the heaps must be unequal (the '!' or '?' modifier).
struct SplitDigit {
  Heap k = 0;
  bool unequal = false;
  Heap half(Heap n) const { return unequal ? (n - k - 1) / 2 : (n - k) / 2; }
};

// The scan over the two-heap splits of heap n for every split digit k, in
// rounds of growing windows of a so that a value reachable only through one
// digit is not found after a whole scan of another. Returns the count left
// (nonzero: the scan went through every split).
unsigned scan_splits(const Value16* g, Heap n, const std::vector<SplitDigit>& split, Word* table,
                     unsigned words, unsigned count, bool simd, std::uint64_t& steps) {
  if (split.size() == 1) {
    if (n < split[0].k + 2 || split[0].half(n) < 1) return count;
    return scan_range(g, n - split[0].k, 1, split[0].half(n), table, words, count, simd, steps);
  }
  Heap window = 1024;
  for (Heap from = 1;; from += window, window = std::min<Heap>(2 * window, 1 << 16)) {
    bool more = false;
    for (const SplitDigit& s : split) {
      if (n < s.k + 2) break;
      const Heap half = s.half(n);
      if (from > half) continue;
      const Heap to = std::min(half, from + window - 1);
      count = scan_range(g, n - s.k, from, to, table, words, count, simd, steps);
      if (count == 0) return 0;
      more = more || to < half;
    }
    if (!more) return count;
  }
}

// Row j of a group as an exclusion bit set of `words` words.
void group_row_bits(const GroupStamps& group, unsigned j, unsigned words, bool simd, Word* bits) {
  const std::uint8_t* row = group.bytes.data() + std::size_t{j} * group.stride;
  if (simd)
    kernels::group_bits(row, group.epoch, words, bits);
  else
    group_bits_portable(row, group.epoch, words, bits);
}

// A speculative scan: confirm that every value in `table` is the value of a
// two-heap split of heap n. The main thread writes a task and a helper
// reads it and writes back its state, so each cache line of it crosses
// between cores: tables of up to 256 values (four words) share one line
// with the rest, and only the words up to the last value are copied.
struct alignas(64) ScanTask {
  static constexpr std::uint32_t kPending = 0, kConfirmed = 1, kFailed = 2;
  std::atomic<std::uint32_t> state{kPending};
  unsigned count = 0;
  unsigned short words = 0;  // table words (bound / 64 when queued)
  unsigned short sent = 0;   // the first `sent` of them, the rest zero: up to the last value
  Value16 value = 0;   // G(n) when the scan failed: the least value not found
  Heap n = 0;
  std::uint64_t steps = 0;  // splits looked at
  Word table[kTableWords] = {};
};
static_assert(offsetof(ScanTask, table) + 4 * sizeof(Word) <= 64,
              "a table of four words shares the task's first cache line");

// The rare list as the pairing loops read it: entries [0, narrow) hold
// their heap sizes in 32 bits (pos), the later ones, from kWidePosition on,
// in 64 bits (wide, indexed from narrow); val holds the values of all.
// parts() calls pair(heap sizes, values, lo, hi) on the part of entries
// [begin, end) in each array, lo and hi indexing that array.
struct RareList {
  const std::uint32_t* pos = nullptr;
  const std::uint64_t* wide = nullptr;
  const Value16* val = nullptr;
  std::size_t narrow = 0;
  template <class Pair>
  void parts(std::size_t begin, std::size_t end, const Pair& pair) const {
    if (begin >= end) return;
    if (begin < narrow) pair(pos, val, begin, std::min(end, narrow));
    if (end > narrow) pair(wide, val + narrow, std::max(begin, narrow) - narrow, end - narrow);
  }
};

// The far pairs of heaps [first, end): rare entries [begin, stop) paired by a
// helper ahead of time, one exclusion bit set of `words` words per heap.
// Each block has cache lines of its own: the main thread reads the one in
// use at every heap while a helper writes the next.
struct alignas(64) FarBlock {
  static constexpr std::uint32_t kFree = 0, kReady = 1, kClaimed = 2, kDone = 3;
  std::atomic<std::uint32_t> state{kFree};
  Heap first = 0, end = 0;
  std::size_t begin = 0, stop = 0;
  RareList list;  // the rare list as published
  unsigned words = 0;
  std::vector<Word> bits;
};

// What a helper reads besides its tasks and blocks, copied when it starts.
// In the engine these fields share cache lines with ones the main thread
// writes at every heap (n_cur beside g, zero_unsure beside split, published
// beside the ring): each read by a helper took such a line away, and the
// main thread's next write waited for it to come back, round trips between
// cores at every heap. Two threads of 0.161 took 1.2-2.7 times as long as
// now, the more the farther apart the host had put the two vCPUs
// (docs/performance.md, "Cache lines the helper shared").
struct HelperView {
  const Value16* g;
  std::vector<SplitDigit> split;
  bool simd;
  ScanTask* ring;
  FarBlock* blocks;
};

// Walsh-Hadamard transform: h[m] becomes sum_v h[v] (-1)^popcount(v & m).
void walsh_hadamard(std::vector<std::int64_t>& h) {
  for (std::size_t len = 1; len < h.size(); len <<= 1)
    for (std::size_t i = 0; i < h.size(); i += 2 * len)
      for (std::size_t j = i; j < i + len; ++j) {
        const std::int64_t x = h[j], y = h[j + len];
        h[j] = x + y;
        h[j + len] = x - y;
      }
}

}  // namespace

bool rare_common_applies(const TakeAndBreak& code) {
  return code.is_classic() && code.is_finite() && code.max_parts() <= 2;
}

struct RareCommonEngine::Impl {
  Impl(const TakeAndBreak& c, RareCommonOptions o);

  bool extend(ValueSequence& values, Heap last, const EngineControl& control);
  bool extend_in(Value16* data, Heap& known, Heap last, const EngineControl& control);
  bool run(Heap last, const EngineControl& control);

  // Sequence state, rebuilt from the prefix by every extend call.
  void rebuild(Heap start);
  void set_mask(Nimber m);
  void rebuild_rare_list(Heap end);
  // Whether the best mask for the values so far is worth a rebuild.
  bool mask_change_due(Nimber& best) const;
  // The mask with the fewest rare heap sizes among g[1..], and that count.
  std::pair<Nimber, std::uint64_t> best_mask() const;
  bool is_rare(unsigned v) const { return (rare_bits[v >> 6] >> (v & 63)) & 1; }
  // The rare list: its length, entry i's heap size, the entries below heap
  // size p, the arrays as the pairing loops read them, a new last entry.
  std::size_t rare_count() const { return rare_val.size(); }
  Heap rare_at(std::size_t i) const {
    return i < rare_pos.size() ? Heap{rare_pos[i]} : rare_wide[i - rare_pos.size()];
  }
  std::size_t rare_below(Heap p) const;
  RareList rare_list() const {
    return {rare_pos.data(), rare_wide.data(), rare_val.data(), rare_pos.size()};
  }
  void add_rare(Heap n, Value16 value);

  // One heap: exclusions, the limit (least common value left, or bound) and
  // the table of rare values below it that are left. Returns their count.
  unsigned prepare(Heap n, Word* table, unsigned& limit);
  Value16 finish_inline(Heap n, Word* table, unsigned count, unsigned limit);
  void commit(Heap n, Nimber value);

  // Helper threads (main thread side).
  void start_helpers(unsigned count);
  void stop_helpers();
  void pause_helpers();
  void resume_helpers() {
    if (--pause_depth == 0) paused.store(false);
  }
  bool push_task(Heap n, const Word* table, unsigned count);
  bool help_once();
  bool retire();
  bool drain();
  void rollback(Heap n, Value16 value);
  Heap committed() const;
  void discard_blocks();
  void start_group(Heap n);
  void publish_blocks();
  void enter_block(Heap n);
  void leave_block();
  void adjust_share();
  // Helper threads.
  void helper_loop();
  static void run_task(const HelperView& view, ScanTask& task, std::uint64_t& steps,
                       std::uint64_t& full_scans);
  static void run_block(const HelperView& view, FarBlock& block, GroupStamps& own_group);

  TakeAndBreak code;
  RareCommonOptions options;
  bool simd;
  unsigned threads;
  std::vector<bool> take_all;    // take_all[k]: a heap of exactly k may be removed
  std::vector<Heap> leave_one;   // k >= 1 whose removal may leave one heap, ascending
  std::vector<SplitDigit> split;  // k >= 0 whose removal may leave two heaps, ascending
  std::vector<Heap> halve;        // k >= 0 whose removal may leave two EQUAL heaps only ('=')
  // Whether value 0 of the heap being prepared must be confirmed by the scan:
  // a '!' digit's equal split was paired (its heap size is rare) and marked 0.
  bool zero_unsure = false;

  Nimber mask = 0;
  std::vector<Word> rare_bits, common_bits;  // over all 65536 values

  Value16* g = nullptr;
  Heap n_cur = 0;          // next heap to compute; g[0..n_cur-1] are written
  // The storage and count the last extend_in call left with its state
  // complete (null: none), which the next call on them continues.
  const Value16* left_g = nullptr;
  Heap left_at = 0;
  Heap last_heap = 0;
  unsigned bound = 64;     // power of two above every value in g[0..n_cur-1]
  std::vector<std::uint64_t> histogram;  // of g[1..n_cur-1]
  // Heap sizes >= 1 with rare values, ascending: those below wide_from in
  // rare_pos, the rest in rare_wide; their values in rare_val, in the same
  // order (rare_pos's first).
  std::vector<std::uint32_t> rare_pos;
  std::vector<std::uint64_t> rare_wide;
  std::vector<Value16> rare_val;
  Heap wide_from = kWidePosition;
  std::vector<std::size_t> paired;       // per split k: rare entries below n-k
  std::vector<std::uint32_t> stamps;
  std::uint32_t epoch = 0;
  Heap last_rare = 0;      // last heap whose value was rare
  Heap last_rebuild = 0;
  Heap next_mask_check = 64;
  std::vector<Word> ebits;

  // The group of heaps [group_first, group_end) whose pairs with rare entries
  // [group_lo, group_hi) (less the block's) were made in one pass; empty
  // when group_end <= n_cur.
  GroupStamps group;
  Heap group_first = 0, group_end = 0;
  std::size_t group_lo = 0, group_hi = 0;
  unsigned group_words = 0;
  std::vector<Word> group_bits;  // kGroupHeaps rows of group_words words

  EngineProgress progress;
  RareCommonStats stats;

  // Helpers: speculative scans and blocks of far pairs. Main-thread fields
  // first; each atomic written by one side and read by the other has a cache
  // line of its own, so that a helper spinning on one does not slow the main
  // thread's other accesses.
  bool helping = false;
  unsigned pause_depth = 0;  // nested pause_helpers calls
  std::vector<std::thread> helpers;
  std::unique_ptr<ScanTask[]> ring;
  HelperView own_view;  // for the scans this thread runs while it waits
  std::uint64_t published = 0, retired = 0;                 // main thread's view
  std::unique_ptr<FarBlock[]> blocks;
  std::uint64_t blocks_published = 0, blocks_consumed = 0;  // main thread's view
  Heap next_block_first = 0;   // first heap of the next block to publish
  FarBlock* current = nullptr; // the block of heap n_cur, when in use
  unsigned share = kShareSteps / 2;
  bool main_waited = false;

  alignas(64) std::atomic<bool> paused{false};
  std::atomic<bool> quit{false};
  alignas(64) std::atomic<unsigned> busy{0};
  alignas(64) std::atomic<bool> helper_idle{false};
  alignas(64) std::atomic<std::uint64_t> published_shared{0};
  alignas(64) std::atomic<std::uint64_t> claimed{0};
  alignas(64) std::atomic<std::uint64_t> blocks_published_shared{0};
  alignas(64) std::atomic<std::uint64_t> blocks_claimed{0};
  alignas(64) std::atomic<std::uint64_t> helper_steps{0}, helper_full_scans{0};

  // Recent scan length in splits, times kScanWindow (an average of samples
  // capped at kScanCap, so that the rare full scans do not swamp it).
  std::uint64_t scan_average = 0;
};

RareCommonEngine::Impl::Impl(const TakeAndBreak& c, RareCommonOptions o)
    : code(c), options(o), simd(o.simd && kernels::available()) {
  if (!rare_common_applies(code))
    throw InputError(code.name(), fmt::format("the rare/common engine needs a finite code whose "
                                              "moves leave at most two heaps; '{}' is not one",
                                              code.name()));
  if (options.mask && *options.mask >= kValues)
    throw InputError(fmt::format("{}", *options.mask),
                     fmt::format("rare/common mask {} is not a 16-bit value", *options.mask));
  if (options.wide_from > kWidePosition)
    throw InputError(fmt::format("{}", options.wide_from),
                     fmt::format("rare/common wide_from {} is past 2^32: the 32-bit part of the "
                                 "rare list cannot hold heap sizes from 2^32 on",
                                 options.wide_from));
  wide_from = options.wide_from;
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  // The WebAssembly build (web/) has no threads: one, whatever was asked.
  threads = 1;
#else
  threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
#endif
  const Heap t = code.last_digit();
  take_all.assign(t + 1, false);
  for (Heap k = 0; k <= t; ++k) {
    const unsigned d = code.code_digit(k).classic_bits();
    if (k > 0 && (d & 1)) take_all[k] = true;
    if (k > 0 && (d & 2)) leave_one.push_back(k);
    if ((d & 4) && code.equal_split_only(k))
      halve.push_back(k);
    else if (d & 4)
      split.push_back(SplitDigit{k, code.unequal_split(k)});
  }
  paired.assign(split.size(), 0);
  histogram.assign(kValues, 0);
  stamps.assign(kValues, 0);
  ebits.assign(kWords, 0);
  rare_bits.assign(kWords, 0);
  common_bits.assign(kWords, 0);
}

void RareCommonEngine::Impl::set_mask(Nimber m) {
  mask = m;
  for (unsigned w = 0; w < kWords; ++w) {
    Word r = 0;
    for (unsigned b = 0; b < 64; ++b)
      r |= Word{(std::popcount((64 * w + b) & m) & 1) == 0} << b;
    rare_bits[w] = r;
    common_bits[w] = ~r;
  }
  progress.mask = m;
}

void RareCommonEngine::Impl::rebuild_rare_list(Heap end) {
  rare_pos.clear();
  rare_wide.clear();
  rare_val.clear();
  for (Heap p = 1; p < end; ++p)
    if (is_rare(g[p])) {
      if (p >= wide_from)
        rare_wide.push_back(p);
      else
        rare_pos.push_back(static_cast<std::uint32_t>(p));
      rare_val.push_back(g[p]);
    }
  // Room to grow without moving while helpers read the list (the wide part
  // gets its room when its first entry comes, add_rare).
  const std::size_t room = std::max<std::size_t>(4096, 2 * rare_count());
  rare_pos.reserve(room);
  rare_val.reserve(room);
  if (!rare_wide.empty()) rare_wide.reserve(room);
  std::fill(paired.begin(), paired.end(), 0);
  last_rebuild = end;
  last_rare = rare_count() == 0 ? 0 : rare_at(rare_count() - 1);
}

std::size_t RareCommonEngine::Impl::rare_below(Heap p) const {
  const auto narrow = static_cast<std::size_t>(
      std::lower_bound(rare_pos.begin(), rare_pos.end(), p) - rare_pos.begin());
  if (narrow < rare_pos.size()) return narrow;
  return narrow + static_cast<std::size_t>(
                      std::lower_bound(rare_wide.begin(), rare_wide.end(), p) - rare_wide.begin());
}

// Appends heap size n (above every entry) with its rare value.
void RareCommonEngine::Impl::add_rare(Heap n, Value16 value) {
  const bool wide = n >= wide_from;
  const bool full = rare_val.size() == rare_val.capacity() ||
                    (wide ? rare_wide.size() == rare_wide.capacity()
                          : rare_pos.size() == rare_pos.capacity());
  if (full) {
    // Moving the list, or giving the wide part its first room (the layout
    // changes at the first rare heap size from 2^32): no helper may be
    // reading it, and published blocks hold its address.
    if (helping) {
      pause_helpers();
      discard_blocks();
    }
    const std::size_t room = std::max<std::size_t>(4096, 2 * rare_count());
    rare_val.reserve(room);
    if (wide)
      rare_wide.reserve(room);
    else
      rare_pos.reserve(room);
    if (helping) resume_helpers();
  }
  if (wide)
    rare_wide.push_back(n);
  else
    rare_pos.push_back(static_cast<std::uint32_t>(n));
  rare_val.push_back(value);
}

std::pair<Nimber, std::uint64_t> RareCommonEngine::Impl::best_mask() const {
  std::vector<std::int64_t> h(bound);
  std::int64_t total = 0;
  for (unsigned v = 0; v < bound; ++v) {
    h[v] = static_cast<std::int64_t>(histogram[v]);
    total += h[v];
  }
  walsh_hadamard(h);
  // rare count under m = (total + h[m]) / 2; the smallest m wins ties.
  Nimber best = 1;
  for (unsigned m = 2; m < bound; ++m)
    if (h[m] < h[best]) best = m;
  return {best, static_cast<std::uint64_t>((total + h[best]) / 2)};
}

void RareCommonEngine::Impl::rebuild(Heap start) {
  bound = 64;
  std::fill(histogram.begin(), histogram.end(), 0);
  for (Heap p = 0; p < start; ++p) {
    bound = std::max<unsigned>(bound, std::bit_ceil(unsigned{g[p]} + 1));
    if (p > 0) ++histogram[g[p]];
  }
  set_mask(options.mask ? *options.mask : best_mask().first);
  rebuild_rare_list(start);
  group_end = 0;
  scan_average = 0;
  next_mask_check = std::max<Heap>(64, std::bit_ceil(start + 1));
  progress.rare_count = rare_count();
}

// The mask is re-chosen from the histogram at geometric checkpoints up to
// 2^16, then every 2^16 heaps; a change rebuilds the rare list in O(n), so it
// is made only for a clear gain and at most once per n/8 heaps after 2^16.
bool RareCommonEngine::Impl::mask_change_due(Nimber& best) const {
  const auto [candidate, candidate_count] = best_mask();
  const std::uint64_t count = rare_count();
  best = candidate;
  return candidate != mask && count >= candidate_count + std::max<std::uint64_t>(64, count / 4) &&
         (n_cur < 65536 || n_cur - last_rebuild >= n_cur / 8);
}

// Pairs the rare entries from 16 on with heaps n..n+15 in one pass (the
// entries below 16 need values of the group itself and stay per heap). The
// group never straddles a block boundary, so the block's range is the same
// for all its heaps.
void RareCommonEngine::Impl::start_group(Heap n) {
  group_end = 0;
  if (split.empty() || bound > kTableBound || n < split.back().k + 2 ||
      rare_count() < kMinGroupEntries)
    return;
  Heap end = std::min<Heap>(n + kGroupHeaps, last_heap + 1);
  if (current)
    end = std::min(end, current->end);
  else if (helping && blocks_consumed < blocks_published &&
           blocks[blocks_consumed % kBlockRing].first > n)
    end = std::min(end, blocks[blocks_consumed % kBlockRing].first);
  const std::size_t lo = rare_below(kGroupHeaps);
  const std::size_t hi = rare_count();
  if (end - n < 4 || hi - lo < kMinGroupEntries) return;  // per heap is as good
  group.start(bound);
  const RareList list = rare_list();
  for (const SplitDigit& s : split) {
    const Heap k = s.k;
    const auto pair = [&](const auto* pos, const Value16* val, std::size_t from, std::size_t to) {
      pair_group(g, n, k, pos, val, from, to, group);
    };
    if (current) {
      list.parts(lo, std::min(current->begin, hi), pair);
      list.parts(std::max(lo, current->stop), hi, pair);
    } else {
      list.parts(lo, hi, pair);
    }
  }
  group_words = bound / 64;
  group_bits.resize(std::size_t{kGroupHeaps} * kTableWords);
  for (unsigned j = 0; j < end - n; ++j)
    group_row_bits(group, j, group_words, simd, group_bits.data() + j * group_words);
  group_first = n;
  group_end = end;
  group_lo = lo;
  group_hi = hi;
}

unsigned RareCommonEngine::Impl::prepare(Heap n, Word* table, unsigned& limit) {
  if (++epoch == 0) {
    std::fill(stamps.begin(), stamps.end(), 0);
    epoch = 1;
  }
  const std::uint32_t e = epoch;
  std::uint32_t* const st = stamps.data();
  // Whether a removal (not a split) leaves value 0: then 0 is no doubt below.
  bool zero_by_removal = n < take_all.size() && take_all[n];
  // A '=' digit's only split, (m/2, m/2), has value 0 too.
  for (Heap k : halve) zero_by_removal = zero_by_removal || (n >= k + 2 && (n - k) % 2 == 0);
  if (zero_by_removal) st[0] = e;
  for (Heap k : leave_one) {
    if (k >= n) break;
    st[g[n - k]] = e;
    zero_by_removal = zero_by_removal || g[n - k] == 0;
  }
  const RareList list = rare_list();
  for (std::size_t j = 0; j < split.size(); ++j) {
    const Heap k = split[j].k;
    if (n < k + 2) break;
    const Heap m = n - k;
    std::size_t count = paired[j];
    while (count < rare_count() && rare_at(count) < m) ++count;
    paired[j] = count;
    const auto pair = [&](const auto* pos, const Value16* val, std::size_t lo, std::size_t hi) {
      pair_range(g, m, pos, val, lo, hi, st, e);
    };
    if (n < group_end) {
      // The group paired [group_lo, group_hi) below m (less the block's
      // range, which lies inside it); here the rest.
      list.parts(0, std::min(group_lo, count), pair);
      if (group_hi < count) list.parts(group_hi, count, pair);
      stats.pairs += count;
    } else if (current) {
      // The block pairs [begin, stop) below m; this thread the rest.
      list.parts(0, std::min(current->begin, count), pair);
      if (current->stop < count) list.parts(current->stop, count, pair);
      stats.pairs += count;
    } else {
      list.parts(0, count, pair);
      stats.pairs += count;
    }
  }

  const unsigned words = bound / 64;
  Word* const ex = ebits.data();
  if (simd)
    kernels::exclusion_bits(st, e, words, ex);
  else
    exclusion_bits_portable(st, e, words, ex);
  if (n < group_end) {
    const Word* paired_bits = group_bits.data() + (n - group_first) * group_words;
    for (unsigned w = 0; w < group_words; ++w) ex[w] |= paired_bits[w];
  }
  if (current) {
    const Word* far = current->bits.data() + (n - current->first) * current->words;
    for (unsigned w = 0; w < current->words; ++w) ex[w] |= far[w];
  }
  // A '!' digit's equal split (m/2, m/2) is no move, but when m/2 is a rare
  // heap size the pairing (here, in the group or in a block) marked its
  // value 0. Only 0 can come from an equal split, so only 0 is in doubt
  // (unless a removal leaves 0): it is left to the scan, which covers every
  // split digit and stops below m/2 on '!' ones.
  zero_unsure = false;
  for (const SplitDigit& s : split) {
    if (zero_by_removal) break;
    if (n < s.k + 2) break;
    const Heap m = n - s.k;
    if (s.unequal && m % 2 == 0 && is_rare(g[m / 2])) zero_unsure = true;
  }
  if (zero_unsure) ex[0] &= ~Word{1};

  limit = bound;
  for (unsigned w = 0; w < words; ++w)
    if (const Word free = common_bits[w] & ~ex[w]) {
      limit = 64 * w + static_cast<unsigned>(std::countr_zero(free));
      break;
    }
  unsigned count = 0;
  const unsigned full = limit / 64, part = limit % 64;
  for (unsigned w = 0; w < words; ++w) {
    Word t = 0;
    if (w < full)
      t = rare_bits[w] & ~ex[w];
    else if (w == full && part)
      t = rare_bits[w] & ~ex[w] & ((Word{1} << part) - 1);
    table[w] = t;
    count += static_cast<unsigned>(std::popcount(t));
  }
  return count;
}

// Settles G(n) on this thread: the scan over every two-heap split, or, with
// mask 0, nothing (every heap size is rare, so every split was paired)
// unless value 0 came from an equal split that a '!' digit does not allow.
Value16 RareCommonEngine::Impl::finish_inline(Heap n, Word* table, unsigned count,
                                              unsigned limit) {
  if (count != 0 && (mask != 0 || zero_unsure)) {
    std::uint64_t steps = 0;
    count = scan_splits(g, n, split, table, bound / 64, count, simd, steps);
    stats.scan_steps += steps;
    scan_average += std::min<std::uint64_t>(steps, kScanCap) - scan_average / kScanWindow;
    if (count != 0) ++stats.full_scans;
  }
  if (count == 0) return static_cast<Value16>(limit);  // limit < 65536: checked by the caller
  for (unsigned w = 0;; ++w)
    if (table[w]) return static_cast<Value16>(64 * w + std::countr_zero(table[w]));
}

void RareCommonEngine::Impl::commit(Heap n, Nimber value) {
  g[n] = static_cast<Value16>(value);
  ++histogram[value];
  if (value >= bound) bound = static_cast<unsigned>(std::bit_ceil(value + 1));
  if (is_rare(static_cast<unsigned>(value))) {
    add_rare(n, static_cast<Value16>(value));
    last_rare = n;
  }
}

// ---------------------------------------------------------------------------
// Helper threads.

void RareCommonEngine::Impl::start_helpers(unsigned count) {
  ring = std::make_unique<ScanTask[]>(kRingSize);
  blocks = std::make_unique<FarBlock[]>(kBlockRing);
  own_view = HelperView{g, split, simd, ring.get(), blocks.get()};
  published = retired = 0;
  published_shared.store(0);
  claimed.store(0);
  blocks_published = blocks_consumed = 0;
  blocks_published_shared.store(0);
  blocks_claimed.store(0);
  next_block_first = n_cur;
  current = nullptr;
  share = kShareSteps / 2;
  paused.store(false);
  pause_depth = 0;
  quit.store(false);
  helping = true;
  // Fewer helpers than asked for when the system refuses a thread
  // (solve/base/thread_start.h): the blocks go to those that run, and with
  // none the run goes on alone; the values are the same.
  helpers = detail::start_helpers(count, [this] { helper_loop(); });
  if (helpers.empty()) stop_helpers();
}

void RareCommonEngine::Impl::stop_helpers() {
  quit.store(true);
  for (std::thread& t : helpers) t.join();
  helpers.clear();
  helping = false;
  current = nullptr;
  stats.scan_steps += helper_steps.exchange(0);
  stats.full_scans += helper_full_scans.exchange(0);
}

// Waits until no helper is inside a task or block. `busy` brackets every
// claim, and with `paused` (both seq_cst) forms Dekker's handshake.
void RareCommonEngine::Impl::pause_helpers() {
  if (pause_depth++ > 0) return;
  paused.store(true);
  unsigned idle = 0;
  while (busy.load() != 0) back_off(idle, false);
}

void RareCommonEngine::Impl::helper_loop() {
  const HelperView view{g, split, simd, ring.get(), blocks.get()};
  GroupStamps own_group;
  std::uint64_t steps = 0, full_scans = 0;
  unsigned idle = 0;
  while (!quit.load(std::memory_order_acquire)) {
    // Look (without `busy`, to leave its line alone) before trying to claim.
    const bool block_waiting = blocks_claimed.load(std::memory_order_relaxed) <
                               blocks_published_shared.load(std::memory_order_relaxed);
    const bool task_waiting =
        claimed.load(std::memory_order_relaxed) < published_shared.load(std::memory_order_relaxed);
    if (!block_waiting && !task_waiting) {
      if (!helper_idle.load(std::memory_order_relaxed))
        helper_idle.store(true, std::memory_order_relaxed);
      back_off(idle, true);
      continue;
    }
    // `busy` brackets every claim so that pause_helpers can wait for quiet
    // (seq_cst with `paused`: Dekker's handshake).
    busy.fetch_add(1);
    if (!paused.load()) {
      // Blocks first: the main thread waits for them; scans it only queues.
      std::uint64_t b = blocks_claimed.load();
      if (b < blocks_published_shared.load(std::memory_order_acquire) &&
          blocks_claimed.compare_exchange_strong(b, b + 1)) {
        FarBlock& block = view.blocks[b % kBlockRing];
        std::uint32_t ready = FarBlock::kReady;
        if (block.state.compare_exchange_strong(ready, FarBlock::kClaimed))
          run_block(view, block, own_group);
        busy.fetch_sub(1);
        idle = 0;
        continue;
      }
      std::uint64_t i = claimed.load();
      const std::uint64_t p = published_shared.load(std::memory_order_acquire);
      if (i < p) {
        const std::uint64_t take = std::min(p - i, kTasksPerClaim);
        if (claimed.compare_exchange_strong(i, i + take))
          for (std::uint64_t t = i; t < i + take; ++t)
            run_task(view, view.ring[t % kRingSize], steps, full_scans);
        busy.fetch_sub(1);
        idle = 0;
        continue;
      }
    }
    busy.fetch_sub(1);
    back_off(idle, true);
  }
  helper_steps += steps;
  helper_full_scans += full_scans;
}

void RareCommonEngine::Impl::run_task(const HelperView& view, ScanTask& task,
                                      std::uint64_t& steps, std::uint64_t& full_scans) {
  alignas(64) Word table[kTableWords];
  std::memcpy(table, task.table, sizeof(Word) * task.sent);
  std::fill(table + task.sent, table + task.words, Word{0});
  std::uint64_t task_steps = 0;
  const unsigned count =
      scan_splits(view.g, task.n, view.split, table, task.words, task.count, view.simd, task_steps);
  task.steps = task_steps;
  steps += task_steps;
  if (count == 0) {
    task.state.store(ScanTask::kConfirmed, std::memory_order_release);
    return;
  }
  ++full_scans;
  for (unsigned w = 0;; ++w)
    if (table[w]) {
      task.value = static_cast<Value16>(64 * w + std::countr_zero(table[w]));
      break;
    }
  task.state.store(ScanTask::kFailed, std::memory_order_release);
}

void RareCommonEngine::Impl::run_block(const HelperView& view, FarBlock& block,
                                       GroupStamps& own_group) {
  block.bits.resize((block.end - block.first) * block.words);
  for (Heap first = block.first; first < block.end; first += kGroupHeaps) {
    own_group.start(block.words * 64);
    for (const SplitDigit& s : view.split)
      block.list.parts(block.begin, block.stop,
                       [&](const auto* pos, const Value16* val, std::size_t lo, std::size_t hi) {
                         pair_group(view.g, first, s.k, pos, val, lo, hi, own_group);
                       });
    const unsigned heaps = static_cast<unsigned>(std::min<Heap>(kGroupHeaps, block.end - first));
    for (unsigned j = 0; j < heaps; ++j)
      group_row_bits(own_group, j, block.words, view.simd,
                     block.bits.data() + (first - block.first + j) * block.words);
  }
  block.state.store(FarBlock::kDone, std::memory_order_release);
}

// Queues the scan of heap n; false if a rollback happened while waiting for
// room (the caller then carries on from n_cur).
bool RareCommonEngine::Impl::push_task(Heap n, const Word* table, unsigned count) {
  unsigned idle = 0;
  while (published - retired >= kRingSize) {
    main_waited = true;
    if (!retire()) return false;
    if (published - retired >= kRingSize && !help_once()) back_off(idle, false);
  }
  ScanTask& task = ring[published % kRingSize];
  task.n = n;
  task.count = count;
  task.words = static_cast<unsigned short>(bound / 64);
  // The values to find lie below the least common value not excluded
  // (prepare), often in the first words: only those cross to the helper.
  unsigned sent = task.words;
  while (sent > 1 && table[sent - 1] == 0) --sent;
  task.sent = static_cast<unsigned short>(sent);
  std::memcpy(task.table, table, sizeof(Word) * sent);
  task.state.store(ScanTask::kPending, std::memory_order_relaxed);
  published_shared.store(++published, std::memory_order_release);
  ++stats.speculated;
  return true;
}

// Runs one queued scan on this thread, which would otherwise wait; true if
// it did. (Claims are compare-and-swaps, so helpers and this thread never
// take the same task.)
bool RareCommonEngine::Impl::help_once() {
  std::uint64_t i = claimed.load();
  if (i >= published || !claimed.compare_exchange_strong(i, i + 1)) return false;
  run_task(own_view, ring[i % kRingSize], stats.scan_steps, stats.full_scans);
  return true;
}

// Retires the confirmed tasks at the front; false after a rollback.
bool RareCommonEngine::Impl::retire() {
  while (retired < published) {
    ScanTask& task = ring[retired % kRingSize];
    const std::uint32_t state = task.state.load(std::memory_order_acquire);
    if (state == ScanTask::kPending) return true;
    if (state == ScanTask::kFailed) {
      rollback(task.n, task.value);
      return false;
    }
    scan_average += std::min<std::uint64_t>(task.steps, kScanCap) - scan_average / kScanWindow;
    ++retired;
  }
  return true;
}

// Waits until every queued scan is settled; false after a rollback.
bool RareCommonEngine::Impl::drain() {
  unsigned idle = 0;
  while (retired < published) {
    if (!retire()) return false;
    if (retired < published && !help_once()) back_off(idle, false);
  }
  return true;
}

// Forgets the blocks in flight (helpers paused); they restart at n_cur.
void RareCommonEngine::Impl::discard_blocks() {
  for (std::size_t i = 0; i < kBlockRing; ++i) blocks[i].state.store(FarBlock::kFree);
  blocks_published = blocks_consumed = 0;
  blocks_published_shared.store(0);
  blocks_claimed.store(0);
  current = nullptr;
  next_block_first = n_cur;
  group_end = 0;
}

// G(n) = value, not the speculated limit: forget every heap from n on.
void RareCommonEngine::Impl::rollback(Heap n, Value16 value) {
  pause_helpers();
  published = retired;
  published_shared.store(published);
  claimed.store(published);
  for (Heap h = n; h < n_cur; ++h) --histogram[g[h]];
  while (rare_count() > 0 && rare_at(rare_count() - 1) >= n) {
    if (!rare_wide.empty())
      rare_wide.pop_back();
    else
      rare_pos.pop_back();
    rare_val.pop_back();
  }
  std::fill(paired.begin(), paired.end(), 0);  // recounted for heap n + 1
  n_cur = n;
  discard_blocks();
  group_end = 0;
  commit(n, value);
  last_rare = n;
  n_cur = n + 1;
  next_block_first = n_cur;
  ++stats.rollbacks;
  resume_helpers();
}

Heap RareCommonEngine::Impl::committed() const {
  return retired < published ? ring[retired % kRingSize].n : n_cur;
}

// Publishes the next blocks of far pairs whose values are all known: block
// [F, F+B) pairs rare sizes p >= pos[begin] >= kFarPosition, reading
// g[F+B-1-k-p] at most, which must be below n_cur.
void RareCommonEngine::Impl::publish_blocks() {
  while (blocks_published - blocks_consumed < kBlockRing && next_block_first <= last_heap) {
    const Heap first = next_block_first;
    if (first < std::max(n_cur, split.back().k + 2)) {  // never behind, nor before every split
      next_block_first = std::max(n_cur, split.back().k + 2);
      continue;
    }
    const std::size_t begin = rare_below(kFarPosition);
    const std::size_t count = rare_count();
    const std::size_t stop = begin + (count - begin) * share / kShareSteps;
    if (begin < count && first + kBlockHeaps > n_cur + split.front().k + rare_at(begin)) return;
    if (stop < begin + kMinHandedEntries) {
      // Nothing to hand over yet: look again when this thread gets there.
      // The share is adjusted as if a block had been used: else a share
      // too small for a block could never grow again.
      if (first > n_cur) return;
      adjust_share();
      next_block_first = first + kBlockHeaps;
      continue;
    }
    next_block_first = first + kBlockHeaps;
    FarBlock& block = blocks[blocks_published % kBlockRing];
    block.first = first;
    block.end = std::min(first + kBlockHeaps, last_heap + 1);
    block.begin = begin;
    block.stop = stop;
    block.list = rare_list();
    block.words = bound / 64;
    block.state.store(FarBlock::kReady, std::memory_order_release);
    blocks_published_shared.store(++blocks_published, std::memory_order_release);
  }
}

// At the first heap of a published block: wait for a helper that is pairing
// it, or take it back if none has started.
void RareCommonEngine::Impl::enter_block(Heap n) {
  if (blocks_consumed == blocks_published) return;
  FarBlock& block = blocks[blocks_consumed % kBlockRing];
  if (block.first != n) return;
  std::uint32_t state = FarBlock::kReady;
  if (block.state.compare_exchange_strong(state, FarBlock::kClaimed)) {
    // Not started: the main thread pairs everything for these heaps.
    main_waited = true;
    block.state.store(FarBlock::kFree);
    ++blocks_consumed;
    return;
  }
  // A helper is on it: run queued scans meanwhile.
  unsigned idle = 0;
  while (block.state.load(std::memory_order_acquire) != FarBlock::kDone) {
    main_waited = true;
    if (help_once())
      idle = 0;
    else
      back_off(idle, false);
  }
  current = &block;
}

// After the last heap of the block in use: free it, adjust the share.
void RareCommonEngine::Impl::leave_block() {
  current->state.store(FarBlock::kFree, std::memory_order_relaxed);
  current = nullptr;
  ++blocks_consumed;
  adjust_share();
}

// The helpers' share of far pairs: smaller if this thread had to wait since
// the last call, larger if a helper was idle.
void RareCommonEngine::Impl::adjust_share() {
  if (main_waited)
    share = share > 0 ? share - 1 : 0;
  else if (helper_idle.exchange(false, std::memory_order_relaxed))
    share = std::min(kShareSteps, share + 1);
  main_waited = false;
}

// ---------------------------------------------------------------------------

bool RareCommonEngine::Impl::extend(ValueSequence& values, Heap last,
                                    const EngineControl& control) {
  left_g = nullptr;  // a vector may move or change between calls: always rebuilt
  const bool done = detail::extend_vector(
      code, values, last,
      [&](Value16* g_storage, Heap& known) { return extend_in(g_storage, known, last, control); },
      [&](Heap known) {
        stats = {};
        progress.reached = known;
      });
  left_g = nullptr;
  return done;
}

bool RareCommonEngine::Impl::extend_in(Value16* data, Heap& known, Heap last,
                                       const EngineControl& control) {
  stats = {};
  const bool continued = left_g != nullptr && data == left_g && known == left_at;
  left_g = nullptr;
  if (known == 0) {
    data[0] = 0;  // G(0) = 0: no options
    known = 1;
  }
  const Heap start = known;
  progress.reached = start;
  if (last < start) {
    if (continued) left_g = data;
    return true;
  }
  g = data;
  last_heap = last;
  if (continued) {
    // The state is that of G(0..start-1) already; only the group, which
    // may have been cut at the last call's end, is started afresh.
    group_end = 0;
  } else {
    rebuild(start);
  }
  n_cur = start;

  bool done = false;
  if (threads > 1 && !split.empty() && last - start >= 2 * kQuietHeaps)
    start_helpers(threads - 1);
  try {
    done = run(last, control);
  } catch (...) {
    const Heap keep = helping ? committed() : n_cur;
    if (helping) stop_helpers();
    known = keep;
    progress.reached = keep;
    throw;
  }
  if (helping) stop_helpers();
  known = n_cur;
  progress.reached = n_cur;
  progress.rare_count = rare_count();
  stats.wide_entries = rare_wide.size();
  left_g = data;
  left_at = n_cur;
  control.report(progress);
  return done;
}

// Computes heaps n_cur..last; true when all are done (and confirmed).
bool RareCommonEngine::Impl::run(Heap last, const EngineControl& control) {
  using Clock = std::chrono::steady_clock;
  auto last_report = Clock::now();
  Heap next_poll = n_cur + kPollHeaps;
  alignas(64) Word table[kWords] = {};  // words past bound/64 stay zero
  while (true) {
    if (n_cur > last) {
      if (!helping || drain()) return true;
      continue;
    }
    if (n_cur >= next_poll) {
      next_poll = n_cur + kPollHeaps;
      if (control.stopped()) {
        if (helping) drain();  // after a rollback n_cur is right past the corrected heap
        return false;
      }
      if (control.progress && Clock::now() - last_report > std::chrono::milliseconds(500)) {
        progress.reached = helping ? committed() : n_cur;
        progress.rare_count = rare_count();
        control.progress(progress);
        last_report = Clock::now();
      }
    }
    if (!options.mask && n_cur >= next_mask_check) {
      Nimber best = mask;
      if (mask_change_due(best)) {
        // Settle the speculated values first, and look again on them.
        if (helping) {
          if (!drain()) continue;  // rolled back: check again when here
          pause_helpers();
          discard_blocks();
        }
        if (mask_change_due(best)) {
          set_mask(best);
          rebuild_rare_list(n_cur);
          group_end = 0;
          ++stats.mask_changes;
        }
        if (helping) resume_helpers();
      }
      next_mask_check = n_cur < 65536 ? 2 * n_cur : n_cur + 65536;
    }

    const Heap n = n_cur;
    if (helping) {
      if (current && n >= current->end) leave_block();
      if (n % 16 == 0) publish_blocks();
      if (!current) enter_block(n);
    }
    if (n >= group_end) start_group(n);
    unsigned limit = 0;
    const unsigned count = prepare(n, table, limit);
    Nimber value = limit;
    if (count != 0) {
      // Speculate when scans are long enough to be worth handing over and
      // the helpers keep up (else this thread scans: the load balances, and
      // the helpers' share of far pairs shrinks).
      bool hand_over =
          helping && mask != 0 && bound <= kTableBound &&
          ((n - last_rare >= kQuietHeaps && scan_average >= kScanWindow * kMinHandedScan) ||
           options.force_speculation);
      if (hand_over && published - retired >= kRingSize / 2 && !options.force_speculation) {
        if (n % kRetireEvery == 0 && !retire()) continue;
        hand_over = published - retired < kRingSize / 2;
        main_waited = main_waited || !hand_over;
      }
      if (hand_over) {
        if (!push_task(n, table, count)) continue;
      } else {
        value = finish_inline(n, table, count, limit);
      }
    }
    if (value >= kValues) {
      if (helping && !drain()) continue;
      throw detail::value_past_16_bits(code, n);
    }
    commit(n, value);
    n_cur = n + 1;
    if (helping && (n & 63) == 0 && !retire()) continue;
  }
}

RareCommonEngine::RareCommonEngine(const TakeAndBreak& code, RareCommonOptions options)
    : impl_(std::make_unique<Impl>(code, options)) {}
RareCommonEngine::~RareCommonEngine() = default;

bool RareCommonEngine::extend(ValueSequence& values, Heap last, const EngineControl& control) {
  return impl_->extend(values, last, control);
}
bool RareCommonEngine::extend_in(Value16* g, Heap& known, Heap last,
                                 const EngineControl& control) {
  return impl_->extend_in(g, known, last, control);
}
EngineProgress RareCommonEngine::progress() const { return impl_->progress; }
const RareCommonStats& RareCommonEngine::stats() const { return impl_->stats; }
std::string RareCommonEngine::kernel() const {
  return impl_->simd ? kernels::target_name() : std::string("portable");
}

std::unique_ptr<SequenceEngine> make_fast_engine(const TakeAndBreak& code, unsigned threads) {
  // Wider digits than the split-set engine's four heaps.
  if (!code.is_classic()) return make_partition_set_engine(code, threads);
  if (!rare_common_applies(code)) return make_split_set_engine(code, threads);
  RareCommonOptions options;
  options.threads = threads;
  return std::make_unique<RareCommonEngine>(code, options);
}

}  // namespace grundy
