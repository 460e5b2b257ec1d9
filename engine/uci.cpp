#include "uci.h"

#include <array>
#include <charconv>
#include <cmath>
#include <string>

#include "bench.h"
#include "eval_trace.h"
#include "evaluate.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "position_command.h"
#include "pv_check.h"
#include "version.h"

namespace mainline {

namespace {

constexpr int MAX_PERFT_DEPTH = 20;

std::string hex16(std::uint64_t v) {
    std::string s(16, '0');
    for (int i = 15; i >= 0; --i, v >>= 4) s[std::size_t(i)] = "0123456789ABCDEF"[v & 15];
    return s;
}

bool parse_int(std::string_view s, int& out) {
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size();
}

std::string join(const std::vector<std::string_view>& words, std::size_t from, std::size_t to) {
    std::string s;
    for (std::size_t i = from; i < to && i < words.size(); ++i) {
        if (!s.empty()) s += ' ';
        s += words[i];
    }
    return s;
}

}  // namespace

std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (i < line.size()) {
        while (i < line.size() && space(line[i])) ++i;
        const std::size_t start = i;
        while (i < line.size() && !space(line[i])) ++i;
        if (i > start) words.push_back(line.substr(start, i - start));
    }
    return words;
}

Result<SearchLimits> parse_go_command(const Position& pos, const std::vector<std::string_view>& args) {
    using R = Result<SearchLimits>;
    SearchLimits limits;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view key = args[i];
        if (key == "infinite") {
            limits.infinite = true;
            continue;
        }
        if (key == "ponder") {
            limits.ponder = true;
            continue;
        }
        if (key == "searchmoves") {
            while (i + 1 < args.size()) {
                Result<Move> m = parse_uci_move(pos, args[i + 1]);
                if (!m) {
                    if (limits.searchmoves.empty()) return R::failure("go searchmoves: " + m.error());
                    break;  // the next go parameter
                }
                limits.searchmoves.push_back(m.value());
                ++i;
            }
            if (limits.searchmoves.empty()) return R::failure("go searchmoves needs at least one legal move");
            continue;
        }
        long long value = 0;
        long long min = 0, max = 1LL << 40;
        const bool known = key == "depth" || key == "nodes" || key == "movetime" || key == "wtime" || key == "btime" ||
                           key == "winc" || key == "binc" || key == "movestogo" || key == "mate";
        if (!known) return R::failure("go: unknown parameter '" + std::string(key) + "'");
        if (key == "depth" || key == "mate") min = 1, max = MAX_PLY;
        if (key == "movestogo") min = 1, max = 10000;
        if (key == "movetime" || key == "nodes") min = 1;
        if (key == "wtime" || key == "btime") min = -(1LL << 40);  // GUIs send negative times when flagging
        if (i + 1 >= args.size()) return R::failure("go " + std::string(key) + " needs a number");
        const std::string_view v = args[++i];
        auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
        if (ec != std::errc() || ptr != v.data() + v.size() || value < min || value > max)
            return R::failure("go " + std::string(key) + " needs a whole number from " + std::to_string(min) + " to " +
                              std::to_string(max) + ", not '" + std::string(v) + "'");
        const int clamped = int(std::min<long long>(value, 1LL << 30));
        if (key == "depth") limits.depth = clamped;
        else if (key == "nodes") limits.nodes = std::uint64_t(value);
        else if (key == "movetime") limits.movetime_ms = clamped;
        else if (key == "wtime") limits.time_ms[WHITE] = std::max(0, clamped);
        else if (key == "btime") limits.time_ms[BLACK] = std::max(0, clamped);
        else if (key == "winc") limits.inc_ms[WHITE] = clamped;
        else if (key == "binc") limits.inc_ms[BLACK] = clamped;
        else if (key == "movestogo") limits.movestogo = clamped;
        else if (key == "mate") limits.mate = clamped;
    }
    return R::success(std::move(limits));
}

std::string format_score(int score) {
    if (score >= SCORE_MATE_IN_MAX_PLY) return "mate " + std::to_string((SCORE_MATE - score + 1) / 2);
    if (score <= -SCORE_MATE_IN_MAX_PLY) {
        const int moves = (SCORE_MATE + score) / 2;
        return moves ? "mate -" + std::to_string(moves) : std::string("mate 0");  // mated on the board
    }
    return "cp " + std::to_string(score);
}

std::string format_info(const IterationInfo& info, const Position& root, bool chess960) {
    std::string s = "info depth " + std::to_string(info.depth);
    s += " seldepth " + std::to_string(info.seldepth);
    s += " multipv " + std::to_string(info.multipv);
    s += " score " + format_score(info.score);
    if (info.bound == BOUND_LOWER) s += " lowerbound";
    if (info.bound == BOUND_UPPER) s += " upperbound";
    s += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(info.nps) + " hashfull " +
         std::to_string(info.hashfull) + " time " + std::to_string(info.time_ms);
    if (info.pv.length) {
        s += " pv";
        for (int i = 0; i < info.pv.length; ++i) {
            s += ' ';
            s += move_to_uci(root, info.pv.moves[i], chess960);
        }
    }
    return s;
}

