// The bench: a fixed set of varied positions searched to a fixed depth with a fresh 16 MB hash.
// Its total node count is the bench signature: any change to search behaviour changes it, and
// native and WebAssembly builds must agree on it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "search.h"

namespace mainline {

constexpr int BENCH_DEFAULT_DEPTH = 12;
constexpr int BENCH_HASH_MB = 16;

const std::vector<std::string_view>& bench_positions();

struct BenchReport {
    std::uint64_t nodes = 0;
    std::uint64_t time_ms = 0;  // in the searches (hash clearing between positions excluded)
    std::uint64_t fail_highs = 0;
    std::uint64_t fail_high_first = 0;
    double ebf = 0;  // geometric mean over positions of nodes(D) / nodes(D-1)
    std::uint64_t leaf_nodes = 0;  // main-search leaves of each position's last iteration
    // Knuth-Moore B^ceil(D/2) + B^floor(D/2) - 1 with B = perft(4)^(1/4), summed over positions
    // (full-width runs only)
    double minimal_leaves = 0;
    std::uint64_t splice_attempts = 0;
    std::uint64_t splice_successes = 0;
    std::uint64_t pv_tt_cutoffs = 0;
};

struct PvStats {
    int positions = 0;
    int lines = 0;  // exact-score lines checked (every completed iteration of every position)
    int legal = 0, full = 0, consistent = 0;
    std::uint64_t nodes = 0;
    std::uint64_t time_ms = 0;
    std::uint64_t splice_attempts = 0, splice_successes = 0, pv_tt_cutoffs = 0;
};

// Searches the bench positions and, for more variety, the position after each of their first
// five legal moves (about 190 positions) to `depth` with the given options, and checks every
// iteration's line with the PV checker.
PvStats run_pv_stats(int depth, const SearchOptions& options);

// Runs the bench. `progress` (optional) gets one line per position.
BenchReport run_bench(int depth, const SearchOptions& options, const std::function<void(const std::string&)>& progress,
                      int hash_mb = BENCH_HASH_MB);

}  // namespace mainline
