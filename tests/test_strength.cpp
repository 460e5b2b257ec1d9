// Weakened play: the Elo limit's node budget and the weighted choice among the best lines.
#include <gtest/gtest.h>

#include <array>
#include <iterator>
#include <string>

#include "engine.h"
#include "movegen.h"
#include "strength.h"

namespace mainline {
namespace {

TEST(Strength, BudgetGrowsAndChoiceNarrowsWithElo) {
    std::uint64_t previous = 0;
    bool previous_network = strength_for_elo(STRENGTH_MIN_ELO).network;
    for (int elo = STRENGTH_MIN_ELO; elo <= STRENGTH_MAX_ELO; elo += 10) {
        const StrengthLimit s = strength_for_elo(elo);
        // the budget grows with the Elo within one evaluation (the network plays better per node,
        // so the first network level may have fewer nodes than the last hand-crafted one)
        if (s.network == previous_network) EXPECT_GE(s.nodes, previous) << elo;
        previous = s.nodes;
        previous_network = s.network;
        EXPECT_GE(strength_for_elo(elo).temperature_cp, strength_for_elo(elo + 10).temperature_cp) << elo;
        EXPECT_EQ(s.multipv, s.temperature_cp > 0 ? STRENGTH_MULTIPV : 1) << elo;
    }
    // Each level of the table is played exactly at its own Elo: that is how the app and the
    // calibration (scripts/levels.mjs) name a level.
    for (const LevelRow& row : LEVEL_TABLE) {
        const StrengthLimit s = strength_for_elo(row.elo);
        EXPECT_EQ(s.nodes, row.nodes) << row.elo;
        EXPECT_EQ(s.temperature_cp, row.temperature_cp) << row.elo;
        EXPECT_EQ(s.network, row.network) << row.elo;
    }
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
    // The weakest levels evaluate by hand, the strongest with the network, as the table says.
    SearchLimits timed;
    EXPECT_EQ(engine.network_for(timed) != nullptr, strength_for_elo(1000).network);
    ASSERT_EQ(engine.set_option("UCI_Elo", std::to_string(STRENGTH_MAX_ELO)), "");
    EXPECT_EQ(engine.network_for(timed) != nullptr, LEVEL_TABLE[std::size(LEVEL_TABLE) - 1].network);
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
