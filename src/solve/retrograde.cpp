#include "grundy/solve/retrograde.h"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/error.h"

namespace grundy {

Retrograde::Retrograde(const Ruleset& ruleset, Convention convention,
                       std::uint64_t position_limit)
    : ruleset_(ruleset),
      convention_(convention),
      limit_(std::min(position_limit, kMaxPositions)) {}

Retrograde::Id Retrograde::intern(const Position& key) {
  if (auto it = ids_.find(key); it != ids_.end()) return it->second;
  if (keys_.size() >= limit_)
    throw LimitError(fmt::format(
        "retrograde analysis of '{}' would reach more than the limit of {} positions (raise it "
        "with --search-limit)",
        ruleset_.name(), limit_));
  const Id id = static_cast<Id>(keys_.size());
  keys_.push_back(&ids_.emplace(key, id).first->first);
  return id;
}

void Retrograde::explore(Id first) {
  std::vector<Id> options;
  for (std::size_t u = first; u < keys_.size(); ++u) {
    options.clear();
    ruleset_.for_each_option(*keys_[u], [&](const Position& after) {
      options.push_back(intern(ruleset_.canonical(after)));
      return true;
    });
    std::sort(options.begin(), options.end());
    options.erase(std::unique(options.begin(), options.end()), options.end());
    targets_.insert(targets_.end(), options.begin(), options.end());
    offsets_.push_back(targets_.size());
  }
}

void Retrograde::label(Id first) {
  const std::size_t count = keys_.size();
  const std::size_t fresh = count - first;
  labels_.resize(count, Label::draw);
  remoteness_.resize(count, 0);

  // Reversed edges out of the new positions: those into new positions as a
  // CSR by target (counting sort), those into old ones as (target, source)
  // pairs, which only matter when the target is labelled.
  std::vector<std::uint64_t> in_offsets(fresh + 1, 0);
  std::vector<std::pair<Id, Id>> into_old;
  for (std::size_t u = first; u < count; ++u)
    for (std::uint64_t e = offsets_[u]; e < offsets_[u + 1]; ++e) {
      const Id v = targets_[e];
      if (v >= first) {
        ++in_offsets[v - first + 1];
      } else if (labels_[v] != Label::draw) {
        into_old.emplace_back(v, static_cast<Id>(u));
      }
    }
  for (std::size_t i = 0; i < fresh; ++i) in_offsets[i + 1] += in_offsets[i];
  std::vector<Id> predecessors(in_offsets[fresh]);
  {
    std::vector<std::uint64_t> fill(in_offsets.begin(), in_offsets.end() - 1);
    for (std::size_t u = first; u < count; ++u)
      for (std::uint64_t e = offsets_[u]; e < offsets_[u + 1]; ++e)
        if (targets_[e] >= first) predecessors[fill[targets_[e] - first]++] = static_cast<Id>(u);
  }
  // Old labelled positions act on their new predecessors in the order of
  // their remoteness, merged with the queue of new labels.
  std::stable_sort(into_old.begin(), into_old.end(), [&](const auto& a, const auto& b) {
    return remoteness_[a.first] < remoteness_[b.first];
  });

  // Options of each new position not yet known to be won.
  std::vector<std::uint32_t> unresolved(fresh);
  // New positions in the order they are labelled; their remoteness is
  // nondecreasing along it (each label is one more than the remoteness of
  // the label that caused it, and those are taken in nondecreasing order).
  std::vector<Id> queue;
  queue.reserve(fresh);
  const bool misere = convention_ == Convention::misere;
  for (std::size_t u = first; u < count; ++u) {
    unresolved[u - first] = static_cast<std::uint32_t>(offsets_[u + 1] - offsets_[u]);
    if (unresolved[u - first] != 0) continue;
    labels_[u] = misere ? Label::won : Label::lost;
    remoteness_[u] = misere ? 1 : 0;
    queue.push_back(static_cast<Id>(u));
  }

  // `v` (labelled) tells its unlabelled predecessor `u` what it has learnt.
  const auto propagate = [&](Id v, Id u) {
    if (labels_[u] != Label::draw) return;
    if (labels_[v] == Label::lost) {
      labels_[u] = Label::won;
    } else if (--unresolved[u - first] == 0) {
      labels_[u] = Label::lost;
    } else {
      return;
    }
    remoteness_[u] = remoteness_[v] + 1;
    queue.push_back(u);
  };
  std::size_t head = 0, old_at = 0;
  while (head < queue.size() || old_at < into_old.size()) {
    if (old_at < into_old.size() &&
        (head == queue.size() ||
         remoteness_[into_old[old_at].first] <= remoteness_[queue[head]])) {
      propagate(into_old[old_at].first, into_old[old_at].second);
      ++old_at;
      continue;
    }
    const Id v = queue[head++];
    for (std::uint64_t e = in_offsets[v - first]; e < in_offsets[v - first + 1]; ++e)
      propagate(v, predecessors[e]);
  }
}

Retrograde::Id Retrograde::ensure(const Position& position) {
  const Position key = ruleset_.canonical(position);
  if (auto it = ids_.find(key); it != ids_.end()) return it->second;
  const Id first = static_cast<Id>(keys_.size());
  try {
    intern(key);
    explore(first);
  } catch (...) {
    // Forget the part explored by this call, so that the graph stays closed
    // (every stored position has all its options stored).
    for (std::size_t id = first; id < keys_.size(); ++id) ids_.erase(ids_.find(*keys_[id]));
    keys_.resize(first);
    offsets_.resize(first + std::size_t{1});
    targets_.resize(offsets_.back());
    throw;
  }
  label(first);
  return first;
}

std::vector<std::pair<Position, Retrograde::Id>> Retrograde::options_with_ids(
    const Position& position) {
  std::vector<Position> options;
  ruleset_.for_each_option(position, [&](const Position& after) {
    options.push_back(after);
    return true;
  });
  std::vector<std::pair<Position, Id>> result;
  result.reserve(options.size());
  for (Position& after : options) {
    const Id id = ensure(after);
    result.emplace_back(std::move(after), id);
  }
  return result;
}

Outcome Retrograde::outcome(const Position& position) {
  switch (labels_[ensure(position)]) {
    case Label::won: return Outcome::N;
    case Label::lost: return Outcome::P;
    case Label::draw: return Outcome::D;
  }
  return Outcome::D;
}

std::optional<std::uint64_t> Retrograde::remoteness(const Position& position) {
  const Id id = ensure(position);
  if (labels_[id] == Label::draw) return std::nullopt;
  return remoteness_[id];
}

std::vector<Position> Retrograde::winning_options(const Position& position, std::size_t max,
                                                  bool& complete) {
  ensure(position);
  complete = true;
  std::vector<Position> result;
  for (auto& [after, id] : options_with_ids(position)) {
    if (labels_[id] != Label::lost) continue;
    if (result.size() == max) {
      complete = false;
      break;
    }
    result.push_back(std::move(after));
  }
  return result;
}

std::vector<Position> Retrograde::drawing_options(const Position& position, std::size_t max,
                                                  bool& complete) {
  complete = true;
  std::vector<Position> result;
  if (labels_[ensure(position)] != Label::draw) return result;
  for (auto& [after, id] : options_with_ids(position)) {
    if (labels_[id] != Label::draw) continue;
    if (result.size() == max) {
      complete = false;
      break;
    }
    result.push_back(std::move(after));
  }
  return result;
}

std::optional<Position> Retrograde::best_option(const Position& position) {
  const Label mine = labels_[ensure(position)];
  std::optional<Position> best;
  std::uint32_t best_remoteness = 0;
  for (auto& [after, id] : options_with_ids(position)) {
    switch (mine) {
      case Label::won:
        if (labels_[id] != Label::lost || (best && remoteness_[id] >= best_remoteness)) continue;
        break;
      case Label::lost:
        // Every option of a lost position is won.
        if (best && remoteness_[id] <= best_remoteness) continue;
        break;
      case Label::draw:
        if (labels_[id] != Label::draw) continue;
        return std::move(after);
    }
    best = std::move(after);
    best_remoteness = remoteness_[id];
  }
  return best;
}

}  // namespace grundy
