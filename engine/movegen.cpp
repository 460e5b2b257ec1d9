#include "movegen.h"
#include <algorithm>

namespace mainline {

namespace {

// The generator hands its moves to a sink: MoveWriter stores them, MoveCounter only counts
// them (perft's bulk counting at the last ply), adding whole bitboards at a time by popcount.
struct MoveWriter {
    Move* list;

    void add(Move m) { *list++ = m; }
    // Moves from `from` to each square of `targets`.
    void add_from(Square from, Bitboard targets) {
        while (targets) *list++ = Move(from, pop_lsb(targets));
    }
    // Moves to each square of `targets` from the square `offset` behind it.
    template <bool Promotion>
    void add_shifted(Bitboard targets, int offset) {
        while (targets) {
            const Square to = pop_lsb(targets);
            if constexpr (Promotion) add_promotions(Square(to - offset), to);
            else *list++ = Move(Square(to - offset), to);
        }
    }
    void add_promotions(Square from, Square to) {
        *list++ = Move(from, to, Move::PROMOTION, QUEEN);
        *list++ = Move(from, to, Move::PROMOTION, ROOK);
        *list++ = Move(from, to, Move::PROMOTION, BISHOP);
        *list++ = Move(from, to, Move::PROMOTION, KNIGHT);
    }
};

struct MoveCounter {
    int count = 0;

    void add(Move) { ++count; }
    void add_from(Square, Bitboard targets) { count += popcount(targets); }
    template <bool Promotion>
    void add_shifted(Bitboard targets, int) {
        count += (Promotion ? 4 : 1) * popcount(targets);
    }
    void add_promotions(Square, Square) { count += 4; }
};

template <Color Us>
constexpr Bitboard pawn_step(Bitboard b) {
    return Us == WHITE ? shift<NORTH>(b) : shift<SOUTH>(b);
}

template <Color Us, GenType Type, class Sink>
void generate_pawn_moves(const Position& pos, Sink& sink, Bitboard pawns, Bitboard target) {
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
        sink.template add_shifted<false>(push1 & target, Up);
        sink.template add_shifted<false>(push2 & target, 2 * Up);
    }
    if constexpr (Type != GenType::QUIET) {
        const Bitboard west = Us == WHITE ? shift<NORTH + WEST>(not7) : shift<SOUTH + WEST>(not7);
        const Bitboard east = Us == WHITE ? shift<NORTH + EAST>(not7) : shift<SOUTH + EAST>(not7);
        sink.template add_shifted<false>(west & enemies, UpWest);
        sink.template add_shifted<false>(east & enemies, UpEast);
        if (on7) {
            const Bitboard pw = Us == WHITE ? shift<NORTH + WEST>(on7) : shift<SOUTH + WEST>(on7);
            const Bitboard pe = Us == WHITE ? shift<NORTH + EAST>(on7) : shift<SOUTH + EAST>(on7);
            sink.template add_shifted<true>(pawn_step<Us>(on7) & empty & target, Up);
            sink.template add_shifted<true>(pw & enemies, UpWest);
            sink.template add_shifted<true>(pe & enemies, UpEast);
        }
    }
}

// A pinned pawn may only move along the line through its king; `allowed` holds that line, already
// intersected with the check-evasion squares. Pinned pawns are rare, so they go one by one.
template <Color Us, GenType Type, class Sink>
void generate_pinned_pawn_moves(const Position& pos, Sink& sink, Square from, Bitboard allowed) {
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
        if (promotion) sink.add_promotions(from, to);
        else sink.add(Move(from, to));
    }
}

