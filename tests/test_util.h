// Shared helpers for the test suite: data files, positions and moves from text, a fixed-seed PRNG.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "position.h"

#ifndef MAINLINE_TEST_DATA_DIR
#error "MAINLINE_TEST_DATA_DIR must name the directory holding the test data (tests/data)"
#endif

namespace mainline::test {

// Checked builds (asserts on, or a sanitizer: build-debug/, build-asan/, build-tsan/) run every node
// several times slower (the network's incremental update is compared with a full one at every
// evaluation, every access is instrumented). There the heaviest tests take a sample: every
// CHECKED_BUILD_STEP-th position, perft without its deepest counts. The Release builds, native and
// wasm, run them in full in the same `npm test`, so the sample only trims repetition: every code
// path still runs under the asserts and sanitizers.
#if !defined(NDEBUG) || defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MAINLINE_TEST_CHECKED_BUILD 1
inline constexpr bool CHECKED_BUILD = true;
#else
#define MAINLINE_TEST_CHECKED_BUILD 0
inline constexpr bool CHECKED_BUILD = false;
#endif
inline constexpr std::size_t CHECKED_BUILD_STEP = CHECKED_BUILD ? 3 : 1;

// Perft depths with more leaves than this are skipped in checked and unoptimised builds.
#if defined(__OPTIMIZE__) && !MAINLINE_TEST_CHECKED_BUILD
inline constexpr std::uint64_t PERFT_LEAF_LIMIT = ~std::uint64_t(0);
#else
inline constexpr std::uint64_t PERFT_LEAF_LIMIT = 5'000'000;
#endif

// Every `step`-th element of `all` (all of them for step 1).
template <class T>
std::vector<T> every_nth(const std::vector<T>& all, std::size_t step) {
    std::vector<T> out;
    for (std::size_t i = 0; i < all.size(); i += step) out.push_back(all[i]);
    return out;
}

inline std::string data_path(std::string_view name) {
    // Appended to one string rather than `a + "/" + b`: on that chain's temporaries g++ 12 warned
    // falsely (-Warray-bounds, "forming offset ... out of the bounds") when the test files were
    // built with GoogleTest's precompiled header at -O1 (the ThreadSanitizer build; native Release
    // with -O1), and -Werror failed the build.
    std::string path = MAINLINE_TEST_DATA_DIR;
    path += '/';
    path += name;
    return path;
}

inline std::string_view trim(std::string_view s) {
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

// The non-empty lines of a data file, trimmed. Adds a test failure if the file cannot be read.
inline std::vector<std::string> read_lines(std::string_view name) {
    std::vector<std::string> lines;
    const std::string path = data_path(name);
    std::ifstream in(path);
    if (!in) {
        ADD_FAILURE() << "cannot read test data file " << path;
        return lines;
    }
    std::string line;
    while (std::getline(in, line))
        if (std::string_view t = trim(line); !t.empty()) lines.emplace_back(t);
    return lines;
}

struct PerftCount {
    int depth;
    std::uint64_t nodes;
};

struct EpdEntry {
    std::string fen;  // the part before the first ';', trimmed
    std::vector<PerftCount> counts;
    int line = 0;  // 1-based index among the file's non-empty lines
};

// Lines "FEN ;D1 n1 ;D2 n2 ...". Adds a test failure for a line it cannot parse.
inline std::vector<EpdEntry> read_epd(std::string_view name) {
    std::vector<EpdEntry> entries;
    int index = 0;
    for (const std::string& line : read_lines(name)) {
        EpdEntry e;
        e.line = ++index;
        std::string_view rest = line;
        const std::size_t semi = rest.find(';');
        e.fen = std::string(trim(rest.substr(0, semi)));
        rest = semi == std::string_view::npos ? std::string_view() : rest.substr(semi + 1);
        while (!rest.empty()) {
            const std::size_t next = rest.find(';');
            const std::string_view field = trim(rest.substr(0, next));
            rest = next == std::string_view::npos ? std::string_view() : rest.substr(next + 1);
            const std::size_t space = field.find(' ');
            PerftCount c{};
            const std::string_view d = field.substr(0, space);
            const std::string_view n = space == std::string_view::npos ? std::string_view() : trim(field.substr(space));
            const bool ok = d.size() >= 2 && d[0] == 'D' &&
                            std::from_chars(d.data() + 1, d.data() + d.size(), c.depth).ec == std::errc() &&
                            !n.empty() && std::from_chars(n.data(), n.data() + n.size(), c.nodes).ec == std::errc();
            if (!ok) {
                ADD_FAILURE() << name << " line " << e.line << ": cannot parse '" << field << "'";
                continue;
            }
            e.counts.push_back(c);
        }
        entries.push_back(std::move(e));
    }
    return entries;
}

// Every FEN of the data files: positions.fen, then perft-standard.epd and perft-random.epd.
inline std::vector<std::string> all_data_fens() {
    std::vector<std::string> fens = read_lines("positions.fen");
    for (const char* file : {"perft-standard.epd", "perft-random.epd"})
        for (EpdEntry& e : read_epd(file)) fens.push_back(std::move(e.fen));
    return fens;
}

// The position of a FEN the test relies on; a parse error fails the test (and yields the start position).
inline Position pos_from(std::string_view fen) {
    Result<Position> r = Position::from_fen(fen);
    if (!r) {
        ADD_FAILURE() << "test FEN rejected: " << fen << ": " << r.error();
        return Position();
    }
    return std::move(r).value();
}

// A legal move given in UCI notation; an illegal one fails the test (and yields Move::none()).
inline Move uci_move(const Position& pos, std::string_view text) {
    Result<Move> r = parse_uci_move(pos, text);
    if (!r) {
        ADD_FAILURE() << "test move " << text << " rejected in " << pos.fen() << ": " << r.error();
        return Move::none();
    }
    return r.value();
}

// Plays UCI moves; stops at the first one that is not legal (which fails the test).
inline void play(Position& pos, std::initializer_list<std::string_view> moves) {
    for (std::string_view text : moves) {
        const Move m = uci_move(pos, text);
        if (m == Move::none()) return;
        pos.do_move(m);
    }
}

inline std::vector<std::string> sorted_uci(const MoveList& list) {
    std::vector<std::string> v;
    for (Move m : list) v.push_back(move_to_uci(m));
    std::sort(v.begin(), v.end());
    return v;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

// The legal moves of a position, in UCI notation and sorted: compare with an expected list.
inline std::vector<std::string> legal_uci(const Position& pos) { return sorted_uci(legal_moves(pos)); }

// The legal moves starting on `from`, in UCI notation and sorted.
inline std::vector<std::string> legal_uci_from(const Position& pos, Square from) {
    std::vector<std::string> v;
    for (Move m : legal_moves(pos))
        if (m.from() == from) v.push_back(move_to_uci(m));
    std::sort(v.begin(), v.end());
    return v;
}

inline bool contains_text(const std::string& haystack, std::string_view needle) {
    return haystack.find(needle) != std::string::npos;
}

// splitmix64: a small deterministic generator, so every run tests the same inputs.
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    // Uniform enough in [0, n) for test purposes; n > 0.
    std::size_t below(std::size_t n) { return std::size_t(next() % n); }

private:
    std::uint64_t s_;
};

// Test names for parameterized tests may only hold letters, digits and underscores.
inline std::string sanitize_test_name(std::string_view s) {
    std::string out;
    for (char c : s) out += ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) ? c : '_';
    return out.empty() ? std::string("unnamed") : out;
}

}  // namespace mainline::test
