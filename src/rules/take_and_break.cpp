#include "grundy/rules/take_and_break.h"

#include <fmt/format.h>

#include "grundy/core/error.h"

namespace grundy {

namespace {
// A digit in base 32 (CGSuite's): 0-9, then A-V (either case) for 10-31.
int base32_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'v') return c - 'a' + 10;
  if (c >= 'A' && c <= 'V') return c - 'A' + 10;
  return -1;
}

// The modifier a character stands for; none for any other character.
SplitModifier modifier_of(char c) {
  switch (c) {
    case '!': return SplitModifier::distinct;
    case '?': return SplitModifier::not_all_equal;
    case '=': return SplitModifier::all_equal;
    default: return SplitModifier::none;
  }
}
}  // namespace

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
// A stored digit as written: the base-32 digit, then its modifier.
std::string digit_text(unsigned d, unsigned shift) {
  std::string s(1, "0123456789ABCDEFGHIJKLMNOPQRSTUV"[d & 31]);
  if (const char c = modifier_char(static_cast<SplitModifier>(d >> shift))) s += c;
  return s;
}
}  // namespace

TakeAndBreak::TakeAndBreak(unsigned d0, std::vector<unsigned> finite, std::vector<unsigned> repeat)
    : d0_(d0), finite_(std::move(finite)), repeat_(std::move(repeat)) {
  if (repeat_.empty())
    while (!finite_.empty() && finite_.back() == 0) finite_.pop_back();
}

TakeAndBreak TakeAndBreak::from_digits(unsigned d0, std::vector<unsigned> finite,
                                       std::vector<unsigned> repeat) {
  GRUNDY_ASSERT((d0 & 3) == 0 && d0 < 32);
  return TakeAndBreak(d0, std::move(finite), std::move(repeat));
}

TakeAndBreak TakeAndBreak::parse(std::string_view code) {
  const std::string text(code);
  auto fail = [&](const std::string& why) -> InputError {
    return InputError(text, fmt::format("malformed take-and-break code '{}': {}", text, why));
  };
  // CGSuite's digits past base 32 and its lists of heap counts are not read.
  auto digit_error = [](char c) {
    if (c == '&' || c == '{' || c == '*')
      return fmt::format("'{}' (CGSuite's notation for digits past V or for any number of heaps) "
                         "is not read: digits are 0-9 and A-V, a move leaving at most four heaps",
                         c);
    return fmt::format("'{}' is not a digit (0-9, A-V)", c);
  };
  const auto point = code.find('.');
  if (point == std::string_view::npos) throw fail("expected a point, as in 0.77");
  // CGSuite's modifiers after a digit: which heaps its splits may leave.
  auto modifier = [&](unsigned d, std::size_t at) -> unsigned {
    if (at >= code.size()) return 0;
    const SplitModifier m = modifier_of(code[at]);
    if (m == SplitModifier::none) return 0;
    if (!(d & 28))
      throw fail(fmt::format(
          "'{}' after digit {}: a modifier restricts the heaps a split leaves, so it applies only "
          "to a digit that splits a heap (4 to V)",
          code[at], code[at - 1]));
    return static_cast<unsigned>(m) << kModifierShift;
  };
  unsigned d0 = 0;
  if (point > 2 || (point == 2 && modifier_of(code[1]) == SplitModifier::none))
    throw fail("expected a single digit before the point");
  if (point >= 1) {
    const int d = base32_digit(code[0]);
    if (d < 0) throw fail(digit_error(code[0]));
    if (d & 3)
      throw fail(fmt::format(
          "digit {} before the point: a move that removes nothing can only split a heap, so d0 "
          "must be 0, 4, 8, C, G, K, O or S",
          code[0]));
    d0 = static_cast<unsigned>(d) | modifier(static_cast<unsigned>(d), 1);
  }
  std::vector<unsigned> finite, repeat;
  bool in_block = false, block_closed = false;
  for (std::size_t i = point + 1; i < code.size(); ++i) {
    const char c = code[i];
    if (block_closed) throw fail("nothing may follow the repeated block ']'");
    if (c == '[') {
      if (in_block) throw fail("nested '['");
      in_block = true;
      continue;
    }
    if (c == ']') {
      if (!in_block) throw fail("']' without '['");
      if (repeat.empty()) throw fail("empty repeated block '[]'");
      in_block = false;
      block_closed = true;
      continue;
    }
    if (modifier_of(c) != SplitModifier::none)
      throw fail(fmt::format("'{}' must follow a digit (one modifier a digit)", c));
    const int d = base32_digit(c);
    if (d < 0) throw fail(digit_error(c));
    const unsigned flag = modifier(static_cast<unsigned>(d), i + 1);
    if (flag) ++i;
    (in_block ? repeat : finite).push_back(static_cast<unsigned>(d) | flag);
  }
  if (in_block) throw fail("'[' is never closed");
  bool all_zero = true;
  for (unsigned d : repeat) all_zero = all_zero && d == 0;
  if (all_zero) repeat.clear();
  return TakeAndBreak(d0, std::move(finite), std::move(repeat));
}

std::string TakeAndBreak::name() const {
  std::string s = digit_text(d0_, kModifierShift);
  s += '.';
  for (unsigned d : finite_) s += digit_text(d, kModifierShift);
  if (!repeat_.empty()) {
    s += '[';
    for (unsigned d : repeat_) s += digit_text(d, kModifierShift);
    s += ']';
  }
  if (s.back() == '.') s += '0';
  return s;
}

