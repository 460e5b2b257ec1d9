// Chess960: perft against Stockfish 15.1's counts (tests/data/perft-960.epd: all 960 start
// positions to depth 4, 250 positions after play to depth 3 or 4), FEN in X-FEN and Shredder-FEN
// and out, castling made and taken back with king and rook anywhere, and its notation (the king
// taking its own rook in UCI, O-O / O-O-O in SAN). Standard chess is the same position type, so
// every other test file checks that nothing changed there.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "position.h"
#include "test_util.h"

namespace mainline {
namespace {

using test::EpdEntry;

constexpr std::size_t STARTS = 960;

// Checked builds (asserts, sanitizers) take a sample: every code path still runs there, the
// whole set runs in the optimised native and WebAssembly builds of the same `npm test`.
constexpr std::size_t START_STEP = test::CHECKED_BUILD ? 24 : 1;
constexpr std::size_t PLAY_STEP = test::CHECKED_BUILD ? 10 : 1;

Position at(const std::string& fen) {
    Result<Position> r = Position::from_fen(fen);
    EXPECT_TRUE(r.ok()) << fen << ": " << r.error();
    return r.ok() ? std::move(r).value() : Position();
}

// perft at every depth listed (up to the build's leaf limit); the position comes back unchanged
int check(const EpdEntry& e, int max_depth) {
    Position pos = at(e.fen);
    const std::string fen = pos.fen();
    const Key key = pos.key();
    int checked = 0;
    for (const test::PerftCount& c : e.counts) {
        if (c.depth > max_depth || c.nodes > test::PERFT_LEAF_LIMIT) continue;
        pos.reserve_history(c.depth);
        EXPECT_EQ(perft(pos, c.depth), c.nodes) << e.fen << " depth " << c.depth << " (line " << e.line << ")";
        EXPECT_EQ(pos.fen(), fen);
        EXPECT_EQ(pos.key(), key);
        ++checked;
    }
    return checked;
}

TEST(Chess960, DataFile) {
    const std::vector<EpdEntry> all = test::read_epd("perft-960.epd");
    ASSERT_EQ(all.size(), STARTS + 250);
    for (std::size_t i = 0; i < STARTS; ++i) ASSERT_EQ(all[i].counts.size(), 4u) << all[i].fen;
    // start 518 is the usual start position
    EXPECT_EQ(all[518].fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    EXPECT_EQ(all[518].counts[3].nodes, 197281u);
}

TEST(Chess960, PerftOfEveryStartPositionToDepth4) {
    const std::vector<EpdEntry> all = test::read_epd("perft-960.epd");
    ASSERT_GE(all.size(), STARTS);
    int checked = 0;
    for (std::size_t i = 0; i < STARTS; i += START_STEP) checked += check(all[i], 4);
    EXPECT_GE(checked, int(4 * STARTS / START_STEP));
}

TEST(Chess960, PerftOfPositionsAfterPlay) {
    const std::vector<EpdEntry> all = test::read_epd("perft-960.epd");
    int checked = 0;
    for (std::size_t i = STARTS; i < all.size(); i += PLAY_STEP) checked += check(all[i], test::CHECKED_BUILD ? 3 : 4);
    EXPECT_GE(checked, int(3 * (all.size() - STARTS) / PLAY_STEP));
}

TEST(Chess960, FenReadsXFenAndShredderFenAndWritesKqWhereUnambiguous) {
    // Shredder-FEN and X-FEN name the same rights here (one rook on each side of the king)
    const Position shredder = at("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    const Position xfen = at("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    EXPECT_EQ(shredder.key(), xfen.key());
    EXPECT_EQ(shredder.fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    EXPECT_TRUE(shredder.chess960());
    EXPECT_EQ(shredder.castling_rook(WHITE_OO), SQ_H1);
    EXPECT_EQ(shredder.castling_rook(WHITE_OOO), SQ_F1);
    // two rooks on the king's h-side: K is the outer one, the inner needs its file
    const Position inner = at("4k3/8/8/8/8/8/8/1K3RR1 w F - 0 1");
    EXPECT_EQ(inner.castling_rook(WHITE_OO), SQ_F1);
    EXPECT_EQ(inner.fen(), "4k3/8/8/8/8/8/8/1K3RR1 w F - 0 1");
    EXPECT_EQ(at("4k3/8/8/8/8/8/8/1K3RR1 w K - 0 1").castling_rook(WHITE_OO), SQ_G1);
    // standard chess: KQkq, and not Chess960
    const Position standard = at("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    EXPECT_EQ(standard.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_FALSE(standard.chess960());
    // errors name what is wrong
    EXPECT_NE(Position::from_fen("4k3/8/8/8/8/8/8/1K3R2 w G - 0 1").error().find("castling right 'G' needs the white king on its back rank between the b- and g-files and a rook on g1; the king is on b1"), std::string::npos);
    EXPECT_NE(Position::from_fen("4k3/8/8/8/8/8/8/K4R2 w K - 0 1").error().find("between the b- and g-files"), std::string::npos);
    EXPECT_NE(Position::from_fen("4k3/8/8/8/8/8/8/1K3RR1 w FG - 0 1").error().find("castling right 'G' needs the white king on its back rank between the b- and g-files and only one right on each side of it"), std::string::npos);
    EXPECT_NE(Position::from_fen("4k3/8/8/8/8/8/8/1K3RR1 w X - 0 1").error().find("bad castling character 'X'"), std::string::npos);
}

TEST(Chess960, CastlingMadeAndTakenBackWithKingAndRookAnywhere) {
    struct Case {
        const char* fen;
        const char* uci;  // as UCI_Chess960 writes it
        const char* san;
        const char* after;
    };
    const Case cases[] = {
        // the king does not move: it is on g1 already, the rook goes from h1 to f1
        {"k7/8/8/8/8/8/8/4R1KR w H - 0 1", "g1h1", "O-O", "k7/8/8/8/8/8/8/4RRK1 b - - 1 1"},
        // king and rook change places (king f1 to g1, rook g1 to f1)
        {"4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", "O-O", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
        // queen side from b1: the king to c1, the rook from a1 to d1
        {"4k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1", "O-O-O", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
        // the rook does not move: it is on d1 already, the king goes from b1 to c1
        {"4k3/8/8/8/8/8/8/3RK3 w D - 0 1", "e1d1", "O-O-O", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
        // a rook on the king's h-side is its king-side rook, however near: b1 and d1 make O-O
        {"4k3/8/8/8/8/8/8/1K1R4 w D - 0 1", "b1d1", "O-O", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
        // Black, king-side, from d8
        {"r2k3r/8/8/8/8/8/8/4K3 b ha - 0 1", "d8h8", "O-O", "r4rk1/8/8/8/8/8/8/4K3 w - - 1 2"},
    };
    for (const Case& c : cases) {
        Position pos = at(c.fen);
        const std::string before = pos.fen();
        Result<Move> m = parse_uci_move(pos, c.uci);
        ASSERT_TRUE(m.ok()) << c.fen << " " << c.uci << ": " << m.error();
        EXPECT_EQ(m.value().kind(), Move::CASTLING) << c.fen;
        EXPECT_EQ(move_to_uci(pos, m.value(), true), c.uci);
        EXPECT_EQ(move_to_san(pos, m.value()), c.san);
        Result<Move> by_san = parse_san(pos, c.san);
        ASSERT_TRUE(by_san.ok()) << by_san.error();
        EXPECT_EQ(by_san.value(), m.value());
        pos.do_move(m.value());
        EXPECT_EQ(pos.fen(), c.after) << c.fen;
        EXPECT_EQ(pos.consistency_error(), "");
        pos.undo_move(m.value());
        EXPECT_EQ(pos.fen(), before);
        EXPECT_EQ(pos.consistency_error(), "");
    }
}

TEST(Chess960, CastlingRefusedThroughOrIntoAttackAndWhenTheRookShieldsTheDestination) {
    auto castles = [](const char* fen) {
        int n = 0;
        for (Move m : legal_moves(at(fen))) n += m.kind() == Move::CASTLING;
        return n;
    };
    EXPECT_EQ(castles("4k3/8/8/8/8/8/8/1K3R2 w F - 0 1"), 1);
    // a bishop attacks e1, which the king crosses from b1 to g1
    EXPECT_EQ(castles("4k3/8/8/8/8/8/3b4/1K3R2 w F - 0 1"), 0);
    // the destination g1 attacked
    EXPECT_EQ(castles("4k3/8/8/8/8/8/7b/1K3R2 w F - 0 1"), 0);
    // a knight on c1, the king's destination and a square the rook crosses
    EXPECT_EQ(castles("4k3/8/8/8/8/8/8/RKN5 w A - 0 1"), 0);
    // an enemy rook on a1 behind the castling rook on b1: without the rook, c1 is attacked
    EXPECT_EQ(castles("4k3/8/8/8/8/8/8/rRK5 w B - 0 1"), 0);
    EXPECT_EQ(castles("4k3/8/8/8/8/8/8/nRK5 w B - 0 1"), 1);
}

TEST(Chess960, UciReadsTheKingTakingItsRookAndTheKingsDestinationWhereNoKingStepIsMeant) {
    Position standard = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    ASSERT_TRUE(parse_uci_move(standard, "e1g1").ok());
    ASSERT_TRUE(parse_uci_move(standard, "e1h1").ok());
    EXPECT_EQ(parse_uci_move(standard, "e1h1").value(), parse_uci_move(standard, "e1g1").value());
    EXPECT_EQ(move_to_uci(standard, parse_uci_move(standard, "e1g1").value()), "e1g1");
    EXPECT_EQ(move_to_uci(standard, parse_uci_move(standard, "e1g1").value(), true), "e1h1");
    // king f1, rook h1: f1g1 is the king's step, not castling
    Position c960 = at("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    Result<Move> step = parse_uci_move(c960, "f1g1");
    ASSERT_TRUE(step.ok());
    EXPECT_EQ(step.value().kind(), Move::NORMAL);
    Result<Move> castle = parse_uci_move(c960, "f1h1");
    ASSERT_TRUE(castle.ok());
    EXPECT_EQ(castle.value().kind(), Move::CASTLING);
    // the fuzzers' find: X-FEN's Q names the d1 rook, and e1g1 (two squares) can only be castling
    Position xfen = at("r3k2r/1b4bq/8/8/8/8/7B/3RK2R w KQkq - 0 1");
    EXPECT_TRUE(xfen.chess960());
    Result<Move> short_castle = parse_uci_move(xfen, "e1g1");
    ASSERT_TRUE(short_castle.ok()) << short_castle.error();
    EXPECT_EQ(short_castle.value().kind(), Move::CASTLING);
    EXPECT_EQ(move_to_uci(xfen, short_castle.value()), "e1h1");
    EXPECT_EQ(parse_uci_move(xfen, "e1h1").value(), short_castle.value());
}

TEST(Chess960, SanOfAKingStepThatSharesItsSquaresWithCastlingIsPlain) {
    // king f1, rook h1: the step to g1 and O-O (king to g1, rook to f1) share from and to
    Position pos = at("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    Result<Move> step = parse_uci_move(pos, "f1g1");
    ASSERT_TRUE(step.ok());
    EXPECT_EQ(move_to_san(pos, step.value()), "Kg1");
    EXPECT_EQ(move_to_san(pos, parse_uci_move(pos, "f1h1").value()), "O-O");
    EXPECT_EQ(parse_san(pos, "Kg1").value(), step.value());
    EXPECT_EQ(parse_san(pos, "O-O").value().kind(), Move::CASTLING);
}

}  // namespace
}  // namespace mainline
