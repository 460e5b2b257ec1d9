#include "cycle.h"

#include <algorithm>
#include <utility>

#include "bitboard.h"
#include "movegen.h"

namespace mainline {

namespace {

// Every reversible move of a piece other than a pawn (a piece between two squares it attacks on
// an empty board), keyed by how it changes the position's key: the two squares' piece keys and the
// side key. 3,668 moves in a table of 8,192 with two places per key (cuckoo hashing), so one key
// is found in at most two reads.
class ReversibleMoves {
public:
    static constexpr unsigned SIZE = 8192;

    ReversibleMoves() {
        for (Color c : {WHITE, BLACK})
            for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING}) {
                const Piece pc = make_piece(c, pt);
                for (int a = 0; a < 64; ++a)
                    for (int b = a + 1; b < 64; ++b)
                        if (attacks_bb(pt, Square(a), 0) & square_bb(Square(b)))
                            insert(zobrist::piece_square(pc, Square(a)) ^ zobrist::piece_square(pc, Square(b)) ^
                                       zobrist::side(),
                                   Move(Square(a), Square(b)));
            }
    }

    // The move whose key change is `diff`, or none.
    Move find(Key diff) const {
        if (keys_[first(diff)] == diff) return moves_[first(diff)];
        if (keys_[second(diff)] == diff) return moves_[second(diff)];
        return Move::none();
    }

private:
    static unsigned first(Key k) { return unsigned(k) & (SIZE - 1); }
    static unsigned second(Key k) { return unsigned(k >> 16) & (SIZE - 1); }

    // Each entry displaced goes to its other place until one lands in an empty slot.
    void insert(Key key, Move move) {
        unsigned i = first(key);
        while (true) {
            std::swap(keys_[i], key);
            std::swap(moves_[i], move);
            if (!move.is_ok()) return;
            i = i == first(key) ? second(key) : first(key);
        }
    }

    Key keys_[SIZE] = {};
    Move moves_[SIZE] = {};
};

// Built on first use (it needs the Zobrist keys and the attack tables, which other files
// initialise) and read-only afterwards.
const ReversibleMoves& reversible_moves() {
    static const ReversibleMoves table;
    return table;
}

}  // namespace

bool has_upcoming_repetition(const Position& pos, int ply) {
    const StateInfo& now = pos.state();
    const int end = std::min({now.rule50, now.plies_from_null, pos.history_length(), ply - 1});
    if (end < 3) return false;
    // `opponent` is the XOR of the key changes of the opponent's moves since `i` plies ago: zero
    // when those moves left the opponent's pieces where they were, so that the two positions differ
    // by the side to move's pieces alone; a single move may then lead back.
    Key opponent = now.key ^ pos.earlier_state(1).key ^ zobrist::side();
    for (int i = 3; i <= end; i += 2) {
        opponent ^= pos.earlier_state(i).key ^ pos.earlier_state(i - 1).key ^ zobrist::side();
        if (opponent != 0) continue;
        const Move m = reversible_moves().find(now.key ^ pos.earlier_state(i).key);
        if (!m.is_ok()) continue;
        // The table holds each pair of squares once: the move goes from whichever is occupied.
        const Move move = pos.empty(m.from()) ? Move(m.to(), m.from()) : m;
        if (is_legal(pos, move)) return true;
    }
    return false;
}

}  // namespace mainline
