// Every search parameter in one place, with why it has its value.
#pragma once

#include <cstddef>

namespace mainline::search_params {

// Aspiration windows: start narrow around the previous score once scores settle (depth 5 on),
// widen by half again on every failure.
constexpr int ASPIRATION_MIN_DEPTH = 5;
constexpr int ASPIRATION_DELTA = 20;

// MultiPV: at most this many lines are searched and reported at once (the option's maximum).
constexpr int MAX_MULTIPV = 64;

// How often (in nodes) the clock, node limit and stop flag are polled, and how often the
// embedder's per-N-nodes callback runs. Both are powers of two so the test is a mask; at
// ~1-2 Mnps (WASM) 2048 nodes is about 1-2 ms, well inside the 50 ms stop budget.
constexpr unsigned POLL_INTERVAL = 2048;
constexpr unsigned CALLBACK_INTERVAL = 8192;
// With a node limit (`go nodes`, weakened levels of a few hundred nodes) poll more often.
constexpr unsigned NODE_LIMIT_POLL_INTERVAL = 64;

// Move ordering scores: hash move, then the alternate variation move, good captures by
// MVV-LVA, promotions, killers, quiet moves by history, then captures that lose material.
constexpr int ORDER_HASH_MOVE = 4'000'000;
constexpr int ORDER_ALT_MOVE = 3'500'000;
constexpr int ORDER_GOOD_CAPTURE = 2'000'000;
constexpr int ORDER_KILLER_1 = 1'000'002;
constexpr int ORDER_KILLER_2 = 1'000'001;
constexpr int ORDER_COUNTERMOVE = 1'000'000;
constexpr int ORDER_BAD_CAPTURE = -2'000'000;
constexpr int HISTORY_MAX = 16384;  // history scores stay in (-HISTORY_MAX, HISTORY_MAX)

// Selectivity, all at non-PV nodes only, so that every PV node is searched to full depth and the
// reported line keeps its promise. Each was kept on an SPRT at fixed nodes (docs/strength.md).
// Null move: give the opponent a free move; if a reduced search still fails high, so would the
// full one. Not in check, not without pieces (zugzwang), not twice in a row.
constexpr bool NULL_MOVE = true;
constexpr int NULL_MOVE_MIN_DEPTH = 3;
constexpr int NULL_MOVE_BASE_REDUCTION = 3;
constexpr int NULL_MOVE_DEPTH_DIVISOR = 4;
// Reverse futility: far above beta near the horizon, a quiet position will not fall below it.
constexpr int RFP_MAX_DEPTH = 6;
constexpr int RFP_MARGIN_PER_PLY = 90;
// Late move reductions: quiet moves late in a well-ordered list rarely matter; search them
// shallower with a null window and again at full depth only if they beat alpha.
constexpr int LMR_MIN_DEPTH = 3;
constexpr int LMR_MIN_MOVE = 3;  // the first moves are never reduced
constexpr double LMR_BASE = 0.75;
constexpr double LMR_DIVISOR = 2.25;
// A quiet move whose histories (main + continuation) are good is reduced less, a bad one more:
// one ply per this much combined history.
constexpr int LMR_HISTORY_DIVISOR = 12288;
// At PV nodes only the null-window scout of a late move is reduced (its PV re-search is at full
// depth, so the reported line keeps its depth), and one ply less than elsewhere.
constexpr bool LMR_PV_NODES = true;

// Futility: near the horizon, a quiet move cannot lift a position far below alpha.
constexpr bool FUTILITY = true;
constexpr int FUTILITY_MAX_DEPTH = 3;
constexpr int FUTILITY_MARGIN_BASE = 100;
constexpr int FUTILITY_MARGIN_PER_PLY = 120;
// Late-move pruning: at low depth, after this many quiet moves (base + depth^2) the rest are skipped.
constexpr bool LATE_MOVE_PRUNING = true;
constexpr int LMP_MAX_DEPTH = 4;
constexpr int LMP_BASE = 3;
// SEE pruning: at low depth, captures losing more than this per ply of depth are skipped.
constexpr bool SEE_PRUNING = true;
constexpr int SEE_PRUNING_MAX_DEPTH = 4;
constexpr int SEE_PRUNING_MARGIN_PER_PLY = 90;
// Internal iterative reduction: a node without a hash move is probably badly ordered; search it
// a ply shallower (its next visit will have the move).
constexpr bool IIR = true;
constexpr int IIR_MIN_DEPTH = 4;

// Singular extensions: when the hash move's stored lower bound is so far above every other move
// that a reduced search of the others (the hash move excluded) fails low against a margin below
// it, the hash move is forced and is searched a ply deeper. If instead the others still beat beta,
// several moves refute this node and it is cut (multi-cut). And when the hash move is not
// singular but its stored bound already beats beta, other moves are as good and the hash move
// is expected to cut anyway: it is searched a ply shallower (+14.9 +- 15.0 at 20k nodes, SPRT H1).
constexpr bool SINGULAR_EXTENSIONS = true;
constexpr int NON_SINGULAR_CUT_EXTENSION = -1;
constexpr int SINGULAR_MIN_DEPTH = 7;
constexpr int SINGULAR_TT_DEPTH_MARGIN = 3;  // the stored bound must come from at least depth - 3
constexpr int SINGULAR_MARGIN_PER_PLY = 2;   // singular beta = stored score - 2 * depth

// Correction history (pruning decisions only): entries per side, their unit (1/GRAIN cp) and bound.
constexpr std::size_t CORRECTION_SIZE = 16384;
constexpr int CORRECTION_GRAIN = 32;
constexpr int CORRECTION_MAX = 32 * 64;  // +-64 cp at most

// Quiescence: a capture that cannot raise the score even when it wins the piece outright plus
// this margin is skipped (delta pruning); it never applies when in check.
constexpr int DELTA_MARGIN = 200;

// Sfinks' alternate variations: how many plies of each root move's best reply line are kept.
constexpr int ALT_PLIES = 4;

// Hyatt's PV hash: a small separate table (2^13 entries) holding whole lines of exact PV nodes.
constexpr int PV_HASH_BITS = 13;
constexpr int PV_HASH_MAX_LINE = 64;

// Time management: with no movestogo, assume this many moves remain; never plan to use more
// than this fraction (percent) of the remaining clock on one move.
constexpr int DEFAULT_MOVES_TO_GO = 30;
constexpr int MAX_TIME_PERCENT = 40;
// Default of the `Move Overhead` option: time the GUI, the pipe and the OS may take per move.
constexpr int MOVE_OVERHEAD_MS = 30;
// Keep this many move overheads on the clock: on a loaded machine a move can take far longer in
// wall time than the search measured, and with nothing in reserve one such move loses.
constexpr int CLOCK_RESERVE_OVERHEADS = 3;
// A new iteration is not started after this share (percent) of the planned time: it would
// rarely finish.
constexpr int NEXT_ITERATION_PERCENT = 60;
// When the best move changes between iterations the position is unclear: the planned time grows
// by this percent per recent change (changes count half after each iteration), up to the hard
// limit.
constexpr int INSTABILITY_PERCENT_PER_CHANGE = 50;

// Lazy SMP (engine/threads.h): helper k skips the iterations whose depth + k is even, so that
// half the helpers are a depth ahead of the main thread and fill the table for it. With 2
// threads it measured no faster to depth 14 than without (5.10 s against 5.07 s); kept, as the
// games of docs/threads.md were played with it, until more threads can be measured.
constexpr bool SMP_SKIP_DEPTHS = true;

}  // namespace mainline::search_params
