#include "position.h"

#include <algorithm>
#include <cassert>
#include <tuple>

namespace mainline {

namespace {

struct ZobristKeys {
    Key psq[PIECE_NB][SQUARE_NB] = {};
    Key ep[8] = {};
    Key castling[16] = {};
    Key side = 0;

    ZobristKeys() {
        // splitmix64: a fixed seed keeps keys, and so the bench signature, identical everywhere.
        std::uint64_t s = 0x4D61696E6C696E65ULL;  // "Mainline"
        auto next = [&s] {
            std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            return z ^ (z >> 31);
        };
        for (Piece p : {W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING, B_PAWN, B_KNIGHT, B_BISHOP, B_ROOK,
                        B_QUEEN, B_KING})
            for (Key& k : psq[p]) k = next();
        for (Key& k : ep) k = next();
        // Castling keys are XORs of four base keys so that any subset hashes consistently.
        Key base[4];
        for (Key& k : base) k = next();
        for (int r = 0; r < 16; ++r)
            for (int i = 0; i < 4; ++i)
                if (r & (1 << i)) castling[r] ^= base[i];
        side = next();
    }
};

const ZobristKeys keys;

}  // namespace

namespace zobrist {
Key piece_square(Piece p, Square s) { return keys.psq[p][s]; }
Key en_passant(int file) { return keys.ep[file]; }
Key castling(int rights) { return keys.castling[rights]; }
Key side() { return keys.side; }
}  // namespace zobrist

Position::Position() {
    Result<Position> start = from_fen(START_FEN);
    assert(start.ok());
    *this = std::move(start).value();
}

void Position::add_castling_right(Color color, Square rook_sq, StateInfo& st) {
    const Square king_sq = king_square(color);
    const int right = file_of(rook_sq) > file_of(king_sq) ? (color == WHITE ? WHITE_OO : BLACK_OO)
                                                           : (color == WHITE ? WHITE_OOO : BLACK_OOO);
    st.castling |= right;
    castling_rook_[right_index(right)] = rook_sq;
    castling_mask_[king_sq] &= std::uint8_t(~(color == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO));
    castling_mask_[rook_sq] &= std::uint8_t(~right);
    if (king_sq != relative_square(color, SQ_E1) || rook_sq != relative_square(color, right & (WHITE_OO | BLACK_OO) ? SQ_H1 : SQ_A1))
        chess960_ = true;
}

// The rook lifted first: in Chess960 the king may land on its square (and the rook on the
// king's). Out of line: castling is rare, and one copy keeps the web download small.
[[gnu::noinline]] void Position::castle(Square king_from, Square king_to, Square rook_from, Square rook_to) {
    const Piece rook = board_[rook_from];
    remove_piece(rook_from);
    if (king_from != king_to) move_piece(king_from, king_to);
    put_piece(rook, rook_to);
}

void Position::put_piece(Piece p, Square s) {
    Bitboard b = square_bb(s);
    board_[s] = p;
    psq_.mg += psq::value(p, s).mg;
    psq_.eg += psq::value(p, s).eg;
    by_type_[NO_PIECE_TYPE] |= b;
    by_type_[type_of(p)] |= b;
    by_color_[color_of(p)] |= b;
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    Bitboard b = square_bb(s);
    board_[s] = NO_PIECE;
    psq_.mg -= psq::value(p, s).mg;
    psq_.eg -= psq::value(p, s).eg;
    by_type_[NO_PIECE_TYPE] ^= b;
    by_type_[type_of(p)] ^= b;
    by_color_[color_of(p)] ^= b;
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard b = square_bb(from) | square_bb(to);
    board_[from] = NO_PIECE;
    board_[to] = p;
    psq_.mg += psq::value(p, to).mg - psq::value(p, from).mg;
    psq_.eg += psq::value(p, to).eg - psq::value(p, from).eg;
    by_type_[NO_PIECE_TYPE] ^= b;
    by_type_[type_of(p)] ^= b;
    by_color_[color_of(p)] ^= b;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) | (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) |
           (knight_attacks(s) & pieces(KNIGHT)) | (king_attacks(s) & pieces(KING)) |
           (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN)) | (rook_attacks(s, occupied) & pieces(ROOK, QUEEN));
}

Bitboard Position::compute_checkers() const {
    return attackers_to(king_square(side_), pieces()) & pieces(~side_);
}

