// Perft against published and Stockfish-computed counts, a walk of the move tree checking the
// incremental key and every invariant after each move, and perft_divide.
#include <gtest/gtest.h>

#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "position.h"
#include "test_util.h"

namespace mainline {
namespace {

using test::EpdEntry;
using test::PERFT_LEAF_LIMIT;

struct PerftCase {
    std::string name;
    EpdEntry entry;
    bool edge_case = false;  // one of the first 27 lines of perft-random.epd
};

std::ostream& operator<<(std::ostream& os, const PerftCase& c) { return os << c.name << ": " << c.entry.fen; }

std::string case_name(const ::testing::TestParamInfo<PerftCase>& info) { return info.param.name; }

std::vector<PerftCase> standard_cases() {
    static const char* const names[] = {"startpos", "kiwipete", "position3", "position4", "position4_mirrored",
                                        "position5", "position6"};
    std::vector<PerftCase> cases;
    for (EpdEntry& e : test::read_epd("perft-standard.epd")) {
        const std::size_t i = cases.size();
        std::string name = i < std::size(names) ? names[i] : "standard" + std::to_string(e.line);
        cases.push_back({std::move(name), std::move(e), false});
    }
    return cases;
}

constexpr int EDGE_CASES = 27;  // the first lines of perft-random.epd; the rest are game positions

std::vector<PerftCase> random_cases() {
    std::vector<PerftCase> cases;
    for (EpdEntry& e : test::read_epd("perft-random.epd")) {
        const bool edge = e.line <= EDGE_CASES;
        const int n = edge ? e.line : e.line - EDGE_CASES;
        std::string name = std::string(edge ? "edge" : "game") + (n < 10 ? "0" : "") + std::to_string(n);
        cases.push_back({std::move(name), std::move(e), edge});
    }
    return cases;
}

// Runs perft at each listed depth accepted by `use`, checking that it leaves the position untouched.
template <class Use>
void check_counts(const PerftCase& c, Use use) {
    Result<Position> r = Position::from_fen(c.entry.fen);
    ASSERT_TRUE(r.ok()) << r.error();
    Position pos = std::move(r).value();
    const std::string fen = pos.fen();
    const Key key = pos.key();
    int checked = 0;
    for (const test::PerftCount& count : c.entry.counts) {
        if (!use(count)) continue;
        if (count.nodes > PERFT_LEAF_LIMIT) {
            std::printf("[ skipped  ] %s depth %d (%llu leaves) in a checked or unoptimised build\n", c.name.c_str(), count.depth,
                        static_cast<unsigned long long>(count.nodes));
            continue;
        }
        pos.reserve_history(count.depth);
        EXPECT_EQ(perft(pos, count.depth), count.nodes) << "depth " << count.depth;
        ASSERT_EQ(pos.fen(), fen) << "perft changed the position";
        ASSERT_EQ(pos.key(), key);
        ASSERT_EQ(pos.history_length(), 0);
        ++checked;
    }
    EXPECT_GT(checked, 0) << "no depth was checked";
}

class PerftStandard : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftStandard, MatchesPublishedCounts) {
    // Every listed depth: about 2.5 s in all at -O3.
    check_counts(GetParam(), [](const test::PerftCount&) { return true; });
}

INSTANTIATE_TEST_SUITE_P(Perft, PerftStandard, ::testing::ValuesIn(standard_cases()), case_name);

class PerftRandom : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftRandom, MatchesStockfishCounts) {
    const bool edge = GetParam().edge_case;
    check_counts(GetParam(), [edge](const test::PerftCount& c) { return c.depth <= 4 || (edge && c.depth == 5); });
}

INSTANTIATE_TEST_SUITE_P(Perft, PerftRandom, ::testing::ValuesIn(random_cases()), case_name);

TEST(Perft, DataFilesHaveTheExpectedDepths) {
    const std::vector<PerftCase> standard = standard_cases(), random = random_cases();
    ASSERT_EQ(standard.size(), 7u);
    ASSERT_EQ(random.size(), 107u);
    for (const PerftCase& c : standard) EXPECT_GE(c.entry.counts.size(), 5u) << c.name;
    for (const PerftCase& c : random) {
        ASSERT_FALSE(c.entry.counts.empty()) << c.name;
        // Depths are listed in order from 1.
        for (std::size_t i = 0; i < c.entry.counts.size(); ++i) EXPECT_EQ(c.entry.counts[i].depth, int(i) + 1) << c.name;
        EXPECT_EQ(c.entry.counts.back().depth, c.edge_case ? 5 : 4) << c.name;
    }
}

