// Embind layer of the browser/worker build (web/dist/mainline_web.js + .wasm).
//
// Two classes reach JavaScript:
//   Engine   the structured API: positions, searches reporting every iteration as a plain JS
//            object, options, perft, eval, legal moves and notation helpers.
//   UciText  the UCI text protocol (UciEngine, unthreaded) for stockfish.js-style embedders.
// plus a few stateless notation helpers.
//
// The core is compiled without exceptions, so nothing here throws: a failing call returns
// `{ error: "<the engine's message>" }` and the JS worker turns that into a JS Error. Success
// values are never objects with an `error` key. Arguments are plain strings and numbers (the
// search limits travel in UCI `go` syntax and are parsed by the engine's own parser), so embind
// never has to convert a JS value inside C++ frames.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "bench.h"
#include "engine.h"
#include "eval_trace.h"
#include "evaluate.h"
#include "motifs.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "position_command.h"
#include "pv_check.h"
#include "rules.h"
#include "uci.h"

using emscripten::val;

namespace mainline::web {

namespace {

constexpr int MAX_PERFT_DEPTH = 12;

val error_value(const std::string& message) {
    val o = val::object();
    o.set("error", message);
    return o;
}

val score_value(int score) {
    val s = val::object();
    if (score >= SCORE_MATE_IN_MAX_PLY) s.set("mate", (SCORE_MATE - score + 1) / 2);
    else if (score <= -SCORE_MATE_IN_MAX_PLY) s.set("mate", -((SCORE_MATE + score) / 2));
    else s.set("cp", score);
    return s;
}

const char* bound_name(Bound b) {
    // A reported iteration is never BOUND_NONE (that marks an empty hash entry).
    return b == BOUND_LOWER ? "lower" : b == BOUND_UPPER ? "upper" : "exact";
}

std::string sv(std::string_view s) { return std::string(s); }

// The UCI and SAN arrays of a line, stopping before the first move that is not legal (a PV is
// legal by construction; this only guards the SAN writer's precondition).
void line_arrays(const Position& root, const Move* moves, int count, val& uci, val& san) {
    Position pos = root;
    pos.reserve_history(count + 1);
    uci = val::array();
    san = val::array();
    for (int i = 0; i < count; ++i) {
        const Move m = moves[i];
        if (!is_legal(pos, m)) break;
        uci.call<void>("push", move_to_uci(pos, m));
        san.call<void>("push", move_to_san(pos, m));
        pos.do_move(m);
    }
}

// A line as the fields `pv` (UCI), `pvSan` and `pvEnd` of a result object.
void set_line(val& o, const Position& root, const PvLine& line) {
    val uci = val::undefined(), san = val::undefined();
    line_arrays(root, line.moves, line.length, uci, san);
    o.set("pv", uci);
    o.set("pvSan", san);
    o.set("pvEnd", sv(to_string(line.end)));
}

// With `verify` (the VerifyPv option), every exact line carries the PV checker's verdict, as the
// UCI front end prints `info string pvcheck` after it.
// `verify`: the PV checker's verdict is added, replaying the line with `network`.
val info_value(const Position& root, const IterationInfo& info, bool verify, const nnue::Network* network) {
    val o = val::object();
    o.set("depth", info.depth);
    o.set("seldepth", info.seldepth);
    o.set("multipv", info.multipv);
    o.set("score", score_value(info.score));
    o.set("bound", std::string(bound_name(info.bound)));
    o.set("nodes", double(info.nodes));
    o.set("nps", double(info.nps));
    o.set("timeMs", info.time_ms);
    o.set("hashfull", info.hashfull);
    set_line(o, root, info.pv);
    if (verify && info.bound == BOUND_EXACT) {
        const PvCheck check = check_pv(root, info.pv, info.score, info.depth, network);
        val verdict = val::object();
        verdict.set("ok", check.ok());
        if (!check.ok()) verdict.set("problem", check.problem);
        o.set("pvCheck", verdict);
    }
    return o;
}

// One declared option as { name, type, default, min, max } (spin), { name, type, default }
// (check, string), { name, type, default, vars } (combo) or { name, type } (button).
val option_value(const std::string& name, const Option& option) {
    val o = val::object();
    o.set("name", name);
    o.set("type", sv(to_string(option.type())));
    switch (option.type()) {
    case OptionType::SPIN:
        o.set("default", option.default_number());
        o.set("min", option.min());
        o.set("max", option.max());
        break;
    case OptionType::CHECK: o.set("default", option.default_number() != 0); break;
    case OptionType::COMBO: {
        o.set("default", option.default_text());
        val vars = val::array();
        for (const std::string& var : option.vars()) vars.call<void>("push", var);
        o.set("vars", vars);
        break;
    }
    case OptionType::STRING: o.set("default", option.default_text()); break;
    case OptionType::BUTTON: break;
    }
    return o;
}


}  // namespace

// ---------------------------------------------------------------------------------------------
class WebEngine {
public:
    WebEngine() = default;
    // The platform's ends of the Hash and Threads ranges (web/src/worker-core.js sets them).
    WebEngine(int max_hash_mb, int max_threads) : engine_(EngineLimits{max_hash_mb, max_threads}) {}

