// Games with a hook or a form of moves declared in a way the solver would
// not call (with GRUNDY_WRONG_HOOKS = 1): compiling them must stop at the
// static_asserts of user_game_rules.h, one message per game saying what is
// wrong with it; tests/compile_fail/expect_messages.cmake checks that every
// message below appears (the compiler goes on after a failed static_assert,
// so one compile reports them all). With GRUNDY_WRONG_HOOKS = 0 every game
// is right and the program builds and runs: the control that the file
// itself is sound.
#include <cstddef>
#include <string>
#include <vector>

#include "grundy/solve/user_game.h"

#if GRUNDY_WRONG_HOOKS
#define RIGHT_OR_WRONG(right, wrong) wrong
#else
#define RIGHT_OR_WRONG(right, wrong) right
#endif

// Nim heaps as one vector position, with every optional hook.
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
};

// "G::components is declared but cannot be called": not const.
struct WrongComponents : Heaps {
  std::vector<position> components(const position& p) RIGHT_OR_WRONG(const, ) {
    std::vector<position> parts;
    for (int h : p) parts.push_back({h});
    return parts;
  }
};

// "G::canonical is declared but cannot be called": a non-const reference.
struct WrongCanonical : Heaps {
  position canonical(RIGHT_OR_WRONG(const position&, position&) p) const { return p; }
};

// "G::primitive is declared but cannot be called": bool, not grundy::Primitive.
struct WrongPrimitive : Heaps {
  RIGHT_OR_WRONG(grundy::Primitive, bool) primitive(const position&) const { return {}; }
};

// "taken for the vector form": a vector of int, where positions are long.
struct WrongVectorType {
  using position = long;
  std::vector<RIGHT_OR_WRONG(long, int)> moves(long n) const {
    std::vector<RIGHT_OR_WRONG(long, int)> options;
    for (long k = 0; k < n; ++k) options.push_back(static_cast<int>(k));
    return options;
  }
};

// "is not a const member function": a visitor form without const.
struct WrongVisitorConst {
  using position = int;
  template <class Visit>
  void moves(int n, Visit&& visit) RIGHT_OR_WRONG(const, ) {
    for (int k = 0; k < n; ++k)
      if (!visit(k)) return;
  }
};

// "takes the position by non-const reference".
struct WrongVisitorReference {
  using position = int;
  template <class Visit>
  void moves(RIGHT_OR_WRONG(const int&, int&) n, Visit&& visit) const {
    for (int k = 0; k < n; ++k)
      if (!visit(k)) return;
  }
};

// "moves as moves need `position play": legal_moves without play.
struct WrongMoveType {
  using position = int;
  using move = int;
  std::vector<int> legal_moves(int n) const {
    std::vector<int> takes;
    for (int t = 1; t <= n; ++t) takes.push_back(t);
    return takes;
  }
#if !GRUNDY_WRONG_HOOKS
  int play(int n, int take) const { return n - take; }
#endif
};

// "G has no moves": a misspelt name.
struct WrongNoMoves {
  using position = int;
  std::vector<int> RIGHT_OR_WRONG(moves, move_list)(int n) const {
    return n > 0 ? std::vector<int>{n - 1} : std::vector<int>{};
  }
};

// "each argument of visit() must be a position": a move's text passed.
struct WrongVisitArgument {
  using position = int;
  template <class Visit>
  void moves(int n, Visit&& visit) const {
    for (int k = 0; k < n; ++k)
      if (!visit(RIGHT_OR_WRONG(k, std::string("take")))) return;
  }
};

template <class G>
bool solves(const typename G::position& p) {
  grundy::GameSolver<G> solver(G{});
  return solver.outcome(p) == grundy::Outcome::N;
}

int main() {
  bool ok = solves<WrongComponents>({1, 2}) && solves<WrongCanonical>({1, 2}) &&
            solves<WrongPrimitive>({1, 2}) && solves<WrongVectorType>(3) &&
            solves<WrongVisitorConst>(3) && solves<WrongVisitorReference>(3) &&
            solves<WrongMoveType>(3) && solves<WrongNoMoves>(1) && solves<WrongVisitArgument>(2);
  return ok ? 0 : 1;
}
