// Playing strength below full: for people who want a game they can win. An Elo target (the UCI
// options UCI_LimitStrength + UCI_Elo, or Skill Level 0-19) becomes a node budget per move, a
// choice among the best few root moves weighted by how much worse each one is, and an
// evaluation: weaker levels see less and also sometimes prefer a slightly worse move, as people do.
// The levels are the generated LEVEL_TABLE (engine/level_table.h, from scripts/levels.mjs), the
// same table the board app's level list comes from, so UCI_Elo and the app cannot disagree.
#pragma once

#include <cstdint>
#include <iterator>

// A calibration build may play candidate levels from another generated table
// (scripts/levels.mjs builds build-levels/ with -DMAINLINE_LEVEL_TABLE_FILE=...); every
// product build reads the committed table.
#ifdef MAINLINE_LEVEL_TABLE_FILE
#include MAINLINE_LEVEL_TABLE_FILE
#else
#include "level_table.h"
#endif

namespace mainline {

struct StrengthLimit {
    std::uint64_t nodes = 0;  // node budget per move (0: no limit)
    int multipv = 1;          // root lines to choose among
    int temperature_cp = 0;   // how far a worse line may be picked: weight exp(-loss / T)
    bool network = true;      // the network (true) or the hand-crafted evaluation
};

// The Elo range of the limit: the weakest and the strongest limited level of the table (above
// it is full strength, UCI_LimitStrength false).
constexpr int STRENGTH_MIN_ELO = LEVEL_TABLE[0].elo;
constexpr int STRENGTH_MAX_ELO = LEVEL_TABLE[std::size(LEVEL_TABLE) - 1].elo;
// Lines a limited search keeps to choose among when it chooses at all.
constexpr int STRENGTH_MULTIPV = 4;

// The limit for an Elo: a level's own row at its Elo, and between two levels of one evaluation
// their budgets geometrically and their temperatures linearly; between levels of different
// evaluations, the nearer level.
StrengthLimit strength_for_elo(int elo);
// Skill Level 0..19 spreads evenly over the Elo range (20 is full strength, no limit).
int elo_for_skill_level(int level);

// Picks a line index from scores (best first) for the given temperature; `random` is uniform in [0, 1).
int pick_weighted(const int* scores, int count, int temperature_cp, double random);

}  // namespace mainline
