// One chess engine: a position, a hash table, a searcher and the options that steer them.
// Everything an embedder needs (the UCI front end, the WebAssembly bindings) goes through this,
// and two Engine objects share nothing.
#pragma once

#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"
#include "search.h"
#include "tt.h"

namespace mainline {

class Engine {
public:
    static constexpr int DEFAULT_HASH_MB = 16;
    static constexpr int DEFAULT_ELO = 1500;

    Engine();

    const Position& position() const { return pos_; }
    void set_position(Position pos) { pos_ = std::move(pos); }
    void new_game();

    // Sets a UCI option by name (case-insensitive). Returns "" or an error naming what was wrong;
    // on error nothing changes.
    std::string set_option(std::string_view name, std::string_view value);
    // The `option name ...` lines of the `uci` answer.
    std::vector<std::string> option_descriptions() const;

    SearchResult search(const SearchLimits& limits, const SearchCallbacks& callbacks);
    void stop() { searcher_->stop(); }
    void clear_stop() { searcher_->clear_stop(); }
    void ponderhit() { searcher_->ponderhit(); }

    const SearchOptions& search_options() const { return options_; }
    void set_search_options(const SearchOptions& options) { options_ = options; }
    bool verify_pv() const { return verify_pv_; }
    int hash_mb() const { return int(tt_.size_mb()); }
    // The Elo the engine is limited to, or 0 at full strength.
    int limited_elo() const;
    const SearchStats& stats() const { return searcher_->stats(); }

private:
    Position pos_;
    TranspositionTable tt_;
    std::unique_ptr<Searcher> searcher_;
    SearchOptions options_;
    bool verify_pv_ = false;
    bool ponder_ = false;
    // Playing strength: UCI_LimitStrength + UCI_Elo, or Skill Level below 20.
    bool limit_strength_ = false;
    int uci_elo_ = DEFAULT_ELO;
    int skill_level_ = 20;
    std::mt19937_64 rng_;
};

}  // namespace mainline