bool TakeAndBreak::has_modifiers() const {
  bool any = (d0_ >> kModifierShift) != 0;
  for (unsigned d : finite_) any = any || (d >> kModifierShift) != 0;
  for (unsigned d : repeat_) any = any || (d >> kModifierShift) != 0;
  return any;
}

unsigned TakeAndBreak::raw_digit(Heap k) const {
  if (k == 0) return d0_;
  if (k <= finite_.size()) return finite_[k - 1];
  if (repeat_.empty()) return 0;
  return repeat_[(k - 1 - finite_.size()) % repeat_.size()];
}

unsigned TakeAndBreak::max_parts() const {
  unsigned bits = d0_;
  for (unsigned d : finite_) bits |= d;
  for (unsigned d : repeat_) bits |= d;
  bits &= 31;
  return (bits & 16) ? 4 : (bits & 8) ? 3 : (bits & 4) ? 2 : 1;
}

void TakeAndBreak::for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const {
  const Heap last_k = repeat_.empty() ? std::min<Heap>(n, finite_.size()) : n;
  for (Heap k = 0; k <= last_k; ++k) {
    const unsigned d = digit(k);
    if (d == 0) continue;
    const Heap rest = n - k;
    HeapOption option;
    if ((d & 1) && k > 0 && rest == 0) {
      if (!visit(option)) return;
    }
    if ((d & 2) && k > 0 && rest >= 1) {
      option.part_count = 1;
      option.parts[0] = rest;
      if (!visit(option)) return;
    }
    const SplitModifier m = modifier(k);
    if ((d & 4) && rest >= 2) {
      option.part_count = 2;
      // Two heaps a <= rest - a: '!' and '?' leave out a = rest/2, '=' keeps
      // only it.
      const Heap first = m == SplitModifier::all_equal ? (rest + 1) / 2 : 1;
      const Heap half = unequal_split(k) ? (rest - 1) / 2 : rest / 2;
      for (Heap a = first; a <= half; ++a) {
        option.parts[0] = a;
        option.parts[1] = rest - a;
        if (!visit(option)) return;
      }
    }
    if ((d & 8) && rest >= 3 && m == SplitModifier::all_equal) {
      if (rest % 3 == 0) {
        option.part_count = 3;
        option.parts = {rest / 3, rest / 3, rest / 3};
        if (!visit(option)) return;
      }
    } else if ((d & 8) && rest >= 3) {
      option.part_count = 3;
      // Three heaps a <= b <= c; '!' wants a < b < c, '?' leaves out a = c.
      const Heap step = m == SplitModifier::distinct ? 1 : 0;
      for (Heap a = 1; 3 * a + 3 * step <= rest; ++a)
        for (Heap b = a + step; a + 2 * b + step <= rest; ++b) {
          option.parts[0] = a;
          option.parts[1] = b;
          option.parts[2] = rest - a - b;
          if (m == SplitModifier::not_all_equal && 3 * a == rest) continue;
          if (!visit(option)) return;
        }
    }
    if ((d & 16) && rest >= 4 && m == SplitModifier::all_equal) {
      if (rest % 4 == 0) {
        option.part_count = 4;
        option.parts = {rest / 4, rest / 4, rest / 4, rest / 4};
        if (!visit(option)) return;
      }
    } else if ((d & 16) && rest >= 4) {
      option.part_count = 4;
      // Four heaps a <= b <= c <= rest - a - b - c, each tested by the
      // modifier.
      for (Heap a = 1; 4 * a <= rest; ++a)
        for (Heap b = a; a + 3 * b <= rest; ++b)
          for (Heap c = b; a + b + 2 * c <= rest; ++c) {
            option.parts = {a, b, c, rest - a - b - c};
            if (m != SplitModifier::none && !split_allowed(m, option.parts.data(), 4)) continue;
            if (!visit(option)) return;
          }
    }
  }
}

// Options of a heap of n: at most 2 per removal digit, n/2 per two-heap
// digit, n^2/12 + 1 per three-heap digit and fewer than (n/4 + 1)(n/2 + 1)
// (n/3 + 1)/3 per four-heap digit (a <= n/4, then b <= (n - a)/3 and c
// from the rest's halves).
std::uint64_t TakeAndBreak::option_bound(Heap n) const {
  using detail::saturating_add, detail::saturating_mul;
  auto per_digit = [n](unsigned d) {
    std::uint64_t c = 2;
    if (d & 4) c = saturating_add(c, n / 2);
    if (d & 8) c = saturating_add(c, saturating_mul(n / 2 + 1, n / 6 + 1));
    if (d & 16) c = saturating_add(c, saturating_mul(n / 4 + 1, saturating_mul(n / 3 + 1, n / 2 + 1)));
    return c;
  };
  std::uint64_t total = per_digit(d0_);
  for (unsigned d : finite_) total = detail::saturating_add(total, per_digit(d));
  if (!repeat_.empty()) {
    unsigned bits = 0;
    for (unsigned d : repeat_) bits |= d;
    total = detail::saturating_add(total, detail::saturating_mul(n, per_digit(bits)));
  }
  return total;
}

std::uint64_t TakeAndBreak::compute_cost(Heap last) const {
  return detail::saturating_mul(last + 1, option_bound(last));
}

}  // namespace grundy
