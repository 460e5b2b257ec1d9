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
    std::uint64_t splice_attempts = 0;
    std::uint64_t splice_successes = 0;
    std::uint64_t pv_tt_cutoffs = 0;
    std::uint64_t lmr_history_moves = 0, lmr_history_abs = 0, lmr_history_term_centiply = 0;
};

// Runs the bench. `progress` (optional) gets one line per position. With more than one thread
// the node count is every thread's and differs from run to run: the signature is one thread's.
BenchReport run_bench(int depth, const SearchOptions& options, const std::function<void(const std::string&)>& progress,
                      int hash_mb = BENCH_HASH_MB, int threads = 1);

// The report as the `bench` command prints it; its "Nodes searched" line is the signature.
std::vector<std::string> bench_summary(const BenchReport& report, PvMethod method);

}  // namespace mainline
