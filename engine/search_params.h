// Every search parameter in one place, with why it has its value.
//
// "Bundle 1" below: the ideas of issue 29 kept together on one SPRT at 4+0.04 against 6b0e01c,
// H1 accepted after 208 games, +88.3 +- 41.2 (docs/strength.md, "Search, proven at a time
// control"): the history bonus scale, capture history, continuation history 4 plies back,
// `improving`, RFP to depth 8, the null move's eval-based reduction, LMP/futility on the reduced
// depth, history and SEE pruning of quiet moves, LMR of captures and at cut nodes, deeper/shallower
// re-searches, singular extensions from depth 6 with double and cut-node negative extensions, and
// the non-pawn and continuation correction histories. Off (false) and why: see each flag.
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
// The hash move is tried before any move is generated (a node it refutes generates nothing).
// Written, not played (it changes the order of quiet moves too: they are scored after the hash
// move's search): on, bench searched 13% more nodes to the same depths (3,502,941 against
// 3,090,439 with generation 5, 2026-11-28), which the saved generation would have to win back in
// speed; its speed was not measured. Off.
constexpr bool STAGED_HASH_MOVE = false;
// Bundle 3 (session 35): LAZY_QUIET_SCORES, TT_CUT_HISTORY and LMR_TT_CAPTURE together, SPRT at
// 4+0.04 [0, 10] against all three off: undecided, stopped at 983 games for the session's time,
// +5.3 (pentanomial [13, 66, 319, 79, 14], 95% -5.7 .. +16.3, LLR 0.10; bench 2,929,178 ->
// 3,168,247); 198 more games on the same order (session 35, after CI): 590 pairs [15, 84, 381,
// 94, 16], +3.5 +- 10.0, LLR -0.56, still undecided. Off alone; tested again inside bundle 4
// (with TT_PV_LMR).
// Quiet moves are scored by their histories when their stage comes, not when the node starts:
// a node cut by its hash move or a capture never scores them, and the ones that are scored see
// what the node's first children taught the histories.
constexpr bool LAZY_QUIET_SCORES = false;
// A cut-off taken from the hash table with a quiet move teaches the move orderers as a searched
// cut-off would (killers, countermove, histories at the stored depth).
constexpr bool TT_CUT_HISTORY = false;
constexpr int ORDER_HASH_MOVE = 4'000'000;
constexpr int ORDER_ALT_MOVE = 3'500'000;
constexpr int ORDER_GOOD_CAPTURE = 2'000'000;
constexpr int ORDER_KILLER_1 = 1'000'002;
constexpr int ORDER_KILLER_2 = 1'000'001;
constexpr int ORDER_COUNTERMOVE = 1'000'000;
constexpr int ORDER_BAD_CAPTURE = -2'000'000;
constexpr int HISTORY_MAX = 16384;  // history scores stay in (-HISTORY_MAX, HISTORY_MAX)
// A result at depth d moves a history entry by min(d * PER_PLY - OFFSET, MAX) before gravity.
// The old min(d^2, 400) left the tables a few hundred from zero in practice (LMR's history term
// was then about zero): see docs/strength.md, "History values".
constexpr int HISTORY_BONUS_PER_PLY = 180;
constexpr int HISTORY_BONUS_OFFSET = 120;
constexpr int HISTORY_BONUS_MAX = 1600;
// Continuation histories are read and written for the moves this many plies back.
constexpr int CONTINUATION_PLIES[] = {1, 2, 4};
constexpr int CONTINUATION_COUNT = 3;
// Captures of one exchange class (good or bad) are ordered by the victim's value plus their
// capture history divided by this.
constexpr int CAPTURE_HISTORY_DIVISOR = 16;

