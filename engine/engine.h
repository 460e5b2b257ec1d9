// One chess engine: a position, a hash table, a searcher and the options that steer them.
// Everything an embedder needs (the UCI front end, the WebAssembly bindings) goes through this,
// and two Engine objects share nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "nnue.h"
#include "options.h"
#include "position.h"
#include "search.h"
#include "threads.h"
#include "tt.h"

namespace mainline {

class Engine {
public:
    static constexpr int DEFAULT_HASH_MB = 16;
    static constexpr int DEFAULT_ELO = 1500;  // inside the level table's range (static_assert in engine.cpp)
    // Skill Level: 0 is the weakest; the maximum, the default, is full strength.
    static constexpr int MIN_SKILL_LEVEL = 0;
    static constexpr int MAX_SKILL_LEVEL = 20;
    // More than five seconds lost per move is no longer overhead but a broken connection.
    static constexpr int MAX_MOVE_OVERHEAD_MS = 5000;

    // Reads a whole file (an EvalFile network). The core does no I/O: a front end that has files
    // gives the engine this; without it EvalFile accepts only the network compiled in.
    using FileReader = std::function<Result<std::vector<std::uint8_t>>(const std::string& path)>;
    // The EvalFile value that names the network compiled into the engine.
    static constexpr std::string_view EMBEDDED_NETWORK = "<embedded>";
    // The hand-crafted evaluation stays the default until a network beats it in games
    // (docs/network.md).
    static constexpr bool USE_NNUE_DEFAULT = true;

    // The widest limits there are; EngineLimits narrows them (clamped to these, and Hash to at
    // least the default table).
    static constexpr EngineLimits NO_LIMITS{TranspositionTable::MAX_MB, MAX_THREADS};

    explicit Engine(EngineLimits limits = NO_LIMITS);
    // The options' callbacks hold references into this object.
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    const Position& position() const { return pos_; }
    void set_position(Position pos) { pos_ = std::move(pos); }
    void new_game();

    // Sets a UCI option by name (case-insensitive). Returns "" or an error naming what was wrong;
    // on error nothing changes.
    std::string set_option(std::string_view name, std::string_view value) { return options_.set(name, value); }
    // The declared options with their current values.
    const OptionsMap& options() const { return options_; }
    // The `option name ...` lines of the `uci` answer.
    std::vector<std::string> option_descriptions() const { return options_.uci_lines(); }

    SearchResult search(const SearchLimits& limits, const SearchCallbacks& callbacks);
    void stop() { searcher_->stop(); }
    void clear_stop() { searcher_->clear_stop(); }
    void ponderhit() { searcher_->ponderhit(); }

    // The options a search starts with, the network (EvalFile, Use NNUE) included.
    SearchOptions search_options() const {
        SearchOptions o = search_options_;
        o.network = network();
        return o;
    }
    void set_search_options(const SearchOptions& options) { search_options_ = options; }
    bool verify_pv() const { return options_["VerifyPv"].as_bool(); }
    // UCI_Chess960: castling written as the king taking its rook (notation.h)
    bool chess960() const;
    int hash_mb() const { return int(tt_.size_mb()); }
    int threads() const { return helpers_.threads(); }
    // The Elo the engine is limited to, or 0 at full strength.
    int limited_elo() const;
    const SearchStats& stats() const { return searcher_->stats(); }

    void set_file_reader(FileReader reader) { file_reader_ = std::move(reader); }
    // The network the search evaluates with (EvalFile), or nullptr for the hand-crafted
    // evaluation (Use NNUE false).
    const nnue::Network* network() const;
    // The network EvalFile names (whether or not Use NNUE is on).
    const nnue::Network& eval_file_network() const { return file_network_ ? *file_network_ : nnue::Network::embedded(); }
    // The same for a search with these limits: a strength-limited search (UCI_LimitStrength or
    // Skill Level, not `go infinite`) evaluates as its level in engine/level_table.h says (the
    // hand-crafted evaluation for the weaker levels), the evaluation it is calibrated with.
    const nnue::Network* network_for(const SearchLimits& limits) const;

private:
    std::string load_network(const std::string& path);

    Position pos_;
    TranspositionTable tt_;
    std::unique_ptr<Searcher> searcher_;
    HelperThreads helpers_;  // after the table they search with, so that they end first
    SearchOptions search_options_;
    FileReader file_reader_;
    std::unique_ptr<nnue::Network> file_network_;  // EvalFile, when it names a file
    OptionsMap options_;  // declared after what its callbacks change
    std::mt19937_64 rng_;
};

}  // namespace mainline
