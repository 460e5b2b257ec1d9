// Attack tables: magic slider attacks against the ray-by-ray reference, leaper and pawn tables
// against the geometry of the board, and the between/line tables against a walk along each line.
#include <gtest/gtest.h>

#include <cstdlib>

#include "bitboard.h"
#include "test_util.h"

namespace mainline {
namespace {

using test::SplitMix64;

Bitboard squares(std::initializer_list<Square> list) {
    Bitboard b = 0;
    for (Square s : list) b |= square_bb(s);
    return b;
}

// The squares a slider on `s` may be blocked on: its empty-board rays minus the last square of each.
Bitboard relevant_mask(PieceType pt, Square s) {
    const Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) | ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
    return sliding_attacks_slow(pt, s, 0) & ~edges;
}

TEST(Bitboard, SlowReferenceOnHandPickedBoards) {
    // The reference itself must be right for the comparisons below to mean anything.
    EXPECT_EQ(sliding_attacks_slow(ROOK, SQ_A1, 0), (FILE_A_BB | RANK_1_BB) & ~square_bb(SQ_A1));
    EXPECT_EQ(popcount(sliding_attacks_slow(ROOK, SQ_D4, 0)), 14);
    EXPECT_EQ(popcount(sliding_attacks_slow(BISHOP, SQ_D4, 0)), 13);
    EXPECT_EQ(popcount(sliding_attacks_slow(BISHOP, SQ_A1, 0)), 7);
    EXPECT_EQ(sliding_attacks_slow(ROOK, SQ_D4, squares({SQ_D6, SQ_B4, SQ_D2, SQ_G4})),
              squares({SQ_D5, SQ_D6, SQ_C4, SQ_B4, SQ_D3, SQ_D2, SQ_E4, SQ_F4, SQ_G4}));
    EXPECT_EQ(sliding_attacks_slow(BISHOP, SQ_C1, squares({SQ_E3, SQ_B2})), squares({SQ_D2, SQ_E3, SQ_B2}));
}

TEST(Bitboard, MagicAttacksMatchReferenceForEveryRelevantOccupancy) {
    // Exhaustive: every subset of every square's relevant mask (102400 rook and 5248 bishop boards).
    long long checked = 0;
    for (int sq = 0; sq < 64; ++sq) {
        const Square s = Square(sq);
        for (PieceType pt : {ROOK, BISHOP}) {
            const Bitboard mask = relevant_mask(pt, s);
            Bitboard b = 0;
            do {
                const Bitboard got = pt == ROOK ? rook_attacks(s, b) : bishop_attacks(s, b);
                if (got != sliding_attacks_slow(pt, s, b)) {
                    ADD_FAILURE() << (pt == ROOK ? "rook" : "bishop") << " on " << square_name(s) << ", occupancy 0x"
                                  << std::hex << b;
                    return;
                }
                ++checked;
                b = (b - mask) & mask;
            } while (b);
        }
    }
    EXPECT_EQ(checked, 102400 + 5248);
}

TEST(Bitboard, MagicAttacksMatchReferenceForRandomOccupancies) {
    // Random boards also set edge squares and the slider's own square, which the magics must ignore.
    SplitMix64 rng(20240601);
    for (int i = 0; i < 3000; ++i) {
        Bitboard occ = rng.next();
        if (i % 3 >= 1) occ &= rng.next();  // sparser boards give longer rays
        if (i % 3 == 2) occ &= rng.next();
        for (int sq = 0; sq < 64; ++sq) {
            const Square s = Square(sq);
            const Bitboard rook = sliding_attacks_slow(ROOK, s, occ), bishop = sliding_attacks_slow(BISHOP, s, occ);
            ASSERT_EQ(rook_attacks(s, occ), rook) << "rook on " << square_name(s) << ", occupancy 0x" << std::hex << occ;
            ASSERT_EQ(bishop_attacks(s, occ), bishop)
                << "bishop on " << square_name(s) << ", occupancy 0x" << std::hex << occ;
            ASSERT_EQ(queen_attacks(s, occ), rook | bishop)
                << "queen on " << square_name(s) << ", occupancy 0x" << std::hex << occ;
            ASSERT_EQ(attacks_bb(ROOK, s, occ), rook);
            ASSERT_EQ(attacks_bb(BISHOP, s, occ), bishop);
            ASSERT_EQ(attacks_bb(QUEEN, s, occ), rook | bishop);
        }
    }
}

TEST(Bitboard, KnightAttacks) {
    EXPECT_EQ(popcount(knight_attacks(SQ_A1)), 2);
    EXPECT_EQ(popcount(knight_attacks(SQ_B1)), 3);
    EXPECT_EQ(popcount(knight_attacks(SQ_G2)), 4);
    EXPECT_EQ(popcount(knight_attacks(SQ_D4)), 8);
    EXPECT_EQ(popcount(knight_attacks(SQ_H8)), 2);
    EXPECT_EQ(knight_attacks(SQ_A1), squares({SQ_B3, SQ_C2}));
    EXPECT_EQ(knight_attacks(SQ_G1), squares({SQ_E2, SQ_F3, SQ_H3}));
    // Every square: exactly the squares a (1, 2) jump away.
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            const int df = std::abs(file_of(Square(a)) - file_of(Square(b)));
            const int dr = std::abs(rank_of(Square(a)) - rank_of(Square(b)));
            EXPECT_EQ(bool(knight_attacks(Square(a)) & square_bb(Square(b))), df * dr == 2)
                << square_name(Square(a)) << " -> " << square_name(Square(b));
            EXPECT_EQ(attacks_bb(KNIGHT, Square(a), 0), knight_attacks(Square(a)));
        }
}

