#include "perft.h"

#include "movegen.h"

namespace mainline {

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 1) return depth == 1 ? std::uint64_t(count_legal_moves(pos)) : 1;
    Move moves[MAX_MOVES];
    Move* const end = generate<GenType::ALL>(pos, moves);
    std::uint64_t nodes = 0;
    for (Move* m = moves; m != end; ++m) {
        pos.do_move(*m);
        nodes += perft(pos, depth - 1);
        pos.undo_move(*m);
    }
    return nodes;
}

std::vector<PerftEntry> perft_divide(Position& pos, int depth) {
    std::vector<PerftEntry> result;
    if (depth < 1) return result;
    for (Move m : legal_moves(pos)) {
        pos.do_move(m);
        result.push_back({m, perft(pos, depth - 1)});
        pos.undo_move(m);
    }
    return result;
}

}  // namespace mainline
