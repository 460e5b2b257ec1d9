#include "evaluate.h"

#include <algorithm>
#include <cstdlib>
#include <type_traits>

#include "eval_params.h"
#include "nnue.h"

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

constexpr const EvalWeights& W = WEIGHTS;

struct NoTrace {
    void add(const S*, int, Color) {}
};

// Records, for the tuner, how many times each weight was added (white's count minus black's).
struct Tracer {
    EvalTrace& trace;
    void add(const S* weight, int n, Color c) {
        trace.count[weight - reinterpret_cast<const S*>(&W)] += c == WHITE ? n : -n;
    }
};

template <class Trace>
struct Score {
    Trace& trace;
    int mg = 0, eg = 0;
    void add(const S& s, Color c, int n = 1) {
        mg += s.mg * n;
        eg += s.eg * n;
        trace.add(&s, n, c);
    }
};

// Pawn structure: the terms that depend on the pawns alone (so they can be cached by the pawns).
// Returns our passed pawns.
template <Color Us, class Trace>
Bitboard pawn_structure(Bitboard our_pawns, Bitboard their_pawns, Score<Trace>& score,
                        const Bitboard pawn_attacks_by[COLOR_NB]) {
    constexpr Color Them = ~Us;
    Bitboard passed_pawns = 0;
    for (Bitboard b = our_pawns; b;) {
        const Square s = pop_lsb(b);
        const int file = file_of(s);
        const bool isolated = !(our_pawns & adjacent_files(file));
        if (isolated) score.add(W.isolated_pawn, Us);
        if (our_pawns & forward_file(Us, s)) score.add(W.doubled_pawn, Us);
        // Backward: no own pawn beside or behind on the adjacent files, and the square in front
        // is controlled by an enemy pawn.
        const Bitboard support = adjacent_files(file) & ~passed_span(Us, s) & ~rank_bb(rank_of(s));
        const Bitboard beside = adjacent_files(file) & rank_bb(rank_of(s));
        if (!isolated && !(our_pawns & (support | beside)) &&
            (pawn_attacks_by[Them] & square_bb(pawn_push(Us, s))))
            score.add(W.backward_pawn, Us);
        const int rank = relative_rank(Us, s);
        if ((pawn_attacks_by[Us] & square_bb(s)) || (our_pawns & beside)) score.add(W.connected_pawn[rank], Us);
        const bool passed = !(their_pawns & passed_span(Us, s));
        if (!passed && !(their_pawns & forward_file(Us, s)) && !(our_pawns & forward_file(Us, s))) {
            const Bitboard sentries = their_pawns & passed_span(Us, s) & adjacent_files(file);
            const Bitboard helpers = our_pawns & adjacent_files(file) & ~passed_span(Us, s);
            if (popcount(helpers) >= popcount(sentries)) score.add(W.candidate_pawn[rank], Us);
        }
        if (passed && !(our_pawns & forward_file(Us, s))) {
            score.add(W.passed_pawn[rank], Us);
            passed_pawns |= square_bb(s);
        }
    }
    return passed_pawns;
}

template <class Trace>
void add_mobility(Score<Trace>& score, Color us, PieceType pt, int squares) {
    switch (pt) {
        case KNIGHT: score.add(W.mobility_knight[squares], us); break;
        case BISHOP: score.add(W.mobility_bishop[squares], us); break;
        case ROOK: score.add(W.mobility_rook[squares], us); break;
        default: score.add(W.mobility_queen[squares], us); break;
    }
}

// The squares each side attacks, by piece type and in all, filled by evaluate_side() for the
// terms that need both sides' attacks (threats and safe checks).
struct Attacks {
    Bitboard by[COLOR_NB][PIECE_TYPE_NB] = {};
    Bitboard all[COLOR_NB] = {};
};

