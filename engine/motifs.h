// What happens along a line, in facts that can be checked: the material balance after every ply,
// the captures, how the line ends (mate in N, and which pattern of mate), and the tactical motifs
// each move makes (fork, pin, skewer, discovered attack or check, double check, a piece left
// hanging, promotion, exchange sacrifice, perpetual check), and the motifs that only the line's
// continuation shows (removal of the defender, an overloaded defender, a trapped piece, an
// in-between move: each stated only when the line then wins what it threatens). The web API turns these into
// sentences (web/src/explain.js), and says only what these facts support.
//
// Every motif is found on the position after the move that makes it, from the board alone
// (attacks, lines, piece values), and names its squares, so that a sentence built from it can
// be checked again against the line: a fork's targets are both attacked after the move, a
// claimed material gain is the balance's change along the line, a mate is the line's end.
#pragma once

#include <string>
#include <vector>

#include "position.h"

namespace mainline::motifs {

// Material in the units players count: pawn 1, knight and bishop 3, rook 5, queen 9.
constexpr int PIECE_POINTS[PIECE_TYPE_NB] = {0, 1, 3, 3, 5, 9, 0};

enum class Kind {
    FORK,               // the moved piece attacks two or more pieces worth attacking
    PIN,                // the moved piece pins a piece to its king (absolute) or to a more valuable one
    SKEWER,             // the moved piece attacks a valuable piece with a lesser one behind it
    DISCOVERED_ATTACK,  // moving unmasks a line piece that now attacks a valuable piece
    DISCOVERED_CHECK,   // moving unmasks a check
    DOUBLE_CHECK,       // two pieces give check at once
    HANGING,            // after the move, a piece of the mover is attacked and not defended enough
    PROMOTION,          // a pawn promotes
    EXCHANGE_SACRIFICE, // a rook is given for a bishop or knight (the line's captures show it); unlike the
                        // others, `by` is the side that gives the rook, `ply`/`square`/`piece` are
                        // the capture of that rook, and the target is the rook
    CAPTURE,            // a capture (what was taken, by what)
    // Found from the continuation too; each only when the line shows it paying off.
    REMOVAL_OF_DEFENDER,  // a capture of the only guard of another piece (targets: the guard, the
                          // piece), which the line then takes undefended and ends ahead
    OVERLOADED,           // a capture of a piece whose only guard alone guards another attacked
                          // piece (targets: the guard, the captured piece, the other); the guard
                          // takes back or moves, the other falls undefended, the line ends ahead
    TRAPPED,              // after the move a piece of theirs is newly attacked and every move of it
                          // is lost too (targets: where it stands, where the line takes it if
                          // elsewhere); the line takes it and ends ahead
    ZWISCHENZUG,          // after the other side's capture, a check or a bigger threat instead of
                          // the recapture that was there (targets: the piece that could be taken
                          // back, the king or threatened piece); the capture back comes next move
};

// Why the line ended, when it ends by the rules.
enum class End { NONE, CHECKMATE, STALEMATE, REPETITION, FIFTY_MOVES, INSUFFICIENT_MATERIAL };
enum class MatePattern { NONE, BACK_RANK, SMOTHERED };

struct Motif {
    Kind kind;
    int ply;            // the move of the line that makes it (0 = the first)
    Color by;           // who plays that move
    Square square;      // the piece that does it, where it stands after the move
    Piece piece;        // that piece
    // The pieces it concerns (fork: the attacked ones; pin/skewer: front then back; discovered:
    // the attacked piece; hanging: the piece itself; capture: the captured piece), at most 4.
    Square targets[4];
    Piece target_pieces[4];
    int target_count = 0;
    bool absolute = false;  // PIN: to the king; FORK/DISCOVERED_ATTACK/SKEWER: the king is a target
};

struct LineFacts {
    int plies = 0;                 // moves of the line that were legal and made
    Color first = WHITE;           // side to move at the start
    // balance[i]: material (PIECE_POINTS) of `first` minus the other side's, after i plies.
    std::vector<int> balance;
    End end = End::NONE;
    MatePattern mate_pattern = MatePattern::NONE;
    int mate_moves = 0;            // CHECKMATE: moves of the mating side in the line
    bool perpetual = false;        // REPETITION reached while one side checked on each of its moves
    Color perpetual_by = WHITE;
    std::vector<Motif> motifs;
    std::string error;             // a move of the line was illegal: the facts stop before it
};

// The facts of `line` (moves in order from `pos`); stops at the first illegal move (with `error`).
LineFacts analyse_line(const Position& pos, const std::vector<Move>& line);

// Pieces of `side` that the other side attacks and `side` does not defend, or that a cheaper piece
// attacks (kings excluded): the "hanging" pieces of a position.
Bitboard hanging_pieces(const Position& pos, Color side);

std::string_view to_string(Kind k);
std::string_view to_string(End e);
std::string_view to_string(MatePattern p);

}  // namespace mainline::motifs
