#include "grundy/solve/misere_quotient.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <queue>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "grundy/rules/take_and_break.h"
#include "solve/misere/quotient_learning.h"
#include "solve/misere/quotient_recalibration.h"
#include "solve/misere/quotient_stage.h"
#include "solve/misere/quotient_verification.h"
#include "solve/misere/quotient_watch.h"

namespace grundy {

namespace {

using Element = MisereQuotient::Element;

using Stage = detail::QuotientStage;
using Automaton = detail::QuotientAutomaton;

void sort_unique(std::vector<Element>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// The elements of the options of each element's representative.
std::vector<std::vector<Element>> element_options(const Stage& s) {
  std::vector<std::vector<Element>> result(s.order);
  for (std::size_t a = 0; a < s.order; ++a) {
    const auto& word = s.representative[a];
    for (std::size_t i = 0; i < word.size(); ++i) {
      if (i > 0 && word[i] == word[i - 1]) continue;  // the same heap size again
      Element rest = 0;
      for (std::size_t j = 0; j < word.size(); ++j)
        if (j != i) rest = s.times(rest, s.phi[word[j]]);
      for (Element o : s.option_images[word[i]]) result[a].push_back(s.times(rest, o));
      detail::quotient_poll(word.size() + s.option_images[word[i]].size());
    }
    sort_unique(result[a]);
  }
  return result;
}

// Adjoins heap n to the quotient of heaps 0..n-1. Returns false (leaving the
// stage unchanged) with `why` set when a limit is reached.
bool adjoin(Stage& s, const HeapRuleset& ruleset, Heap n, const QuotientOptions& options,
            std::string& why) {
  const std::vector<Element> images = detail::heap_option_images(s, ruleset, n);
  const std::size_t m = s.order;
  const auto options_of = element_options(s);
  std::vector<Element> by_length(m);
  std::iota(by_length.begin(), by_length.end(), Element{0});
  std::stable_sort(by_length.begin(), by_length.end(),
                   [&](Element x, Element y) { return s.tokens[x] < s.tokens[y]; });

  // rows[k][a]: whether a·h^k is a misère P-position. Row k+1 is the same
  // function of row k whatever k is, so once a row repeats all later rows
  // repeat with the same period.
  std::vector<std::vector<char>> rows{s.p};
  std::map<std::vector<char>, std::size_t> seen{{s.p, 0}};
  std::size_t index = 0, period = 0;
  for (std::size_t k = 1;; ++k) {
    if (k > options.max_exponent) {
      why = fmt::format("heap {} needs more than {} powers before its outcomes repeat", n,
                        options.max_exponent);
      return false;
    }
    std::vector<char> row(m, 0);
    for (Element a : by_length) {
      bool has_option = !images.empty();
      bool p_option = false;
      for (Element o : images) p_option = p_option || rows[k - 1][s.times(a, o)];
      for (Element b : options_of[a]) {
        has_option = true;
        p_option = p_option || row[b];
      }
      // Misère play: a sum without options is won by the player to move.
      row[a] = has_option && !p_option;
      detail::quotient_poll(images.size() + options_of[a].size());
    }
    auto [it, fresh] = seen.emplace(row, k);
    if (!fresh) {
      index = it->second;
      period = k - it->second;
      break;
    }
    rows.push_back(std::move(row));
  }
  const std::size_t powers = index + period;
  auto reduce = [&](std::size_t e) { return e < powers ? e : index + (e - index) % period; };
  const std::size_t candidates = m * powers;
  auto at = [&](Element a, std::size_t k) { return k * m + a; };

  // Moore's refinement: a·h^k and b·h^l are indistinguishable iff no product
  // with generators tells them apart by the P-portion.
  std::vector<Element> letters;
  for (Heap g : s.generators) letters.push_back(s.phi[g]);
  std::vector<std::uint32_t> cls(candidates);
  for (std::size_t k = 0; k < powers; ++k)
    for (Element a = 0; a < m; ++a) cls[at(a, k)] = rows[k][a];
  std::size_t classes = 0;
  for (;;) {
    std::map<std::vector<std::uint32_t>, std::uint32_t> ids;
    std::vector<std::uint32_t> next(candidates);
    std::vector<std::uint32_t> key(letters.size() + 2);
    for (std::size_t k = 0; k < powers; ++k)
      for (Element a = 0; a < m; ++a) {
        key[0] = cls[at(a, k)];
        key[1] = cls[at(a, reduce(k + 1))];
        for (std::size_t i = 0; i < letters.size(); ++i)
          key[i + 2] = cls[at(s.times(a, letters[i]), k)];
        next[at(a, k)] = ids.emplace(key, static_cast<std::uint32_t>(ids.size())).first->second;
        // A map of keys: about 100 ns a key and letter.
        detail::quotient_poll(100 * (letters.size() + 2));
      }
    cls = std::move(next);
    if (ids.size() == classes) break;
    classes = ids.size();
  }
  if (classes > options.max_elements) {
    why = fmt::format("the quotient of heaps 0..{} has {} elements, more than the limit of {} "
                      "(raise it with {})",
                      n, classes, options.max_elements, setting_name("max-elements"));
    return false;
  }
  if (!detail::table_fits(classes)) {
    why = fmt::format("the quotient of heaps 0..{} has {}", n, detail::table_note(classes));
    return false;
  }
  // A heap that leaves the quotient as it was (as many classes as elements,
  // each element its own class: a conservative extension, Plambeck & Siegel
  // 2008) keeps every element's number, so that the verification automaton
  // of the heaps before it carries over (CompactVerifier).
  bool kept_numbers = false;
  if (classes == m) {
    std::vector<std::uint32_t> number(classes, ~std::uint32_t{0});
    kept_numbers = true;
    for (Element a = 0; a < m && kept_numbers; ++a) {
      std::uint32_t& x = number[cls[at(a, 0)]];
      kept_numbers = x == ~std::uint32_t{0};
      x = a;
    }
    if (kept_numbers)
      for (std::uint32_t& c : cls) c = number[c];
  }

  // The new stage: each class represented by its member with the fewest tokens.
  std::vector<std::size_t> member(classes, candidates);
  std::vector<std::uint64_t> tokens(classes);
  for (std::size_t k = 0; k < powers; ++k)
    for (Element a = 0; a < m; ++a) {
      const auto c = cls[at(a, k)];
      const std::uint64_t t = s.tokens[a] + k * n;
      if (member[c] == candidates || t < tokens[c]) {
        member[c] = at(a, k);
        tokens[c] = t;
      }
    }
  Stage next;
  next.order = classes;
  next.table.assign(classes * classes, 0);
  next.p.assign(classes, 0);
  next.representative.assign(classes, {});
  next.tokens = tokens;
  for (std::size_t c = 0; c < classes; ++c) {
    const auto a = static_cast<Element>(member[c] % m);
    const std::size_t k = member[c] / m;
    next.p[c] = rows[k][a];
    next.representative[c] = s.representative[a];
    next.representative[c].insert(next.representative[c].end(), k, n);
    detail::quotient_poll(classes);
    for (std::size_t d = 0; d < classes; ++d) {
      const auto b = static_cast<Element>(member[d] % m);
      const std::size_t l = member[d] / m;
      next.table[c * classes + d] = cls[at(s.times(a, b), reduce(k + l))];
    }
  }
  next.phi = std::move(s.phi);
  next.option_images = std::move(s.option_images);
  next.option_images.push_back(images);
  // Renamed, unless every element kept its number (a heap's options are
  // smaller heaps, whose elements are elements of the quotient before).
  if (!kept_numbers) {
    for (Element& x : next.phi) x = cls[x];
    next.option_images.rename([&](Element x) { return static_cast<Element>(cls[x]); });
  }
  next.phi.push_back(cls[at(0, reduce(1))]);
  next.generators = s.generators;
  bool is_new = true;
  for (Element a = 0; a < m && is_new; ++a) is_new = cls[a] != next.phi[n];
  if (is_new) next.generators.push_back(n);
  s = std::move(next);
  return true;
}

// The heaps whose element the smaller heaps do not generate.
std::vector<Heap> generators_of(const Stage& s) {
  std::vector<Heap> generators;
  std::vector<char> generated(s.order, 0);
  generated[s.phi[0]] = 1;
  for (Heap h = 1; h < s.phi.size(); ++h) {
    if (generated[s.phi[h]]) continue;
    generators.push_back(h);
    // Close the generated set under multiplication by the new generator.
    for (bool grew = true; grew;) {
      grew = false;
      detail::quotient_poll(s.order);
      for (std::size_t x = 0; x < s.order; ++x) {
        if (!generated[x]) continue;
        const Element y = s.times(static_cast<Element>(x), s.phi[h]);
        if (!generated[y]) generated[y] = grew = true;
      }
    }
  }
  return generators;
}

}  // namespace

namespace detail {

bool table_fits(std::size_t order) {
  const std::uint64_t m = order;
  return m <= (std::uint64_t{1} << 31) && m * m * sizeof(Element) <= quotient_memory() / 2;
}

std::string table_note(std::size_t order) {
  const std::uint64_t m = order;
  const std::string raise = setting_name("max-memory");
  return fmt::format("{} elements, whose multiplication table ({} MiB) does not fit in half of "
                     "the memory allowed ({} MiB{})",
                     order, m * m * sizeof(Element) >> 20, quotient_memory() >> 20,
                     raise.empty() ? "" : "; raise it with " + raise);
}

WorkingSizes working_sizes(std::size_t order, std::size_t max_elements) {
  WorkingSizes w;
  const std::size_t grown = 8 * order;
  w.finer = std::min(std::max<std::size_t>(max_elements, 4096), std::max<std::size_t>(4096, grown));
  while (w.finer > 1 && !table_fits(w.finer)) w.finer /= 2;
  w.product = std::min(4 * max_elements, std::max<std::size_t>(16384, 2 * grown));
  w.learning = std::min(max_elements, std::max<std::size_t>(4096, grown));
  return w;
}

// One round of refinement after a failed verification: the automaton's
// states with their predicted outcomes, reduced by indistinguishability
// (Moore's refinement over the heap types), become the next candidate. Each
// round makes the prediction right for sums one move deeper; a candidate
// that passes verification is exact whatever rounds led to it. Returns false
// when the candidate would exceed max_elements.
// With reduce = false the states are kept as they are: a finer monoid than
// the stage's, which remembers for each heap type what removing it leaves.
bool refine(Stage& s, const HeapRuleset& ruleset, const Automaton& a, std::size_t max_elements,
            bool reduce) {
  const std::size_t count = a.next.size(), types = a.letter.size();
  std::vector<std::uint32_t> cls(count);
  for (std::size_t i = 0; i < count; ++i) cls[i] = reduce ? a.predicted[i] : static_cast<std::uint32_t>(i);
  std::size_t classes = reduce ? 0 : count;
  // Moore's refinement: a state's next class is its key (its class and the
  // classes its heap types lead to), numbered in order of first appearance.
  // The keys live in one array, found through an open-addressing table by
  // their hash: an ordered map of vectors spent most of refine's time
  // comparing them.
  const std::size_t width = types + 1;
  std::size_t slots = 16;
  while (slots < 2 * count) slots *= 2;
  constexpr std::uint32_t kEmpty = ~std::uint32_t{0};
  std::vector<std::uint32_t> slot(reduce ? slots : 0), keys, key(width), renumbered(count);
  for (; reduce;) {
    std::fill(slot.begin(), slot.end(), kEmpty);
    keys.clear();
    std::uint32_t ids = 0;
    for (std::size_t i = 0; i < count; ++i) {
      key[0] = cls[i];
      for (std::size_t t = 0; t < types; ++t) key[t + 1] = cls[a.next[i][t]];
      std::uint64_t h = 0x9e3779b97f4a7c15ull;
      for (std::uint32_t k : key) h = (h ^ k) * 0xff51afd7ed558ccdull;
      std::size_t at = (h ^ (h >> 29)) & (slots - 1);
      for (;; at = (at + 1) & (slots - 1)) {
        const std::uint32_t id = slot[at];
        if (id == kEmpty) {
          slot[at] = ids;
          keys.insert(keys.end(), key.begin(), key.end());
          renumbered[i] = ids++;
          break;
        }
        if (std::equal(key.begin(), key.end(), keys.begin() + std::size_t{id} * width)) {
          renumbered[i] = id;
          break;
        }
      }
      detail::quotient_poll(100 * width);
    }
    std::swap(cls, renumbered);
    if (ids == classes) break;
    classes = ids;
  }
  if (classes > max_elements || !table_fits(classes)) return false;
  // Fewest tokens to each state (Dijkstra over heap sizes), and its word:
  // its parent's word and one heap more, of type via[state].
  std::vector<std::uint64_t> tokens(count, ~std::uint64_t{0});
  std::vector<std::vector<Heap>> word(count);
  std::vector<std::uint32_t> parent(count, 0), via(count, 0);
  std::vector<char> done(count, 0);
  using Item = std::pair<std::uint64_t, std::size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  tokens[0] = 0;
  queue.push({0, 0});
  while (!queue.empty()) {
    const std::size_t best = queue.top().second;
    queue.pop();
    if (done[best]) continue;
    done[best] = 1;
    detail::quotient_poll(100 * types);
    for (std::size_t t = 0; t < types; ++t) {
      const std::uint32_t j = a.next[best][t];
      const std::uint64_t through = tokens[best] + a.heap_of_type[t];
      if (!done[j] && through < tokens[j]) {
        tokens[j] = through;
        word[j] = word[best];
        word[j].push_back(a.heap_of_type[t]);
        parent[j] = static_cast<std::uint32_t>(best);
        via[j] = static_cast<std::uint32_t>(t);
        queue.push({through, j});
      }
    }
  }
  std::vector<std::size_t> member(classes, count);
  for (std::size_t i = 0; i < count; ++i)
    if (member[cls[i]] == count || tokens[i] < tokens[member[cls[i]]]) member[cls[i]] = i;
  auto read = [&](std::size_t state, const std::vector<Heap>& heaps) {
    for (Heap h : heaps) state = a.next[state][a.type_of_heap[h]];
    return state;
  };
  Stage next;
  next.order = classes;
  next.table.assign(classes * classes, 0);
  next.p.assign(classes, 0);
  next.representative.assign(classes, {});
  next.tokens.assign(classes, 0);
  // The classes' transitions: the partition is stable, so every state of a
  // class goes to the same class on each type.
  std::vector<std::uint32_t> moves(classes * types);
  for (std::size_t c = 0; c < classes; ++c)
    for (std::size_t t = 0; t < types; ++t) moves[c * types + t] = cls[a.next[member[c]][t]];
  // The product c·d is class c reading d's word. That word is a shorter
  // word (the parent's, whose class e has a cheaper member) and one heap
  // more, so with the columns filled cheapest first, c·d is c·e moved by
  // that heap: one lookup an entry instead of reading the whole word.
  std::vector<std::size_t> by_tokens(classes);
  for (std::size_t d = 0; d < classes; ++d) by_tokens[d] = d;
  std::sort(by_tokens.begin(), by_tokens.end(), [&](std::size_t x, std::size_t y) {
    return tokens[member[x]] < tokens[member[y]];
  });
  for (std::size_t d : by_tokens) {
    const std::size_t m = member[d];
    detail::quotient_poll(classes * 2);
    if (m == 0 || tokens[m] == ~std::uint64_t{0}) {
      for (std::size_t c = 0; c < classes; ++c) next.table[c * classes + d] = cls[read(member[c], word[m])];
      continue;
    }
    const std::size_t e = cls[parent[m]], t = via[m];
    for (std::size_t c = 0; c < classes; ++c)
      next.table[c * classes + d] = moves[next.table[c * classes + e] * types + t];
  }
  for (std::size_t c = 0; c < classes; ++c) {
    next.p[c] = a.predicted[member[c]];
    next.representative[c] = word[member[c]];
    std::sort(next.representative[c].begin(), next.representative[c].end());
    next.tokens[c] = tokens[member[c]];
  }
  const Heap last = s.phi.size() - 1;
  next.phi.assign(last + 1, 0);
  for (Heap h = 1; h <= last; ++h) next.phi[h] = cls[a.next[0][a.type_of_heap[h]]];
  next.phi[0] = cls[0];
  // Option elements from the heaps' own options: the new element of a sum
  // is not a function of its old element, so the options are read again.
  std::vector<Element> images;
  for (Heap h = 1; h <= last; ++h) {
    images.clear();
    ruleset.for_each_heap_option(h, [&](const HeapOption& option) {
      images.push_back(cls[read(0, std::vector<Heap>(option.parts.begin(),
                                                     option.parts.begin() + option.part_count))]);
      return true;
    });
    sort_unique(images);
    next.option_images.push_back(images);
  }
  next.generators = generators_of(next);
  s = std::move(next);
  return true;
}

QuotientFailure cheapest_failure(const Stage& s, const Automaton& a) {
  const std::size_t count = a.next.size();
  std::vector<std::uint64_t> tokens(count, ~std::uint64_t{0});
  std::vector<std::uint32_t> parent(count, 0);
  std::vector<Heap> via(count, 0);
  using Item = std::pair<std::uint64_t, std::uint32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  tokens[0] = 0;
  queue.push({0, 0});
  while (!queue.empty()) {
    const auto [t, i] = queue.top();
    queue.pop();
    if (t != tokens[i]) continue;
    detail::quotient_poll(100 * a.letter.size());
    if ((s.p[a.element[i]] != 0) != (a.predicted[i] != 0)) {
      QuotientFailure failure;
      failure.tokens = t;
      failure.state = i;
      for (std::uint32_t j = i; j != 0; j = parent[j]) failure.sum.push_back(via[j]);
      std::sort(failure.sum.begin(), failure.sum.end());
      return failure;
    }
    for (std::size_t type = 0; type < a.letter.size(); ++type) {
      const std::uint32_t j = a.next[i][type];
      const std::uint64_t through = t + a.heap_of_type[type];
      if (through < tokens[j]) {
        tokens[j] = through;
        parent[j] = i;
        via[j] = a.heap_of_type[type];
        queue.push({through, j});
      }
    }
  }
  throw std::logic_error("misère quotient: no failing state");
}

std::vector<Element> heap_option_images(const Stage& s, const HeapRuleset& ruleset, Heap h) {
  std::vector<Element> images;
  ruleset.for_each_heap_option(h, [&](const HeapOption& option) {
    Element x = 0;
    for (std::size_t i = 0; i < option.part_count; ++i) x = s.times(x, s.phi[option.parts[i]]);
    images.push_back(x);
    return true;
  });
  sort_unique(images);
  return images;
}

}  // namespace detail

namespace {

bool shortlex_less(const QuotientWord& u, const QuotientWord& v) {
  const auto du = std::accumulate(u.begin(), u.end(), 0u);
  const auto dv = std::accumulate(v.begin(), v.end(), 0u);
  if (du != dv) return du < dv;
  return std::lexicographical_compare(v.begin(), v.end(), u.begin(), u.end());
}

// The least period p (with its least preperiod) of Φ(0..N), and whether it
// is proven for the whole game: for a finite code whose moves remove at most
// t tokens and leave at most q heaps, Φ(n + p) = Φ(n) for n0 <= n <= N - p
// and N >= q(s + p) + t - 1 where s = max(n0, 1) (docs/misere-quotients.md).
std::optional<PretendingPeriod> find_period(const std::vector<Element>& phi,
                                            const HeapRuleset& ruleset) {
  const Heap last = phi.size() - 1;
  std::optional<TakeAndBreak> code = ruleset.as_code();
  // The criterion shifts a part by p, as Guy-Smith's does: not for codes whose
  // splits must be unequal (periodicity.cpp), and it needs a most heaps q.
  const bool finite = code && code->is_finite() && !code->has_modifiers() &&
                      code->max_parts() != kAnyNumberOfHeaps;
  std::optional<PretendingPeriod> observed;
  for (Heap p = 1; p <= last; ++p) {
    Heap n0 = last - p + 1;
    while (n0 > 0 && phi[n0 - 1] == phi[n0 - 1 + p]) --n0;
    if (finite) {
      // The criterion's start is at least 1 (heap 0 has no option to shift).
      const Heap start = std::max<Heap>(n0, 1);
      const Heap q = code->max_parts();
      const Heap t = code->last_digit();
      if (start + p <= last && last + 1 >= q * (start + p) + t)
        return PretendingPeriod{n0, p, true};
    }
    if (!observed && last + 1 >= n0 + 2 * p) observed = PretendingPeriod{n0, p, false};
  }
  return observed;
}

// Whether (Q, P) is isomorphic to (T, P_T): a map of the generators that
// respects the relations, the P-portions and is one-to-one on the normal
// forms. nullopt when the search gives up.
std::optional<bool> isomorphic(const MisereQuotient& q, const MisereQuotient& t) {
  if (q.order() != t.order()) return false;
  const std::size_t g = q.generator_heaps().size();
  std::vector<Element> image(g, 0);
  std::uint64_t budget = 2'000'000;
  auto word_image = [&](const QuotientWord& w) {
    Element x = 0;
    for (std::size_t i = 0; i < w.size(); ++i)
      for (unsigned e = 0; e < w[i]; ++e) x = t.multiply(x, image[i]);
    return x;
  };
  auto highest = [](const QuotientWord& w) {
    std::size_t h = 0;
    for (std::size_t i = 0; i < w.size(); ++i)
      if (w[i] > 0) h = i + 1;
    return h;
  };
  // Consistent when every normal form and relation within the first `used`
  // generators maps well.
  auto consistent = [&](std::size_t used) {
    detail::quotient_poll(q.order() * 4 + q.relations().size() * 4);
    std::vector<char> taken(t.order(), 0);
    for (Element x = 0; x < q.order(); ++x) {
      if (highest(q.normal_form(x)) > used) continue;
      const Element y = word_image(q.normal_form(x));
      if (taken[y] || q.is_p(x) != t.is_p(y)) return false;
      taken[y] = 1;
    }
    for (const auto& r : q.relations())
      if (std::max(highest(r.left), highest(r.right)) <= used &&
          word_image(r.left) != word_image(r.right))
        return false;
    return true;
  };
  std::function<std::optional<bool>(std::size_t)> assign = [&](std::size_t i) -> std::optional<bool> {
    if (i == g) return true;
    bool gave_up = false;
    for (Element y = 0; y < t.order(); ++y) {
      if (budget-- == 0) return std::nullopt;
      image[i] = y;
      if (!consistent(i + 1)) continue;
      const auto found = assign(i + 1);
      if (!found) gave_up = true;
      else if (*found) return true;
    }
    if (gave_up) return std::nullopt;
    return false;
  };
  return assign(0);
}

}  // namespace

std::vector<Element> MisereQuotient::p_portion() const {
  std::vector<Element> result;
  for (Element x = 0; x < order(); ++x)
    if (is_p(x)) result.push_back(x);
  return result;
}

bool MisereQuotient::covers(Heap n) const { return n <= max_heap() || whole_game(); }

Element MisereQuotient::heap_element(Heap n) const {
  if (n <= max_heap()) return pretending_[n];
  if (!whole_game())
    throw LimitError(fmt::format("the misère quotient of '{}' is known for heaps 0..{} only, not {}",
                                 ruleset_name_, max_heap(), n));
  const Heap n0 = period_->preperiod, p = period_->period;
  return pretending_[n0 + (n - n0) % p];
}

Element MisereQuotient::element_of(const Position& heaps) const {
  Element x = identity();
  for (Heap h : heaps) x = multiply(x, heap_element(h));
  return x;
}

std::string MisereQuotient::generator_name(std::size_t i) {
  if (i < 26) return std::string(1, static_cast<char>('a' + i));
  return fmt::format("x{}", i + 1);
}

std::string MisereQuotient::word_name(const QuotientWord& word) const {
  std::string s;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (word[i] == 0) continue;
    s += generator_name(i);
    if (word[i] > 1) s += fmt::format("^{}", word[i]);
  }
  return s.empty() ? "1" : s;
}

std::string MisereQuotient::name(Element x) const { return word_name(words_[x]); }

std::string MisereQuotient::presentation() const {
  std::string text = "<";
  for (std::size_t i = 0; i < generators_.size(); ++i) text += (i ? ", " : "") + generator_name(i);
  for (std::size_t i = 0; i < relations_.size(); ++i)
    text += (i ? ", " : " | ") + word_name(relations_[i].left) + " = " +
            word_name(relations_[i].right);
  return text + ">";
}

std::optional<Heap> MisereQuotient::last_new_generator() const {
  if (generators_.empty()) return std::nullopt;
  return generators_.back();
}

QuotientState::QuotientState() : stage_(std::make_shared<const Stage>()) {}
QuotientState::QuotientState(std::string ruleset_name, QuotientOptions options,
                             std::shared_ptr<const detail::QuotientStage> stage,
                             std::string stop_note, bool stopped_unverified)
    : ruleset_name_(std::move(ruleset_name)),
      options_(std::move(options)),
      stage_(std::move(stage)),
      stop_note_(std::move(stop_note)),
      stopped_unverified_(stopped_unverified) {
  options_.control = nullptr;
  options_.save = nullptr;
  options_.resume = nullptr;
}
QuotientState::QuotientState(const QuotientState&) = default;
QuotientState& QuotientState::operator=(const QuotientState&) = default;
QuotientState::QuotientState(QuotientState&&) noexcept = default;
QuotientState& QuotientState::operator=(QuotientState&&) noexcept = default;
QuotientState::~QuotientState() = default;
Heap QuotientState::heaps_done() const { return stage_->last_heap(); }
std::size_t QuotientState::order() const { return stage_->order; }

namespace {

// Refuses to continue `from` with other options than it was made with: the
// heaps after it would be adjoined otherwise than in one uninterrupted run.
void check_resumable(const QuotientState& from, const HeapRuleset& ruleset,
                     const QuotientOptions& options) {
  if (from.ruleset_name() != ruleset.name())
    throw InputError(ruleset.name(), fmt::format("a misère quotient state of '{}' cannot continue "
                                                 "a quotient of '{}'",
                                                 from.ruleset_name(), ruleset.name()));
  if (from.heaps_done() > options.max_heap)
    throw InputError(fmt::to_string(options.max_heap),
                     fmt::format("the misère quotient state holds heaps 0..{}, more than the "
                                 "heaps 0..{} asked for",
                                 from.heaps_done(), options.max_heap));
  const QuotientOptions& made = from.options();
  const std::pair<const char*, std::pair<std::size_t, std::size_t>> sizes[] = {
      {"max_elements", {made.max_elements, options.max_elements}},
      {"max_exponent", {made.max_exponent, options.max_exponent}},
      {"max_verify_states", {made.max_verify_states, options.max_verify_states}},
      {"max_refinements", {made.max_refinements, options.max_refinements}},
      {"max_learning_positions", {made.max_learning_positions, options.max_learning_positions}},
      {"verify", {made.verify, options.verify}},
      {"recalibrate", {made.recalibrate, options.recalibrate}},
      {"stop_when_proven", {made.stop_when_proven, options.stop_when_proven}},
      {"stop_at_limit", {made.stop_at_limit, options.stop_at_limit}}};
  for (const auto& [name, values] : sizes)
    if (values.first != values.second)
      throw InputError(name, fmt::format("the misère quotient state was made with {} = {}, not {}",
                                         name, values.first, values.second));
}

// Hands the state after each heap to options.save, at most once per
// save_every seconds (and on demand: a stop, a limit, the end).
class QuotientSaver {
 public:
  QuotientSaver(const HeapRuleset& ruleset, const QuotientOptions& options)
      : ruleset_(ruleset), options_(options), last_(std::chrono::steady_clock::now()) {}

