// Move notation: UCI long algebraic in and out, Standard Algebraic Notation in and out, and the
// reasons given for refusing a move.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "test_util.h"

namespace mainline {
namespace {

using test::contains_text;
using test::play;
using test::pos_from;
using test::uci_move;

// --- UCI out ----------------------------------------------------------------------------------

TEST(MoveToUci, AllKinds) {
    EXPECT_EQ(move_to_uci(Move(SQ_E2, SQ_E4)), "e2e4");
    EXPECT_EQ(move_to_uci(Move(SQ_G8, SQ_F6)), "g8f6");
    EXPECT_EQ(move_to_uci(Move(SQ_A1, SQ_H8)), "a1h8");
    EXPECT_EQ(move_to_uci(Move(SQ_E7, SQ_E8, Move::PROMOTION, QUEEN)), "e7e8q");
    EXPECT_EQ(move_to_uci(Move(SQ_E7, SQ_D8, Move::PROMOTION, ROOK)), "e7d8r");
    EXPECT_EQ(move_to_uci(Move(SQ_B2, SQ_B1, Move::PROMOTION, BISHOP)), "b2b1b");
    EXPECT_EQ(move_to_uci(Move(SQ_B2, SQ_A1, Move::PROMOTION, KNIGHT)), "b2a1n");
    EXPECT_EQ(move_to_uci(Move(SQ_E1, SQ_G1, Move::CASTLING)), "e1g1");
    EXPECT_EQ(move_to_uci(Move(SQ_E1, SQ_C1, Move::CASTLING)), "e1c1");
    EXPECT_EQ(move_to_uci(Move(SQ_E8, SQ_C8, Move::CASTLING)), "e8c8");
    EXPECT_EQ(move_to_uci(Move(SQ_E5, SQ_D6, Move::EN_PASSANT)), "e5d6");
    EXPECT_EQ(move_to_uci(Move::none()), "0000");
}

// --- UCI in -----------------------------------------------------------------------------------

TEST(ParseUciMove, AcceptsEachKindOfMove) {
    const Position start;
    Result<Move> e4 = parse_uci_move(start, "e2e4");
    ASSERT_TRUE(e4.ok()) << e4.error();
    EXPECT_EQ(e4.value(), Move(SQ_E2, SQ_E4));
    EXPECT_TRUE(e4.error().empty());

    const Position castle = pos_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    Result<Move> oo = parse_uci_move(castle, "e1g1");
    ASSERT_TRUE(oo.ok()) << oo.error();
    EXPECT_EQ(oo.value(), Move(SQ_E1, SQ_G1, Move::CASTLING));
    Result<Move> ooo = parse_uci_move(castle, "e1c1");
    ASSERT_TRUE(ooo.ok()) << ooo.error();
    EXPECT_EQ(ooo.value(), Move(SQ_E1, SQ_C1, Move::CASTLING));

    const Position ep = pos_from("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    Result<Move> exd6 = parse_uci_move(ep, "e5d6");
    ASSERT_TRUE(exd6.ok()) << exd6.error();
    EXPECT_EQ(exd6.value(), Move(SQ_E5, SQ_D6, Move::EN_PASSANT));

    const Position promo = pos_from("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
        for (Square to : {SQ_E8, SQ_D8}) {
            const Move m(SQ_E7, to, Move::PROMOTION, pt);
            Result<Move> r = parse_uci_move(promo, move_to_uci(m));
            ASSERT_TRUE(r.ok()) << move_to_uci(m) << ": " << r.error();
            EXPECT_EQ(r.value(), m);
        }
}

TEST(ParseUciMove, RoundTripsEveryLegalMoveOfTheDataFiles) {
    for (const std::string& fen : test::all_data_fens()) {
        const Position pos = pos_from(fen);
        for (Move m : legal_moves(pos)) {
            Result<Move> r = parse_uci_move(pos, move_to_uci(m));
            ASSERT_TRUE(r.ok()) << fen << ": " << move_to_uci(m) << ": " << r.error();
            ASSERT_EQ(r.value(), m) << fen << ": " << move_to_uci(m);
        }
    }
}

struct BadMove {
    const char* name;
    const char* fen;
    const char* move;
    const char* message;  // a distinctive part of the expected error
};

std::ostream& operator<<(std::ostream& os, const BadMove& b) { return os << b.name << ": " << b.move << " in " << b.fen; }

constexpr const char* START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

class ParseUciMoveError : public ::testing::TestWithParam<BadMove> {};

TEST_P(ParseUciMoveError, IsRejectedWithAReason) {
    const BadMove& bad = GetParam();
    const Position pos = pos_from(bad.fen);
    Result<Move> r = parse_uci_move(pos, bad.move);
    ASSERT_FALSE(r.ok()) << "accepted as " << move_to_uci(r.value());
    EXPECT_TRUE(contains_text(r.error(), bad.message)) << "error was: " << r.error() << "\nexpected it to contain: "
                                                       << bad.message;
}

const BadMove bad_uci_moves[] = {
    {"too_short", START, "e2", "malformed move 'e2'"},
    {"empty", START, "", "malformed move ''"},
    {"rank_9", START, "e2e9", "malformed move 'e2e9'"},
    {"file_i", START, "i2i4", "malformed move 'i2i4'"},
    {"uppercase", START, "E2E4", "malformed move 'E2E4'"},
    {"word", START, "hello", "malformed move 'hello'"},
    {"too_long", START, "e2e4e5", "malformed move 'e2e4e5'"},
    {"bad_promotion_letter", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8x", "promotion piece must be q, r, b or n"},
    {"king_promotion", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8k", "promotion piece must be q, r, b or n"},
    {"pawn_promotion", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8p", "promotion piece must be q, r, b or n"},
    {"null_move", START, "0000", "null move 0000 is not allowed"},
    {"no_piece", START, "e3e4", "no piece on e3"},
    {"opponents_piece", START, "e7e5", "the pawn on e7 is black's, and it is white's move"},
    {"opponents_knight", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "g1f3",
     "the knight on g1 is white's, and it is black's move"},
    {"promotion_missing", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8", "must promote"},
    {"capture_promotion_missing", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8", "must promote"},
    {"promotion_on_a_push", START, "e2e4q", "only a pawn reaching the last rank can promote"},
    {"promotion_on_a_knight_move", START, "g1f3q", "only a pawn reaching the last rank can promote"},
    {"castling_through_check", "5r1k/7p/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "castling is not allowed here"},
    {"castling_blocked", START, "e1g1", "castling is not allowed here"},
    {"castling_without_right", "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", "e1c1", "castling is not allowed here"},
    {"castling_in_check", "4r2k/7p/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", "castling is not allowed here"},
    {"pinned_rook_leaves_line", "k3r3/8/8/b7/4R2b/2B5/5N2/4K3 w - - 0 1", "e4d4", "it would leave the king in check"},
    {"pinned_knight", "k3r3/8/8/b7/4R2b/2B5/5N2/4K3 w - - 0 1", "f2d3", "it would leave the king in check"},
    {"king_into_check", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1e2", "it would leave the king in check"},
    {"ep_exposing_king", "8/8/8/K1pP3r/8/8/8/7k w - c6 0 1", "d5c6", "it would leave the king in check"},
    {"check_not_resolved", "4r2k/7p/8/8/8/8/8/R3K2R w KQ - 0 1", "a1a2", "it does not get the king out of check"},
    {"king_stays_in_check", "4r2k/7p/8/8/8/8/8/R3K2R w KQ - 0 1", "e1e2", "it does not get the king out of check"},
    {"pawn_cannot_jump", START, "e2e5", "the pawn on e2 cannot move to e5"},
    {"knight_geometry", START, "g1g3", "the knight on g1 cannot move to g3"},
    {"rook_blocked", START, "a1a3", "the rook on a1 cannot move to a3"},
    {"bishop_onto_own_pawn", START, "c1d2", "the bishop on c1 cannot move to d2"},
    // the king onto its own rook is castling (Chess960's form, read in standard chess too), but
    // only with the right to it
    {"king_onto_rook_without_the_right", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1h1", "the king on e1 cannot move to h1"},
};

INSTANTIATE_TEST_SUITE_P(AllReasons, ParseUciMoveError, ::testing::ValuesIn(bad_uci_moves),
                         [](const ::testing::TestParamInfo<BadMove>& info) { return std::string(info.param.name); });

// A pawn push onto an occupied square, or a diagonal step onto an own piece, is simply not a pawn
// move: blaming a king in check is wrong when no check is involved.
TEST(ParseUciMove, BlockedPawnMoveIsNotBlamedOnCheck) {
    struct Case {
        std::initializer_list<std::string_view> moves;
        const char* move;
        const char* reason;
    };
    const Case cases[] = {
        {{"b1c3", "a7a6"}, "c2c4", "the pawn on c2 cannot move to c4"},  // through its own knight
        {{"b1c3", "a7a6"}, "c2c3", "the pawn on c2 cannot move to c3"},  // onto its own knight
        {{"e2e4", "e7e5"}, "e4e5", "the pawn on e4 cannot move to e5"},  // into an enemy pawn
        {{"e2e3", "a7a6"}, "d2e3", "the pawn on d2 cannot move to e3"},  // diagonally onto its own pawn
    };
    for (const Case& c : cases) {
        Position pos;
        play(pos, c.moves);
        Result<Move> r = parse_uci_move(pos, c.move);
        ASSERT_FALSE(r.ok()) << c.move;
        EXPECT_TRUE(contains_text(r.error(), c.reason)) << "in " << pos.fen() << ", " << c.move << " gave: " << r.error();
        EXPECT_FALSE(contains_text(r.error(), "check")) << "in " << pos.fen() << ", " << c.move << " gave: " << r.error();
    }
}

// Castling only ever starts from e1/e8: a king elsewhere moving two squares is not a castling attempt.
TEST(ParseUciMove, KingTwoSquaresAwayFromHomeIsNotCalledCastling) {
    const Position pos = pos_from("4k3/8/8/8/8/8/8/3K4 w - - 0 1");
    Result<Move> r = parse_uci_move(pos, "d1f1");
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(contains_text(r.error(), "the king on d1 cannot move to f1")) << r.error();
    EXPECT_FALSE(contains_text(r.error(), "castling")) << r.error();
}

// --- SAN out ----------------------------------------------------------------------------------

std::string san(const Position& pos, std::string_view uci) {
    const Move m = uci_move(pos, uci);
    return m == Move::none() ? "?" : move_to_san(pos, m);
}

TEST(MoveToSan, PawnAndPieceMoves) {
    Position pos;
    EXPECT_EQ(san(pos, "e2e4"), "e4");
    EXPECT_EQ(san(pos, "g1f3"), "Nf3");
    EXPECT_EQ(san(pos, "b1c3"), "Nc3");
    play(pos, {"e2e4", "d7d5"});
    EXPECT_EQ(san(pos, "e4d5"), "exd5");
    EXPECT_EQ(san(pos, "f1b5"), "Bb5+");
    EXPECT_EQ(san(pos, "d1h5"), "Qh5");
    EXPECT_EQ(san(pos, "e1e2"), "Ke2");
    play(pos, {"e4d5", "d8d5"});
    EXPECT_EQ(san(pos, "b1c3"), "Nc3");
    play(pos, {"g1f3", "d5e5"});
    EXPECT_EQ(san(pos, "f3e5"), "Nxe5");
    EXPECT_EQ(san(pos, "f1e2"), "Be2");
}

TEST(MoveToSan, DisambiguationByFile) {
    const Position pos = pos_from("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    EXPECT_EQ(san(pos, "b1d2"), "Nbd2");
    EXPECT_EQ(san(pos, "f3d2"), "Nfd2");
    EXPECT_EQ(san(pos, "b1c3"), "Nc3");
    EXPECT_EQ(san(pos, "f3e5"), "Ne5");
    // Two rooks on one rank.
    const Position rooks = pos_from("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
    EXPECT_EQ(san(rooks, "a1c1"), "Rac1");
    EXPECT_EQ(san(rooks, "f1c1"), "Rfc1");
    EXPECT_EQ(san(rooks, "f1f7"), "Rf7");
}

TEST(MoveToSan, DisambiguationByRank) {
    const Position pos = pos_from("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(san(pos, "a1a3"), "R1a3");
    EXPECT_EQ(san(pos, "a5a3"), "R5a3");
    EXPECT_EQ(san(pos, "a1a2"), "R1a2");
    EXPECT_EQ(san(pos, "a1d1"), "Rd1");
    EXPECT_EQ(san(pos, "a5a8"), "Ra8+");
}

TEST(MoveToSan, DisambiguationByFileAndRank) {
    // Three queens reach b2: a1 shares a file with a3 and a rank with c1.
    const Position pos = pos_from("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    EXPECT_EQ(san(pos, "a1b2"), "Qa1b2");
    EXPECT_EQ(san(pos, "c1b2"), "Qcb2");
    EXPECT_EQ(san(pos, "a3b2"), "Q3b2");
}

TEST(MoveToSan, NoDisambiguationForAPinnedPiece) {
    // The f3 knight is pinned by the bishop on h5, so only the b1 knight can go to d2.
    const Position pos = pos_from("4k3/8/8/7b/8/5N2/4K3/1N6 w - - 0 1");
    EXPECT_EQ(san(pos, "b1d2"), "Nd2");
}

TEST(MoveToSan, EnPassantAndPromotions) {
    EXPECT_EQ(san(pos_from("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), "e5d6"), "exd6");
    EXPECT_EQ(san(pos_from("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"), "d4e3"), "dxe3");
    const Position pos = pos_from("3r4/4P2k/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(san(pos, "e7e8q"), "e8=Q");
    EXPECT_EQ(san(pos, "e7e8r"), "e8=R");
    EXPECT_EQ(san(pos, "e7e8b"), "e8=B");
    EXPECT_EQ(san(pos, "e7e8n"), "e8=N");
    EXPECT_EQ(san(pos, "e7d8q"), "exd8=Q");
    EXPECT_EQ(san(pos, "e7d8n"), "exd8=N");
    // Promotions with check.
    const Position check = pos_from("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(san(check, "b7b8q"), "b8=Q+");
    EXPECT_EQ(san(check, "b7b8r"), "b8=R+");
    EXPECT_EQ(san(check, "b7b8b"), "b8=B");
    EXPECT_EQ(san(check, "b7b8n"), "b8=N");
    EXPECT_EQ(san(pos_from("4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1"), "b2a1q"), "bxa1=Q+");
}

TEST(MoveToSan, ChecksAndMates) {
    Position fools;
    play(fools, {"f2f3", "e7e5", "g2g4"});
    EXPECT_EQ(san(fools, "d8h4"), "Qh4#");
    Position scholars;
    play(scholars, {"e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"});
    EXPECT_EQ(san(scholars, "h5f7"), "Qxf7#");
    EXPECT_EQ(san(scholars, "c4f7"), "Bxf7+");
    EXPECT_EQ(san(pos_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), "a1a8"), "Ra8#");
    EXPECT_EQ(san(pos_from("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), "a1a8"), "Ra8+");
    // A discovered check.
    EXPECT_EQ(san(pos_from("4k3/8/8/8/8/8/4N3/4RK2 w - - 0 1"), "e2c3"), "Nc3+");
}

TEST(MoveToSan, Castling) {
    const Position white = pos_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(san(white, "e1g1"), "O-O");
    EXPECT_EQ(san(white, "e1c1"), "O-O-O");
    const Position black = pos_from("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    EXPECT_EQ(san(black, "e8g8"), "O-O");
    EXPECT_EQ(san(black, "e8c8"), "O-O-O");
    // The rook lands on d1 and checks the king on d8.
    EXPECT_EQ(san(pos_from("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1"), "e1c1"), "O-O-O+");
}

TEST(MoveToSan, LineToSan) {
    const Position start;
    Position p = start;
    std::vector<Move> line;
    for (const char* uci : {"f2f3", "e7e5", "g2g4", "d8h4"}) {
        line.push_back(uci_move(p, uci));
        p.do_move(line.back());
    }
    EXPECT_EQ(line_to_san(start, line.data(), int(line.size())), (std::vector<std::string>{"f3", "e5", "g4", "Qh4#"}));
    EXPECT_TRUE(line_to_san(start, line.data(), 0).empty());
    EXPECT_EQ(start.fen(), Position::START_FEN);
}

// --- SAN in -----------------------------------------------------------------------------------

void check_san_round_trip(const Position& pos) {
    std::set<std::string> seen;
    for (Move m : legal_moves(pos)) {
        const std::string text = move_to_san(pos, m);
        ASSERT_TRUE(seen.insert(text).second) << pos.fen() << ": two moves print as " << text;
        Result<Move> r = parse_san(pos, text);
        ASSERT_TRUE(r.ok()) << pos.fen() << ": " << text << ": " << r.error();
        ASSERT_EQ(r.value(), m) << pos.fen() << ": " << text << " parsed as " << move_to_uci(r.value());
        // The check suffix matches the position after the move.
        Position after = pos;
        after.do_move(m);
        const char last = text.back();
        if (!after.in_check()) ASSERT_TRUE(last != '+' && last != '#') << pos.fen() << ": " << text;
        else ASSERT_EQ(last, legal_moves(after).size == 0 ? '#' : '+') << pos.fen() << ": " << text;
    }
}

TEST(ParseSan, RoundTripsEveryLegalMoveOfTheDataFiles) {
    std::vector<std::string> fens = test::read_lines("positions.fen");
    for (test::EpdEntry& e : test::read_epd("perft-random.epd")) fens.push_back(std::move(e.fen));
    for (test::EpdEntry& e : test::read_epd("perft-standard.epd")) fens.push_back(std::move(e.fen));
    ASSERT_EQ(fens.size(), 80u + 107u + 7u);
    for (const std::string& fen : fens) ASSERT_NO_FATAL_FAILURE(check_san_round_trip(pos_from(fen)));
}

TEST(ParseSan, RoundTripsInPositionsBuiltForDisambiguation) {
    for (const char* fen : {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1",
                            "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "4k3/8/8/7b/8/5N2/4K3/1N6 w - - 0 1",
                            "1k6/8/8/8/8/Q1Q5/8/Q1Q1K3 w - - 0 1", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1"})
        ASSERT_NO_FATAL_FAILURE(check_san_round_trip(pos_from(fen)));
}

Move san_move(const Position& pos, std::string_view text) {
    Result<Move> r = parse_san(pos, text);
    if (!r) {
        ADD_FAILURE() << text << " rejected in " << pos.fen() << ": " << r.error();
        return Move::none();
    }
    return r.value();
}

TEST(ParseSan, AcceptsCommonVariants) {
    const Position start;
    EXPECT_EQ(san_move(start, "e4"), Move(SQ_E2, SQ_E4));
    EXPECT_EQ(san_move(start, "e4!?"), Move(SQ_E2, SQ_E4));
    EXPECT_EQ(san_move(start, "e4!"), Move(SQ_E2, SQ_E4));
    EXPECT_EQ(san_move(start, "e3?"), Move(SQ_E2, SQ_E3));
    EXPECT_EQ(san_move(start, "Nf3"), Move(SQ_G1, SQ_F3));
    EXPECT_EQ(san_move(start, "Nf3+"), Move(SQ_G1, SQ_F3));
    EXPECT_EQ(san_move(start, "Ngf3"), Move(SQ_G1, SQ_F3));
    EXPECT_EQ(san_move(start, "N1f3"), Move(SQ_G1, SQ_F3));
    EXPECT_EQ(san_move(start, "Ng1f3"), Move(SQ_G1, SQ_F3));

    const Position castle = pos_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(san_move(castle, "O-O"), Move(SQ_E1, SQ_G1, Move::CASTLING));
    EXPECT_EQ(san_move(castle, "0-0"), Move(SQ_E1, SQ_G1, Move::CASTLING));
    EXPECT_EQ(san_move(castle, "O-O-O"), Move(SQ_E1, SQ_C1, Move::CASTLING));
    EXPECT_EQ(san_move(castle, "0-0-0"), Move(SQ_E1, SQ_C1, Move::CASTLING));
    EXPECT_EQ(san_move(castle, "O-O+"), Move(SQ_E1, SQ_G1, Move::CASTLING));

    const Position promo = pos_from("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(san_move(promo, "e8=Q"), Move(SQ_E7, SQ_E8, Move::PROMOTION, QUEEN));
    EXPECT_EQ(san_move(promo, "e8Q"), Move(SQ_E7, SQ_E8, Move::PROMOTION, QUEEN));
    EXPECT_EQ(san_move(promo, "e8=q"), Move(SQ_E7, SQ_E8, Move::PROMOTION, QUEEN));
    EXPECT_EQ(san_move(promo, "e8=N"), Move(SQ_E7, SQ_E8, Move::PROMOTION, KNIGHT));
    EXPECT_EQ(san_move(promo, "e8N"), Move(SQ_E7, SQ_E8, Move::PROMOTION, KNIGHT));
    EXPECT_EQ(san_move(promo, "e8=B"), Move(SQ_E7, SQ_E8, Move::PROMOTION, BISHOP));
    EXPECT_EQ(san_move(promo, "exd8=R+"), Move(SQ_E7, SQ_D8, Move::PROMOTION, ROOK));
    EXPECT_EQ(san_move(promo, "exd8Q"), Move(SQ_E7, SQ_D8, Move::PROMOTION, QUEEN));
    EXPECT_EQ(san_move(promo, "e8=Q+"), Move(SQ_E7, SQ_E8, Move::PROMOTION, QUEEN));

    Position scholars;
    play(scholars, {"e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"});
    EXPECT_EQ(san_move(scholars, "Qxf7#"), Move(SQ_H5, SQ_F7));
    EXPECT_EQ(san_move(scholars, "Qxf7"), Move(SQ_H5, SQ_F7));

    EXPECT_EQ(san_move(pos_from("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), "exd6"), Move(SQ_E5, SQ_D6, Move::EN_PASSANT));
    EXPECT_EQ(san_move(pos_from("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1"), "Qa1b2"), Move(SQ_A1, SQ_B2));
}

struct BadSan {
    const char* name;
    const char* fen;
    const char* san;
    const char* message;
};

std::ostream& operator<<(std::ostream& os, const BadSan& b) { return os << b.name << ": " << b.san << " in " << b.fen; }

class ParseSanError : public ::testing::TestWithParam<BadSan> {};

TEST_P(ParseSanError, IsRejectedWithAReason) {
    const BadSan& bad = GetParam();
    const Position pos = pos_from(bad.fen);
    Result<Move> r = parse_san(pos, bad.san);
    ASSERT_FALSE(r.ok()) << "accepted as " << move_to_uci(r.value());
    EXPECT_TRUE(contains_text(r.error(), bad.message)) << "error was: " << r.error() << "\nexpected it to contain: "
                                                       << bad.message;
}

// After 1.e4 e5 2.Nf3 Nf6 3.d3 d6 4.Nc3: both black knights can go to d7.
constexpr const char* TWO_KNIGHTS = "rnbqkb1r/ppp2ppp/3p1n2/4p3/4P3/2NP1N2/PPP2PPP/R1BQKB1R b KQkq - 1 4";

const BadSan bad_sans[] = {
    {"illegal_king_move", START, "Ke2", "illegal move Ke2: no legal king move to e2"},
    {"illegal_pawn_move", START, "e5", "illegal move e5: no legal pawn move to e5"},
    {"illegal_knight_move", START, "Nf6", "no legal knight move to f6"},
    {"wrong_disambiguation", START, "Nbf3", "no legal knight move to f3"},
    {"pinned_knight", "4k3/8/8/7b/8/5N2/4K3/1N6 w - - 0 1", "Nfd2", "no legal knight move to d2"},
    {"castling_kingside_not_allowed", START, "O-O", "castling kingside is not allowed here"},
    {"castling_queenside_not_allowed", START, "O-O-O", "castling queenside is not allowed here"},
    {"castling_without_right", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "0-0", "castling kingside is not allowed"},
    {"king_move_is_not_castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1", "no legal king move to g1"},
    {"empty", START, "", "empty move"},
    {"only_check_mark", START, "+", "empty move"},
    {"word", START, "hello", "malformed move 'hello'"},
    {"bad_piece_letter", START, "Zf3", "malformed move 'Zf3'"},
    {"rank_9", START, "e9", "malformed move 'e9'"},
    {"piece_only", START, "N", "malformed move 'N'"},
    {"no_rank", START, "Nf", "malformed move 'Nf'"},
    {"capture_without_square", START, "exd", "malformed move 'exd'"},
    {"pawn_letter", START, "Pe4", "malformed move 'Pe4'"},
    {"two_squares_and_more", START, "e2e4e5", "malformed move 'e2e4e5'"},
    {"king_promotion", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=K", "malformed move 'e8=K'"},
    {"promotion_missing", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8", "a pawn reaching the last rank must promote"},
    {"capture_promotion_missing", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "exd8",
     "a pawn reaching the last rank must promote (e.g. d8=Q)"},
    {"black_promotion_missing", "4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1", "b1", "must promote"},
    {"promotion_not_on_last_rank", START, "e4=Q", "no legal pawn move to e4"},
    {"piece_cannot_promote", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "Ke8=Q", "no legal king move to e8"},
};

INSTANTIATE_TEST_SUITE_P(AllReasons, ParseSanError, ::testing::ValuesIn(bad_sans),
                         [](const ::testing::TestParamInfo<BadSan>& info) { return std::string(info.param.name); });

// Ambiguous moves are refused with every candidate listed (in any order).
TEST(ParseSan, AmbiguousMoveListsTheCandidates) {
    struct Case {
        const char* fen;
        const char* san;
        std::vector<const char*> candidates;
        const char* not_listed;
    };
    const Case cases[] = {
        {TWO_KNIGHTS, "Nd7", {"Nbd7", "Nfd7"}, "Bd7"},
        {TWO_KNIGHTS, "Nxd7", {"Nbd7", "Nfd7"}, "Qd7"},
        {"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qb2", {"Qa1b2", "Qcb2", "Q3b2"}, "Qb1"},
        {"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qab2", {"Qa1b2", "Q3b2"}, "Qcb2"},
        {"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Q1b2", {"Qa1b2", "Qcb2"}, "Q3b2"},
        {"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "Ra3", {"R1a3", "R5a3"}, "Rd1"},
    };
    for (const Case& c : cases) {
        Result<Move> r = parse_san(pos_from(c.fen), c.san);
        ASSERT_FALSE(r.ok()) << c.san << " accepted as " << move_to_uci(r.value());
        EXPECT_TRUE(contains_text(r.error(), "ambiguous move " + std::string(c.san))) << r.error();
        for (const char* candidate : c.candidates)
            EXPECT_TRUE(contains_text(r.error(), candidate)) << c.san << ": " << r.error() << " does not list " << candidate;
        EXPECT_FALSE(contains_text(r.error(), c.not_listed)) << c.san << ": " << r.error();
    }
}

TEST(ParseSan, DisambiguatedFormsOfAnAmbiguousMoveAreAccepted) {
    const Position pos = pos_from(TWO_KNIGHTS);
    EXPECT_EQ(san_move(pos, "Nbd7"), Move(SQ_B8, SQ_D7));
    EXPECT_EQ(san_move(pos, "Nfd7"), Move(SQ_F6, SQ_D7));
    EXPECT_EQ(san_move(pos, "N8d7"), Move(SQ_B8, SQ_D7));
    EXPECT_EQ(san_move(pos, "N6d7"), Move(SQ_F6, SQ_D7));
    // The FEN above is the position the comment describes.
    Position played;
    play(played, {"e2e4", "e7e5", "g1f3", "g8f6", "d2d3", "d7d6", "b1c3"});
    EXPECT_EQ(played.fen(), TWO_KNIGHTS);
}

}  // namespace
}  // namespace mainline
