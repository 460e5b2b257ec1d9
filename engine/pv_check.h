// The PV checker: does a reported line explain its score? Every move must be legal from the
// root, the line must reach the nominal depth unless the game ends on it, no position before
// its end may be a draw by rule, and the position at its end must produce the score: its static
// evaluation (negated once per ply back to the root), or the mate/draw score of its ending.
#pragma once

#include <string>

#include "pv.h"
#include "position.h"

namespace mainline {

struct PvCheck {
    bool legal = true;
    bool full = true;
    bool consistent = true;
    int end_score = 0;        // the score the line's last position produces, from the root's side
    PvEnd actual_end = PvEnd::LEAF;
    std::string problem;      // empty when all three hold

    bool ok() const { return legal && full && consistent; }
};

namespace nnue {
class Network;
}

// `network`: the one the search evaluated with (none: the hand-crafted evaluation).
PvCheck check_pv(const Position& root, const PvLine& line, int score, int depth,
                 const nnue::Network* network);

}  // namespace mainline
