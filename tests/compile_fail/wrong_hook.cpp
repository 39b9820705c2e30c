// A game with one hook declared with a signature the solver would not call
// (chosen by GRUNDY_WRONG_HOOK); compiling it must stop at the static_assert
// of user_game_rules.h that names the hook (tests/CMakeLists.txt, the
// compile_fail.* tests, check the message). With GRUNDY_WRONG_HOOK = 0 every
// hook is right and it compiles: the control that the file itself is sound.
#include <cstddef>
#include <vector>

#include "grundy/solve/user_game.h"

struct Heaps {
  using position = std::vector<int>;
  static std::size_t hash(const position& p) { return p.size(); }
  std::vector<position> moves(const position& p) const {
    std::vector<position> options;
    for (std::size_t i = 0; i < p.size(); ++i)
      for (int left = 0; left < p[i]; ++left) {
        position after = p;
        after[i] = left;
        options.push_back(after);
      }
    return options;
  }
#if GRUNDY_WRONG_HOOK == 1
  // Not const: the solver holds the rules as const.
  std::vector<position> components(const position& p) {
#else
  std::vector<position> components(const position& p) const {
#endif
    std::vector<position> parts;
    for (int h : p) parts.push_back({h});
    return parts;
  }
#if GRUNDY_WRONG_HOOK == 2
  // A non-const reference parameter: a const position cannot bind to it.
  position canonical(position& p) const { return p; }
#else
  position canonical(const position& p) const { return p; }
#endif
#if GRUNDY_WRONG_HOOK == 3
  // bool instead of grundy::Primitive.
  bool primitive(const position&) const { return false; }
#else
  grundy::Primitive primitive(const position&) const { return grundy::Primitive::undecided; }
#endif
};

int main() {
  grundy::GameSolver<Heaps> solver(Heaps{});
  return solver.outcome({1, 2, 3}) == grundy::Outcome::N ? 0 : 1;
}
