// The evaluation network: the file format's checks, incremental updates equal to a fresh
// computation after every kind of move, the vector output equal to the plain one, and lines
// that still explain their scores when the search evaluates with the network.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "engine.h"
#include "eval_trace.h"
#include "evaluate.h"
#include "movegen.h"
#include "nnue.h"
#include "pv_check.h"
#include "test_util.h"

namespace mainline::nnue {
// The network file compiled in (cmake/embed-net.cmake): its even-numbered bytes, then its odd ones.
extern const unsigned char EMBEDDED_NET_PLANES[];
extern const std::size_t EMBEDDED_NET_SIZE;
}  // namespace mainline::nnue

namespace mainline {
namespace {

using test::pos_from;

const nnue::Network& net() { return nnue::Network::embedded(); }

std::vector<std::uint8_t> serialise(const nnue::Network& n) { return n.serialise(); }

TEST(Nnue, EmbeddedNetworkIsValidAndRoundTrips) {
    EXPECT_GE(net().hidden(), 16);
    EXPECT_FALSE(net().description().empty());
    const std::vector<std::uint8_t> bytes = serialise(net());
    // Written back, the embedded network is the file in nets/ byte for byte (its description's
    // size and checksum are the file's).
    std::vector<std::uint8_t> file(nnue::EMBEDDED_NET_SIZE);
    for (std::size_t i = 0; i < file.size() / 2; ++i) {
        file[2 * i] = nnue::EMBEDDED_NET_PLANES[i];
        file[2 * i + 1] = nnue::EMBEDDED_NET_PLANES[file.size() / 2 + i];
    }
    EXPECT_EQ(bytes, file);
    Result<nnue::Network> again = nnue::Network::parse(bytes.data(), bytes.size());
    ASSERT_TRUE(again) << again.error();
    EXPECT_EQ(again.value().description(), net().description());
}

TEST(Nnue, DamagedFilesAreRefusedWithTheReason) {
    const std::vector<std::uint8_t> good = serialise(net());
    auto error_of = [](std::vector<std::uint8_t> b) {
        Result<nnue::Network> r = nnue::Network::parse(b.data(), b.size());
        return r ? std::string() : r.error();
    };
    std::vector<std::uint8_t> b = good;
    b[0] = 'X';
    EXPECT_TRUE(test::contains_text(error_of(b), "not a Mainline network")) << error_of(b);
    b = good;
    b[4] = 9;
    EXPECT_TRUE(test::contains_text(error_of(b), "format version 9")) << error_of(b);
    b = good;
    b.pop_back();
    EXPECT_TRUE(test::contains_text(error_of(b), "bytes")) << error_of(b);
    b = good;
    b[100] ^= 1;
    EXPECT_TRUE(test::contains_text(error_of(b), "checksum")) << error_of(b);
    EXPECT_TRUE(test::contains_text(error_of({}), "not a Mainline network"));
}

TEST(Nnue, FeatureIndices) {
    EXPECT_EQ(nnue::feature(WHITE, W_PAWN, SQ_A2), 8);
    EXPECT_EQ(nnue::feature(WHITE, W_ROOK, SQ_A1), 3 * 64);
    EXPECT_EQ(nnue::feature(WHITE, B_KING, SQ_E8), 11 * 64 + 60);
    EXPECT_EQ(nnue::feature(BLACK, B_PAWN, SQ_A7), 8);  // mirrored: black's a7 is its "a2"
    EXPECT_EQ(nnue::feature(BLACK, W_KING, SQ_E1), 11 * 64 + 60);
    EXPECT_EQ(nnue::feature(BLACK, B_KING, SQ_E8), 5 * 64 + 4);
}

// The integer arithmetic worked by hand on a network of one live neuron (the other 15 are zero).
TEST(Nnue, IntegerEvaluationByHand) {
    constexpr int H = 16;
    auto make = [](std::vector<std::int16_t> w1, std::int16_t b1_0, std::int16_t w2_us, std::int16_t w2_them, std::int32_t b2) {
        std::vector<std::int16_t> b1(H, 0), w2(2 * H, 0);
        b1[0] = b1_0;
        w2[0] = w2_us;
        w2[H] = w2_them;
        Result<nnue::Network> n = nnue::Network::from_weights(H, 1, std::move(w1), std::move(b1), std::move(w2), {b2});
        EXPECT_TRUE(n) << n.error();
        return std::move(n).value();
    };
    const std::vector<std::int16_t> zero(std::size_t(nnue::INPUTS) * H, 0);
    const Position start;
    EXPECT_EQ(nnue::evaluate(make(zero, 255, 64, 0, 0), start), 400);  // a = 1, W2 = 1: one SCALE
    EXPECT_EQ(nnue::evaluate(make(zero, 255, 64, 0, -(nnue::QA * nnue::QB) / 2), start), 200);  // b2 = -0.5
    // sum = -41 (units QA * QB): -1.004 cp, truncated toward zero
    EXPECT_EQ(nnue::evaluate(make(zero, 255, 64, 0, -(nnue::QA * nnue::QB) - 41), start), -1);

    // A weight of 128 (0.5) on "own queen on d1"; only white has a queen.
    std::vector<std::int16_t> queen = zero;
    queen[std::size_t(nnue::feature(WHITE, W_QUEEN, SQ_D1)) * H] = 128;
    const Position white = pos_from("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), black = pos_from("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
    // 128^2 * 64 / 255 = 4112 (truncated), * 400 / (255 * 64) = 100 (truncated)
    EXPECT_EQ(nnue::evaluate(make(queen, 0, 64, 0, 0), white), 100);
    EXPECT_EQ(nnue::evaluate(make(queen, 0, 64, 0, 0), black), 0);
    EXPECT_EQ(nnue::evaluate(make(queen, 0, 0, -64, 0), white), 0);
    EXPECT_EQ(nnue::evaluate(make(queen, 0, 0, -64, 0), black), -100);
}

// Each piece count reads its own output weights: a network whose bucket b has a bias of 100 * b
// centipawns evaluates a position to 100 times its bucket's number.
TEST(Nnue, OutputBucketsFollowThePieceCount) {
    constexpr int H = 16, B = 8;
    const std::vector<std::int16_t> w1(std::size_t(nnue::INPUTS) * H, 0), b1(H, 0), w2(std::size_t(B) * 2 * H, 0);
    std::vector<std::int32_t> b2;
    for (int b = 0; b < B; ++b) b2.push_back(b * 100 * nnue::QA * nnue::QB / nnue::SCALE);
    Result<nnue::Network> n = nnue::Network::from_weights(H, B, w1, b1, w2, b2);
    ASSERT_TRUE(n) << n.error();
    EXPECT_EQ(n.value().bucket(2), 0);
    EXPECT_EQ(n.value().bucket(5), 0);
    EXPECT_EQ(n.value().bucket(6), 1);
    EXPECT_EQ(n.value().bucket(31), 7);
    EXPECT_EQ(n.value().bucket(32), 7);
    EXPECT_EQ(nnue::evaluate(n.value(), Position()), 700);                                        // 32 pieces
    EXPECT_EQ(nnue::evaluate(n.value(), pos_from("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")), 0);            // 3
    EXPECT_EQ(nnue::evaluate(n.value(), pos_from("4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1")), 200);  // 11
    // A one-bucket network uses bucket 0 whatever the count.
    Result<nnue::Network> one = nnue::Network::from_weights(H, 1, w1, b1, std::vector<std::int16_t>(2 * H, 0), {0});
    ASSERT_TRUE(one) << one.error();
    EXPECT_EQ(one.value().bucket(32), 0);
    // Shapes that do not match the bucket count are refused.
    EXPECT_FALSE(nnue::Network::from_weights(H, B, w1, b1, std::vector<std::int16_t>(2 * H, 0), b2));
    EXPECT_FALSE(nnue::Network::from_weights(H, 0, w1, b1, {}, {}));
}

// A version 1 file (one output bucket, no bucket count in the header) still loads, as the same
// network.
TEST(Nnue, VersionOneFilesStillLoad) {
    constexpr int H = 16;
    // First-layer weights beyond int8, so that the file is written as version 2.
    std::vector<std::int16_t> w1(std::size_t(nnue::INPUTS) * H, 300), b1(H, 7), w2(2 * H, 5);
    Result<nnue::Network> n = nnue::Network::from_weights(H, 1, w1, b1, w2, {1234});
    ASSERT_TRUE(n) << n.error();
    std::vector<std::uint8_t> v1 = n.value().serialise();
    v1[4] = 1;                            // version
    v1.erase(v1.begin() + 28, v1.begin() + 32);  // the bucket count
    v1.resize(v1.size() - 4);
    const std::uint32_t sum = nnue::checksum(v1.data(), v1.size());
    for (int i = 0; i < 4; ++i) v1.push_back(std::uint8_t(sum >> (8 * i)));
    Result<nnue::Network> again = nnue::Network::parse(v1.data(), v1.size());
    ASSERT_TRUE(again) << again.error();
    EXPECT_EQ(again.value().buckets(), 1);
    EXPECT_EQ(again.value().serialise(), n.value().serialise());
}

// A network whose first layer fits int8 is written as version 3 (one byte a first-layer weight)
// and reads back as the same network, evaluation for evaluation; one weight beyond int8 makes it
// version 2, byte for byte the format earlier engines wrote.
TEST(Nnue, Int8FirstLayerIsVersionThree) {
    constexpr int H = 32, B = 2;
    std::vector<std::int16_t> w1(std::size_t(nnue::INPUTS) * H), b1(H), w2(std::size_t(B) * 2 * H);
    std::uint32_t x = 12345;
    auto next = [&x](int range) {
        x = x * 1103515245u + 12345u;
        return int((x >> 8) % std::uint32_t(2 * range + 1)) - range;
    };
    for (auto& w : w1) w = std::int16_t(next(nnue::MAX_INT8_WEIGHT));
    w1[5] = nnue::MAX_INT8_WEIGHT;
    w1[6] = -nnue::MAX_INT8_WEIGHT;
    for (auto& b : b1) b = std::int16_t(next(400));  // biases stay int16
    for (auto& w : w2) w = std::int16_t(next(nnue::MAX_OUTPUT_WEIGHT));
    Result<nnue::Network> n = nnue::Network::from_weights(H, B, w1, b1, w2, {1000, -2000});
    ASSERT_TRUE(n) << n.error();
    EXPECT_EQ(n.value().format_version(), 3u);
    const std::vector<std::uint8_t> v3 = n.value().serialise();
    EXPECT_EQ(v3[4], 3);
    EXPECT_EQ(v3.size(), 36u + std::size_t(nnue::INPUTS) * H + 2 * (H + B * 2 * H) + 4 * B);
    EXPECT_TRUE(test::contains_text(n.value().description(), "int8 first layer")) << n.value().description();
    Result<nnue::Network> back = nnue::Network::parse(v3.data(), v3.size());
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back.value().serialise(), v3);
    for (std::size_t i = 0; i < w1.size(); ++i) ASSERT_EQ(back.value().weights(0)[i], w1[i]) << i;
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", "8/8/4k3/8/8/3K4/8/8 w - - 0 1"})
        EXPECT_EQ(nnue::evaluate(back.value(), pos_from(fen)), nnue::evaluate(n.value(), pos_from(fen))) << fen;
    // A damaged version 3 file is refused like any other.
    std::vector<std::uint8_t> bad = v3;
    bad[40] ^= 1;
    Result<nnue::Network> damaged = nnue::Network::parse(bad.data(), bad.size());
    ASSERT_FALSE(damaged);
    EXPECT_TRUE(test::contains_text(damaged.error(), "checksum")) << damaged.error();
    bad = v3;
    bad.pop_back();
    EXPECT_FALSE(nnue::Network::parse(bad.data(), bad.size()));
    // The same weights in a version 2 file read back as version 2, written byte for byte as the
    // file was (a file is never silently converted), with the same evaluations.
    auto with_checksum = [](std::vector<std::uint8_t> b) {
        const std::uint32_t sum = nnue::checksum(b.data(), b.size());
        for (int i = 0; i < 4; ++i) b.push_back(std::uint8_t(sum >> (8 * i)));
        return b;
    };
    std::vector<std::uint8_t> v2(v3.begin(), v3.begin() + 32);
    v2[4] = 2;
    for (std::int16_t w : w1) {
        v2.push_back(std::uint8_t(std::uint16_t(w) & 0xff));
        v2.push_back(std::uint8_t(std::uint16_t(w) >> 8));
    }
    v2.insert(v2.end(), v3.begin() + 32 + std::ptrdiff_t(w1.size()), v3.end() - 4);
    v2 = with_checksum(v2);
    Result<nnue::Network> as_v2 = nnue::Network::parse(v2.data(), v2.size());
    ASSERT_TRUE(as_v2) << as_v2.error();
    EXPECT_EQ(as_v2.value().format_version(), 2u);
    EXPECT_EQ(as_v2.value().serialise(), v2);
    EXPECT_FALSE(test::contains_text(as_v2.value().description(), "int8")) << as_v2.value().description();
    EXPECT_EQ(nnue::evaluate(as_v2.value(), Position()), nnue::evaluate(n.value(), Position()));
    // -128 fits a byte but not the format (+-127): refused, naming it.
    std::vector<std::uint8_t> low(v3.begin(), v3.end() - 4);
    low[32] = 0x80;
    low = with_checksum(low);
    Result<nnue::Network> refused = nnue::Network::parse(low.data(), low.size());
    ASSERT_FALSE(refused);
    EXPECT_TRUE(test::contains_text(refused.error(), "-128")) << refused.error();
    // One weight of 128 needs int16: version 2.
    w1[7] = nnue::MAX_INT8_WEIGHT + 1;
    Result<nnue::Network> wide = nnue::Network::from_weights(H, B, w1, b1, w2, {1000, -2000});
    ASSERT_TRUE(wide) << wide.error();
    EXPECT_EQ(wide.value().format_version(), 2u);
    EXPECT_EQ(wide.value().serialise().size(), 36u + std::size_t(nnue::INPUTS) * H * 2 + 2 * (H + B * 2 * H) + 4 * B);
}

TEST(Nnue, FeaturesMirrorBetweenPerspectives) {
    // A white pawn on e2 seen by white is a black pawn on e7 seen by black.
    EXPECT_EQ(nnue::feature(WHITE, W_PAWN, SQ_E2), nnue::feature(BLACK, B_PAWN, SQ_E7));
    EXPECT_EQ(nnue::feature(WHITE, B_KING, SQ_E8), nnue::feature(BLACK, W_KING, SQ_E1));
    EXPECT_EQ(nnue::feature(WHITE, W_PAWN, SQ_A1), 0);
    EXPECT_EQ(nnue::feature(WHITE, B_KING, SQ_H8), nnue::INPUTS - 1);
    // Mirrored positions evaluate alike for the side to move.
    EXPECT_EQ(nnue::evaluate(net(), pos_from("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")),
              nnue::evaluate(net(), pos_from("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")));
}

// Random games from positions rich in castling, en passant and promotions: after every move the
// incrementally updated accumulator equals a fresh one, and the output equals the plain sum.
TEST(Nnue, IncrementalUpdatesEqualAFreshComputation) {
    const char* fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    };
    test::SplitMix64 rng(7);
    int moves = 0;
    for (const char* fen : fens)
        for (int game = 0; game < 20; ++game) {
            Position pos = pos_from(fen);
            pos.reserve_history(200);
            nnue::Accumulator acc, fresh;
            nnue::refresh(net(), pos, acc);
            for (int ply = 0; ply < 120; ++ply) {
                const MoveList legal = legal_moves(pos);
                if (!legal.size) break;
                const Move m = legal.moves[rng.next() % std::uint64_t(legal.size)];
                nnue::Accumulator next;
                nnue::update(net(), acc, nnue::delta_of(pos, m), next);
                pos.do_move(m);
                nnue::refresh(net(), pos, fresh);
                ASSERT_EQ(0, std::memcmp(next.values[WHITE], fresh.values[WHITE], sizeof(std::int16_t) * std::size_t(net().hidden())))
                    << pos.fen();
                ASSERT_EQ(0, std::memcmp(next.values[BLACK], fresh.values[BLACK], sizeof(std::int16_t) * std::size_t(net().hidden())))
                    << pos.fen();
                const int bucket = net().bucket(pos);
                ASSERT_EQ(nnue::output(net(), next, pos.side_to_move(), bucket),
                          nnue::output_reference(net(), next, pos.side_to_move(), bucket));
                acc = next;
                ++moves;
            }
        }
    EXPECT_GT(moves, 5000);
}

TEST(Nnue, VectorOutputEqualsPlainOutputAtTheExtremes) {
    test::SplitMix64 rng(11);
    nnue::Accumulator acc;
    for (int round = 0; round < 200; ++round) {
        for (Color c : {WHITE, BLACK})
            for (int j = 0; j < net().hidden(); ++j)
                acc.values[c][j] = std::int16_t(int(rng.next() % 1200) - 400);  // below 0, inside, above QA
        for (Color c : {WHITE, BLACK})
            for (int bucket = 0; bucket < net().buckets(); ++bucket)
                EXPECT_EQ(nnue::output(net(), acc, c, bucket), nnue::output_reference(net(), acc, c, bucket));
    }
}

// With the network, every exact line of a search still ends in the position whose evaluation
// (the network's, replayed from scratch) is the score.
TEST(Nnue, LinesExplainTheirScoresWithTheNetwork) {
    Engine engine;
    ASSERT_EQ(engine.set_option("Use NNUE", "true"), "");
    ASSERT_NE(engine.network(), nullptr);
    int lines = 0;
    for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}) {
        for (const char* method : {"stack", "triangular", "pvhash"}) {
            ASSERT_EQ(engine.set_option("PvMethod", method), "");
            engine.new_game();
            const Position root = pos_from(fen);
            engine.set_position(root);
            SearchLimits limits;
            limits.depth = 7;
            SearchCallbacks callbacks;
            callbacks.on_iteration = [&](const IterationInfo& info) {
                if (info.bound != BOUND_EXACT) return;
                const PvCheck c = check_pv(root, info.pv, info.score, info.depth, engine.network());
                EXPECT_TRUE(c.ok()) << fen << " " << method << " depth " << info.depth << ": " << c.problem;
                ++lines;
            };
            engine.search(limits, callbacks);
        }
    }
    EXPECT_GE(lines, 3 * 3 * 7);
}

