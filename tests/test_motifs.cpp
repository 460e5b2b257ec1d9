// The facts of a line (engine/motifs.h): each motif on a position built to show it, and none
// where it is absent.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "motifs.h"
#include "notation.h"
#include "position.h"

using namespace mainline;
using motifs::Kind;

namespace {

motifs::LineFacts facts(const std::string& fen, const std::vector<std::string>& uci) {
    const Position pos = Position::from_fen(fen).value();
    Position walk = pos;
    std::vector<Move> line;
    for (const std::string& u : uci) {
        const Result<Move> m = parse_uci_move(walk, u);
        EXPECT_TRUE(m.ok()) << u << ": " << m.error();
        if (!m) break;
        line.push_back(m.value());
        walk.do_move(m.value());
    }
    return motifs::analyse_line(pos, line);
}

const motifs::Motif* find(const motifs::LineFacts& f, Kind k, int ply) {
    for (const motifs::Motif& m : f.motifs)
        if (m.kind == k && m.ply == ply) return &m;
    return nullptr;
}

std::vector<std::string> target_squares(const motifs::Motif& m) {
    std::vector<std::string> out;
    for (int i = 0; i < m.target_count; ++i) out.push_back(square_name(m.targets[i]));
    return out;
}

}  // namespace

TEST(Motifs, KnightForkOfKingAndRookWinsTheRook) {
    const auto f = facts("r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1", {"d5c7", "e8d7", "c7a8"});
    ASSERT_EQ(f.plies, 3);
    const motifs::Motif* fork = find(f, Kind::FORK, 0);
    ASSERT_NE(fork, nullptr);
    EXPECT_EQ(square_name(fork->square), "c7");
    EXPECT_EQ(target_squares(*fork), (std::vector<std::string>{"a8", "e8"}));
    EXPECT_TRUE(fork->absolute);
    EXPECT_EQ(f.balance, (std::vector<int>{-2, -2, -2, 3}));
    ASSERT_NE(find(f, Kind::CAPTURE, 2), nullptr);
}

TEST(Motifs, NoForkWhenTheForkingPieceIsSimplyLost) {
    // Nc7 attacks the rooks on a8 and e8, but the queen on d8 takes it for nothing.
    const auto f = facts("r2qr1k1/8/8/3N4/8/8/8/7K w - - 0 1", {"d5c7"});
    EXPECT_EQ(find(f, Kind::FORK, 0), nullptr);
    EXPECT_NE(find(f, Kind::HANGING, 0), nullptr);
}

TEST(Motifs, AbsolutePinAndSkewer) {
    const auto pin = facts("4k3/8/2n5/8/8/3B4/8/4K3 w - - 0 1", {"d3b5"});
    const motifs::Motif* p = find(pin, Kind::PIN, 0);
    ASSERT_NE(p, nullptr);
    EXPECT_TRUE(p->absolute);
    EXPECT_EQ(target_squares(*p), (std::vector<std::string>{"c6", "e8"}));

    const auto skewer = facts("6r1/5k2/8/8/8/8/4B3/7K w - - 0 1", {"e2c4"});
    const motifs::Motif* s = find(skewer, Kind::SKEWER, 0);
    ASSERT_NE(s, nullptr);
    EXPECT_TRUE(s->absolute);
    EXPECT_EQ(target_squares(*s), (std::vector<std::string>{"f7", "g8"}));
    EXPECT_EQ(find(skewer, Kind::PIN, 0), nullptr);
}

TEST(Motifs, DiscoveredAndDoubleCheck) {
    const auto disc = facts("4k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1", {"e4d5"});
    ASSERT_NE(find(disc, Kind::DISCOVERED_CHECK, 0), nullptr);
    EXPECT_EQ(square_name(find(disc, Kind::DISCOVERED_CHECK, 0)->square), "e1");
    EXPECT_EQ(find(disc, Kind::DOUBLE_CHECK, 0), nullptr);

    const auto dbl = facts("4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", {"e4d6"});
    EXPECT_NE(find(dbl, Kind::DOUBLE_CHECK, 0), nullptr);
    EXPECT_NE(find(dbl, Kind::DISCOVERED_CHECK, 0), nullptr);
}