// The key includes the en-passant file only when a pawn could capture there, so that positions
// differing only in a useless en-passant square count as repetitions.
bool Position::ep_capturable(Square ep, Color capturer) const {
    return ep != SQ_NONE && (pawn_attacks(~capturer, ep) & pieces(capturer, PAWN));
}

void Position::do_move(Move m) {
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];

    if (std::size_t(top_) + 1 >= states_.size()) states_.resize(states_.size() * 2 + 16);
    // A local copy, stored once at the end: written through a reference into states_, the new
    // state could alias the bitboards being updated, and the compiler would keep reloading it.
    StateInfo st = states_[std::size_t(top_)];
    Key k = st.key ^ keys.side;
    if (ep_capturable(st.ep_square, us)) k ^= keys.ep[file_of(st.ep_square)];
    st.ep_square = SQ_NONE;
    st.rule50++;
    st.plies_from_null++;
    st.captured = NO_PIECE;

    if (m.kind() == Move::CASTLING) {
        const int right = castling_right(us, m);
        const Square rook_from = castling_rook(right);
        const Square rook_to = relative_square(us, right & (WHITE_OO | BLACK_OO) ? SQ_F1 : SQ_D1);
        const Piece rook = make_piece(us, ROOK);
        castle(from, to, rook_from, rook_to);
        k ^= keys.psq[pc][from] ^ keys.psq[pc][to] ^ keys.psq[rook][rook_from] ^ keys.psq[rook][rook_to];
    } else {
        const Square cap_sq = m.kind() == Move::EN_PASSANT ? pawn_push(them, to) : to;
        const Piece captured = board_[cap_sq];
        if (captured != NO_PIECE) {
            remove_piece(cap_sq);
            k ^= keys.psq[captured][cap_sq];
            st.captured = captured;
            st.rule50 = 0;
        }
        move_piece(from, to);
        k ^= keys.psq[pc][from] ^ keys.psq[pc][to];
        if (type_of(pc) == PAWN) {
            st.rule50 = 0;
            if ((int(to) ^ int(from)) == 16) {
                st.ep_square = pawn_push(us, from);
                if (ep_capturable(st.ep_square, them)) k ^= keys.ep[file_of(st.ep_square)];
            } else if (m.kind() == Move::PROMOTION) {
                const Piece promoted = make_piece(us, m.promotion());
                remove_piece(to);
                put_piece(promoted, to);
                k ^= keys.psq[pc][to] ^ keys.psq[promoted][to];
            }
        }
    }

    const int lost = ~(castling_mask_[from] & castling_mask_[to]) & ALL_CASTLING;
    if (st.castling & lost) {
        k ^= keys.castling[st.castling];
        st.castling &= ~lost;
        k ^= keys.castling[st.castling];
    }

    side_ = them;
    if (us == BLACK) ++fullmove_;
    st.key = k;
    st.checkers = compute_checkers();
    states_[std::size_t(++top_)] = st;
    assert_consistent();
}

bool Position::gives_check(Move m) const {
    const Color us = side_;
    const Square king = king_square(~us);
    const Square from = m.from();
    Square to = m.to();
    Bitboard occupied = pieces() ^ square_bb(from);
    PieceType moved = m.kind() == Move::PROMOTION ? m.promotion() : type_of(board_[from]);
    Bitboard ours = pieces(us) ^ square_bb(from);
    if (m.kind() == Move::CASTLING) {
        // The king cannot check; the rook that lands beside it may. The king stands on its
        // destination (in Chess960 it may block a line the rook's or its own square opened).
        const int right = castling_right(us, m);
        const Square rook_from = castling_rook(right);
        occupied = (occupied ^ square_bb(rook_from)) | square_bb(to);
        ours = (ours ^ square_bb(rook_from)) | square_bb(to);
        to = relative_square(us, right & (WHITE_OO | BLACK_OO) ? SQ_F1 : SQ_D1);
        moved = ROOK;
    } else if (m.kind() == Move::EN_PASSANT) {
        occupied ^= square_bb(pawn_push(~us, to));
    }
    occupied |= square_bb(to);
    ours |= square_bb(to);
    const Bitboard direct = moved == PAWN ? pawn_attacks(us, to) : attacks_bb(moved, to, occupied);
    if (direct & square_bb(king)) return true;
    // Discovered: one of our other sliders now sees the king.
    const Bitboard others = ours ^ square_bb(to);
    return (bishop_attacks(king, occupied) & others & pieces(BISHOP, QUEEN)) ||
           (rook_attacks(king, occupied) & others & pieces(ROOK, QUEEN));
}

