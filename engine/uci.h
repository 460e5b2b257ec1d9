// The UCI protocol front end. It holds no I/O of its own: command lines come in through
// handle() and every output line goes out through the writer given to the constructor, so the
// same code serves the native binary (stdin/stdout) and the WebAssembly build.
//
// With `threaded` set, `go` searches on a thread of its own, so `stop`, `ponderhit` and
// `isready` are answered while it runs; without threads (single-threaded WASM) `go` returns
// when the search ends.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine.h"

namespace mainline {

class UciEngine {
public:
    using Writer = std::function<void(std::string_view line)>;

    UciEngine(Writer writer, bool threaded, EngineLimits limits = Engine::NO_LIMITS);
    ~UciEngine();
    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;

    // Handles one command line. Returns false once `quit` has been received.
    bool handle(std::string_view line);
    // Waits for a running search to end by itself (used before exiting at EOF of the input).
    void wait();
    // A per-N-nodes callback for the searches `go` starts (see SearchCallbacks::keep_going): how a
    // single-threaded embedder (the WebAssembly worker) stops a search. Empty by default.
    void set_keep_going(std::function<bool(std::uint64_t nodes)> keep_going) { keep_going_ = std::move(keep_going); }

    const Engine& engine() const { return engine_; }
    // How EvalFile reads a network file (see Engine::FileReader).
    void set_file_reader(Engine::FileReader reader) { engine_.set_file_reader(std::move(reader)); }

    // A command beyond the core's (the lab's research commands). It runs after any search has
    // ended; returning false leaves the arguments to the core's command of the same name.
    using Command = std::function<bool(const std::vector<std::string_view>& args)>;
    void add_command(std::string name, Command command) { commands_[std::move(name)] = std::move(command); }
    // One line of output, and one error line ("info string error: ...").
    void say(std::string_view line);
    void error(std::string_view message);

private:
    void cmd_uci();
    void cmd_position(const std::vector<std::string_view>& args);
    void cmd_setoption(const std::vector<std::string_view>& args);
    void cmd_go(const std::vector<std::string_view>& args);
    void cmd_display();
    void cmd_eval();
    void cmd_bench(const std::vector<std::string_view>& args);
    void go_perft(const std::vector<std::string_view>& args);
    void run_search(const SearchLimits& limits);
    void stop_search();

    Writer writer_;
    bool threaded_;
    std::mutex output_mutex_;
    Engine engine_;
    std::thread search_thread_;
    std::function<bool(std::uint64_t)> keep_going_;
    std::map<std::string, Command, std::less<>> commands_;
};

// Parses `go`'s arguments (without `perft`). The error names the bad token.
Result<SearchLimits> parse_go_command(const Position& pos, const std::vector<std::string_view>& args);

std::string format_score(int score);  // "cp 34" or "mate 5"
std::string format_info(const IterationInfo& info, const Position& root, bool chess960 = false);

std::vector<std::string_view> split_words(std::string_view line);

}  // namespace mainline
