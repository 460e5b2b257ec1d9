// How a game (or a line in the search) ends by the rules. The search and the PV checker both
// call these, so a line's ending is judged the same way where it is produced and where it is
// verified.
#pragma once

#include "position.h"
#include "pv.h"

namespace mainline {

// A draw by rule at `ply` plies from the search root: fifty moves (unless the side to move is
// mated), insufficient material, or repetition. A repetition counts when the earlier occurrence
// lies after the root, or when the position has now occurred three times in all (the game before
// the root included). Returns false, or true with the kind in `why`.
bool draw_by_rule(const Position& pos, int ply, PvEnd& why);

bool has_legal_move(const Position& pos);
// The same when the position is known to have no legal capture or promotion (quiescence's
// stalemate test): a king step is tried first, as it nearly always exists, before any generation.
bool has_legal_quiet_move(const Position& pos);

}  // namespace mainline
