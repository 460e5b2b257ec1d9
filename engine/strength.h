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

// The Elo range of the limit, on Stockfish 15.1's UCI_Elo scale (docs/strength.md). Above
// 2000 there is nothing to limit: full strength measured about 2100 at 10+0.1.
constexpr int STRENGTH_MIN_ELO = 800;
constexpr int STRENGTH_MAX_ELO = 2000;
// The budget and the line choice follow one "setting" (nodes = ANCHOR_NODES at ANCHOR_SETTING,
// doubling every NODES_DOUBLING_SETTING; temperature (2000 - setting) / 6 cp). What a setting is
// worth was measured against Stockfish 15.1's UCI_Elo ladder (docs/strength.md, 60-game matches at
// 5+0.05): CALIBRATION maps the Elo asked for to a setting, linearly between measured points and
// along the first segment below them (Stockfish's ladder starts at 1350). The points are the
// measured ones moved up 80 Elo (a check of the unshifted curve at 1400 and 1800 still scored
// +64 +- 107 and +108 +- 96), then down 45 after the evaluation refit, when the same check gave
// -54 +- 49 and -38 +- 45 (200 games each); after the move, 1400..2000 came out at +17 on average.
constexpr int ANCHOR_SETTING = 1400;
constexpr double ANCHOR_NODES = 3200;
constexpr int NODES_DOUBLING_SETTING = 180;
constexpr int MIN_SETTING = 600;  // about 150 nodes: a depth-1 or -2 search still completes
struct CalibrationPoint {
    int elo;      // measured on Stockfish's scale
    int setting;  // the setting that played it
};
constexpr CalibrationPoint CALIBRATION[] = {{1245, 1000}, {1485, 1400}, {1795, 1510}, {2095, 1620}, {2325, 1730}};

double setting_for_elo(int elo);
StrengthLimit strength_for_elo(int elo);
// Skill Level 0..19 spreads evenly over the Elo range (20 is full strength, no limit).
int elo_for_skill_level(int level);

// Picks a line index from scores (best first) for the given temperature; `random` is uniform in [0, 1).
int pick_weighted(const int* scores, int count, int temperature_cp, double random);

}  // namespace mainline
