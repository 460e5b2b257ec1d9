// Iterative-deepening principal variation search with aspiration windows, quiescence, a
// transposition table and four selectable ways of collecting the principal variation.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "evaluate.h"
#include "position.h"
#include "pv.h"
#include "pvhash.h"
#include "search_params.h"
#include "tt.h"

namespace mainline {

enum class PvMethod { STACK, TRIANGULAR, TT, PVHASH };
std::string_view to_string(PvMethod m);
bool parse_pv_method(std::string_view name, PvMethod& out);

struct SearchLimits {
    int depth = 0;  // 0: no limit
    std::uint64_t nodes = 0;
    int movetime_ms = 0;
    int time_ms[COLOR_NB] = {-1, -1};  // -1: no clock
    int inc_ms[COLOR_NB] = {0, 0};
    int movestogo = 0;
    int mate = 0;  // search for a mate in this many moves
    bool infinite = false;
    bool ponder = false;
    std::vector<Move> searchmoves;
};

struct SearchOptions {
    PvMethod pv_method = PvMethod::PVHASH;
    bool alt_variations = false;
    int multipv = 1;
    int move_overhead_ms = search_params::MOVE_OVERHEAD_MS;
    // Off only for measuring the bare alpha-beta tree against the Knuth-Moore minimal tree: no
    // quiescence, extensions, aspiration or hash cut-offs.
    bool full_width = false;
};

enum class ScoreBound { EXACT, LOWER, UPPER };

// One completed iteration (or one line of it with MultiPV), as reported to the UI.
struct IterationInfo {
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;
    int move_overhead_ms = search_params::MOVE_OVERHEAD_MS;
    int score = 0;
    ScoreBound bound = ScoreBound::EXACT;
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
    std::uint64_t pv_tt_cutoffs = 0;  // exact hash hits that ended a PV node
    std::uint64_t splice_attempts = 0;
    std::uint64_t splice_successes = 0;
    std::vector<std::uint64_t> nodes_per_iteration;
    std::uint64_t leaves_last_iteration = 0;  // main-search leaves of the last completed iteration
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

    SearchResult search(const Position& root, const SearchLimits& limits, const SearchOptions& options,
                        const SearchCallbacks& callbacks);

    // May be called from another thread while search() runs. A search clears the flag when it
    // ends; a caller that starts a search on another thread clears it before starting
    // (clear_stop), so that a stop sent just after the start is never lost and a stop sent just
    // after the end never leaks into the next search.
    void stop() { stop_.store(true, std::memory_order_relaxed); }
    void clear_stop() { stop_.store(false, std::memory_order_relaxed); }
    void ponderhit();

    void clear();  // forget history and killers (new game)
    const SearchStats& stats() const { return stats_; }

private:
    struct RootMove {
        Move move = Move::none();
        int score = -SCORE_INFINITE;
        int previous_score = -SCORE_INFINITE;
        PvLine pv;
        Move alt[search_params::ALT_PLIES];
        int alt_length = 0;
    };
    struct Frame {
        Move killers[2] = {};
        Move current = Move::none();
        PvLine pv;  // PvMethod::STACK and PVHASH
        Move refutation[search_params::ALT_PLIES];  // best reply line below this ply (alternate variations)
        int refutation_length = 0;
        bool on_alt = false;
        // The move made at this ply as piece * 64 + destination (continuation history and
        // countermove index); -1 after a null move or at the root's parent.
        int piece_to = -1;
        // Singular extension test: the node is searched again without this move.
        Move excluded = Move::none();
    };

    template <bool PvNode>
    int search_node(int alpha, int beta, int depth, int ply);
    template <bool PvNode>
    int qsearch(int alpha, int beta, int ply);
    int search_root(int alpha, int beta, int depth, std::size_t pv_index);

    void order_moves(Move* moves, int* scores, int count, Move hash_move, int ply) const;
    void pick_next(Move* moves, int* scores, int count, int i) const;
    bool should_stop();
    void start_clock(const SearchLimits& limits);
    int elapsed_ms() const;
    // A draw by the rules at this node: fifty moves, insufficient material or repetition.
    bool draw_at(int ply, PvEnd& why) const;

    void pv_clear(int ply, PvEnd why);
    void pv_update(int ply, Move m);
    PvLine pv_at(int ply) const;
    void pv_set(int ply, const PvLine& line);
    bool try_splice(int ply, int depth, int alpha, int beta, int& score);
    PvLine tt_line(Move first);
    void report(int depth, std::size_t pv_index, int score, ScoreBound bound, const PvLine& line);

    TranspositionTable& tt_;
    std::uint64_t poll_mask_ = search_params::POLL_INTERVAL - 1;
    PvHashTable pv_hash_;
    PawnCache pawn_cache_;
    Position pos_;
    SearchLimits limits_;
    SearchOptions options_;
    const SearchCallbacks* callbacks_ = nullptr;
    SearchStats stats_;

    std::atomic<bool> stop_{false};
    std::atomic<bool> pondering_{false};
    bool aborted_ = false;
    std::chrono::steady_clock::time_point start_;
    std::atomic<std::int64_t> soft_deadline_ms_{0};  // 0: none
    std::atomic<std::int64_t> hard_deadline_ms_{0};
    int seldepth_ = 0;

    std::vector<RootMove> root_moves_;
    const RootMove* alt_root_ = nullptr;  // the root move being searched, for its alternate line
    std::vector<Frame> frames_;
    std::vector<Move> tri_moves_;  // PvMethod::TRIANGULAR: pv[ply][ply..] in one block
    std::vector<int> tri_length_;
    std::vector<PvEnd> tri_end_;
    std::vector<int> history_;  // [color][from][to]
    // Continuation history: [piece_to of an earlier move][piece_to of this move], for the moves one
    // and two plies back (one table for both, as a quiet move's worth depends on what came before).
    std::vector<std::int16_t> cont_history_;
    std::vector<Move> countermoves_;  // [piece_to of the opponent's last move]
    // Correction history: how far searches found the static evaluation off, by side to move and
    // pawn structure (in 1/CORRECTION_GRAIN cp). Steers pruning only: the score of a line is
    // always the plain evaluation at its end.
    std::vector<std::int16_t> correction_;
    std::size_t correction_index() const;
    int correction() const;
    void update_correction(int error, int depth);
    int quiet_score(Move m, int ply) const;
    void update_quiet_stats(int ply, Move best, const Move* tried, int tried_count, int depth);
    int reductions_[64][64] = {};  // late move reductions by [depth][move number]
};

}  // namespace mainline
