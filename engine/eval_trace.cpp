#include "eval_trace.h"

#include "bitboard.h"
#include "evaluate.h"

namespace mainline {

PieceTrace trace_evaluation(const nnue::Network& net, const Position& pos) {
    PieceTrace t;
    nnue::Accumulator full;
    nnue::refresh(net, pos, full);
    const Color stm = pos.side_to_move();
    const int sign = stm == WHITE ? 1 : -1;
    // Both evaluations shrunk by the fifty-move counter as the search's are (fifty_move_scaled).
    t.eval = sign * fifty_move_scaled(nnue::output(net, full, stm, net.bucket(pos)), pos.rule50());
    // Without a piece the position has one piece fewer, and so may fall in another output bucket,
    // exactly as a capture of it would.
    const int bucket_without = net.bucket(popcount(pos.pieces()) - 1);
    const int h = net.hidden();
    nnue::Accumulator without;
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = pop_lsb(b);
        const Piece p = pos.piece_on(s);
        if (type_of(p) == KING) continue;
        for (Color c : {WHITE, BLACK}) {
            const std::int16_t* w = net.weights(nnue::feature(c, p, s));
            for (int j = 0; j < h; ++j) without.values[c][j] = std::int16_t(full.values[c][j] - w[j]);
        }
        const int v = sign * fifty_move_scaled(nnue::output(net, without, stm, bucket_without), pos.rule50());
        t.pieces[std::size_t(t.count++)] = {s, p, t.eval - v};
    }
    return t;
}

}  // namespace mainline