UciEngine::UciEngine(Writer writer, bool threaded, EngineLimits limits)
    : writer_(std::move(writer)), threaded_(threaded), engine_(limits) {}

UciEngine::~UciEngine() { stop_search(); }

void UciEngine::say(std::string_view line) {
    std::lock_guard<std::mutex> lock(output_mutex_);
    writer_(line);
}

void UciEngine::error(std::string_view message) { say("info string error: " + std::string(message)); }

void UciEngine::stop_search() {
    if (search_thread_.joinable()) {
        engine_.stop();
        search_thread_.join();
    }
}

void UciEngine::wait() {
    if (search_thread_.joinable()) search_thread_.join();
}

bool UciEngine::handle(std::string_view line) {
    const std::vector<std::string_view> words = split_words(line);
    if (words.empty()) return true;
    const std::string_view cmd = words[0];
    const std::vector<std::string_view> args(words.begin() + 1, words.end());
    // Commands that only read or signal are safe during a search; the others first end it.
    if (cmd == "isready") return say("readyok"), true;
    if (cmd == "stop") return stop_search(), true;
    if (cmd == "ponderhit") return engine_.ponderhit(), true;
    if (cmd == "quit") return stop_search(), false;
    if (cmd == "uci") return cmd_uci(), true;
    const auto extra = commands_.find(cmd);
    const bool known = cmd == "ucinewgame" || cmd == "position" || cmd == "go" || cmd == "setoption" || cmd == "d" ||
                       cmd == "eval" || cmd == "bench";
    if (!known && extra == commands_.end()) return error("unknown command '" + std::string(cmd) + "'"), true;
    stop_search();
    if (extra != commands_.end() && extra->second(args)) return true;
    if (cmd == "ucinewgame") engine_.new_game();
    else if (cmd == "position") cmd_position(args);
    else if (cmd == "go") cmd_go(args);
    else if (cmd == "setoption") cmd_setoption(args);
    else if (cmd == "d") cmd_display();
    else if (cmd == "eval") cmd_eval();
    else if (cmd == "bench") cmd_bench(args);
    return true;
}

void UciEngine::cmd_uci() {
    say("id name Mainline " + std::string(engine_version()));
    say("id author the Mainline developers");
    for (const std::string& option : engine_.option_descriptions()) say(option);
    say("uciok");
}

void UciEngine::cmd_position(const std::vector<std::string_view>& args) {
    Result<Position> pos = parse_position_command(args);
    if (!pos) return error(pos.error() + "; position unchanged");
    engine_.set_position(std::move(pos).value());
}

void UciEngine::cmd_setoption(const std::vector<std::string_view>& args) {
    // setoption name <name words> [value <value words>]
    if (args.empty() || args[0] != "name") return error("setoption needs 'name <option> [value <value>]'");
    std::size_t value_at = args.size();
    for (std::size_t i = 1; i < args.size(); ++i)
        if (args[i] == "value") {
            value_at = i;
            break;
        }
    const std::string name = join(args, 1, value_at);
    const std::string value = join(args, value_at + 1, args.size());
    if (name.empty()) return error("setoption needs an option name");
    const std::string problem = engine_.set_option(name, value);
    if (!problem.empty()) return error(problem);
    // Which network a file held is not visible otherwise; GUIs show this line.
    if (same_option_name(name, "EvalFile")) say("info string EvalFile " + value + ": " + engine_.eval_file_network().description());
}

void UciEngine::cmd_go(const std::vector<std::string_view>& args) {
    if (!args.empty() && args[0] == "perft") return go_perft(args);
    Result<SearchLimits> limits = parse_go_command(engine_.position(), args);
    if (!limits) return error(limits.error());
    engine_.clear_stop();  // any earlier search has ended (handle() joined it)
    if (!threaded_) return run_search(limits.value());
    search_thread_ = std::thread([this, l = std::move(limits).value()] { run_search(l); });
}

void UciEngine::run_search(const SearchLimits& limits) {
    const Position root = engine_.position();
    const bool verify = engine_.verify_pv();
    const bool chess960 = engine_.chess960();
    const nnue::Network* network = engine_.network_for(limits);
    SearchCallbacks callbacks;
    callbacks.on_iteration = [&](const IterationInfo& info) {
        say(format_info(info, root, chess960));
        say("info string pvend " + std::string(to_string(info.pv.end)));
        if (verify && info.bound == BOUND_EXACT) {
            const PvCheck check = check_pv(root, info.pv, info.score, info.depth, network);
            say(check.ok() ? std::string("info string pvcheck ok")
                           : "info string pvcheck failed: " + check.problem);
        }
    };
    callbacks.keep_going = keep_going_;
    const SearchResult result = engine_.search(limits, callbacks);
    std::string answer = "bestmove " + (result.best.is_ok() ? move_to_uci(root, result.best, chess960) : std::string("(none)"));
    if (result.ponder.is_ok()) answer += " ponder " + move_to_uci(root, result.ponder, chess960);
    say(answer);
}

