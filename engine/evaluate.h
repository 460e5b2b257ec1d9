// Static evaluation: the score of a position, in centipawns, from the side to move's point of
// view. The search calls exactly this at its leaves, so a PV's last position evaluates to the
// PV's score (see pv_check.h).
#pragma once

#include "position.h"

namespace mainline {

int evaluate(const Position& pos);

}  // namespace mainline
