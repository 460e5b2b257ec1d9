// FEN parsing and printing: exact round trips, every class of invalid input rejected with a message
// that names the problem, and random garbage never crashing the parser.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "movegen.h"
#include "position.h"
#include "test_util.h"

namespace mainline {
namespace {

using test::contains_text;

TEST(Fen, DataFilesHaveTheExpectedNumberOfPositions) {
    EXPECT_EQ(test::read_lines("positions.fen").size(), 80u);
    EXPECT_EQ(test::read_epd("perft-standard.epd").size(), 7u);
    EXPECT_EQ(test::read_epd("perft-random.epd").size(), 107u);
}

TEST(Fen, RoundTripsEveryDataFileFen) {
    const std::vector<std::string> fens = test::all_data_fens();
    ASSERT_EQ(fens.size(), 80u + 7u + 107u);
    for (const std::string& fen : fens) {
        Result<Position> r = Position::from_fen(fen);
        ASSERT_TRUE(r.ok()) << fen << ": " << r.error();
        EXPECT_EQ(r.value().fen(), fen);
        EXPECT_EQ(r.value().consistency_error(), "") << fen;
        EXPECT_TRUE(r.error().empty()) << fen;
    }
}

TEST(Fen, RoundTripsHandWrittenFens) {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 40",
        "4k3/8/8/6pP/8/8/8/4K3 w - g6 0 40",
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 5 40",
        "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 99 60",
        "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
        "4k2r/8/8/8/8/8/8/R3K3 b Qk - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w q - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1",
        "8/8/8/8/8/8/8/K6k w - - 1000000 1000000",
    };
    for (const char* fen : fens) {
        Result<Position> r = Position::from_fen(fen);
        ASSERT_TRUE(r.ok()) << fen << ": " << r.error();
        EXPECT_EQ(r.value().fen(), fen);
        EXPECT_EQ(r.value().consistency_error(), "") << fen;
    }
}

TEST(Fen, FieldsAreReadIntoThePosition) {
    const Position pos = test::pos_from("r3k2r/8/8/8/Pp6/8/8/R3K2R b Kq a3 7 42");
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(pos.castling_rights(), WHITE_OO | BLACK_OOO);
    EXPECT_EQ(pos.ep_square(), SQ_A3);
    EXPECT_EQ(pos.rule50(), 7);
    EXPECT_EQ(pos.fullmove_number(), 42);
    EXPECT_EQ(pos.piece_on(SQ_A4), W_PAWN);
    EXPECT_EQ(pos.piece_on(SQ_B4), B_PAWN);
    EXPECT_EQ(pos.piece_on(SQ_E8), B_KING);
    EXPECT_EQ(pos.piece_on(SQ_H1), W_ROOK);
    EXPECT_TRUE(pos.empty(SQ_E4));
    EXPECT_EQ(pos.king_square(WHITE), SQ_E1);
    EXPECT_EQ(pos.king_square(BLACK), SQ_E8);
    EXPECT_EQ(popcount(pos.pieces()), 8);
    EXPECT_EQ(pos.history_length(), 0);
    EXPECT_FALSE(pos.in_check());
}

TEST(Fen, DefaultConstructorIsTheStartPosition) {
    const Position pos;
    EXPECT_EQ(pos.fen(), Position::START_FEN);
    EXPECT_EQ(pos.key(), test::pos_from(Position::START_FEN).key());
    EXPECT_EQ(pos.castling_rights(), ALL_CASTLING);
    EXPECT_EQ(pos.ep_square(), SQ_NONE);
}

TEST(Fen, FourFieldFenGetsDefaultClocks) {
    Result<Position> r = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq -");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r.value().fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(r.value().rule50(), 0);
    EXPECT_EQ(r.value().fullmove_number(), 1);

    Result<Position> ep = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3");
    ASSERT_TRUE(ep.ok()) << ep.error();
    EXPECT_EQ(ep.value().fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
}

TEST(Fen, ExtraWhitespaceBetweenFieldsIsAccepted) {
    Result<Position> r = Position::from_fen("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w  KQkq - 0 1\r\n");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r.value().fen(), Position::START_FEN);
}

TEST(Fen, UselessEnPassantSquareIsKeptButDoesNotChangeTheKey) {
    // No black pawn can take on e3: the key must be that of the same position without it.
    const Position with = test::pos_from("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    const Position without = test::pos_from("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(with.ep_square(), SQ_E3);
    EXPECT_EQ(with.key(), without.key());
    // Here d4 can take on e3, so the en-passant square is part of the key.
    const Position live = test::pos_from("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    const Position dead = test::pos_from("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_NE(live.key(), dead.key());
}

TEST(Fen, KeysDifferBySideCastlingAndPlacement) {
    const Key base = test::pos_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").key();
    EXPECT_NE(base, test::pos_from("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").key());
    EXPECT_NE(base, test::pos_from("r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1").key());
    EXPECT_NE(base, test::pos_from("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1").key());
    EXPECT_NE(base, test::pos_from("r3k2r/8/8/8/8/8/7R/R3K3 w Qkq - 0 1").key());
    // Clocks are not part of the key.
    EXPECT_EQ(base, test::pos_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 17 33").key());
}

struct BadFen {
    const char* name;
    const char* fen;
    const char* message;  // a distinctive part of the expected error
};

std::ostream& operator<<(std::ostream& os, const BadFen& b) { return os << b.name << ": \"" << b.fen << '"'; }

class FenError : public ::testing::TestWithParam<BadFen> {};

TEST_P(FenError, IsRejectedWithAMessageNamingTheProblem) {
    const BadFen& bad = GetParam();
    Result<Position> r = Position::from_fen(bad.fen);
    ASSERT_FALSE(r.ok()) << "accepted, as " << r.value().fen();
    EXPECT_TRUE(contains_text(r.error(), bad.message)) << "error was: " << r.error() << "\nexpected it to contain: "
                                                       << bad.message;
}

const BadFen bad_fens[] = {
    // Shape.
    {"empty", "", "FEN is empty"},
    {"only_spaces", "  \t ", "FEN is empty"},
    {"one_field", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "has 1 fields"},
    {"three_fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "has 3 fields"},
    {"five_fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "has 5 fields"},
    {"seven_fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", "has 7 fields"},
    // Piece placement.
    {"bad_piece_letter", "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter 'x' in rank 7"},
    {"digit_nine", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter '9'"},
    {"digit_zero", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter '0'"},
    {"rank_of_7_squares", "rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 8 has 7 squares"},
    {"rank_of_7_empty_squares", "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has 7 squares"},
    {"rank_of_9_squares", "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 8 has 9 squares"},
    {"rank_of_9_by_digits", "rnbqkbnr/pppppppp/8/8/44p/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 4 has 9 squares"},
    {"empty_rank", "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has 0 squares"},
    {"seven_ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 ranks; expected 8"},
    {"nine_ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9 ranks; expected 8"},
    {"trailing_slash", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1", "9 ranks; expected 8"},
    {"white_no_king", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "white has no king"},
    {"black_no_king", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has no king"},
    {"white_two_kings", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "white has 2 kings"},
    {"black_two_kings", "k3k3/8/8/8/8/8/8/4K3 w - - 0 1", "black has 2 kings"},
    {"white_pawn_on_rank_1", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "white pawn on a1"},
    {"white_pawn_on_rank_8", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "white pawn on h8"},
    {"black_pawn_on_rank_1", "4k3/8/8/8/8/8/8/4K1p1 w - - 0 1", "black pawn on g1"},
    {"black_pawn_on_rank_8", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "black pawn on a8"},
    {"white_nine_pawns", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "white has 9 pawns"},
    {"black_nine_pawns", "4k3/pppppppp/7p/8/8/8/8/4K3 w - - 0 1", "black has 9 pawns"},
    {"ten_queens_with_8_pawns", "4k3/8/8/QQQQQQQQ/QQ6/8/PPPPPPPP/4K3 b - - 0 1",
     "white has more pieces than promotions of its 8 pawns allow"},
    {"two_queens_with_8_pawns", "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
     "white has more pieces than promotions of its 8 pawns allow"},
    {"three_rooks_with_8_pawns", "rr2k2r/pppppppp/8/8/8/8/8/4K3 w - - 0 1",
     "black has more pieces than promotions of its 8 pawns allow"},
    {"four_knights_with_7_pawns", "nnn1k1n1/ppppppp1/8/8/8/8/8/4K3 w - - 0 1",
     "black has more pieces than promotions of its 7 pawns allow"},
    {"three_bishops_with_8_pawns", "4k3/8/8/8/8/8/PPPPPPPP/BBB1K3 w - - 0 1",
     "white has more pieces than promotions of its 8 pawns allow"},
    // Side to move.
    {"bad_side", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move must be 'w' or 'b', not 'x'"},
    {"uppercase_side", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side to move must be 'w' or 'b'"},
    {"long_side", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", "side to move must be 'w' or 'b'"},
    {"black_in_check_white_to_move", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", "side not to move (black) is in check"},
    {"white_in_check_black_to_move", "3rk3/8/8/8/8/8/8/3K4 b - - 0 1", "side not to move (white) is in check"},
    {"kings_touching", "8/8/8/3kK3/8/8/8/8 w - - 0 1", "side not to move (black) is in check"},
    {"pawn_check_on_side_not_to_move", "8/8/3k4/4P3/8/8/8/4K3 w - - 0 1", "side not to move (black) is in check"},
    // Castling rights.
    // Chess960 lets the king stand anywhere between the b- and g-files with a rook on each side
    // (tests/test_chess960.cpp); these positions have no such king or rook
    {"castling_K_king_in_the_corner", "r3k2r/8/8/8/8/8/8/R6K w K - 0 1", "castling right 'K' needs the white king on its back rank between the b- and g-files and a rook on its h-file side; the king is on h1"},
    {"castling_K_without_rook", "r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1", "castling right 'K' needs the white king on its back rank between the b- and g-files and a rook on its h-file side; the king is on e1"},
    {"castling_Q_without_rook", "r3k2r/8/8/8/8/8/8/4K2R w Q - 0 1", "castling right 'Q' needs the white king on its back rank between the b- and g-files and a rook on its a-file side; the king is on e1"},
    {"castling_k_king_off_its_rank", "r6r/3k4/8/8/8/8/8/R3K2R b k - 0 1", "castling right 'k' needs the black king on its back rank between the b- and g-files and a rook on its h-file side; the king is on d7"},
    {"castling_q_without_rook", "4k2r/8/8/8/8/8/8/R3K2R w q - 0 1", "castling right 'q' needs the black king on its back rank between the b- and g-files and a rook on its a-file side; the king is on e8"},
    {"castling_K_with_black_rook", "4k3/8/8/8/8/8/8/4K2r b K - 0 1", "castling right 'K' needs"},
    {"castling_letter_twice", "r3k2r/8/8/8/8/8/8/R3K2R w KKq - 0 1", "castling right 'K' needs the white king on its back rank between the b- and g-files and only one right on each side of it"},
    {"castling_kq_twice", "r3k2r/8/8/8/8/8/8/R3K2R w Kkqq - 0 1", "castling right 'q' needs the black king on its back rank between the b- and g-files and only one right on each side of it"},
    {"castling_file_without_rook", "r3k2r/8/8/8/8/8/8/R3K2R w G - 0 1", "castling right 'G' needs the white king on its back rank between the b- and g-files and a rook on g1; the king is on e1"},
    {"bad_castling_char", "r3k2r/8/8/8/8/8/8/R3K2R w KQx - 0 1", "bad castling character 'x'"},
    {"dash_inside_castling", "r3k2r/8/8/8/8/8/8/R3K2R w K-q - 0 1", "bad castling character '-'"},
    // En passant.
    {"ep_not_a_square", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1", "en passant square 'e9' is not a square"},
    {"ep_bad_file", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq i3 0 1", "en passant square 'i3' is not a square"},
    {"ep_too_long", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e33 0 1", "'e33' is not a square"},
    {"ep_uppercase", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq E3 0 1", "'E3' is not a square"},
    {"ep_wrong_rank_black_to_move", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
     "en passant square e6 is impossible: it must be on rank 3 when black is to move"},
    {"ep_wrong_rank_white_to_move", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 2",
     "en passant square e3 is impossible: it must be on rank 6 when white is to move"},
    {"ep_rank_4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", "it must be on rank 3"},
    {"ep_no_pawn_in_front", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1",
     "en passant square d3 is impossible: no white pawn on d4"},
    {"ep_own_pawn_in_front", "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR b KQkq d3 0 1", "no white pawn on d4"},
    {"ep_square_occupied", "rnbqkb1r/pppp1ppp/4n3/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 3",
     "en passant square e6 is impossible: the squares the pawn passed over are not empty"},
    {"ep_start_square_occupied", "r1bqkbnr/ppppnppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 3",
     "en passant square e6 is impossible: the squares the pawn passed over are not empty"},
    // Clocks.
    {"halfmove_negative", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock '-1'"},
    {"halfmove_not_a_number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock 'x'"},
    {"halfmove_plus_sign", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +3 1", "halfmove clock '+3'"},
    {"halfmove_huge", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1",
     "halfmove clock '99999999999999999999'"},
    {"halfmove_just_over_limit", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1000001 1",
     "halfmove clock '1000001'"},
    {"fullmove_negative", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -5", "fullmove number '-5'"},
    {"fullmove_not_a_number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", "fullmove number 'one'"},
    {"fullmove_decimal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", "fullmove number '1.5'"},
    {"fullmove_huge", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 4294967297", "fullmove number '4294967297'"},
};

INSTANTIATE_TEST_SUITE_P(AllClasses, FenError, ::testing::ValuesIn(bad_fens),
                         [](const ::testing::TestParamInfo<BadFen>& info) { return std::string(info.param.name); });

// Boundaries just inside the limits above must still be accepted.
TEST(Fen, AcceptsPositionsAtTheLimits) {
    const char* fens[] = {
        "4k3/8/8/8/8/8/PPPPPPPP/Q3K3 w - - 0 1",                // 8 pawns, the original queen
        "4k3/8/8/8/8/8/1PPPPPPP/QQ2K3 w - - 0 1",               // 7 pawns, one promoted queen
        "4k3/8/QQQQQQQ1/QQ6/8/8/8/4K3 b - - 0 1",               // 9 queens, no pawns
        "nnn1k3/ppppppp1/8/8/8/8/8/4K3 w - - 0 1",              // 3 knights, 7 pawns
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",          // 8 pawns a side
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 999999 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",                       // one castling right
    };
    for (const char* fen : fens) {
        Result<Position> r = Position::from_fen(fen);
        EXPECT_TRUE(r.ok()) << fen << ": " << r.error();
    }
}

// The side to move may be in check, even from two pieces.
TEST(Fen, SideToMoveMayBeInCheck) {
    const Position single = test::pos_from("4k3/8/8/8/8/8/8/4RK2 b - - 0 1");
    EXPECT_TRUE(single.in_check());
    EXPECT_EQ(single.checkers(), square_bb(SQ_E1));
    const Position twice = test::pos_from("4r2k/8/8/8/8/3n4/8/R3K3 w Q - 0 1");
    EXPECT_EQ(twice.checkers(), square_bb(SQ_E8) | square_bb(SQ_D3));
}

// Random mutations of a valid FEN: one to three character edits each.
std::string mutate(std::string s, test::SplitMix64& rng) {
    static constexpr std::string_view alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789 x;";
    const int edits = 1 + int(rng.below(3));
    for (int e = 0; e < edits; ++e) {
        const char c = alphabet[rng.below(alphabet.size())];
        const std::size_t at = s.empty() ? 0 : rng.below(s.size());
        switch (rng.below(4)) {
        case 0:
            if (!s.empty()) s[at] = c;
            break;
        case 1: s.insert(s.begin() + std::ptrdiff_t(at), c); break;
        case 2:
            if (!s.empty()) s.erase(at, 1);
            break;
        default:
            if (s.size() > 1) std::swap(s[at], s[rng.below(s.size())]);
            break;
        }
    }
    return s;
}

// What every accepted FEN must give: a consistent position whose FEN reads back the same, whose
// moves can all be made and taken back.
void check_accepted(const std::string& input, const Position& pos) {
    ASSERT_EQ(pos.consistency_error(), "") << input;
    const std::string fen = pos.fen();
    Result<Position> again = Position::from_fen(fen);
    ASSERT_TRUE(again.ok()) << input << " printed as " << fen << " which is rejected: " << again.error();
    ASSERT_EQ(again.value().fen(), fen) << input;
    ASSERT_EQ(again.value().key(), pos.key()) << input;
    Position p = pos;
    const MoveList moves = legal_moves(p);
    ASSERT_LE(moves.size, MAX_MOVES);
    for (Move m : moves) {
        p.do_move(m);
        ASSERT_EQ(p.consistency_error(), "") << input << " after " << move_to_uci(m);
        p.undo_move(m);
    }
    ASSERT_EQ(p.fen(), fen) << input;
}

TEST(FenFuzz, MutatedFensAreAcceptedConsistentlyOrRejectedWithAMessage) {
    std::vector<std::string> seeds = test::all_data_fens();
    ASSERT_FALSE(seeds.empty());
    test::SplitMix64 rng(0xF3A5);
    int accepted = 0;
    for (int i = 0; i < 6000; ++i) {
        const std::string input = mutate(seeds[rng.below(seeds.size())], rng);
        Result<Position> r = Position::from_fen(input);
        if (r.ok()) {
            ++accepted;
            ASSERT_TRUE(r.error().empty());
            ASSERT_NO_FATAL_FAILURE(check_accepted(input, r.value()));
        } else {
            ASSERT_FALSE(r.error().empty()) << input;
        }
    }
    // The mutations must exercise both paths for the test to mean anything.
    EXPECT_GT(accepted, 100);
    EXPECT_LT(accepted, 5900);
}

TEST(FenFuzz, RandomGarbageNeverCrashes) {
    test::SplitMix64 rng(0xBADF00D);
    static constexpr std::string_view fen_chars = "pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789";
    int accepted = 0;
    for (int i = 0; i < 4000; ++i) {
        std::string input;
        const std::size_t length = rng.below(90);
        for (std::size_t j = 0; j < length; ++j)
            input += i % 2 ? char(rng.below(256)) : fen_chars[rng.below(fen_chars.size())];
        Result<Position> r = Position::from_fen(input);
        if (r.ok()) {
            ++accepted;
            ASSERT_NO_FATAL_FAILURE(check_accepted(input, r.value()));
        } else {
            ASSERT_FALSE(r.error().empty()) << input;
        }
    }
    EXPECT_LT(accepted, 4000);
}

// Piece-heavy positions that pass every check stay within MAX_MOVES.
TEST(Fen, MoveCountStaysWithinMaxMoves) {
    // The known maximum for a reachable position.
    const Position max218 = test::pos_from("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
    EXPECT_EQ(legal_moves(max218).size, 218);
    // Nine queens, both rooks, bishops and knights, castling: as much as FEN validation lets through.
    const Position heavy = test::pos_from("7k/6pp/8/8/8/QQQQQQQQ/3Q4/RNB1KBNR w KQ - 0 1");
    EXPECT_LE(legal_moves(heavy).size, MAX_MOVES);
    EXPECT_GT(legal_moves(heavy).size, 100);
}

}  // namespace
}  // namespace mainline
