#include "bench.h"

#include <chrono>
#include <algorithm>
#include <cmath>

#include "movegen.h"
#include "notation.h"
#include "numeric.h"
#include "text.h"
#include "threads.h"
#include "tt.h"

namespace mainline {

const std::vector<std::string_view>& bench_positions() {
    // The classic perft positions, then middlegames and endgames from engine games.
    static const std::vector<std::string_view> fens = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/3k3p/1p6/2p3B1/p1P1KP2/P7/8/8 w - - 5 57",
    "8/5k2/R3p3/4P3/1pKbP2p/1Pp3rP/2R5/8 b - - 0 53",
    "r1b5/1p6/pk6/3p1N2/3Q4/8/q5PP/2R4K b - - 6 39",
    "2k5/p2r1p1p/1p2p1pP/4P3/R1P2P2/3BP3/2K5/8 w - - 3 43",
    "3b4/R6k/4Bp1p/7P/4K3/p7/8/3r4 b - - 1 53",
    "4r1k1/1p3p2/p1b2bp1/6np/3B4/1B6/PPP3PP/3R2K1 w - - 0 29",
    "2B3k1/2R4r/4pPp1/8/PK1BP3/6n1/8/8 w - - 12 50",
    "r1bq1rk1/pp1pnpbp/2n3p1/2p1p3/2P5/2NP1NP1/PP2PPBP/R1BQ1RK1 w - - 1 8",
    "k4r2/2prb1p1/p2q4/3p3p/4p3/1N2B3/PP2QPPP/2RR2K1 b - - 1 25",
    "r1b2rk1/ppp1ppbp/2nq2p1/8/3PB3/4BN1P/PPPQ1PP1/R4RK1 b - - 8 11",
    "5k2/8/2p4P/5p2/1K1n4/3B4/8/8 w - - 5 64",
    "r1bqk2r/ppp1ppbp/2n3p1/8/3PP3/2P2N2/P4PPP/R1BQKB1R w KQkq - 1 8",
    "8/8/5k2/5P1p/4K2P/8/8/8 b - - 10 88",
    "1r1q1rk1/p1pb1pbp/p2p1np1/3Pp1B1/4P3/P1N4P/1PPQ1PP1/2KRN2R w - - 4 15",
    "r1bk2nr/1ppp1ppp/p1n5/1N6/2q5/2P5/P1P1BPPP/R1BQ1RK1 b - - 3 11",
    "3R4/p4p1k/1qp4p/5N2/8/P3PP2/4BKPP/8 b - - 0 32",
    "r1bq1b2/ppp1r3/1k3NBp/6pQ/1PPp4/P5P1/6PP/3R1RK1 w - - 1 22",
    "rn1q1rk1/ppp1bpp1/3p3p/3P1b2/4n3/2N2N2/PPP1BPPP/1RBQ1RK1 b - - 2 11",
    "r1b3k1/ppp4p/4p1pQ/5nB1/3Pp3/2P3P1/PP3NP1/R4K2 b - - 2 18",
    "8/8/4K3/4B3/p1k2P2/7p/1P5P/8 w - - 16 64",
    "8/5kp1/n7/P3p1n1/5p2/4PPKp/5P2/3R2N1 w - - 0 43",
    "6rk/p1rbqp1p/Q4n2/4p3/6pP/2B3P1/PP2PPB1/R2R2K1 w - - 3 29",
    "6r1/3b1k2/8/1p1pBp2/p1nP4/P3PPP1/5Kq1/4R3 w - - 0 50",
    "r2qk2r/p3pp1p/2p1b3/8/8/1PpBbP2/P1P1Q1PP/R3K2R w KQkq - 0 15",
    "3R4/8/8/3b4/8/3k4/5r2/K7 b - - 3 116",
    "r2q1r2/ppp2ppk/5b1p/2pP4/3N4/2PQ4/P1P2PPP/1R3RK1 b - - 1 18",
    };
    return fens;
}

