// Legal move generation in the special cases (castling, en passant, promotion, checks, pins), the
// NOISY/QUIET split, is_legal, and the position's draw rules and make/unmake bookkeeping.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "rules.h"
#include "test_util.h"

namespace mainline {
namespace {

using test::legal_uci;
using test::legal_uci_from;
using test::play;
using test::pos_from;
using test::sorted;
using test::uci_move;
using Strings = std::vector<std::string>;

Strings castling_moves(const Position& pos) {
    Strings v;
    for (Move m : legal_moves(pos))
        if (m.kind() == Move::CASTLING) v.push_back(move_to_uci(m));
    std::sort(v.begin(), v.end());
    return v;
}

// --- Castling ---------------------------------------------------------------------------------

TEST(Castling, BothSidesWhenFree) {
    EXPECT_EQ(castling_moves(pos_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")), (Strings{"e1c1", "e1g1"}));
    EXPECT_EQ(castling_moves(pos_from("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")), (Strings{"e8c8", "e8g8"}));
    // The rights, not just the pieces, decide.
    EXPECT_EQ(castling_moves(pos_from("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1")), (Strings{"e1g1"}));
    EXPECT_EQ(castling_moves(pos_from("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1")), (Strings{"e8c8"}));
    EXPECT_EQ(castling_moves(pos_from("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1")), Strings{});
}

TEST(Castling, CastlingMovesAreEncodedAsKingTwoSquareMoves) {
    const Position pos = pos_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_TRUE(legal_moves(pos).contains(Move(SQ_E1, SQ_G1, Move::CASTLING)));
    EXPECT_TRUE(legal_moves(pos).contains(Move(SQ_E1, SQ_C1, Move::CASTLING)));
    EXPECT_FALSE(legal_moves(pos).contains(Move(SQ_E1, SQ_G1)));
}

TEST(Castling, BlockedByPiecesInBetween) {
    EXPECT_EQ(castling_moves(pos_from("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1")), Strings{});
    EXPECT_EQ(castling_moves(pos_from("r3k2r/8/8/8/8/8/8/R2QKB1R w KQkq - 0 1")), Strings{});
    // b1 occupied stops queen-side castling even though the king does not cross it.
    EXPECT_EQ(castling_moves(pos_from("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1")), (Strings{"e1g1"}));
    EXPECT_EQ(castling_moves(pos_from("rn2k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")), (Strings{"e8g8"}));
    // An enemy piece in the way blocks as well.
    EXPECT_EQ(castling_moves(pos_from("r3k2r/8/8/8/8/8/8/R2bK1nR w KQkq - 0 1")), Strings{});
}

TEST(Castling, NotThroughAnAttackedSquare) {
    // f1 attacked: no O-O; d1 attacked: no O-O-O.
    EXPECT_EQ(castling_moves(pos_from("5r1k/7p/8/8/8/8/8/R3K2R w KQ - 0 1")), (Strings{"e1c1"}));
    EXPECT_EQ(castling_moves(pos_from("3r3k/7p/8/8/8/8/8/R3K2R w KQ - 0 1")), (Strings{"e1g1"}));
    // Attacked by a bishop and by a pawn.
    EXPECT_EQ(castling_moves(pos_from("7k/7p/8/8/8/8/8/R3K2R w KQ - 0 1")), (Strings{"e1c1", "e1g1"}));
    EXPECT_EQ(castling_moves(pos_from("7k/7p/8/1b6/8/8/8/R3K2R w KQ - 0 1")), (Strings{"e1c1"}));
    EXPECT_EQ(castling_moves(pos_from("7k/7p/8/8/8/8/2p5/R3K2R w KQ - 0 1")), (Strings{"e1g1"}));
    // Black side, attacked by a knight.
    EXPECT_EQ(castling_moves(pos_from("r3k2r/8/4N3/8/8/8/8/4K3 b kq - 0 1")), Strings{});
    EXPECT_EQ(castling_moves(pos_from("r3k2r/8/7N/8/8/8/8/4K3 b kq - 0 1")), (Strings{"e8c8"}));
}

TEST(Castling, NotIntoCheck) {
    EXPECT_EQ(castling_moves(pos_from("6rk/7p/8/8/8/8/8/R3K2R w KQ - 0 1")), (Strings{"e1c1"}));
    EXPECT_EQ(castling_moves(pos_from("2r4k/7p/8/8/8/8/8/R3K2R w KQ - 0 1")), (Strings{"e1g1"}));
}

TEST(Castling, NotOutOfCheck) {
    const Position pos = pos_from("4r2k/7p/8/8/8/8/8/R3K2R w KQ - 0 1");
    ASSERT_TRUE(pos.in_check());
    EXPECT_EQ(castling_moves(pos), Strings{});
    EXPECT_EQ(legal_uci(pos), (Strings{"e1d1", "e1d2", "e1f1", "e1f2"}));
}

TEST(Castling, AttackedB1DoesNotStopQueenSideCastling) {
    EXPECT_EQ(castling_moves(pos_from("1r5k/7p/8/8/8/8/8/R3K2R w KQ - 0 1")), (Strings{"e1c1", "e1g1"}));
    EXPECT_EQ(castling_moves(pos_from("r3k2r/8/8/8/8/8/8/1R2K3 b kq - 0 1")), (Strings{"e8c8", "e8g8"}));
    // Nor does an attacked rook.
    EXPECT_EQ(castling_moves(pos_from("r5k1/8/8/8/8/8/8/R3K2R w KQ - 0 1")), (Strings{"e1c1", "e1g1"}));
}

TEST(Castling, MovesTheRookToo) {
    Position pos = pos_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(pos, {"e1g1"});
    EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    play(pos, {"e8c8"});
    EXPECT_EQ(pos.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

TEST(Castling, RightsLostAfterKingMove) {
    Position pos = pos_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(pos, {"e1e2"});
    EXPECT_EQ(pos.castling_rights(), BLACK_OO | BLACK_OOO);
    play(pos, {"e8d8", "e2e1", "d8e8"});  // the kings return, the rights do not
    EXPECT_EQ(pos.castling_rights(), NO_CASTLING);
    EXPECT_EQ(castling_moves(pos), Strings{});
    EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
}

TEST(Castling, RightsLostAfterRookMove) {
    Position pos = pos_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(pos, {"h1h2"});
    EXPECT_EQ(pos.castling_rights(), WHITE_OOO | BLACK_OO | BLACK_OOO);
    play(pos, {"a8a7"});
    EXPECT_EQ(pos.castling_rights(), WHITE_OOO | BLACK_OO);
    play(pos, {"h2h1", "a7a8"});  // the rooks return, the rights do not
    EXPECT_EQ(pos.castling_rights(), WHITE_OOO | BLACK_OO);
    EXPECT_EQ(castling_moves(pos), (Strings{"e1c1"}));
    EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
}

TEST(Castling, RightsLostWhenTheRookIsCaptured) {
    Position pos = pos_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(pos, {"h1h8"});  // loses white's O-O (rook left h1) and black's O-O (rook taken)
    EXPECT_EQ(pos.castling_rights(), WHITE_OOO | BLACK_OOO);
    EXPECT_EQ(castling_moves(pos), Strings{});  // black is in check
    play(pos, {"e8d7"});
    EXPECT_EQ(pos.castling_rights(), WHITE_OOO);

    Position other = pos_from("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    play(other, {"g2h1"});  // bishop takes the rook on h1
    EXPECT_EQ(other.castling_rights(), WHITE_OOO | BLACK_OO | BLACK_OOO);
    EXPECT_EQ(castling_moves(other), (Strings{"e1c1"}));
    // Taking back restores the rights.
    other.undo_move(Move(SQ_G2, SQ_H1));
    EXPECT_EQ(other.castling_rights(), ALL_CASTLING);
}

// --- En passant -------------------------------------------------------------------------------

TEST(EnPassant, CaptureIsGeneratedAndPlayed) {
    Position pos = pos_from("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    const Move ep(SQ_E5, SQ_D6, Move::EN_PASSANT);
    ASSERT_TRUE(legal_moves(pos).contains(ep));
    EXPECT_EQ(legal_uci_from(pos, SQ_E5), (Strings{"e5d6", "e5e6"}));
    const std::string before = pos.fen();
    pos.do_move(ep);
    EXPECT_EQ(pos.piece_on(SQ_D6), W_PAWN);
    EXPECT_TRUE(pos.empty(SQ_D5));
    EXPECT_TRUE(pos.empty(SQ_E5));
    EXPECT_EQ(pos.fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
    pos.undo_move(ep);
    EXPECT_EQ(pos.fen(), before);
}

TEST(EnPassant, OnlyRightAfterTheDoublePush) {
    Position pos = pos_from("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(pos, {"d7d5"});
    EXPECT_EQ(pos.ep_square(), SQ_D6);
    EXPECT_TRUE(legal_moves(pos).contains(Move(SQ_E5, SQ_D6, Move::EN_PASSANT)));
    play(pos, {"e1e2", "e8e7"});
    EXPECT_EQ(pos.ep_square(), SQ_NONE);
    EXPECT_EQ(legal_uci_from(pos, SQ_E5), (Strings{"e5e6"}));
    // A single step twice does not allow it either.
    Position steps = pos_from("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(steps, {"d7d6", "e1e2", "d6d5"});
    EXPECT_EQ(steps.ep_square(), SQ_NONE);
    EXPECT_EQ(legal_uci_from(steps, SQ_E5), (Strings{"e5e6"}));
}

TEST(EnPassant, BothNeighboursMayCapture) {
    const Position pos = pos_from("4k3/8/8/8/3pPp2/8/8/4K3 b - e3 0 1");
    EXPECT_TRUE(legal_moves(pos).contains(Move(SQ_D4, SQ_E3, Move::EN_PASSANT)));
    EXPECT_TRUE(legal_moves(pos).contains(Move(SQ_F4, SQ_E3, Move::EN_PASSANT)));
}

TEST(EnPassant, IllegalWhenItExposesTheKingAlongTheRank) {
    // Taking on c6 would remove both pawns between the king on a5 and the rook on h5.
    const Position pos = pos_from("8/8/8/K1pP3r/8/8/8/7k w - c6 0 1");
    EXPECT_EQ(legal_uci(pos), (Strings{"a5a4", "a5a6", "a5b5", "a5b6", "d5d6"}));
    // Same for black, king on the right.
    const Position black = pos_from("8/8/8/8/R3Pp1k/8/8/K7 b - e3 0 1");
    EXPECT_FALSE(legal_moves(black).contains(Move(SQ_F4, SQ_E3, Move::EN_PASSANT)));
    EXPECT_EQ(legal_uci_from(black, SQ_F4), (Strings{"f4f3"}));
    // With a third piece on the rank the capture is fine.
    const Position blocked = pos_from("8/8/8/KNpP3r/8/8/8/7k w - c6 0 1");
    EXPECT_TRUE(legal_moves(blocked).contains(Move(SQ_D5, SQ_C6, Move::EN_PASSANT)));
}

TEST(EnPassant, PinnedCapturerOnlyAlongThePin) {
    // The e5 pawn is pinned on the b2-g7 diagonal: it cannot take on d6.
    const Position off_line = pos_from("4k3/6b1/8/3pP3/8/8/1K6/8 w - d6 0 1");
    EXPECT_EQ(legal_uci_from(off_line, SQ_E5), Strings{});
    // Pinned on the g3-b8 diagonal, which runs through d6: the capture stays on the line.
    const Position on_line = pos_from("1b2k3/8/8/3pP3/8/6K1/8/8 w - d6 0 1");
    EXPECT_EQ(legal_uci_from(on_line, SQ_E5), (Strings{"e5d6"}));
}

TEST(EnPassant, ResolvesACheckByTheDoublePushedPawn) {
    // d2-d4 gave check to the king on c5; taking en passant removes the checker.
    const Position pos = pos_from("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    ASSERT_EQ(pos.checkers(), square_bb(SQ_D4));
    EXPECT_EQ(legal_uci(pos), (Strings{"c5b4", "c5b5", "c5b6", "c5c4", "c5c6", "c5d4", "c5d5", "c5d6", "e4d3"}));
    // When the check comes from elsewhere, taking en passant does not help.
    const Position other = pos_from("8/8/8/8/3Pp3/8/8/K3k2R b - d3 0 1");
    ASSERT_TRUE(other.in_check());
    EXPECT_EQ(legal_uci_from(other, SQ_E4), Strings{});
}

// --- Promotions -------------------------------------------------------------------------------

TEST(Promotion, AllFourPiecesForPushesAndCaptures) {
    const Position pos = pos_from("r1r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(legal_uci_from(pos, SQ_B7), (Strings{"b7a8b", "b7a8n", "b7a8q", "b7a8r", "b7b8b", "b7b8n", "b7b8q",
                                                   "b7b8r", "b7c8b", "b7c8n", "b7c8q", "b7c8r"}));
    for (Square to : {SQ_A8, SQ_B8, SQ_C8})
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
            const Move m(SQ_B7, to, Move::PROMOTION, pt);
            ASSERT_TRUE(legal_moves(pos).contains(m)) << move_to_uci(m);
            Position p = pos;
            p.do_move(m);
            EXPECT_EQ(p.piece_on(to), make_piece(WHITE, pt)) << move_to_uci(m);
            EXPECT_TRUE(p.empty(SQ_B7));
            EXPECT_EQ(p.pieces(WHITE, PAWN), Bitboard(0));
            EXPECT_EQ(popcount(p.pieces(BLACK)), to == SQ_B8 ? 3 : 2) << move_to_uci(m);
            EXPECT_EQ(p.rule50(), 0);
            EXPECT_EQ(p.consistency_error(), "");
            p.undo_move(m);
            EXPECT_EQ(p.fen(), pos.fen()) << move_to_uci(m);
            EXPECT_EQ(p.key(), pos.key());
        }
}

TEST(Promotion, BlackPromotes) {
    Position pos = pos_from("4k3/8/8/8/8/8/1p6/R1R1K3 b - - 0 1");
    EXPECT_EQ(legal_uci_from(pos, SQ_B2), (Strings{"b2a1b", "b2a1n", "b2a1q", "b2a1r", "b2b1b", "b2b1n", "b2b1q",
                                                   "b2b1r", "b2c1b", "b2c1n", "b2c1q", "b2c1r"}));
    play(pos, {"b2c1n"});
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/R1n1K3 w - - 0 2");
}

TEST(Promotion, BlockedPushButCapturesAllowed) {
    const Position pos = pos_from("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(legal_uci_from(pos, SQ_A7), (Strings{"a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7b8b", "a7b8n", "a7b8q",
                                                   "a7b8r"}));
    const Position blocked = pos_from("nn2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(legal_uci_from(blocked, SQ_A7), (Strings{"a7b8b", "a7b8n", "a7b8q", "a7b8r"}));
}

// --- Checks and pins --------------------------------------------------------------------------

TEST(Check, EvasionsBlockCaptureOrMoveTheKing) {
    // Rook e8 checks: the bishop blocks on e3, the knight blocks on e4 or takes on e8, the king steps aside.
    const Position pos = pos_from("4r2k/8/5N2/8/8/8/3B4/4K3 w - - 0 1");
    ASSERT_EQ(pos.checkers(), square_bb(SQ_E8));
    EXPECT_EQ(legal_uci(pos), (Strings{"d2e3", "e1d1", "e1f1", "e1f2", "f6e4", "f6e8"}));
}

TEST(Check, PawnPushesBlockIncludingTheDoublePush) {
    const Position pos = pos_from("7k/8/8/8/K6r/2P5/3P4/8 w - - 0 1");
    EXPECT_EQ(legal_uci(pos), (Strings{"a4a3", "a4a5", "a4b3", "a4b5", "c3c4", "d2d4"}));
}

TEST(Check, KingCannotStepBackAlongTheCheckingRay) {
    const Position pos = pos_from("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    EXPECT_EQ(legal_uci(pos), (Strings{"e1d2", "e1e2", "e1f2"}));
}

TEST(Check, KnightCheckCanOnlyBeCapturedOrAvoided) {
    // The knight cannot be blocked: the rook takes it or the king moves.
    const Position pos = pos_from("4k3/8/8/8/8/3n4/8/3RK3 w - - 0 1");
    EXPECT_EQ(legal_uci(pos), (Strings{"d1d3", "e1d2", "e1e2", "e1f1"}));
}

TEST(Check, DoubleCheckAllowsOnlyKingMoves) {
    // Rook e8 and knight d3 both check; the bishop could take the knight but that is not enough.
    const Position pos = pos_from("4r2k/8/8/8/8/3n4/8/RB2K3 w Q - 0 1");
    ASSERT_EQ(popcount(pos.checkers()), 2);
    EXPECT_EQ(legal_uci(pos), (Strings{"e1d1", "e1d2", "e1f1"}));
}

TEST(Check, CheckmateAndStalemateHaveNoMoves) {
    Position fools = Position();
    play(fools, {"f2f3", "e7e5", "g2g4", "d8h4"});
    EXPECT_TRUE(fools.in_check());
    EXPECT_EQ(legal_moves(fools).size, 0);
    const Position stalemate = pos_from("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    EXPECT_FALSE(stalemate.in_check());
    EXPECT_EQ(legal_moves(stalemate).size, 0);
}

TEST(Pin, PinnedPiecesMoveOnlyAlongThePinLine) {
    // Rook e4 pinned on the e-file, bishop c3 on the a5-e1 diagonal, knight f2 on the e1-h4 diagonal.
    const Position pos = pos_from("k3r3/8/8/b7/4R2b/2B5/5N2/4K3 w - - 0 1");
    EXPECT_EQ(legal_uci_from(pos, SQ_E4), (Strings{"e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8"}));
    EXPECT_EQ(legal_uci_from(pos, SQ_C3), (Strings{"c3a5", "c3b4", "c3d2"}));
    EXPECT_EQ(legal_uci_from(pos, SQ_F2), Strings{});
    EXPECT_EQ(legal_uci_from(pos, SQ_E1), (Strings{"e1d1", "e1d2", "e1e2", "e1f1"}));
    EXPECT_EQ(legal_moves(pos).size, 13);
}

TEST(Pin, PinnedPawns) {
    // e2 pinned on the file may push; f2 pinned on the diagonal may only take the pinner.
    const Position pos = pos_from("4r2k/8/8/8/8/6b1/4PP2/4K3 w - - 0 1");
    EXPECT_EQ(legal_uci(pos), (Strings{"e1d1", "e1d2", "e1f1", "e2e3", "e2e4", "f2g3"}));
    // A pawn pinned on the rank cannot move at all; a pinned pawn on the 7th may take the pinner and promote.
    const Position rank = pos_from("7k/8/8/8/K2P3r/8/8/8 w - - 0 1");
    EXPECT_EQ(legal_uci_from(rank, SQ_D4), Strings{});
    const Position promo = pos_from("2q4k/1P6/K7/8/8/8/8/8 w - - 0 1");
    EXPECT_EQ(legal_uci_from(promo, SQ_B7), (Strings{"b7c8b", "b7c8n", "b7c8q", "b7c8r"}));
}

TEST(Pin, PinnedPieceMayNotHelpAgainstACheck) {
    // The bishop on a5 gives check; the e4 rook could block on b4 but is pinned by the e8 rook.
    const Position pos = pos_from("k3r3/8/8/b7/4R3/8/8/4K3 w - - 0 1");
    ASSERT_TRUE(pos.in_check());
    EXPECT_EQ(legal_uci_from(pos, SQ_E4), Strings{});
    EXPECT_EQ(legal_uci(pos), (Strings{"e1d1", "e1e2", "e1f1", "e1f2"}));
}

// --- NOISY + QUIET = ALL ----------------------------------------------------------------------

bool is_noisy(const Position& pos, Move m) {
    return m.kind() == Move::PROMOTION || m.kind() == Move::EN_PASSANT ||
           (m.kind() != Move::CASTLING && !pos.empty(m.to()));
}

void check_partition(const Position& pos) {
    std::vector<std::uint16_t> all, split;
    for (Move m : generate_moves<GenType::ALL>(pos)) all.push_back(m.raw());
    for (Move m : generate_moves<GenType::NOISY>(pos)) {
        EXPECT_TRUE(is_noisy(pos, m)) << pos.fen() << ": " << move_to_uci(m) << " is not noisy";
        split.push_back(m.raw());
    }
    for (Move m : generate_moves<GenType::QUIET>(pos)) {
        EXPECT_FALSE(is_noisy(pos, m)) << pos.fen() << ": " << move_to_uci(m) << " is not quiet";
        split.push_back(m.raw());
    }
    std::sort(all.begin(), all.end());
    std::sort(split.begin(), split.end());
    EXPECT_TRUE(std::adjacent_find(all.begin(), all.end()) == all.end()) << pos.fen() << ": duplicate move in ALL";
    // Equal multisets: nothing missing, nothing in both NOISY and QUIET, nothing extra.
    ASSERT_EQ(split, all) << pos.fen();
}

TEST(GenType, NoisyAndQuietPartitionAllOverDataFilesAndChildren) {
    const std::vector<std::string> fens = test::all_data_fens();
    ASSERT_FALSE(fens.empty());
    int positions = 0;
    for (const std::string& fen : fens) {
        Position pos = pos_from(fen);
        ASSERT_NO_FATAL_FAILURE(check_partition(pos));
        ++positions;
        for (Move m : legal_moves(pos)) {
            pos.do_move(m);
            ASSERT_NO_FATAL_FAILURE(check_partition(pos)) << "after " << move_to_uci(m);
            pos.undo_move(m);
            ++positions;
        }
    }
    EXPECT_GT(positions, 4000);
}

TEST(GenType, NoisyIncludesQuietPromotionsAndEnPassant) {
    const Position pos = pos_from("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1");
    Strings noisy;
    for (Move m : generate_moves<GenType::NOISY>(pos)) noisy.push_back(move_to_uci(m));
    EXPECT_EQ(sorted(noisy), (Strings{"b7b8b", "b7b8n", "b7b8q", "b7b8r", "e5d6"}));
    // In check, NOISY holds only the evasions that capture or promote.
    const Position check = pos_from("1r2k3/P7/8/8/8/8/8/1K6 w - - 0 1");
    Strings evasions;
    for (Move m : generate_moves<GenType::NOISY>(check)) evasions.push_back(move_to_uci(m));
    EXPECT_EQ(sorted(evasions), (Strings{"a7b8b", "a7b8n", "a7b8q", "a7b8r"}));
}

// --- is_legal ---------------------------------------------------------------------------------

TEST(IsLegal, AgreesWithTheMoveListAndRejectsRandomMoves) {
    const std::vector<std::string> fens = test::all_data_fens();
    test::SplitMix64 rng(77);
    int rejected = 0;
    for (const std::string& fen : fens) {
        const Position pos = pos_from(fen);
        const MoveList legal = legal_moves(pos);
        for (Move m : legal) ASSERT_TRUE(is_legal(pos, m)) << fen << ": " << move_to_uci(m);
        for (int i = 0; i < 300; ++i) {
            const Move m = Move::from_raw(std::uint16_t(rng.next()));
            ASSERT_EQ(is_legal(pos, m), legal.contains(m)) << fen << ": raw " << m.raw();
            rejected += !legal.contains(m);
        }
    }
    EXPECT_GT(rejected, 1000);
}

// Every from-to pair as a normal move: the direct test of normal moves must agree with the list.
TEST(IsLegal, AgreesWithTheMoveListOnEveryNormalMove) {
    for (const std::string& fen : test::all_data_fens()) {
        const Position pos = pos_from(fen);
        const MoveList legal = legal_moves(pos);
        for (int from = 0; from < 64; ++from)
            for (int to = 0; to < 64; ++to) {
                const Move m{Square(from), Square(to)};
                ASSERT_EQ(is_legal(pos, m), legal.contains(m)) << fen << ": " << move_to_uci(m);
            }
    }
}

TEST(IsLegal, RejectsNearMisses) {
    const Position pos = pos_from("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    EXPECT_TRUE(is_legal(pos, Move(SQ_E1, SQ_G1, Move::CASTLING)));
    EXPECT_FALSE(is_legal(pos, Move(SQ_E1, SQ_G1)));  // castling needs its kind
    EXPECT_TRUE(is_legal(pos, Move(SQ_E5, SQ_D6, Move::EN_PASSANT)));
    EXPECT_FALSE(is_legal(pos, Move(SQ_E5, SQ_D6)));
    EXPECT_TRUE(is_legal(pos, Move(SQ_B7, SQ_A8, Move::PROMOTION, ROOK)));
    EXPECT_FALSE(is_legal(pos, Move(SQ_B7, SQ_A8)));
    EXPECT_FALSE(is_legal(pos, Move(SQ_E5, SQ_E6, Move::PROMOTION, QUEEN)));
    EXPECT_FALSE(is_legal(pos, Move(SQ_E8, SQ_G8, Move::CASTLING)));  // black's move
    EXPECT_FALSE(is_legal(pos, Move(SQ_A1, SQ_A1)));
    EXPECT_FALSE(is_legal(pos, Move::none()));
    // A normal move with stray promotion bits is a different, illegal, move.
    EXPECT_TRUE(is_legal(pos, Move(SQ_E5, SQ_E6)));
    EXPECT_FALSE(is_legal(pos, Move::from_raw(std::uint16_t(Move(SQ_E5, SQ_E6).raw() | (3 << 12)))));
}

// --- Draw rules -------------------------------------------------------------------------------

TEST(Draw, InsufficientMaterial) {
    struct Case {
        const char* fen;
        bool insufficient;
    };
    const Case cases[] = {
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},          // K v K
        {"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true},         // K+N v K
        {"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},         // K+B v K
        {"4kb2/8/8/8/8/8/8/4K3 b - - 0 1", true},         // K v K+B
        {"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},       // bishops on same-coloured squares (f8, c1: dark)
        {"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false},      // bishop pair on both colours
        {"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false},     // opposite-coloured bishops
        {"2b1kb2/8/8/8/8/8/8/4K3 w - - 0 1", false},      // both colours of one side
        {"4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", false},      // knight and bishop
        {"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", false},      // two knights
        {"4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false},       // a knight each
        {"4kn2/8/8/8/8/8/8/4KB2 w - - 0 1", false},       // knight v bishop
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},       // a pawn
        {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", false},        // a rook
        {"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false},        // a queen
        {"4k3/p7/8/8/8/8/8/4KB2 w - - 0 1", false},       // bishop v pawn
        {"4k3/8/8/8/8/8/8/B1B1KB1B w - - 0 1", false},    // four bishops, both colours
        {"4k3/8/8/8/8/8/8/1B1BKB2 w - - 0 1", true},      // three bishops on light squares (b1, d1, f1)
    };
    for (const Case& c : cases) EXPECT_EQ(pos_from(c.fen).has_insufficient_material(), c.insufficient) << c.fen;
}

TEST(Draw, RepetitionByKnightShuffle) {
    Position pos;
    const char* moves[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
    for (int ply = 1; ply <= 8; ++ply) {
        play(pos, {moves[ply - 1]});
        EXPECT_EQ(pos.is_repetition(1), ply >= 4) << "after ply " << ply;
        EXPECT_EQ(pos.is_repetition(2), ply >= 8) << "after ply " << ply;
    }
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5");
    // Undoing the last ply leaves a position seen once before.
    pos.undo_move(Move(SQ_F6, SQ_G8));
    EXPECT_TRUE(pos.is_repetition(1));
    EXPECT_FALSE(pos.is_repetition(2));
}

TEST(Draw, RepetitionDoesNotReachPastAnIrreversibleMove) {
    Position pos;
    play(pos, {"g1f3", "g8f6", "f3g1", "f6g8"});
    ASSERT_TRUE(pos.is_repetition(1));
    play(pos, {"e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8"});
    EXPECT_TRUE(pos.is_repetition(1));  // repeats the position after 1.e4 e5
    EXPECT_FALSE(pos.is_repetition(2));
    play(pos, {"g1f3", "g8f6", "f3g1", "f6g8"});
    EXPECT_TRUE(pos.is_repetition(2));
}

TEST(Draw, RepetitionNeedsTheSameCastlingRights) {
    // Rook out and back: the placement repeats, but white's O-O right is gone, so it is a new position.
    Position pos = pos_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(pos, {"h1h2", "h8h7", "h2h1", "h7h8"});
    EXPECT_FALSE(pos.is_repetition(1));
    play(pos, {"h1h2", "h8h7", "h2h1", "h7h8"});
    EXPECT_TRUE(pos.is_repetition(1));
}

TEST(Draw, RepetitionStartsFromTheFenNotBeforeIt) {
    // A FEN with a high halfmove clock has no history to repeat.
    Position pos = pos_from("4k3/8/8/8/8/8/8/R3K3 w - - 40 60");
    EXPECT_FALSE(pos.is_repetition(1));
    play(pos, {"a1a2", "e8d8", "a2a1", "d8e8"});
    EXPECT_TRUE(pos.is_repetition(1));
}

TEST(Draw, FiftyMoveRule) {
    Position pos = pos_from("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    EXPECT_FALSE(pos.is_fifty_move_draw());
    play(pos, {"a1a2"});
    EXPECT_EQ(pos.rule50(), 100);
    EXPECT_TRUE(pos.is_fifty_move_draw());
    pos.undo_move(Move(SQ_A1, SQ_A2));
    EXPECT_FALSE(pos.is_fifty_move_draw());
    play(pos, {"e2e3"});  // a pawn move resets the clock
    EXPECT_EQ(pos.rule50(), 0);
    EXPECT_FALSE(pos.is_fifty_move_draw());
    EXPECT_TRUE(pos_from("4k3/8/8/8/8/8/8/R3K3 w - - 100 80").is_fifty_move_draw());
    // A capture resets it too.
    Position cap = pos_from("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80");
    play(cap, {"a1a2"});
    EXPECT_EQ(cap.rule50(), 0);
}

// --- make/unmake ------------------------------------------------------------------------------

TEST(MakeMove, ClocksAndSideToMove) {
    Position pos;
    play(pos, {"g1f3"});
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(pos.rule50(), 1);
    EXPECT_EQ(pos.fullmove_number(), 1);
    EXPECT_EQ(pos.history_length(), 1);
    play(pos, {"e7e5"});
    EXPECT_EQ(pos.rule50(), 0);
    EXPECT_EQ(pos.fullmove_number(), 2);
    EXPECT_EQ(pos.ep_square(), SQ_E6);  // set after every double push, as FEN shows it
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq e6 0 2");
    pos.undo_move(Move(SQ_E7, SQ_E5));
    pos.undo_move(Move(SQ_G1, SQ_F3));
    EXPECT_EQ(pos.fen(), Position::START_FEN);
    EXPECT_EQ(pos.key(), Position().key());
    EXPECT_EQ(pos.history_length(), 0);
}

TEST(MakeMove, CaptureIsRestoredOnUndo) {
    Position pos = pos_from("4k3/8/3q4/8/4N3/8/8/4K3 w - - 3 10");
    const std::string before = pos.fen();
    const Key key = pos.key();
    const Move capture = uci_move(pos, "e4d6");
    ASSERT_NE(capture, Move::none());
    pos.do_move(capture);
    EXPECT_EQ(pos.state().captured, B_QUEEN);
    EXPECT_EQ(pos.pieces(BLACK, QUEEN), Bitboard(0));
    EXPECT_EQ(pos.piece_on(SQ_D6), W_KNIGHT);
    EXPECT_EQ(pos.rule50(), 0);
    EXPECT_EQ(pos.checkers(), square_bb(SQ_D6));  // Nxd6+ checks the king on e8
    pos.undo_move(capture);
    EXPECT_EQ(pos.fen(), before);
    EXPECT_EQ(pos.key(), key);
    EXPECT_EQ(pos.piece_on(SQ_D6), B_QUEEN);
    EXPECT_EQ(pos.piece_on(SQ_E4), W_KNIGHT);
}

TEST(MakeMove, TranspositionsHaveEqualKeys) {
    Position a, b;
    play(a, {"g1f3", "g8f6", "b1c3"});
    play(b, {"b1c3", "g8f6", "g1f3"});
    EXPECT_EQ(a.fen(), b.fen());
    EXPECT_EQ(a.key(), b.key());
    // Different move orders reaching a position with a double push: e3 is not capturable, so the key
    // matches the FEN without an en-passant square.
    Position c;
    play(c, {"e2e4"});
    EXPECT_EQ(c.key(), pos_from("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key());
    EXPECT_EQ(c.key(), c.compute_key());
}

TEST(MakeMove, NullMove) {
    Position pos = pos_from("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    const std::string fen = pos.fen();
    const Key key = pos.key();
    pos.do_null_move();
    EXPECT_EQ(pos.side_to_move(), WHITE);
    EXPECT_EQ(pos.ep_square(), SQ_NONE);
    EXPECT_EQ(pos.key(), pos.compute_key());
    EXPECT_NE(pos.key(), key);
    EXPECT_EQ(pos.consistency_error(), "");
    pos.undo_null_move();
    EXPECT_EQ(pos.fen(), fen);
    EXPECT_EQ(pos.key(), key);
}

TEST(MakeMove, RepetitionDoesNotReachPastANullMove) {
    Position pos;
    play(pos, {"g1f3", "g8f6"});
    pos.do_null_move();
    pos.do_null_move();
    play(pos, {"f3g1", "f6g8"});
    // The start position is back, but its earlier occurrence lies before the null moves.
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 6 3");
    EXPECT_FALSE(pos.is_repetition(1));
    // Without the null moves it would count.
    Position plain;
    play(plain, {"g1f3", "g8f6", "f3g1", "f6g8"});
    EXPECT_TRUE(plain.is_repetition(1));
}


// gives_check answers without making the move what making it shows: every legal move of the data
// files' positions and of positions built for discovered checks, castling and en passant checks.
TEST(GivesCheck, AgreesWithMakingTheMove) {
    std::vector<std::string> fens = test::read_lines("positions.fen");
    for (test::EpdEntry& e : test::read_epd("perft-random.epd")) fens.push_back(std::move(e.fen));
    for (test::EpdEntry& e : test::read_epd("perft-standard.epd")) fens.push_back(std::move(e.fen));
    for (const char* fen : {"5k2/8/8/8/8/8/8/4K2R w K - 0 1",             // O-O with Rf1+
                            "4r3/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",         // exd3 e.p. opens the e-file
                            "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1",           // knight moves uncover the rook
                            "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",             // b8=Q+ and b8=R+ check, b8=N does not
                            "1k6/3P4/8/8/8/8/8/4K3 w - - 0 1"})             // d8=Q+ and d8=R+ along the rank
        fens.emplace_back(fen);
    int checks = 0;
    for (const std::string& fen : fens) {
        Position pos = pos_from(fen);
        for (Move m : legal_moves(pos)) {
            Position after = pos;
            after.do_move(m);
            ASSERT_EQ(pos.gives_check(m), after.in_check()) << fen << " " << move_to_uci(m);
            checks += after.in_check();
        }
    }
    EXPECT_GT(checks, 100);
}


// Quiescence's stalemate test gives has_legal_move's answer wherever it is asked: positions with no
// legal capture or promotion, not in check (the data files' positions, their children, stalemates).
TEST(HasLegalQuietMove, AgreesWithHasLegalMove) {
    std::vector<std::string> fens = test::read_lines("positions.fen");
    for (test::EpdEntry& e : test::read_epd("perft-random.epd")) fens.push_back(std::move(e.fen));
    for (const char* fen : {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "k7/8/1Q6/8/8/8/8/7K b - - 0 1",
                            "8/8/8/8/8/5k2/5p2/5K2 w - - 0 1", "7k/7P/6K1/8/8/8/8/8 b - - 0 1"})
        fens.emplace_back(fen);
    int asked = 0, stalemates = 0;
    auto check = [&](const Position& pos) {
        Move buffer[MAX_MOVES];
        if (pos.in_check() || generate<GenType::NOISY>(pos, buffer) != buffer) return;
        ++asked;
        ASSERT_EQ(has_legal_quiet_move(pos), has_legal_move(pos)) << pos.fen();
        stalemates += !has_legal_move(pos);
    };
    for (const std::string& fen : fens) {
        const Position pos = pos_from(fen);
        ASSERT_NO_FATAL_FAILURE(check(pos));
        for (Move m : legal_moves(pos)) {
            Position child = pos;
            child.do_move(m);
            ASSERT_NO_FATAL_FAILURE(check(child));
        }
    }
    EXPECT_GT(asked, 50);
    EXPECT_GE(stalemates, 4);
}

}  // namespace
}  // namespace mainline
