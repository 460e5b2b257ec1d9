// The engine's rules for pages and tools that need them at once, on the main thread: a small
// WebAssembly module of its own (no search, no network) built from the engine's position, move
// generation, FEN and notation, so that the board, the PGN reader and the engine agree on every
// rule, Chess960 included (web/src/rules.js is its JavaScript face: mainline-chess/rules).
//
// A plain C ABI over text, no Emscripten JavaScript: the caller writes NUL-terminated UTF-8 into
// memory from ml_alloc, calls ml_query, reads the NUL-terminated answer and frees both.
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "position_command.h"
#include "rules.h"
#include "uci.h"

using namespace mainline;

namespace {

// ml_query's flags.
constexpr int CHESS960_NOTATION = 1;  // castling written as the king taking its own rook
constexpr int WITH_LEGAL_MOVES = 2;   // list the final position's legal moves

char* to_c(const std::string& s) {
    char* out = static_cast<char*>(std::malloc(s.size() + 1));
    if (!out) return nullptr;
    std::memcpy(out, s.c_str(), s.size() + 1);
    return out;
}

}  // namespace

extern "C" {

__attribute__((export_name("ml_alloc"))) char* ml_alloc(int size) {
    return static_cast<char*>(std::malloc(std::size_t(size > 0 ? size : 1)));
}

__attribute__((export_name("ml_free"))) void ml_free(char* p) { std::free(p); }

// From `fen` ("" or "startpos": the start position) plays `moves` (UCI or SAN, separated by
// spaces) and answers in lines:
//   start <FEN as the engine writes it> <std|960>
//   move <uci> <san> <FEN after>                    one per move played
//   error <K> <message>                             the first move that failed (K from 1); then stops
//   end <status> <checked king's square or ->       how the game stands after the moves played
//   legal <uci> <san> <flags> <king's destination>  with WITH_LEGAL_MOVES, each legal move there
// flags: c castling, x capture, e en passant, p promotion, + check (or - for none of them).
// A bad FEN answers one line: "fen-error <message>".
__attribute__((export_name("ml_query"))) char* ml_query(const char* fen_text, const char* moves_text, int flags) {
    const std::string_view fen(fen_text);
    Result<Position> start = (fen.empty() || fen == "startpos") ? Result<Position>::success(Position())
                                                                : Position::from_fen(fen);
    if (!start) return to_c("fen-error " + start.error() + "\n");
    Position pos = start.value();
    const bool chess960 = (flags & CHESS960_NOTATION) != 0;
    std::string out = "start " + pos.fen() + (pos.chess960() ? " 960\n" : " std\n");

    const std::vector<std::string_view> moves = split_words(moves_text);
    pos.reserve_history(int(moves.size()) + 1);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        Result<Move> m = parse_any_move(pos, moves[i]);
        if (!m) {
            out += "error " + std::to_string(i + 1) + " " + m.error() + "\n";
            break;
        }
        out += "move " + move_to_uci(pos, m.value(), chess960) + " " + move_to_san(pos, m.value()) + " ";
        pos.do_move(m.value());
        out += pos.fen() + "\n";
    }

    const Square checked = pos.in_check() ? pos.king_square(pos.side_to_move()) : SQ_NONE;
    out += "end " + std::string(game_status(pos)) + " " + (checked == SQ_NONE ? "-" : square_name(checked)) + "\n";

    if (flags & WITH_LEGAL_MOVES) {
        for (Move m : legal_moves(pos)) {
            std::string f;
            if (m.kind() == Move::CASTLING) f += 'c';
            if (m.kind() == Move::EN_PASSANT) f += 'e';
            else if (m.kind() != Move::CASTLING && !pos.empty(m.to())) f += 'x';
            if (m.kind() == Move::PROMOTION) f += 'p';
            if (pos.gives_check(m)) f += '+';
            if (f.empty()) f = "-";
            // a castling move's `to` is the king's destination in the engine's encoding
            out += "legal " + move_to_uci(pos, m, chess960) + " " + move_to_san(pos, m) + " " + f + " " +
                   square_name(m.to()) + "\n";
        }
    }
    return to_c(out);
}

}  // extern "C"
