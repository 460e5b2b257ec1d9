// Iterative-deepening principal variation search with aspiration windows, quiescence and a
// transposition table. One Searcher is one search thread's state: its position, stacks,
// histories and PV storage; the hash table it probes is the only thing outside it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

#include "alt_variations.h"
#include "evaluate.h"
#include "history.h"
#include "nnue.h"
#include "search_limits.h"
#include "position.h"
#include "pv.h"
#include "pv_collector.h"
#include "search_params.h"
#include "timeman.h"
#include "tt.h"

namespace mainline {

class HelperThreads;

struct SearchOptions {
    PvMethod pv_method = PvMethod::PVHASH;
    bool alt_variations = false;
    int multipv = 1;
    int move_overhead_ms = search_params::MOVE_OVERHEAD_MS;
    // The evaluation network; none: the hand-crafted evaluation.
    const nnue::Network* network = nullptr;
    // Off only for measuring the bare alpha-beta tree against the Knuth-Moore minimal tree: no
    // quiescence, extensions, aspiration or hash cut-offs.
    bool full_width = false;
    // Lazy SMP: the threads that search alongside this one (none: one thread), and which thread
    // this is (0: the main one, which alone reports, keeps the clock and picks the move).
    HelperThreads* helpers = nullptr;
    int thread_index = 0;
    // A helper's pool, told of each iteration it completes (see HelperThreads::deepest).
    HelperThreads* reports_to = nullptr;
};

// One completed iteration (or one line of it with MultiPV), as reported to the UI.
struct IterationInfo {
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;
    int score = 0;
    Bound bound = BOUND_EXACT;
    std::uint64_t nodes = 0;
    std::uint64_t nps = 0;
    int time_ms = 0;
    int hashfull = 0;
    PvLine pv;
};

struct SearchStats {
    std::uint64_t nodes = 0;
    std::uint64_t qnodes = 0;
    std::uint64_t leaf_nodes = 0;  // main-search nodes at depth 0
    std::uint64_t fail_highs = 0;
    std::uint64_t fail_high_first = 0;
    PvCounters pv;
    int iterations = 0;  // completed
    std::uint64_t nodes_last_iteration = 0;
    std::uint64_t nodes_previous_iteration = 0;
    std::uint64_t leaves_last_iteration = 0;  // main-search leaves of the last completed iteration
    // Quiet moves ordered by history that late move reductions considered: how many, the sum of
    // their history's size, and of the size of the reduction's history term (in 1/100 ply).
    std::uint64_t lmr_history_moves = 0;
    std::uint64_t lmr_history_abs = 0;
    std::uint64_t lmr_history_term_centiply = 0;
};

struct SearchResult {
    Move best = Move::none();
    Move ponder = Move::none();
    int score = 0;
    int depth = 0;
    PvLine pv;
};

struct SearchCallbacks {
    std::function<void(const IterationInfo&)> on_iteration;
    // Polled every CALLBACK_INTERVAL nodes; returning false stops the search (how a
    // single-threaded WASM build learns of a stop request).
    std::function<bool(std::uint64_t nodes)> keep_going;
};

class Searcher {
public:
    explicit Searcher(TranspositionTable& tt);
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    SearchResult search(const Position& root, const SearchLimits& limits, const SearchOptions& options,
                        const SearchCallbacks& callbacks);

    // May be called from another thread while search() runs. A search clears the flag when it
    // ends; a caller that starts a search on another thread clears it before starting
    // (clear_stop), so that a stop sent just after the start is never lost and a stop sent just
    // after the end never leaks into the next search.
    void stop() { stop_.store(true, std::memory_order_relaxed); }
    void clear_stop() { stop_.store(false, std::memory_order_relaxed); }
    void ponderhit() { pondering_.store(false, std::memory_order_relaxed); }

