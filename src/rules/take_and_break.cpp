#include "grundy/rules/take_and_break.h"

#include <algorithm>
#include <string>

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

// Gives the counts `scope` (their splits) the modifier m.
void restrict_splits(CodeDigit& d, std::uint64_t scope, SplitModifier m) {
  scope &= kSplitCounts;
  switch (m) {
    case SplitModifier::distinct: d.distinct |= scope; break;
    case SplitModifier::not_all_equal: d.not_all_equal |= scope; break;
    case SplitModifier::all_equal: d.all_equal |= scope; break;
    case SplitModifier::none: break;
  }
}

// Reads the digits of one code, each with its modifier, in CGSuite's
// notation: a base-32 character, &n;, '*', or a list of heap counts in braces.
class DigitReader {
 public:
  explicit DigitReader(std::string_view code) : code_(code) {}

  InputError fail(const std::string& why) const {
    const std::string text(code_);
    return InputError(text, fmt::format("malformed take-and-break code '{}': {}", text, why));
  }

  // The digit at code[i]; i moves past it and its modifier.
  CodeDigit read(std::size_t& i) const {
    const char c = code_[i];
    if (c == '&') return read_bits(i);
    if (c == '*') {
      CodeDigit d;
      d.counts = ~std::uint64_t{0};
      d.or_more = true;
      ++i;
      return with_modifier(d, i, "'*'");
    }
    if (c == '{') return read_list(i);
    if (modifier_of(c) != SplitModifier::none)
      throw fail(fmt::format("'{}' must follow a digit (one modifier a digit)", c));
    const int b = base32_digit(c);
    if (b < 0)
      throw fail(fmt::format("'{}' is not a digit (0-9, A-V, or &n;, {{..}} or '*' for wider "
                             "ones)",
                             c));
    ++i;
    return with_modifier(CodeDigit::classic(static_cast<unsigned>(b)), i,
                         fmt::format("digit {}", c));
  }

 private:
  // A modifier after the digit `d` (named `what`), if one follows.
  CodeDigit with_modifier(CodeDigit d, std::size_t& i, const std::string& what) const {
    if (i >= code_.size()) return d;
    const SplitModifier m = modifier_of(code_[i]);
    if (m == SplitModifier::none) return d;
    if ((d.counts & kSplitCounts) == 0)
      throw fail(fmt::format(
          "'{}' after {}: a modifier restricts the heaps a split leaves, so it applies only "
          "to a digit that splits a heap (4 to V, or a wider one with two heaps or more)",
          code_[i], what));
    restrict_splits(d, d.counts, m);
    ++i;
    return d;
  }

  // &n;: the heap counts as the bits of the number n.
  CodeDigit read_bits(std::size_t& i) const {
    const std::size_t end = code_.find(';', i);
    if (end == std::string_view::npos)
      throw fail("'&' without its ';': a wide digit is written &n; with n a number, as &32;");
    const std::string_view number = code_.substr(i + 1, end - i - 1);
    CodeDigit d;
    if (number.empty()) throw fail("'&;' holds no number: write &n;, as &32;");
    for (const char c : number) {
      if (c < '0' || c > '9')
        throw fail(fmt::format("'&{};': the digit between & and ; must be a decimal number",
                               number));
      const auto v = static_cast<std::uint64_t>(c - '0');
      if (d.counts > (~std::uint64_t{0} - v) / 10)
        throw fail(fmt::format("'&{};' is larger than 2^64-1: heap counts go up to 63", number));
      d.counts = d.counts * 10 + v;
    }
    i = end + 1;
    return with_modifier(d, i, fmt::format("&{};", number));
  }

