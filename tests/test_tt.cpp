// The transposition table's entry word: every field read back as stored, including the PV mark
// that shares the depth byte (a stored depth must never leak into the mark or the mark into it).
#include <gtest/gtest.h>

#include "tt.h"

namespace mainline {
namespace {

constexpr Key KEY = 0x9d39247e33776d41ULL;

TEST(TranspositionTable, FieldsReadBackAsStored) {
    TranspositionTable tt;
    ASSERT_EQ(tt.resize(1), "");
    const Move m(SQ_E2, SQ_E4);
    tt.store(KEY, 0, m, -123, 45, 17, BOUND_LOWER, true);
    const TTHit hit = tt.probe(KEY, 0);
    ASSERT_TRUE(hit.found);
    EXPECT_EQ(hit.move, m);
    EXPECT_EQ(hit.score, -123);
    EXPECT_EQ(hit.eval, 45);
    EXPECT_EQ(hit.depth, 17);
    EXPECT_EQ(hit.bound, BOUND_LOWER);
    EXPECT_TRUE(hit.pv);
}

TEST(TranspositionTable, PvMarkAndDepthStaySeparate) {
    TranspositionTable tt;
    ASSERT_EQ(tt.resize(1), "");
    // The deepest depth the byte keeps, with and without the mark, and a depth beyond it.
    for (const bool pv : {false, true})
        for (const int depth : {0, 1, 126, 127, 200}) {
            tt.clear();
            tt.store(KEY, 0, Move::none(), 0, 0, depth, BOUND_EXACT, pv);
            const TTHit hit = tt.probe(KEY, 0);
            ASSERT_TRUE(hit.found);
            EXPECT_EQ(hit.depth, depth > 127 ? 127 : depth) << "depth " << depth << " pv " << pv;
            EXPECT_EQ(hit.pv, pv) << "depth " << depth;
        }
}

TEST(TranspositionTable, NotMarkedUnlessSaid) {
    TranspositionTable tt;
    ASSERT_EQ(tt.resize(1), "");
    tt.store(KEY, 0, Move::none(), 10, 10, 5, BOUND_UPPER);
    EXPECT_FALSE(tt.probe(KEY, 0).pv);
    // A later store without the mark replaces it: the mark says what the entry's search was.
    tt.store(KEY, 0, Move::none(), 10, 10, 6, BOUND_UPPER, true);
    EXPECT_TRUE(tt.probe(KEY, 0).pv);
    tt.store(KEY, 0, Move::none(), 10, 10, 7, BOUND_UPPER, false);
    EXPECT_FALSE(tt.probe(KEY, 0).pv);
}

}  // namespace
}  // namespace mainline
