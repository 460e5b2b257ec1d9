// Why the network's evaluation is what it is: what each piece adds to it. A piece's value is the
// evaluation with it on the board minus the evaluation without it (every other piece where it
// is), as Stockfish's `eval` trace shows per piece. The board app draws it as a heat map on the
// position a PV ends in, so a score can be read off the pieces that make it.
#pragma once

#include <array>

#include "nnue.h"
#include "position.h"

namespace mainline {

struct PieceValue {
    Square square = SQ_NONE;
    Piece piece = NO_PIECE;
    int value = 0;  // centipawns, White's point of view
};

struct PieceTrace {
    int eval = 0;  // the network's evaluation, centipawns, White's point of view
    int count = 0;  // pieces[0, count): every piece but the kings, a1 first
    std::array<PieceValue, 32> pieces{};
};

// Exactly the evaluation the search uses at its leaves (nnue::output, scaled by the fifty-move
// counter), with and without each piece; no allocation.
PieceTrace trace_evaluation(const nnue::Network& net, const Position& pos);

}  // namespace mainline