// Selectivity, all at non-PV nodes only, so that every PV node is searched to full depth and the
// reported line keeps its promise. Each was kept on an SPRT at fixed nodes (docs/strength.md).
// Null move: give the opponent a free move; if a reduced search still fails high, so would the
// full one. Not in check, not without pieces (zugzwang), not twice in a row.
constexpr bool NULL_MOVE = true;
constexpr int NULL_MOVE_MIN_DEPTH = 3;
constexpr int NULL_MOVE_BASE_REDUCTION = 3;
constexpr int NULL_MOVE_DEPTH_DIVISOR = 3;
// The further the evaluation is above beta, the more the null move is reduced (up to a limit).
constexpr int NULL_MOVE_EVAL_DIVISOR = 200;
constexpr int NULL_MOVE_EVAL_MAX = 3;
// Reverse futility: far above beta near the horizon, a quiet position will not fall below it.
// The margin counts one ply less where the position improved on two plies ago.
constexpr int RFP_MAX_DEPTH = 8;
constexpr int RFP_MARGIN_PER_PLY = 85;
// Late move reductions: quiet moves late in a well-ordered list rarely matter; search them
// shallower with a null window and again at full depth only if they beat alpha.
constexpr int LMR_MIN_DEPTH = 3;
constexpr int LMR_MIN_MOVE = 3;  // the first moves are never reduced
constexpr double LMR_BASE = 0.75;
constexpr double LMR_DIVISOR = 2.25;
// A quiet move whose histories (main + continuation) are good is reduced less, a bad one more:
// one ply per this much combined history.
constexpr int LMR_HISTORY_DIVISOR = 10240;
// Where the hash move is a capture, the quiet moves after it are reduced a ply more: the
// position is about that capture. Part of bundle 3 (see LAZY_QUIET_SCORES): off, undecided.
constexpr bool LMR_TT_CAPTURE = false;
// A position searched as a PV node before (the hash table keeps the mark while the entry lives)
// is reduced a ply less at non-PV nodes: the line may come back to it as the main line.
// Bundle 4 (session 36): this with bundle 3's three flags, SPRT at 4+0.04 [0, 10] against all
// four off: undecided, stopped at 1,106 games for the session's CI run, +8.2 +- 10.2 (pentanomial
// [9, 81, 355, 91, 17], 95% -2.0 .. +18.4, LLR 1.17; bench 2,929,178 -> 3,066,283; PV checker
// 100%). Off until it is decided (to continue: seed 36, --opening-start 553).
constexpr bool TT_PV_LMR = false;
// Captures late in the list are reduced too, by the quiet-move table less this.
constexpr bool LMR_CAPTURES = true;
constexpr int LMR_CAPTURE_LESS = 1;
// After a reduced move beats alpha, its full-depth re-search goes a ply deeper when it beat the
// best score by far, a ply shallower when it barely did (non-PV re-searches only).
constexpr bool LMR_DEEPER_SHALLOWER = true;
constexpr int LMR_DEEPER_MARGIN = 60;
// At PV nodes only the null-window scout of a late move is reduced (its PV re-search is at full
// depth, so the reported line keeps its depth), and one ply less than elsewhere.
constexpr bool LMR_PV_NODES = true;