    // Sets the position: FEN (or "startpos") plus moves (UCI or SAN, space-separated).
    // Returns the resulting FEN.
    val setPosition(const std::string& fen, const std::string& moves) {
        Result<Position> pos = build_position(fen, split_words(moves));
        if (!pos) return error_value(pos.error());
        engine_.set_position(std::move(pos).value());
        return val(engine_.position().fen());
    }

    val setOption(const std::string& name, const std::string& value) {
        const std::string problem = engine_.set_option(name, value);
        if (!problem.empty()) return error_value(problem);
        return val(true);
    }

    val optionDescriptions() const {
        val a = val::array();
        for (const std::string& line : engine_.option_descriptions()) a.call<void>("push", line);
        return a;
    }

    // Every declared option, in the order of the `uci` listing (see option_value).
    val options() const {
        val a = val::array();
        for (const auto& [name, option] : engine_.options()) a.call<void>("push", option_value(name, option));
        return a;
    }

    void newGame() {
        const Position keep = engine_.position();
        engine_.new_game();
        engine_.set_position(keep);
    }

    // Searches the current position. `go_args`: the arguments of a UCI `go` command ("depth 12",
    // "wtime 60000 btime 60000", "infinite searchmoves e2e4 d2d4", ...). A non-empty `multipv`
    // overrides the MultiPV option for this search only; it is checked as the option checks its
    // values, and it is text so that a JS value such as 2.5 reaches that check unconverted.
    // `on_iteration(info)` gets every completed iteration (every line with MultiPV);
    // `keep_going(nodes)` is called every CALLBACK_INTERVAL nodes and a falsy answer stops the
    // search.
    val search(const std::string& go_args, const std::string& multipv, val on_iteration, val keep_going) {
        const std::vector<std::string_view> args = split_words(go_args);
        if (!args.empty() && args[0] == "perft") return error_value("use perft() for perft");
        Result<SearchLimits> limits = parse_go_command(engine_.position(), args);
        if (!limits) return error_value(limits.error());
        const SearchOptions saved = engine_.search_options();
        if (!multipv.empty()) {
            const std::string problem = engine_.options().validate("MultiPV", multipv);
            if (!problem.empty()) return error_value(problem);
            SearchOptions o = saved;
            std::from_chars(multipv.data(), multipv.data() + multipv.size(), o.multipv);
            engine_.set_search_options(o);
        }
        const Position root = engine_.position();
        const bool verify = engine_.verify_pv();
        const nnue::Network* network = engine_.network_for(limits.value());
        SearchCallbacks callbacks;
        callbacks.on_iteration = [&](const IterationInfo& info) { on_iteration(info_value(root, info, verify, network)); };
        if (!keep_going.isUndefined() && !keep_going.isNull())
            callbacks.keep_going = [&](std::uint64_t nodes) { return keep_going(double(nodes)).as<bool>(); };
        engine_.clear_stop();
        const SearchResult r = engine_.search(limits.value(), callbacks);
        engine_.set_search_options(saved);

        val out = val::object();
        out.set("bestMove", r.best.is_ok() ? val(move_to_uci(root, r.best, engine_.chess960())) : val::null());
        out.set("bestMoveSan", r.best.is_ok() && is_legal(root, r.best) ? val(move_to_san(root, r.best)) : val::null());
        out.set("ponder", r.ponder.is_ok() ? val(move_to_uci(root, r.ponder, engine_.chess960())) : val::null());
        out.set("score", score_value(r.score));
        out.set("depth", r.depth);
        set_line(out, root, r.pv);
        out.set("nodes", double(engine_.stats().nodes));
        return out;
    }

    val perft(int depth) {
        if (depth < 1 || depth > MAX_PERFT_DEPTH)
            return error_value("perft depth must be from 1 to " + std::to_string(MAX_PERFT_DEPTH));
        Position pos = engine_.position();
        pos.reserve_history(depth + 1);
        return val(double(mainline::perft(pos, depth)));
    }

    val perftDivide(int depth) {
        if (depth < 1 || depth > MAX_PERFT_DEPTH)
            return error_value("perft depth must be from 1 to " + std::to_string(MAX_PERFT_DEPTH));
        Position pos = engine_.position();
        pos.reserve_history(depth + 1);
        val a = val::array();
        for (const PerftEntry& e : perft_divide(pos, depth)) {
            val o = val::object();
            o.set("move", move_to_uci(pos, e.move, engine_.chess960()));
            o.set("nodes", double(e.nodes));
            a.call<void>("push", o);
        }
        return a;
    }

