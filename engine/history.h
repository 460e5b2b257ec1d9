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
// earlier move][piece_to of this one]); the search consults it for the moves one, two and four
// plies back (CONTINUATION_PLIES), as a quiet move's worth depends on what came before.
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

// Capture history: how often a capture by a given piece to a given square of a given victim
// refuted positions; it orders captures among those of the same exchange outcome.
class CaptureHistory {
public:
    using Entry = StatsEntry<std::int16_t, search_params::HISTORY_MAX>;
    Entry& at(int piece_to, PieceType victim) { return table_[std::size_t(piece_to) * PIECE_TYPE_NB + std::size_t(victim)]; }
    int at(int piece_to, PieceType victim) const { return table_[std::size_t(piece_to) * PIECE_TYPE_NB + std::size_t(victim)]; }
    void clear() { std::fill(table_.begin(), table_.end(), Entry{}); }

private:
    std::vector<Entry> table_ = std::vector<Entry>(std::size_t(PIECE_TO_NB) * PIECE_TYPE_NB);
};

// The bonus (and, negated, the malus) a history entry gets for a result at `depth`: steep enough
// that the tables' values spread over their range and mean something to ordering and reductions.
constexpr int history_bonus(int depth) {
    using namespace search_params;
    return depth * HISTORY_BONUS_PER_PLY - HISTORY_BONUS_OFFSET < HISTORY_BONUS_MAX
               ? depth * HISTORY_BONUS_PER_PLY - HISTORY_BONUS_OFFSET
               : HISTORY_BONUS_MAX;
}

// Correction history: how far searches found the static evaluation off, by side to move and by
// parts of the position that searches of it tend to misjudge alike: the pawn structure, each
// side's pieces other than pawns, and the two moves that led here (in 1/CORRECTION_GRAIN cp).
// It steers pruning only: the score of a line is always the plain evaluation at its end.
class CorrectionHistory {
public:
    using Entry = StatsEntry<std::int16_t, search_params::CORRECTION_MAX>;
    // `previous`: piece_to of the moves one and two plies back (-1: none).
    int correction(const Position& pos, int previous0, int previous1) const {
        using namespace search_params;
        const Color us = pos.side_to_move();
        int sum = CORRECTION_WEIGHT_PAWN * pawn_[index(us, pawn_hash(pos))];
        if (CORRECTION_NON_PAWN)
            sum += CORRECTION_WEIGHT_NON_PAWN * (white_[index(us, piece_hash(pos, WHITE))] + black_[index(us, piece_hash(pos, BLACK))]);
        if (CORRECTION_CONTINUATION && previous0 >= 0 && previous1 >= 0)
            sum += CORRECTION_WEIGHT_CONTINUATION * continuation_[continuation_index(us, previous0, previous1)];
        return sum / (CORRECTION_GRAIN * CORRECTION_WEIGHT_UNIT);
    }
    // `error`: the searched score minus the static evaluation, learned in proportion to depth.
    void update(const Position& pos, int previous0, int previous1, int error, int depth) {
        using namespace search_params;
        const Color us = pos.side_to_move();
        const int bonus = std::clamp(error * depth * CORRECTION_GRAIN / 8, -CORRECTION_MAX / 4, CORRECTION_MAX / 4);
        pawn_[index(us, pawn_hash(pos))] << bonus;
        if (CORRECTION_NON_PAWN) {
            white_[index(us, piece_hash(pos, WHITE))] << bonus;
            black_[index(us, piece_hash(pos, BLACK))] << bonus;
        }
        if (CORRECTION_CONTINUATION && previous0 >= 0 && previous1 >= 0)
            continuation_[continuation_index(us, previous0, previous1)] << bonus;
    }
    void clear() {
        for (auto* t : {&pawn_, &white_, &black_, &continuation_}) std::fill(t->begin(), t->end(), Entry{});
    }

private:
    static std::uint64_t pawn_hash(const Position& pos) {
        return (pos.pieces(WHITE, PAWN) * 0x9E3779B97F4A7C15ULL) ^ (pos.pieces(BLACK, PAWN) * 0xC2B2AE3D27D4EB4FULL);
    }
    static std::uint64_t piece_hash(const Position& pos, Color c) {
        return (pos.pieces(c, KNIGHT, BISHOP) * 0x9E3779B97F4A7C15ULL) ^ (pos.pieces(c, ROOK, QUEEN) * 0xC2B2AE3D27D4EB4FULL) ^
               (pos.pieces(c, KING) * 0xD6E8FEB86659FD93ULL) ^ (pos.pieces(c, BISHOP, QUEEN) * 0xA0761D6478BD642FULL);
    }
    static std::size_t index(Color us, std::uint64_t h) {
        return std::size_t(us) * search_params::CORRECTION_SIZE + std::size_t(h >> 50) % search_params::CORRECTION_SIZE;
    }
    static std::size_t continuation_index(Color us, int previous0, int previous1) {
        return index(us, (std::uint64_t(previous1) * PIECE_TO_NB + std::uint64_t(previous0)) * 0x9E3779B97F4A7C15ULL);
    }
    std::vector<Entry> pawn_ = std::vector<Entry>(std::size_t(COLOR_NB) * search_params::CORRECTION_SIZE);
    std::vector<Entry> white_ = std::vector<Entry>(std::size_t(COLOR_NB) * search_params::CORRECTION_SIZE);
    std::vector<Entry> black_ = std::vector<Entry>(std::size_t(COLOR_NB) * search_params::CORRECTION_SIZE);
    std::vector<Entry> continuation_ = std::vector<Entry>(std::size_t(COLOR_NB) * search_params::CORRECTION_SIZE);
};

struct Histories {
    ButterflyHistory butterfly;
    ContinuationHistory continuation;
    CaptureHistory captures;
    CounterMoves countermoves;
    CorrectionHistory correction;

    void clear() {
        butterfly.clear();
        captures.clear();
        continuation.clear();
        countermoves.clear();
        correction.clear();
    }
};

}  // namespace mainline