template <Color Us, class Sink>
void generate_en_passant(const Position& pos, Sink& sink) {
    constexpr Color Them = ~Us;
    const Square ep = pos.ep_square();
    if (ep == SQ_NONE) return;
    Bitboard capturers = pawn_attacks(Them, ep) & pos.pieces(Us, PAWN);
    if (!capturers) return;
    // En passant removes two pieces from their squares at once, which can uncover a slider on
    // the king's rank or diagonal; the rare case is settled by looking at the resulting board.
    const Square ksq = pos.king_square(Us);
    const Square cap_sq = pawn_push(Them, ep);
    while (capturers) {
        const Square from = pop_lsb(capturers);
        const Bitboard occ = (pos.pieces() ^ square_bb(from) ^ square_bb(cap_sq)) | square_bb(ep);
        if (!(pos.attackers_to(ksq, occ) & pos.pieces(Them) & ~square_bb(cap_sq)))
            sink.add(Move(from, ep, Move::EN_PASSANT));
    }
}

// Castling, in standard chess and Chess960 alike: the king goes to g1 (king side) or c1 (queen
// side) and the right's rook beside it, f1 or d1. Every square either of them crosses or lands on
// must be empty (but their own two), and the king must not be attacked on any square from its own
// (not in check: the caller asks) to its destination, the rook taken away first (in Chess960 it
// may have been blocking an attack along the back rank on that destination).
// One function for every kind of generation and both colours (code size: the web download).
[[gnu::noinline]] int castling_moves(const Position& pos, Color us, Move* out) {
    const Color them = ~us;
    const int rights = pos.castling_rights() & (us == WHITE ? (WHITE_OO | WHITE_OOO) : (BLACK_OO | BLACK_OOO));
    if (!rights) return 0;
    const Square ksq = pos.king_square(us);
    const Bitboard occ = pos.pieces();
    // the squares of the back rank from a to b, both included
    auto span = [](Square a, Square b) {
        const int lo = std::min(file_of(a), file_of(b)), hi = std::max(file_of(a), file_of(b));
        return Bitboard(((0xFFu >> (7 - hi + lo)) << lo)) << (8 * rank_of(a));
    };
    int n = 0;
    for (const bool king_side : {true, false}) {
        const int right = king_side ? (us == WHITE ? WHITE_OO : BLACK_OO) : (us == WHITE ? WHITE_OOO : BLACK_OOO);
        if (!(rights & right)) continue;
        const Square rsq = pos.castling_rook(right);
        const Square kto = relative_square(us, king_side ? SQ_G1 : SQ_C1);
        const Square rto = relative_square(us, king_side ? SQ_F1 : SQ_D1);
        const Bitboard crossed = (span(ksq, kto) | span(rsq, rto)) & ~square_bb(ksq) & ~square_bb(rsq);
        if (occ & crossed) continue;
        // Looked at without the rook: in Chess960 it may shield the destination along the back
        // rank; elsewhere on the king's way the rook's square hides nothing the destination would
        // not show (and in standard chess, from its corner, nothing at all).
        // (the king's own square only when it does not move: it is not in check there now)
        bool ok = true;
        for (Bitboard way = span(ksq, kto) & (ksq == kto ? ~Bitboard(0) : ~square_bb(ksq)); ok && way; way &= way - 1)
            ok = !(pos.attackers_to(lsb(way), occ ^ square_bb(rsq)) & pos.pieces(them));
        if (ok) out[n++] = Move(ksq, kto, Move::CASTLING);
    }
    return n;
}

template <Color Us, class Sink>
void generate_castling(const Position& pos, Sink& sink) {
    Move moves[2];
    const int n = castling_moves(pos, Us, moves);
    for (int i = 0; i < n; ++i) sink.add(moves[i]);
}

