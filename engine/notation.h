// Move notation: UCI long algebraic (e2e4, e7e8q, castling as e1g1, or e1h1 in Chess960) and Standard Algebraic
// Notation (Nf3, exd6, O-O, e8=Q+). Parsers check legality and say why a move was refused.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace mainline {

std::string move_to_uci(Move m);  // "0000" for Move::none(); castling as the king's move (e1g1)
// Castling as Chess960 writes it, the king taking its own rook (e1h1), when `chess960` (the
// UCI_Chess960 option) or when the position is one standard chess cannot have; any other move as
// above. `pos`: a position of the game (the rooks' squares are the game's, not the move's).
std::string move_to_uci(const Position& pos, Move m, bool chess960 = false);
// Castling is read as the king taking its own rook (both variants), or as the king's move to g1 /
// c1 unless that names a king step (possible in Chess960, with the king beside its destination).
Result<Move> parse_uci_move(const Position& pos, std::string_view text);

// `m` must be legal in `pos`.
std::string move_to_san(const Position& pos, Move m);
Result<Move> parse_san(const Position& pos, std::string_view text);

// SAN of a whole line of legal moves starting at `pos`.
std::vector<std::string> line_to_san(const Position& pos, const Move* moves, int count);

}  // namespace mainline
