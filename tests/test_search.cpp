// The search and its principal variations: every reported line legal, full length and
// explaining its score, for every PV method over a few hundred varied positions.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

#include "bench.h"
#include "engine.h"
#include "pv_check.h"
#include "rules.h"
#include "test_util.h"
#include "uci.h"

namespace mainline {
namespace {

using test::pos_from;

// The data files' positions that have legal moves, plus the position after the first legal move
// of every fourth of them: over 200 positions from openings to pawn endings.
const std::vector<std::string>& pv_test_fens() {
    static const std::vector<std::string> fens = [] {
        std::vector<std::string> base = test::all_data_fens(), out;
        for (std::size_t i = 0; i < base.size(); ++i) {
            Result<Position> p = Position::from_fen(base[i]);
            if (!p || legal_moves(p.value()).size == 0) continue;
            out.push_back(base[i]);
            if (i % 4 == 0) {
                Position child = p.value();
                child.do_move(legal_moves(child).moves[0]);
                if (legal_moves(child).size) out.push_back(child.fen());
            }
        }
        return out;
    }();
    return fens;
}

struct PvTally {
    int lines = 0, legal = 0, full = 0, consistent = 0;
    std::uint64_t nodes = 0;
    std::string first_problem;
};

// Searches each position to `depth` and checks the line of every completed iteration.
PvTally check_method(PvMethod method, const std::vector<std::string>& fens, int depth, int threads = 1) {
    PvTally t;
    Engine engine;
    EXPECT_EQ(engine.set_option("Threads", std::to_string(threads)), "");
    SearchOptions options;
    options.pv_method = method;
    engine.set_search_options(options);
    for (const std::string& fen : fens) {
        engine.new_game();
        engine.set_position(pos_from(fen));
        SearchLimits limits;
        limits.depth = depth;
        SearchCallbacks cb;
        const Position root = engine.position();
        cb.on_iteration = [&](const IterationInfo& info) {
            if (info.bound != BOUND_EXACT) return;
            const PvCheck c = check_pv(root, info.pv, info.score, info.depth, engine.network());
            ++t.lines;
            t.legal += c.legal;
            t.full += c.full;
            t.consistent += c.consistent;
            if (!c.ok() && t.first_problem.empty())
                t.first_problem = fen + " depth " + std::to_string(info.depth) + ": " + c.problem;
        };
        engine.search(limits, cb);
        t.nodes += engine.stats().nodes;
    }
    return t;
}

void print_tally(const char* name, int depth, const PvTally& t) {
    std::printf("[ pv      ] %-10s depth %d: %d lines, %.1f%% legal, %.1f%% full, %.1f%% consistent, %llu nodes\n", name,
                depth, t.lines, 100.0 * t.legal / t.lines, 100.0 * t.full / t.lines, 100.0 * t.consistent / t.lines,
                static_cast<unsigned long long>(t.nodes));
}

TEST(PvPositions, AtLeast200Varied) { EXPECT_GE(pv_test_fens().size(), 200u); }

class CollectedPv : public ::testing::TestWithParam<PvMethod> {};

// Depths 1..6 on every position (each iteration's line is checked), 7..8 on every fifth.
TEST_P(CollectedPv, EveryLineLegalFullAndConsistent) {
    const PvMethod method = GetParam();
    const std::vector<std::string> fens = test::every_nth(pv_test_fens(), test::CHECKED_BUILD_STEP);
    const std::vector<std::string> deep = test::every_nth(fens, 5);
    for (const auto& [set, depth] : {std::pair<const std::vector<std::string>*, int>{&fens, 6}, {&deep, 8}}) {
        const PvTally t = check_method(method, *set, depth);
        print_tally(std::string(to_string(method)).c_str(), depth, t);
        ASSERT_GT(t.lines, 0);
        EXPECT_EQ(t.legal, t.lines) << t.first_problem;
        EXPECT_EQ(t.full, t.lines) << t.first_problem;
        EXPECT_EQ(t.consistent, t.lines) << t.first_problem;
    }
}

INSTANTIATE_TEST_SUITE_P(Methods, CollectedPv, ::testing::Values(PvMethod::STACK, PvMethod::TRIANGULAR, PvMethod::PVHASH),
                         [](const auto& info) { return std::string(to_string(info.param)); });

// Lazy SMP: with a helper thread writing the same hash table, the main thread's reported lines
// stay its own and keep all three properties (docs/threads.md). Depth 7 on every other position,
// with a helper a depth ahead filling the table the main thread reads.
TEST_P(CollectedPv, EveryLineLegalFullAndConsistentWithTwoThreads) {
    if (!THREADS_AVAILABLE) GTEST_SKIP() << "a single-threaded build";
    // ThreadSanitizer runs ~15x slower: a quarter as many positions there.
#if defined(__SANITIZE_THREAD__)
    constexpr std::size_t STEP = 8;
#else
    constexpr std::size_t STEP = 2 * test::CHECKED_BUILD_STEP;
#endif
    const std::vector<std::string> some = test::every_nth(pv_test_fens(), STEP);
    const PvTally t = check_method(GetParam(), some, 7, 2);
    print_tally((std::string(to_string(GetParam())) + " x2").c_str(), 7, t);
    ASSERT_GT(t.lines, 0);
    EXPECT_EQ(t.legal, t.lines) << t.first_problem;
    EXPECT_EQ(t.full, t.lines) << t.first_problem;
    EXPECT_EQ(t.consistent, t.lines) << t.first_problem;
}

// The hash-table walk cannot promise full lines; it must still never report an illegal move.
TEST(TtPv, LegalAndTruncationRecorded) {
    const PvTally t = check_method(PvMethod::TT, test::every_nth(pv_test_fens(), test::CHECKED_BUILD_STEP), 6);
    print_tally("tt", 6, t);
    EXPECT_EQ(t.legal, t.lines) << t.first_problem;
    RecordProperty("tt_full_percent", std::to_string(100 * t.full / std::max(1, t.lines)));
}

// ---------------------------------------------------------------------------------------------

SearchResult search_fen(const std::string& fen, int depth, std::vector<IterationInfo>* infos = nullptr,
                        SearchOptions options = {}) {
    Engine engine;
    engine.set_search_options(options);
    engine.set_position(pos_from(fen));
    SearchLimits limits;
    limits.depth = depth;
    SearchCallbacks cb;
    cb.on_iteration = [&](const IterationInfo& i) {
        if (infos) infos->push_back(i);
    };
    return engine.search(limits, cb);
}

TEST(Search, FindsMateInOne) {
    // Back-rank mate: Re8#.
    const SearchResult r = search_fen("6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1", 4);
    EXPECT_EQ(move_to_uci(r.best), "e1e8");
    EXPECT_EQ(r.score, mate_in(1));
    EXPECT_EQ(r.pv.end, PvEnd::MATE);
}

TEST(Search, FindsMateInTwoAndReportsIt) {
    // Morphy's problem: 1. Ra6! and 2. b7# whatever black does.
    std::vector<IterationInfo> infos;
    const SearchResult r = search_fen("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 6, &infos);
    EXPECT_EQ(move_to_uci(r.best), "a1a6");
    EXPECT_EQ(r.score, mate_in(3));
    EXPECT_EQ(format_score(r.score), "mate 2");
    EXPECT_EQ(r.pv.end, PvEnd::MATE);
    EXPECT_EQ(r.pv.length, 3);
}

TEST(Search, MatedSideSeesTheMate) {
    // Black's only move is Kb8, then Qh8# follows.
    const SearchResult r = search_fen("k7/8/1K6/8/8/8/8/7Q b - - 0 1", 5);
    EXPECT_EQ(r.score, mated_in(2));
}

TEST(Search, NoLegalMovesAtRoot) {
    std::vector<IterationInfo> infos;
    SearchResult r = search_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 5, &infos);  // stalemate
    EXPECT_FALSE(r.best.is_ok());
    EXPECT_EQ(r.score, 0);
    ASSERT_EQ(infos.size(), 1u);
    EXPECT_EQ(infos[0].pv.end, PvEnd::STALEMATE);
    infos.clear();
    r = search_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", 5, &infos);  // checkmate
    EXPECT_FALSE(r.best.is_ok());
    ASSERT_EQ(infos.size(), 1u);
    EXPECT_EQ(infos[0].pv.end, PvEnd::MATE);
}

TEST(Search, RepetitionCountsGameHistory) {
    // Twice round the knight-and-king shuffle: the start position is on the board for the third
    // time, a draw even at the search root; once round, only a twofold repetition.
    Position pos = pos_from("4k3/8/8/8/8/8/q7/4K1N1 w - - 0 1");
    test::play(pos, {"g1f3", "e8d8", "f3g1", "d8e8"});
    PvEnd why;
    EXPECT_TRUE(pos.is_repetition(1));
    EXPECT_FALSE(draw_by_rule(pos, 0, why));
    EXPECT_TRUE(draw_by_rule(pos, 5, why)) << "an earlier occurrence after the root is a draw";
    test::play(pos, {"g1f3", "e8d8", "f3g1", "d8e8"});
    EXPECT_TRUE(draw_by_rule(pos, 0, why));
    EXPECT_EQ(why, PvEnd::REPETITION);
    // A queen down, white steers for the repetition that the game history makes a draw.
    Position before = pos_from("4k3/8/8/8/8/8/q7/4K1N1 w - - 0 1");
    test::play(before, {"g1f3", "e8d8", "f3g1", "d8e8", "g1f3", "e8d8", "f3g1"});
    Engine engine;
    engine.set_position(before);
    SearchLimits limits;
    limits.depth = 6;
    limits.searchmoves = {test::uci_move(before, "d8e8")};
    const SearchResult r = engine.search(limits, {});
    EXPECT_EQ(r.score, 0);
}

TEST(Search, FiftyMoveRuleIsADraw) {
    std::vector<IterationInfo> infos;
    // Any move by white makes the 100th half move without capture or pawn move: a draw, though
    // white has an extra rook.
    SearchOptions options;
    const SearchResult r = search_fen("8/8/4k3/8/8/8/8/R3K3 w - - 99 80", 3, &infos, options);
    EXPECT_EQ(r.score, 0);
    EXPECT_EQ(infos.back().pv.end, PvEnd::FIFTY);
}

TEST(Search, NodeLimitAndStopFlagLeaveALegalMove) {
    Engine engine;
    SearchLimits limits;
    limits.nodes = 5000;
    SearchCallbacks cb;
    SearchResult r = engine.search(limits, cb);
    EXPECT_TRUE(is_legal(engine.position(), r.best));
    EXPECT_LT(engine.stats().nodes, 5000u + search_params::POLL_INTERVAL + 64);

    SearchLimits infinite;
    infinite.infinite = true;
#ifndef __EMSCRIPTEN__
    // A stop from another thread ends an infinite search at once, with a legal move. (The
    // single-threaded WebAssembly build has no threads; it stops through the callback below.)
    std::thread stopper([&engine] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        engine.stop();
    });
    r = engine.search(infinite, cb);
    stopper.join();
    EXPECT_TRUE(is_legal(engine.position(), r.best));
#endif

