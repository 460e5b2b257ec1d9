// The static evaluation: symmetric between the colours, sensible on simple material, and the
// endgame scaling that keeps drawish endings near zero.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <sstream>

#include "evaluate.h"
#include "test_util.h"

namespace mainline {
namespace {

// The same position with the colours swapped and the board flipped vertically.
std::string mirror_fen(const std::string& fen) {
    std::istringstream in(fen);
    std::string placement, side, castling, ep, half, full;
    in >> placement >> side >> castling >> ep >> half >> full;
    std::vector<std::string> ranks;
    std::string rank;
    for (char c : placement) {
        if (c == '/') ranks.push_back(rank), rank.clear();
        else rank += char(std::isupper(static_cast<unsigned char>(c)) ? std::tolower(c) : std::toupper(c));
    }
    ranks.push_back(rank);
    std::string out;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) out += (out.empty() ? "" : "/") + *it;
    std::string cr;
    for (char c : std::string("KQkq"))
        if (castling.find(char(std::isupper(static_cast<unsigned char>(c)) ? std::tolower(c) : std::toupper(c))) !=
            std::string::npos)
            cr += c;
    if (cr.empty()) cr = "-";
    std::string mep = ep == "-" ? "-" : std::string{ep[0], char('1' + ('8' - ep[1]))};
    return out + (side == "w" ? " b " : " w ") + cr + " " + mep + " " + (half.empty() ? "0" : half) + " " +
           (full.empty() ? "1" : full);
}

TEST(Eval, SymmetricBetweenColours) {
    int checked = 0;
    for (const std::string& fen : test::all_data_fens()) {
        const Position a = test::pos_from(fen);
        Result<Position> b = Position::from_fen(mirror_fen(fen));
        ASSERT_TRUE(b.ok()) << mirror_fen(fen) << ": " << b.error();
        EXPECT_EQ(evaluate(a), evaluate(b.value())) << fen << " vs " << mirror_fen(fen);
        ++checked;
    }
    EXPECT_GT(checked, 150);
}

// The Texel tuner fits the weights through the trace, so the trace must be the evaluation: the
// weights dotted with the recorded counts, tapered by the recorded phase and scale, give back
// evaluate() (up to its integer divisions).
TEST(Eval, TraceReproducesTheEvaluation) {
    const auto* w = reinterpret_cast<const eval_params::S*>(&eval_params::WEIGHTS);
    int checked = 0;
    for (const std::string& fen : test::all_data_fens()) {
        const Position pos = test::pos_from(fen);
        EvalTrace trace;
        const int traced = evaluate(pos, trace);
        EXPECT_EQ(traced, evaluate(pos)) << fen;
        long mg = 0, eg = 0;
        for (int i = 0; i < eval_params::WEIGHT_COUNT; ++i) {
            mg += long(w[i].mg) * trace.count[i];
            eg += long(w[i].eg) * trace.count[i];
        }
        const double white = (double(mg) * trace.phase +
                              double(eg) * trace.scale / eval_params::SCALE_NORMAL * (EvalTrace::MAX_PHASE - trace.phase)) /
                             EvalTrace::MAX_PHASE;
        const double model = (pos.side_to_move() == WHITE ? white : -white) + eval_params::TEMPO;
        EXPECT_NEAR(model, traced, 2.0) << fen;
        ++checked;
    }
    EXPECT_GT(checked, 150);
}

TEST(Eval, MaterialMatters) {
    EXPECT_GT(evaluate(test::pos_from("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")), 400);   // a rook up
    EXPECT_LT(evaluate(test::pos_from("4k3/8/8/8/8/8/8/R3K3 b - - 0 1")), -400);  // same, black to move
    EXPECT_LT(std::abs(evaluate(Position())), 40);                               // start: tempo only
}

TEST(Eval, DrawishEndingsAreScaledDown) {
    // A knight up with no pawns cannot be won; bishops of opposite colours with equal pawns
    // are drawish; a rook up is still winning.
    EXPECT_LT(evaluate(test::pos_from("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1")), 60);
    EXPECT_LT(std::abs(evaluate(test::pos_from("4k3/5b2/8/3p4/3P4/8/2B5/4K3 w - - 0 1"))), 60);
    EXPECT_GT(evaluate(test::pos_from("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")), 400);
}

TEST(Eval, PassedPawnsAreWorthMoreNearPromotion) {
    const int far = evaluate(test::pos_from("4k3/8/8/8/8/P7/8/4K3 w - - 0 1"));
    const int near = evaluate(test::pos_from("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
    EXPECT_GT(near, far + 100);
}

}  // namespace
}  // namespace mainline
