#include "grundy/rules/code_digit.h"

#include <bit>

#include <fmt/format.h>

namespace grundy {

char modifier_char(SplitModifier modifier) {
  switch (modifier) {
    case SplitModifier::distinct: return '!';
    case SplitModifier::not_all_equal: return '?';
    case SplitModifier::all_equal: return '=';
    case SplitModifier::none: break;
  }
  return 0;
}

namespace {
std::string with_modifier(std::string text, SplitModifier modifier) {
  if (const char c = modifier_char(modifier)) text += c;
  return text;
}
}  // namespace

CodeDigit CodeDigit::classic(unsigned bits, SplitModifier modifier) {
  CodeDigit d;
  d.counts = bits & 31u;
  const std::uint64_t splits = d.counts & kSplitCounts;
  switch (modifier) {
    case SplitModifier::distinct: d.distinct = splits; break;
    case SplitModifier::not_all_equal: d.not_all_equal = splits; break;
    case SplitModifier::all_equal: d.all_equal = splits; break;
    case SplitModifier::none: break;
  }
  return d;
}

SplitModifier CodeDigit::modifier(Heap r) const {
  if (r < 2) return SplitModifier::none;
  const std::uint64_t bit = std::uint64_t{1} << (r < 64 ? r : 63);
  if (distinct & bit) return SplitModifier::distinct;
  if (not_all_equal & bit) return SplitModifier::not_all_equal;
  if (all_equal & bit) return SplitModifier::all_equal;
  return SplitModifier::none;
}

Heap CodeDigit::max_heaps() const {
  if (or_more) return kAnyNumberOfHeaps;
  return counts == 0 ? 0 : static_cast<Heap>(63 - std::countl_zero(counts));
}

SplitModifier CodeDigit::split_modifier() const {
  const std::uint64_t splits = counts & kSplitCounts;
  return splits == 0 ? SplitModifier::none
                     : modifier(static_cast<Heap>(std::countr_zero(splits)));
}

bool CodeDigit::is_classic() const {
  if (or_more || counts >= 32) return false;
  const std::uint64_t splits = counts & kSplitCounts;
  const std::uint64_t masks[] = {distinct, not_all_equal, all_equal};
  for (const std::uint64_t m : masks)
    if (m != 0 && m != splits) return false;
  return true;
}

std::string CodeDigit::text() const {
  if (counts == 0) return "0";
  const std::uint64_t splits = counts & kSplitCounts;
  const SplitModifier first = split_modifier();
  bool uniform = true;
  for (Heap r = 2; r < 64; ++r)
    if ((splits >> r & 1) && modifier(r) != first) uniform = false;
  // The counts listed one by one: all of them, or those below the "or more"
  // run, which is the longest run of allowed counts up to 63 with count
  // 63's modifier (counts 0 and 1 carry none, so they join any run).
  Heap run = 64;
  if (or_more) {
    const SplitModifier last = modifier(63);
    while (run > 0 && allows(run - 1) && (run - 1 < 2 || modifier(run - 1) == last)) --run;
  }
  if (uniform && !or_more)
    return with_modifier(counts < 32 ? std::string(1, "0123456789ABCDEFGHIJKLMNOPQRSTUV"[counts])
                                     : fmt::format("&{};", counts),
                         first);
  if (uniform && run == 0) return with_modifier("*", first);
  std::string list;
  for (Heap r = 0; r < run; ++r)
    if (allows(r)) {
      if (!list.empty()) list += ',';
      list += fmt::to_string(r);
      if (!uniform) list = with_modifier(std::move(list), modifier(r));
    }
  if (or_more) {
    if (!list.empty()) list += ',';
    list += fmt::to_string(run);
    if (!uniform) list = with_modifier(std::move(list), modifier(run));
    list += '+';
  }
  return with_modifier("{" + list + "}", uniform ? first : SplitModifier::none);
}

}  // namespace grundy
