// Bitboards and precomputed attack tables. Slider attacks use "fancy" magic bitboards: a
// multiply-and-shift hash of the relevant occupancy indexes a shared table. WebAssembly has no
// PEXT, but it has a native 64-bit multiply, so magics are the fastest portable choice.
#pragma once

#include <bit>

#include "types.h"

namespace mainline {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_2_BB = RANK_1_BB << 8;
constexpr Bitboard RANK_3_BB = RANK_1_BB << 16;
constexpr Bitboard RANK_6_BB = RANK_1_BB << 40;
constexpr Bitboard RANK_7_BB = RANK_1_BB << 48;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;

constexpr Bitboard square_bb(Square s) { return 1ULL << s; }
constexpr Bitboard file_bb(int file) { return FILE_A_BB << file; }
constexpr Bitboard rank_bb(int rank) { return RANK_1_BB << (8 * rank); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shifts a whole bitboard one step, dropping what falls off the board's edge.
enum Direction : int { NORTH = 8, SOUTH = -8, EAST = 1, WEST = -1 };
template <int D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == NORTH) return b << 8;
    else if constexpr (D == SOUTH) return b >> 8;
    else if constexpr (D == NORTH + EAST) return (b & ~FILE_H_BB) << 9;
    else if constexpr (D == NORTH + WEST) return (b & ~FILE_A_BB) << 7;
    else if constexpr (D == SOUTH + EAST) return (b & ~FILE_H_BB) >> 7;
    else if constexpr (D == SOUTH + WEST) return (b & ~FILE_A_BB) >> 9;
    else static_assert(D == NORTH, "unsupported direction");
}

template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) {
    return C == WHITE ? shift<NORTH + WEST>(pawns) | shift<NORTH + EAST>(pawns)
                      : shift<SOUTH + WEST>(pawns) | shift<SOUTH + EAST>(pawns);
}

struct Magic {
    Bitboard mask;
    Bitboard magic;
    const Bitboard* attacks;
    unsigned shift;

    unsigned index(Bitboard occupied) const { return unsigned(((occupied & mask) * magic) >> shift); }
};

// The tables are filled once, before main(), by the constructor of the const object below and are
// read-only afterwards, so sharing them between engines is safe.
struct AttackTables {
    AttackTables();

    Bitboard pawn[COLOR_NB][SQUARE_NB];
    Bitboard knight[SQUARE_NB];
    Bitboard king[SQUARE_NB];
    Bitboard between[SQUARE_NB][SQUARE_NB];  // squares strictly between two aligned squares, plus the second
    Bitboard line[SQUARE_NB][SQUARE_NB];     // the whole line through two aligned squares, or 0
    Magic rook[SQUARE_NB];
    Magic bishop[SQUARE_NB];
    // Rook tables need the sum over squares of 2^(relevant bits) = 102400 entries, bishops 5248.
    Bitboard rook_table[102400];
    Bitboard bishop_table[5248];
};

extern const AttackTables attack_tables;

inline Bitboard pawn_attacks(Color c, Square s) { return attack_tables.pawn[c][s]; }
inline Bitboard knight_attacks(Square s) { return attack_tables.knight[s]; }
inline Bitboard king_attacks(Square s) { return attack_tables.king[s]; }
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    const Magic& m = attack_tables.bishop[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    const Magic& m = attack_tables.rook[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
// Squares a check from `checker` to the king on `king` can be blocked on, plus the checker itself.
inline Bitboard between_bb(Square king, Square checker) { return attack_tables.between[king][checker]; }
inline Bitboard line_bb(Square a, Square b) { return attack_tables.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

// Attacks of a piece type from a square for the given occupancy (pawns excluded).
inline Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied) {
    switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return king_attacks(s);
    default: return 0;
    }
}

// Reference slider attacks computed ray by ray; used to build the magic tables and by tests.
Bitboard sliding_attacks_slow(PieceType pt, Square s, Bitboard occupied);

}  // namespace mainline