TEST(Bitboard, KingAttacks) {
    EXPECT_EQ(popcount(king_attacks(SQ_A1)), 3);
    EXPECT_EQ(popcount(king_attacks(SQ_E1)), 5);
    EXPECT_EQ(popcount(king_attacks(SQ_E4)), 8);
    EXPECT_EQ(popcount(king_attacks(SQ_H8)), 3);
    EXPECT_EQ(king_attacks(SQ_H1), squares({SQ_G1, SQ_G2, SQ_H2}));
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            const int df = std::abs(file_of(Square(a)) - file_of(Square(b)));
            const int dr = std::abs(rank_of(Square(a)) - rank_of(Square(b)));
            EXPECT_EQ(bool(king_attacks(Square(a)) & square_bb(Square(b))), a != b && df <= 1 && dr <= 1)
                << square_name(Square(a)) << " -> " << square_name(Square(b));
        }
}

TEST(Bitboard, PawnAttacks) {
    EXPECT_EQ(pawn_attacks(WHITE, SQ_E4), squares({SQ_D5, SQ_F5}));
    EXPECT_EQ(pawn_attacks(BLACK, SQ_E4), squares({SQ_D3, SQ_F3}));
    EXPECT_EQ(pawn_attacks(WHITE, SQ_A2), square_bb(SQ_B3));
    EXPECT_EQ(pawn_attacks(WHITE, SQ_H2), square_bb(SQ_G3));
    EXPECT_EQ(pawn_attacks(BLACK, SQ_A7), square_bb(SQ_B6));
    EXPECT_EQ(pawn_attacks(BLACK, SQ_H7), square_bb(SQ_G6));
    EXPECT_EQ(pawn_attacks(WHITE, SQ_D8), Bitboard(0));
    EXPECT_EQ(pawn_attacks(BLACK, SQ_D1), Bitboard(0));
    for (int sq = 0; sq < 64; ++sq) {
        const Square s = Square(sq);
        const int expected = rank_of(s) == 7 ? 0 : (file_of(s) == 0 || file_of(s) == 7) ? 1 : 2;
        EXPECT_EQ(popcount(pawn_attacks(WHITE, s)), expected) << square_name(s);
        // The set form agrees with the per-square table.
        EXPECT_EQ(pawn_attacks_bb<WHITE>(square_bb(s)), pawn_attacks(WHITE, s)) << square_name(s);
        EXPECT_EQ(pawn_attacks_bb<BLACK>(square_bb(s)), pawn_attacks(BLACK, s)) << square_name(s);
    }
}

TEST(Bitboard, ShiftsDropWhatLeavesTheBoard) {
    EXPECT_EQ(shift<NORTH>(RANK_8_BB), Bitboard(0));
    EXPECT_EQ(shift<SOUTH>(RANK_1_BB), Bitboard(0));
    EXPECT_EQ(shift<NORTH + EAST>(FILE_H_BB), Bitboard(0));
    EXPECT_EQ(shift<NORTH + WEST>(FILE_A_BB), Bitboard(0));
    EXPECT_EQ(shift<SOUTH + EAST>(square_bb(SQ_E4)), square_bb(SQ_F3));
    EXPECT_EQ(shift<SOUTH + WEST>(square_bb(SQ_E4)), square_bb(SQ_D3));
    EXPECT_EQ(shift<NORTH>(RANK_2_BB), RANK_3_BB);
}