TEST(Perft, SmallDepths) {
    Position pos;
    EXPECT_EQ(perft(pos, 0), 1u);
    EXPECT_EQ(perft(pos, 1), 20u);
    EXPECT_EQ(perft(pos, 2), 400u);
    EXPECT_EQ(perft(pos, 3), 8902u);
    // Checkmate and stalemate have no leaves below them.
    Position mate = test::pos_from("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    EXPECT_EQ(perft(mate, 1), 0u);
    EXPECT_EQ(perft(mate, 3), 0u);
    Position stalemate = test::pos_from("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    EXPECT_EQ(perft(stalemate, 2), 0u);
}

// --- Key walk ---------------------------------------------------------------------------------

// Plays every move of the tree to `depth`, checking after each move that the incremental key equals
// the key computed from scratch and that every invariant holds, and after each undo that the FEN and
// key are back to what they were. Returns the number of leaves, or stops at the first failure.
std::uint64_t walk(Position& pos, int depth, bool& failed) {
    const std::string fen = pos.fen();
    const Key key = pos.key();
    std::uint64_t leaves = 0;
    for (Move m : legal_moves(pos)) {
        pos.do_move(m);
        if (pos.key() != pos.compute_key()) {
            ADD_FAILURE() << "incremental key wrong after " << move_to_uci(m) << " from " << fen;
            failed = true;
        }
        if (std::string error = pos.consistency_error(); !error.empty()) {
            ADD_FAILURE() << error << " after " << move_to_uci(m) << " from " << fen;
            failed = true;
        }
        leaves += depth > 1 && !failed ? walk(pos, depth - 1, failed) : 1;
        pos.undo_move(m);
        if (pos.key() != key || pos.fen() != fen) {
            ADD_FAILURE() << "undoing " << move_to_uci(m) << " gives " << pos.fen() << " instead of " << fen;
            failed = true;
        }
        if (failed) break;
    }
    return leaves;
}

std::vector<PerftCase> key_walk_cases() {
    std::vector<PerftCase> cases;
    for (PerftCase& c : standard_cases())
        if (c.name == "kiwipete" || c.name == "position3" || c.name == "position4" || c.name == "position4_mirrored" ||
            c.name == "position5")
            cases.push_back(std::move(c));
    for (PerftCase& c : random_cases())
        if (c.edge_case) cases.push_back(std::move(c));
    return cases;
}

class KeyWalk : public ::testing::TestWithParam<PerftCase> {};

TEST_P(KeyWalk, KeysAndInvariantsHoldAfterEveryMoveAndUndo) {
    const PerftCase& c = GetParam();
    // The deepest listed depth up to 4 with at most 200k leaves (depth 3 or 4): every node is checked
    // from scratch, which costs far more than perft's bulk counting.
    const test::PerftCount* target = nullptr;
    for (const test::PerftCount& count : c.entry.counts)
        if (count.depth <= 4 && count.nodes <= 200'000) target = &count;
    ASSERT_NE(target, nullptr);
    ASSERT_GE(target->depth, 3);
    Position pos = test::pos_from(c.entry.fen);
    pos.reserve_history(target->depth);
    bool failed = false;
    const std::uint64_t leaves = walk(pos, target->depth, failed);
    ASSERT_FALSE(failed);
    EXPECT_EQ(leaves, target->nodes) << "depth " << target->depth;
    EXPECT_EQ(pos.fen(), c.entry.fen);
}

INSTANTIATE_TEST_SUITE_P(Perft, KeyWalk, ::testing::ValuesIn(key_walk_cases()), case_name);

// --- Divide -----------------------------------------------------------------------------------

TEST(PerftDivide, SumsToPerftAndListsEveryMoveInGenerationOrder) {
    for (const PerftCase& c : standard_cases()) {
        Position pos = test::pos_from(c.entry.fen);
        for (int depth = 1; depth <= 3; ++depth) {
            const std::vector<PerftEntry> entries = perft_divide(pos, depth);
            const MoveList legal = legal_moves(pos);
            ASSERT_EQ(int(entries.size()), legal.size) << c.name;
            std::uint64_t sum = 0;
            for (int i = 0; i < legal.size; ++i) {
                EXPECT_EQ(entries[std::size_t(i)].move, legal.moves[i]) << c.name;
                Position child = pos;
                child.do_move(legal.moves[i]);
                EXPECT_EQ(entries[std::size_t(i)].nodes, perft(child, depth - 1)) << c.name << " " << move_to_uci(legal.moves[i]);
                sum += entries[std::size_t(i)].nodes;
            }
            EXPECT_EQ(sum, perft(pos, depth)) << c.name << " depth " << depth;
            EXPECT_EQ(sum, c.entry.counts[std::size_t(depth - 1)].nodes) << c.name << " depth " << depth;
            EXPECT_EQ(pos.fen(), c.entry.fen);
        }
    }
}

TEST(PerftDivide, StartPositionDepth3) {
    Position pos;
    const std::vector<PerftEntry> entries = perft_divide(pos, 3);
    ASSERT_EQ(entries.size(), 20u);
    std::uint64_t sum = 0;
    for (const PerftEntry& e : entries) {
        sum += e.nodes;
        const std::string uci = move_to_uci(e.move);
        // Known per-move counts at depth 3.
        if (uci == "e2e4") {
            EXPECT_EQ(e.nodes, 600u);
        } else if (uci == "g1f3") {
            EXPECT_EQ(e.nodes, 440u);
        } else if (uci == "a2a3") {
            EXPECT_EQ(e.nodes, 380u);
        } else if (uci == "d2d4") {
            EXPECT_EQ(e.nodes, 560u);
        }
    }
    EXPECT_EQ(sum, 8902u);
    EXPECT_TRUE(perft_divide(pos, 0).empty());
    for (const PerftEntry& e : perft_divide(pos, 1)) EXPECT_EQ(e.nodes, 1u);
}

}  // namespace
}  // namespace mainline
