#include "tt.h"

#include <cstdint>
#include <cstring>
#include <new>

namespace mainline {

std::string TranspositionTable::resize(std::size_t megabytes) {
    if (megabytes < std::size_t(MIN_MB) || megabytes > std::size_t(MAX_MB))
        return "Hash must be from " + std::to_string(MIN_MB) + " to " + std::to_string(MAX_MB) + " MB";
    if (megabytes == megabytes_ && buckets_) return "";
    // In 64 bits: with a 32-bit size_t (WebAssembly) megabytes << 20 wraps around from 4096 MB
    // on (32768 MB gave a table of 0 buckets, reported as allocated). A table the address
    // space cannot hold fails like any allocation that finds no memory.
    const std::uint64_t wanted = std::uint64_t(megabytes) * 1024 * 1024 / sizeof(Bucket);
    const std::size_t count = wanted <= SIZE_MAX / sizeof(Bucket) ? std::size_t(wanted) : 0;
    // Free the old table first: on small devices old and new together may not fit.
    block_.reset();
    buckets_ = nullptr;
    bucket_count_ = 0;
    if (!count || !allocate(count)) {
        const std::size_t fallback = megabytes_ ? megabytes_ : std::size_t(MIN_MB);
        if (allocate(fallback * 1024 * 1024 / sizeof(Bucket))) megabytes_ = fallback;
        generation_ = 0;
        return "cannot allocate " + std::to_string(megabytes) + " MB for the hash table; keeping " +
               std::to_string(megabytes_) + " MB";
    }
    megabytes_ = megabytes;
    generation_ = 0;
    return "";
}

bool TranspositionTable::allocate(std::size_t count) {
    void* raw = count < SIZE_MAX / sizeof(Bucket) - 1 ? std::calloc(count + 1, sizeof(Bucket)) : nullptr;
    if (!raw) return false;
    block_.reset(raw);
    const std::uintptr_t address = reinterpret_cast<std::uintptr_t>(raw);
    buckets_ = reinterpret_cast<Bucket*>((address + alignof(Bucket) - 1) & ~std::uintptr_t(alignof(Bucket) - 1));
    bucket_count_ = count;
    return true;
}

void TranspositionTable::clear() {
    if (buckets_) std::memset(static_cast<void*>(buckets_), 0, bucket_count_ * sizeof(Bucket));
    generation_ = 0;
}

TTHit TranspositionTable::probe(Key key, int ply) const {
    TTHit hit;
    if (!bucket_count_) return hit;
    const Bucket& b = buckets_[index(key)];
    const std::uint32_t key32 = std::uint32_t(key >> 32);
    for (const TTEntry& e : b.entries) {
        if (e.key32 != key32 || e.bound() == BOUND_NONE) continue;
        hit.found = true;
        hit.move = Move::from_raw(e.move);
        hit.score = score_from_tt(e.score, ply);
        hit.eval = e.eval;
        hit.depth = e.depth;
        hit.bound = e.bound();
        return hit;
    }
    return hit;
}

void TranspositionTable::store(Key key, int ply, Move move, int score, int eval, int depth, Bound bound) {
    if (!bucket_count_) return;
    Bucket& b = buckets_[index(key)];
    const std::uint32_t key32 = std::uint32_t(key >> 32);
    TTEntry* victim = &b.entries[0];
    int victim_worth = 1 << 30;
    for (TTEntry& e : b.entries) {
        if (e.key32 == key32 || e.bound() == BOUND_NONE) {
            victim = &e;
            break;
        }
        // Older entries are worth less: each generation of age costs as much as 8 plies of depth.
        const int age = (generation_ - (e.gen_bound >> 2)) & 63;
        const int worth = e.depth - 8 * age;
        if (worth < victim_worth) victim_worth = worth, victim = &e;
    }
    // Keep a known best move when the new result has none (a fail-low).
    if (victim->key32 == key32 && !move.is_ok()) move = Move::from_raw(victim->move);
    // Don't let a shallow non-exact result overwrite a deeper one for the same position.
    if (victim->key32 == key32 && bound != BOUND_EXACT && depth + 2 < victim->depth &&
        ((generation_ - (victim->gen_bound >> 2)) & 63) == 0)
        return;
    victim->key32 = key32;
    victim->move = move.raw();
    victim->score = std::int16_t(score_to_tt(score, ply));
    victim->eval = std::int16_t(eval);
    victim->depth = std::uint8_t(depth < 0 ? 0 : depth > 255 ? 255 : depth);
    victim->gen_bound = std::uint8_t((generation_ << 2) | bound);
}

int TranspositionTable::hashfull() const {
    if (!bucket_count_) return 0;
    int used = 0, total = 0;
    for (std::size_t i = 0; i < bucket_count_ && i < 200; ++i)
        for (const TTEntry& e : buckets_[i].entries) {
            ++total;
            used += e.bound() != BOUND_NONE && (e.gen_bound >> 2) == generation_;
        }
    return total ? used * 1000 / total : 0;
}

}  // namespace mainline