template <Color Us, class Trace>
void evaluate_side(const Position& pos, Score<Trace>& score, int& phase, const Bitboard pawn_attacks_by[COLOR_NB],
                   Bitboard passed, Attacks& attacks_by) {
    constexpr Color Them = ~Us;
    const Bitboard occ = pos.pieces();
    const Bitboard our_pawns = pos.pieces(Us, PAWN), their_pawns = pos.pieces(Them, PAWN);
    const Square our_king = pos.king_square(Us), their_king = pos.king_square(Them);

    // Material and piece-square tables: the position keeps their sum (Position::psq(), added by
    // the caller); only the tuner's trace needs them piece by piece.
    if constexpr (!std::is_same_v<Trace, NoTrace>) {
        for (int pt = PAWN; pt <= KING; ++pt) {
            for (Bitboard b = pos.pieces(Us, PieceType(pt)); b;) {
                // Tables are written from white's side; black reads them mirrored vertically.
                const Square s = relative_square(Us, pop_lsb(b));
                const int table_index = (7 - rank_of(s)) * 8 + file_of(s);
                score.add(W.piece_value[pt], Us);
                score.add(W.pst[pt][table_index], Us);
            }
        }
    }
    for (int pt = KNIGHT; pt <= QUEEN; ++pt) phase += PHASE_WEIGHT[pt] * popcount(pos.pieces(Us, PieceType(pt)));
    if (more_than_one(pos.pieces(Us, BISHOP))) score.add(W.bishop_pair, Us);
    constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;

    // Passed pawns: what depends on more than the pawns (the path ahead, the kings).
    const bool pawn_ending_for_them = !(pos.pieces(Them) & ~pos.pieces(PAWN, KING));
    for (Bitboard b = passed; b;) {
        const Square s = pop_lsb(b);
        const int rank = relative_rank(Us, s);
        const bool free_path = !(occ & forward_file(Us, s));
        if (free_path) score.add(W.passed_free_path[rank], Us);
        if (free_path && pawn_ending_for_them) {
            // Plies the pawn needs (a pawn on its first rank may step two squares at once), and
            // the plies their king needs to reach the promotion square, with a move in hand if
            // it is theirs to move.
            const int pawn_moves = 7 - rank - (rank == 1);
            const Square promotion = make_square(file_of(s), Us == WHITE ? 7 : 0);
            const int king_moves = distance(their_king, promotion) - (pos.side_to_move() == Them);
            if (king_moves > pawn_moves) score.add(W.unstoppable_passer, Us);
        }
        const Square stop = pawn_push(Us, s);
        score.add(W.passed_king_distance, Us, (distance(their_king, stop) - distance(our_king, stop)) * rank);
    }

    // Mobility, king attacks, threats and rooks on files.
    const Bitboard mobility_area = ~(pos.pieces(Us, PAWN, KING) | pawn_attacks_by[Them]);
    const Bitboard king_zone = king_attacks(their_king) | square_bb(their_king);
    int attack_weight = 0, attackers = 0;
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
        for (Bitboard b = pos.pieces(Us, pt); b;) {
            const Square s = pop_lsb(b);
            const Bitboard attacks = attacks_bb(pt, s, occ);
            attacks_by.by[Us][pt] |= attacks;
            add_mobility(score, Us, pt, popcount(attacks & mobility_area));
            if (attacks & king_zone) {
                ++attackers;
                attack_weight += KING_ATTACK_WEIGHT[pt] * popcount(attacks & king_zone);
            }
            if (pawn_attacks_by[Them] & square_bb(s)) score.add(W.threat_by_pawn, Us);
            if ((pt == KNIGHT || pt == BISHOP) && (pawn_attacks_by[Us] & square_bb(s)) &&
                relative_rank(Us, s) >= 3 && relative_rank(Us, s) <= 5 &&
                !(their_pawns & passed_span(Us, s) & adjacent_files(file_of(s))))
                score.add(W.outpost[pt == KNIGHT ? 0 : 1], Us);
            if (pt == ROOK) {
                const Bitboard file = file_bb(file_of(s));
                if (!((our_pawns | their_pawns) & file)) score.add(W.rook_open_file, Us);
                else if (!(our_pawns & file)) score.add(W.rook_semi_open_file, Us);
                if (relative_rank(Us, s) == 6 &&
                    (relative_rank(Us, their_king) == 7 || (their_pawns & rank_bb(Us == WHITE ? 6 : 1))))
                    score.add(W.rook_on_seventh, Us);
            }
            if (pt == BISHOP)
                score.add(W.bishop_pawns, Us, popcount(our_pawns & (DARK_SQUARES & square_bb(s) ? DARK_SQUARES : ~DARK_SQUARES)));
            // Our knights and bishops attacking their rooks and queens.
            if ((pt == KNIGHT || pt == BISHOP) && (attacks & pos.pieces(Them, ROOK, QUEEN)))
                score.add(W.threat_by_minor, Us);
        }
    }
    // One attacker alone is rarely dangerous; the queen's presence matters most.
    if (attackers >= 2 && pos.pieces(Us, QUEEN)) score.add(W.king_danger[std::min(attack_weight / 2, 15)], Us);

    // Pawn shield in front of our own king (middlegame).
    const Bitboard shield_files = file_bb(file_of(our_king)) | adjacent_files(file_of(our_king));
    const int kr = rank_of(our_king);
    Bitboard shield_ranks = 0;
    if (Us == WHITE) shield_ranks = (kr + 1 < 8 ? rank_bb(kr + 1) : 0) | (kr + 2 < 8 ? rank_bb(kr + 2) : 0);
    else shield_ranks = (kr - 1 >= 0 ? rank_bb(kr - 1) : 0) | (kr - 2 >= 0 ? rank_bb(kr - 2) : 0);
    int open_files = 0;
    for (int f = std::max(0, file_of(our_king) - 1); f <= std::min(7, file_of(our_king) + 1); ++f)
        open_files += !(our_pawns & file_bb(f));
    score.add(W.king_open_file, Us, open_files);
    score.add(W.pawn_shield, Us, popcount(our_pawns & shield_files & shield_ranks));

    attacks_by.by[Us][PAWN] = pawn_attacks_by[Us];
    attacks_by.by[Us][KING] = king_attacks(our_king);
    for (int pt = PAWN; pt <= KING; ++pt) attacks_by.all[Us] |= attacks_by.by[Us][pt];
}

