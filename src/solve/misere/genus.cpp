#include "grundy/solve/genus.h"

#include <algorithm>
#include <array>
#include <unordered_set>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "grundy/core/nimber.h"
#include "grundy/solve/detail/search.h"

namespace grundy {

Nimber Genus::misere_value(std::size_t i) const {
  GRUNDY_ASSERT(misere.size() == alternates_from + 2);
  if (i < misere.size()) return misere[i];
  return misere[alternates_from + (i - alternates_from) % 2];
}

std::string Genus::symbol() const {
  const bool wide = std::any_of(misere.begin(), misere.end(), [](Nimber v) { return v >= 10; });
  std::string s = fmt::format("{}^", value);
  if (wide) s += '(';
  for (std::size_t i = 0; i < misere.size(); ++i) {
    if (wide && i > 0) s += ',';
    s += fmt::format("{}", misere[i]);
  }
  if (wide) s += ')';
  return s;
}

Genus Genus::of_nim_position(Nimber g, bool firm) {
  Genus genus;
  genus.value = g;
  const Nimber g0 = firm || g >= 2 ? g : g ^ 1;
  // g0, g⊕2, g, g⊕2, ...: alternation from 0 when g0 = g, else from 1.
  genus.alternates_from = g0 == g ? 0 : 1;
  genus.misere = {g0, g ^ 2};
  if (genus.alternates_from == 1) genus.misere.push_back(g);
  return genus;
}

bool Genus::tame() const {
  // A fickle genus with g ≥ 2 has no nim counterpart: of_nim_position makes
  // it firm, and the comparison fails.
  return !misere.empty() && *this == of_nim_position(value, firm());
}

bool Genus::nim_like() const { return tame() && (value >= 2 || !firm()); }

Genus genus_from_options(const std::vector<const Genus*>& options) {
  Genus genus;
  MexSet seen;
  std::size_t options_alternate_from = 0;  // A in Lemma 2
  for (const Genus* option : options) {
    seen.insert(option->value);
    options_alternate_from = std::max(options_alternate_from, option->alternates_from);
  }
  genus.value = seen.mex();

  auto term = [&](std::size_t i, const std::vector<Nimber>& earlier) {
    seen.clear();
    for (const Genus* option : options) seen.insert(option->misere_value(i));
    if (i == 0) return options.empty() ? Nimber{1} : seen.mex();
    seen.insert(earlier[i - 1]);
    seen.insert(earlier[i - 1] ^ 1);
    return seen.mex();
  };

  // Lemma 2: stop at the first j ≥ max(0, A-1) with g_j = g_{j+2}. From
  // s = max(1, A) on, the pairs {g_i, g_i ⊕ 1} repeat with period 2 from
  // s+3 on and the values from s+4 on (proof in docs/misere.md, "Proofs of
  // the two lemmas"). Hence the bound below.
  std::vector<Nimber>& g = genus.misere;
  const std::size_t first_j = options_alternate_from == 0 ? 0 : options_alternate_from - 1;
  const std::size_t last_j = std::max<std::size_t>(1, options_alternate_from) + 4;
  std::size_t j = first_j;
  while (true) {
    while (g.size() < j + 3) g.push_back(term(g.size(), g));
    if (g[j] == g[j + 2]) break;
    ++j;
    GRUNDY_ASSERT(j <= last_j);
  }
  // The least a with g_k = g_{k+2} for all k ≥ a: scan back from j.
  std::size_t a = j;
  while (a > 0 && g[a - 1] == g[a + 1]) --a;
  genus.alternates_from = a;
  g.resize(a + 2);
  return genus;
}

std::optional<Genus> tame_sum_genus(const std::vector<Genus>& components) {
  Nimber total = 0;
  bool firm = false;
  for (const Genus& c : components) {
    if (!c.tame()) return std::nullopt;
    total ^= c.value;
    firm = firm || c.firm();
  }
  return Genus::of_nim_position(total, firm);
}

GenusSearch::GenusSearch(const Ruleset& ruleset, std::uint64_t position_limit)
    : ruleset_(ruleset), limit_(position_limit) {}

void GenusSearch::check_limit(std::size_t held, std::size_t extra) const {
  if (genera_.size() + held + extra > limit_)
    throw LimitError(fmt::format(
        "genus search over '{}' would exceed the limit of {} positions{}", ruleset_.name(),
        limit_, raise_with("search-limit")),
        ExceededLimit{"search-limit", limit_, 0});
}

std::vector<Position> GenusSearch::expand(const Position& key) {
  ticker_.tick(genera_.size(), limit_);
  const std::uint64_t option_limit = detail::saturating_mul(limit_, kGenusOptionsPerPosition);
  return detail::canonical_options(ruleset_, key, [&](const Position&, std::size_t count) {
    if (count > limit_) check_limit(0, count);
    if (++options_generated_ > option_limit)
      throw LimitError(fmt::format(
          "genus search over '{}' would generate more than {} options ({} per position of "
          "the limit of {} positions){}",
          ruleset_.name(), option_limit, kGenusOptionsPerPosition, limit_,
          raise_with("search-limit")),
          ExceededLimit{"search-limit", limit_, 0});
  });
}

const Genus& GenusSearch::genus(const Position& position) {
  Position root = ruleset_.canonical(position);
  if (auto it = genera_.find(root); it != genera_.end()) return it->second;

  struct Policy {
    struct Node {
      std::vector<Position> children;
      std::vector<const Genus*> option_genera;  // of the children looked at
    };
    GenusSearch& search;
    std::size_t& held;  // positions on the stack and in its option lists
    // Positions on the stack: one met again below itself means play can
    // return to it.
    std::unordered_set<Position, PositionHash> open;
    Node expand(const Position& key) {
      Node node{search.expand(key), {}};
      open.insert(key);
      return node;
    }
    detail::Step step(Node& node, const Position& child) {
      if (auto it = search.genera_.find(child); it != search.genera_.end()) {
        node.option_genera.push_back(&it->second);
        return detail::Step::next;
      }
      return open.count(child) ? detail::Step::cycle : detail::Step::descend;
    }
    void finish(Position&& key, Node& node) {
      Genus genus = genus_from_options(node.option_genera);
      open.erase(key);
      auto [it, inserted] = search.genera_.emplace(std::move(key), std::move(genus));
      GRUNDY_ASSERT(inserted);
      search.order_.push_back(&*it);
    }
    void abandon(const Position& key) { open.erase(key); }
    void check_limit(std::size_t extra) { search.check_limit(held, extra); }
  };
  std::size_t held = 0;
  Policy policy{*this, held, {}};
  if (!detail::post_order_search(root, policy, held))
    throw InputError(ruleset_.name(),
                     fmt::format("positions of '{}' can repeat; genus theory is for games "
                                 "that always end",
                                 ruleset_.name()));
  return genera_.at(root);
}

void GenusSearch::for_each_stored(
    std::size_t first, const std::function<void(const Position&, const Genus&)>& visit) const {
  for (std::size_t i = first; i < order_.size(); ++i) visit(order_[i]->first, order_[i]->second);
}

std::uint64_t heap_reach_lower_bound(const HeapRuleset& ruleset, Heap from, Heap to,
                                     std::uint64_t cap) {
  constexpr std::size_t kParts = 12;
  // Option visits allowed: far below what the search itself would make.
  constexpr std::uint64_t kBudget = 20'000'000;
  double factorial[kParts + 1] = {1};
  for (std::size_t k = 1; k <= kParts; ++k) factorial[k] = factorial[k - 1] * static_cast<double>(k);
  // p[n][k - 1] = P(n, k); 0 where no such split is known.
  std::vector<std::array<double, kParts>> p;
  std::uint64_t visits = 0;
  double best = 0;
  for (Heap n = 0; n <= to; ++n) {
    std::array<double, kParts> row{};
    double chain = 0;  // max s(m) over one-heap options
    bool stopped = false;
    if (n > 0) {
      ruleset.for_each_heap_option(n, [&](const HeapOption& option) {
        if (++visits > kBudget) {
          stopped = true;
          return false;
        }
        // Options of one or two heaps only: a lower bound may leave the
        // others out.
        Heap parts[2];
        std::size_t count = 0;
        for (std::size_t i = 0; i < option.part_count; ++i)
          if (option.parts[i] > 0 && count++ < 2) parts[count - 1] = option.parts[i];
        if (count > 2) return true;
        for (std::size_t i = 0; i < count; ++i)
          if (parts[i] >= n) return true;  // not a smaller heap: no use here
        if (count == 0) {
          chain = std::max(chain, p[0][0]);
        } else if (count == 1) {
          const auto& m = p[parts[0]];
          chain = std::max(chain, m[0]);
          for (std::size_t k = 1; k < kParts; ++k) row[k] = std::max(row[k], m[k]);
        } else if (count == 2) {
          const auto& b = p[parts[0]];
          const auto& c = p[parts[1]];
          for (std::size_t k = 2; k <= kParts; ++k)
            for (std::size_t j = 1; j < k; ++j)
              row[k - 1] = std::max(row[k - 1], b[j - 1] * c[k - j - 1]);
        }
        return true;
      });
    }
    if (stopped) break;
    row[0] = 1 + chain;
    p.push_back(row);
    if (n >= from)
      for (std::size_t k = 1; k <= kParts; ++k) best = std::max(best, row[k - 1] / factorial[k]);
    if (best > static_cast<double>(cap)) break;
  }
  // Rounded down: a count is a whole number.
  return best >= 1.8e19 ? ~std::uint64_t{0} : static_cast<std::uint64_t>(best);
}

void check_genus_reach(const HeapRuleset& ruleset, Heap from, Heap to, std::uint64_t limit) {
  const std::uint64_t reach = heap_reach_lower_bound(ruleset, from, to, limit);
  if (reach > limit)
    throw LimitError(fmt::format(
        "genus search over '{}' would exceed the limit of {} positions: some heap in {}..{} "
        "alone reaches more than {} positions (a lower bound, counted before searching){}",
        ruleset.name(), limit, from, to, reach, raise_with("search-limit")),
        ExceededLimit{"search-limit", limit, reach});
}

namespace {

Heap tokens(const Position& p) {
  Heap total = 0;
  for (Heap h : p) total += h;
  return total;
}

// Fewest tokens, then fewest heaps, then lexicographic.
bool simpler(const Position& a, const Position& b) {
  const Heap ta = tokens(a), tb = tokens(b);
  if (ta != tb) return ta < tb;
  if (a.size() != b.size()) return a.size() < b.size();
  return a < b;
}

// Heaps 0..to in order; the verdict over all of them. Genera of heaps
// from..to are kept when `genera` is given; the scan stops at the first wild
// heap when `stop_when_wild`.
TameVerdict scan_heaps(const HeapRuleset& ruleset, Heap from, Heap to, std::uint64_t limit,
                       std::vector<Genus>* genera, bool stop_when_wild,
                       const SearchControl* control) {
  GenusSearch search(ruleset, limit);
  search.set_control(control);
  TameVerdict verdict;
  verdict.max_heap = to;
  for (Heap n = 0;; ++n) {
    const std::size_t before = search.positions_stored();
    const Genus& genus = search.genus(Position{n});
    if (genera != nullptr && n >= from) genera->push_back(genus);
    if (!genus.nim_like()) verdict.nim_heaps = false;
    if (!verdict.firm_small_heap && genus.tame() && !genus.nim_like()) {
      verdict.firm_small_heap = n;
      verdict.firm_small_genus = genus;
    }
    if (verdict.tame) {
      const Position* worst = nullptr;
      const Genus* worst_genus = nullptr;
      search.for_each_stored(before, [&](const Position& p, const Genus& g) {
        if (!g.tame() && (worst == nullptr || simpler(p, *worst))) {
          worst = &p;
          worst_genus = &g;
        }
      });
      if (worst != nullptr) {
        verdict.tame = false;
        verdict.wild_heap = n;
        verdict.wild_position = *worst;
        verdict.wild_genus = *worst_genus;
        if (stop_when_wild) {
          verdict.max_heap = n;
          break;
        }
      }
    }
    if (n == to) break;
  }
  verdict.positions = search.positions_stored();
  return verdict;
}

// Heaps 0..to are to + 1 distinct positions: refuse at once rather than after
// a long search.
void check_heap_count(const HeapRuleset& ruleset, Heap to, std::uint64_t limit) {
  if (to >= limit)
    throw LimitError(fmt::format(
        "the genus verdict on heaps 0..{} of '{}' needs more than the limit of {} positions{}",
        to, ruleset.name(), limit, raise_with("search-limit")),
        ExceededLimit{"search-limit", limit, to + 1});
}

}  // namespace

HeapGenera heap_genera(const HeapRuleset& ruleset, Heap from, Heap to,
                       std::uint64_t position_limit, const SearchControl* control) {
  GRUNDY_ASSERT(from <= to);
  check_heap_count(ruleset, to, position_limit);
  // Every heap 0..to is searched whole.
  check_genus_reach(ruleset, 0, to, position_limit);
  HeapGenera result;
  result.from = from;
  result.verdict = scan_heaps(ruleset, from, to, position_limit, &result.genera, false, control);
  return result;
}

TameVerdict tame_verdict(const HeapRuleset& ruleset, Heap max_heap,
                         std::uint64_t position_limit, const SearchControl* control) {
  // Not check_genus_reach: the scan may stop at a wild heap before the heaps
  // that reach too far.
  check_heap_count(ruleset, max_heap, position_limit);
  return scan_heaps(ruleset, 0, max_heap, position_limit, nullptr, true, control);
}

bool misere_nim_rule_applies(const HeapRuleset& ruleset, Heap max_heap,
                             std::uint64_t position_limit, const SearchControl* control) {
  // Whether the scan would stop at a wild heap or run into the limit at a
  // heap that reaches too far, the answer is no: say it at once.
  if (heap_reach_lower_bound(ruleset, 0, max_heap, position_limit) > position_limit) return false;
  try {
    return tame_verdict(ruleset, max_heap, position_limit, control).misere_nim_rule();
  } catch (const LimitError&) {
    return false;
  }
}

namespace {

// "0" for no heap, else the heap sizes joined by '+': "3+1+1".
std::string show_heap_sum(const Position& heaps) {
  if (heaps.empty()) return "0";
  std::string s;
  for (Heap h : heaps) s += fmt::format("{}{}", s.empty() ? "" : "+", h);
  return s;
}

}  // namespace

std::string TameVerdict::text() const {
  const TameVerdict& v = *this;
  if (!v.tame) {
    const bool itself = v.wild_position == Position{v.wild_heap};
    std::string where = itself ? fmt::format("heap {}", v.wild_heap)
                               : fmt::format("position {} (reached from heap {})",
                                             show_heap_sum(v.wild_position), v.wild_heap);
    std::string line = fmt::format("wild: {} has genus {}, which is not tame", where,
                                   v.wild_genus.symbol());
    if (v.wild_heap > 0) line += fmt::format("; heaps 0..{} are tame", v.wild_heap - 1);
    return line;
  }
  std::string line = fmt::format(
      "tame for heaps 0..{} (all {} positions reachable from them have tame genera)",
      v.max_heap, v.positions);
  if (v.nim_heaps)
    return line + "; sums of these heaps play as misère Nim with heap sizes G(n)";
  return line + fmt::format("; heap {} has genus {}: in a sum it counts as firm (like a heap of "
                            "size 2 or more), so misère Nim on G(n) does not apply as such",
                            *v.firm_small_heap, v.firm_small_genus.symbol());
}

}  // namespace grundy
