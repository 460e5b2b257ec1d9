// Move notation: UCI long algebraic (e2e4, e7e8q, castling as e1g1) and Standard Algebraic
// Notation (Nf3, exd6, O-O, e8=Q+). Parsers check legality and say why a move was refused.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace mainline {

std::string move_to_uci(Move m);  // "0000" for Move::none()
Result<Move> parse_uci_move(const Position& pos, std::string_view text);

// `m` must be legal in `pos`.
std::string move_to_san(const Position& pos, Move m);
Result<Move> parse_san(const Position& pos, std::string_view text);

// SAN of a whole line of legal moves starting at `pos`.
std::vector<std::string> line_to_san(const Position& pos, const Move* moves, int count);

}  // namespace mainline
