// A list cut at a caller's limit, and whether it was cut: the one shape of
// every "at most max of them" answer (winning moves, options to a value,
// drawing options), so that a truncated answer is never mistaken for the
// whole one.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "grundy/core/types.h"

namespace grundy {

template <class Item>
struct BoundedList {
  std::vector<Item> items;
  // False when items were left out because the list reached its limit.
  bool complete = true;

  // Appends `item` if fewer than `max` items are held; otherwise marks the
  // list incomplete and returns false, so a producer can stop at once.
  bool add(Item item, std::size_t max) {
    if (items.size() >= max) {
      complete = false;
      return false;
    }
    items.push_back(std::move(item));
    return true;
  }

  // How many more items fit under `max`.
  std::size_t room(std::size_t max) const { return max > items.size() ? max - items.size() : 0; }

  std::size_t size() const { return items.size(); }
  bool empty() const { return items.empty(); }
  auto begin() const { return items.begin(); }
  auto end() const { return items.end(); }
  const Item& operator[](std::size_t i) const { return items[i]; }
};

// Options (positions after one move), at most a caller's number of them.
using OptionList = BoundedList<Position>;

}  // namespace grundy
