// Basic value types shared by every part of the engine: squares, pieces, colours and moves.
#pragma once

#include <cstdint>

namespace mainline {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : int { WHITE, BLACK, COLOR_NB = 2 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : int { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB = 7 };

// Pieces are coloured piece types: white 1..6, black 9..14, so that the colour is bit 3.
enum Piece : int {
    NO_PIECE,
    W_PAWN = 1, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
    B_PAWN = 9, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
    PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Squares a1 = 0 ... h8 = 63, file-major within a rank (a1, b1, ..., h1, a2, ...).
enum Square : int {
    SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
    SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
    SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
    SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
    SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
    SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
    SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
    SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
    SQ_NONE = 64,
    SQUARE_NB = 64
};

constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr bool is_ok(Square s) { return s >= SQ_A1 && s <= SQ_H8; }
// The rank as seen from the side `c` (rank 0 is that side's back rank).
constexpr int relative_rank(Color c, Square s) { return c == WHITE ? rank_of(s) : 7 - rank_of(s); }
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr Square pawn_push(Color c, Square s) { return Square(c == WHITE ? s + 8 : s - 8); }

// Code that runs once per engine or per search, not per node, is optimised for size in the web
// build (clang), whose every byte is downloaded; GCC's native build is the same either way.
#if defined(__clang__)
#define MAINLINE_SIZE_OVER_SPEED [[clang::minsize]]
#else
#define MAINLINE_SIZE_OVER_SPEED
#endif

// Castling rights as a 4-bit set: for each colour the king side (the rook on the h-file side of
// the king, the king going to g1) and the queen side (a-file side, c1).
enum CastlingRights : int {
    NO_CASTLING = 0,
    WHITE_OO = 1,
    WHITE_OOO = 2,
    BLACK_OO = 4,
    BLACK_OOO = 8,
    ALL_CASTLING = 15
};

// A move in 16 bits: from (6) | to (6) | promotion piece - KNIGHT (2) | kind (2).
// Castling is encoded as the king's move to its destination, g1 or c1 (e1g1, its UCI form in
// standard chess); the rook is the one the position's castling right names (Position::castling_rook),
// anywhere on the back rank in Chess960, where the king may not move at all (g1g1).
class Move {
public:
    enum Kind : std::uint16_t { NORMAL = 0, PROMOTION = 1, EN_PASSANT = 2, CASTLING = 3 };

    // Trivial, so that move lists on the search stack are not zeroed at every node; Move() and
    // Move::none() are the zero move.
    constexpr Move() = default;
    constexpr Move(Square from, Square to, Kind kind = NORMAL, PieceType promo = KNIGHT)
        : data_(std::uint16_t(from | (to << 6) | ((promo - KNIGHT) << 12) | (kind << 14))) {}

    static constexpr Move none() { return Move(); }
    static constexpr Move from_raw(std::uint16_t raw) {
        Move m{};
        m.data_ = raw;
        return m;
    }

    constexpr Square from() const { return Square(data_ & 63); }
    constexpr Square to() const { return Square((data_ >> 6) & 63); }
    constexpr Kind kind() const { return Kind(data_ >> 14); }
    constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
    constexpr std::uint16_t raw() const { return data_; }
    // A null move (from == to) is never a legal move, so the zero value doubles as "no move". A
    // Chess960 castling may leave the king where it is: from == to, told apart by its kind.
    constexpr bool is_ok() const { return from() != to() || kind() == CASTLING; }

    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t data_;
};

// The most legal moves in a reachable position is 218, but FEN input need only pass our checks:
// with at most 8 promoted pieces per side (see fen.cpp), 9 queens, 2 rooks, 2 bishops, 2 knights
// and a king can have at most 9*27 + 2*14 + 2*13 + 2*8 + 8 + 2 castlings = 323 moves.
constexpr int MAX_MOVES = 336;
constexpr int MAX_PLY = 128;

}  // namespace mainline
