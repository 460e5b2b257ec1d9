// Weakened play: the Elo limit's node budget and the weighted choice among the best lines.
#include <gtest/gtest.h>

#include <array>

#include "engine.h"
#include "movegen.h"
#include "strength.h"

namespace mainline {
namespace {

TEST(Strength, BudgetGrowsAndChoiceNarrowsWithElo) {
    std::uint64_t previous = 0;
    for (int elo = STRENGTH_MIN_ELO; elo <= STRENGTH_MAX_ELO; elo += 100) {
        const StrengthLimit s = strength_for_elo(elo);
        EXPECT_GE(s.nodes, previous) << elo;
        previous = s.nodes;
    }
    for (int elo = STRENGTH_MIN_ELO; elo < STRENGTH_MAX_ELO; elo += 100)
        EXPECT_GE(strength_for_elo(elo).temperature_cp, strength_for_elo(elo + 100).temperature_cp) << elo;
    EXPECT_GT(strength_for_elo(STRENGTH_MIN_ELO).temperature_cp, 100);
    EXPECT_LT(strength_for_elo(STRENGTH_MAX_ELO).temperature_cp, 80);
    EXPECT_GT(strength_for_elo(STRENGTH_MAX_ELO).nodes, strength_for_elo(STRENGTH_MIN_ELO).nodes);
    // The measured points are met exactly; the curve never turns back.
    for (const CalibrationPoint& p : CALIBRATION)
        if (p.elo <= STRENGTH_MAX_ELO) EXPECT_NEAR(setting_for_elo(p.elo), p.setting, 1e-9) << p.elo;
    for (int elo = STRENGTH_MIN_ELO; elo < STRENGTH_MAX_ELO; ++elo) EXPECT_LE(setting_for_elo(elo), setting_for_elo(elo + 1));
    EXPECT_EQ(elo_for_skill_level(0), STRENGTH_MIN_ELO);
    EXPECT_EQ(elo_for_skill_level(19), STRENGTH_MAX_ELO);
}

TEST(Strength, WeightedPickPrefersBetterLines) {
    const int scores[4] = {50, 40, -100, -400};
    EXPECT_EQ(pick_weighted(scores, 4, 0, 0.99), 0);  // no temperature: always the best
    std::array<int, 4> picked{};
    for (int i = 0; i < 1000; ++i) ++picked[std::size_t(pick_weighted(scores, 4, 50, (i + 0.5) / 1000))];
    EXPECT_GT(picked[0], picked[1]);
    EXPECT_GT(picked[1], picked[2]);
    EXPECT_GT(picked[2], picked[3]);
    EXPECT_GT(picked[1], 300);  // 10 cp worse is nearly as likely
    EXPECT_LT(picked[3], 5);    // 450 cp worse almost never
}

TEST(Strength, LimitedEngineKeepsItsBudgetAndPlaysLegalMoves) {
    Engine engine;
    ASSERT_EQ(engine.set_option("UCI_LimitStrength", "true"), "");
    ASSERT_EQ(engine.set_option("UCI_Elo", "1000"), "");
    EXPECT_EQ(engine.limited_elo(), 1000);
    SearchLimits limits;
    limits.movetime_ms = 2000;
    for (int i = 0; i < 20; ++i) {
        const SearchResult r = engine.search(limits, {});
        EXPECT_TRUE(legal_moves(engine.position()).contains(r.best));
        EXPECT_LE(engine.stats().nodes, strength_for_elo(1000).nodes + search_params::NODE_LIMIT_POLL_INTERVAL);
    }
    // Skill Level is the other way in; UCI_LimitStrength off with Skill 20 is full strength.
    ASSERT_EQ(engine.set_option("UCI_LimitStrength", "false"), "");
    EXPECT_EQ(engine.limited_elo(), 0);
    ASSERT_EQ(engine.set_option("Skill Level", "0"), "");
    EXPECT_EQ(engine.limited_elo(), STRENGTH_MIN_ELO);
}

TEST(Strength, BadValuesAreRefusedAndNothingChanges) {
    Engine engine;
    EXPECT_NE(engine.set_option("UCI_Elo", "99999"), "");
    EXPECT_NE(engine.set_option("UCI_Elo", "abc"), "");
    EXPECT_NE(engine.set_option("Skill Level", "21"), "");
    EXPECT_NE(engine.set_option("UCI_LimitStrength", "maybe"), "");
    EXPECT_EQ(engine.limited_elo(), 0);
}

}  // namespace
}  // namespace mainline
