#include "grundy/solve/graph_values.h"

#include <functional>

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "grundy/core/error.h"

namespace grundy {

namespace {

constexpr std::uint32_t kNever = std::numeric_limits<std::uint32_t>::max();

// One directed cycle among the vertices Kahn's algorithm could not order:
// each of them still has an unordered follower, so walking from one of them
// along unordered followers must revisit a vertex.
std::vector<Vertex> find_cycle(const Graph& graph, const std::vector<std::uint32_t>& value) {
  const Vertex n = graph.vertex_count();
  std::vector<std::uint32_t> step(n, kNever);
  Vertex start = 0;
  while (value[start] != kInfiniteGamma) ++start;
  std::vector<Vertex> walk;
  Vertex u = start;
  while (step[u] == kNever) {
    step[u] = static_cast<std::uint32_t>(walk.size());
    walk.push_back(u);
    const auto followers = graph.followers(u);
    const auto next = std::find_if(followers.begin(), followers.end(),
                                   [&](Vertex v) { return value[v] == kInfiniteGamma; });
    GRUNDY_ASSERT(next != followers.end());
    u = *next;
  }
  return {walk.begin() + step[u], walk.end()};
}

AcyclicValues acyclic_values(const Graph& graph, const Graph& predecessors,
                             detail::SearchTicker* ticker = nullptr) {
  const Vertex n = graph.vertex_count();
  std::vector<std::uint32_t> value(n, kInfiniteGamma);
  std::vector<std::uint32_t> unvalued_followers(n);
  std::vector<Vertex> ready;
  std::uint64_t max_degree = 0;
  for (Vertex u = 0; u < n; ++u) {
    const std::uint64_t degree = graph.out_degree(u);
    unvalued_followers[u] = static_cast<std::uint32_t>(degree);
    max_degree = std::max(max_degree, degree);
    if (degree == 0) ready.push_back(u);
  }
  // seen[v] == u + 1: value v occurs among the followers of u. Stamps by
  // vertex make clearing unnecessary; u + 1 fits since n < 2^32.
  std::vector<std::uint32_t> seen(max_degree + 1, 0);
  std::uint64_t ordered = 0;
  while (!ready.empty()) {
    const Vertex u = ready.back();
    ready.pop_back();
    ++ordered;
    if (ticker) ticker->tick(ordered, n);
    const auto followers = graph.followers(u);
    const std::uint32_t stamp = u + 1;
    for (const Vertex v : followers)
      if (value[v] <= followers.size()) seen[value[v]] = stamp;
    std::uint32_t mex = 0;
    while (seen[mex] == stamp) ++mex;
    value[u] = mex;
    for (const Vertex p : predecessors.followers(u))
      if (--unvalued_followers[p] == 0) ready.push_back(p);
  }
  AcyclicValues result;
  if (ordered == n)
    result.values = std::move(value);
  else
    result.cycle = find_cycle(graph, value);
  return result;
}

std::vector<std::uint32_t> generalised_values(const Graph& graph, const Graph& predecessors,
                                              std::uint32_t* passes,
                                              detail::SearchTicker* ticker = nullptr) {
  const Vertex n = graph.vertex_count();
  // Everything a pass reads about a vertex, side by side: on large graphs the
  // cost is one cache miss per vertex touched. Per-pass fields are stamped
  // with the pass number m so that nothing is cleared between passes.
  struct State {
    std::uint32_t gamma = kInfiniteGamma;
    // Followers with no value below the current m (those in R_m); kept
    // across passes by subtracting each follower when it gets its value.
    std::uint32_t open_followers = 0;
    std::uint32_t alive_in = 0;         // == m: followers of every value < m, no value
    std::uint32_t marked_in = kNever;   // == m: a follower has value m
    std::uint32_t counted_in = kNever;  // == m: `unmarked` is this pass's count
    std::uint32_t unmarked = 0;         // R_m-followers not yet marked
  };
  std::vector<State> state(n);
  for (Vertex u = 0; u < n; ++u)
    state[u].open_followers = static_cast<std::uint32_t>(graph.out_degree(u));
  std::vector<Vertex> alive(n);
  std::iota(alive.begin(), alive.end(), Vertex{0});
  std::vector<Vertex> valued;
  std::uint32_t m = 0;
  std::uint64_t valued_so_far = 0;
  for (; !alive.empty(); ++m) {
    valued.clear();
    for (const Vertex u : alive) {
      // A pass costs at least one step per vertex alive: the progress line
      // counts the vertices valued so far, and a stop is seen within a pass.
      if (ticker) ticker->tick(valued_so_far, n);
      if (state[u].open_followers == 0) {
        state[u].gamma = m;
        valued.push_back(u);
      }
    }
    for (std::size_t head = 0; head < valued.size(); ++head) {
      const Vertex w = valued[head];
      if (ticker) ticker->tick(valued_so_far + head, n);
      // A vertex gets value m only while unmarked, with all its R_m-followers
      // marked; marked vertices never get value m, so none of those followers
      // can get it later and the vertex is never marked itself. Hence no
      // predecessor of w has value m, and w has no follower of value m.
      for (const Vertex p : predecessors.followers(w)) {
        State& sp = state[p];
        --sp.open_followers;
        if (sp.gamma != kInfiniteGamma) {
          GRUNDY_ASSERT(sp.gamma < m);
          continue;
        }
        if (sp.marked_in == m) continue;
        sp.marked_in = m;
        for (const Vertex q : predecessors.followers(p)) {
          State& sq = state[q];
          if (sq.alive_in != m || sq.gamma != kInfiniteGamma || sq.marked_in == m) continue;
          if (sq.counted_in != m) {
            sq.counted_in = m;
            sq.unmarked = sq.open_followers;
          }
          if (--sq.unmarked == 0) {
            sq.gamma = m;
            valued.push_back(q);
          }
        }
      }
    }
    valued_so_far += valued.size();
    // Alive at m + 1: alive at m, no value, and a follower of value m. The
    // others alive at m lack a follower of value m for good: they are ∞.
    std::size_t kept = 0;
    for (const Vertex u : alive)
      if (state[u].gamma == kInfiniteGamma && state[u].marked_in == m) {
        state[u].alive_in = m + 1;
        alive[kept++] = u;
      }
    alive.resize(kept);
  }
  if (passes) *passes = m;
  std::vector<std::uint32_t> gamma(n);
  for (Vertex u = 0; u < n; ++u) gamma[u] = state[u].gamma;
  return gamma;
}

}  // namespace

AcyclicValues acyclic_grundy_values(const Graph& graph) {
  return acyclic_values(graph, graph.reversed());
}

std::vector<std::uint32_t> generalised_grundy_values(const Graph& graph, std::uint32_t* passes) {
  return generalised_values(graph, graph.reversed(), passes);
}

GraphValues solve_graph(const Graph& graph, const SearchControl* control) {
  detail::SearchTicker ticker(control, "graph values", "");
  const Graph predecessors = graph.reversed();
  GraphValues result;
  AcyclicValues acyclic = acyclic_values(graph, predecessors, &ticker);
  if (acyclic.acyclic()) {
    result.gamma = std::move(acyclic.values);
    return result;
  }
  result.acyclic = false;
  result.cycle = std::move(acyclic.cycle);
  ticker.set(control, "graph values (generalised, with cycles)");
  result.gamma = generalised_values(graph, predecessors, &result.passes, &ticker);
  return result;
}

GammaValue gamma_value(const Graph& graph, std::span<const std::uint32_t> gamma, Vertex u) {
  GRUNDY_ASSERT(gamma.size() == graph.vertex_count() && u < graph.vertex_count());
  GammaValue result;
  if (gamma[u] != kInfiniteGamma) {
    result.value = gamma[u];
    return result;
  }
  result.finite = false;
  for (const Vertex v : graph.followers(u))
    if (gamma[v] != kInfiniteGamma) result.infinity_set.push_back(gamma[v]);
  std::sort(result.infinity_set.begin(), result.infinity_set.end());
  result.infinity_set.erase(std::unique(result.infinity_set.begin(), result.infinity_set.end()),
                            result.infinity_set.end());
  return result;
}

namespace {

// The nim-sum of the tokens of finite γ, and the tokens of infinite γ (at
// most two matter: with two, the sum is ∞(∅) whatever the rest).
struct TokenSum {
  Nimber finite_sum = 0;
  std::vector<std::size_t> infinite;
};

TokenSum token_sum(std::span<const std::uint32_t> gamma, std::span<const Vertex> tokens) {
  TokenSum sum;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (gamma[tokens[i]] != kInfiniteGamma)
      sum.finite_sum ^= gamma[tokens[i]];
    else if (sum.infinite.size() < 2)
      sum.infinite.push_back(i);
  }
  return sum;
}

}  // namespace