    // The static evaluation in centipawns from the side to move's point of view.
    int evaluate() const { return mainline::evaluate(engine_.position(), engine_.network()); }

    // What each piece adds to the network's evaluation (eval_trace.h): { eval, pieces: [{ square,
    // piece, value }] }, centipawns from White's side. The hand-crafted evaluation has no trace.
    val evalTrace() const {
        const nnue::Network* net = engine_.network();
        if (!net) return error_value("the evaluation trace needs the network ('Use NNUE' is off)");
        const PieceTrace t = trace_evaluation(*net, engine_.position());
        val pieces = val::array();
        for (int i = 0; i < t.count; ++i) {
            const PieceValue& p = t.pieces[std::size_t(i)];
            val o = val::object();
            o.set("square", square_name(p.square));
            o.set("piece", std::string(1, piece_to_char(p.piece)));
            o.set("value", p.value);
            pieces.call<void>("push", o);
        }
        val o = val::object();
        o.set("eval", t.eval);
        o.set("pieces", pieces);
        return o;
    }

    val legalMoves() const {
        const Position& pos = engine_.position();
        val a = val::array();
        for (Move m : legal_moves(pos)) {
            val o = val::object();
            o.set("uci", move_to_uci(pos, m, engine_.chess960()));
            o.set("san", move_to_san(pos, m));
            a.call<void>("push", o);
        }
        return a;
    }

    std::string fen() const { return engine_.position().fen(); }

    val state() const {
        const Position& pos = engine_.position();
        val o = val::object();
        o.set("fen", pos.fen());
        o.set("sideToMove", std::string(pos.side_to_move() == WHITE ? "w" : "b"));
        o.set("inCheck", pos.in_check());
        o.set("status", std::string(game_status(pos)));
        return o;
    }

    // The bench (bench.h): fixed positions and depth, fresh 16 MB hash; `nodes` is the signature
    // (with one thread). depth 0: the default depth of `mainline bench`. More threads: for speed
    // figures (the threaded build; the worker has made their Workers ready).
    val bench(int depth, int threads) {
        if (depth == 0) depth = BENCH_DEFAULT_DEPTH;
        if (depth < 1 || depth > 30) return error_value("bench depth must be from 1 to 30 (0: the default)");
        const int max_threads = engine_.options()["Threads"].max();
        if (threads < 1 || threads > max_threads)
            return error_value("bench threads must be from 1 to " + std::to_string(max_threads));
        SearchOptions options = engine_.search_options();
        options.multipv = 1;
        const BenchReport r = run_bench(depth, options, {}, BENCH_HASH_MB, threads);
        val o = val::object();
        o.set("nodes", double(r.nodes));
        o.set("timeMs", double(r.time_ms));
        o.set("nps", double(r.time_ms ? r.nodes * 1000 / r.time_ms : r.nodes * 1000));
        return o;
    }

    // For tests of the embedder's crash handling: "trap" executes `unreachable`, "oom" allocates
    // until memory runs out and aborts, "abort" calls abort().
    val debugCrash(const std::string& kind) {
        if (kind == "trap") __builtin_trap();
        if (kind == "abort") std::abort();
        if (kind == "oom") {
            for (;;) {
                void* p = std::malloc(64 << 20);
                if (!p) std::abort();
                static_cast<volatile char*>(p)[0] = 1;
            }
        }
        return error_value("debugCrash: unknown kind '" + kind + "' (trap, abort, oom)");
    }

private:
    Engine engine_;
};

// ---------------------------------------------------------------------------------------------
// UCI text mode: every command goes to UciEngine (unthreaded); a JS embedder stops a search
// through the keep_going callback, called every few thousand nodes.
class UciText {
public:
    UciText(val writer, int max_hash_mb, int max_threads)
        : writer_(std::move(writer)),
          uci_([this](std::string_view line) { writer_(std::string(line)); }, false,
               EngineLimits{max_hash_mb, max_threads}) {}

    // Handles one command line; false after `quit`. `keep_going(nodes)`: see WebEngine::search.
    bool handle(const std::string& line, val keep_going) {
        if (!keep_going.isUndefined() && !keep_going.isNull())
            uci_.set_keep_going([&keep_going](std::uint64_t nodes) { return keep_going(double(nodes)).as<bool>(); });
        const bool more = uci_.handle(line);
        uci_.set_keep_going(nullptr);
        return more;
    }

