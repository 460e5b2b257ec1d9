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

// Relaxed atomic loads and stores: plain moves on x86 and in single-threaded WebAssembly, and no
// data race for the threads of a search (or ThreadSanitizer) to trip over.
TranspositionTable::Entry TranspositionTable::read(const Bucket& b, int i) {
    const std::uint64_t data = __atomic_load_n(&b.data[i], __ATOMIC_RELAXED);
    return {data, __atomic_load_n(&b.keys[i], __ATOMIC_RELAXED) ^ fold(data)};
}

void TranspositionTable::write(Bucket& b, int i, std::uint32_t key32, std::uint64_t data) {
    __atomic_store_n(&b.data[i], data, __ATOMIC_RELAXED);
    __atomic_store_n(&b.keys[i], key32 ^ fold(data), __ATOMIC_RELAXED);
}

TTHit TranspositionTable::probe(Key key, int ply) const {
    TTHit hit;
    if (!bucket_count_) return hit;
    const Bucket& b = buckets_[index(key)];
    const std::uint32_t key32 = std::uint32_t(key >> 32);
    for (int i = 0; i < ENTRIES_PER_BUCKET; ++i) {
        const Entry e = read(b, i);
        if (e.key32 != key32 || e.bound() == BOUND_NONE) continue;
        hit.found = true;
        hit.move = e.move();
        hit.score = score_from_tt(e.score(), ply);
        hit.eval = e.eval();
        hit.depth = e.depth();
        hit.bound = e.bound();
        hit.pv = e.pv();
        return hit;
    }
    return hit;
}

void TranspositionTable::store(Key key, int ply, Move move, int score, int eval, int depth, Bound bound, bool pv) {
    if (!bucket_count_) return;
    Bucket& b = buckets_[index(key)];
    const std::uint32_t key32 = std::uint32_t(key >> 32);
    int victim = 0;
    Entry old = read(b, 0);
    int victim_worth = 1 << 30;
    for (int i = 0; i < ENTRIES_PER_BUCKET; ++i) {
        const Entry e = i == 0 ? old : read(b, i);
        if (e.key32 == key32 || e.bound() == BOUND_NONE) {
            victim = i, old = e;
            break;
        }
        // Older entries are worth less: each generation of age costs as much as 8 plies of depth.
        const int age = (generation_ - e.generation()) & 63;
        const int worth = e.depth() - 8 * age;
        if (worth < victim_worth) victim_worth = worth, victim = i, old = e;
    }
    // Keep a known best move when the new result has none (a fail-low).
    if (old.key32 == key32 && !move.is_ok()) move = old.move();
    // Don't let a shallow non-exact result overwrite a deeper one for the same position.
    if (old.key32 == key32 && bound != BOUND_EXACT && depth + 2 < old.depth() && ((generation_ - old.generation()) & 63) == 0)
        return;
    const std::uint64_t stored_depth = std::uint64_t(depth < 0 ? 0 : depth > 127 ? 127 : depth) | std::uint64_t(pv) << 7;
    write(b, victim, key32,
          std::uint64_t(move.raw()) | std::uint64_t(std::uint16_t(score_to_tt(score, ply))) << 16 |
              std::uint64_t(std::uint16_t(eval)) << 32 | stored_depth << 48 |
              std::uint64_t((generation_ << 2) | bound) << 56);
}

int TranspositionTable::hashfull() const {
    if (!bucket_count_) return 0;
    int used = 0, total = 0;
    for (std::size_t i = 0; i < bucket_count_ && i < 200; ++i)
        for (int j = 0; j < ENTRIES_PER_BUCKET; ++j) {
            const Entry e = read(buckets_[i], j);
            ++total;
            used += e.bound() != BOUND_NONE && e.generation() == generation_;
        }
    return total ? used * 1000 / total : 0;
}

}  // namespace mainline
