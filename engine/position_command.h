// Positions given as text: a start (the start position or a FEN) and a list of moves. The UCI
// `position` command and the web API's positions both come through here, so they accept the
// same start positions and moves and report a bad one with the same words, down to which move
// of the list failed.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "position.h"
#include "result.h"

namespace mainline {

// The notations a moves list may use. UCI's `position` takes UCI moves only, as the protocol
// says; the web API also takes SAN, since that is what people and PGN files write.
enum class MoveNotation { UCI, UCI_OR_SAN };

// One move in UCI (e2e4, e7e8q) or, failing that, SAN (e4, Nf3, O-O). When both fail, the
// error is the UCI parser's if the text looks like a UCI move (a square, then a square), else
// the SAN parser's, so the message speaks the notation the writer meant.
Result<Move> parse_any_move(const Position& pos, std::string_view text);

// Called with each move of a list and the position before it (to write the move's SAN, say).
using OnMove = std::function<void(const Position& before, Move move)>;

// Plays `moves` from `pos`. The error of a move that cannot be read or is not legal ends with
// "(move K of the moves list)", K counting from 1.
Result<Position> play_moves(Position pos, const std::vector<std::string_view>& moves, MoveNotation notation,
                            const OnMove& on_move = {});

// UCI `position`'s arguments: "startpos" | "fen <FEN words>", then optionally "moves m1 m2 ...".
// The error names the bad part.
Result<Position> parse_position_command(const std::vector<std::string_view>& args,
                                        MoveNotation notation = MoveNotation::UCI);

// The web API's form: `start` is a FEN, or "startpos" or "" for the start position; then the
// moves. A bad FEN's error starts with "bad FEN: ", as in parse_position_command.
Result<Position> build_position(std::string_view start, const std::vector<std::string_view>& moves,
                                 MoveNotation notation = MoveNotation::UCI_OR_SAN, const OnMove& on_move = {});

}  // namespace mainline
