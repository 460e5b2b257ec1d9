#include "strength.h"

#include <algorithm>
#include <cmath>

namespace mainline {

StrengthLimit strength_for_elo(int elo) {
    elo = std::clamp(elo, STRENGTH_MIN_ELO, STRENGTH_MAX_ELO);
    StrengthLimit s;
    // Doubling the nodes is worth roughly 120 Elo at these depths: 100 nodes at the bottom
    // (about a two-ply search), ~1M at the top. Calibrated in docs/strength.md.
    s.nodes = std::uint64_t(100.0 * std::pow(2.0, (elo - STRENGTH_MIN_ELO) / double(NODES_DOUBLING_ELO)));
    // Below ~2000, also choose among the best four moves; up to two pawns of slack at 800.
    s.temperature_cp = std::max(0, (2000 - elo) / 6);
    s.multipv = s.temperature_cp > 0 ? 4 : 1;
    return s;
}

int elo_for_skill_level(int level) {
    level = std::clamp(level, 0, 19);
    return STRENGTH_MIN_ELO + (STRENGTH_MAX_ELO - STRENGTH_MIN_ELO) * level / 19;
}

int pick_weighted(const int* scores, int count, int temperature_cp, double random) {
    if (count <= 1 || temperature_cp <= 0) return 0;
    double weights[64];
    double total = 0;
    count = std::min(count, 64);
    for (int i = 0; i < count; ++i) {
        const double loss = std::max(0, scores[0] - scores[i]);
        weights[i] = std::exp(-loss / temperature_cp);
        total += weights[i];
    }
    double x = random * total;
    for (int i = 0; i < count; ++i) {
        if (x < weights[i]) return i;
        x -= weights[i];
    }
    return count - 1;
}

}  // namespace mainline