TEST(Bitboard, BitHelpers) {
    EXPECT_EQ(popcount(0), 0);
    EXPECT_EQ(popcount(~Bitboard(0)), 64);
    EXPECT_EQ(lsb(square_bb(SQ_H8) | square_bb(SQ_C3)), SQ_C3);
    Bitboard b = squares({SQ_A1, SQ_E4, SQ_H8});
    EXPECT_EQ(pop_lsb(b), SQ_A1);
    EXPECT_EQ(pop_lsb(b), SQ_E4);
    EXPECT_EQ(pop_lsb(b), SQ_H8);
    EXPECT_EQ(b, Bitboard(0));
    EXPECT_FALSE(more_than_one(0));
    EXPECT_FALSE(more_than_one(square_bb(SQ_D5)));
    EXPECT_TRUE(more_than_one(squares({SQ_D5, SQ_D6})));
    EXPECT_EQ(file_bb(4), FILE_A_BB << 4);
    EXPECT_EQ(rank_bb(7), RANK_8_BB);
}

TEST(Bitboard, BetweenAndLineSpotChecks) {
    EXPECT_EQ(between_bb(SQ_E1, SQ_E8), squares({SQ_E2, SQ_E3, SQ_E4, SQ_E5, SQ_E6, SQ_E7, SQ_E8}));
    EXPECT_EQ(between_bb(SQ_A1, SQ_H8), squares({SQ_B2, SQ_C3, SQ_D4, SQ_E5, SQ_F6, SQ_G7, SQ_H8}));
    EXPECT_EQ(between_bb(SQ_H8, SQ_A1), squares({SQ_B2, SQ_C3, SQ_D4, SQ_E5, SQ_F6, SQ_G7, SQ_A1}));
    EXPECT_EQ(between_bb(SQ_G1, SQ_B6), squares({SQ_F2, SQ_E3, SQ_D4, SQ_C5, SQ_B6}));
    EXPECT_EQ(between_bb(SQ_E1, SQ_F1), square_bb(SQ_F1));    // adjacent: only the checker
    EXPECT_EQ(between_bb(SQ_E1, SQ_F3), square_bb(SQ_F3));    // not aligned (a knight check)
    EXPECT_EQ(line_bb(SQ_A1, SQ_C3), squares({SQ_A1, SQ_B2, SQ_C3, SQ_D4, SQ_E5, SQ_F6, SQ_G7, SQ_H8}));
    EXPECT_EQ(line_bb(SQ_D4, SQ_B4), RANK_1_BB << 24);
    EXPECT_EQ(line_bb(SQ_C2, SQ_C7), file_bb(2));
    EXPECT_EQ(line_bb(SQ_E1, SQ_F3), Bitboard(0));
    EXPECT_TRUE(aligned(SQ_A1, SQ_C3, SQ_H8));
    EXPECT_TRUE(aligned(SQ_E1, SQ_E4, SQ_E8));
    EXPECT_FALSE(aligned(SQ_E1, SQ_E4, SQ_F8));
    EXPECT_FALSE(aligned(SQ_E1, SQ_F3, SQ_G5));
}

// Every pair of squares against a walk along the line from the first square to the second.
TEST(Bitboard, BetweenAndLineForEveryPair) {
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            if (a == b) continue;
            const Square sa = Square(a), sb = Square(b);
            const int df = file_of(sb) - file_of(sa), dr = rank_of(sb) - rank_of(sa);
            const bool is_aligned = df == 0 || dr == 0 || std::abs(df) == std::abs(dr);
            Bitboard between = square_bb(sb), line = 0;
            if (is_aligned) {
                const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
                for (int f = file_of(sa) + sf, r = rank_of(sa) + sr; f != file_of(sb) || r != rank_of(sb); f += sf, r += sr)
                    between |= square_bb(make_square(f, r));
                line = square_bb(sa);
                for (int dir : {1, -1})
                    for (int f = file_of(sa) + dir * sf, r = rank_of(sa) + dir * sr; f >= 0 && f < 8 && r >= 0 && r < 8;
                         f += dir * sf, r += dir * sr)
                        line |= square_bb(make_square(f, r));
            }
            ASSERT_EQ(between_bb(sa, sb), between) << square_name(sa) << " " << square_name(sb);
            ASSERT_EQ(line_bb(sa, sb), line) << square_name(sa) << " " << square_name(sb);
        }
}

}  // namespace
}  // namespace mainline
