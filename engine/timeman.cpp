#include "timeman.h"

#include <algorithm>

#include "search_params.h"

namespace mainline {

using namespace search_params;

void TimeManager::start(const SearchLimits& limits, Color us, int overhead_ms) {
    start_ = std::chrono::steady_clock::now();
    std::int64_t soft = 0, hard = 0;
    const std::int64_t overhead = overhead_ms;
    if (limits.movetime_ms > 0) {
        soft = hard = std::max<std::int64_t>(1, limits.movetime_ms - overhead);
    } else if (limits.time_ms[us] >= 0) {
        const std::int64_t left = limits.time_ms[us];
        const std::int64_t inc = limits.inc_ms[us];
        const int moves_to_go = limits.movestogo > 0 ? limits.movestogo : DEFAULT_MOVES_TO_GO;
        const std::int64_t usable = std::max<std::int64_t>(1, left - overhead * CLOCK_RESERVE_OVERHEADS);
        const std::int64_t cap = std::max<std::int64_t>(1, usable * MAX_TIME_PERCENT / 100);
        const std::int64_t base = usable / moves_to_go + inc * 3 / 4;
        soft = std::clamp<std::int64_t>(base, 1, cap);
        hard = std::clamp<std::int64_t>(base * 3, 1, cap);
        if (limits.movestogo == 1) soft = hard = cap;
    }
    soft_ms_ = soft;
    hard_ms_ = hard;
}

int TimeManager::elapsed_ms() const {
    return int(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count());
}

bool TimeManager::next_iteration_fits(int best_move_changes, int best_move_share_permille, int score_drop) const {
    if (soft_ms_ <= 0) return true;
    std::int64_t planned = soft_ms_ * (200 + best_move_changes * INSTABILITY_PERCENT_PER_CHANGE) / 200;
    // With a fixed time (movetime, the last move before the control) there is nothing to save for.
    const bool flexible = soft_ms_ < hard_ms_;
    if (NODE_SHARE_TIME && flexible)
        planned = planned * (NODE_SHARE_BASE_PERCENT - NODE_SHARE_SCALE_PERCENT * best_move_share_permille / 1000) / 100;
    if (SCORE_DROP_TIME && flexible)
        planned = planned * std::clamp(100 + score_drop * SCORE_DROP_PERCENT_PER_CP, SCORE_DROP_MIN_PERCENT, SCORE_DROP_MAX_PERCENT) / 100;
    const std::int64_t soft = std::min(planned, hard_ms_);
    return elapsed_ms() < soft * NEXT_ITERATION_PERCENT / 100;
}

}  // namespace mainline
