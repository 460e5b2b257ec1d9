#include "threads.h"

#include <system_error>
#include <thread>

#include "search.h"

namespace mainline {

struct HelperThreads::Helper {
    explicit Helper(TranspositionTable& tt) : searcher(tt) {}
    Searcher searcher;
    std::thread thread;
};

HelperThreads::HelperThreads(TranspositionTable& tt) : tt_(tt), options_(std::make_unique<SearchOptions>()) {}

HelperThreads::~HelperThreads() { shut_down(); }

void HelperThreads::shut_down() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        quit_ = true;
    }
    wake_.notify_all();
    for (auto& h : helpers_)
        if (h->thread.joinable()) h->thread.join();
    helpers_.clear();
    quit_ = false;
}

std::string HelperThreads::set_threads(int threads) {
    if (threads < 1 || threads > MAX_THREADS)
        return "Threads must be from 1 to " + std::to_string(MAX_THREADS) + ", not " + std::to_string(threads);
    if (threads == this->threads()) return "";
    shut_down();
#if MAINLINE_HAS_THREADS
    for (int i = 1; i < threads; ++i) {
        auto helper = std::make_unique<Helper>(tt_);
        Helper& h = *helper;
        helpers_.push_back(std::move(helper));
#if defined(__cpp_exceptions)
        try {
            h.thread = std::thread([this, &h, i, job = job_] { run(h, i, job); });
        } catch (const std::system_error&) {
            helpers_.pop_back();
            shut_down();
            return "cannot start " + std::to_string(threads) + " threads; searching with one";
        }
#else
        h.thread = std::thread([this, &h, i, job = job_] { run(h, i, job); });
#endif
    }
#endif
    return "";
}

// `done`: the last job before this thread was made (read then, not when the thread gets going,
// which may be after the first job has been given).
void HelperThreads::run(Helper& helper, int index, std::uint64_t done) {
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
        wake_.wait(lock, [&] { return quit_ || job_ != done; });
        if (quit_) return;
        done = job_;
        SearchOptions options = *options_;
        options.thread_index = index;
        lock.unlock();
        // root_ and limits_ stay as they are until every helper has finished (busy_ == 0).
        helper.searcher.search(root_, limits_, options, SearchCallbacks{});
        lock.lock();
        if (--busy_ == 0) done_.notify_all();
    }
}

void HelperThreads::start(const Position& root, const SearchLimits& limits, const SearchOptions& options) {
    if (helpers_.empty()) return;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        root_ = root;
        // Helpers search until stopped: the main thread keeps the clock and the node budget, and
        // stops them when it ends. A depth limit caps them too: a helper a depth ahead could
        // otherwise complete a deeper iteration than asked for before the main thread sees the
        // limit reached, and its result would be played and reported.
        limits_ = SearchLimits{};
        limits_.infinite = true;
        if (limits.depth > 0 && !limits.infinite) limits_.depth = limits.depth;
        limits_.searchmoves = limits.searchmoves;
        *options_ = options;
        options_->helpers = nullptr;
        options_->reports_to = this;
        options_->multipv = 1;
        deepest_.store(0, std::memory_order_relaxed);
        for (auto& h : helpers_) {
            h->searcher.clear_stop();
            h->searcher.forget_published_nodes();
        }
        busy_ = int(helpers_.size());
        ++job_;
    }
    wake_.notify_all();
}

void HelperThreads::stop_and_wait() {
    if (helpers_.empty()) return;
    for (auto& h : helpers_) h->searcher.stop();
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return busy_ == 0; });
}

std::uint64_t HelperThreads::nodes() const {
    std::uint64_t n = 0;
    for (const auto& h : helpers_) n += h->searcher.published_nodes();
    return n;
}

void HelperThreads::iteration_completed(int depth) {
    int seen = deepest_.load(std::memory_order_relaxed);
    while (depth > seen && !deepest_.compare_exchange_weak(seen, depth, std::memory_order_relaxed)) {
    }
}

SearchResult HelperThreads::deepest_result() const {
    SearchResult best;
    for (const auto& h : helpers_) {
        SearchResult r = h->searcher.completed();
        if (r.depth > best.depth && r.best != Move::none()) best = r;
    }
    return best;
}

void HelperThreads::clear() {
    for (auto& h : helpers_) h->searcher.clear();
}

}  // namespace mainline
