#include "solve/values/periodic_options.h"

#include <algorithm>

#include "grundy/core/saturating.h"
#include "grundy/solve/periodicity.h"
#include "solve/periods/arithmetic_periodicity.h"

namespace grundy {

namespace {
using detail::saturating_add;

// The heaps m in [from, last] of value v in an arithmetic-periodic sequence
// (G(c + q p) = G(c) + q s from the preperiod on, s > 0): below the
// preperiod one by one, then at most one per residue class c. Ascending
// below the preperiod, by residue after.
std::vector<Heap> heaps_of_value(const std::function<Nimber(Heap)>& value, Heap preperiod,
                                 Heap period, Nimber saltus, Nimber v, Heap from, Heap last) {
  std::vector<Heap> heaps;
  for (Heap m = from; m < preperiod && m <= last; ++m)
    if (value(m) == v) heaps.push_back(m);
  for (Heap c = preperiod; c < preperiod + period && c <= last; ++c) {
    const Nimber g = value(c);
    if (v < g || (v - g) % saltus != 0) continue;
    const Nimber q = (v - g) / saltus;
    // Beyond last (no overflow), or below from.
    if (q > (last - c) / period || c + q * period < from) continue;
    heaps.push_back(c + q * period);
  }
  return heaps;
}
}  // namespace

std::optional<OptionsOfValue> periodic_options_with_value(
    const TakeAndBreak& code, const std::function<Nimber(Heap)>& value, Heap preperiod,
    Heap period, Heap n, Nimber target, std::size_t max_listed) {
  return periodic_options_where(
      code, preperiod, period, n, [&](Heap r) { return value(r) == target; },
      [&](Heap a, Heap b) { return (value(a) ^ value(b)) == target; }, max_listed);
}

std::optional<OptionsOfValue> periodic_options_where(
    const TakeAndBreak& code, Heap preperiod, Heap period, Heap n,
    const std::function<bool(Heap)>& one, const std::function<bool(Heap, Heap)>& two,
    std::size_t max_listed) {
  // Codes with the '!' modifier have no proven period (periodicity.cpp).
  if (!code.is_classic() || !code.is_finite() || code.has_modifiers() || code.max_parts() > 2 ||
      period == 0)
    return std::nullopt;
  const Heap t = code.last_digit();
  // Every rest r = n - k must reach past the periodic region's first period.
  if (n < t + 2 * (preperiod + period) + 2) return std::nullopt;

  OptionsOfValue result;
  auto list = [&](HeapOption option) {
    if (result.listed.size() < max_listed) result.listed.push_back(option);
  };
  for (Heap k = 0; k <= t; ++k) {
    const unsigned d = code.code_digit(k).classic_bits();
    const Heap r = n - k;  // r > 0 here
    if ((d & 2) && k > 0 && one(r)) {
      HeapOption option;
      option.part_count = 1;
      option.parts[0] = r;
      list(option);
      result.count = saturating_add(result.count, 1);
    }
    if (!(d & 4)) continue;
    HeapOption split;
    split.part_count = 2;
    // Small a, one by one.
    for (Heap a = 1; a < preperiod; ++a) {
      if (!two(a, r - a)) continue;
      split.parts[0] = a;
      split.parts[1] = r - a;
      list(split);
      result.count = saturating_add(result.count, 1);
    }
    // a >= preperiod: periodic in a with period p.
    const Heap first = std::max<Heap>(preperiod, 1), last = r / 2;
    std::vector<Heap> residues;
    for (Heap c = first; c < first + period; ++c)
      if (two(c, r - c)) residues.push_back(c);
    for (Heap c : residues) result.count = saturating_add(result.count, (last - c) / period + 1);
    for (Heap block = 0; result.listed.size() < max_listed && !residues.empty(); ++block) {
      bool any = false;
      for (Heap c : residues) {
        const Heap a = c + block * period;
        if (a > last) break;
        any = true;
        split.parts[0] = a;
        split.parts[1] = r - a;
        list(split);
        if (result.listed.size() == max_listed) break;
      }
      if (!any) break;
    }
  }
  return result;
}

void append_moves(const OptionsOfValue& found, std::size_t i, Heap n, std::size_t max_moves,
                  MoveList& list) {
  for (const HeapOption& option : found.listed) {
    if (list.items.size() == max_moves) {
      list.complete = false;
      return;
    }
    list.items.push_back(HeapRuleset::heap_move(i, n, option));
  }
  if (found.count > found.listed.size()) list.complete = false;
}

std::optional<OptionsOfValue> arithmetic_options_with_value(
    const TakeAndBreak& code, const std::function<Nimber(Heap)>& value, Heap preperiod,
    Heap period, std::int64_t saltus, Heap n, Nimber target, std::size_t max_listed) {
  // No proven period with modifiers (periodicity.cpp); wider digits are no
  // subtraction games.
  if (code.has_modifiers() || !code.is_classic()) return std::nullopt;
  // The same code without its d0: the options that remove tokens.
  std::vector<unsigned> digits;
  for (Heap k = 1; k <= code.last_digit(); ++k) digits.push_back(code.code_digit(k).classic_bits());
  const std::optional<Heap> x =
      code.is_finite() ? std::nullopt
                       : cofinite_subtraction_length(TakeAndBreak::from_digits(0, digits, {3}));
  if (!x || code.name().find_first_not_of("3]", code.name().find('[') + 1) != std::string::npos ||
      saltus <= 0 || period == 0 || n <= *x)
    return std::nullopt;
  const Heap last = n - *x - 1;  // every heap 0..last is an option
  std::vector<Heap> heaps = heaps_of_value(value, preperiod, period, static_cast<Nimber>(saltus),
                                           target, 0, last);
  for (Heap k = *x; k >= 1; --k)
    if ((code.digit(k) & 2) && value(n - k) == target) heaps.push_back(n - k);
  std::sort(heaps.begin(), heaps.end());
  OptionsOfValue result;
  result.count = heaps.size();
  result.splits_omitted = code.digit(0) != 0;
  for (Heap m : heaps) {
    if (result.listed.size() == max_listed) break;
    HeapOption option;
    if (m > 0) {
      option.part_count = 1;
      option.parts[0] = m;
    }
    result.listed.push_back(option);
  }
  return result;
}


std::optional<OptionsOfValue> sampled_options_with_value(
    const TakeAndBreak& code, const std::function<Nimber(Heap)>& value, Heap preperiod,
    Heap period, std::int64_t saltus, Heap n, Nimber target, std::size_t max_listed) {
  if (!arithmetic_test_applies(code) || saltus <= 0 || period == 0) return std::nullopt;
  const Heap t = code.last_digit();
  if (n < t + 2 * (preperiod + period) + 4 * kSampledPart) return std::nullopt;
  const auto s = static_cast<Nimber>(saltus);
  OptionsOfValue result;
  result.sampled = true;
  // False once the list is full.
  auto add = [&](std::initializer_list<Heap> heaps) {
    HeapOption option;
    for (Heap h : heaps) {  // insertion into the sorted parts (at most three)
      std::uint32_t k = option.part_count++;
      for (; k > 0 && option.parts[k - 1] > h; --k) option.parts[k] = option.parts[k - 1];
      option.parts[k] = h;
    }
    if (std::find(result.listed.begin(), result.listed.end(), option) == result.listed.end())
      result.listed.push_back(option);
    return result.listed.size() < max_listed;
  };
  // The parts x in 1..last of value v.
  auto positions = [&](Nimber v, Heap last) {
    return heaps_of_value(value, preperiod, period, s, v, 1, last);
  };
  for (Heap i = 0; i <= t && max_listed > 0; ++i) {
    const unsigned d = code.code_digit(i).classic_bits();
    const Heap rest = n - i;
    if ((d & 2) && i > 0 && value(rest) == target && !add({rest})) break;
    if (d & 4) {
      if (target == 0 && rest % 2 == 0 && !add({rest / 2, rest / 2})) break;
      bool full = false;
      for (Heap a = 1; a <= kSampledPart && !full; ++a)
        if ((value(a) ^ value(rest - a)) == target) full = !add({a, rest - a});
      if (full) break;
    }
    if (d & 8) {
      bool full = false;
      for (Heap x : positions(target, rest - 2))
        if ((rest - x) % 2 == 0 && !full) full = !add({x, (rest - x) / 2, (rest - x) / 2});
      for (Heap y = 1; y <= kSampledPart && !full; ++y)
        for (Heap z = y; z <= kSampledPart && !full; ++z)
          if ((value(rest - y - z) ^ value(y) ^ value(z)) == target)
            full = !add({rest - y - z, y, z});
      if (full) break;
    }
    if (d & 16) {
      // x, y, y, w with G(w) = 0; y, y, z, z for 0; x with three small parts.
      bool full = false;
      if (target == 0 && rest % 2 == 0) full = !add({1, 1, rest / 2 - 1, rest / 2 - 1});
      for (Heap w = 1; w <= kSampledPart && !full; ++w) {
        if (value(w) != 0) continue;
        for (Heap x : positions(target, rest - w - 2))
          if ((rest - w - x) % 2 == 0 && !full)
            full = !add({x, (rest - w - x) / 2, (rest - w - x) / 2, w});
      }
      constexpr Heap kSmall = kSampledPart / 4;
      for (Heap y = 1; y <= kSmall && !full; ++y)
        for (Heap z = y; z <= kSmall && !full; ++z)
          for (Heap w = z; w <= kSmall && !full; ++w)
            if ((value(rest - y - z - w) ^ value(y) ^ value(z) ^ value(w)) == target)
              full = !add({rest - y - z - w, y, z, w});
      if (full) break;
    }
  }
  result.count = result.listed.size();
  return result;
}

std::optional<OptionsOfValue> options_with_value_from_period(
    const TakeAndBreak& code, const std::function<Nimber(Heap)>& value, const Periodicity& period,
    Heap n, Nimber target, std::size_t max_listed) {
  if (period.saltus == 0)
    return periodic_options_with_value(code, value, period.preperiod, period.period, n, target,
                                       max_listed);
  if (auto exact = arithmetic_options_with_value(code, value, period.preperiod, period.period,
                                                 period.saltus, n, target, max_listed))
    return exact;
  return sampled_options_with_value(code, value, period.preperiod, period.period, period.saltus,
                                    n, target, max_listed);
}

}  // namespace grundy
