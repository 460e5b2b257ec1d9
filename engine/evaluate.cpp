#include "evaluate.h"

#include <algorithm>
#include <cstdlib>

#include "eval_params.h"

namespace mainline {

namespace {

using namespace eval_params;

// The game phase from the material left: 24 with all pieces on, 0 in a pawn ending.
constexpr int PHASE_WEIGHT[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0};
constexpr int MAX_PHASE = 24;

constexpr Bitboard adjacent_files(int file) {
    return (file > 0 ? file_bb(file - 1) : 0) | (file < 7 ? file_bb(file + 1) : 0);
}

// Pawn masks, built once: the squares in front of a square on its own file, and on its own and
// the adjacent files (where enemy pawns stop a passed pawn).
struct PawnMasks {
    Bitboard forward_file[COLOR_NB][SQUARE_NB];
    Bitboard passed_span[COLOR_NB][SQUARE_NB];

    constexpr PawnMasks() : forward_file(), passed_span() {
        for (int s = 0; s < 64; ++s) {
            Bitboard ahead_w = 0, ahead_b = 0;
            for (int r = s / 8 + 1; r < 8; ++r) ahead_w |= rank_bb(r);
            for (int r = s / 8 - 1; r >= 0; --r) ahead_b |= rank_bb(r);
            const Bitboard file = file_bb(s % 8), files = file | adjacent_files(s % 8);
            forward_file[WHITE][s] = file & ahead_w;
            forward_file[BLACK][s] = file & ahead_b;
            passed_span[WHITE][s] = files & ahead_w;
            passed_span[BLACK][s] = files & ahead_b;
        }
    }
};
constexpr PawnMasks pawn_masks;

inline Bitboard forward_file(Color c, Square s) { return pawn_masks.forward_file[c][s]; }
inline Bitboard passed_span(Color c, Square s) { return pawn_masks.passed_span[c][s]; }

int distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

struct Score {
    int mg = 0, eg = 0;
    void add(S s, int n = 1) {
        mg += s.mg * n;
        eg += s.eg * n;
    }
};

template <Color Us>
void evaluate_side(const Position& pos, Score& score, int& phase, const Bitboard pawn_attacks_by[COLOR_NB]) {
    constexpr Color Them = ~Us;
    const Bitboard occ = pos.pieces();
    const Bitboard our_pawns = pos.pieces(Us, PAWN), their_pawns = pos.pieces(Them, PAWN);
    const Square our_king = pos.king_square(Us), their_king = pos.king_square(Them);

    // Material and piece-square tables.
    for (int pt = PAWN; pt <= KING; ++pt) {
        for (Bitboard b = pos.pieces(Us, PieceType(pt)); b;) {
            // Tables are written from white's side; black reads them mirrored vertically.
            const Square s = relative_square(Us, pop_lsb(b));
            const int table_index = (7 - rank_of(s)) * 8 + file_of(s);
            score.mg += PIECE_VALUE_MG[pt] + PST_MG[pt][table_index];
            score.eg += PIECE_VALUE_EG[pt] + PST_EG[pt][table_index];
            phase += PHASE_WEIGHT[pt];
        }
    }
    if (more_than_one(pos.pieces(Us, BISHOP))) score.add({BISHOP_PAIR_MG, BISHOP_PAIR_EG});

    // Pawn structure.
    for (Bitboard b = our_pawns; b;) {
        const Square s = pop_lsb(b);
        const int file = file_of(s);
        const bool isolated = !(our_pawns & adjacent_files(file));
        if (isolated) score.add(ISOLATED_PAWN);
        if (our_pawns & forward_file(Us, s)) score.add(DOUBLED_PAWN);
        // Backward: no own pawn beside or behind on the adjacent files, and the square in front
        // is controlled by an enemy pawn.
        const Bitboard support = adjacent_files(file) & ~passed_span(Us, s) & ~rank_bb(rank_of(s)) ;
        const Bitboard beside = adjacent_files(file) & rank_bb(rank_of(s));
        if (!isolated && !(our_pawns & (support | beside)) &&
            (pawn_attacks_by[Them] & square_bb(pawn_push(Us, s))))
            score.add(BACKWARD_PAWN);
        if (!(their_pawns & passed_span(Us, s)) && !(our_pawns & forward_file(Us, s))) {
            const int r = relative_rank(Us, s);
            score.add(PASSED_PAWN[r]);
            if (!(occ & forward_file(Us, s))) score.add(PASSED_FREE_PATH[r]);
            const Square stop = pawn_push(Us, s);
            score.eg += (distance(their_king, stop) - distance(our_king, stop)) * PASSED_KING_DISTANCE_EG * r / 2;
        }
    }

    // Mobility, king attacks, threats and rooks on files.
    const Bitboard mobility_area = ~(pos.pieces(Us, PAWN, KING) | pawn_attacks_by[Them]);
    const Bitboard king_zone = king_attacks(their_king) | square_bb(their_king);
    int attack_weight = 0, attackers = 0;
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
        for (Bitboard b = pos.pieces(Us, pt); b;) {
            const Square s = pop_lsb(b);
            const Bitboard attacks = attacks_bb(pt, s, occ);
            score.add(MOBILITY_PER_SQUARE[pt], popcount(attacks & mobility_area) - MOBILITY_TYPICAL[pt]);
            if (attacks & king_zone) {
                ++attackers;
                attack_weight += KING_ATTACK_WEIGHT[pt] * popcount(attacks & king_zone);
            }
            if (pawn_attacks_by[Them] & square_bb(s)) score.add(THREAT_BY_PAWN);
            if (pt == ROOK) {
                const Bitboard file = file_bb(file_of(s));
                if (!((our_pawns | their_pawns) & file)) score.add(ROOK_OPEN_FILE);
                else if (!(our_pawns & file)) score.add(ROOK_SEMI_OPEN_FILE);
            }
            // Our knights and bishops attacking their rooks and queens.
            if ((pt == KNIGHT || pt == BISHOP) && (attacks & pos.pieces(Them, ROOK, QUEEN)))
                score.add({-THREAT_BY_MINOR.mg, -THREAT_BY_MINOR.eg});
        }
    }
    // One attacker alone is rarely dangerous; the queen's presence matters most.
    if (attackers >= 2 && pos.pieces(Us, QUEEN)) score.mg += KING_DANGER[std::min(attack_weight / 2, 15)];