TEST(Motifs, DiscoveredAttackOnTheQueen) {
    // The knight leaves the d-file: the rook on d1 now attacks the queen on d8.
    const auto f = facts("3qk3/8/8/8/3N4/8/8/3RK3 w - - 0 1", {"d4f5"});
    const motifs::Motif* d = find(f, Kind::DISCOVERED_ATTACK, 0);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(square_name(d->square), "d1");
    EXPECT_EQ(target_squares(*d), (std::vector<std::string>{"d8"}));
}

TEST(Motifs, HangingPieceTaken) {
    const auto f = facts("6k1/3n4/8/8/8/8/4R3/4K3 b - - 0 1", {"d7e5", "e2e5"});
    const motifs::Motif* h = find(f, Kind::HANGING, 0);
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->by, BLACK);
    EXPECT_EQ(square_name(h->square), "e5");
    EXPECT_EQ(f.balance, (std::vector<int>{-2, -2, -5}));
}

TEST(Motifs, MatesAndTheirPatterns) {
    const auto back = facts("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", {"a1a8"});
    EXPECT_EQ(back.end, motifs::End::CHECKMATE);
    EXPECT_EQ(back.mate_pattern, motifs::MatePattern::BACK_RANK);
    EXPECT_EQ(back.mate_moves, 1);

    const auto smothered = facts("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", {"g5f7"});
    EXPECT_EQ(smothered.end, motifs::End::CHECKMATE);
    EXPECT_EQ(smothered.mate_pattern, motifs::MatePattern::SMOTHERED);

    // White's Re2 allows Ra1+ Re1 Rxe1#: mate in two for Black, on the back rank.
    const auto allowed = facts("r5k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1", {"e1e2", "a8a1", "e2e1", "a1e1"});
    EXPECT_EQ(allowed.end, motifs::End::CHECKMATE);
    EXPECT_EQ(allowed.mate_moves, 2);
    EXPECT_EQ(allowed.mate_pattern, motifs::MatePattern::BACK_RANK);
}

TEST(Motifs, ExchangeSacrificeAndPromotion) {
    const auto ex = facts("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", {"d1d5", "e6d5"});
    const motifs::Motif* x = find(ex, Kind::EXCHANGE_SACRIFICE, 1);
    ASSERT_NE(x, nullptr);
    EXPECT_EQ(x->by, WHITE);
    EXPECT_EQ(ex.balance.back() - ex.balance.front(), -2);

    const auto promo = facts("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", {"e7e8q"});
    EXPECT_NE(find(promo, Kind::PROMOTION, 0), nullptr);
    EXPECT_EQ(promo.balance, (std::vector<int>{1, 9}));
}

TEST(Motifs, PerpetualCheck) {
    const auto f = facts("6k1/5pp1/8/8/8/8/8/3Q2K1 w - - 0 1",
                         {"d1d8", "g8h7", "d8h4", "h7g8", "h4d8", "g8h7", "d8h4", "h7g8"});
    EXPECT_EQ(f.end, motifs::End::REPETITION);
    EXPECT_TRUE(f.perpetual);
    EXPECT_EQ(f.perpetual_by, WHITE);
}

TEST(Motifs, IllegalMoveStopsTheFacts) {
    const Position pos;
    const std::vector<Move> line = {Move(SQ_E2, SQ_E4), Move(SQ_E2, SQ_E4)};
    const auto f = motifs::analyse_line(pos, line);
    EXPECT_EQ(f.plies, 1);
    EXPECT_NE(f.error.find("move 2"), std::string::npos);
}

// ---- Motifs the continuation shows: each on a composed position where the line wins what the
// motif threatens (positive), and beside it the same position where it does not (negative).

TEST(Motifs, RemovalOfTheDefender) {
    // Ruy Lopez, 3...a6?: Bxc6 takes the only guard of e5, and Nxe5 takes the pawn undefended.
    const std::string fen = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
    const auto f = facts(fen, {"b5c6", "d7c6", "f3e5"});
    const motifs::Motif* r = find(f, Kind::REMOVAL_OF_DEFENDER, 0);
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->by, WHITE);
    EXPECT_EQ(square_name(r->square), "c6");
    EXPECT_EQ(target_squares(*r), (std::vector<std::string>{"c6", "e5"}));
    EXPECT_EQ(f.balance.back() - f.balance.front(), 1);
    // The same capture when the line does not take the pawn: no removal of the defender.
    EXPECT_EQ(find(facts(fen, {"b5c6", "d7c6", "e1g1"}), Kind::REMOVAL_OF_DEFENDER, 0), nullptr);
    // With ...d6 played the pawn has a second guard: Nxe5 loses the knight, nothing is claimed.
    const auto guarded = facts("r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4", {"b5c6", "b7c6", "f3e5", "d6e5"});
    EXPECT_EQ(find(guarded, Kind::REMOVAL_OF_DEFENDER, 0), nullptr);
}

