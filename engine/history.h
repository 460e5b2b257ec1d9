// What the search learns about moves and positions as it goes: history tables for quiet-move
// ordering, countermoves, and the correction history of the static evaluation. One Histories
// object belongs to one searcher; nothing here is shared between searches running at once.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "position.h"
#include "search_params.h"

namespace mainline {

// One learned score with gravity: the further it is from zero, the less a new result moves it,
// so it stays inside (-Max, Max) and recent results outweigh old ones. The decay is written here
// once for every table.
template <typename T, int Max>
class StatsEntry {
public:
    operator int() const { return value_; }
    void operator<<(int bonus) { value_ = T(value_ + bonus - value_ * std::abs(bonus) / Max); }
    void clear() { value_ = 0; }

private:
    T value_ = 0;
};

// The index of a move in the continuation history and countermove tables: the moving piece and
// its destination, taken before the move is made.
inline int piece_to(const Position& pos, Move m) { return int(pos.piece_on(m.from())) * 64 + m.to(); }
constexpr int PIECE_TO_NB = PIECE_NB * 64;

// Butterfly history: how often a quiet move from one square to another refuted positions, by
// the side that played it.
class ButterflyHistory {
public:
    using Entry = StatsEntry<int, search_params::HISTORY_MAX>;
    Entry& at(Color c, Move m) { return table_[(std::size_t(c) * 64 + m.from()) * 64 + m.to()]; }
    int at(Color c, Move m) const { return table_[(std::size_t(c) * 64 + m.from()) * 64 + m.to()]; }
    void clear() { std::fill(table_.begin(), table_.end(), Entry{}); }

private:
    std::vector<Entry> table_ = std::vector<Entry>(std::size_t(COLOR_NB) * 64 * 64);
};

// Continuation history: a quiet move's worth after a given earlier move ([piece_to of the
// earlier move][piece_to of this one]); the search consults it for the moves one and two plies
// back, as a quiet move's worth depends on what came before.
class ContinuationHistory {
public:
    using Entry = StatsEntry<std::int16_t, search_params::HISTORY_MAX>;
    Entry& at(int previous, int current) { return table_[std::size_t(previous) * PIECE_TO_NB + std::size_t(current)]; }
    int at(int previous, int current) const { return table_[std::size_t(previous) * PIECE_TO_NB + std::size_t(current)]; }
    void clear() { std::fill(table_.begin(), table_.end(), Entry{}); }

private:
    std::vector<Entry> table_ = std::vector<Entry>(std::size_t(PIECE_TO_NB) * PIECE_TO_NB);
};

// The quiet move that last refuted each opponent move (by its piece_to).
class CounterMoves {
public:
    Move& at(int previous) { return table_[std::size_t(previous)]; }
    Move at(int previous) const { return table_[std::size_t(previous)]; }
    void clear() { std::fill(table_.begin(), table_.end(), Move::none()); }

private:
    std::vector<Move> table_ = std::vector<Move>(std::size_t(PIECE_TO_NB), Move::none());
};

// Correction history: how far searches found the static evaluation off, by side to move and
// pawn structure (in 1/CORRECTION_GRAIN cp). It steers pruning only: the score of a line is
// always the plain evaluation at its end.
class CorrectionHistory {
public:
    using Entry = StatsEntry<std::int16_t, search_params::CORRECTION_MAX>;
    int correction(const Position& pos) const { return table_[index(pos)] / search_params::CORRECTION_GRAIN; }
    // `error`: the searched score minus the static evaluation, learned in proportion to depth.
    void update(const Position& pos, int error, int depth) {
        using namespace search_params;
        table_[index(pos)] << std::clamp(error * depth * CORRECTION_GRAIN / 8, -CORRECTION_MAX / 4, CORRECTION_MAX / 4);
    }
    void clear() { std::fill(table_.begin(), table_.end(), Entry{}); }

private:
    static std::size_t index(const Position& pos) {
        const std::uint64_t h =
            (pos.pieces(WHITE, PAWN) * 0x9E3779B97F4A7C15ULL) ^ (pos.pieces(BLACK, PAWN) * 0xC2B2AE3D27D4EB4FULL);
        return std::size_t(pos.side_to_move()) * search_params::CORRECTION_SIZE +
               std::size_t(h >> 50) % search_params::CORRECTION_SIZE;
    }
    std::vector<Entry> table_ = std::vector<Entry>(std::size_t(COLOR_NB) * search_params::CORRECTION_SIZE);
};

struct Histories {
    ButterflyHistory butterfly;
    ContinuationHistory continuation;
    CounterMoves countermoves;
    CorrectionHistory correction;

    void clear() {
        butterfly.clear();
        continuation.clear();
        countermoves.clear();
        correction.clear();
    }
};

}  // namespace mainline