    // The per-N-nodes callback can stop the search too (how the WASM build is stopped).
    SearchCallbacks stopping;
    int calls = 0;
    stopping.keep_going = [&calls](std::uint64_t) { return ++calls < 3; };
    r = engine.search(infinite, stopping);
    EXPECT_EQ(calls, 3);
    EXPECT_TRUE(is_legal(engine.position(), r.best));
}

// Threads: every go/stop leaves a legal move and a search whose reported nodes include the
// helpers'; the threads are reused from search to search and resized between them.
TEST(Threads, StopEndsEveryThreadAndMovesStayLegal) {
    if (!THREADS_AVAILABLE) GTEST_SKIP() << "a single-threaded build";
    Engine engine;
    ASSERT_EQ(engine.set_option("Threads", "3"), "");
    EXPECT_EQ(engine.threads(), 3);
    engine.set_position(pos_from("r1bq1rk1/pp1pnpbp/2n3p1/2p1p3/2P5/2NP1NP1/PP2PPBP/R1BQ1RK1 w - - 1 8"));
    SearchLimits infinite;
    infinite.infinite = true;
    for (int i = 0; i < 40; ++i) {
        SearchCallbacks cb;
        engine.clear_stop();
        std::thread stopper([&engine, i] {
            std::this_thread::sleep_for(std::chrono::milliseconds(i % 8));
            engine.stop();
        });
        const SearchResult r = engine.search(infinite, cb);
        stopper.join();
        EXPECT_TRUE(is_legal(engine.position(), r.best));
        if (i == 20) ASSERT_EQ(engine.set_option("Threads", "2"), "");
    }
    // From an empty table the helper's nodes are counted in the reports. The search runs until a
    // report counts more nodes than the main thread searched (the reports run on the main thread, so
    // its own count is read there); a fixed depth once ended before a loaded machine had scheduled
    // the helper at all. Ten seconds without such a report fail the test.
    engine.new_game();
    engine.set_position(pos_from("r1bq1rk1/pp1pnpbp/2n3p1/2p1p3/2P5/2NP1NP1/PP2PPBP/R1BQ1RK1 w - - 1 8"));
    std::uint64_t reported = 0, main_nodes = 0;
    SearchCallbacks cb;
    cb.on_iteration = [&](const IterationInfo& info) {
        reported = info.nodes;
        main_nodes = engine.stats().nodes;
        if (reported > main_nodes) engine.stop();
    };
    engine.clear_stop();
    std::mutex done_mutex;
    std::condition_variable done_cv;
    bool done = false;
    std::thread timeout([&] {
        std::unique_lock<std::mutex> lock(done_mutex);
        if (!done_cv.wait_for(lock, std::chrono::seconds(10), [&] { return done; })) engine.stop();
    });
    engine.search(infinite, cb);
    {
        std::lock_guard<std::mutex> lock(done_mutex);
        done = true;
    }
    done_cv.notify_one();
    timeout.join();
    EXPECT_GT(reported, main_nodes);
    EXPECT_EQ(engine.set_option("Threads", "1"), "");
    EXPECT_EQ(engine.threads(), 1);
}

// `go depth N` with helpers answers with depth N, never deeper: the helpers are capped at N too
// (a helper a depth ahead once completed N+1 first, under load, and its result was played).
TEST(Threads, DepthLimitHoldsForEveryThread) {
    if (!THREADS_AVAILABLE) GTEST_SKIP() << "a single-threaded build";
    Engine engine;
    ASSERT_EQ(engine.set_option("Threads", "3"), "");
    SearchLimits limits;
    limits.depth = 7;
    const std::vector<std::string> fens = test::every_nth(pv_test_fens(), 25 * test::CHECKED_BUILD_STEP);
    for (const std::string& fen : fens) {
        engine.new_game();
        engine.set_position(pos_from(fen));
        int deepest_report = 0;
        SearchCallbacks cb;
        cb.on_iteration = [&](const IterationInfo& info) { deepest_report = std::max(deepest_report, info.depth); };
        const SearchResult r = engine.search(limits, cb);
        if (r.best == Move::none()) continue;  // mate or stalemate on the board
        EXPECT_EQ(r.depth, 7) << fen;
        EXPECT_LE(deepest_report, 7) << fen;
    }
}

// A strength-limited search uses one thread whatever Threads says: its node budget and the
// moves it picks are those the levels were calibrated with.
TEST(Threads, LimitedStrengthSearchesOnOneThread) {
    Engine one, two;
    for (Engine* e : {&one, &two}) {
        ASSERT_EQ(e->set_option("UCI_LimitStrength", "true"), "");
        ASSERT_EQ(e->set_option("UCI_Elo", "1200"), "");
    }
    if (THREADS_AVAILABLE) ASSERT_EQ(two.set_option("Threads", "2"), "");
    SearchLimits limits;
    limits.depth = 6;
    std::uint64_t nodes[2] = {};
    int k = 0;
    for (Engine* e : {&one, &two}) {
        SearchCallbacks cb;
        cb.on_iteration = [&](const IterationInfo& info) { nodes[k] = info.nodes; };
        e->search(limits, cb);
        ++k;
    }
    EXPECT_EQ(nodes[0], nodes[1]);
}

// One thread's bench is the signature, whatever other thread counts ran before.
TEST(Threads, BenchWithThreadsLeavesTheSignatureAlone) {
    SearchOptions options;
    const BenchReport before = run_bench(5, options, {});
    const BenchReport threaded = run_bench(5, options, {}, BENCH_HASH_MB, THREADS_AVAILABLE ? 2 : 1);
    const BenchReport after = run_bench(5, options, {});
    EXPECT_EQ(before.nodes, after.nodes);
    EXPECT_GT(threaded.nodes, 0u);
}

TEST(Search, MultiPvGivesDistinctLinesBestFirst) {
    Engine engine;
    SearchOptions options;
    options.multipv = 4;
    engine.set_search_options(options);
    std::vector<IterationInfo> last(4);
    SearchLimits limits;
    limits.depth = 5;
    SearchCallbacks cb;
    cb.on_iteration = [&](const IterationInfo& i) {
        if (i.bound == BOUND_EXACT && i.depth == 5) last[std::size_t(i.multipv - 1)] = i;
    };
    engine.search(limits, cb);
    for (int k = 0; k < 4; ++k) {
        ASSERT_GT(last[std::size_t(k)].pv.length, 0) << "line " << k + 1;
        const PvCheck c = check_pv(engine.position(), last[std::size_t(k)].pv, last[std::size_t(k)].score, 5, engine.network());
        EXPECT_TRUE(c.ok()) << c.problem;
        for (int j = 0; j < k; ++j) {
            EXPECT_NE(last[std::size_t(k)].pv.moves[0], last[std::size_t(j)].pv.moves[0]);
            EXPECT_LE(last[std::size_t(k)].score, last[std::size_t(j)].score);
        }
    }
}

TEST(Search, SearchMovesRestrictTheRoot) {
    Engine engine;
    SearchLimits limits;
    limits.depth = 4;
    limits.searchmoves = {test::uci_move(engine.position(), "a2a3"), test::uci_move(engine.position(), "h2h3")};
    SearchCallbacks cb;
    const SearchResult r = engine.search(limits, cb);
    EXPECT_TRUE(move_to_uci(r.best) == "a2a3" || move_to_uci(r.best) == "h2h3");
}

TEST(Search, BenchSignatureIsDeterministic) {
    SearchOptions options;
    const BenchReport a = run_bench(5, options, {});
    const BenchReport b = run_bench(5, options, {});
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_GT(a.nodes, 0u);
}

TEST(Engine, OptionsRejectBadValuesAndKeepWorking) {
    Engine engine;
    EXPECT_NE(engine.set_option("Hash", "0"), "");
    EXPECT_NE(engine.set_option("Hash", "abc"), "");
    EXPECT_NE(engine.set_option("MultiPV", "65"), "");
    EXPECT_NE(engine.set_option("PvMethod", "magic"), "");
    EXPECT_NE(engine.set_option("AltVariations", "maybe"), "");
    EXPECT_NE(engine.set_option("NoSuchOption", "1"), "");
    EXPECT_NE(engine.set_option("Threads", "0"), "");
    EXPECT_NE(engine.set_option("Threads", std::to_string(MAX_THREADS + 1)), "");
    EXPECT_EQ(engine.threads(), 1);
    EXPECT_EQ(engine.hash_mb(), Engine::DEFAULT_HASH_MB);
    EXPECT_EQ(engine.set_option("Hash", "1"), "");
    EXPECT_EQ(engine.hash_mb(), 1);
    EXPECT_EQ(engine.set_option("pvmethod", "triangular"), "");
    EXPECT_EQ(engine.search_options().pv_method, PvMethod::TRIANGULAR);
    SearchLimits limits;
    limits.depth = 3;
    EXPECT_TRUE(engine.search(limits, {}).best.is_ok());
}

}  // namespace
}  // namespace mainline