// The terms that need both sides' attacks: their pieces left hanging, our rook on their queen,
// and the checks we could give where they cannot take the checking piece.
template <Color Us, class Trace>
void evaluate_threats(const Position& pos, Score<Trace>& score, const Attacks& a) {
    constexpr Color Them = ~Us;
    const Bitboard their_pieces = pos.pieces(Them) & ~pos.pieces(PAWN, KING);
    score.add(W.hanging, Us, popcount(their_pieces & a.all[Us] & ~a.all[Them]));
    if (a.by[Us][ROOK] & pos.pieces(Them, QUEEN)) score.add(W.threat_by_rook, Us);

    const Square king = pos.king_square(Them);
    const Bitboard occ = pos.pieces();
    const Bitboard safe = ~pos.pieces(Us) & ~a.all[Them];
    const Bitboard diagonal = bishop_attacks(king, occ), straight = rook_attacks(king, occ);
    if (knight_attacks(king) & a.by[Us][KNIGHT] & safe) score.add(W.safe_check[0], Us);
    if (diagonal & a.by[Us][BISHOP] & safe) score.add(W.safe_check[1], Us);
    if (straight & a.by[Us][ROOK] & safe) score.add(W.safe_check[2], Us);
    if ((diagonal | straight) & a.by[Us][QUEEN] & safe) score.add(W.safe_check[3], Us);
}

// How much of the endgame score stands, out of SCALE_NORMAL.
int endgame_scale(const Position& pos, int eg) {
    const Color strong = eg >= 0 ? WHITE : BLACK;
    const Color weak = ~strong;
    auto non_pawn = [&](Color c) {
        return popcount(pos.pieces(c, KNIGHT)) * W.piece_value[KNIGHT].eg +
               popcount(pos.pieces(c, BISHOP)) * W.piece_value[BISHOP].eg +
               popcount(pos.pieces(c, ROOK)) * W.piece_value[ROOK].eg + popcount(pos.pieces(c, QUEEN)) * W.piece_value[QUEEN].eg;
    };
    if (!pos.pieces(strong, PAWN) && non_pawn(strong) - non_pawn(weak) < W.piece_value[ROOK].eg)
        return SCALE_NO_PAWNS_SMALL_LEAD;
    const Bitboard bishops = pos.pieces(BISHOP);
    constexpr Bitboard DARK = 0xAA55AA55AA55AA55ULL;
    if (popcount(pos.pieces(WHITE, BISHOP)) == 1 && popcount(pos.pieces(BLACK, BISHOP)) == 1 &&
        !pos.pieces(KNIGHT) && !pos.pieces(ROOK) && !pos.pieces(QUEEN) && (bishops & DARK) && (bishops & ~DARK))
        return SCALE_OPPOSITE_BISHOPS;
    return SCALE_NORMAL;
}