    // `ponderhit` during a search (called from inside keep_going).
    void ponderhit() { uci_.handle("ponderhit"); }

private:
    val writer_;
    UciEngine uci_;
};

// ---------------------------------------------------------------------------------------------
// Stateless helpers.

// The FEN normalised by the engine's parser, or the error.
val validateFen(const std::string& fen) {
    Result<Position> pos = Position::from_fen(fen);
    if (!pos) return error_value("bad FEN: " + pos.error());
    return val(pos.value().fen());
}

// FEN (or "startpos") + moves (UCI or SAN) -> { fen, uci: [...], san: [...] }.
val convertLine(const std::string& fen, const std::string& moves) {
    val uci = val::array(), san = val::array();
    Result<Position> pos =
        build_position(fen, split_words(moves), MoveNotation::UCI_OR_SAN, [&](const Position& before, Move m) {
            uci.call<void>("push", move_to_uci(before, m));
            san.call<void>("push", move_to_san(before, m));
        });
    if (!pos) return error_value(pos.error());
    val o = val::object();
    o.set("fen", pos.value().fen());
    o.set("uci", uci);
    o.set("san", san);
    return o;
}

// The facts of a line (engine/motifs.h) for explanations in words (web/src/explain.js): FEN (or
// "startpos") + the game's moves to the position, then the line (UCI or SAN) from there.
val explainLine(const std::string& fen, const std::string& moves, const std::string& line) {
    Result<Position> start = build_position(fen, split_words(moves));
    if (!start) return error_value(start.error());
    std::vector<Move> parsed;
    val san = val::array(), uci = val::array();
    {
        Position walk = start.value();
        for (std::string_view word : split_words(line)) {
            Result<Move> m = parse_any_move(walk, word);
            if (!m) return error_value("line move " + std::to_string(parsed.size() + 1) + " (" + std::string(word) + "): " + m.error());
            san.call<void>("push", move_to_san(walk, m.value()));
            uci.call<void>("push", move_to_uci(walk, m.value()));
            parsed.push_back(m.value());
            walk.do_move(m.value());
        }
    }
    const motifs::LineFacts f = motifs::analyse_line(start.value(), parsed);
    val balance = val::array();
    for (int b : f.balance) balance.call<void>("push", b);
    val list = val::array();
    for (const motifs::Motif& m : f.motifs) {
        val o = val::object();
        o.set("kind", std::string(motifs::to_string(m.kind)));
        o.set("ply", m.ply);
        o.set("by", std::string(m.by == WHITE ? "w" : "b"));
        o.set("square", square_name(m.square));
        o.set("piece", std::string(1, piece_to_char(m.piece)));
        val targets = val::array();
        for (int i = 0; i < m.target_count; ++i) {
            val t = val::object();
            t.set("square", square_name(m.targets[i]));
            t.set("piece", std::string(1, piece_to_char(m.target_pieces[i])));
            targets.call<void>("push", t);
        }
        o.set("targets", targets);
        o.set("absolute", m.absolute);
        list.call<void>("push", o);
    }
    val o = val::object();
    o.set("fen", start.value().fen());
    o.set("first", std::string(f.first == WHITE ? "w" : "b"));
    o.set("san", san);
    o.set("uci", uci);
    o.set("plies", f.plies);
    o.set("balance", balance);
    o.set("end", std::string(motifs::to_string(f.end)));
    o.set("matePattern", std::string(motifs::to_string(f.mate_pattern)));
    o.set("mateMoves", f.mate_moves);
    o.set("perpetual", f.perpetual);
    o.set("perpetualBy", std::string(f.perpetual_by == WHITE ? "w" : "b"));
    o.set("motifs", list);
    if (!f.error.empty()) return error_value(f.error);
    return o;
}

}  // namespace mainline::web

EMSCRIPTEN_BINDINGS(mainline) {
    using namespace mainline::web;
    emscripten::class_<WebEngine>("Engine")
        .constructor<>()
        .constructor<int, int>()
        .function("setPosition", &WebEngine::setPosition)
        .function("setOption", &WebEngine::setOption)
        .function("optionDescriptions", &WebEngine::optionDescriptions)
        .function("options", &WebEngine::options)
        .function("newGame", &WebEngine::newGame)
        .function("search", &WebEngine::search)
        .function("perft", &WebEngine::perft)
        .function("perftDivide", &WebEngine::perftDivide)
        .function("evaluate", &WebEngine::evaluate)
        .function("evalTrace", &WebEngine::evalTrace)
        .function("legalMoves", &WebEngine::legalMoves)
        .function("fen", &WebEngine::fen)
        .function("state", &WebEngine::state)
        .function("bench", &WebEngine::bench)
        .function("debugCrash", &WebEngine::debugCrash);
    emscripten::class_<UciText>("UciText")
        .constructor<val, int, int>()
        .function("handle", &UciText::handle)
        .function("ponderhit", &UciText::ponderhit);
    emscripten::function("validateFen", &validateFen);
    emscripten::function("convertLine", &convertLine);
    emscripten::function("explainLine", &explainLine);
}
