// Fuzz target: UCI command lines (`position`, `go`, `setoption`, moves lists, everything else),
// through the same UciEngine the native binary and the WebAssembly build use. Each input line is
// one command. Checked after every command:
//   - an error is one `info string error: <message>` line with a message, and leaves the
//     position (and, for setoption, the options) as they were;
//   - a `go` that is not refused gets exactly one `bestmove`: a legal move, or `(none)` exactly
//     when there is no legal move; every `info ... pv` line is legal from the position;
//   - with VerifyPv, no `info string pvcheck failed` except for PvMethod tt (whose lines may be cut);
//   - the position is always consistent.
// To keep each input fast, searches get `nodes 256` appended (a later `nodes` wins), `go perft`
// is capped at depth 3, only the first 16 `go` commands of an input run, Hash above 64 MB is
// skipped, and `bench`/`pvstats` (fixed workloads of seconds) are skipped. The engine runs unthreaded, as in the WebAssembly build, and its
// keep-going hook stops a `go infinite`/`go ponder` once the search is over.
#include <charconv>
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "search_params.h"
#include "uci.h"

using namespace mainline;

namespace {

std::vector<std::string> output;

UciEngine& shared_engine() {
    // One engine for every input; each input starts with `ucinewgame` and the default options,
    // so it runs the same way whatever ran before.
    static UciEngine* engine = [] {
        auto* e = new UciEngine([](std::string_view line) { output.emplace_back(line); }, false);
        e->set_keep_going([](std::uint64_t) { return false; });
        return e;
    }();
    return *engine;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

bool parse_int(std::string_view s, long long& out) {
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size();
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

constexpr int MAX_GO_PER_INPUT = 16;

// The command as sent to the engine, or "" to skip it (see the header).
std::string tame(std::string_view line, const std::vector<std::string_view>& words, int& gos) {
    const std::string_view cmd = words[0];
    if (cmd == "bench" || cmd == "pvstats") return "";
    if (cmd == "go" && ++gos > MAX_GO_PER_INPUT) return "";
    if (cmd == "setoption" && lower(line).find("hash") != std::string::npos)
        for (std::string_view w : words)
            if (long long v; parse_int(w, v) && v > 64) return "";
    if (cmd == "go" && words.size() >= 2 && words[1] == "perft") {
        long long depth;
        if (words.size() == 3 && parse_int(words[2], depth) && depth > 3) return "go perft 3";
        return std::string(line);
    }
    if (cmd == "go") return std::string(line) + " nodes 256";
    return std::string(line);
}

// Plays the `pv` moves of an `info` line from `pos`: all must be legal.
void check_info_line(const Position& root, const std::string& line) {
    const std::size_t at = line.find(" pv ");
    if (at == std::string::npos) return;
    Position pos = root;
    for (std::string_view move : split_words(std::string_view(line).substr(at + 4))) {
        Result<Move> m = parse_uci_move(pos, move);
        FUZZ_CHECK(m.ok(), "illegal PV move %.*s in '%s' from %s: %s", int(move.size()), move.data(), line.c_str(),
                   root.fen().c_str(), m.error().c_str());
        pos.do_move(m.value());
    }
}

struct OptionsSeen {
    int hash_mb;
    SearchOptions search;
    bool verify;
    bool operator==(const OptionsSeen& o) const {
        return hash_mb == o.hash_mb && search.pv_method == o.search.pv_method &&
               search.alt_variations == o.search.alt_variations && search.multipv == o.search.multipv &&
               search.move_overhead_ms == o.search.move_overhead_ms && search.full_width == o.search.full_width &&
               verify == o.verify;
    }
};

OptionsSeen options_of(const Engine& e) { return {e.hash_mb(), e.search_options(), e.verify_pv()}; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    UciEngine& uci = shared_engine();
    output.clear();
    const std::string reset[] = {
        "ucinewgame",
        "setoption name Hash value 1",
        "setoption name MultiPV value 1",
        "setoption name PvMethod value pvhash",
        "setoption name AltVariations value false",
        "setoption name VerifyPv value false",
        "setoption name Ponder value false",
        "setoption name Move Overhead value " + std::to_string(search_params::MOVE_OVERHEAD_MS),
    };
    for (const std::string& cmd : reset) FUZZ_CHECK(uci.handle(cmd), "%s quits", cmd.c_str());
    FUZZ_CHECK(output.empty(), "resetting printed '%s'", output.empty() ? "" : output[0].c_str());

    std::string_view text = fuzz::as_text(data, size);
    int gos = 0;
    for (int n = 0; !text.empty() && n < 256; ++n) {
        const std::string_view raw = fuzz::next_line(text);
        const std::vector<std::string_view> words = split_words(raw);
        const std::string line = words.empty() ? std::string(raw) : tame(raw, words, gos);
        if (!words.empty() && line.empty()) continue;

        const Position before = uci.engine().position();
        const OptionsSeen options_before = options_of(uci.engine());
        output.clear();
        const bool more = uci.handle(line);
        const std::vector<std::string_view> sent = split_words(line);
        const std::string_view cmd = sent.empty() ? std::string_view() : sent[0];

        int errors = 0, bestmoves = 0;
        for (const std::string& out : output) {
            if (starts_with(out, "info string error: ")) {
                ++errors;
                FUZZ_CHECK(out.size() > 19, "an empty error message");
            }
            if (starts_with(out, "bestmove ")) ++bestmoves;
            // With VerifyPv, every exact line is checked; only the hash-table method may fail it.
            if (starts_with(out, "info string pvcheck failed"))
                FUZZ_CHECK(uci.engine().search_options().pv_method == PvMethod::TT, "'%s': %s", line.c_str(), out.c_str());
        }
        if (errors) {
            FUZZ_CHECK(errors == 1 && output.size() == 1, "'%s' printed %d errors in %zu lines", line.c_str(), errors,
                       output.size());
            FUZZ_CHECK(uci.engine().position().fen() == before.fen() && uci.engine().position().key() == before.key(),
                       "'%s' failed but changed the position", line.c_str());
            if (cmd == "setoption")
                FUZZ_CHECK(options_of(uci.engine()) == options_before, "'%s' failed but changed an option", line.c_str());
        }
        const std::string consistency = uci.engine().position().consistency_error();
        FUZZ_CHECK(consistency.empty(), "after '%s': %s", line.c_str(), consistency.c_str());

        const bool search = cmd == "go" && !(sent.size() >= 2 && sent[1] == "perft");
        if (search) {
            FUZZ_CHECK(bestmoves == (errors ? 0 : 1), "'%s' gave %d bestmoves", line.c_str(), bestmoves);
            const Position& pos = uci.engine().position();
            for (const std::string& out : output)
                if (starts_with(out, "info depth ")) check_info_line(pos, out);
            if (bestmoves) {
                const std::vector<std::string_view> bm = split_words(output.back());
                FUZZ_CHECK(bm.size() >= 2 && bm[0] == "bestmove", "the last line '%s' is not the bestmove",
                           output.back().c_str());
                if (legal_moves(pos).size == 0) {
                    FUZZ_CHECK(bm[1] == "(none)" && bm.size() == 2, "'%s' without legal moves", output.back().c_str());
                } else {
                    Result<Move> best = parse_uci_move(pos, bm[1]);
                    FUZZ_CHECK(best.ok(), "'%s' in %s: %s", output.back().c_str(), pos.fen().c_str(), best.error().c_str());
                    if (bm.size() == 4) {
                        FUZZ_CHECK(bm[2] == "ponder", "'%s'", output.back().c_str());
                        Position after = pos;
                        after.do_move(best.value());
                        FUZZ_CHECK(parse_uci_move(after, bm[3]).ok(), "illegal ponder move in '%s'", output.back().c_str());
                    } else {
                        FUZZ_CHECK(bm.size() == 2, "'%s'", output.back().c_str());
                    }
                }
            }
        } else {
            FUZZ_CHECK(bestmoves == 0, "'%s' printed a bestmove", line.c_str());
        }
        if (!more) break;  // quit
    }
    return 0;
}