  // {r1,r2,...} with a modifier after the brace or after each count, and an
  // optional '+' at the end: the largest count listed, or more.
  CodeDigit read_list(std::size_t& i) const {
    const std::size_t start = i;
    const std::size_t end = code_.find('}', i);
    if (end == std::string_view::npos) throw fail("'{' is never closed by '}'");
    std::string_view list = code_.substr(i + 1, end - i - 1);
    CodeDigit d;
    const bool or_more = !list.empty() && list.back() == '+';
    if (or_more) list.remove_suffix(1);
    if (list.empty()) throw fail("'{}' lists no heap count: write the counts, as {2,3}");
    std::uint64_t largest = 0;
    bool own_modifiers = false;
    for (std::size_t at = 0; at <= list.size();) {
      std::size_t comma = list.find(',', at);
      if (comma == std::string_view::npos) comma = list.size();
      std::string_view item = list.substr(at, comma - at);
      SplitModifier m = SplitModifier::none;
      if (!item.empty() && modifier_of(item.back()) != SplitModifier::none) {
        m = modifier_of(item.back());
        item.remove_suffix(1);
      }
      if (item.empty() || item.size() > 2 || item.find_first_not_of("0123456789") != item.npos)
        throw fail(fmt::format("'{}' in '{{...}}' is not a heap count (0 to 63, then '!', '?' "
                               "or '=' if wanted)",
                               list.substr(at, comma - at)));
      const auto r = static_cast<std::uint64_t>(std::stoul(std::string(item)));
      if (r > 63) throw fail(fmt::format("heap count {} in '{{...}}': counts go up to 63", r));
      const std::uint64_t bit = std::uint64_t{1} << r;
      if (d.counts & bit) throw fail(fmt::format("heap count {} is listed twice", r));
      if (m != SplitModifier::none && r < 2)
        throw fail(fmt::format(
            "'{}' after heap count {}: a modifier restricts the heaps a split leaves, so it "
            "applies to two heaps or more",
            modifier_char(m), r));
      own_modifiers = own_modifiers || m != SplitModifier::none;
      d.counts |= bit;
      restrict_splits(d, bit, m);
      largest = std::max(largest, r);
      at = comma + 1;
    }
    if (or_more) {
      // Every count from the largest up, with the largest one's modifier.
      const std::uint64_t run = ~std::uint64_t{0} << largest;
      d.or_more = true;
      d.counts |= run;
      restrict_splits(d, run, d.modifier(largest));
    }
    i = end + 1;
    if (own_modifiers && i < code_.size() && modifier_of(code_[i]) != SplitModifier::none)
      throw fail(fmt::format("'{}' after '}}': the counts in the braces carry their own "
                             "modifiers; give one after the brace or one after each count",
                             code_[i]));
    return with_modifier(d, i, fmt::format("'{}'", code_.substr(start, end + 1 - start)));
  }

  std::string_view code_;
};
}  // namespace

TakeAndBreak::TakeAndBreak(CodeDigit d0, std::vector<CodeDigit> finite,
                           std::vector<CodeDigit> repeat)
    : d0_(d0), finite_(std::move(finite)), repeat_(std::move(repeat)) {
  if (repeat_.empty())
    while (!finite_.empty() && finite_.back().is_zero()) finite_.pop_back();
}

TakeAndBreak TakeAndBreak::from_digits(unsigned d0, std::vector<unsigned> finite,
                                       std::vector<unsigned> repeat) {
  GRUNDY_ASSERT((d0 & 3) == 0 && (d0 & 31) < 32);
  auto digit = [](unsigned packed) {
    return CodeDigit::classic(packed & 31, static_cast<SplitModifier>(packed >> kModifierShift));
  };
  std::vector<CodeDigit> f, r;
  for (const unsigned d : finite) f.push_back(digit(d));
  for (const unsigned d : repeat) r.push_back(digit(d));
  return TakeAndBreak(digit(d0), std::move(f), std::move(r));
}

