// Playing strength below full: for people who want a game they can win. An Elo target (the UCI
// options UCI_LimitStrength + UCI_Elo, or Skill Level 0-19) becomes a node budget per move and
// a choice among the best few root moves, weighted by how much worse each one is: weaker
// levels see less and also sometimes prefer a slightly worse move, as people do.
#pragma once

#include <cstdint>

namespace mainline {

struct StrengthLimit {
    std::uint64_t nodes = 0;  // node budget per move (0: no limit)
    int multipv = 1;          // root lines to choose among
    int temperature_cp = 0;   // how far a worse line may be picked: weight exp(-loss / T)
};

// The Elo range the limit is calibrated for (docs/strength.md: against Stockfish's UCI_Elo).
constexpr int STRENGTH_MIN_ELO = 800;
constexpr int STRENGTH_MAX_ELO = 2400;
constexpr int NODES_DOUBLING_ELO = 120;

StrengthLimit strength_for_elo(int elo);
// Skill Level 0..19 spreads evenly over the Elo range (20 is full strength, no limit).
int elo_for_skill_level(int level);

// Picks a line index from scores (best first) for the given temperature; `random` is uniform in [0, 1).
int pick_weighted(const int* scores, int count, int temperature_cp, double random);

}  // namespace mainline
