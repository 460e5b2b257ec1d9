// The UCI front end, driven line by line with a writer that collects the output.
#include <gtest/gtest.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>
#include <mutex>
#include <vector>

#include "position.h"
#include "test_util.h"
#include "lab.h"
#include "uci.h"
#include "version.h"

namespace mainline {
namespace {

using test::contains_text;
using Lines = std::vector<std::string>;

class Uci : public ::testing::Test {
protected:
    // Not threaded: every command has finished, output included, when handle() returns.
    Uci() : engine_([this](std::string_view line) { out_.emplace_back(line); }, false) {}

    // Sends one command and returns what it printed.
    Lines send(std::string_view line) {
        out_.clear();
        last_result_ = engine_.handle(line);
        return out_;
    }

    // The FEN shown by `d`.
    std::string shown_fen() {
        for (const std::string& line : send("d"))
            if (line.rfind("Fen: ", 0) == 0) return line.substr(5);
        ADD_FAILURE() << "`d` printed no Fen line";
        return "";
    }

    // Sends a command that must fail: exactly one error line, and the position is left as it was.
    void expect_error(std::string_view command, std::string_view message) {
        const std::string before = shown_fen();
        const Lines lines = send(command);
        EXPECT_TRUE(last_result_) << command;
        ASSERT_EQ(lines.size(), 1u) << command;
        EXPECT_EQ(lines[0].rfind("info string error: ", 0), 0u) << command << " printed: " << lines[0];
        EXPECT_TRUE(contains_text(lines[0], message)) << command << " printed: " << lines[0] << "\nexpected: " << message;
        EXPECT_EQ(shown_fen(), before) << command << " changed the position";
    }

