#include "see.h"

#include <algorithm>

namespace mainline {

int see(const Position& pos, Move m) {
    if (m.kind() == Move::CASTLING) return 0;
    const Square from = m.from(), to = m.to();
    int gain[40];
    int d = 0;
    Bitboard occ = pos.pieces() ^ square_bb(from);
    if (m.kind() == Move::EN_PASSANT) {
        occ ^= square_bb(pawn_push(~pos.side_to_move(), to));
        gain[0] = SEE_VALUE[PAWN];
    } else {
        gain[0] = SEE_VALUE[type_of(pos.piece_on(to))];
    }
    int on_square = SEE_VALUE[type_of(pos.piece_on(from))];
    if (m.kind() == Move::PROMOTION) {
        gain[0] += SEE_VALUE[m.promotion()] - SEE_VALUE[PAWN];
        on_square = SEE_VALUE[m.promotion()];
    }
    Bitboard attackers = pos.attackers_to(to, occ) & occ;
    const Bitboard diagonal = pos.pieces(BISHOP, QUEEN), straight = pos.pieces(ROOK, QUEEN);
    Color side = ~pos.side_to_move();
    while (d < 38) {
        const Bitboard ours = attackers & pos.pieces(side);
        if (!ours) break;
        PieceType pt = PAWN;
        while (!(ours & pos.pieces(pt))) pt = PieceType(pt + 1);
        // A king may only take last: if the other side still attacks the square, it cannot.
        if (pt == KING && (attackers & pos.pieces(~side))) break;
        ++d;
        gain[d] = on_square - gain[d - 1];
        on_square = SEE_VALUE[pt];
        occ ^= square_bb(lsb(ours & pos.pieces(pt)));
        // Removing the capturer may uncover a slider behind it.
        attackers |= (bishop_attacks(to, occ) & diagonal) | (rook_attacks(to, occ) & straight);
        attackers &= occ;
        side = ~side;
    }
    while (d > 0) {
        gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
        --d;
    }
    return gain[0];
}

}  // namespace mainline
