// The principal variation as a value type, and the reason a line ends.
#pragma once

#include <string_view>

#include "types.h"

namespace mainline {

// Why a reported line stops where it does. `leaf` means the last position was evaluated
// statically (quiescence found nothing better than standing pat).
enum class PvEnd : std::uint8_t { LEAF, MATE, STALEMATE, REPETITION, FIFTY, MATERIAL, HASHCUT };

std::string_view to_string(PvEnd end);

// A line of moves from some node to the position that produced its score. update() is the
// whole of PV collection: a node's line is its best move followed by that child's line.
struct PvLine {
    Move moves[MAX_PLY];
    int length = 0;
    PvEnd end = PvEnd::LEAF;

    void clear(PvEnd why) {
        length = 0;
        end = why;
    }
    void update(Move m, const PvLine& child) {
        moves[0] = m;
        const int n = child.length < MAX_PLY - 1 ? child.length : MAX_PLY - 1;
        for (int i = 0; i < n; ++i) moves[i + 1] = child.moves[i];
        length = n + 1;
        end = child.end;
    }
    Move first() const { return length ? moves[0] : Move::none(); }
};

}  // namespace mainline
