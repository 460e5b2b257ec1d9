#include "strength.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace mainline {

double setting_for_elo(int elo) {
    constexpr int n = int(std::size(CALIBRATION));
    int i = 1;
    while (i < n - 1 && elo > CALIBRATION[i].elo) ++i;
    const CalibrationPoint a = CALIBRATION[i - 1], b = CALIBRATION[i];
    const double setting = a.setting + double(elo - a.elo) * (b.setting - a.setting) / (b.elo - a.elo);
    return std::max(setting, double(MIN_SETTING));
}

StrengthLimit strength_for_elo(int elo) {
    elo = std::clamp(elo, STRENGTH_MIN_ELO, STRENGTH_MAX_ELO);
    const double setting = setting_for_elo(elo);
    StrengthLimit s;
    // About 150 nodes at 800 and 1000, 1400 at 1400, 6100 at 2000.
    s.nodes = std::uint64_t(ANCHOR_NODES * std::pow(2.0, (setting - ANCHOR_SETTING) / NODES_DOUBLING_SETTING));
    // Also choose among the best four moves: over two pawns of slack at 800, 70 cp at 2000.
    s.temperature_cp = std::max(0, int(2000 - setting) / 6);
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
