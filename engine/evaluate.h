// Static evaluation: the score of a position, in centipawns, from the side to move's point of
// view. The search calls exactly this at its leaves, so a PV's last position evaluates to the
// PV's score (see pv_check.h).
#pragma once

#include <cstdint>
#include <vector>

#include "eval_weights.h"
#include "position.h"
#include "search_params.h"

namespace mainline {

int evaluate(const Position& pos);

// The pawn-structure terms of recent pawn configurations. Exact: an entry is used only when its
// stored pawns are the position's, so evaluate(pos, cache) always equals evaluate(pos).
class PawnCache {
public:
    struct Entry {
        Bitboard pawns[COLOR_NB] = {~Bitboard(0), ~Bitboard(0)};  // no position has these
        Bitboard passed[COLOR_NB] = {};
        int mg = 0, eg = 0;  // white's terms minus black's
    };
    PawnCache() : entries_(std::size_t(1) << BITS) {}
    Entry& slot(Bitboard white_pawns, Bitboard black_pawns) {
        const std::uint64_t h = (white_pawns * 0x9E3779B97F4A7C15ULL) ^ (black_pawns * 0xC2B2AE3D27D4EB4FULL);
        return entries_[std::size_t(h >> (64 - BITS))];
    }

private:
    static constexpr int BITS = 12;  // 4096 entries, 160 KB: pawn structures change slowly
    std::vector<Entry> entries_;
};
int evaluate(const Position& pos, PawnCache& cache);

namespace nnue {
class Network;
}
// The evaluation a search with this network (none: the hand-crafted evaluation) uses at its
// leaves, from scratch: what the PV checker replays. Scaled by the fifty-move counter
// (fifty_move_scaled).
int evaluate(const Position& pos, const nnue::Network* network);

// An evaluation `v` shrunk towards a draw as `rule50` (plies since a capture or pawn move) grows
// (search_params::FIFTY_MOVE_SCALING).
inline int fifty_move_scaled(int v, int rule50) {
    if (!search_params::FIFTY_MOVE_SCALING) return v;
    // A FEN may give any counter: past the scale the evaluation is 0, never of the other sign.
    const int left = rule50 < search_params::FIFTY_MOVE_SCALE ? search_params::FIFTY_MOVE_SCALE - rule50 : 0;
    return v * left / search_params::FIFTY_MOVE_SCALE;
}

// The evaluation's terms, for the Texel tuner (tools/tune.cpp): how many times each weight of
// eval_params::EvalWeights was added, white's count minus black's, with the game phase and the
// endgame scale that weighed them. The white-point-of-view score is then
// (mg * phase + eg * scale / SCALE_NORMAL * (MAX_PHASE - phase)) / MAX_PHASE, mg and eg being the
// weights dotted with `count`.
struct EvalTrace {
    static constexpr int MAX_PHASE = 24;
    int count[eval_params::WEIGHT_COUNT] = {};
    int phase = 0;
    int scale = 0;
};
// The same evaluation as above, also filling `trace`.
int evaluate(const Position& pos, EvalTrace& trace);

}  // namespace mainline
