// What a search may spend: depth, nodes, time (a fixed move time or the clocks), or a mate to
// find; and which root moves it may consider. Parsed from UCI `go` (uci.h) or the web API.
#pragma once

#include <cstdint>
#include <vector>

#include "types.h"

namespace mainline {

struct SearchLimits {
    int depth = 0;  // 0: no limit
    std::uint64_t nodes = 0;
    int movetime_ms = 0;
    int time_ms[COLOR_NB] = {-1, -1};  // -1: no clock
    int inc_ms[COLOR_NB] = {0, 0};
    int movestogo = 0;
    int mate = 0;  // search for a mate in this many moves
    bool infinite = false;
    bool ponder = false;
    std::vector<Move> searchmoves;
};

}  // namespace mainline
