// Play conventions.
#pragma once

namespace grundy {

// normal: the player who cannot move loses. misere: the player who cannot
// move wins (docs/theory.md, conventions and §4).
enum class Convention { normal, misere };

}  // namespace grundy
