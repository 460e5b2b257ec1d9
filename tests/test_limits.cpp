// The engine at its limits (docs/robustness.md): Hash at its minimum and maximum,
// MultiPV above the number of legal moves, 218 legal moves, games of hundreds of plies near the
// repetition and fifty-move limits, mate in one, stalemate and checkmate on the board, and the
// extreme values of every `go` parameter. Everything goes through the UCI front end, as a GUI
// would send it, and every answer is checked, not just that nothing crashed.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#if !defined(__EMSCRIPTEN__)
#include <sys/resource.h>
#endif

#include "engine.h"
#include "test_util.h"
#include "uci.h"

#if defined(__SANITIZE_ADDRESS__)
#define MAINLINE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MAINLINE_ASAN 1
#endif
#endif

namespace mainline {
namespace {

using test::contains_text;
using Lines = std::vector<std::string>;

constexpr const char* MAX218 = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1";
constexpr const char* KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// An unthreaded UCI engine, as in the WebAssembly build: every command has finished, output
// included, when send() returns. Its keep-going hook (polled every 8192 nodes, and while a
// `go infinite` or `go ponder` waits for `stop`) answers "stop" once stop_waiting() was called,
// the way the worker's stop flag does.
class Limits : public ::testing::Test {
protected:
    Limits() : uci_([this](std::string_view line) { out_.emplace_back(line); }, false) {
        uci_.set_keep_going([this](std::uint64_t) { return !stop_; });
    }
    void stop_waiting() { stop_ = true; }

    Lines send(std::string_view line) {
        out_.clear();
        EXPECT_TRUE(uci_.handle(line)) << line;
        return out_;
    }

    // Runs a search and checks the protocol: no error, `info` lines whose PVs are legal, then
    // exactly one `bestmove` (legal, or `(none)` exactly when there is no legal move) as the
    // last line. Returns the output.
    Lines go(std::string_view command) {
        const Position pos = uci_.engine().position();
        const Lines lines = send(command);
        int bestmoves = 0;
        for (const std::string& l : lines) {
            EXPECT_FALSE(contains_text(l, "error")) << command << ": " << l;
            bestmoves += l.rfind("bestmove ", 0) == 0;
            if (l.rfind("info depth ", 0) == 0) check_pv_legal(pos, l);
        }
        EXPECT_EQ(bestmoves, 1) << command;
        if (lines.empty()) return lines;
        const std::vector<std::string_view> bm = split_words(lines.back());
        EXPECT_GE(bm.size(), 2u) << lines.back();
        if (bm.size() < 2) return lines;
        if (legal_moves(pos).size == 0) {
            EXPECT_EQ(lines.back(), "bestmove (none)") << command;
        } else {
            EXPECT_TRUE(parse_uci_move(pos, bm[1]).ok()) << command << ": " << lines.back() << " in " << pos.fen();
        }
        return lines;
    }

    static void check_pv_legal(const Position& root, const std::string& info) {
        const std::size_t at = info.find(" pv ");
        if (at == std::string::npos) return;
        Position pos = root;
        for (std::string_view m : split_words(std::string_view(info).substr(at + 4))) {
            Result<Move> move = parse_uci_move(pos, m);
            ASSERT_TRUE(move.ok()) << info << ": " << move.error();
            pos.do_move(move.value());
        }
    }

    // The `info depth N ... multipv K` lines (exact scores only) of depth N.
    static Lines exact_lines_at(const Lines& lines, int depth) {
        Lines out;
        for (const std::string& l : lines)
            if (l.rfind("info depth " + std::to_string(depth) + " ", 0) == 0 && !contains_text(l, "bound"))
                out.push_back(l);
        return out;
    }

