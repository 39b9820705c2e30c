// The outcome class of a position (docs/theory.md, conventions).
#pragma once

namespace grundy {

// P: the player to move loses with perfect play; N: the player to move wins;
// D: a draw (only in loopy games, where play can go on for ever).
enum class Outcome { P, N, D };

constexpr char outcome_letter(Outcome o) {
  switch (o) {
    case Outcome::P: return 'P';
    case Outcome::N: return 'N';
    case Outcome::D: return 'D';
  }
  return '?';
}

}  // namespace grundy
