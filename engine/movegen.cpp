#include "movegen.h"

namespace mainline {

namespace {

template <Color Us>
constexpr Bitboard pawn_step(Bitboard b) {
    return Us == WHITE ? shift<NORTH>(b) : shift<SOUTH>(b);
}

Move* emit_promotions(Move* list, Square from, Square to) {
    *list++ = Move(from, to, Move::PROMOTION, QUEEN);
    *list++ = Move(from, to, Move::PROMOTION, ROOK);
    *list++ = Move(from, to, Move::PROMOTION, BISHOP);
    *list++ = Move(from, to, Move::PROMOTION, KNIGHT);
    return list;
}

// Emits a move to every square of `targets` from the square `offset` behind it.
template <bool Promotion>
Move* emit_shifted(Move* list, Bitboard targets, int offset) {
    while (targets) {
        const Square to = pop_lsb(targets);
        const Square from = Square(to - offset);
        if constexpr (Promotion) list = emit_promotions(list, from, to);
        else *list++ = Move(from, to);
    }
    return list;
}

template <Color Us, GenType Type>
Move* generate_pawn_moves(const Position& pos, Move* list, Bitboard pawns, Bitboard target) {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == WHITE ? 8 : -8;
    constexpr int UpWest = Up - 1, UpEast = Up + 1;
    constexpr Bitboard Rank7 = Us == WHITE ? RANK_7_BB : RANK_2_BB;
    constexpr Bitboard Rank3 = Us == WHITE ? RANK_3_BB : RANK_6_BB;
    const Bitboard empty = ~pos.pieces();
    const Bitboard enemies = pos.pieces(Them) & target;
    const Bitboard not7 = pawns & ~Rank7, on7 = pawns & Rank7;

    if constexpr (Type != GenType::NOISY) {
        const Bitboard push1 = pawn_step<Us>(not7) & empty;
        const Bitboard push2 = pawn_step<Us>(push1 & Rank3) & empty;
        list = emit_shifted<false>(list, push1 & target, Up);
        list = emit_shifted<false>(list, push2 & target, 2 * Up);
    }
    if constexpr (Type != GenType::QUIET) {
        const Bitboard west = Us == WHITE ? shift<NORTH + WEST>(not7) : shift<SOUTH + WEST>(not7);
        const Bitboard east = Us == WHITE ? shift<NORTH + EAST>(not7) : shift<SOUTH + EAST>(not7);
        list = emit_shifted<false>(list, west & enemies, UpWest);
        list = emit_shifted<false>(list, east & enemies, UpEast);
        if (on7) {
            const Bitboard pw = Us == WHITE ? shift<NORTH + WEST>(on7) : shift<SOUTH + WEST>(on7);
            const Bitboard pe = Us == WHITE ? shift<NORTH + EAST>(on7) : shift<SOUTH + EAST>(on7);
            list = emit_shifted<true>(list, pawn_step<Us>(on7) & empty & target, Up);
            list = emit_shifted<true>(list, pw & enemies, UpWest);
            list = emit_shifted<true>(list, pe & enemies, UpEast);
        }
    }
    return list;
}

// A pinned pawn may only move along the line through its king; `allowed` holds that line, already
// intersected with the check-evasion squares. Pinned pawns are rare, so they go one by one.
template <Color Us, GenType Type>
Move* generate_pinned_pawn_moves(const Position& pos, Move* list, Square from, Bitboard allowed) {
    constexpr Bitboard Rank8 = Us == WHITE ? RANK_8_BB : RANK_1_BB;
    constexpr Bitboard Rank4 = Us == WHITE ? (RANK_1_BB << 24) : (RANK_1_BB << 32);
    const Bitboard empty = ~pos.pieces();
    const Bitboard push1 = pawn_step<Us>(square_bb(from)) & empty;
    const Bitboard push2 = pawn_step<Us>(push1) & empty & Rank4;
    const Bitboard captures = pawn_attacks(Us, from) & pos.pieces(~Us);
    Bitboard targets = (push1 | push2 | captures) & allowed;
    while (targets) {
        const Square to = pop_lsb(targets);
        const bool promotion = square_bb(to) & Rank8;
        const bool noisy = promotion || (square_bb(to) & captures);
        if (Type == GenType::NOISY && !noisy) continue;
        if (Type == GenType::QUIET && noisy) continue;
        if (promotion) list = emit_promotions(list, from, to);
        else *list++ = Move(from, to);
    }
    return list;
}

template <Color Us>
Move* generate_en_passant(const Position& pos, Move* list) {
    constexpr Color Them = ~Us;
    const Square ep = pos.ep_square();
    if (ep == SQ_NONE) return list;
    Bitboard capturers = pawn_attacks(Them, ep) & pos.pieces(Us, PAWN);
    if (!capturers) return list;
    // En passant removes two pieces from their squares at once, which can uncover a slider on
    // the king's rank or diagonal; the rare case is settled by looking at the resulting board.
    const Square ksq = pos.king_square(Us);
    const Square cap_sq = pawn_push(Them, ep);
    while (capturers) {
        const Square from = pop_lsb(capturers);
        const Bitboard occ = (pos.pieces() ^ square_bb(from) ^ square_bb(cap_sq)) | square_bb(ep);
        if (!(pos.attackers_to(ksq, occ) & pos.pieces(Them) & ~square_bb(cap_sq)))
            *list++ = Move(from, ep, Move::EN_PASSANT);
    }
    return list;
}

template <Color Us>
Move* generate_castling(const Position& pos, Move* list) {
    constexpr Color Them = ~Us;
    const int rights = pos.castling_rights() & (Us == WHITE ? (WHITE_OO | WHITE_OOO) : (BLACK_OO | BLACK_OOO));
    if (!rights) return list;
    const Square ksq = relative_square(Us, SQ_E1);
    const Bitboard occ = pos.pieces();
    auto safe = [&](Square s) { return !(pos.attackers_to(s, occ) & pos.pieces(Them)); };
    if ((rights & (WHITE_OO | BLACK_OO)) &&
        !(occ & (square_bb(relative_square(Us, SQ_F1)) | square_bb(relative_square(Us, SQ_G1)))) &&
        safe(relative_square(Us, SQ_F1)) && safe(relative_square(Us, SQ_G1)))
        *list++ = Move(ksq, relative_square(Us, SQ_G1), Move::CASTLING);
    if ((rights & (WHITE_OOO | BLACK_OOO)) &&
        !(occ & (square_bb(relative_square(Us, SQ_B1)) | square_bb(relative_square(Us, SQ_C1)) |
                 square_bb(relative_square(Us, SQ_D1)))) &&
        safe(relative_square(Us, SQ_D1)) && safe(relative_square(Us, SQ_C1)))
        *list++ = Move(ksq, relative_square(Us, SQ_C1), Move::CASTLING);
    return list;
}

template <Color Us, GenType Type>
Move* generate_for(const Position& pos, Move* list) {
    constexpr Color Them = ~Us;
    const Square ksq = pos.king_square(Us);
    const Bitboard ours = pos.pieces(Us), theirs = pos.pieces(Them), occ = pos.pieces();
    const Bitboard checkers = pos.checkers();

    // Which squares a move may go to, by the kind of moves asked for.
    Bitboard kind_mask = ~ours;
    if constexpr (Type == GenType::NOISY) kind_mask = theirs;
    if constexpr (Type == GenType::QUIET) kind_mask = ~occ;

    // King moves: the destination must not be attacked once the king has left its square, so
    // that stepping back along a checking ray is refused.
    {
        Bitboard targets = king_attacks(ksq) & kind_mask;
        const Bitboard occ_without_king = occ ^ square_bb(ksq);
        while (targets) {
            const Square to = pop_lsb(targets);
            if (!(pos.attackers_to(to, occ_without_king) & theirs)) *list++ = Move(ksq, to);
        }
    }
    if (more_than_one(checkers)) return list;  // double check: only the king can move

    // In check, other pieces must capture the checker or block the ray.
    const Bitboard evasion = checkers ? between_bb(ksq, lsb(checkers)) : ~Bitboard(0);
    const Bitboard target = evasion & kind_mask;

    Bitboard pinned = 0;
    Bitboard snipers = (rook_attacks(ksq, 0) & pos.pieces(Them, ROOK, QUEEN)) |
                       (bishop_attacks(ksq, 0) & pos.pieces(Them, BISHOP, QUEEN));
    while (snipers) {
        const Square s = pop_lsb(snipers);
        const Bitboard blockers = between_bb(ksq, s) & occ & ~square_bb(s);
        if (blockers && !more_than_one(blockers)) pinned |= blockers & ours;
    }

    // Pawns. A push that promotes is NOISY, so with NOISY the pushes are limited by `evasion` only.
    const Bitboard pawns = pos.pieces(Us, PAWN);
    list = generate_pawn_moves<Us, Type>(pos, list, pawns & ~pinned, Type == GenType::NOISY ? evasion : target);
    for (Bitboard b = pawns & pinned; b;) {
        const Square from = pop_lsb(b);
        list = generate_pinned_pawn_moves<Us, Type>(pos, list, from, line_bb(ksq, from) & evasion & ~ours);
    }
    if constexpr (Type != GenType::QUIET) list = generate_en_passant<Us>(pos, list);

    // A pinned knight can never move; a pinned slider stays on the line through its king (which in
    // check also leaves it no move, as the check and pin lines meet only at the king).
    for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
        const Square from = pop_lsb(b);
        for (Bitboard to = knight_attacks(from) & target; to;) *list++ = Move(from, pop_lsb(to));
    }
    for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN); b;) {
        const Square from = pop_lsb(b);
        Bitboard to = bishop_attacks(from, occ) & target;
        if (pinned & square_bb(from)) to &= line_bb(ksq, from);
        while (to) *list++ = Move(from, pop_lsb(to));
    }
    for (Bitboard b = pos.pieces(Us, ROOK, QUEEN); b;) {
        const Square from = pop_lsb(b);
        Bitboard to = rook_attacks(from, occ) & target;
        if (pinned & square_bb(from)) to &= line_bb(ksq, from);
        while (to) *list++ = Move(from, pop_lsb(to));
    }

    if constexpr (Type != GenType::NOISY)
        if (!checkers) list = generate_castling<Us>(pos, list);
    return list;
}

}  // namespace

template <GenType Type>
Move* generate(const Position& pos, Move* list) {
    return pos.side_to_move() == WHITE ? generate_for<WHITE, Type>(pos, list) : generate_for<BLACK, Type>(pos, list);
}

template Move* generate<GenType::ALL>(const Position&, Move*);
template Move* generate<GenType::NOISY>(const Position&, Move*);
template Move* generate<GenType::QUIET>(const Position&, Move*);

bool is_legal(const Position& pos, Move m) {
    return m.is_ok() && legal_moves(pos).contains(m);
}

}  // namespace mainline
