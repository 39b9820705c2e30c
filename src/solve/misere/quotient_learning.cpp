// Learning a heap's misère quotient from exact outcomes: Angluin's L* over
// sums of heaps (quotient_learning.h, docs/misere-quotients.md "Learning").
#include "solve/misere/quotient_learning.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <queue>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/solve/detail/search.h"
#include "solve/misere/quotient_verification.h"
#include "solve/misere/quotient_watch.h"

namespace grundy::detail {

namespace {

using Element = MisereQuotient::Element;
using Stage = QuotientStage;
using Automaton = QuotientAutomaton;

// Exact misère outcomes of sums of heaps 0..n, by the library's memoised
// search over the options (detail::post_order_search, solve/detail/search.h),
// remembered. Sums without heap n are read off the verified quotient of
// heaps 0..n-1; heaps without options are the zero game and are dropped. A
// sum is its heaps in ascending order, two bytes each (heaps are below
// 2^16 here), which is also its key in the memo.
class SumOutcomes {
 public:
  SumOutcomes(const HeapRuleset& ruleset, const Stage& below, Heap n, std::size_t limit)
      : below_(below), n_(n), limit_(limit), options_(n + 1) {
    for (Heap h = 1; h <= n; ++h)
      ruleset.for_each_heap_option(h, [&](const HeapOption& option) {
        std::vector<Heap> parts;
        for (std::size_t i = 0; i < option.part_count; ++i)
          if (option.parts[i] > 0) parts.push_back(option.parts[i]);
        if (option.total() >= h) tokens_decrease_ = false;
        options_[h].push_back(std::move(parts));
        return true;
      });
  }

  // A stage known to predict every sum of fewer than `bound` tokens right
  // (every sum below its cheapest failure, by the induction of
  // "Verification"); used only when every move takes at least one token, so
  // that options have fewer tokens than the sum.
  void know(const Stage& stage, std::uint64_t bound) {
    if (!tokens_decrease_ || bound <= bound_) return;
    known_ = stage;
    bound_ = bound;
  }

  // Whether the sum is a P-position (the player to move loses); throws
  // LimitError past the limit of remembered sums.
  bool lost(std::vector<Heap> sum) {
    sum.erase(std::remove_if(sum.begin(), sum.end(),
                             [&](Heap h) { return options_[h].empty(); }),
              sum.end());
    std::sort(sum.begin(), sum.end());
    const Sum key = encode(sum);
    if (const std::optional<bool> known = known_lost(key)) return *known;
    std::size_t held = 0;
    Policy policy{*this};
    // Every part of a move is smaller than its heap, so sums never repeat
    // along a line of play: the search meets no cycle.
    const bool searched = detail::post_order_search(key, policy, held);
    GRUNDY_ASSERT(searched);
    return memo_.at(key) != 0;
  }

 private:
  using Sum = std::string;

  static Sum encode(const std::vector<Heap>& sum) {
    Sum key(sum.size() * 2, '\0');
    for (std::size_t i = 0; i < sum.size(); ++i) {
      key[2 * i] = static_cast<char>(sum[i] & 0xff);
      key[2 * i + 1] = static_cast<char>(sum[i] >> 8);
    }
    return key;
  }
  static Heap heap_at(const Sum& key, std::size_t i) {
    return static_cast<unsigned char>(key[2 * i]) |
           static_cast<Heap>(static_cast<unsigned char>(key[2 * i + 1])) << 8;
  }

  // The outcome of a sum when it needs no search: read off a quotient, or
  // remembered.
  std::optional<bool> known_lost(const Sum& key) const {
    const std::size_t size = key.size() / 2;
    if (size == 0 || heap_at(key, size - 1) < n_) {
      Element x = 0;
      for (std::size_t i = 0; i < size; ++i) x = below_.times(x, below_.phi[heap_at(key, i)]);
      return below_.p[x] != 0;
    }
    if (bound_ > 0) {
      std::uint64_t tokens = 0;
      for (std::size_t i = 0; i < size; ++i) tokens += heap_at(key, i);
      if (tokens < bound_) {
        Element x = 0;
        for (std::size_t i = 0; i < size; ++i) x = known_.times(x, known_.phi[heap_at(key, i)]);
        return known_.p[x] != 0;
      }
    }
    if (auto it = memo_.find(key); it != memo_.end()) return it->second != 0;
    return std::nullopt;
  }

