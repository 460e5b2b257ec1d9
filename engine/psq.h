// Material and piece-square values by piece and square, as one table built from the evaluation
// weights at compile time. The position keeps their sum up to date as pieces move, so the
// evaluation does not walk every piece for them.
#pragma once

#include "eval_weights.h"
#include "types.h"

namespace mainline::psq {

// Middlegame and endgame parts, from white's side (black pieces count negative).
struct Pair {
    int mg = 0, eg = 0;
};

struct Table {
    Pair at[PIECE_NB][SQUARE_NB] = {};

    constexpr Table() {
        const auto& w = eval_params::WEIGHTS;
        for (int pt = PAWN; pt <= KING; ++pt)
            for (int s = 0; s < 64; ++s) {
                // The tables are board diagrams from white's side, rank 8 first; black reads
                // them mirrored vertically.
                const int white_index = (7 - rank_of(Square(s))) * 8 + file_of(Square(s));
                const int black_index = rank_of(Square(s)) * 8 + file_of(Square(s));
                const Piece white = make_piece(WHITE, PieceType(pt)), black = make_piece(BLACK, PieceType(pt));
                at[white][s] = {w.piece_value[pt].mg + w.pst[pt][white_index].mg,
                                w.piece_value[pt].eg + w.pst[pt][white_index].eg};
                at[black][s] = {-(w.piece_value[pt].mg + w.pst[pt][black_index].mg),
                                -(w.piece_value[pt].eg + w.pst[pt][black_index].eg)};
            }
    }
};

inline constexpr Table TABLE{};

inline Pair value(Piece p, Square s) { return TABLE.at[p][s]; }

}  // namespace mainline::psq
