// The transposition table: five 12-byte entries per 64-byte bucket (one cache line). An entry
// is replaced by depth and age, so deep results from the current search survive longest.
//
// Threads share one table without locks (Lazy SMP): an entry is a 64-bit data word and a 32-bit
// key word stored as key ^ the data's two halves, each read and written atomically. Two threads
// writing one entry at once can leave one's key beside the other's data; the XOR makes such an
// entry miss instead of handing a position another position's result.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "types.h"

namespace mainline {

enum Bound : std::uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

struct TTHit {
    bool found = false;
    Move move = Move::none();
    int score = 0;  // already converted from "mate in N from this node" to "from the root"
    int eval = 0;
    int depth = 0;
    Bound bound = BOUND_NONE;
    bool pv = false;  // the position was searched as a PV node when this was stored (or before)
};

class TranspositionTable {
public:
    static constexpr int MIN_MB = 1;
    static constexpr int MAX_MB = 32768;

    TranspositionTable() = default;
    // Returns "" on success; on failure (no memory) the old table is kept and the error says so.
    std::string resize(std::size_t megabytes);
    std::size_t size_mb() const { return megabytes_; }
    void clear();
    void new_search() { generation_ = std::uint8_t((generation_ + 1) & 63); }

    TTHit probe(Key key, int ply) const;
    void store(Key key, int ply, Move move, int score, int eval, int depth, Bound bound, bool pv = false);
    void prefetch(Key key) const { __builtin_prefetch(&buckets_[index(key)]); }
    // Permille of sampled entries written during the current search (UCI `hashfull`).
    int hashfull() const;

private:
    static constexpr int ENTRIES_PER_BUCKET = 5;
    // One entry's data word: move (bits 0-15), score (16-31), static evaluation (32-47), depth
    // (48-54), PV flag (55), generation << 2 | bound (56-63). All zero: an empty entry
    // (BOUND_NONE).
    struct Entry {
        std::uint64_t data;
        std::uint32_t key32;  // what the entry's key word says once the data is XORed out
        Move move() const { return Move::from_raw(std::uint16_t(data)); }
        int score() const { return std::int16_t(data >> 16); }
        int eval() const { return std::int16_t(data >> 32); }
        int depth() const { return int((data >> 48) & 0x7f); }
        bool pv() const { return (data >> 55) & 1; }
        int generation() const { return int(data >> 58); }
        Bound bound() const { return Bound((data >> 56) & 3); }
    };
    struct alignas(64) Bucket {
        std::uint32_t keys[ENTRIES_PER_BUCKET];
        std::uint32_t padding;
        std::uint64_t data[ENTRIES_PER_BUCKET];
    };
    static_assert(sizeof(Bucket) == 64);
    static std::uint32_t fold(std::uint64_t data) { return std::uint32_t(data) ^ std::uint32_t(data >> 32); }
    static Entry read(const Bucket& b, int i);
    static void write(Bucket& b, int i, std::uint32_t key32, std::uint64_t data);

    std::size_t index(Key key) const { return std::size_t((std::uint64_t(std::uint32_t(key)) * bucket_count_) >> 32); }

    // Zeroed memory (calloc): a fresh table costs nothing until used, since the system hands out
    // zero pages lazily; aligned to a cache line inside the block.
    struct FreeBlock {
        void operator()(void* p) const { std::free(p); }
    };
    bool allocate(std::size_t count);
    std::unique_ptr<void, FreeBlock> block_;
    Bucket* buckets_ = nullptr;
    std::size_t bucket_count_ = 0;
    std::size_t megabytes_ = 0;
    std::uint8_t generation_ = 0;
};

// Mate scores are stored relative to the node, so that a transposition at another ply reads the
// right distance to mate.
constexpr int SCORE_MATE = 32000;
constexpr int SCORE_MATE_IN_MAX_PLY = SCORE_MATE - MAX_PLY;
constexpr int SCORE_INFINITE = 32001;
constexpr int SCORE_NONE = 32002;
constexpr int mate_in(int ply) { return SCORE_MATE - ply; }
constexpr int mated_in(int ply) { return -SCORE_MATE + ply; }
constexpr bool is_mate_score(int score) { return score >= SCORE_MATE_IN_MAX_PLY || score <= -SCORE_MATE_IN_MAX_PLY; }

constexpr int score_to_tt(int score, int ply) {
    return score >= SCORE_MATE_IN_MAX_PLY ? score + ply : score <= -SCORE_MATE_IN_MAX_PLY ? score - ply : score;
}
constexpr int score_from_tt(int score, int ply) {
    return score >= SCORE_MATE_IN_MAX_PLY ? score - ply : score <= -SCORE_MATE_IN_MAX_PLY ? score + ply : score;
}

}  // namespace mainline