  // The search's policy: a sum's children are its options; the first lost
  // one decides (misère play: a sum is lost iff it has an option and every
  // option is won; a sum searched holds heap n, which has options).
  struct Policy {
    struct Node {
      std::vector<Sum> children;
      bool lost = true;
    };
    SumOutcomes& outcomes;

    Node expand(const Sum& key) {
      SumOutcomes& o = outcomes;
      const std::size_t size = key.size() / 2;
      // A sum's options are listed, sorted and encoded: about 200 ns each.
      detail::quotient_poll(200 * size);
      detail::quotient_step("learning", o.memo_.size());
      Node node;
      std::vector<Heap> option;
      for (std::size_t i = 0; i < size; ++i) {
        const Heap h = heap_at(key, i);
        if (i > 0 && h == heap_at(key, i - 1)) continue;
        for (const auto& parts : o.options_[h]) {
          option.clear();
          for (std::size_t j = 0; j < size; ++j)
            if (j != i) option.push_back(heap_at(key, j));
          for (Heap part : parts)
            if (!o.options_[part].empty()) option.push_back(part);
          std::sort(option.begin(), option.end());
          node.children.push_back(encode(option));
        }
      }
      return node;
    }
    detail::Step step(Node& node, const Sum& child) {
      const std::optional<bool> known = outcomes.known_lost(child);
      if (!known) return detail::Step::descend;
      if (*known) {
        node.lost = false;  // a move to a lost sum: the mover wins
        return detail::Step::decided;
      }
      return detail::Step::next;
    }
    void finish(Sum&& key, Node& node) { outcomes.memo_.emplace(std::move(key), node.lost ? 1 : 0); }
    void abandon(const Sum&) {}
    void check_limit(std::size_t extra) {
      if (outcomes.memo_.size() + extra > outcomes.limit_)
        throw LimitError(fmt::format("more than {} sums to solve", outcomes.limit_));
    }
  };

  const Stage& below_;
  Heap n_;
  std::size_t limit_;
  std::vector<std::vector<std::vector<Heap>>> options_;
  std::unordered_map<Sum, char> memo_;
  bool tokens_decrease_ = true;
  Stage known_;
  std::uint64_t bound_ = 0;
};

// L*'s observation table over the letters heap 1..n: access sums S (one per
// state, each an earlier one plus a letter, rows pairwise different), test
// sums E (E[0] empty), and row(x) = the outcomes of x + e for e in E.
class QuotientLearner {
 public:
  QuotientLearner(SumOutcomes& outcomes, Heap n, std::size_t max_states)
      : outcomes_(outcomes), n_(n), max_states_(max_states) {
    tests_.push_back({});
    add_state({});
  }

  std::size_t states() const { return access_.size(); }

  // Closes the table: every access sum plus a letter has the row of a state.
  // False past max_states.
  bool close() {
    for (std::size_t i = 0; i < access_.size(); ++i)
      for (Heap h = 1; h <= n_; ++h) {
        detail::quotient_poll(100);
        const auto& row = after_[i][h - 1];
        if (state_of_.count(row)) continue;
        if (access_.size() >= max_states_) return false;
        auto word = access_[i];
        word.push_back(h);
        add_state(std::move(word));
      }
    return true;
  }

  std::uint32_t next(std::size_t state, Heap h) const { return state_of_.at(after_[state][h - 1]); }
  bool output(std::size_t state) const { return rows_[state][0] != 0; }
  std::uint32_t run(const std::vector<Heap>& word, std::size_t from = 0) const {
    std::size_t state = from;
    for (Heap h : word) state = next(state, h);
    return static_cast<std::uint32_t>(state);
  }

