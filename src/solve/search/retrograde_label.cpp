#include "grundy/solve/detail/retrograde_label.h"

#include <algorithm>
#include <utility>

#include "grundy/core/error.h"

namespace grundy::detail {

void retrograde_label(const Graph& graph, const Graph& predecessors, Vertex first,
                      Convention convention, Labelling& labels) {
  const std::size_t count = graph.vertex_count();
  GRUNDY_ASSERT(first <= count && predecessors.vertex_count() == count - first);
  GRUNDY_ASSERT(labels.label.size() >= first && labels.remoteness.size() >= first);
  labels.label.resize(count, Label::draw);
  labels.remoteness.resize(count, 0);
  std::vector<Label>& label = labels.label;
  std::vector<std::uint32_t>& remoteness = labels.remoteness;

  // Moves from new vertices into earlier ones, as (target, source) pairs:
  // they matter only when the target is labelled, and act in the order of its
  // remoteness.
  std::vector<std::pair<Vertex, Vertex>> into_old;
  if (first > 0) {
    for (Vertex u = first; u < count; ++u)
      for (const Vertex v : graph.followers(u))
        if (v < first && label[v] != Label::draw) into_old.emplace_back(v, u);
    std::stable_sort(into_old.begin(), into_old.end(), [&](const auto& a, const auto& b) {
      return remoteness[a.first] < remoteness[b.first];
    });
  }

  // Followers of each new vertex not yet known to be won.
  std::vector<std::uint32_t> unresolved(count - first);
  // New vertices in the order they are labelled; their remoteness is
  // nondecreasing along it (each label is one more than the remoteness of
  // the label that caused it, and those are taken in nondecreasing order).
  std::vector<Vertex> queue;
  queue.reserve(count - first);
  const bool misere = convention == Convention::misere;
  for (Vertex u = first; u < count; ++u) {
    unresolved[u - first] = static_cast<std::uint32_t>(graph.out_degree(u));
    if (unresolved[u - first] != 0) continue;
    label[u] = misere ? Label::won : Label::lost;
    remoteness[u] = misere ? 1 : 0;
    queue.push_back(u);
  }

  // `v` (labelled) tells its unlabelled predecessor `u` what it has learnt.
  const auto propagate = [&](Vertex v, Vertex u) {
    if (label[u] != Label::draw) return;
    if (label[v] == Label::lost) {
      label[u] = Label::won;
    } else if (--unresolved[u - first] == 0) {
      label[u] = Label::lost;
    } else {
      return;
    }
    remoteness[u] = remoteness[v] + 1;
    queue.push_back(u);
  };
  std::size_t head = 0, old_at = 0;
  while (head < queue.size() || old_at < into_old.size()) {
    if (old_at < into_old.size() &&
        (head == queue.size() || remoteness[into_old[old_at].first] <= remoteness[queue[head]])) {
      propagate(into_old[old_at].first, into_old[old_at].second);
      ++old_at;
      continue;
    }
    const Vertex v = queue[head++];
    for (const Vertex u : predecessors.followers(v - first)) propagate(v, first + u);
  }
}

}  // namespace grundy::detail