TakeAndBreak TakeAndBreak::parse(std::string_view code) {
  const DigitReader reader(code);
  const auto point = code.find('.');
  if (point == std::string_view::npos) throw reader.fail("expected a point, as in 0.77");
  CodeDigit d0;
  if (point >= 1) {
    std::size_t i = 0;
    d0 = reader.read(i);
    if (i != point)
      throw reader.fail(
          "expected a single digit before the point (CGSuite's further digits there, for moves "
          "that add tokens, are not read)");
    if (d0.counts & 3)
      throw reader.fail(fmt::format(
          "digit {} before the point: a move that removes nothing can only split a heap, so d0 "
          "must be 0, 4, 8, C, G, K, O or S (or a wider digit of two heaps or more)",
          d0.text()));
  }
  std::vector<CodeDigit> finite, repeat;
  bool in_block = false, block_closed = false;
  for (std::size_t i = point + 1; i < code.size();) {
    const char c = code[i];
    if (block_closed) throw reader.fail("nothing may follow the repeated block ']'");
    if (c == '[') {
      if (in_block) throw reader.fail("nested '['");
      in_block = true;
      ++i;
      continue;
    }
    if (c == ']') {
      if (!in_block) throw reader.fail("']' without '['");
      if (repeat.empty()) throw reader.fail("empty repeated block '[]'");
      in_block = false;
      block_closed = true;
      ++i;
      continue;
    }
    (in_block ? repeat : finite).push_back(reader.read(i));
  }
  if (in_block) throw reader.fail("'[' is never closed");
  bool all_zero = true;
  for (const CodeDigit& d : repeat) all_zero = all_zero && d.is_zero();
  if (all_zero) repeat.clear();
  return TakeAndBreak(d0, std::move(finite), std::move(repeat));
}

std::string TakeAndBreak::name() const {
  std::string s = d0_.text();
  s += '.';
  for (const CodeDigit& d : finite_) s += d.text();
  if (!repeat_.empty()) {
    s += '[';
    for (const CodeDigit& d : repeat_) s += d.text();
    s += ']';
  }
  if (s.back() == '.') s += '0';
  return s;
}

bool TakeAndBreak::has_modifiers() const {
  bool any = d0_.has_modifiers();
  for (const CodeDigit& d : finite_) any = any || d.has_modifiers();
  for (const CodeDigit& d : repeat_) any = any || d.has_modifiers();
  return any;
}

bool TakeAndBreak::is_classic() const {
  bool all = d0_.is_classic();
  for (const CodeDigit& d : finite_) all = all && d.is_classic();
  for (const CodeDigit& d : repeat_) all = all && d.is_classic();
  return all;
}

const CodeDigit& TakeAndBreak::code_digit(Heap k) const {
  static const CodeDigit zero;
  if (k == 0) return d0_;
  if (k <= finite_.size()) return finite_[k - 1];
  if (repeat_.empty()) return zero;
  return repeat_[(k - 1 - finite_.size()) % repeat_.size()];
}

Heap TakeAndBreak::max_parts() const {
  Heap most = std::max<Heap>(d0_.max_heaps(), 1);
  for (const CodeDigit& d : finite_) most = std::max(most, d.max_heaps());
  for (const CodeDigit& d : repeat_) most = std::max(most, d.max_heaps());
  return most;
}