    // Pawn shield in front of our own king (middlegame).
    const Bitboard shield_files = file_bb(file_of(our_king)) | adjacent_files(file_of(our_king));
    const int kr = rank_of(our_king);
    Bitboard shield_ranks = 0;
    if (Us == WHITE) shield_ranks = (kr + 1 < 8 ? rank_bb(kr + 1) : 0) | (kr + 2 < 8 ? rank_bb(kr + 2) : 0);
    else shield_ranks = (kr - 1 >= 0 ? rank_bb(kr - 1) : 0) | (kr - 2 >= 0 ? rank_bb(kr - 2) : 0);
    score.add(PAWN_SHIELD, popcount(our_pawns & shield_files & shield_ranks));
}

// How much of the endgame score stands, out of SCALE_NORMAL.
int endgame_scale(const Position& pos, int eg) {
    const Color strong = eg >= 0 ? WHITE : BLACK;
    const Color weak = ~strong;
    auto non_pawn = [&](Color c) {
        return popcount(pos.pieces(c, KNIGHT)) * PIECE_VALUE_EG[KNIGHT] +
               popcount(pos.pieces(c, BISHOP)) * PIECE_VALUE_EG[BISHOP] +
               popcount(pos.pieces(c, ROOK)) * PIECE_VALUE_EG[ROOK] + popcount(pos.pieces(c, QUEEN)) * PIECE_VALUE_EG[QUEEN];
    };
    if (!pos.pieces(strong, PAWN) && non_pawn(strong) - non_pawn(weak) < PIECE_VALUE_EG[ROOK])
        return SCALE_NO_PAWNS_SMALL_LEAD;
    const Bitboard bishops = pos.pieces(BISHOP);
    constexpr Bitboard DARK = 0xAA55AA55AA55AA55ULL;
    if (popcount(pos.pieces(WHITE, BISHOP)) == 1 && popcount(pos.pieces(BLACK, BISHOP)) == 1 &&
        !pos.pieces(KNIGHT) && !pos.pieces(ROOK) && !pos.pieces(QUEEN) && (bishops & DARK) && (bishops & ~DARK))
        return SCALE_OPPOSITE_BISHOPS;
    return SCALE_NORMAL;
}

}  // namespace

int evaluate(const Position& pos) {
    const Bitboard pawn_attacks_by[COLOR_NB] = {pawn_attacks_bb<WHITE>(pos.pieces(WHITE, PAWN)),
                                                pawn_attacks_bb<BLACK>(pos.pieces(BLACK, PAWN))};
    Score side[COLOR_NB];
    int phase = 0;
    evaluate_side<WHITE>(pos, side[WHITE], phase, pawn_attacks_by);
    evaluate_side<BLACK>(pos, side[BLACK], phase, pawn_attacks_by);
    phase = std::min(phase, MAX_PHASE);
    const int mg = side[WHITE].mg - side[BLACK].mg;
    int eg = side[WHITE].eg - side[BLACK].eg;
    eg = eg * endgame_scale(pos, eg) / SCALE_NORMAL;
    const int score = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    return (pos.side_to_move() == WHITE ? score : -score) + TEMPO;
}

}  // namespace mainline
