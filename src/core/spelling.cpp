#include "grundy/core/spelling.h"

#include <algorithm>
#include <cctype>

namespace grundy {

namespace {

char folded(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool starts_with(std::string_view word, std::string_view prefix) {
  if (prefix.size() > word.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (folded(word[i]) != folded(prefix[i])) return false;
  return true;
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic programme: d[i][j] is the distance between the
  // first i letters of a and the first j of b.
  const std::size_t n = b.size();
  std::vector<std::size_t> before(n + 1), previous(n + 1), current(n + 1);
  for (std::size_t j = 0; j <= n; ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= n; ++j) {
      const bool same = folded(a[i - 1]) == folded(b[j - 1]);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (same ? 0 : 1)});
      if (i > 1 && j > 1 && folded(a[i - 1]) == folded(b[j - 2]) &&
          folded(a[i - 2]) == folded(b[j - 1]))
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[n];
}

std::string closest_word(std::string_view typed, const std::vector<std::string>& candidates) {
  const std::size_t allowed = typed.size() <= 4 ? 1 : typed.size() <= 8 ? 2 : 3;
  // A word cut short (--mis for --misere) is the clearest sign, when only
  // one candidate begins so: it wins over a word a few edits away (--max).
  std::size_t letters = 0;
  for (char c : typed) letters += std::isalpha(static_cast<unsigned char>(c)) ? 1 : 0;
  if (letters >= 3) {
    std::string prefixed;
    std::size_t count = 0;
    for (const std::string& c : candidates)
      if (starts_with(c, typed) && ++count == 1) prefixed = c;
    if (count == 1) return prefixed;
  }
  std::string best;
  std::size_t best_distance = allowed + 1;
  for (const std::string& c : candidates) {
    const std::size_t d = edit_distance(typed, c);
    if (d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

}  // namespace grundy