    UciEngine uci_;
    Lines out_;
    bool stop_ = false;
};

// ---- Hash -------------------------------------------------------------------------------------

TEST_F(Limits, HashAtItsMinimumStillSearches) {
    EXPECT_EQ(send("setoption name Hash value 1"), Lines{});
    EXPECT_EQ(uci_.engine().hash_mb(), 1);
    send(std::string("position fen ") + KIWIPETE);
    const Lines lines = go("go depth 7");
    EXPECT_EQ(exact_lines_at(lines, 7).size(), 1u);
    EXPECT_TRUE(contains_text(send("setoption name Hash value 0").at(0), "Hash must be a whole number of MB from 1 to 32768"));
    EXPECT_EQ(uci_.engine().hash_mb(), 1);
}

TEST_F(Limits, HashAboveItsMaximumIsRefused) {
    for (const char* v : {"32769", "99999999999999999999", "-1", "1.5", ""}) {
        const Lines lines = send(std::string("setoption name Hash value ") + v);
        ASSERT_EQ(lines.size(), 1u) << v;
        EXPECT_TRUE(contains_text(lines[0], "info string error: Hash must be")) << lines[0];
        EXPECT_EQ(uci_.engine().hash_mb(), Engine::DEFAULT_HASH_MB);
    }
}

// Hash 32768 (32 GB): allocated if the machine has it, else refused with a clear error and the
// old table kept. The refusal is made certain (whatever the machine) by running the request in a
// child process whose address space is limited to 4 GB.
#if !defined(__EMSCRIPTEN__) && !defined(MAINLINE_ASAN)
void hash_at_maximum_in_this_process() {
    Lines out;
    UciEngine uci([&out](std::string_view line) { out.emplace_back(line); }, false);
    uci.handle("setoption name Hash value 64");
    out.clear();
    uci.handle("setoption name Hash value 32768");
    const bool allocated = out.empty() && uci.engine().hash_mb() == 32768;
    const bool refused = out.size() == 1 &&
                         out[0] == "info string error: cannot allocate 32768 MB for the hash table; keeping 64 MB" &&
                         uci.engine().hash_mb() == 64;
    if (!allocated && !refused) {
        std::fprintf(stderr, "Hash 32768: %s, hash_mb %d\n", out.empty() ? "no output" : out[0].c_str(),
                     uci.engine().hash_mb());
        std::exit(1);
    }
    out.clear();
    uci.handle("go depth 5");
    if (out.empty() || out.back().rfind("bestmove ", 0) != 0 || out.back() == "bestmove (none)") std::exit(2);
    std::exit(refused ? 0 : 3);
}
#endif

#if !defined(__EMSCRIPTEN__) && !defined(MAINLINE_ASAN)
void hash_at_maximum_with_4_gb_of_address_space() {
    rlimit limit{};
    limit.rlim_cur = limit.rlim_max = rlim_t(4) << 30;
    if (setrlimit(RLIMIT_AS, &limit) != 0) std::exit(4);
    hash_at_maximum_in_this_process();
}
#endif

#if defined(__EMSCRIPTEN__)
TEST_F(Limits, HashAtItsMaximumIsRefusedWithinTheWasmMemoryCap) {
    // The wasm memory cap (1 GB) cannot hold these: the same clear error, the old table kept.
    // (From 4096 MB on, the size in bytes does not fit a 32-bit size_t: it used to wrap around,
    // and 32768 MB "succeeded" with an empty table.)
    send("setoption name Hash value 8");
    for (const char* mb : {"32768", "5000", "4096", "2048"}) {
        const Lines lines = send(std::string("setoption name Hash value ") + mb);
        ASSERT_EQ(lines.size(), 1u) << mb;
        EXPECT_EQ(lines[0], std::string("info string error: cannot allocate ") + mb +
                                " MB for the hash table; keeping 8 MB");
        EXPECT_EQ(uci_.engine().hash_mb(), 8);
    }
    go("go depth 5");
}
#elif defined(MAINLINE_ASAN)
TEST_F(Limits, HashAtItsMaximumWhenMemoryRunsOut) {
    GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space, so the 4 GB address-space limit "
                    "that makes the allocation fail cannot be set; the Release and Debug builds run this test";
}
#else
TEST_F(Limits, HashAtItsMaximumWhenMemoryRunsOut) {
    EXPECT_EXIT(hash_at_maximum_with_4_gb_of_address_space(), ::testing::ExitedWithCode(0), "");
}
#endif

// ---- MultiPV, 218 legal moves ---------------------------------------------------------------

TEST_F(Limits, MultiPvAboveTheNumberOfLegalMoves) {
    // King and three pawns: eight legal moves.
    send("position fen 4r2k/8/8/8/8/8/3PPP2/4K3 w - - 0 1");
    const int legal = legal_moves(uci_.engine().position()).size;
    ASSERT_GT(legal, 0);
    ASSERT_LT(legal, 64);
    send("setoption name MultiPV value 64");
    const Lines lines = go("go depth 4");
    for (int depth = 1; depth <= 4; ++depth) {
        const Lines at = exact_lines_at(lines, depth);
        ASSERT_EQ(int(at.size()), legal) << "depth " << depth;
        for (int k = 1; k <= legal; ++k)
            EXPECT_TRUE(contains_text(at[std::size_t(k - 1)], " multipv " + std::to_string(k) + " ")) << at[std::size_t(k - 1)];
    }
}

TEST_F(Limits, MultiPvWithOneLegalMove) {
    send("position fen k7/8/1K6/8/8/8/8/7Q b - - 0 1");  // Kb8 only
    send("setoption name MultiPV value 64");
    const Lines lines = go("go depth 3");
    EXPECT_EQ(exact_lines_at(lines, 3).size(), 1u);
    EXPECT_EQ(lines.back().rfind("bestmove a8b8", 0), 0u) << lines.back();
}

TEST_F(Limits, TwoHundredEighteenLegalMoves) {
    send(std::string("position fen ") + MAX218);
    ASSERT_EQ(legal_moves(uci_.engine().position()).size, 218);
    const Lines perft = send("go perft 1");
    EXPECT_EQ(perft.at(perft.size() - 2), "Nodes searched: 218");
    go("go depth 5");
    send("setoption name MultiPV value 64");
    const Lines lines = go("go depth 2");
    EXPECT_EQ(exact_lines_at(lines, 2).size(), 64u);
    // searchmoves with every legal move
    std::string all = "go depth 2 searchmoves";
    for (Move m : legal_moves(uci_.engine().position())) all += " " + move_to_uci(m);
    send("setoption name MultiPV value 1");
    go(all);
}

// ---- Long games, repetition and fifty-move limits --------------------------------------------

TEST_F(Limits, FourHundredPlyShuffleRepeatingTheStartPosition) {
    std::string cmd = "position startpos moves";
    for (int i = 0; i < 100; ++i) cmd += " g1f3 g8f6 f3g1 f6g8";
    EXPECT_EQ(send(cmd), Lines{});
    EXPECT_EQ(uci_.engine().position().history_length(), 400);
    EXPECT_EQ(uci_.engine().position().fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 400 201");
    EXPECT_TRUE(uci_.engine().position().is_repetition(2));
    go("go depth 6");
    // One more shuffle as the search's line: repeating once more is a draw, so the score of
    // Nf3 (answered by Nf6, Ng1, Ng8) is 0.
    const Lines only = go("go depth 6 searchmoves g1f3");
    const Lines exact = exact_lines_at(only, 6);
    ASSERT_EQ(exact.size(), 1u);
    EXPECT_TRUE(contains_text(exact[0], " score cp 0 ")) << exact[0];
}

TEST_F(Limits, AThousandPlyGame) {
    // A reproducible random game of 1000 plies (GUIs send moves past a draw by rule, so the
    // moves list goes on through the fifty-move limit and repetitions; it only stops at a mate).
    test::SplitMix64 rng(7);
    std::string cmd = "position startpos moves";
    Position pos;
    pos.reserve_history(1000);
    int plies = 0;
    while (plies < 1000) {
        const MoveList moves = legal_moves(pos);
        if (moves.size == 0) break;
        const Move m = moves.moves[rng.below(std::size_t(moves.size))];
        cmd += " " + move_to_uci(m);
        pos.do_move(m);
        ++plies;
    }
    ASSERT_TRUE(plies == 1000 || legal_moves(pos).size == 0) << plies;
    ASSERT_GT(plies, 200);
    EXPECT_EQ(send(cmd), Lines{});
    EXPECT_EQ(uci_.engine().position().fen(), pos.fen());
    EXPECT_EQ(uci_.engine().position().consistency_error(), "");
    go("go depth 5");
}

TEST_F(Limits, MateInOneOnTheHundredthHalfMoveIsAMate) {
    // Ra8# is the 100th half move without capture or pawn move: mate takes precedence over the
    // fifty-move rule.
    send("position fen 7k/8/6K1/8/8/8/8/R7 w - - 99 120");
    const Lines lines = go("go depth 4");
    EXPECT_EQ(lines.back().rfind("bestmove a1a8", 0), 0u) << lines.back();
    EXPECT_TRUE(contains_text(exact_lines_at(lines, 4).at(0), " score mate 1 ")) << exact_lines_at(lines, 4).at(0);
}

TEST_F(Limits, TheFiftyMoveLimitReachedThroughTheMovesList) {
    // 96 half moves on the clock, then four quiet moves: the position has the 100th half move,
    // a draw by rule. The engine still names a legal move; every line scores 0.
    EXPECT_EQ(send("position fen 8/8/4k3/8/8/8/8/R3K3 w - - 96 80 moves a1a2 e6e5 a2a1 e5e6"), Lines{});
    EXPECT_EQ(uci_.engine().position().rule50(), 100);
    EXPECT_TRUE(uci_.engine().position().is_fifty_move_draw());
    const Lines lines = go("go depth 5");
    for (const std::string& l : exact_lines_at(lines, 5)) EXPECT_TRUE(contains_text(l, " score cp 0 ")) << l;
    // The counter does not overflow past the FEN limit plus a long moves list.
    std::string cmd = "position fen 8/8/4k3/8/8/8/8/R3K3 w - - 1000000 1000000 moves";
    for (int i = 0; i < 50; ++i) cmd += " a1a2 e6e5 a2a1 e5e6";
    EXPECT_EQ(send(cmd), Lines{});
    EXPECT_EQ(uci_.engine().position().rule50(), 1000200);
    go("go depth 4");
}

// ---- Mate, stalemate, no legal moves -------------------------------------------------------------

TEST_F(Limits, MateInOneAtDepthOne) {
    send("position fen 6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1");
    const Lines lines = go("go depth 1");
    EXPECT_EQ(lines.back(), "bestmove e1e8");
    EXPECT_TRUE(contains_text(exact_lines_at(lines, 1).at(0), " score mate 1 "));
}

TEST_F(Limits, NoLegalMoveAnswersEveryKindOfGo) {
    stop_waiting();  // `go infinite` and `go ponder` end with the (empty) search
    for (const char* fen : {"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",    // checkmated
                            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}) {  // stalemated
        send(std::string("position fen ") + fen);
        const bool mated = uci_.engine().position().in_check();
        for (const char* cmd : {"go depth 1", "go depth 128", "go nodes 1", "go movetime 1", "go mate 1", "go infinite",
                                "go ponder", "go wtime 0 btime 0", "go"}) {
            const Lines lines = go(cmd);
            ASSERT_GE(lines.size(), 2u) << cmd;
            EXPECT_TRUE(contains_text(lines[0], mated ? " score mate 0 " : " score cp 0 ")) << cmd << ": " << lines[0];
            EXPECT_EQ(lines[1], std::string("info string pvend ") + (mated ? "mate" : "stalemate")) << cmd;
        }
        const Lines refused = send("go searchmoves h8g8");
        ASSERT_EQ(refused.size(), 1u);
        EXPECT_TRUE(contains_text(refused[0], "info string error: go searchmoves")) << refused[0];
        EXPECT_EQ(send("go perft 3").at(1), "Nodes searched: 0");
    }
}

// ---- go parameters at their limits ------------------------------------------------------------

TEST_F(Limits, GoParametersAtTheirLimits) {
    stop_waiting();  // for `go infinite nodes 3000`; the other searches stop at their own limits first
    send(std::string("position fen ") + KIWIPETE);
    for (const char* cmd : {"go nodes 1", "go depth 1", "go movetime 1", "go wtime 0 btime 0", "go wtime -1000 btime -1000",
                            "go wtime 1 btime 1 movestogo 1", "go wtime 1000 btime 1000 movestogo 10000",
                            "go wtime 1099511627776 btime 1099511627776 winc 1099511627776 binc 1099511627776 nodes 3000",
                            "go depth 128 nodes 3000", "go mate 128 nodes 3000", "go movetime 1099511627776 nodes 3000",
                            "go infinite nodes 3000"})
        go(cmd);
    for (const char* cmd : {"go depth 129", "go mate 0", "go nodes 0", "go movetime 0", "go movestogo 0",
                            "go movestogo 10001", "go wtime 1099511627777", "go nodes 18446744073709551616"}) {
        const Lines lines = send(cmd);
        ASSERT_EQ(lines.size(), 1u) << cmd;
        EXPECT_EQ(lines[0].rfind("info string error: go ", 0), 0u) << cmd << ": " << lines[0];
    }
}

#ifndef __EMSCRIPTEN__
// Threaded, as the native binary runs: `go infinite` and `go depth 128` on every kind of position
// (no legal move, 218 moves, MultiPV 64, a long game) stopped after random short times; every
// `go` gets one `bestmove`. (scripts/stress.mjs does 10,000 cycles through the real binary.)
TEST(LimitsThreaded, DeepAndInfiniteSearchesStoppedAtRandomTimes) {
    std::mutex m;
    Lines out;
    UciEngine uci(
        [&](std::string_view line) {
            std::lock_guard<std::mutex> lock(m);
            out.emplace_back(line);
        },
        true);
    std::string longgame = "position startpos moves";
    for (int i = 0; i < 50; ++i) longgame += " b1c3 b8c6 c3b1 c6b8";
    const std::vector<std::string> positions = {
        "position startpos", std::string("position fen ") + MAX218, "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", std::string("position fen ") + KIWIPETE, longgame};
    test::SplitMix64 rng(3);
    int gos = 0;
    for (int i = 0; i < 120; ++i) {
        uci.handle(positions[rng.below(positions.size())]);
        if (i % 10 == 0) uci.handle(i % 20 ? "setoption name MultiPV value 64" : "setoption name MultiPV value 1");
        uci.handle(rng.below(2) ? "go infinite" : "go depth 128");
        ++gos;
        std::this_thread::sleep_for(std::chrono::microseconds(rng.below(20000)));
        uci.handle("stop");
    }
    uci.wait();
    int bestmoves = 0;
    for (const std::string& l : out) bestmoves += l.rfind("bestmove ", 0) == 0;
    EXPECT_EQ(bestmoves, gos);
}
#endif

}  // namespace
}  // namespace mainline
