// The board: piece placement (bitboards and a mailbox kept in step), side to move, castling
// rights, en-passant square, clocks, an incrementally updated Zobrist key, and the history of
// states needed to unmake moves and to detect repetitions.
#pragma once

#include <bit>
#include <string>
#include <string_view>
#include <vector>

#include "bitboard.h"
#include "psq.h"
#include "result.h"
#include "types.h"

namespace mainline {

// What make_move cannot recompute when the move is taken back, plus what is cheapest to keep
// per ply (key, checkers).
struct StateInfo {
    Key key = 0;
    Bitboard checkers = 0;
    Piece captured = NO_PIECE;
    Square ep_square = SQ_NONE;  // as FEN shows it: set after every double push
    int castling = NO_CASTLING;
    int rule50 = 0;
    int plies_from_null = 0;  // repetitions cannot reach back past a null move
};

// The piece-placement field of a FEN ("rnbqkbnr/pppppppp/8/...") for a board indexed by square.
std::string fen_placement(const Piece (&board)[SQUARE_NB]);

class Position {
public:
    static constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    Position();  // the standard starting position

    // Parses and validates a FEN. Four fields (EPD style) are accepted: the clocks then default
    // to 0 and 1. The error names the first problem found.
    static Result<Position> from_fen(std::string_view fen);
    std::string fen() const;

    // Moves must be legal in this position (see movegen.h); make/unmake are the hot path.
    void do_move(Move m);
    // The key after `m`, approximately (castling and en-passant changes ignored): good enough to
    // prefetch the hash table entry before the move is made.
    Key key_after(Move m) const;
    void undo_move(Move m);
    void do_null_move();
    void undo_null_move();
    // Whether the legal move `m` checks the opponent (directly or by discovery), without making it.
    bool gives_check(Move m) const;

    Color side_to_move() const { return side_; }
    Piece piece_on(Square s) const { return board_[s]; }
    bool empty(Square s) const { return board_[s] == NO_PIECE; }
    Bitboard pieces() const { return by_type_[NO_PIECE_TYPE]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & (by_type_[a] | by_type_[b]); }
    Square king_square(Color c) const { return lsb(pieces(c, KING)); }
    // Material plus piece-square values of all pieces, white's minus black's (see psq.h).
    psq::Pair psq() const { return psq_; }

    const StateInfo& state() const { return states_[std::size_t(top_)]; }
    // The state `plies` moves ago (at most history_length()).
    const StateInfo& earlier_state(int plies) const { return states_[std::size_t(top_ - plies)]; }
    Key key() const { return state().key; }
    Bitboard checkers() const { return state().checkers; }
    bool in_check() const { return state().checkers != 0; }
    int castling_rights() const { return state().castling; }
    // The rook a castling right (one of WHITE_OO ... BLACK_OOO) moves, wherever the FEN put it
    // (h1, a1, h8, a8 in standard chess); SQ_NONE when the position began without that right.
    Square castling_rook(int right) const { return castling_rook_[right_index(right)]; }
    // The right a castling move of the side to move (or of `c`) uses: the king side when the king
    // goes to the g-file.
    static int castling_right(Color c, Move m) {
        return file_of(m.to()) == 6 ? (c == WHITE ? WHITE_OO : BLACK_OO) : (c == WHITE ? WHITE_OOO : BLACK_OOO);
    }
    // Whether a castling right's king or rook stands elsewhere than in standard chess (e1 and the
    // corner): such a position can only be Chess960, whose notation writes castling as the king
    // taking its own rook (e1h1) and names the rooks' files in FEN where KQkq would be ambiguous.
    bool chess960() const { return chess960_; }
    Square ep_square() const { return state().ep_square; }
    int rule50() const { return state().rule50; }
    int fullmove_number() const { return fullmove_; }
    // Plies played since this position was set up from a FEN.
    int history_length() const { return top_; }

    // All pieces of either colour attacking `s`, given the occupancy.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    bool attacked_by(Color c, Square s) const { return attackers_to(s, pieces()) & pieces(c); }

    // Whether the position occurred before, counting only positions with the same side to move
    // that are reachable without an irreversible move in between. `count` = 1 asks for any earlier
    // occurrence, 2 for a threefold repetition.
    bool is_repetition(int count) const;
    // The search's repetition rule at `ply` plies from its root: an earlier occurrence after the
    // root, or two earlier occurrences in all (threefold, counting the game before the root).
    bool is_repetition_draw(int ply) const;
    bool is_fifty_move_draw() const { return rule50() >= 100; }
    // Neither side can possibly mate: K v K, K+minor v K, and any bishops-only ending where all
    // bishops stand on squares of one colour.
    bool has_insufficient_material() const;

    Key compute_key() const;  // from scratch, for tests and invariant checks
    // Checks every invariant (mailbox vs bitboards, key, checkers, counts); returns "" when
    // consistent, else a description of the first violation.
    std::string consistency_error() const;

    // Makes room so that `plies` more moves can be made without reallocating: the search calls
    // it before starting so that it allocates nothing per node.
    void reserve_history(int plies) {
        if (states_.size() < std::size_t(top_ + 1 + plies)) states_.resize(std::size_t(top_ + 1 + plies));
    }

private:
    struct Empty {};
    explicit Position(Empty) {}
    static constexpr int right_index(int right) { return std::countr_zero(unsigned(right)); }
    // Gives `color` the castling right with the rook on `rook_sq` (its king on its square now):
    // the right, which rook it moves, and which squares take it away when a move leaves or
    // reaches them (the king's, the rook's).
    void add_castling_right(Color color, Square rook_sq, StateInfo& st);
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void castle(Square king_from, Square king_to, Square rook_from, Square rook_to);
    Bitboard compute_checkers() const;
    bool ep_capturable(Square ep, Color capturer) const;
    bool repeated(int count, int within) const;
    void assert_consistent() const;

    Piece board_[SQUARE_NB];
    Bitboard by_type_[PIECE_TYPE_NB];  // [NO_PIECE_TYPE] holds all pieces
    Bitboard by_color_[COLOR_NB];
    Color side_ = WHITE;
    int fullmove_ = 1;
    psq::Pair psq_;
    // states_[0..top_] is the history, states_[top_] the current state. The vector is kept at
    // least one longer than that, so make/unmake only move an index (no push_back in the hot path).
    std::vector<StateInfo> states_;
    int top_ = 0;
    // Set up by the FEN and never changed by moves (a right is only ever lost): which rook each
    // right moves, and the rights that survive a move from or to each square.
    Square castling_rook_[4] = {SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
    std::uint8_t castling_mask_[SQUARE_NB];
    bool chess960_ = false;
};

namespace zobrist {
Key piece_square(Piece p, Square s);
Key en_passant(int file);
Key castling(int rights);
Key side();
}  // namespace zobrist

char piece_to_char(Piece p);
std::string square_name(Square s);

}  // namespace mainline
