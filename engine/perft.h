// Perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard test of
// a move generator. The last ply is counted, not played ("bulk counting").
#pragma once

#include <cstdint>
#include <vector>

#include "position.h"

namespace mainline {

std::uint64_t perft(Position& pos, int depth);

struct PerftEntry {
    Move move = Move::none();
    std::uint64_t nodes;
};

// Per-root-move counts, in generation order (what `go perft` prints).
std::vector<PerftEntry> perft_divide(Position& pos, int depth);

}  // namespace mainline
