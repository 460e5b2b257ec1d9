// Sfinks' alternate variations: for every root move, its best reply line from the last
// iteration (the first ALT_PLIES plies), tried first along that line in the next iteration.
// Recorded at every node that finds a best move below the root move, PV or not. Off by default
// (docs/pv-methods.md measures it); when off, nothing here does anything.
#pragma once

#include <algorithm>

#include "search_params.h"
#include "types.h"

namespace mainline {

class AltVariations {
public:
    static constexpr int PLIES = search_params::ALT_PLIES;

    // A new search: nothing recorded is followed yet.
    void start(bool enabled) {
        enabled_ = enabled;
        root_line_ = nullptr;
        root_length_ = 0;
        for (Ply& p : plies_) p.on_line = false, p.length = 0;
    }
    bool enabled() const { return enabled_; }

    // The root move whose remembered line (`line`, `length` moves) the next subtree follows.
    void enter_root_move(const Move* line, int length) {
        if (!enabled_) return;
        root_line_ = line;
        root_length_ = length;
        plies_[1].on_line = length > 0;
        plies_[1].length = 0;
    }
    // The root move's subtree is done: its best reply line (if one was found) is remembered.
    void leave_root_move(Move* line, int& length) {
        if (!enabled_) return;
        root_line_ = nullptr;
        if (plies_[1].length > 0) {
            length = plies_[1].length;
            std::copy(plies_[1].reply, plies_[1].reply + length, line);
        }
    }

    // The move to try early at `ply`, or none: only on the remembered line itself.
    Move move_at(int ply) const {
        if (!enabled_ || !plies_[std::size_t(ply)].on_line || !root_line_ || ply < 1 || ply - 1 >= root_length_)
            return Move::none();
        return root_line_[ply - 1];
    }

    // A node starts (or starts over after a nested search at its own ply): no reply line yet.
    void node_start(int ply) {
        if (enabled_) plies_[std::size_t(ply)].length = 0;
    }
    // Move `m` is about to be searched at `ply`; `alt` is move_at(ply).
    void before_child(int ply, Move m, Move alt) {
        if (!enabled_) return;
        plies_[std::size_t(ply) + 1].on_line = plies_[std::size_t(ply)].on_line && m == alt;
        plies_[std::size_t(ply) + 1].length = 0;
    }
    void before_null_move(int ply) {
        if (enabled_) plies_[std::size_t(ply) + 1].on_line = false;
    }
    // `m` is the new best move at `ply`: this node's reply line is `m` and the child's line.
    void new_best(int ply, Move m) {
        if (!enabled_ || ply > PLIES) return;
        Ply& here = plies_[std::size_t(ply)];
        const Ply& child = plies_[std::size_t(ply) + 1];
        here.reply[0] = m;
        const int n = std::min(child.length, PLIES - 1);
        for (int j = 0; j < n; ++j) here.reply[j + 1] = child.reply[j];
        here.length = n + 1;
    }

private:
    struct Ply {
        Move reply[PLIES];
        int length = 0;
        bool on_line = false;  // the path to this node follows the root move's remembered line
    };
    bool enabled_ = false;
    const Move* root_line_ = nullptr;
    int root_length_ = 0;
    Ply plies_[MAX_PLY + 4];
};

}  // namespace mainline