// The FEN of `pos` (read from `fen`) with square `sq` emptied; the other fields as `fen` has them.
std::string without_square(const Position& pos, const std::string& fen, Square sq) {
    Piece board[SQUARE_NB];
    for (int s = 0; s < SQUARE_NB; ++s) board[s] = pos.piece_on(Square(s));
    board[sq] = NO_PIECE;
    return fen_placement(board) + fen.substr(fen.find(' '));
}

// Each piece's value is the evaluation with it minus the evaluation of the same position without
// it, as the network evaluates that position from scratch (checked wherever the position without
// the piece is a legal one), and the trace's evaluation is the one the search uses (scaled by the
// fifty-move counter, which the position without the piece keeps).
TEST(PieceTrace, PieceValuesAreTheEvaluationWithMinusWithout) {
    int checked = 0;
    for (const std::string& fen : test::every_nth(test::all_data_fens(), 4 * test::CHECKED_BUILD_STEP)) {
        const Position pos = pos_from(fen);
        const PieceTrace t = trace_evaluation(net(), pos);
        const int sign = pos.side_to_move() == WHITE ? 1 : -1;
        ASSERT_EQ(t.eval, sign * evaluate(pos, &net())) << fen;
        EXPECT_EQ(t.count, popcount(pos.pieces()) - 2) << fen;  // every piece but the kings
        for (int i = 0; i < t.count; ++i) {
            const PieceValue& pv = t.pieces[std::size_t(i)];
            EXPECT_EQ(pos.piece_on(pv.square), pv.piece);
            EXPECT_NE(type_of(pv.piece), KING);
            Result<Position> less = Position::from_fen(without_square(pos, fen, pv.square));
            if (!less) continue;  // say, the other king left in check
            EXPECT_EQ(t.eval - pv.value, sign * evaluate(less.value(), &net())) << fen << " without " << square_name(pv.square);
            ++checked;
        }
    }
    EXPECT_GT(checked, 150);  // 192 in the checked builds' sample of a third of the positions
    // A lone queen is worth a lot to its side, whichever side it is
    const PieceTrace q = trace_evaluation(net(), pos_from("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
    ASSERT_EQ(q.count, 1);
    EXPECT_GT(q.pieces[0].value, 300);
    const PieceTrace bq = trace_evaluation(net(), pos_from("3qk3/8/8/8/8/8/8/4K3 w - - 0 1"));
    EXPECT_LT(bq.pieces[0].value, -300);
}

TEST(Nnue, EvalFileNeedsAReaderAndAValidFile) {
    Engine engine;
    EXPECT_TRUE(test::contains_text(engine.set_option("EvalFile", "/tmp/x.mlnn"), "reads no files"));
    engine.set_file_reader([](const std::string&) {
        return Result<std::vector<std::uint8_t>>::success(std::vector<std::uint8_t>{'M', 'L', 'N', 'N', 1, 2, 3});
    });
    EXPECT_TRUE(test::contains_text(engine.set_option("EvalFile", "bad.mlnn"), "not a Mainline network"));
    const std::vector<std::uint8_t> good = serialise(net());
    engine.set_file_reader([&](const std::string&) { return Result<std::vector<std::uint8_t>>::success(good); });
    EXPECT_EQ(engine.set_option("EvalFile", "copy.mlnn"), "");
    ASSERT_EQ(engine.set_option("Use NNUE", "true"), "");
    ASSERT_NE(engine.network(), nullptr);
    EXPECT_NE(engine.network(), &net());  // the file's copy, not the embedded one
    EXPECT_EQ(evaluate(engine.position(), engine.network()), nnue::evaluate(net(), engine.position()));
    EXPECT_EQ(engine.set_option("EvalFile", "<embedded>"), "");
    EXPECT_EQ(engine.network(), &net());
}

}  // namespace
}  // namespace mainline
