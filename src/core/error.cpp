#include "grundy/core/error.h"

#include <cstdio>
#include <cstdlib>

namespace grundy::detail {

void assertion_failed(const char* condition, const char* file, int line) {
  std::fprintf(stderr, "grundy: internal error: assertion '%s' failed at %s:%d\n", condition,
               file, line);
  std::abort();
}

}  // namespace grundy::detail