BenchReport run_bench(int depth, const SearchOptions& options, const std::function<void(const std::string&)>& progress,
                      int hash_mb, int threads) {
    BenchReport report;
    TranspositionTable tt;
    (void)tt.resize(std::size_t(hash_mb));
    Searcher searcher(tt);
    HelperThreads helpers(tt);
    SearchOptions search_options = options;
    // Callers check the count against the Threads range; should a thread fail to start, the rest
    // of the bench still runs, on one.
    (void)helpers.set_threads(threads);
    search_options.helpers = helpers.if_any();
    SearchLimits limits;
    limits.depth = depth;
    SearchCallbacks callbacks;
    double log_ebf_sum = 0;
    int ebf_count = 0;
    // Only the searches are timed: clearing the hash table between positions is not search speed
    // (and a memset runs at very different speeds natively and in WebAssembly).
    std::chrono::steady_clock::duration searching{};
    int index = 0;
    for (std::string_view fen : bench_positions()) {
        ++index;
        Result<Position> pos = Position::from_fen(fen);
        if (!pos) continue;
        // Each position starts from a clean slate, so the signature does not depend on order.
        tt.clear();
        searcher.clear();
        helpers.clear();
        const auto start = std::chrono::steady_clock::now();
        const SearchResult r = searcher.search(pos.value(), limits, search_options, callbacks);
        searching += std::chrono::steady_clock::now() - start;
        const SearchStats& s = searcher.stats();
        const std::uint64_t nodes = s.nodes + helpers.nodes();
        report.nodes += nodes;
        report.fail_highs += s.fail_highs;
        report.fail_high_first += s.fail_high_first;
        report.leaf_nodes += s.leaves_last_iteration;
        report.splice_attempts += s.pv.splice_attempts;
        report.splice_successes += s.pv.splice_successes;
        report.pv_tt_cutoffs += s.pv.pv_tt_cutoffs;
        report.lmr_history_moves += s.lmr_history_moves;
        report.lmr_history_abs += s.lmr_history_abs;
        report.lmr_history_term_centiply += s.lmr_history_term_centiply;
        if (s.iterations >= 2 && s.nodes_previous_iteration > 0) {
            log_ebf_sum += numeric::log(double(s.nodes_last_iteration) / double(s.nodes_previous_iteration));
            ++ebf_count;
        }
        if (progress)
            progress("position " + std::to_string(index) + "/" + std::to_string(bench_positions().size()) + ": " +
                     std::to_string(nodes) + " nodes, best " + move_to_uci(r.best) + ", score " +
                     std::to_string(r.score));
    }
    report.time_ms = std::uint64_t(std::chrono::duration_cast<std::chrono::milliseconds>(searching).count());
    report.ebf = ebf_count ? numeric::exp(log_ebf_sum / ebf_count) : 0;
    return report;
}

std::vector<std::string> bench_summary(const BenchReport& r, PvMethod method) {
    const double first = r.fail_highs ? 100.0 * double(r.fail_high_first) / double(r.fail_highs) : 0.0;
    const std::uint64_t hist_moves = r.lmr_history_moves;
    return {
        "===========================",
        "Total time (ms) : " + std::to_string(r.time_ms),
        "Nodes searched  : " + std::to_string(r.nodes),
        "Nodes/second    : " + std::to_string(r.time_ms ? r.nodes * 1000 / r.time_ms : r.nodes * 1000),
        "First-move fail-high: " + fixed(first, 1) + "% of " + std::to_string(r.fail_highs) + " cut-offs",
        "Effective branching factor: " + fixed(r.ebf, 2),
        "PvMethod: " + std::string(to_string(method)) + ", PV-node hash cut-offs: " + std::to_string(r.pv_tt_cutoffs) +
            ", splices: " + std::to_string(r.splice_successes) + "/" + std::to_string(r.splice_attempts),
        "LMR history: mean |history| " + std::to_string(hist_moves ? r.lmr_history_abs / hist_moves : 0) + " of " +
            std::to_string(r.lmr_history_moves) + " quiet moves, mean |term| " +
            fixed(hist_moves ? double(r.lmr_history_term_centiply) / 100.0 / double(hist_moves) : 0.0, 2) + " ply",
    };
}

}  // namespace mainline