TEST(Motifs, OverloadedDefender) {
    // The queen on d7 alone guards the rook on c8 and the bishop on d6: Rxc8+ Qxc8 Qxd6.
    const auto f = facts("2r3k1/3q1ppp/3b4/8/8/6QP/5PP1/2R3K1 w - - 0 1", {"c1c8", "d7c8", "g3d6"});
    const motifs::Motif* o = find(f, Kind::OVERLOADED, 0);
    ASSERT_NE(o, nullptr);
    EXPECT_EQ(o->by, WHITE);
    EXPECT_EQ(target_squares(*o), (std::vector<std::string>{"d7", "c8", "d6"}));
    EXPECT_EQ(f.balance.back() - f.balance.front(), 3);
    EXPECT_EQ(find(f, Kind::REMOVAL_OF_DEFENDER, 0), nullptr);
    // A pawn on e7 guards d6 as well: the queen is not overloaded, and the line wins nothing.
    const auto g = facts("2r3k1/3qpppp/3b4/8/8/6QP/5PP1/2R3K1 w - - 0 1", {"c1c8", "d7c8", "g3d6", "e7d6"});
    EXPECT_EQ(find(g, Kind::OVERLOADED, 0), nullptr);
}

TEST(Motifs, TrappedPiece) {
    // ...Bxa2? b3: the bishop's last way out is shut (b1 and b3 are guarded), and Rxa2 takes it.
    const std::string fen = "6k1/8/8/8/2b5/8/PPK5/R7 b - - 0 1";
    const auto f = facts(fen, {"c4a2", "b2b3", "g8f7", "a1a2"});
    const motifs::Motif* t = find(f, Kind::TRAPPED, 1);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->by, WHITE);
    EXPECT_EQ(square_name(t->square), "b3");
    EXPECT_EQ(target_squares(*t), (std::vector<std::string>{"a2"}));
    // The bishop was attacked before b3 too, but could leave: only b3 traps it.
    EXPECT_EQ(find(f, Kind::TRAPPED, 0), nullptr);
    // Trapped but not taken in the line: not claimed. Not trapped (Kc3 leaves the diagonal open): not claimed.
    EXPECT_EQ(find(facts(fen, {"c4a2", "b2b3", "g8f7"}), Kind::TRAPPED, 1), nullptr);
    EXPECT_EQ(find(facts(fen, {"c4a2", "c2c3", "a2d5"}), Kind::TRAPPED, 1), nullptr);
    // Trapped already before White's move: h3 does not trap it, though Rxa2 then takes it.
    const auto earlier = facts("6k1/8/8/8/8/1P6/b1K4P/R7 w - - 0 1", {"h2h3", "g8f7", "a1a2"});
    EXPECT_EQ(earlier.balance.back() - earlier.balance.front(), 3);
    EXPECT_EQ(find(earlier, Kind::TRAPPED, 0), nullptr);
}

TEST(Motifs, Zwischenzug) {
    // Bxf6 could be taken back at once, but ...Bb4+ comes first; after c3, ...Qxf6.
    const std::string fen = "3q1bk1/6pp/5n2/6B1/8/8/2P5/4K3 w - - 0 1";
    const auto f = facts(fen, {"g5f6", "f8b4", "c2c3", "d8f6"});
    const motifs::Motif* z = find(f, Kind::ZWISCHENZUG, 1);
    ASSERT_NE(z, nullptr);
    EXPECT_EQ(z->by, BLACK);
    EXPECT_EQ(square_name(z->square), "b4");
    EXPECT_EQ(target_squares(*z), (std::vector<std::string>{"f6", "e1"}));
    EXPECT_TRUE(z->absolute);
    // Taken back at once: no in-between move. A check that never takes back: none either.
    EXPECT_EQ(find(facts(fen, {"g5f6", "d8f6"}), Kind::ZWISCHENZUG, 1), nullptr);
    EXPECT_EQ(find(facts(fen, {"g5f6", "f8b4", "c2c3", "b4a5"}), Kind::ZWISCHENZUG, 1), nullptr);
}