  // Heap `s.last_heap()` is done.
  void heap_done(const Stage& s) {
    if (!options_.save) return;
    latest_ = std::make_shared<const Stage>(s);
    saved_ = false;
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - last_).count() >= options_.save_every) save();
  }
  // Saves the last heap done, if not saved yet.
  void flush() {
    if (options_.save && latest_ && !saved_) save();
  }
  // The end: the stage as it is, with why the run stopped early (if it did).
  void finish(const Stage& s, const std::string& why, bool unverified) {
    if (!options_.save) return;
    latest_ = std::make_shared<const Stage>(s);
    why_ = why;
    unverified_ = unverified;
    save();
  }

 private:
  void save() {
    options_.save(QuotientState(ruleset_.name(), options_, latest_, why_, unverified_));
    saved_ = true;
    last_ = std::chrono::steady_clock::now();
  }

  const HeapRuleset& ruleset_;
  const QuotientOptions& options_;
  std::chrono::steady_clock::time_point last_;
  std::shared_ptr<const Stage> latest_;
  bool saved_ = true;
  std::string why_;
  bool unverified_ = false;
};

}  // namespace

MisereQuotient misere_quotient(const HeapRuleset& ruleset, const QuotientOptions& options) {
  const detail::VerifyWorkScope verify_work(options.max_verify_work);
  detail::QuotientWatchScope watch(options);
  Stage s;
  std::string why;
  bool q_unverified = false;
  Heap first = 1;
  if (options.resume) {
    const QuotientState& from = *options.resume;
    check_resumable(from, ruleset, options);
    s = from.stage();
    first = s.last_heap() + 1;
    // The run stopped at the next heap, and would again.
    if (!from.stop_note().empty() && options.max_heap >= first) {
      why = from.stop_note();
      q_unverified = from.stopped_unverified();
      first = options.max_heap + 1;
    }
    if (options.stop_when_proven) {
      const auto period = find_period(s.phi, ruleset);
      if (period && period->proven) first = options.max_heap + 1;
    }
  }
  QuotientSaver saver(ruleset, options);
  // The heap being adjoined (0: none) and the stage before it, verified:
  // what a stop returns to.
  Heap adjoining = 0;
  Stage before;
  detail::CompactVerifier verifier;
  bool interrupted = false, out_of_time = false;
  try {
    for (Heap n = first; n <= options.max_heap; ++n) {
      detail::quotient_heap(n, s.order);
      before = s;
      adjoining = n;
      if (!adjoin(s, ruleset, n, options, why)) {
        if (!options.stop_at_limit)
          throw LimitError(fmt::format("misère quotient of '{}': {}", ruleset.name(), why));
        break;
      }
      // The construction is checked, never trusted: where it fails the quotient
      // stops at the last heap it is proven for. A heap that leaves the
      // quotient as it was extends the automaton that checked the heaps
      // before it (CompactVerifier): a heap of a kind already there costs
      // nothing, a new kind its own transitions.
      std::string wrong, recalibration_why;
      bool tried_finer = false, tried_recalibration = !options.recalibrate;
      for (std::size_t round = 0; options.verify; ++round) {
        const Automaton& automaton = verifier.check(s, options.max_verify_states);
        if (!automaton.complete) {
          wrong = incomplete_note(automaton, options.max_verify_states);
          break;
        }
        if (automaton.consistent) break;
        // Adjoining the heap may tell apart sums the previous quotient
        // identified (docs/misere-quotients.md, "Verification"): try once more
        // over a finer monoid, the previous quotient's verification automaton.
        if (!tried_finer) {
          // The finer monoid is only a step: the candidate built over it is
          // reduced again and bounded by max_elements like any other. Its own
          // bound is larger, so that a small max_elements (an analysis asks for
          // 256) does not forbid it; its table has its size squared entries.
          tried_finer = true;
          detail::quotient_step("refining");
          Stage finer = before;
          const std::size_t finer_limit =
              detail::working_sizes(before.order, options.max_elements).finer;
          const Automaton base = detail::explore(
              finer, options.max_verify_states == 0
                         ? finer_limit + 1
                         : std::min(options.max_verify_states, finer_limit + 1));
          std::string ignored;
          if (base.complete && base.next.size() <= finer_limit &&
              refine(finer, ruleset, base, finer_limit, false) &&
              adjoin(finer, ruleset, n, options, ignored)) {
            s = std::move(finer);
            continue;
          }
        }
        // Plambeck and Siegel's repair: free heaps of the cheapest wrong sum
        // (src/solve/misere/quotient_recalibration.h). Its result is verified; when
        // it fails, refinement and learning take their turn.
        if (!tried_recalibration) {
          tried_recalibration = true;
          Stage recalibrated = s;
          if (detail::recalibrate_quotient(recalibrated, ruleset, n, options, recalibration_why)) {
            s = std::move(recalibrated);
            break;
          }
        }
        if (round == options.max_refinements) {
          wrong = fmt::format("still not verified after {} rounds of refinement",
                              options.max_refinements);
          break;
        }
        const Automaton& whole = verifier.whole(s, options.max_verify_states);
        if (!whole.complete) {
          wrong = incomplete_note(whole, options.max_verify_states);
          break;
        }
        detail::quotient_step("refining");
        if (!refine(s, ruleset, whole, options.max_elements)) {
          wrong = fmt::format("refinement needs more than {} elements", options.max_elements);
          break;
        }
      }
      if (!wrong.empty() && !recalibration_why.empty()) wrong += "; " + recalibration_why;
      if (!wrong.empty() && options.verify && options.max_learning_positions > 0) {
        // The last resort: learn the quotient of heaps 0..n from exact outcomes.
        std::string learned_why;
        Stage learned = s;
        if (detail::learn_quotient(learned, before, ruleset, n, options, learned_why)) {
          s = std::move(learned);
          wrong.clear();
        } else {
          wrong += "; " + learned_why;
        }
      }
      if (!wrong.empty()) {
        why = fmt::format("heap {} could not be adjoined: its quotient is not verified ({})", n,
                          wrong);
        q_unverified = true;
        s = std::move(before);
        break;
      }
      adjoining = 0;
      saver.heap_done(s);
      if (options.stop_when_proven) {
        const auto period = find_period(s.phi, ruleset);
        if (period && period->proven) break;
      }
    }
  } catch (const Interrupted&) {
    saver.flush();
    if (!options.stop_returns_quotient) throw;
    // Answer the stop with what is verified: nothing below may be stopped.
    interrupted = true;
    out_of_time = detail::quotient_watch().out_of_time;
    watch.release();
    if (adjoining != 0) s = std::move(before);
    const Heap next = s.last_heap() + 1;
    why = out_of_time ? fmt::format("the time budget of {} s ran out while adjoining heap {}",
                                    options.max_seconds, next)
                      : fmt::format("stopped by a signal while adjoining heap {}", next);
  } catch (const LimitError&) {
    saver.flush();
    throw;
  }
  // A stop is not where the computation ends: its checkpoint (flushed above)
  // continues it.
  if (!interrupted) saver.finish(s, why, q_unverified);

  // A stage built over a finer monoid may list heaps that the final
  // quotient generates from smaller ones.
  s.generators = generators_of(s);
  MisereQuotient q;
  q.ruleset_name_ = ruleset.name();
  q.verify_work_ = detail::verify_work_spent();
  q.generators_ = s.generators;
  if (!why.empty()) q.limit_note_ = why;
  q.stopped_unverified_ = q_unverified;
  q.interrupted_ = interrupted;
  q.out_of_time_ = out_of_time;
  const std::size_t m = s.order, g = s.generators.size();
  // Normal forms, degree by degree: a word whose element has no name yet
  // names it; a word all of whose divisors are normal forms but which is not
  // one itself gives a relation.
  std::vector<std::optional<QuotientWord>> word_of(m);
  word_of[0] = QuotientWord(g, 0);
  std::vector<std::pair<QuotientWord, Element>> frontier{{QuotientWord(g, 0), 0}};
  std::vector<QuotientRelation> relations;
  std::map<QuotientWord, Element> normal{{QuotientWord(g, 0), 0}};
  while (!frontier.empty()) {
    std::map<QuotientWord, Element, decltype(&shortlex_less)> next_degree(&shortlex_less);
    for (const auto& [word, x] : frontier)
      for (std::size_t i = 0; i < g; ++i) {
        QuotientWord v = word;
        ++v[i];
        next_degree.emplace(v, s.times(x, s.phi[s.generators[i]]));
      }
    frontier.clear();
    for (const auto& [v, x] : next_degree) {
      if (!word_of[x]) {
        word_of[x] = v;
        normal.emplace(v, x);
        frontier.emplace_back(v, x);
        continue;
      }
      bool minimal = true;
      for (std::size_t i = 0; i < g && minimal; ++i) {
        if (v[i] == 0) continue;
        QuotientWord u = v;
        --u[i];
        minimal = normal.count(u) > 0;
      }
      if (minimal) relations.push_back({v, *word_of[x]});
    }
  }
  // Renumber the elements in the order of their normal forms.
  std::vector<Element> order(m);
  std::iota(order.begin(), order.end(), Element{0});
  std::sort(order.begin(), order.end(),
            [&](Element x, Element y) { return shortlex_less(*word_of[x], *word_of[y]); });
  std::vector<Element> renamed(m);
  for (Element i = 0; i < m; ++i) renamed[order[i]] = i;
  q.table_.resize(m * m);
  q.p_.resize(m);
  q.words_.resize(m);
  for (Element x = 0; x < m; ++x) {
    q.p_[renamed[x]] = s.p[x];
    q.words_[renamed[x]] = *word_of[x];
    for (Element y = 0; y < m; ++y) q.table_[renamed[x] * m + renamed[y]] = renamed[s.times(x, y)];
  }
  for (Element x : s.phi) q.pretending_.push_back(renamed[x]);
  q.relations_ = std::move(relations);
  q.period_ = find_period(q.pretending_, ruleset);

  if (options.decide_tame && !interrupted) {
    if (m <= 2) {
      // The trivial quotient (heap 0 only) and that of *1 alone, T1 = {1, a}.
      q.tame_ = true;
    } else if (!std::has_single_bit(m - 2) || m < 6) {
      // The quotient of Nim heaps 0..2^k-1 (k >= 2) has 2^k + 2 elements: the
      // sums of heaps 0 and 1 only are two classes (an even or odd number of
      // 1s), and every other sum is classed by its nim-sum alone (misère Nim:
      // with a heap above 1 the outcome is normal play's), each of the 2^k
      // nim-sums apart from the others and from the first two. No other
      // order is tame.
      q.tame_ = false;
    } else {
      const auto nim = TakeAndBreak::parse("0.[3]");
      QuotientOptions nim_options;
      nim_options.decide_tame = false;
      nim_options.max_elements = m;
      nim_options.stop_at_limit = true;
      nim_options.max_heap = m - 3;  // heaps 0..2^k-1, 2^k = m - 2
      try {
        const MisereQuotient t = misere_quotient(nim, nim_options);
        if (t.stopped_unverified() || !t.limit_note().empty() || t.order() != m)
          q.tame_ = std::nullopt;  // Nim's own quotient not reached: no verdict
        else
          q.tame_ = isomorphic(q, t);
      } catch (const Interrupted&) {
        if (!options.stop_returns_quotient) throw;
        // Every heap is done; only the verdict is left undecided.
        q.tame_ = std::nullopt;
        q.interrupted_ = true;
        q.out_of_time_ = detail::quotient_watch().out_of_time;
      }
    }
  }
  return q;
}

}  // namespace grundy
