// Legal move generation. Moves are generated legal (pins and check evasions are resolved while
// generating), so perft can count the moves at the last ply without making them.
#pragma once

#include "position.h"

namespace mainline {

enum class GenType {
    ALL,    // every legal move
    NOISY,  // captures (en passant included) and all promotions
    QUIET,  // the rest: ALL = NOISY + QUIET
};

struct MoveList {
    Move moves[MAX_MOVES];
    int size = 0;

    const Move* begin() const { return moves; }
    const Move* end() const { return moves + size; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }
};

// Writes the legal moves of the given kind to `list` and returns one past the last.
template <GenType Type>
Move* generate(const Position& pos, Move* list);

template <GenType Type = GenType::ALL>
MoveList generate_moves(const Position& pos) {
    MoveList ml;
    ml.size = int(generate<Type>(pos, ml.moves) - ml.moves);
    return ml;
}

inline MoveList legal_moves(const Position& pos) { return generate_moves<GenType::ALL>(pos); }

// The number of legal moves, without listing them (perft's bulk counting).
int count_legal_moves(const Position& pos);

// Whether an arbitrary 16-bit move (from a hash table, a user, ...) is legal here.
bool is_legal(const Position& pos, Move m);

}  // namespace mainline