    UciEngine engine_;
    Lines out_;
    bool last_result_ = false;
};

TEST_F(Uci, UciIdentifiesTheEngine) {
    const Lines lines = send("uci");
    EXPECT_TRUE(last_result_);
    ASSERT_GE(lines.size(), 3u);
    EXPECT_EQ(lines[0], "id name Mainline " + std::string(engine_version()));
    EXPECT_FALSE(engine_version().empty());
    EXPECT_EQ(lines[1].rfind("id author ", 0), 0u) << lines[1];
    EXPECT_EQ(lines.back(), "uciok");
}

TEST_F(Uci, IsReady) {
    EXPECT_EQ(send("isready"), Lines{"readyok"});
    EXPECT_TRUE(last_result_);
}

TEST_F(Uci, StartsFromTheStartPosition) {
    EXPECT_EQ(shown_fen(), Position::START_FEN);
    EXPECT_EQ(engine_.engine().position().fen(), Position::START_FEN);
}

TEST_F(Uci, PositionStartposWithMoves) {
    EXPECT_EQ(send("position startpos moves e2e4 e7e5"), Lines{});
    EXPECT_TRUE(last_result_);
    EXPECT_EQ(shown_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    EXPECT_EQ(engine_.engine().position().history_length(), 2);
    // Each `position` starts afresh.
    send("position startpos moves d2d4");
    EXPECT_EQ(shown_fen(), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1");
    send("position startpos");
    EXPECT_EQ(shown_fen(), Position::START_FEN);
    send("position startpos moves");
    EXPECT_EQ(shown_fen(), Position::START_FEN);
}

TEST_F(Uci, PositionFen) {
    EXPECT_EQ(send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8"), Lines{});
    EXPECT_EQ(shown_fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    send("position fen 4k3/8/8/8/8/8/8/4K3 b - - 12 40");
    EXPECT_EQ(shown_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 12 40");
    // Four fields, then moves; promotions in the moves list.
    send("position fen 4k3/1P6/8/8/8/8/8/4K3 w - - moves b7b8n e8e7");
    EXPECT_EQ(shown_fen(), "1N6/4k3/8/8/8/8/8/4K3 w - - 1 2");
    // Extra spaces and tabs between words do not matter.
    send("  position \t startpos   moves  g1f3\t g8f6  ");
    EXPECT_EQ(shown_fen(), "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2");
}

TEST_F(Uci, DisplayShowsBoardKeyAndCheckers) {
    send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    const Lines lines = send("d");
    bool board = false, key = false, checkers = false;
    for (const std::string& line : lines) {
        if (line == " | r | n | b |   | k | b | n | r | 8") board = true;
        if (line.rfind("Key: ", 0) == 0) {
            key = true;
            EXPECT_EQ(line.size(), 5u + 16u) << line;
        }
        if (line == "Checkers: h4") checkers = true;
    }
    EXPECT_TRUE(board);
    EXPECT_TRUE(key);
    EXPECT_TRUE(checkers);
}

TEST_F(Uci, UciNewGameResetsThePosition) {
    send("position startpos moves e2e4");
    EXPECT_EQ(send("ucinewgame"), Lines{});
    EXPECT_EQ(shown_fen(), Position::START_FEN);
}

TEST_F(Uci, GoPerftPrintsDivideLikeStockfish) {
    const Lines lines = send("go perft 3");
    EXPECT_TRUE(last_result_);
    ASSERT_EQ(lines.size(), 20u + 3u);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < 20; ++i) {
        const std::string& line = lines[i];
        // "e2e4: 600"
        const std::size_t colon = line.find(": ");
        ASSERT_EQ(colon, 4u) << line;
        std::uint64_t nodes = 0;
        const char* first = line.data() + colon + 2;
        const auto [end, ec] = std::from_chars(first, line.data() + line.size(), nodes);
        ASSERT_TRUE(ec == std::errc() && end == line.data() + line.size()) << line;
        sum += nodes;
    }
    EXPECT_EQ(sum, 8902u);
    EXPECT_NE(std::find(lines.begin(), lines.end(), "e2e4: 600"), lines.end());
    EXPECT_NE(std::find(lines.begin(), lines.end(), "g1f3: 440"), lines.end());
    EXPECT_EQ(lines[20], "");
    EXPECT_EQ(lines[21], "Nodes searched: 8902");
    EXPECT_EQ(lines[22], "");
    // Perft leaves the position alone.
    EXPECT_EQ(shown_fen(), Position::START_FEN);
}

TEST_F(Uci, GoPerftFromASetPosition) {
    send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    const Lines lines = send("go perft 2");
    ASSERT_EQ(lines.size(), 48u + 3u);
    EXPECT_EQ(lines[49], "Nodes searched: 2039");
    EXPECT_NE(std::find(lines.begin(), lines.end(), "e1g1: 43"), lines.end());
    send("position startpos moves e2e4");
    EXPECT_EQ(send("go perft 1").at(20 + 1), "Nodes searched: 20");
}

TEST_F(Uci, EmptyAndWhitespaceLinesPrintNothing) {
    for (const char* line : {"", " ", "\t", "  \t  ", "\r", "\n"}) {
        EXPECT_EQ(send(line), Lines{}) << '"' << line << '"';
        EXPECT_TRUE(last_result_);
    }
}

TEST_F(Uci, QuitStops) {
    EXPECT_EQ(send("quit"), Lines{});
    EXPECT_FALSE(last_result_);
    send("  quit  ");
    EXPECT_FALSE(last_result_);
}

TEST_F(Uci, EveryOtherCommandKeepsGoing) {
    for (const char* line : {"uci", "isready", "ucinewgame", "position startpos", "d", "go perft 1", "nonsense",
                             "position", "go perft"}) {
        send(line);
        EXPECT_TRUE(last_result_) << line;
    }
}

// --- Errors: one line, position unchanged ------------------------------------------------------

TEST_F(Uci, UnknownCommand) {
    send("position startpos moves e2e4");
    expect_error("foo", "unknown command 'foo'");
    expect_error("Position startpos", "unknown command 'Position'");
}

TEST_F(Uci, PositionWithoutArguments) {
    send("position startpos moves e2e4");
    expect_error("position", "position needs 'startpos' or 'fen <FEN>'");
    expect_error("position moves e2e4", "position needs 'startpos' or 'fen <FEN>', not 'moves'");
    expect_error("position start", "not 'start'");
}

TEST_F(Uci, PositionFenWithNothingAfter) {
    send("position startpos moves e2e4");
    expect_error("position fen", "the FEN is missing");
    expect_error("position fen   ", "the FEN is missing");
    expect_error("position fen moves e2e4", "the FEN is missing");
}

TEST_F(Uci, PositionWithABadFen) {
    send("position startpos moves e2e4");
    expect_error("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "bad FEN: rank 1 has 7 squares");
    expect_error("position fen 8/8/8/8/8/8/8/8 w - - 0 1", "bad FEN: white has no king");
    expect_error("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "bad FEN: FEN has 7 fields");
    expect_error("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 moves e1e2", "bad FEN: FEN has 5 fields");
    expect_error("position fen 4k3/8/8/8/8/8/8/4RK2 w - - 0 1", "bad FEN: the side not to move (black) is in check");
}

TEST_F(Uci, PositionWithAnIllegalMoveNamesItsNumber) {
    send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    expect_error("position startpos moves e2e4 e7e5 e1e3", "(move 3 of the moves list)");
    expect_error("position startpos moves e2e4 e7e5 e1e3", "illegal move e1e3");
    expect_error("position startpos moves e2e5", "(move 1 of the moves list)");
    expect_error("position startpos moves e2e4 e2e4", "no piece on e2 (move 2 of the moves list)");
    expect_error("position startpos moves e2e4 xyz", "malformed move 'xyz'");
    expect_error("position startpos moves e2e4 e7e5 0000", "null move");
    expect_error("position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 moves b7b8", "must promote");
}

TEST_F(Uci, PositionStartposFollowedByGarbage) {
    send("position startpos moves e2e4");
    expect_error("position startpos garbage", "unexpected 'garbage' after startpos");
    expect_error("position startpos garbage moves e7e5", "unexpected 'garbage' after startpos");
    expect_error("position startpos e2e4", "unexpected 'e2e4' after startpos");
}

TEST_F(Uci, GoPerftWithABadDepth) {
    send("position startpos moves e2e4");
    expect_error("go perft", "go perft needs a depth from 1 to 20");
    expect_error("go perft 0", "go perft needs a depth from 1 to 20");
    expect_error("go perft -1", "go perft needs a depth");
    expect_error("go perft x", "go perft needs a depth");
    expect_error("go perft 3x", "go perft needs a depth");
    expect_error("go perft 99", "go perft needs a depth");
    expect_error("go perft 21", "go perft needs a depth");
    expect_error("go perft 99999999999999999999", "go perft needs a depth");
    expect_error("go perft 2 3", "go perft needs a depth");
}

TEST_F(Uci, GoWithBadParameters) {
    send("position startpos moves e2e4");
    expect_error("go foo", "go: unknown parameter 'foo'");
    expect_error("go depth", "go depth needs a number");
    expect_error("go depth 0", "go depth needs a whole number");
    expect_error("go depth x", "go depth needs a whole number");
    expect_error("go searchmoves e2e4", "go searchmoves");  // white's move, but black is to move
}

// --- Free functions ---------------------------------------------------------------------------

// ---- search through UCI ------------------------------------------------------------------------

// The `info` lines of one completed depth, in order, and the bestmove line.
struct GoOutput {
    Lines infos, pvends, checks;
    std::string bestmove;
};

GoOutput parse_go(const Lines& lines) {
    GoOutput g;
    for (const std::string& l : lines) {
        if (l.rfind("info depth", 0) == 0) g.infos.push_back(l);
        else if (l.rfind("info string pvend ", 0) == 0) g.pvends.push_back(l.substr(18));
        else if (l.rfind("info string pvcheck", 0) == 0) g.checks.push_back(l);
        else if (l.rfind("bestmove", 0) == 0) g.bestmove = l;
    }
    return g;
}

TEST_F(Uci, GoDepthReportsEveryIterationThenBestmove) {
    send("position startpos");
    const GoOutput g = parse_go(send("go depth 5"));
    EXPECT_EQ(g.pvends.size(), g.infos.size());  // every info line is followed by its pvend
    // One exact line per depth, in order; aspiration failures add bound lines in between.
    Lines exact;
    for (std::size_t i = 0; i < g.infos.size(); ++i) {
        const std::string& l = g.infos[i];
        for (const char* field : {" multipv 1 ", " score cp ", " nodes ", " nps ", " hashfull ", " time ", " pv "})
            EXPECT_TRUE(contains_text(l, field)) << l << " lacks" << field;
        if (contains_text(l, "bound")) continue;
        exact.push_back(l);
        EXPECT_EQ(g.pvends[i], "leaf");
    }
    ASSERT_EQ(exact.size(), 5u);
    for (std::size_t i = 0; i < exact.size(); ++i)
        EXPECT_EQ(exact[i].rfind("info depth " + std::to_string(i + 1) + " seldepth ", 0), 0u) << exact[i];
    ASSERT_EQ(g.bestmove.rfind("bestmove ", 0), 0u);
    // The best move is the first move of the last line, and it is legal.
    const std::string first = exact.back().substr(exact.back().find(" pv ") + 4, 4);
    EXPECT_EQ(g.bestmove.substr(9, 4), first);
    EXPECT_TRUE(contains_text(g.bestmove, " ponder "));
}

TEST_F(Uci, VerifyPvChecksEveryExactLine) {
    send("setoption name VerifyPv value true");
    send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    const GoOutput g = parse_go(send("go depth 6"));
    ASSERT_FALSE(g.checks.empty());
    for (const std::string& c : g.checks) EXPECT_EQ(c, "info string pvcheck ok");
}

TEST_F(Uci, MateIsReportedAsMateN) {
    send("position fen kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1");
    const GoOutput g = parse_go(send("go mate 2"));
    ASSERT_FALSE(g.infos.empty());
    EXPECT_TRUE(contains_text(g.infos.back(), " score mate 2 ")) << g.infos.back();
    EXPECT_EQ(g.pvends.back(), "mate");
    EXPECT_EQ(g.bestmove.rfind("bestmove a1a6", 0), 0u) << g.bestmove;
}

TEST_F(Uci, NoLegalMoveGivesBestmoveNone) {
    send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    const GoOutput g = parse_go(send("go depth 3"));
    EXPECT_EQ(g.bestmove, "bestmove (none)");
    ASSERT_EQ(g.infos.size(), 1u);
    EXPECT_TRUE(contains_text(g.infos[0], "score mate 0")) << g.infos[0];
    EXPECT_EQ(g.pvends[0], "mate");
}

TEST_F(Uci, MultiPvReportsEachLine) {
    send("setoption name MultiPV value 3");
    const GoOutput g = parse_go(send("go depth 4"));
    int at_depth_4 = 0;
    for (const std::string& l : g.infos)
        if (l.rfind("info depth 4 ", 0) == 0 && !contains_text(l, "bound")) ++at_depth_4;
    EXPECT_EQ(at_depth_4, 3);
    for (const char* k : {" multipv 1 ", " multipv 2 ", " multipv 3 "}) {
        bool seen = false;
        for (const std::string& l : g.infos) seen |= contains_text(l, k);
        EXPECT_TRUE(seen) << k;
    }
}

TEST_F(Uci, EvalPrintsTheStaticEvaluationAndWhatEachPieceAdds) {
    Lines lines = send("eval");
    // the evaluation, a heading, ranks 8 to 1, the files
    ASSERT_EQ(lines.size(), 11u);
    EXPECT_EQ(lines[0].rfind("eval cp ", 0), 0u) << lines[0];
    EXPECT_EQ(lines[2].rfind("info string 8 ", 0), 0u) << lines[2];
    EXPECT_TRUE(contains_text(lines[2], "      k")) << lines[2];   // the king: no value
    EXPECT_TRUE(contains_text(lines[2], " q-")) << lines[2];       // Black's queen: worth something to Black
    EXPECT_TRUE(contains_text(lines[9], " Q+")) << lines[9];
    EXPECT_TRUE(contains_text(lines[5], "      .")) << lines[5];   // an empty square
    EXPECT_TRUE(contains_text(lines[10], "a      b      c")) << lines[10];
    // the hand-crafted evaluation: the evaluation only
    send("setoption name Use NNUE value false");
    lines = send("eval");
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0].rfind("eval cp ", 0), 0u) << lines[0];
}

TEST_F(Uci, SetOptionErrorsNameTheProblemAndChangeNothing) {
    for (const auto& [cmd, msg] : std::vector<std::pair<std::string, std::string>>{
             {"setoption name Hash value lots", "Hash must be"},
             {"setoption name MultiPV value 0", "MultiPV must be"},
             {"setoption name PvMethod value magic", "PvMethod must be one of"},
             {"setoption name Nonexistent value 3", "unknown option 'Nonexistent'"},
             {"setoption", "setoption needs"}}) {
        const Lines lines = send(cmd);
        ASSERT_EQ(lines.size(), 1u) << cmd;
        EXPECT_TRUE(contains_text(lines[0], "info string error: ")) << lines[0];
        EXPECT_TRUE(contains_text(lines[0], msg)) << lines[0];
    }
    EXPECT_TRUE(send("setoption name Clear Hash").empty());
    EXPECT_TRUE(send("setoption name PvMethod value triangular").empty());
    EXPECT_FALSE(parse_go(send("go depth 2")).bestmove.empty());
}

TEST_F(Uci, UciListsTheOptions) {
    const Lines lines = send("uci");
    for (const char* name : {"option name Hash type spin", "option name MultiPV type spin",
                             "option name PvMethod type combo default pvhash var stack var triangular var tt var pvhash",
                             "option name AltVariations type check", "option name VerifyPv type check",
                             "option name Ponder type check", "option name Clear Hash type button"}) {
        bool seen = false;
        for (const std::string& l : lines) seen |= contains_text(l, name);
        EXPECT_TRUE(seen) << name;
    }
}

TEST_F(Uci, BenchPrintsTheSignature) {
    const Lines lines = send("bench 3");
    bool nodes = false, fail_high = false, ebf = false;
    for (const std::string& l : lines) {
        nodes |= l.rfind("Nodes searched  : ", 0) == 0;
        fail_high |= l.rfind("First-move fail-high: ", 0) == 0;
        ebf |= l.rfind("Effective branching factor: ", 0) == 0;
    }
    EXPECT_TRUE(nodes && fail_high && ebf);
    // `minimal` is a lab command: a front end without the lab says how to call the core's bench.
    const Lines core = send("bench 3 minimal");
    ASSERT_EQ(core.size(), 1u);
    EXPECT_TRUE(contains_text(core[0], "bench [depth 1-30] [hash <MB 1-1024>]")) << core[0];
    add_lab_commands(engine_);
    bool minimal = false;
    for (const std::string& l : send("bench 3 minimal")) minimal |= contains_text(l, "Knuth-Moore minimal tree");
    EXPECT_TRUE(minimal);
    bool pvstats = false;
    for (const std::string& l : send("pvstats 1")) pvstats |= l.rfind("pvhash      on ", 0) == 0;
    EXPECT_TRUE(pvstats);
}

#ifndef __EMSCRIPTEN__
// Threaded: `stop` answers at once with a legal move; every `go` gets exactly one `bestmove`,
// also when `go`, `stop`, `position`, `setoption` and `ucinewgame` arrive in quick succession.
// With `threads` above 1 the search uses Lazy SMP helpers, their number changing between
// `threads` and `threads` + 1.
void rapid_go_stop_cycles(int threads) {
    std::mutex m;
    Lines out;
    UciEngine engine(
        [&](std::string_view line) {
            std::lock_guard<std::mutex> lock(m);
            out.emplace_back(line);
        },
        true);
    const std::string more = "setoption name Threads value " + std::to_string(threads + 1);
    const std::string fewer = "setoption name Threads value " + std::to_string(threads);
    if (threads > 1) engine.handle(fewer);
    int gos = 0;
    for (int i = 0; i < 200; ++i) {
        engine.handle(i % 3 == 0 ? "go infinite" : i % 3 == 1 ? "go depth 30" : "go nodes 20000");
        ++gos;
        if (i % 7 == 0) engine.handle("position startpos moves e2e4");
        if (i % 11 == 0) engine.handle("setoption name Hash value 2");
        if (threads > 1 && i % 17 == 0) engine.handle(i % 2 ? more : fewer);
        if (i % 13 == 0) engine.handle("ucinewgame");
        engine.handle("stop");
    }
    engine.handle("go depth 6");
    ++gos;
    engine.wait();
    int bestmoves = 0;
    for (const std::string& l : out) bestmoves += l.rfind("bestmove ", 0) == 0;
    EXPECT_EQ(bestmoves, gos);
    for (const std::string& l : out) {
        EXPECT_FALSE(contains_text(l, "bestmove (none)")) << l;
        EXPECT_FALSE(contains_text(l, "error")) << l;
    }
}

TEST(UciThreaded, StopAndRapidGoStopCycles) { rapid_go_stop_cycles(1); }
TEST(UciThreaded, StopAndRapidGoStopCyclesWithHelperThreads) { rapid_go_stop_cycles(2); }
#endif

TEST(UciHelpers, SplitWords) {
    EXPECT_EQ(split_words(""), std::vector<std::string_view>{});
    EXPECT_EQ(split_words(" \t\r\n"), std::vector<std::string_view>{});
    EXPECT_EQ(split_words("  go\tperft  3 \r\n"), (std::vector<std::string_view>{"go", "perft", "3"}));
}

}  // namespace
}  // namespace mainline