// Futility: near the horizon, a quiet move cannot lift a position far below alpha.
// Judged on the depth the move would be searched at after its late-move reduction.
constexpr bool FUTILITY = true;
constexpr int FUTILITY_MAX_DEPTH = 7;
constexpr int FUTILITY_MARGIN_BASE = 90;
constexpr int FUTILITY_MARGIN_PER_PLY = 110;
// Late-move pruning: at low depth, after this many quiet moves ((base + depth^2), halved where
// the position is not improving) the rest are skipped.
constexpr bool LATE_MOVE_PRUNING = true;
constexpr int LMP_MAX_DEPTH = 8;
constexpr int LMP_BASE = 3;
// History pruning: a quiet move whose combined history is this bad per ply is skipped at low
// (reduced) depth.
constexpr bool HISTORY_PRUNING = true;
constexpr int HISTORY_PRUNING_MAX_DEPTH = 4;
constexpr int HISTORY_PRUNING_PER_PLY = 3000;
// SEE pruning of quiet moves: one that loses more than this times the reduced depth squared.
constexpr bool SEE_QUIET_PRUNING = true;
constexpr int SEE_QUIET_MAX_DEPTH = 8;
constexpr int SEE_QUIET_MARGIN = 30;
// SEE pruning: at low depth, captures losing more than this per ply of depth are skipped.
constexpr bool SEE_PRUNING = true;
constexpr int SEE_PRUNING_MAX_DEPTH = 4;
constexpr int SEE_PRUNING_MARGIN_PER_PLY = 90;
// ProbCut: at depth PROBCUT_MIN_DEPTH and more, a capture that beats beta + MARGIN in a search
// REDUCTION plies shallower cuts the node (non-PV nodes).
// Kept as part of bundle 2 (see UPCOMING_REPETITION): margin 200, the same where improving.
// Alone it was never shown to gain: SPRT at 4+0.04 [0, 10] undecided at its 700-game cap, +6.9 +-
// 12.3 with a margin of 200 (session 21); with 100 (70 where improving) stopped undecided at 422
// games, +2.5 +- 16.2 (session 32) (docs/strength.md).
constexpr bool PROBCUT = true;
constexpr int PROBCUT_MIN_DEPTH = 5;
constexpr int PROBCUT_MARGIN = 200;
// Where the position is improving a capture's gain is likelier to hold, so the margin may be
// lower by this much; 0 as bundle 2 was proven (a lower margin there is untried).
constexpr int PROBCUT_MARGIN_IMPROVING = 0;
constexpr int PROBCUT_REDUCTION = 4;
// Upcoming repetition: a non-PV node whose side to move can repeat a position of the line (a
// draw) fails high at once when a draw beats beta (cycle.h).
// The fifty-move rule in the leaf score: an evaluation shrinks towards a draw as the plies since
// the last capture or pawn move (rule50) grow, to (SCALE - rule50) / SCALE of itself, so that the
// search prefers progress to shuffling while it still has a choice.
// The two together: SPRT at 4+0.04 [0, 10] undecided at its 500-game cap, -6.9 +- 14.3
// (pentanomial, LLR -2.17; bench 3,182,554 with both on). Alone, at 8,000 nodes a move (600
// games each, not a decision): upcoming repetition +6.4 +- 17.3, fifty-move scaling +4.6 +- 19.3
// (session 32, docs/strength.md). Fifty-move scaling alone at 4+0.04 is not yet run.
// Bundle 2, kept (sessions 33-34): ProbCut at beta + 200, upcoming repetition, NODE_SHARE_TIME and
// SCORE_DROP_TIME together, SPRT at 4+0.04 [0, 10] against all four off: H1 accepted at 1,320 games,
// +11.3 +- 9.0 (pentanomial [12, 78, 441, 113, 16], 95% +2.4 .. +20.3, LLR 3.01; bench 3,149,480 ->
// 2,929,178). Fifty-move scaling was not part of it and stays off.
constexpr bool UPCOMING_REPETITION = true;
constexpr bool FIFTY_MOVE_SCALING = false;
constexpr int FIFTY_MOVE_SCALE = 200;
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
// Searched at depth 6 and more; a hash move far more singular than the margin (non-PV nodes) gets
// two plies, at most DOUBLE_EXTENSIONS_MAX times in one line so that lines cannot explode. A
// non-singular move at an expected cut node is searched shallower too.
constexpr bool SINGULAR_EXTENSIONS = true;
constexpr int NON_SINGULAR_CUT_EXTENSION = -2;
constexpr int CUT_NODE_NEGATIVE_EXTENSION = -1;
constexpr int SINGULAR_MIN_DEPTH = 6;
constexpr int DOUBLE_EXTENSION_MARGIN = 20;
constexpr int DOUBLE_EXTENSIONS_MAX = 6;
constexpr int SINGULAR_TT_DEPTH_MARGIN = 3;  // the stored bound must come from at least depth - 3
constexpr int SINGULAR_MARGIN_PER_PLY = 2;   // singular beta = stored score - 2 * depth

