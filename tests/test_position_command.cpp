// Positions from text (position_command.h): UCI's `position` arguments and the web API's
// start + moves, with UCI or SAN moves, and the errors both report.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "notation.h"
#include "position_command.h"
#include "test_util.h"

namespace mainline {
namespace {

using test::contains_text;
using Words = std::vector<std::string_view>;

constexpr std::string_view AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

TEST(ParsePositionCommand, StartposAndFenWithMoves) {
    Result<Position> ok = parse_position_command({"startpos", "moves", "e2e4"});
    ASSERT_TRUE(ok.ok()) << ok.error();
    EXPECT_EQ(ok.value().fen(), AFTER_E4);
    Result<Position> fen = parse_position_command({"fen", "4k3/8/8/8/8/8/8/4K3", "w", "-", "-", "moves", "e1d2"});
    ASSERT_TRUE(fen.ok()) << fen.error();
    EXPECT_EQ(fen.value().fen(), "4k3/8/8/8/8/8/3K4/8 b - - 1 1");
    Result<Position> no_moves = parse_position_command({"startpos", "moves"});
    ASSERT_TRUE(no_moves.ok()) << no_moves.error();
    EXPECT_EQ(no_moves.value().fen(), Position().fen());
}

TEST(ParsePositionCommand, ErrorsNameTheBadPart) {
    Result<Position> bad = parse_position_command({});
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error(), "position needs 'startpos' or 'fen <FEN>'");
    Result<Position> bad_move = parse_position_command({"startpos", "moves", "e2e4", "e7e5", "g1g3"});
    ASSERT_FALSE(bad_move.ok());
    EXPECT_TRUE(contains_text(bad_move.error(), "(move 3 of the moves list)")) << bad_move.error();
    Result<Position> bad_fen = parse_position_command({"fen", "8/8/8/8/8/8/8/8", "w", "-", "-", "0", "1"});
    ASSERT_FALSE(bad_fen.ok());
    EXPECT_EQ(bad_fen.error().rfind("bad FEN: ", 0), 0u) << bad_fen.error();
}

TEST(ParsePositionCommand, SanOnlyWhenAsked) {
    Result<Position> uci_only = parse_position_command({"startpos", "moves", "e4"});
    ASSERT_FALSE(uci_only.ok());
    EXPECT_TRUE(contains_text(uci_only.error(), "(move 1 of the moves list)")) << uci_only.error();
    Result<Position> san = parse_position_command({"startpos", "moves", "e4"}, MoveNotation::UCI_OR_SAN);
    ASSERT_TRUE(san.ok()) << san.error();
    EXPECT_EQ(san.value().fen(), AFTER_E4);
}

TEST(BuildPosition, StartIsAFenOrStartposOrNothing) {
    for (std::string_view start : {"", "startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}) {
        Result<Position> pos = build_position(start, {"e4"});
        ASSERT_TRUE(pos.ok()) << start << ": " << pos.error();
        EXPECT_EQ(pos.value().fen(), AFTER_E4) << start;
    }
    Result<Position> bad = build_position("8/8/8 w", {});
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().rfind("bad FEN: ", 0), 0u) << bad.error();
}

TEST(BuildPosition, MixedNotationsAndTheFailingMovesNumber) {
    Result<Position> mixed = build_position("startpos", {"e2e4", "e5", "Nf3", "b8c6", "O-O"});
    ASSERT_FALSE(mixed.ok());  // White cannot castle yet
    EXPECT_TRUE(contains_text(mixed.error(), "(move 5 of the moves list)")) << mixed.error();
    Result<Position> ok = build_position("startpos", {"e2e4", "e5", "Nf3", "b8c6"});
    ASSERT_TRUE(ok.ok()) << ok.error();
    EXPECT_EQ(ok.value().fen(), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    Result<Position> repeated = build_position("", {"e2e4", "e2e4"});
    ASSERT_FALSE(repeated.ok());
    EXPECT_TRUE(contains_text(repeated.error(), "no piece on e2 (move 2 of the moves list)")) << repeated.error();
}

TEST(BuildPosition, OnMoveSeesEachMoveBeforeItIsPlayed) {
    std::vector<std::string> sans;
    Result<Position> pos = build_position("startpos", {"e2e4", "e5", "g1f3"}, MoveNotation::UCI_OR_SAN,
                                          [&](const Position& before, Move m) { sans.push_back(move_to_san(before, m)); });
    ASSERT_TRUE(pos.ok()) << pos.error();
    EXPECT_EQ(sans, (std::vector<std::string>{"e4", "e5", "Nf3"}));
}

TEST(ParseAnyMove, UciThenSanAndTheMessageOfTheMeantNotation) {
    const Position start;
    Result<Move> uci = parse_any_move(start, "g1f3");
    ASSERT_TRUE(uci.ok()) << uci.error();
    EXPECT_EQ(move_to_uci(uci.value()), "g1f3");
    Result<Move> san = parse_any_move(start, "Nf3");
    ASSERT_TRUE(san.ok()) << san.error();
    EXPECT_EQ(move_to_uci(san.value()), "g1f3");
    // A UCI-shaped move is reported by the UCI parser, anything else by the SAN parser.
    Result<Move> bad_uci = parse_any_move(start, "e2e5");
    ASSERT_FALSE(bad_uci.ok());
    EXPECT_EQ(bad_uci.error(), parse_uci_move(start, "e2e5").error());
    Result<Move> bad_san = parse_any_move(start, "Nf6");
    ASSERT_FALSE(bad_san.ok());
    EXPECT_EQ(bad_san.error(), parse_san(start, "Nf6").error());
}

}  // namespace
}  // namespace mainline
