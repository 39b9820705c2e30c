#include "grundy/rules/moore.h"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/nimber.h"
#include "grundy/rules/moore_closed_form.h"

namespace grundy {

MooreNim::MooreNim(unsigned k) : k_(k) { GRUNDY_ASSERT(k >= 1); }

std::string MooreNim::name() const { return fmt::format("moore:{}", k_); }

void MooreNim::for_each_option(const Position& heaps,
                               const std::function<bool(const Position&)>& visit) const {
  // Choose, heap by heap, to leave it or to reduce it to a smaller size, with
  // between 1 and k heaps reduced in all.
  Position after = heaps;
  bool go_on = true;
  auto recurse = [&](auto&& self, std::size_t i, unsigned reduced) -> void {
    if (!go_on) return;
    if (i == heaps.size()) {
      if (reduced > 0) go_on = visit(after);
      return;
    }
    self(self, i + 1, reduced);
    if (reduced == k_) return;
    for (Heap left = heaps[i]; left-- > 0 && go_on;) {
      after[i] = left;
      self(self, i + 1, reduced + 1);
    }
    after[i] = heaps[i];
  };
  recurse(recurse, 0, 0);
}

std::string MooreNim::describe_move(const Position& before, const Position& after) const {
  std::string text;
  for (std::size_t i = 0; i < before.size(); ++i) {
    if (after[i] == before[i]) continue;
    text += fmt::format("{}take {} from heap {}", text.empty() ? "" : ", ", before[i] - after[i],
                        i + 1);
  }
  return text;
}

Position MooreNim::canonical(const Position& heaps) const {
  Position key;
  key.reserve(heaps.size());  // one allocation, not one per doubling
  for (Heap h : heaps)
    if (h) key.push_back(h);
  std::sort(key.begin(), key.end());
  return key;
}

bool MooreNim::is_p_position(const Position& heaps) const {
  return moore::is_p_position(heaps, k_);
}

OptionList MooreNim::winning_moves(const Position& heaps, std::size_t max_moves) const {
  return moore::winning_moves(heaps, k_, max_moves);
}

std::optional<Nimber> MooreNim::closed_form_value(const Position& heaps) const {
  if (k_ == 1) return nim_sum_of(heaps);
  if (is_p_position(heaps)) return 0;
  return std::nullopt;
}

std::optional<OptionList> MooreNim::options_with_value(const Position& heaps, Nimber target,
                                                       std::size_t max_moves) const {
  if (target == 0) return winning_moves(heaps, max_moves);
  if (k_ != 1) return std::nullopt;
  const Nimber total = nim_sum_of(heaps);
  OptionList list;
  // for_each_option reduces the last heap first.
  for (std::size_t i = heaps.size(); i-- > 0;) {
    const Nimber left = target ^ total ^ heaps[i];
    if (left >= heaps[i]) continue;
    Position after = heaps;
    after[i] = left;
    if (!list.add(std::move(after), max_moves)) break;
  }
  return list;
}

}  // namespace grundy