template <class Trace>
int evaluate_with(const Position& pos, Trace& trace, PawnCache* cache, int& phase_out, int& scale_out) {
    const Bitboard white_pawns = pos.pieces(WHITE, PAWN), black_pawns = pos.pieces(BLACK, PAWN);
    const Bitboard pawn_attacks_by[COLOR_NB] = {pawn_attacks_bb<WHITE>(white_pawns), pawn_attacks_bb<BLACK>(black_pawns)};
    Score<Trace> side[COLOR_NB] = {{trace}, {trace}};
    Bitboard passed[COLOR_NB];
    PawnCache::Entry* entry = cache ? &cache->slot(white_pawns, black_pawns) : nullptr;
    if (entry && entry->pawns[WHITE] == white_pawns && entry->pawns[BLACK] == black_pawns) {
        side[WHITE].mg += entry->mg;
        side[WHITE].eg += entry->eg;
        passed[WHITE] = entry->passed[WHITE];
        passed[BLACK] = entry->passed[BLACK];
    } else {
        Score<Trace> pawns[COLOR_NB] = {{trace}, {trace}};
        passed[WHITE] = pawn_structure<WHITE>(white_pawns, black_pawns, pawns[WHITE], pawn_attacks_by);
        passed[BLACK] = pawn_structure<BLACK>(black_pawns, white_pawns, pawns[BLACK], pawn_attacks_by);
        const int mg = pawns[WHITE].mg - pawns[BLACK].mg, eg = pawns[WHITE].eg - pawns[BLACK].eg;
        side[WHITE].mg += mg;
        side[WHITE].eg += eg;
        if (entry) *entry = {{white_pawns, black_pawns}, {passed[WHITE], passed[BLACK]}, mg, eg};
    }
    if constexpr (std::is_same_v<Trace, NoTrace>) {
        side[WHITE].mg += pos.psq().mg;
        side[WHITE].eg += pos.psq().eg;
    }
    int phase = 0;
    Attacks attacks;
    evaluate_side<WHITE>(pos, side[WHITE], phase, pawn_attacks_by, passed[WHITE], attacks);
    evaluate_side<BLACK>(pos, side[BLACK], phase, pawn_attacks_by, passed[BLACK], attacks);
    evaluate_threats<WHITE>(pos, side[WHITE], attacks);
    evaluate_threats<BLACK>(pos, side[BLACK], attacks);
    phase = std::min(phase, MAX_PHASE);
    const int mg = side[WHITE].mg - side[BLACK].mg;
    int eg = side[WHITE].eg - side[BLACK].eg;
    const int scale = endgame_scale(pos, eg);
    eg = eg * scale / SCALE_NORMAL;
    const int score = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    phase_out = phase;
    scale_out = scale;
    return (pos.side_to_move() == WHITE ? score : -score) + TEMPO;
}

}  // namespace

int evaluate(const Position& pos) {
    NoTrace none;
    int phase, scale;
    return evaluate_with(pos, none, nullptr, phase, scale);
}

int evaluate(const Position& pos, PawnCache& cache) {
    NoTrace none;
    int phase, scale;
    return evaluate_with(pos, none, &cache, phase, scale);
}

int evaluate(const Position& pos, EvalTrace& trace) {
    trace = EvalTrace{};
    Tracer tracer{trace};
    return evaluate_with(pos, tracer, nullptr, trace.phase, trace.scale);
}

int evaluate(const Position& pos, const nnue::Network* network) {
    return fifty_move_scaled(network ? nnue::evaluate(*network, pos) : evaluate(pos), pos.rule50());
}

}  // namespace mainline
