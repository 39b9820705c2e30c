// The one win/loss/draw search with early cut-off: whether the player to
// move wins, loses or draws, decided by depth-first search that stops at a
// position's first losing option. GameSolver's outcome queries (user_game.h)
// are a policy over it.
//
// Description: expanding a position (Policy::expand) looks at its options
//   once, lazily, in the order the rules give them: an option already known
//   lost (stored, or fixed by the rules) decides the position won and stops
//   the listing; options known won are dropped, known draws noted, and only
//   the options not known yet are kept, in the order the policy leaves them
//   (GameSolver puts the options with the fewest moves last), and searched
//   from the last. The top frame then searches its kept options one by
//   one: the first that turns out lost decides it won; once none is left it
//   is lost if every option was won, drawn if some option was a draw (a tie
//   the rules fix) and none was lost. An option on the current search path
//   is not known yet: it makes the position "unresolved" unless another
//   option decides it, and an unresolved result is not stored (the policy
//   marks it for this search only, so it is not searched again). Won, lost
//   and drawn results rest on finite derivations from the definition, so
//   they are exact in games with cycles too; an unresolved root is left to
//   the caller's retrograde analysis of the loopy game (retrograde_label.h),
//   which a game without cycles never needs.
// Source: the recursive definition of P- and N-positions (docs/theory.md
//   §1; with draws and cycles §6, C. A. B. Smith, J. Combin. Theory 1
//   (1966)); depth-first search with an explicit stack and cut-off at the
//   first winning reply, as in the "solve" of AND/OR trees (D. E. Knuth and
//   R. W. Moore, "An analysis of alpha-beta pruning", Artificial
//   Intelligence 6 (1975)); memoisation as a transposition table.
// Time: at most one expand per position reached, one probe per option
//   looked at in expand plus one per kept option searched; a won position
//   costs only the options up to its first lost one.
// Memory: the caller's table, plus the kept (unknown) options of the
//   positions on one root-to-leaf path.
// Status: through GameSolver against the full value search and brute-force
//   twins, with and without primitive positions, draws and cycles
//   (tests/stress/user_game_test.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace grundy::detail {

// What a search knows of a position, for the player to move.
enum class Verdict : std::uint8_t {
  unknown,     // not searched
  won,         // N
  lost,        // P
  drawn,       // D
  on_path,     // being searched: on the current path
  unresolved,  // searched in this search, but its result waits on a cycle
};

// A policy P over keys K provides:
//   Verdict probe(const K& key)      the stored verdict of key (unknown if none)
//   Verdict expand(const K& key, std::vector<K>& unknown, Verdict& pending)
//                                    puts key on the path, looks at its
//                                    options (see above) and returns won /
//                                    lost / drawn if they decide it, else
//                                    unknown with the options to search in
//                                    `unknown` and in `pending` drawn or
//                                    unresolved if some option looked at was
//                                    so (else lost)
//   void finish(const K& key, Verdict verdict)
//                                    stores won / lost / drawn, or marks
//                                    unresolved; key leaves the path
//   void abandon(const K& key)       key leaves the path unsearched (on an
//                                    exception)
// `held` counts the options kept on the stack. Returns the root's verdict.
template <class Key, class Policy>
Verdict outcome_search(const Key& root, Policy& policy, std::size_t& held) {
  if (const Verdict known = policy.probe(root); known != Verdict::unknown) return known;
  struct Frame {
    Key key;
    std::vector<Key> unknown;
    Verdict pending = Verdict::lost;  // lost, drawn or unresolved so far
  };
  std::vector<Frame> stack;
  Verdict result = Verdict::unknown;
  // Pushes `key`, or finishes it at once when its expansion decides it.
  const auto push = [&](const Key& key) {
    stack.push_back(Frame{key, {}, Verdict::lost});
    Frame& frame = stack.back();
    Verdict decided;
    try {
      decided = policy.expand(frame.key, frame.unknown, frame.pending);
    } catch (...) {
      stack.pop_back();
      throw;
    }
    if (decided != Verdict::unknown) {
      policy.finish(frame.key, decided);
      stack.pop_back();
      return;
    }
    held += frame.unknown.size();
  };
  const auto pop = [&](Verdict verdict) {
    Frame& frame = stack.back();
    policy.finish(frame.key, verdict);
    held -= frame.unknown.size();
    if (stack.size() == 1) result = verdict;
    stack.pop_back();
  };
  try {
    push(root);
    while (!stack.empty()) {
      Frame& top = stack.back();
      if (top.unknown.empty()) {
        pop(top.pending);
        continue;
      }
      const Verdict option = policy.probe(top.unknown.back());
      if (option == Verdict::unknown) {
        const Key child = top.unknown.back();  // push may move the frame
        push(child);
        continue;
      }
      if (option == Verdict::lost) {
        pop(Verdict::won);
        continue;
      }
      if (option == Verdict::on_path || option == Verdict::unresolved)
        top.pending = Verdict::unresolved;
      else if (option == Verdict::drawn && top.pending == Verdict::lost)
        top.pending = Verdict::drawn;
      top.unknown.pop_back();
      --held;
    }
  } catch (...) {
    for (const Frame& frame : stack) {
      held -= frame.unknown.size();
      policy.abandon(frame.key);
    }
    throw;
  }
  return result == Verdict::unknown ? policy.probe(root) : result;
}

}  // namespace grundy::detail
