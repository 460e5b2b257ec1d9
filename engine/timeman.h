// Time management: how long one search may take, from the clock, the increment and the moves to
// go (or a fixed move time), and when iterative deepening should not start another iteration.
#pragma once

#include <chrono>
#include <cstdint>

#include "search_limits.h"

namespace mainline {

class TimeManager {
public:
    // Starts the clock. `overhead_ms`: time the GUI, the pipe and the OS may take per move.
    void start(const SearchLimits& limits, Color us, int overhead_ms);

    int elapsed_ms() const;
    // The search must stop now (0: no time limit).
    std::int64_t hard_ms() const { return hard_ms_; }
    // After an iteration: whether another one is worth starting. `best_move_changes`: recent
    // changes of the best move (in halves, decaying), which make the position unclear and the
    // planned time longer; `best_move_share_permille`: the best move's share of the iteration's
    // nodes (a move that took nearly all the effort is settled: less time); `score_drop`: how
    // far the score fell since the previous iteration (negative: rose), which asks for more.
    bool next_iteration_fits(int best_move_changes, int best_move_share_permille, int score_drop) const;
    bool limited() const { return soft_ms_ > 0; }

private:
    std::chrono::steady_clock::time_point start_;
    std::int64_t soft_ms_ = 0;  // the planned time; 0: none
    std::int64_t hard_ms_ = 0;
};

}  // namespace mainline
