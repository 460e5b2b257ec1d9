// Lazy SMP: helper threads that search the main search's root alongside it. They share the hash
// table and nothing else (each has its own Searcher: position, stacks, histories, accumulators,
// PV collector); what they find reaches the main thread only through the table. The main thread
// alone reports lines and chooses the move, so every reported PV is one thread's own line.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "position.h"
#include "search.h"
#include "search_limits.h"

namespace mainline {

class TranspositionTable;

// Native builds and WebAssembly built with -pthread run threads; the single-threaded
// WebAssembly build (what a page without cross-origin isolation gets) has one.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define MAINLINE_HAS_THREADS 0
#else
#define MAINLINE_HAS_THREADS 1
#endif
constexpr bool THREADS_AVAILABLE = MAINLINE_HAS_THREADS;
// The Threads option's range; each thread costs about 2 MB (its histories and stacks), and in
// WebAssembly a Web Worker of its own.
#if defined(__EMSCRIPTEN__)
constexpr int MAX_THREADS = THREADS_AVAILABLE ? 32 : 1;
#else
constexpr int MAX_THREADS = 64;
#endif

class HelperThreads {
public:
    explicit HelperThreads(TranspositionTable& tt);
    ~HelperThreads();
    HelperThreads(const HelperThreads&) = delete;
    HelperThreads& operator=(const HelperThreads&) = delete;

    // Threads for a search of `threads` threads in all, the caller's own included (so threads - 1
    // helpers). Only between searches. Returns "" or why they could not be started (then one
    // thread is left).
    std::string set_threads(int threads);
    int threads() const { return int(helpers_.size()) + 1; }
    // What a search's SearchOptions::helpers takes: these threads, or none while there is one.
    HelperThreads* if_any() { return threads() > 1 ? this : nullptr; }

    // Starts every helper on `root`. Called by the main thread's search once it has begun the
    // search (the hash table's new generation): the helpers search without limits until
    // stop_and_wait().
    void start(const Position& root, const SearchLimits& limits, const SearchOptions& options);
    // Stops the helpers and returns when every one has left its search.
    void stop_and_wait();
    // Nodes the helpers have searched so far in the current (or last) search, give or take one
    // poll interval each.
    std::uint64_t nodes() const;
    // The deepest iteration a helper has completed in the current search, and (once they have
    // stopped) that helper's result: its move, score and its own collected line. A depth-limited
    // search ends when any thread reaches the depth, and the main thread plays the deepest
    // thread's move, reporting its line (docs/threads.md).
    int deepest() const { return deepest_.load(std::memory_order_relaxed); }
    SearchResult deepest_result() const;
    // Called by a helper's search after each iteration it completes.
    void iteration_completed(int depth);
    // Forget what the helpers learned (a new game).
    void clear();

private:
    struct Helper;
    void run(Helper& helper, int index, std::uint64_t done);
    void shut_down();

    [[maybe_unused]] TranspositionTable& tt_;  // unused where there are no threads
    std::vector<std::unique_ptr<Helper>> helpers_;
    // The job the helpers take when woken: a new `job_` number, the root and the settings.
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    std::uint64_t job_ = 0;
    int busy_ = 0;  // helpers still searching the current job
    std::atomic<int> deepest_{0};
    bool quit_ = false;
    Position root_;
    SearchLimits limits_;
    std::unique_ptr<SearchOptions> options_;
};

}  // namespace mainline