  // A word on which the closed table's automaton does not commute (two
  // letters read in either order reach different states), turned into a word
  // it classifies wrongly; nullopt when it commutes.
  std::optional<std::vector<Heap>> noncommuting_counterexample() {
    for (std::size_t q = 0; q < access_.size(); ++q)
      for (Heap a = 1; a <= n_; ++a)
        for (Heap b = a + 1; b <= n_; ++b) {
          detail::quotient_poll(100);
          const auto s1 = next(next(q, a), b), s2 = next(next(q, b), a);
          if (s1 == s2) continue;
          std::size_t j = 0;
          while (rows_[s1][j] == rows_[s2][j]) ++j;
          auto u1 = access_[q], u2 = access_[q];
          u1.insert(u1.end(), {a, b});
          u2.insert(u2.end(), {b, a});
          // One of these four is misclassified (docs/misere-quotients.md).
          for (auto word : {u1, u2, access_[s1], access_[s2]}) {
            word.insert(word.end(), tests_[j].begin(), tests_[j].end());
            if (output(run(word)) != outcomes_.lost(word)) return word;
          }
          throw std::logic_error("misère quotient learning: no counterexample to a noncommuting pair");
        }
    return std::nullopt;
  }

  // Rivest and Schapire: a word w the automaton classifies wrongly has a
  // split w = u·a·v where access(u)·a·v and access(ua)·v differ; v becomes a
  // test, which gives the table a new state.
  void add_counterexample(const std::vector<Heap>& word) {
    const std::size_t m = word.size();
    auto alpha = [&](std::size_t i) {
      std::vector<Heap> sum = access_[run(std::vector<Heap>(word.begin(), word.begin() + i))];
      sum.insert(sum.end(), word.begin() + i, word.end());
      return outcomes_.lost(sum);
    };
    std::size_t lo = 0, hi = m;  // alpha(lo) != alpha(hi)
    const bool at_lo = alpha(0);
    if (at_lo == alpha(m))
      throw std::logic_error("misère quotient learning: not a counterexample");
    while (hi - lo > 1) {
      const std::size_t mid = (lo + hi) / 2;
      if (alpha(mid) == at_lo) lo = mid;
      else hi = mid;
    }
    add_test(std::vector<Heap>(word.begin() + hi, word.end()));
  }

 private:
  std::vector<char> row(const std::vector<Heap>& sum, std::size_t first_test = 0) {
    std::vector<char> r;
    for (std::size_t j = first_test; j < tests_.size(); ++j) {
      detail::quotient_poll(100 * (sum.size() + tests_[j].size()));
      std::vector<Heap> x = sum;
      x.insert(x.end(), tests_[j].begin(), tests_[j].end());
      r.push_back(outcomes_.lost(x) ? 1 : 0);
    }
    return r;
  }

  void add_state(std::vector<Heap> word) {
    state_of_.emplace(row(word), static_cast<std::uint32_t>(access_.size()));
    rows_.push_back(row(word));
    std::vector<std::vector<char>> after;
    for (Heap h = 1; h <= n_; ++h) {
      auto x = word;
      x.push_back(h);
      after.push_back(row(x));
    }
    after_.push_back(std::move(after));
    access_.push_back(std::move(word));
  }

  void add_test(std::vector<Heap> test) {
    tests_.push_back(std::move(test));
    const std::size_t j = tests_.size() - 1;
    state_of_.clear();
    for (std::size_t i = 0; i < access_.size(); ++i) {
      rows_[i].push_back(row(access_[i], j)[0]);
      state_of_.emplace(rows_[i], static_cast<std::uint32_t>(i));
      for (Heap h = 1; h <= n_; ++h) {
        auto x = access_[i];
        x.push_back(h);
        after_[i][h - 1].push_back(row(x, j)[0]);
      }
    }
  }