template <Color Us, GenType Type, class Sink>
void generate_for(const Position& pos, Sink& sink) {
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
            if (!(pos.attackers_to(to, occ_without_king) & theirs)) sink.add(Move(ksq, to));
        }
    }
    if (more_than_one(checkers)) return;  // double check: only the king can move

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
    generate_pawn_moves<Us, Type>(pos, sink, pawns & ~pinned, Type == GenType::NOISY ? evasion : target);
    for (Bitboard b = pawns & pinned; b;) {
        const Square from = pop_lsb(b);
        generate_pinned_pawn_moves<Us, Type>(pos, sink, from, line_bb(ksq, from) & evasion & ~ours);
    }
    if constexpr (Type != GenType::QUIET) generate_en_passant<Us>(pos, sink);

    // A pinned knight can never move; a pinned slider stays on the line through its king (which in
    // check also leaves it no move, as the check and pin lines meet only at the king).
    for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
        const Square from = pop_lsb(b);
        sink.add_from(from, knight_attacks(from) & target);
    }
    for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN); b;) {
        const Square from = pop_lsb(b);
        Bitboard to = bishop_attacks(from, occ) & target;
        if (pinned & square_bb(from)) to &= line_bb(ksq, from);
        sink.add_from(from, to);
    }
    for (Bitboard b = pos.pieces(Us, ROOK, QUEEN); b;) {
        const Square from = pop_lsb(b);
        Bitboard to = rook_attacks(from, occ) & target;
        if (pinned & square_bb(from)) to &= line_bb(ksq, from);
        sink.add_from(from, to);
    }

    if constexpr (Type != GenType::NOISY)
        if (!checkers) generate_castling<Us>(pos, sink);
}

template <GenType Type, class Sink>
void generate_into(const Position& pos, Sink& sink) {
    if (pos.side_to_move() == WHITE) generate_for<WHITE, Type>(pos, sink);
    else generate_for<BLACK, Type>(pos, sink);
}

}  // namespace

template <GenType Type>
Move* generate(const Position& pos, Move* list) {
    MoveWriter writer{list};
    generate_into<Type>(pos, writer);
    return writer.list;
}

template Move* generate<GenType::ALL>(const Position&, Move*);
template Move* generate<GenType::NOISY>(const Position&, Move*);
template Move* generate<GenType::QUIET>(const Position&, Move*);

int count_legal_moves(const Position& pos) {
    MoveCounter counter;
    generate_into<GenType::ALL>(pos, counter);
    return counter.count;
}

// Hash moves are checked at nearly every node, so the common kind (a normal move) is tested
// directly: the piece can make that move, and afterwards no enemy piece attacks our king. The rare
// kinds (castling, en passant, promotions) are looked up in the generated list.
bool is_legal(const Position& pos, Move m) {
    if (!m.is_ok()) return false;
    if (m.kind() != Move::NORMAL) return legal_moves(pos).contains(m);
    if (m.raw() >> 12) return false;  // stray promotion bits: not a move the generator makes
    const Color us = pos.side_to_move(), them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = pos.piece_on(from);
    if (pc == NO_PIECE || color_of(pc) != us || (pos.pieces(us) & square_bb(to))) return false;
    const Bitboard occ = pos.pieces();
    const PieceType pt = type_of(pc);
    if (pt == PAWN) {
        // Moves to the last rank must be promotions.
        if (relative_rank(us, to) == 7) return false;
        const int up = us == WHITE ? 8 : -8;
        const bool capture = (pawn_attacks(us, from) & pos.pieces(them) & square_bb(to)) != 0;
        const bool push = int(to) == int(from) + up && pos.empty(to);
        const bool double_push = relative_rank(us, from) == 1 && int(to) == int(from) + 2 * up && pos.empty(to) &&
                                 pos.empty(Square(int(from) + up));
        if (!capture && !push && !double_push) return false;
    } else if (!(attacks_bb(pt, from, occ) & square_bb(to))) {
        return false;
    }
    // After the move: the king's square, the occupancy, and the enemies still on the board.
    const Square king = pt == KING ? to : pos.king_square(us);
    const Bitboard after = (occ ^ square_bb(from)) | square_bb(to);
    const Bitboard enemies = pos.pieces(them) & ~square_bb(to);
    return !((pawn_attacks(us, king) & enemies & pos.pieces(PAWN)) | (knight_attacks(king) & enemies & pos.pieces(KNIGHT)) |
             (king_attacks(king) & enemies & pos.pieces(KING)) |
             (bishop_attacks(king, after) & enemies & pos.pieces(BISHOP, QUEEN)) |
             (rook_attacks(king, after) & enemies & pos.pieces(ROOK, QUEEN)));
}

}  // namespace mainline