// The next split comes from the last one by raising the rightmost part that
// can grow and packing the parts after it as low as they go (the last part
// takes what is left), as CGSuite's traversal does, without recursion: r can
// be as large as the heap.
bool for_each_split(Heap rest, Heap r, SplitModifier m, HeapOption& option,
                    const HeapRuleset::HeapOptionVisitor& visit) {
  if (r < 2 || r > rest) return true;
  // r distinct parts need 1 + 2 + ... + r tokens, more than 2^63 from r = 2^32.
  if (m == SplitModifier::distinct && (r >= (Heap{1} << 32) || r * (r + 1) / 2 > rest))
    return true;
  if (m == SplitModifier::all_equal && rest % r != 0) return true;
  option.part_count = static_cast<std::uint32_t>(r);
  option.parts.resize(r);
  Heap* parts = option.parts.data();
  if (m == SplitModifier::all_equal) {
    std::fill(parts, parts + r, rest / r);
    return visit(option);
  }
  const Heap step = m == SplitModifier::distinct ? 1 : 0;
  // Parts i..r-1 from `low` up with `tokens` among them, the last taking the
  // rest; false if they cannot be placed (c parts need c·low, plus
  // c(c-1)/2 when they must differ).
  auto place = [&](Heap i, Heap low, Heap tokens) {
    const Heap c = r - i;
    const Heap pairs = c % 2 == 0 ? detail::saturating_mul(c / 2, c - 1)
                                  : detail::saturating_mul(c, (c - 1) / 2);
    const Heap least =
        detail::saturating_add(detail::saturating_mul(c, low), step == 0 ? 0 : pairs);
    if (least > tokens) return false;
    for (Heap j = 0; j + 1 < c; ++j) parts[i + j] = low + step * j;
    parts[r - 1] = tokens - (least - (low + step * (c - 1)));
    return true;
  };
  if (!place(0, 1, rest)) return true;
  while (true) {
    if (!(m == SplitModifier::not_all_equal && parts[0] == parts[r - 1]) && !visit(option))
      return false;
    Heap tokens = parts[r - 1];
    Heap i = r - 1;
    bool moved = false;
    while (i > 0 && !moved) {
      --i;
      tokens += parts[i];
      moved = place(i, parts[i] + 1, tokens);
    }
    if (!moved) return true;
  }
}