  SumOutcomes& outcomes_;
  Heap n_;
  std::size_t max_states_;
  std::vector<std::vector<Heap>> access_, tests_;
  std::vector<std::vector<char>> rows_;
  std::vector<std::vector<std::vector<char>>> after_;  // [state][letter]
  std::map<std::vector<char>, std::uint32_t> state_of_;
};

// A sum the stage predicts wrongly, from the cheapest sum its verification
// fails on (find_cheapest_failure): that sum, or, when the stage gets that
// sum itself right, one of its options (the check compares the sum's outcome
// with its options').
std::vector<Heap> wrong_sum(const Stage& s, const HeapRuleset& ruleset,
                            const QuotientFailure& failure, SumOutcomes& outcomes) {
  std::vector<Heap> sum = failure.sum;
  auto element = [&](const std::vector<Heap>& x) {
    Element e = 0;
    for (Heap h : x) e = s.times(e, s.phi[h]);
    return e;
  };
  if (outcomes.lost(sum) != (s.p[element(sum)] != 0)) return sum;
  for (std::size_t i = 0; i < sum.size(); ++i) {
    std::optional<std::vector<Heap>> found;
    ruleset.for_each_heap_option(sum[i], [&](const HeapOption& option) {
      std::vector<Heap> x = sum;
      x.erase(x.begin() + static_cast<std::ptrdiff_t>(i));
      for (std::size_t k = 0; k < option.part_count; ++k)
        if (option.parts[k] > 0) x.push_back(option.parts[k]);
      if (outcomes.lost(x) != (s.p[element(x)] != 0)) {
        found = std::move(x);
        return false;
      }
      return true;
    });
    if (found) return *found;
  }
  throw std::logic_error("misère quotient learning: the failing sum has no wrong option");
}

}  // namespace

bool learn_quotient(QuotientStage& s, const QuotientStage& before, const HeapRuleset& ruleset,
                    Heap n, const QuotientOptions& options, std::string& why) {
  if (n > 0xffff) {
    why = "heaps beyond 65535 are not learned";
    return false;
  }
  try {
    SumOutcomes outcomes(ruleset, before, n, options.max_learning_positions);
    // The failed candidate is still right on every sum cheaper than its
    // cheapest failure: the exact outcomes start from there.
    {
      const CheapestFailure failed = find_cheapest_failure(s, options.max_verify_states);
      if (failed.check.complete && !failed.check.consistent)
        outcomes.know(s, failed.failure.tokens);
    }
    const std::size_t states = working_sizes(before.order, options.max_elements).learning;
    QuotientLearner learner(outcomes, n, states);
    for (;;) {
      detail::quotient_step("learning", 0);
      if (!learner.close()) {
        why = fmt::format("learning needs more than {} states", states);
        return false;
      }
      if (auto word = learner.noncommuting_counterexample()) {
        learner.add_counterexample(*word);
        continue;
      }
      // A commuting automaton: its states, multiplied by reading access sums,
      // form a commutative monoid (refine builds the stage from it).
      Automaton a;
      const std::size_t count = learner.states();
      for (std::size_t i = 0; i < count; ++i) {
        std::vector<std::uint32_t> edges;
        for (Heap h = 1; h <= n; ++h) edges.push_back(learner.next(i, h));
        a.next.push_back(std::move(edges));
        a.predicted.push_back(learner.output(i));
      }
      a.type_of_heap.assign(n + 1, 0);
      for (Heap h = 1; h <= n; ++h) {
        a.letter.push_back(0);
        a.heap_of_type.push_back(h);
        a.type_of_heap[h] = h - 1;
      }
      Stage candidate = s;
      if (!refine(candidate, ruleset, a, options.max_elements)) {
        why = fmt::format("learning needs more than {} elements", options.max_elements);
        return false;
      }
      // The judge, and the cheapest sum it fails on when it does.
      const CheapestFailure check = find_cheapest_failure(candidate, options.max_verify_states);
      if (!check.check.complete) {
        why = incomplete_note(check.check, options.max_verify_states);
        return false;
      }
      if (check.check.consistent) {
        s = std::move(candidate);
        return true;
      }
      outcomes.know(candidate, check.failure.tokens);
      auto sum = wrong_sum(candidate, ruleset, check.failure, outcomes);
      std::sort(sum.begin(), sum.end());
      learner.add_counterexample(sum);
    }
  } catch (const LimitError& e) {
    why = fmt::format("learning: {}", e.what());
    return false;
  }
}

}  // namespace grundy::detail
