// mex by definition, the twin of MexSet (grundy/core/nimber.h): the least
// n >= 0 not in `values`, by trying 0, 1, 2, ... in turn.
#pragma once

#include <algorithm>
#include <vector>

#include "grundy/core/types.h"

namespace grundy {

inline Nimber mex_naive(const std::vector<Nimber>& values) {
  Nimber m = 0;
  while (std::find(values.begin(), values.end(), m) != values.end()) ++m;
  return m;
}

}  // namespace grundy
