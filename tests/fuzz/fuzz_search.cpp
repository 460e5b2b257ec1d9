// Fuzz target: perft and the search on fuzzed legal positions, with tiny limits.
// Input: a FEN on the first line (the start position if it is rejected), then bytes:
//   [0] perft depth, [1] search depth, [2] MultiPV, [3] PV method and alternate variations,
//   [4] node limit, [5] searchmoves subset, then one byte per move of a game played from the FEN
//   (the byte picks one of the legal moves), so the search also sees game history: repetitions,
//   the fifty-move counter, positions many plies from the FEN.
// Checked: a tree walk that makes every move matches perft's bulk counting, and every position in
// it is consistent; every reported line is legal (and, except for the hash-table method that
// cannot promise it, full and consistent with its score where exact); the best move is legal, or
// there is none exactly when there is no legal move.
#include <string>
#include <vector>

#include "engine.h"
#include "evaluate.h"
#include "fuzz_check.h"
#include "perft.h"
#include "pv_check.h"

using namespace mainline;

namespace {

// Perft by making every move, leaves included, checking each position on the way.
std::uint64_t walk(Position& pos, int depth) {
    if (depth == 0) return 1;
    std::uint64_t leaves = 0;
    const Key key = pos.key();
    for (Move m : legal_moves(pos)) {
        pos.do_move(m);
        FUZZ_CHECK(pos.key() == pos.compute_key(), "incremental key wrong after %s", move_to_uci(m).c_str());
        const std::string error = pos.consistency_error();
        FUZZ_CHECK(error.empty(), "%s after %s", error.c_str(), move_to_uci(m).c_str());
        leaves += walk(pos, depth - 1);
        pos.undo_move(m);
        FUZZ_CHECK(pos.key() == key, "undoing %s changes the key", move_to_uci(m).c_str());
    }
    return leaves;
}

Engine& shared_engine() {
    // One engine for every input (a fresh 16 MB table per input would dominate the run time);
    // new_game() below clears everything a search leaves behind, so each input runs the same way.
    static Engine* engine = [] {
        auto* e = new Engine();
        FUZZ_CHECK(e->set_option("Hash", "1").empty(), "Hash 1 refused");
        return e;
    }();
    return *engine;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text = fuzz::as_text(data, size);
    Result<Position> parsed = Position::from_fen(fuzz::next_line(text));
    Position pos = parsed ? std::move(parsed).value() : Position();
    auto byte = [&](std::size_t i) { return i < text.size() ? std::uint8_t(text[i]) : std::uint8_t(0); };
    const int perft_depth = 1 + byte(0) % 3;
    const int depth = 1 + byte(1) % 8;
    const int multipv = byte(2) >= 0xF0 ? 64 : 1 + byte(2) % 4;
    const PvMethod method = PvMethod(byte(3) % 4);
    const bool alt = byte(3) & 4;
    const std::uint64_t nodes = 100 + std::uint64_t(byte(4)) * 8;
    const std::uint8_t subset = byte(5);

    // The game: one byte per move.
    pos.reserve_history(int(text.size()));
    for (std::size_t i = 6; i < text.size() && i < 6 + 400; ++i) {
        const MoveList moves = legal_moves(pos);
        if (moves.size == 0) break;
        pos.do_move(moves.moves[std::uint8_t(text[i]) % moves.size]);
    }

    // Perft: bulk counting against a walk that makes every move. Depth 3 only where it stays small.
    {
        Position p = pos;
        const std::string fen = p.fen();
        int d = perft_depth;
        if (d == 3 && perft(p, 2) > 1000) d = 2;
        const std::uint64_t counted = perft(p, d);
        const std::uint64_t walked = walk(p, d);
        FUZZ_CHECK(counted == walked, "perft %d of %s: %llu counted, %llu made", d, fen.c_str(),
                   static_cast<unsigned long long>(counted), static_cast<unsigned long long>(walked));
        FUZZ_CHECK(p.fen() == fen, "perft changed the position");
    }

    // The search, with tiny limits.
    Engine& engine = shared_engine();
    engine.new_game();
    engine.set_position(pos);
    SearchOptions options;
    options.multipv = multipv;
    options.pv_method = method;
    options.alt_variations = alt;
    engine.set_search_options(options);
    SearchLimits limits;
    limits.depth = depth;
    limits.nodes = nodes;
    const MoveList legal = legal_moves(pos);
    if (subset)
        for (int i = 0; i < legal.size; ++i)
            if ((i * 7 + subset) % 3 == 0) limits.searchmoves.push_back(legal.moves[i]);
    int reports = 0;
    SearchCallbacks callbacks;
    callbacks.on_iteration = [&](const IterationInfo& info) {
        ++reports;
        FUZZ_CHECK(info.multipv >= 1 && info.multipv <= multipv, "multipv %d", info.multipv);
        FUZZ_CHECK(info.pv.length >= 0 && info.pv.length <= MAX_PLY, "PV length %d", info.pv.length);
        const PvCheck c = check_pv(pos, info.pv, info.score, info.depth, engine.network_for(limits));
        FUZZ_CHECK(c.legal, "illegal PV (method %d, depth %d) from %s: %s", int(method), info.depth,
                   pos.fen().c_str(), c.problem.c_str());
        if (info.bound == BOUND_EXACT && method != PvMethod::TT)
            FUZZ_CHECK(c.ok(), "PV (method %d, depth %d, multipv %d) from %s: %s", int(method), info.depth,
                       info.multipv, pos.fen().c_str(), c.problem.c_str());
    };
    const SearchResult r = engine.search(limits, callbacks);
    if (legal.size == 0) {
        // Mate or stalemate on the board: one report (a line of length zero), no move.
        FUZZ_CHECK(reports == 1, "%d reports without legal moves", reports);
        FUZZ_CHECK(!r.best.is_ok(), "a best move without legal moves in %s", pos.fen().c_str());
    } else {
        FUZZ_CHECK(is_legal(pos, r.best), "illegal best move %s in %s", move_to_uci(r.best).c_str(), pos.fen().c_str());
        if (r.ponder.is_ok()) {
            Position after = pos;
            after.do_move(r.best);
            FUZZ_CHECK(is_legal(after, r.ponder), "illegal ponder move %s", move_to_uci(r.ponder).c_str());
        }
    }
    FUZZ_CHECK(engine.position().fen() == pos.fen(), "the search changed the engine's position");
    return 0;
}
