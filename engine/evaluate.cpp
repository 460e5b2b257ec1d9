#include "evaluate.h"

#include "eval_params.h"

namespace mainline {

namespace {

// The game phase from the material left: 24 with all pieces on, 0 in a pawn ending.
constexpr int PHASE_WEIGHT[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0};
constexpr int MAX_PHASE = 24;

template <Color Us>
void add_material_and_squares(const Position& pos, int& mg, int& eg, int& phase) {
    for (int pt = PAWN; pt <= KING; ++pt) {
        for (Bitboard b = pos.pieces(Us, PieceType(pt)); b;) {
            // Tables are written from white's side; black reads them mirrored vertically.
            const Square s = relative_square(Us, pop_lsb(b));
            const int table_index = (7 - rank_of(s)) * 8 + file_of(s);
            mg += eval_params::PIECE_VALUE_MG[pt] + eval_params::PST_MG[pt][table_index];
            eg += eval_params::PIECE_VALUE_EG[pt] + eval_params::PST_EG[pt][table_index];
            phase += PHASE_WEIGHT[pt];
        }
    }
}

}  // namespace

int evaluate(const Position& pos) {
    int mg[COLOR_NB] = {}, eg[COLOR_NB] = {}, phase = 0;
    add_material_and_squares<WHITE>(pos, mg[WHITE], eg[WHITE], phase);
    add_material_and_squares<BLACK>(pos, mg[BLACK], eg[BLACK], phase);
    if (popcount(pos.pieces(WHITE, BISHOP)) >= 2) mg[WHITE] += eval_params::BISHOP_PAIR_MG, eg[WHITE] += eval_params::BISHOP_PAIR_EG;
    if (popcount(pos.pieces(BLACK, BISHOP)) >= 2) mg[BLACK] += eval_params::BISHOP_PAIR_MG, eg[BLACK] += eval_params::BISHOP_PAIR_EG;
    if (phase > MAX_PHASE) phase = MAX_PHASE;
    const int mg_score = mg[WHITE] - mg[BLACK];
    const int eg_score = eg[WHITE] - eg[BLACK];
    const int score = (mg_score * phase + eg_score * (MAX_PHASE - phase)) / MAX_PHASE;
    const int stm = pos.side_to_move() == WHITE ? score : -score;
    return stm + eval_params::TEMPO;
}

}  // namespace mainline
