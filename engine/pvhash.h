// Hyatt's separate PV table: exact-score PV nodes store their whole line here, keyed by the
// position's hash, so that an exact hash hit at a PV node can splice in the line below it
// instead of cutting the PV short. It is small (PV nodes are rare) and always-replace.
#pragma once

#include <cstdint>
#include <vector>

#include "pv.h"
#include "search_params.h"

namespace mainline {

class PvHashTable {
public:
    struct Entry {
        Key key = 0;
        std::int16_t score = 0;  // relative to the node, like the main hash table's
        std::uint8_t depth = 0;
        std::uint8_t length = 0;
        // The fifty-move counter at the node: the line's last evaluation depends on it
        // (fifty_move_scaled), so a line is spliced only where the counter is the same.
        std::uint8_t rule50 = 0;
        PvEnd end = PvEnd::LEAF;
        bool used = false;
        Move moves[search_params::PV_HASH_MAX_LINE];
    };

    PvHashTable() : entries_(std::size_t(1) << search_params::PV_HASH_BITS) {}

    void clear() {
        for (Entry& e : entries_) e.used = false;
    }
    // Lines too long to keep whole are not stored: a cut line could not explain its score.
    void store(Key key, int rule50, int depth, int node_score, const PvLine& line) {
        if (line.length > search_params::PV_HASH_MAX_LINE) return;
        Entry& e = entries_[index(key)];
        e.key = key;
        e.score = std::int16_t(node_score);
        e.depth = std::uint8_t(depth < 0 ? 0 : depth > 255 ? 255 : depth);
        e.length = std::uint8_t(line.length);
        e.rule50 = rule50_byte(rule50);
        e.end = line.end;
        e.used = true;
        for (int i = 0; i < line.length; ++i) e.moves[i] = line.moves[i];
    }
    // The counter as an entry keeps it: past 255 the rule has long decided, so all such counts
    // are one.
    static std::uint8_t rule50_byte(int rule50) { return std::uint8_t(rule50 > 255 ? 255 : rule50); }
    const Entry* probe(Key key) const {
        const Entry& e = entries_[index(key)];
        return e.used && e.key == key ? &e : nullptr;
    }

private:
    // The high bits: the low ones already pick the main table's bucket.
    std::size_t index(Key key) const { return std::size_t(key >> (64 - search_params::PV_HASH_BITS)); }
    std::vector<Entry> entries_;
};

}  // namespace mainline
