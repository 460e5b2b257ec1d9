// Static exchange evaluation: the material balance of the capture sequence on one square when
// both sides always recapture with their least valuable piece and may stop at any time.
#pragma once

#include "position.h"

namespace mainline {

constexpr int SEE_VALUE[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 20000};

int see(const Position& pos, Move m);

}  // namespace mainline