Key Position::key_after(Move m) const {
    const Piece pc = board_[m.from()];
    const Piece captured = board_[m.to()];
    Key k = state().key ^ keys.side ^ keys.psq[pc][m.from()] ^ keys.psq[pc][m.to()];
    if (captured != NO_PIECE) k ^= keys.psq[captured][m.to()];
    return k;
}

void Position::undo_move(Move m) {
    side_ = ~side_;
    const Color us = side_;
    if (us == BLACK) --fullmove_;
    const Square from = m.from(), to = m.to();
    const StateInfo& st = state();

    if (m.kind() == Move::CASTLING) {
        const int right = castling_right(us, m);
        const Square rook_to = relative_square(us, right & (WHITE_OO | BLACK_OO) ? SQ_F1 : SQ_D1);
        castle(to, from, rook_to, castling_rook(right));
    } else {
        if (m.kind() == Move::PROMOTION) {
            remove_piece(to);
            put_piece(make_piece(us, PAWN), to);
        }
        move_piece(to, from);
        if (st.captured != NO_PIECE)
            put_piece(st.captured, m.kind() == Move::EN_PASSANT ? pawn_push(~us, to) : to);
    }
    --top_;
    assert_consistent();
}

void Position::do_null_move() {
    assert(!in_check());
    if (std::size_t(top_) + 1 >= states_.size()) states_.resize(states_.size() * 2 + 16);
    StateInfo& st = states_[std::size_t(top_) + 1];
    st = states_[std::size_t(top_)];
    st.key ^= keys.side;
    if (ep_capturable(st.ep_square, side_)) st.key ^= keys.ep[file_of(st.ep_square)];
    st.ep_square = SQ_NONE;
    st.rule50++;
    st.plies_from_null = 0;
    st.captured = NO_PIECE;
    st.checkers = 0;
    side_ = ~side_;
    ++top_;
    assert_consistent();
}

void Position::undo_null_move() {
    side_ = ~side_;
    --top_;
    assert_consistent();
}

// One scan for both repetition rules: true once the current position is found `count` times
// earlier, or once at all closer than `within` plies (an occurrence after the search root).
bool Position::repeated(int count, int within) const {
    const StateInfo& st = state();
    const int end = std::min({st.rule50, st.plies_from_null, history_length()});
    int seen = 0;
    for (int i = 4; i <= end; i += 2)
        if (earlier_state(i).key == st.key && (i < within || ++seen >= count)) return true;
    return false;
}

bool Position::is_repetition(int count) const { return repeated(count, 0); }

bool Position::is_repetition_draw(int ply) const { return repeated(2, ply); }

bool Position::has_insufficient_material() const {
    if (pieces(PAWN) | pieces(ROOK) | pieces(QUEEN)) return false;
    const Bitboard minors = pieces(KNIGHT) | pieces(BISHOP);
    if (!more_than_one(minors)) return true;
    constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;
    const Bitboard bishops = pieces(BISHOP);
    return !pieces(KNIGHT) && (!(bishops & DARK_SQUARES) || !(bishops & ~DARK_SQUARES));
}

Key Position::compute_key() const {
    Key k = 0;
    for (int s = 0; s < 64; ++s)
        if (board_[s] != NO_PIECE) k ^= keys.psq[board_[s]][s];
    if (side_ == BLACK) k ^= keys.side;
    k ^= keys.castling[castling_rights()];
    if (ep_capturable(ep_square(), side_)) k ^= keys.ep[file_of(ep_square())];
    return k;
}

