#include "engine.h"

#include <charconv>

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

Engine::Engine() : searcher_(std::make_unique<Searcher>(tt_)) {
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
    bool flag;
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
    };
}

SearchResult Engine::search(const SearchLimits& limits, const SearchCallbacks& callbacks) {
    return searcher_->search(pos_, limits, options_, callbacks);
}

}  // namespace mainline
