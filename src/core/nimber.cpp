#include "grundy/core/nimber.h"

#include <algorithm>

namespace grundy {

Nimber mex_naive(const std::vector<Nimber>& values) {
  Nimber m = 0;
  while (std::find(values.begin(), values.end(), m) != values.end()) ++m;
  return m;
}

}  // namespace grundy
