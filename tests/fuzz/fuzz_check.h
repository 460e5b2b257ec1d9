// Shared by the libFuzzer targets in tests/fuzz/ (see docs/robustness.md): a check that stays on
// in every build type, and the helpers the targets share.
//
// Every target defines LLVMFuzzerTestOneInput. Under clang with MAINLINE_FUZZ=ON it is linked
// with libFuzzer (-fsanitize=fuzzer); in every other native build it is linked with replay_main.cpp
// and ctest runs it over the seed corpus in tests/fuzz/corpus/<target>/, so the corpus and every
// input that once found a bug are regression tests of the ordinary suite.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "movegen.h"
#include "notation.h"
#include "position.h"

// A property the engine promises for every input. A failure prints what broke and aborts, which
// libFuzzer reports as a crash and saves the input that caused it.
#define FUZZ_CHECK(cond, ...)                                                                     \
    do {                                                                                          \
        if (!(cond)) {                                                                            \
            std::fprintf(stderr, "%s:%d: FUZZ_CHECK(%s) failed: ", __FILE__, __LINE__, #cond);    \
            std::fprintf(stderr, __VA_ARGS__);                                                    \
            std::fputc('\n', stderr);                                                             \
            std::abort();                                                                         \
        }                                                                                         \
    } while (0)

namespace mainline::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// The next line of `text` (without its '\n'); advances `text` past it.
inline std::string_view next_line(std::string_view& text) {
    const std::size_t nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    return line;
}

// What must hold for any position the engine accepted: consistent, its FEN reads back the
// same, and every legal move can be made and taken back, leaving the position as it was.
inline void check_position(Position& pos, const char* where) {
    const std::string error = pos.consistency_error();
    FUZZ_CHECK(error.empty(), "%s: %s in %s", where, error.c_str(), pos.fen().c_str());
    const std::string fen = pos.fen();
    const Key key = pos.key();
    Result<Position> again = Position::from_fen(fen);
    FUZZ_CHECK(again.ok(), "%s: the engine's own FEN %s is rejected: %s", where, fen.c_str(), again.error().c_str());
    FUZZ_CHECK(again.value().fen() == fen, "%s: FEN %s reads back as %s", where, fen.c_str(), again.value().fen().c_str());
    FUZZ_CHECK(again.value().key() == key, "%s: FEN %s reads back with another key", where, fen.c_str());
    const MoveList moves = legal_moves(pos);
    FUZZ_CHECK(moves.size >= 0 && moves.size <= MAX_MOVES, "%s: %d legal moves", where, moves.size);
    FUZZ_CHECK(count_legal_moves(pos) == moves.size, "%s: count_legal_moves disagrees with the list in %s", where,
               fen.c_str());
    const MoveList noisy = generate_moves<GenType::NOISY>(pos);
    const MoveList quiet = generate_moves<GenType::QUIET>(pos);
    FUZZ_CHECK(noisy.size + quiet.size == moves.size, "%s: noisy %d + quiet %d != all %d in %s", where, noisy.size,
               quiet.size, moves.size, fen.c_str());
    for (Move m : noisy) FUZZ_CHECK(moves.contains(m) && !quiet.contains(m), "%s: bad noisy move", where);
    for (Move m : moves) {
        const std::string uci = move_to_uci(pos, m);  // as the engine writes it (Chess960: king takes rook)
        Result<Move> parsed = parse_uci_move(pos, uci);
        FUZZ_CHECK(parsed.ok() && parsed.value() == m, "%s: %s does not read back in %s", where, uci.c_str(), fen.c_str());
        const std::string san = move_to_san(pos, m);
        Result<Move> from_san = parse_san(pos, san);
        FUZZ_CHECK(from_san.ok() && from_san.value() == m, "%s: SAN %s of %s does not read back in %s: %s", where,
                   san.c_str(), uci.c_str(), fen.c_str(), from_san.ok() ? "another move" : from_san.error().c_str());
        pos.do_move(m);
        const std::string after = pos.consistency_error();
        FUZZ_CHECK(after.empty(), "%s: %s after %s from %s", where, after.c_str(), uci.c_str(), fen.c_str());
        pos.undo_move(m);
        FUZZ_CHECK(pos.key() == key && pos.fen() == fen, "%s: undoing %s gives %s instead of %s", where, uci.c_str(),
                   pos.fen().c_str(), fen.c_str());
    }
}

}  // namespace mainline::fuzz
