#include "lab.h"

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "bench.h"
#include "movegen.h"
#include "numeric.h"
#include "perft.h"
#include "pv_check.h"
#include "text.h"
#include "uci.h"

namespace mainline {

PvStats run_pv_stats(int depth, const SearchOptions& options) {
    PvStats stats;
    TranspositionTable tt;
    (void)tt.resize(BENCH_HASH_MB);
    Searcher searcher(tt);
    SearchLimits limits;
    limits.depth = depth;
    const auto start = std::chrono::steady_clock::now();
    std::vector<Position> positions;
    for (std::string_view fen : bench_positions()) {
        Result<Position> pos = Position::from_fen(fen);
        if (!pos) continue;
        positions.push_back(pos.value());
        const MoveList moves = legal_moves(pos.value());
        for (int i = 0; i < moves.size && i < 5; ++i) {
            Position child = pos.value();
            child.do_move(moves.moves[i]);
            if (legal_moves(child).size) positions.push_back(child);
        }
    }
    for (const Position& root : positions) {
        tt.clear();
        searcher.clear();
        SearchCallbacks callbacks;
        callbacks.on_iteration = [&](const IterationInfo& info) {
            if (info.bound != BOUND_EXACT) return;
            const PvCheck c = check_pv(root, info.pv, info.score, info.depth, options.network);
            ++stats.lines;
            stats.legal += c.legal;
            stats.full += c.full;
            stats.consistent += c.consistent;
        };
        searcher.search(root, limits, options, callbacks);
        const SearchStats& s = searcher.stats();
        stats.nodes += s.nodes;
        stats.pv.splice_attempts += s.pv.splice_attempts;
        stats.pv.splice_successes += s.pv.splice_successes;
        stats.pv.pv_tt_cutoffs += s.pv.pv_tt_cutoffs;
        ++stats.positions;
    }
    stats.time_ms = std::uint64_t(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());
    return stats;
}

double minimal_tree_leaves(int depth) {
    double leaves = 0;
    for (std::string_view fen : bench_positions()) {
        Result<Position> pos = Position::from_fen(fen);
        if (!pos) continue;
        // The tree's own average branching factor, from a perft to a few plies: the root's move
        // count alone misjudges trees whose branching changes with depth.
        const int d = std::min(depth, 4);
        Position p = pos.value();
        p.reserve_history(d);
        const std::uint64_t n = perft(p, d);
        const double b = n ? numeric::exp(numeric::log(double(n)) / d) : 0.0;
        double even = 1;  // b^floor(depth/2)
        for (int i = 0; i < depth / 2; ++i) even *= b;
        const double odd = depth % 2 ? even * b : even;  // b^ceil(depth/2)
        leaves += odd + even - 1;
    }
    return leaves;
}

namespace {

bool parse_int(std::string_view s, int& out) {
    if (s.empty() || s.size() > 9) return false;
    int v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + (c - '0');
    }
    out = v;
    return true;
}

// pvstats [depth]: every PV method, and alternate variations off and on, on the same positions
// at the same depth: the figures that decide the defaults.
void pvstats(UciEngine& uci, const std::vector<std::string_view>& args) {
    int depth = 8;
    if (args.size() > 1 || (args.size() == 1 && (!parse_int(args[0], depth) || depth < 1 || depth > 20)))
        return uci.error("pvstats [depth 1-20]");
    uci.say("method      alt  positions  lines   legal%   full%  consistent%        nodes   time_ms  pv-hash-cuts  splices");
    for (PvMethod method : {PvMethod::STACK, PvMethod::TRIANGULAR, PvMethod::TT, PvMethod::PVHASH}) {
        for (bool alt : {false, true}) {
            // The engine's evaluation (network or not), the method and alt variations varied.
            SearchOptions options;
            options.network = uci.engine().network();
            options.pv_method = method;
            options.alt_variations = alt;
            const PvStats s = run_pv_stats(depth, options);
            auto pct = [&](int n) { return s.lines ? 100.0 * n / s.lines : 0.0; };
            uci.say(left(std::string(to_string(method)), 10) + "  " + left(alt ? "on" : "off", 3) + "  " +
                    right(std::to_string(s.positions), 9) + "  " + right(std::to_string(s.lines), 5) + "  " +
                    right(fixed(pct(s.legal), 1), 6) + "  " + right(fixed(pct(s.full), 1), 6) + "  " +
                    right(fixed(pct(s.consistent), 1), 11) + "  " + right(std::to_string(s.nodes), 11) + "  " +
                    right(std::to_string(s.time_ms), 8) + "  " + right(std::to_string(s.pv.pv_tt_cutoffs), 12) + "  " +
                    std::to_string(s.pv.splice_successes) + "/" + std::to_string(s.pv.splice_attempts));
        }
    }
}

// bench [depth] minimal [hash MB]: the bench searched full-width (no quiescence, extensions or
// hash cut-offs), its leaves compared with the Knuth-Moore minimal tree. Without `minimal` the
// core's bench runs.
bool minimal_bench(UciEngine& uci, const std::vector<std::string_view>& args) {
    bool minimal = false;
    for (std::string_view a : args) minimal |= a == "minimal";
    if (!minimal) return false;
    int depth = BENCH_DEFAULT_DEPTH, hash_mb = BENCH_HASH_MB;
    const char* usage = "bench [depth 1-30] minimal [hash <MB 1-1024>]";
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "minimal") continue;
        if (args[i] == "hash") {
            if (i + 1 >= args.size() || !parse_int(args[i + 1], hash_mb) || hash_mb < 1 || hash_mb > 1024)
                return uci.error(usage), true;
            ++i;
        } else if (!parse_int(args[i], depth) || depth < 1 || depth > 30) {
            return uci.error(usage), true;
        }
    }
    SearchOptions options = uci.engine().search_options();
    options.multipv = 1;
    options.full_width = true;
    const BenchReport r =
        run_bench(depth, options, [&uci](const std::string& line) { uci.say("info string " + line); }, hash_mb);
    for (const std::string& line : bench_summary(r, options.pv_method)) uci.say(line);
    const double minimal_leaves = minimal_tree_leaves(depth);
    uci.say("Leaves: " + std::to_string(r.leaf_nodes) + ", Knuth-Moore minimal tree: " + fixed(minimal_leaves, 0) +
            ", ratio " + fixed(minimal_leaves > 0 ? double(r.leaf_nodes) / minimal_leaves : 0.0, 2));
    return true;
}

}  // namespace

void add_lab_commands(UciEngine& uci) {
    uci.add_command("pvstats", [&uci](const std::vector<std::string_view>& args) { return pvstats(uci, args), true; });
    uci.add_command("bench", [&uci](const std::vector<std::string_view>& args) { return minimal_bench(uci, args); });
}

}  // namespace mainline
