#include "engine.h"

#include <algorithm>

#include "strength.h"

namespace mainline {

static_assert(Engine::DEFAULT_ELO >= STRENGTH_MIN_ELO && Engine::DEFAULT_ELO <= STRENGTH_MAX_ELO,
              "UCI_Elo's default must be inside the level table's range");

namespace {
EngineLimits clamped(EngineLimits l) {
    return {std::clamp(l.max_hash_mb, Engine::DEFAULT_HASH_MB, TranspositionTable::MAX_MB),
            std::clamp(l.max_threads, 1, MAX_THREADS)};
}
}  // namespace

MAINLINE_SIZE_OVER_SPEED Engine::Engine(EngineLimits limits)
    : searcher_(std::make_unique<Searcher>(tt_)),
      helpers_(tt_),
      options_(engine_options({tt_, *searcher_, helpers_, search_options_,
                               [this](const std::string& path) { return load_network(path); }, clamped(limits)})),
      rng_(std::random_device{}()) {
    const std::string error = tt_.resize(DEFAULT_HASH_MB);
    (void)error;  // the smallest tables always fit; resize() keeps what it can otherwise
}

void Engine::new_game() {
    tt_.clear();
    searcher_->clear();
    helpers_.clear();
    pos_ = Position();
}

std::string Engine::load_network(const std::string& path) {
    if (path == EMBEDDED_NETWORK) {
        file_network_.reset();
        return "";
    }
    if (!file_reader_) return "EvalFile: this build reads no files; only " + std::string(EMBEDDED_NETWORK) + " is available";
    Result<std::vector<std::uint8_t>> bytes = file_reader_(path);
    if (!bytes) return "EvalFile: " + bytes.error();
    Result<nnue::Network> net = nnue::Network::parse(bytes.value().data(), bytes.value().size());
    if (!net) return "EvalFile " + path + ": " + net.error();
    file_network_ = std::make_unique<nnue::Network>(std::move(net).value());
    return "";
}

const nnue::Network* Engine::network() const {
    if (!options_["Use NNUE"].as_bool()) return nullptr;
    return &eval_file_network();
}

const nnue::Network* Engine::network_for(const SearchLimits& limits) const {
    const int elo = limited_elo();
    // A level plays with the evaluation it was calibrated with (engine/level_table.h).
    if (elo && !limits.infinite && !strength_for_elo(elo).network) return nullptr;
    return network();
}

int Engine::limited_elo() const {
    if (options_["UCI_LimitStrength"].as_bool()) return options_["UCI_Elo"].as_int();
    const int level = options_["Skill Level"].as_int();
    return level < MAX_SKILL_LEVEL ? elo_for_skill_level(level) : 0;
}

SearchResult Engine::search(const SearchLimits& limits, const SearchCallbacks& callbacks) {
    const int elo = limited_elo();
    SearchOptions options = search_options();
    options.network = network_for(limits);
    // `go infinite` is analysis, which a strength limit would only spoil.
    if (!elo || limits.infinite) {
        options.helpers = helpers_.if_any();
        return searcher_->search(pos_, limits, options, callbacks);
    }
    // The levels were calibrated on one thread (docs/strength.md).

    const StrengthLimit strength = strength_for_elo(elo);
    SearchLimits weak_limits = limits;
    weak_limits.nodes = limits.nodes ? std::min<std::uint64_t>(limits.nodes, strength.nodes) : strength.nodes;
    SearchOptions weak_options = options;
    weak_options.multipv = std::max(search_options_.multipv, strength.multipv);

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
        int scores[search_params::MAX_MULTIPV];
        const int n = int(std::min<std::size_t>(lines.size(), search_params::MAX_MULTIPV));
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

bool Engine::chess960() const { return options_["UCI_Chess960"].as_bool(); }

}  // namespace mainline
