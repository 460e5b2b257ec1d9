#include "position_command.h"

#include <algorithm>
#include <cstddef>
#include <string>

#include "notation.h"

namespace mainline {

namespace {

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

// A FEN's position; its error starts with "bad FEN: " in both forms of input.
Result<Position> from_fen(std::string_view fen) {
    Result<Position> pos = Position::from_fen(fen);
    if (!pos) return Result<Position>::failure("bad FEN: " + pos.error());
    return pos;
}

}  // namespace

Result<Move> parse_any_move(const Position& pos, std::string_view text) {
    Result<Move> uci = parse_uci_move(pos, text);
    if (uci) return uci;
    Result<Move> san = parse_san(pos, text);
    if (san) return san;
    const bool uci_shaped =
        text.size() >= 4 && is_file(text[0]) && is_rank(text[1]) && is_file(text[2]) && is_rank(text[3]);
    return Result<Move>::failure(uci_shaped ? uci.error() : san.error());
}

Result<Position> play_moves(Position pos, const std::vector<std::string_view>& moves, MoveNotation notation,
                            const OnMove& on_move) {
    pos.reserve_history(int(moves.size()) + 1);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        Result<Move> m = notation == MoveNotation::UCI ? parse_uci_move(pos, moves[i]) : parse_any_move(pos, moves[i]);
        if (!m)
            return Result<Position>::failure(m.error() + " (move " + std::to_string(i + 1) + " of the moves list)");
        if (on_move) on_move(pos, m.value());
        pos.do_move(m.value());
    }
    return Result<Position>::success(std::move(pos));
}

Result<Position> parse_position_command(const std::vector<std::string_view>& args, MoveNotation notation) {
    using R = Result<Position>;
    if (args.empty()) return R::failure("position needs 'startpos' or 'fen <FEN>'");
    std::size_t moves_at = args.size();
    for (std::size_t i = 0; i < args.size(); ++i)
        if (args[i] == "moves") {
            moves_at = i;
            break;
        }
    Result<Position> start = R::failure("");
    if (args[0] == "startpos") {
        if (moves_at != 1) return R::failure("unexpected '" + std::string(args[1]) + "' after startpos (expected 'moves')");
        start = R::success(Position());
    } else if (args[0] == "fen") {
        if (moves_at == 1) return R::failure("position fen: the FEN is missing");
        std::string fen;
        for (std::size_t i = 1; i < moves_at; ++i) {
            if (i > 1) fen += ' ';
            fen += args[i];
        }
        start = from_fen(fen);
        if (!start) return start;
    } else {
        return R::failure("position needs 'startpos' or 'fen <FEN>', not '" + std::string(args[0]) + "'");
    }
    const std::vector<std::string_view> moves(args.begin() + std::ptrdiff_t(std::min(moves_at + 1, args.size())),
                                              args.end());
    return play_moves(std::move(start).value(), moves, notation);
}

Result<Position> build_position(std::string_view start, const std::vector<std::string_view>& moves,
                                MoveNotation notation, const OnMove& on_move) {
    if (start.empty() || start == "startpos") return play_moves(Position(), moves, notation, on_move);
    Result<Position> pos = from_fen(start);
    if (!pos) return pos;
    return play_moves(std::move(pos).value(), moves, notation, on_move);
}

}  // namespace mainline
