// Upcoming repetitions: whether the side to move has a reversible move back to a position of the
// current line, found from the keys alone (the cuckoo-hash method of Marcel van Kervinck's "The
// design and implementation of the chess engine Rookie"), without generating moves.
#pragma once

#include "position.h"

namespace mainline {

// Whether the side to move has a legal move that repeats a position occurring after the search
// root, `ply` plies above: such a move draws by the search's repetition rule, so the position is
// worth at least a draw to the side to move. Positions before the root are not considered (a
// repetition of those needs a third occurrence).
bool has_upcoming_repetition(const Position& pos, int ply);

}  // namespace mainline
