// Upcoming repetitions (cycle.h): found from the keys alone, exactly when some legal move repeats a
// position of the line after the search root.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "cycle.h"
#include "movegen.h"
#include "position.h"
#include "test_util.h"

namespace mainline {
namespace {

using test::play;
using test::pos_from;

// What has_upcoming_repetition answers, found the slow way: some legal move leads to a position
// that occurred within the `ply` plies after the root (the child's own repetition rule at ply + 1,
// for occurrences after the root).
bool some_move_repeats(Position& pos, int ply) {
    // The search's own rule (draw_by_rule): one move further from the root, a repetition within it
    // draws. The walks' roots lie at the start of their history or before it, so no position repeats
    // twice beyond the root and the rule's "twice before the root" adds nothing here.
    for (Move m : legal_moves(pos)) {
        pos.do_move(m);
        const bool repeats = pos.is_repetition_draw(ply + 1);
        pos.undo_move(m);
        if (repeats) return true;
    }
    return false;
}

TEST(UpcomingRepetition, AKnightThatCanGoBack) {
    Position pos;
    play(pos, {"g1f3", "g8f6", "f3g1"});
    // Black's Nf6-g8 returns to the starting position, three plies back: after the root only when
    // the root lies further back.
    EXPECT_TRUE(has_upcoming_repetition(pos, 4));
    EXPECT_TRUE(has_upcoming_repetition(pos, 100));
    EXPECT_FALSE(has_upcoming_repetition(pos, 3));  // the root itself: a third occurrence is needed
    // White's knight went elsewhere: nothing one black move can undo.
    Position other;
    play(other, {"g1f3", "g8f6", "b1c3"});
    EXPECT_FALSE(has_upcoming_repetition(other, 100));
}

TEST(UpcomingRepetition, OnlyByALegalMove) {
    // White's rook goes a1-b1-b4-a4 while black's king walks e8-d8-c8-d8-e8: seven plies back the
    // rook stood on a1, everything else as now, so Ra4-a1 would repeat that position.
    const std::initializer_list<std::string_view> moves = {"e8d8", "a1b1", "d8c8", "b1b4", "c8d8", "b4a4", "d8e8"};
    Position open = pos_from("4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    play(open, moves);
    EXPECT_TRUE(has_upcoming_repetition(open, 100));
    // A bishop on a3 blocks the rook's way back: the keys still say one move, the move is illegal.
    Position blocked = pos_from("4k3/8/8/8/8/B7/8/R3K3 b - - 0 1");
    play(blocked, moves);
    EXPECT_FALSE(has_upcoming_repetition(blocked, 100));
}

// Over long random walks that often step back, the key method agrees with trying every move.
TEST(UpcomingRepetition, AgreesWithTryingEveryMove) {
    const std::vector<std::string> fens = {
        "4k3/2n5/8/3b4/8/8/3N4/R3K3 w - - 0 1",
        "r1b1k3/8/2n5/8/3Q4/5N2/8/4K2R b - - 0 1",
        "6k1/5ppp/8/8/8/8/2q2PPP/3R2K1 w - - 0 1",
        "8/3k4/8/2n1b3/8/2N1B3/3K4/8 w - - 0 1",
    };
    test::SplitMix64 rng(1);
    int found = 0, checked = 0;
    for (const std::string& fen : fens) {
        for (int walk = 0; walk < 20; ++walk) {
            Position pos = pos_from(fen);
            std::vector<Move> line;
            for (int ply = 0; ply < 120; ++ply) {
                const MoveList moves = legal_moves(pos);
                if (moves.size == 0) break;
                for (int root_ply : {ply, ply + 100}) {
                    const bool fast = has_upcoming_repetition(pos, root_ply);
                    ASSERT_EQ(fast, some_move_repeats(pos, root_ply))
                        << pos.fen() << " at ply " << root_ply << " after " << line.size() << " moves from " << fen;
                    found += fast;
                    ++checked;
                }
                // Half the time a move that undoes this side's last one, when there is one.
                Move m = moves.moves[rng.below(std::size_t(moves.size))];
                if (line.size() >= 2 && rng.below(2) == 0) {
                    const Move back(line[line.size() - 2].to(), line[line.size() - 2].from());
                    if (moves.contains(back)) m = back;
                }
                pos.do_move(m);
                line.push_back(m);
            }
        }
    }
    // The walks must reach both answers often for the comparison to mean anything.
    EXPECT_GT(found, checked / 20);
    EXPECT_LT(found, checked);
}

}  // namespace
}  // namespace mainline