std::string Position::consistency_error() const {
    Bitboard all = 0;
    for (int s = 0; s < 64; ++s) {
        Piece p = board_[s];
        Bitboard b = square_bb(Square(s));
        if (p == NO_PIECE) {
            if (pieces() & b) return "occupancy has a piece on empty square " + square_name(Square(s));
            continue;
        }
        if (!(pieces(color_of(p), type_of(p)) & b)) return "bitboards miss the piece on " + square_name(Square(s));
        all |= b;
    }
    if (all != pieces()) return "occupancy bitboard differs from the mailbox";
    if (pieces(WHITE) & pieces(BLACK)) return "colour bitboards overlap";
    if ((pieces(WHITE) | pieces(BLACK)) != pieces()) return "colour bitboards differ from occupancy";
    Bitboard types = 0;
    for (int pt = PAWN; pt <= KING; ++pt) {
        if (types & pieces(PieceType(pt))) return "piece-type bitboards overlap";
        types |= pieces(PieceType(pt));
    }
    if (types != pieces()) return "piece-type bitboards differ from occupancy";
    if (popcount(pieces(WHITE, KING)) != 1 || popcount(pieces(BLACK, KING)) != 1) return "not one king per side";
    if (key() != compute_key()) return "incremental key differs from the key computed from scratch";
    psq::Pair psq_sum;
    for (int s = 0; s < 64; ++s)
        if (board_[s] != NO_PIECE) {
            psq_sum.mg += psq::value(board_[s], Square(s)).mg;
            psq_sum.eg += psq::value(board_[s], Square(s)).eg;
        }
    if (psq_sum.mg != psq_.mg || psq_sum.eg != psq_.eg) return "incremental piece-square sum differs from the board";
    if (checkers() != compute_checkers()) return "stored checkers differ from the actual checkers";
    if (attacked_by(side_, king_square(~side_))) return "the side not to move is in check";
    if (pieces(PAWN) & (RANK_1_BB | RANK_8_BB)) return "a pawn stands on rank 1 or 8";

    // The state: what from_fen() validates at the root must stay true after every move.
    if (top_ < 0 || std::size_t(top_) >= states_.size()) return "history index outside the state stack";
    const StateInfo& st = state();
    for (const auto& [right, color] : {std::tuple{WHITE_OO, WHITE}, std::tuple{WHITE_OOO, WHITE},
                                       std::tuple{BLACK_OO, BLACK}, std::tuple{BLACK_OOO, BLACK}}) {
        if (!(st.castling & right)) continue;
        const Square rook_sq = castling_rook(right), king_sq = king_square(color);
        // the king has not moved (its square takes the rights away) and stands on the rook's side
        if (rook_sq == SQ_NONE || board_[rook_sq] != make_piece(color, ROOK) || rank_of(king_sq) != rank_of(rook_sq) ||
            (castling_mask_[king_sq] & right) || (file_of(rook_sq) > file_of(king_sq)) != bool(right & (WHITE_OO | BLACK_OO)))
            return "a castling right without its king and rook on their home squares";
    }
    if (st.castling & ~ALL_CASTLING) return "castling rights out of range";
    if (st.ep_square != SQ_NONE) {
        const Square ep = st.ep_square;
        if (!is_ok(ep) || relative_rank(~side_, ep) != 2 || board_[pawn_push(~side_, ep)] != make_piece(~side_, PAWN) ||
            !empty(ep) || !empty(pawn_push(side_, ep)))
            return "en-passant square " + square_name(ep) + " not behind a pawn that has just advanced two squares";
    }
    if (st.captured != NO_PIECE && (color_of(st.captured) != side_ || type_of(st.captured) < PAWN ||
                                    type_of(st.captured) > QUEEN))
        return "the captured piece is not a non-king piece of the side to move";
    // Counters only count up from their last reset: by one per ply (a null move resets
    // plies_from_null, a capture or pawn move rule50).
    if (st.rule50 < 0 || st.plies_from_null < 0 || fullmove_ < 0) return "a negative move counter";
    if (top_ > 0) {
        const StateInfo& prev = states_[std::size_t(top_ - 1)];
        if (st.rule50 != 0 && st.rule50 != prev.rule50 + 1) return "halfmove clock neither reset nor counted up";
        if (st.plies_from_null != 0 && st.plies_from_null != prev.plies_from_null + 1)
            return "plies since the last null move neither reset nor counted up";
    }
    return "";
}

void Position::assert_consistent() const {
#ifndef NDEBUG
    const std::string error = consistency_error();
    assert(error.empty() && "position invariant violated");
#endif
}

char piece_to_char(Piece p) {
    constexpr std::string_view chars = " PNBRQK  pnbrqk";
    return p > NO_PIECE && p < PIECE_NB ? chars[std::size_t(p)] : '?';
}

std::string square_name(Square s) {
    if (!is_ok(s)) return "-";
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

}  // namespace mainline
