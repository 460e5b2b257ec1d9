#include "strength.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "numeric.h"

namespace mainline {

StrengthLimit strength_for_elo(int elo) {
    elo = std::clamp(elo, STRENGTH_MIN_ELO, STRENGTH_MAX_ELO);
    constexpr std::size_t n = std::size(LEVEL_TABLE);
    std::size_t i = 0;
    while (i + 2 < n && elo >= LEVEL_TABLE[i + 1].elo) ++i;
    const LevelRow& a = LEVEL_TABLE[i];
    const LevelRow& b = LEVEL_TABLE[std::min(i + 1, n - 1)];
    double t = b.elo > a.elo ? double(elo - a.elo) / (b.elo - a.elo) : 0.0;
    // Budgets of two evaluations are not on one scale (the network plays better per node):
    // between such levels, the nearer one is played as it is.
    if (a.network != b.network) t = t < 0.5 ? 0.0 : 1.0;
    StrengthLimit s;
    // Budgets grow about geometrically with strength, so halfway between two levels is the
    // geometric mean of their budgets; at a level's own Elo (t = 0 or 1) its row exactly.
    s.nodes = std::uint64_t(std::llround(numeric::exp(numeric::log(double(a.nodes)) * (1 - t) + numeric::log(double(b.nodes)) * t)));
    s.temperature_cp = int(std::lround(a.temperature_cp * (1 - t) + b.temperature_cp * t));
    s.network = t >= 1.0 ? b.network : a.network;
    s.multipv = s.temperature_cp > 0 ? STRENGTH_MULTIPV : 1;
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
        weights[i] = numeric::exp(-loss / temperature_cp);
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
