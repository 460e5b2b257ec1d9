#include "engine.h"

#include <algorithm>
#include <charconv>

#include "strength.h"

namespace mainline {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

bool parse_spin(std::string_view s, long long min, long long max, long long& out) {
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size() && out >= min && out <= max;
}

bool parse_check(std::string_view s, bool& out) {
    const std::string v = lower(s);
    if (v == "true") return out = true, true;
    if (v == "false") return out = false, true;
    return false;
}

}  // namespace

Engine::Engine() : searcher_(std::make_unique<Searcher>(tt_)), rng_(std::random_device{}()) {
    const std::string error = tt_.resize(DEFAULT_HASH_MB);
    (void)error;  // the smallest tables always fit; resize() keeps what it can otherwise
}

void Engine::new_game() {
    tt_.clear();
    searcher_->clear();
    pos_ = Position();
}

std::string Engine::set_option(std::string_view name, std::string_view value) {
    const std::string n = lower(name);
    const std::string shown(name);
    if (n == "hash") {
        long long mb;
        if (!parse_spin(value, TranspositionTable::MIN_MB, TranspositionTable::MAX_MB, mb))
            return "Hash must be a whole number of MB from " + std::to_string(TranspositionTable::MIN_MB) + " to " +
                   std::to_string(TranspositionTable::MAX_MB) + ", not '" + std::string(value) + "'";
        return tt_.resize(std::size_t(mb));
    }
    if (n == "clear hash") {
        tt_.clear();
        searcher_->clear();
        return "";
    }
    if (n == "multipv") {
        long long v;
        if (!parse_spin(value, 1, 64, v)) return "MultiPV must be a whole number from 1 to 64, not '" + std::string(value) + "'";
        options_.multipv = int(v);
        return "";
    }
    if (n == "pvmethod") {
        PvMethod m;
        if (!parse_pv_method(lower(value), m))
            return "PvMethod must be one of stack, triangular, tt, pvhash, not '" + std::string(value) + "'";
        options_.pv_method = m;
        return "";
    }
    if (n == "move overhead") {
        long long ms;
        if (!parse_spin(value, 0, 5000, ms))
            return "Move Overhead must be a whole number of ms from 0 to 5000, not '" + std::string(value) + "'";
        options_.move_overhead_ms = int(ms);
        return "";
    }
    if (n == "uci_elo") {
        long long v;
        if (!parse_spin(value, STRENGTH_MIN_ELO, STRENGTH_MAX_ELO, v))
            return "UCI_Elo must be a whole number from " + std::to_string(STRENGTH_MIN_ELO) + " to " +
                   std::to_string(STRENGTH_MAX_ELO) + ", not '" + std::string(value) + "'";
        uci_elo_ = int(v);
        return "";
    }
    if (n == "skill level") {
        long long v;
        if (!parse_spin(value, 0, 20, v)) return "Skill Level must be a whole number from 0 to 20, not '" + std::string(value) + "'";
        skill_level_ = int(v);
        return "";
    }
    bool flag;
    if (n == "uci_limitstrength") {
        if (!parse_check(value, flag)) return shown + " must be true or false, not '" + std::string(value) + "'";
        limit_strength_ = flag;
        return "";
    }
    if (n == "altvariations" || n == "verifypv" || n == "ponder") {
        if (!parse_check(value, flag)) return shown + " must be true or false, not '" + std::string(value) + "'";
        if (n == "altvariations") options_.alt_variations = flag;
        else if (n == "verifypv") verify_pv_ = flag;
        else ponder_ = flag;
        return "";
    }
    return "unknown option '" + shown + "'";
}

std::vector<std::string> Engine::option_descriptions() const {
    return {
        "option name Hash type spin default " + std::to_string(DEFAULT_HASH_MB) + " min " +
            std::to_string(TranspositionTable::MIN_MB) + " max " + std::to_string(TranspositionTable::MAX_MB),
        "option name Clear Hash type button",
        "option name MultiPV type spin default 1 min 1 max 64",
        "option name PvMethod type combo default " + std::string(to_string(SearchOptions{}.pv_method)) +
            " var stack var triangular var tt var pvhash",
        std::string("option name AltVariations type check default ") + (SearchOptions{}.alt_variations ? "true" : "false"),
        "option name VerifyPv type check default false",
        "option name Move Overhead type spin default " + std::to_string(search_params::MOVE_OVERHEAD_MS) +
            " min 0 max 5000",
        "option name Ponder type check default false",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default " + std::to_string(DEFAULT_ELO) + " min " + std::to_string(STRENGTH_MIN_ELO) +
            " max " + std::to_string(STRENGTH_MAX_ELO),
        "option name Skill Level type spin default 20 min 0 max 20",
    };
}

int Engine::limited_elo() const {
    if (limit_strength_) return uci_elo_;
    return skill_level_ < 20 ? elo_for_skill_level(skill_level_) : 0;
}

SearchResult Engine::search(const SearchLimits& limits, const SearchCallbacks& callbacks) {
    const int elo = limited_elo();
    // `go infinite` is analysis, which a strength limit would only spoil.
    if (!elo || limits.infinite) return searcher_->search(pos_, limits, options_, callbacks);

    const StrengthLimit strength = strength_for_elo(elo);
    SearchLimits weak_limits = limits;
    weak_limits.nodes = limits.nodes ? std::min<std::uint64_t>(limits.nodes, strength.nodes) : strength.nodes;
    SearchOptions weak_options = options_;
    weak_options.multipv = std::max(options_.multipv, strength.multipv);

    // The lines of the last completed iteration, to choose among afterwards.
    struct Line {
        int score;
        PvLine pv;
    };
    std::vector<Line> lines;
    int lines_depth = 0;
    SearchCallbacks weak_callbacks = callbacks;
    weak_callbacks.on_iteration = [&](const IterationInfo& info) {
        if (info.bound == BOUND_EXACT && info.pv.length > 0) {
            if (info.depth != lines_depth) lines.clear(), lines_depth = info.depth;
            if (std::size_t(info.multipv) == lines.size() + 1) lines.push_back({info.score, info.pv});
        }
        if (callbacks.on_iteration) callbacks.on_iteration(info);
    };
    SearchResult result = searcher_->search(pos_, weak_limits, weak_options, weak_callbacks);
    if (lines.size() > 1) {
        int scores[64];
        const int n = int(std::min<std::size_t>(lines.size(), 64));
        for (int i = 0; i < n; ++i) scores[i] = lines[std::size_t(i)].score;
        const int pick = pick_weighted(scores, n, strength.temperature_cp,
                                       std::uniform_real_distribution<double>(0.0, 1.0)(rng_));
        const Line& chosen = lines[std::size_t(pick)];
        result.best = chosen.pv.moves[0];
        result.score = chosen.score;
        result.pv = chosen.pv;
        result.ponder = chosen.pv.length > 1 ? chosen.pv.moves[1] : Move::none();
    }
    return result;
}

}  // namespace mainline