void for_each_token_move_to_value(const Graph& graph, std::span<const std::uint32_t> gamma,
                                  std::span<const Vertex> tokens, Nimber target,
                                  const std::function<bool(const TokenMove&)>& visit) {
  const auto [finite_sum, infinite] = token_sum(gamma, tokens);
  // After moving token i to w the position has γ = target iff every token is
  // then finite and γ(w) = target ⊕ (sum of the other tokens). With all
  // tokens finite any token may move (to a smaller or, in a loopy game, a
  // larger value); with one infinite token only that one can.
  auto moves_of = [&](std::size_t i, Nimber others) {
    const Nimber want = target ^ others;
    for (const Vertex w : graph.followers(tokens[i])) {
      if (gamma[w] == kInfiniteGamma || gamma[w] != want) continue;
      if (!visit({i, tokens[i], w})) return false;
    }
    return true;
  };
  if (infinite.empty()) {
    for (std::size_t i = 0; i < tokens.size(); ++i)
      if (!moves_of(i, finite_sum ^ gamma[tokens[i]])) return;
  } else if (infinite.size() == 1) {
    moves_of(infinite[0], finite_sum);
  }
}

TokenAnalysis analyze_tokens(const Graph& graph, std::span<const std::uint32_t> gamma,
                             std::span<const Vertex> tokens, std::size_t max_moves) {
  GRUNDY_ASSERT(gamma.size() == graph.vertex_count());
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i] >= graph.vertex_count())
      throw InputError(std::to_string(tokens[i]),
                       fmt::format("token {} on vertex {}: out of range (graph has {} vertices)",
                                   i + 1, tokens[i], graph.vertex_count()));
  const auto [finite_sum, infinite] = token_sum(gamma, tokens);
  TokenAnalysis result;
  if (infinite.empty()) {
    result.value = {true, finite_sum, {}};
  } else if (infinite.size() == 1) {
    result.value =
        gamma_sum(gamma_value(graph, gamma, tokens[infinite[0]]), GammaValue{true, finite_sum, {}});
  } else {
    result.value = {false, 0, {}};
  }
  result.outcome = outcome_of(result.value);
  if (result.outcome != Outcome::N) return result;

  for_each_token_move_to_value(graph, gamma, tokens, 0, [&](const TokenMove& move) {
    ++result.winning_move_count;
    result.winning_moves.add(move, max_moves);
    return true;
  });
  return result;
}

}  // namespace grundy