    void clear();  // forget what earlier searches learned (new game)
    const SearchStats& stats() const { return stats_; }
    // This search's node count as last published for other threads (every poll interval).
    std::uint64_t published_nodes() const { return published_nodes_.load(std::memory_order_relaxed); }
    // Before a helper is woken: the last search's count must not be read as the new one's.
    void forget_published_nodes() { published_nodes_.store(0, std::memory_order_relaxed); }
    // A helper's last completed iteration in the current search (depth 0: none yet), for the main
    // thread to choose from when the search ends. May be called while the helper searches.
    SearchResult completed() const {
        std::lock_guard<std::mutex> lock(completed_mutex_);
        return completed_;
    }

private:
    struct RootMove {
        Move move = Move::none();
        int score = -SCORE_INFINITE;
        int previous_score = -SCORE_INFINITE;
        std::uint64_t nodes = 0;  // searched under this move in the current iteration
        PvLine pv;
        Move alt[AltVariations::PLIES];  // AltVariations: this move's best reply line
        int alt_length = 0;
    };
    // The search stack: what a ply's node tells the nodes below it.
    struct Frame {
        Move killers[2] = {};
        Move current = Move::none();  // the move being searched here (none after a null move)
        // The move made at this ply as piece_to (continuation history and countermove index);
        // -1 after a null move.
        int piece_to = -1;
        // Singular extension test: the node is searched again without this move.
        Move excluded = Move::none();
        // The static evaluation here (SCORE_NONE in check): whether a position improved on the
        // one two plies before decides how much pruning trusts it.
        int static_eval = SCORE_NONE;
        // Double extensions on the line from the root to here.
        int double_extensions = 0;
    };

    // `cut_node`: a non-PV node the parent expects to fail high (its null-window scouts).
    template <bool PvNode>
    int search_node(int alpha, int beta, int depth, int ply, bool cut_node);
    template <bool PvNode>
    int qsearch(int alpha, int beta, int ply);
    int search_root(int alpha, int beta, int depth, std::size_t pv_index);
    void order_root_moves();

    bool should_stop();
    // Nodes of every thread of this search.
    std::uint64_t total_nodes() const;
    // Killers, countermove and histories after a move refuted the node at `ply`: `quiets` and
    // `captures` are the moves of each kind tried before it.
    void update_stats(int ply, Move best, const Move* quiets, int quiet_count, const Move* captures, int capture_count,
                      int depth);
    void previous_moves(int ply, int out[search_params::CONTINUATION_COUNT]) const;
    // Moves made by the search itself (not the PV checks' replays) go through these, so that the
    // network's accumulators follow.
    void make_move(Move m, int ply);
    void make_null_move(int ply);
    // The static evaluation of the position at `ply`: what a line ending here scores.
    int static_evaluation(int ply);
    void report(int depth, std::size_t pv_index, int score, Bound bound, const PvLine& line);

    TranspositionTable& tt_;
    Position pos_;
    SearchLimits limits_;
    SearchOptions options_;
    const SearchCallbacks* callbacks_ = nullptr;
    SearchStats stats_;
    TimeManager time_;
    std::uint64_t poll_mask_ = search_params::POLL_INTERVAL - 1;

    std::atomic<bool> stop_{false};
    std::atomic<bool> pondering_{false};
    std::atomic<std::uint64_t> published_nodes_{0};
    bool stop_at_helper_depth_ = false;  // the main thread of a depth-limited Lazy SMP search
    mutable std::mutex completed_mutex_;
    SearchResult completed_;  // helpers only: see completed()
    bool aborted_ = false;
    int seldepth_ = 0;

    std::vector<RootMove> root_moves_;
    std::vector<Frame> frames_;
    struct AccumulatorEntry {
        nnue::Accumulator acc;
        nnue::Delta delta;  // what the move into this ply changed
        bool computed = false;
    };
    std::vector<AccumulatorEntry> accumulators_;
    const nnue::Network* network_ = nullptr;
    Histories histories_;
    PawnCache pawn_cache_;
    AltVariations alt_;
    StackPv stack_pv_;
    TriangularPv triangular_pv_;
    TtPv tt_pv_;
    PvHashPv pvhash_pv_;
    PvCollector* pv_ = &pvhash_pv_;  // the method of the current search
    int reductions_[64][64] = {};  // late move reductions by [depth][move number]
};

}  // namespace mainline