// Correction history (pruning decisions only): entries per side, their unit (1/GRAIN cp) and bound.
constexpr std::size_t CORRECTION_SIZE = 16384;
constexpr int CORRECTION_GRAIN = 32;
constexpr int CORRECTION_MAX = 32 * 64;  // +-64 cp at most per table
// The tables' weights in the correction, in 1/CORRECTION_WEIGHT_UNIT.
constexpr bool CORRECTION_NON_PAWN = true;
constexpr bool CORRECTION_CONTINUATION = true;
constexpr int CORRECTION_WEIGHT_UNIT = 4;
constexpr int CORRECTION_WEIGHT_PAWN = 4;
constexpr int CORRECTION_WEIGHT_NON_PAWN = 2;
constexpr int CORRECTION_WEIGHT_CONTINUATION = 2;
// The hash table's bound replaces the (corrected) static evaluation for pruning where it says
// more: a lower bound above it, an upper bound below it.
// Off: it let a shallow lower bound cut (by reverse futility) the node where Search.
// FindsMateInTwoAndReportsIt's mate lies, so depth 6 no longer found the mate in two.
constexpr bool TT_EVAL_ADJUST = false;
// Expected cut nodes (the null-window children that the parent expects to fail high) are
// reduced one ply more.
constexpr int CUT_NODE_REDUCTION = 1;

// Quiescence: a capture that cannot raise the score even when it wins the piece outright plus
// this margin is skipped (delta pruning); it never applies when in check.
constexpr int DELTA_MARGIN = 200;

// Sfinks' alternate variations: how many plies of each root move's best reply line are kept.
constexpr int ALT_PLIES = 4;

// Hyatt's PV hash: a small separate table (2^13 entries) holding whole lines of exact PV nodes.
constexpr int PV_HASH_BITS = 13;
constexpr int PV_HASH_MAX_LINE = 64;

// Time management: with no movestogo, assume this many moves remain; never plan to use more
// than this fraction (percent) of the remaining clock on one move. 20 (more of the clock early)
// was not shown to gain: SPRT at 4+0.04 [0, 10], -1.8 +- 19.4 over 394 games, stopped
// (docs/strength.md).
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
// The planned time is scaled by BASE - SCALE * (the best move's share of the last iteration's
// root nodes), in percent: a share of 0.72 keeps it as it is, 0.5 gives 27% more, 0.95 29% less.
// Alone with the score-drop factor below, +9.2 +- 22.5 over 226 games at 4+0.04, SPRT [0, 10]
// undecided (LLR 0.32) and stopped; kept as part of bundle 2 (see UPCOMING_REPETITION).
constexpr bool NODE_SHARE_TIME = true;
constexpr int NODE_SHARE_BASE_PERCENT = 190;
constexpr int NODE_SHARE_SCALE_PERCENT = 125;
// A score that fell since the previous iteration asks for more time (percent per centipawn),
// one that rose for less, within these bounds.
constexpr bool SCORE_DROP_TIME = true;
constexpr int SCORE_DROP_PERCENT_PER_CP = 1;
constexpr int SCORE_DROP_MIN_PERCENT = 85;
constexpr int SCORE_DROP_MAX_PERCENT = 150;

// Lazy SMP (engine/threads.h): helper k skips the iterations whose depth + k is even, so that
// half the helpers are a depth ahead of the main thread and fill the table for it. With 2
// threads it measured no faster to depth 14 than without (5.10 s against 5.07 s); kept, as the
// games of docs/threads.md were played with it, until more threads can be measured.
constexpr bool SMP_SKIP_DEPTHS = true;

}  // namespace mainline::search_params