void UciEngine::cmd_eval() {
    const Position& pos = engine_.position();
    say("eval cp " + std::to_string(evaluate(pos, engine_.network())));
    const nnue::Network* net = engine_.network();
    if (!net) return;  // the hand-crafted evaluation has no per-piece trace
    // What each piece adds: a board of piece letters and centipawns (White's view), rank 8 first.
    const PieceTrace t = trace_evaluation(*net, pos);
    std::array<int, SQUARE_NB> value{};
    for (int i = 0; i < t.count; ++i) value[std::size_t(t.pieces[std::size_t(i)].square)] = t.pieces[std::size_t(i)].value;
    say("info string piece values, centipawns from White's side: the evaluation with the piece minus without it");
    for (int rank = 7; rank >= 0; --rank) {
        std::string line = "info string " + std::to_string(rank + 1) + " ";
        for (int file = 0; file < 8; ++file) {
            const Square sq = make_square(file, rank);
            std::string cell = ".";
            if (!pos.empty(sq)) {
                cell = std::string(1, piece_to_char(pos.piece_on(sq)));
                if (type_of(pos.piece_on(sq)) != KING) cell += (value[std::size_t(sq)] >= 0 ? "+" : "") + std::to_string(value[std::size_t(sq)]);
            }
            line += std::string(cell.size() < 7 ? 7 - cell.size() : 1, ' ') + cell;
        }
        say(line);
    }
    std::string files = "info string  ";
    for (char f = 'a'; f <= 'h'; ++f) files += std::string(6, ' ') + f;
    say(files);
}

void UciEngine::cmd_bench(const std::vector<std::string_view>& args) {
    // bench [depth] [hash MB] [threads N]: `hash` changes the table size from the signature's
    // 16 MB (to measure move ordering under table pressure); `threads` measures Lazy SMP's speed
    // (the signature is one thread's).
    int depth = BENCH_DEFAULT_DEPTH, hash_mb = BENCH_HASH_MB, threads = 1;
    const std::string usage =
        "bench [depth 1-30] [hash <MB 1-1024>] [threads <1-" + std::to_string(MAX_THREADS) + ">]";
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "hash") {
            if (i + 1 >= args.size() || !parse_int(args[i + 1], hash_mb) || hash_mb < 1 || hash_mb > 1024)
                return error(usage);
            ++i;
        } else if (args[i] == "threads") {
            if (i + 1 >= args.size() || !parse_int(args[i + 1], threads) || threads < 1 || threads > MAX_THREADS)
                return error(usage);
            ++i;
        } else if (!parse_int(args[i], depth) || depth < 1 || depth > 30) return error(usage);
    }
    SearchOptions options = engine_.search_options();
    options.multipv = 1;
    const BenchReport r =
        run_bench(depth, options, [this](const std::string& line) { say("info string " + line); }, hash_mb, threads);
    for (const std::string& line : bench_summary(r, options.pv_method)) say(line);
}

void UciEngine::go_perft(const std::vector<std::string_view>& args) {
    int depth = 0;
    if (args.size() != 2 || !parse_int(args[1], depth) || depth < 1 || depth > MAX_PERFT_DEPTH)
        return error("go perft needs a depth from 1 to " + std::to_string(MAX_PERFT_DEPTH));
    std::uint64_t total = 0;
    Position pos = engine_.position();
    pos.reserve_history(depth);
    for (const PerftEntry& e : perft_divide(pos, depth)) {
        say(move_to_uci(pos, e.move, engine_.chess960()) + ": " + std::to_string(e.nodes));
        total += e.nodes;
    }
    say("");
    say("Nodes searched: " + std::to_string(total));
    say("");
}

void UciEngine::cmd_display() {
    const Position& pos = engine_.position();
    const std::string rule = " +---+---+---+---+---+---+---+---+";
    say(rule);
    for (int rank = 7; rank >= 0; --rank) {
        std::string row = " |";
        for (int file = 0; file < 8; ++file) {
            const Piece p = pos.piece_on(make_square(file, rank));
            row += ' ';
            row += p == NO_PIECE ? ' ' : piece_to_char(p);
            row += " |";
        }
        row += ' ';
        row += char('1' + rank);
        say(row);
        say(rule);
    }
    say("   a   b   c   d   e   f   g   h");
    say("");
    say("Fen: " + pos.fen());
    say("Key: " + hex16(pos.key()));
    std::string checkers;
    for (Bitboard b = pos.checkers(); b;) {
        if (!checkers.empty()) checkers += ' ';
        checkers += square_name(pop_lsb(b));
    }
    say("Checkers: " + checkers);
}

}  // namespace mainline