void TakeAndBreak::for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const {
  const Heap last_k = repeat_.empty() ? std::min<Heap>(n, finite_.size()) : n;
  HeapOption option;
  for (Heap k = 0; k <= last_k; ++k) {
    const CodeDigit& digit = code_digit(k);
    if (digit.is_zero()) continue;
    const Heap rest = n - k;
    if (digit.allows(0) && k > 0 && rest == 0) {
      option.part_count = 0;
      if (!visit(option)) return;
    }
    if (digit.allows(1) && k > 0 && rest >= 1) {
      option.part_count = 1;
      option.parts[0] = rest;
      if (!visit(option)) return;
    }
    if (!digit.is_classic()) {
      // Wider digits: every count the digit allows, by the definition.
      const Heap most = std::min(digit.max_heaps(), rest);
      for (Heap r = 2; r <= most; ++r)
        if (digit.allows(r) && !for_each_split(rest, r, digit.modifier(r), option, visit)) return;
      continue;
    }
    const unsigned d = digit.classic_bits();
    const SplitModifier m = digit.split_modifier();
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

namespace {
constexpr std::uint64_t kSaturated = ~std::uint64_t{0};

// p(m), the number of partitions of m, saturated at 2^64 - 1 (from m = 417
// on); with `distinct`, q(m), the partitions into distinct parts (saturated
// from m = 2000 on, where the table ends).
std::uint64_t partition_count(Heap m, bool distinct = false) {
  constexpr std::size_t kTable = 2000;
  static const std::vector<std::uint64_t> tables[2] = {
      [] {
        std::vector<std::uint64_t> p(kTable, 0);
        p[0] = 1;
        for (std::size_t part = 1; part < kTable; ++part)
          for (std::size_t j = part; j < kTable; ++j)
            p[j] = detail::saturating_add(p[j], p[j - part]);
        return p;
      }(),
      [] {
        std::vector<std::uint64_t> q(kTable, 0);
        q[0] = 1;
        for (std::size_t part = 1; part < kTable; ++part)  // each part at most once
          for (std::size_t j = kTable - 1; j >= part; --j)
            q[j] = detail::saturating_add(q[j], q[j - part]);
        return q;
      }()};
  return m < kTable ? tables[distinct][m] : kSaturated;
}

// At least the number of partitions of m into exactly r parts:
// C(m - 1 + r(r-1)/2, r - 1) / r! (adding 0, 1, ..., r-1 to the parts in
// ascending order makes them distinct, and the r! orders of distinct parts
// are different compositions of the larger sum into r parts).
std::uint64_t split_count_bound(Heap m, Heap r) {
  const std::uint64_t pairs = r % 2 == 0 ? detail::saturating_mul(r / 2, r - 1)
                                         : detail::saturating_mul(r, (r - 1) / 2);
  const std::uint64_t top = detail::saturating_add(m - 1, pairs);
  std::uint64_t binomial = 1, factorial = 1;
  for (std::uint64_t j = 1; j < r && binomial != kSaturated; ++j) {
    // binomial = C(top, j), exact while it fits.
    std::uint64_t product;
    if (__builtin_mul_overflow(binomial, top - j + 1, &product)) binomial = kSaturated;
    else binomial = product / j;
  }
  for (std::uint64_t j = 2; j <= std::min<Heap>(r, 20); ++j) factorial *= j;  // 20! < 2^64
  return binomial == kSaturated ? kSaturated : binomial / factorial;
}
}  // namespace

// Options of a heap of n: at most 2 per removal digit, n/2 per two-heap
// digit, n^2/12 + 1 per three-heap digit and fewer than (n/4 + 1)(n/2 + 1)
// (n/3 + 1)/3 per four-heap digit (a <= n/4, then b <= (n - a)/3 and c
// from the rest's halves); a wider digit's splits into r heaps at most as
// many as the partitions of n into r parts.
std::uint64_t TakeAndBreak::option_bound(Heap n) const {
  using detail::saturating_add, detail::saturating_mul;
  auto per_digit = [n](const CodeDigit& digit) {
    std::uint64_t c = 2;
    if (!digit.is_classic()) {
      // Splits into r heaps: one if they are equal ('='), those of n - r(r-1)/2
      // if they differ ('!': subtract 0, 1, ..., r-1), else those of n; all
      // of them together at most p(n), the partitions of n.
      auto splits_of = [n](Heap r, SplitModifier m) -> std::uint64_t {
        if (m == SplitModifier::all_equal) return 1;
        if (m != SplitModifier::distinct) return split_count_bound(n, r);
        const Heap pairs = r * (r - 1) / 2;  // r <= 63 here
        return pairs + r > n ? 0 : split_count_bound(n - pairs, r);
      };
      std::uint64_t splits = 0;
      bool all_distinct = true;
      for (Heap r = 2; r <= std::min<Heap>(63, n); ++r)
        if (digit.allows(r)) {
          splits = saturating_add(splits, splits_of(r, digit.modifier(r)));
          all_distinct = all_distinct && digit.modifier(r) == SplitModifier::distinct;
        }
      // 64 heaps and more ('+', '*'): n - 63 equal splits at most, or p(n).
      if (digit.or_more && n >= 64)
        splits = saturating_add(splits, digit.modifier(64) == SplitModifier::all_equal
                                            ? n - 63
                                            : partition_count(n));
      return saturating_add(c, std::min(splits, partition_count(n, all_distinct)));
    }
    const unsigned d = digit.classic_bits();
    if (d & 4) c = saturating_add(c, n / 2);
    if (d & 8) c = saturating_add(c, saturating_mul(n / 2 + 1, n / 6 + 1));
    if (d & 16) c = saturating_add(c, saturating_mul(n / 4 + 1, saturating_mul(n / 3 + 1, n / 2 + 1)));
    return c;
  };
  std::uint64_t total = per_digit(d0_);
  for (const CodeDigit& d : finite_) total = saturating_add(total, per_digit(d));
  if (repeat_.empty()) return total;
  // The block's digits, for every k up to n: classic ones as the union of
  // their bits, wider ones as the one with the most options.
  unsigned bits = 0;
  std::uint64_t block = 0;
  for (const CodeDigit& d : repeat_) {
    if (d.is_classic()) bits |= d.classic_bits();
    else block = std::max(block, per_digit(d));
  }
  block = std::max(block, per_digit(CodeDigit::classic(bits)));
  return saturating_add(total, saturating_mul(n, block));
}

std::uint64_t TakeAndBreak::compute_cost(Heap last) const {
  return detail::saturating_mul(last + 1, option_bound(last));
}

}  // namespace grundy
