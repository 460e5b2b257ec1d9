// The lab: research commands that measure the search rather than play with it. `pvstats`
// compares the PV methods side by side; `bench ... minimal` compares a full-width tree with the
// Knuth-Moore minimal tree. The UCI binaries add them; the web build leaves them out (nothing
// in it refers to this file, so the linker drops it).
#pragma once

#include <cstdint>

#include "search.h"

namespace mainline {

class UciEngine;

struct PvStats {
    int positions = 0;
    int lines = 0;  // exact-score lines checked (every completed iteration of every position)
    int legal = 0, full = 0, consistent = 0;
    std::uint64_t nodes = 0;
    std::uint64_t time_ms = 0;
    PvCounters pv;
};

// Searches the bench positions and, for more variety, the position after each of their first
// five legal moves (about 190 positions) to `depth` with the given options, and checks every
// iteration's line with the PV checker.
PvStats run_pv_stats(int depth, const SearchOptions& options);

// Knuth-Moore's minimal tree for the bench positions at `depth`: B^ceil(D/2) + B^floor(D/2) - 1
// leaves per position, with B the position's own branching factor over a few plies.
double minimal_tree_leaves(int depth);

// Adds `pvstats [depth]` and `bench [depth] minimal [hash MB]` to a UCI front end.
void add_lab_commands(UciEngine& uci);

}  // namespace mainline
