// The transposition table: five 12-byte entries per 64-byte bucket (one cache line). An entry
// is replaced by depth and age, so deep results from the current search survive longest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "types.h"

namespace mainline {

enum Bound : std::uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

struct TTEntry {
    std::uint32_t key32;
    std::uint16_t move;
    std::int16_t score;
    std::int16_t eval;
    std::uint8_t depth;
    std::uint8_t gen_bound;  // generation (6 bits) << 2 | bound

    Bound bound() const { return Bound(gen_bound & 3); }
};

struct TTHit {
    bool found = false;
    Move move = Move::none();
    int score = 0;  // already converted from "mate in N from this node" to "from the root"
    int eval = 0;
    int depth = 0;
    Bound bound = BOUND_NONE;
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
    void store(Key key, int ply, Move move, int score, int eval, int depth, Bound bound);
    void prefetch(Key key) const { __builtin_prefetch(&buckets_[index(key)]); }
    // Permille of sampled entries written during the current search (UCI `hashfull`).
    int hashfull() const;

private:
    static constexpr int ENTRIES_PER_BUCKET = 5;
    struct alignas(64) Bucket {
        TTEntry entries[ENTRIES_PER_BUCKET];
        std::uint32_t padding;
    };
    static_assert(sizeof(Bucket) == 64);

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
