#include "search.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <thread>

#include "cycle.h"
#include "evaluate.h"
#include "movegen.h"
#include "movepick.h"
#include "numeric.h"
#include "rules.h"
#include "see.h"
#include "threads.h"

namespace mainline {

using namespace search_params;

namespace {


// A hash hit whose bound decides the node for the window (alpha, beta).
bool decides(const TTHit& hit, int alpha, int beta) {
    return hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && hit.score >= beta) ||
           (hit.bound == BOUND_UPPER && hit.score <= alpha);
}

}  // namespace

MAINLINE_SIZE_OVER_SPEED Searcher::Searcher(TranspositionTable& tt)
    : tt_(tt), frames_(MAX_PLY + 4), accumulators_(MAX_PLY + 4), tt_pv_(pos_, tt, stats_.pv), pvhash_pv_(pos_, stats_.pv) {
    root_moves_.reserve(MAX_MOVES);
    for (int d = 1; d < 64; ++d)
        for (int n = 1; n < 64; ++n)
            reductions_[d][n] = int(LMR_BASE + numeric::log(double(d)) * numeric::log(double(n)) / LMR_DIVISOR);
}

void Searcher::clear() {
    histories_.clear();
    for (Frame& f : frames_) f.killers[0] = f.killers[1] = Move::none();
    for (PvCollector* c : {static_cast<PvCollector*>(&stack_pv_), static_cast<PvCollector*>(&triangular_pv_),
                           static_cast<PvCollector*>(&tt_pv_), static_cast<PvCollector*>(&pvhash_pv_)})
        c->forget();
}

std::uint64_t Searcher::total_nodes() const {
    return stats_.nodes + (options_.helpers ? options_.helpers->nodes() : 0);
}

bool Searcher::should_stop() {
    published_nodes_.store(stats_.nodes, std::memory_order_relaxed);
    if (stop_.load(std::memory_order_relaxed)) return true;
    // Lazy SMP: a depth limit is reached when any thread has completed that depth.
    if (stop_at_helper_depth_ && !pondering_.load(std::memory_order_relaxed) && options_.helpers->deepest() >= limits_.depth)
        return true;
    // A node limit never stops the first iteration: without one completed there is no searched
    // move to play (a weakened level's budget can be smaller than a depth-1 search).
    if (limits_.nodes && total_nodes() >= limits_.nodes && stats_.iterations > 0) return true;
    const std::int64_t hard = time_.hard_ms();
    if (hard > 0 && !pondering_.load(std::memory_order_relaxed) && time_.elapsed_ms() >= hard) return true;
    if (callbacks_->keep_going && (stats_.nodes & (CALLBACK_INTERVAL - 1)) == 0 && !callbacks_->keep_going(stats_.nodes)) {
        stop_ = true;
        return true;
    }
    return false;
}

// The network's accumulators are brought up to date lazily: a move only records what it changes,
// and the evaluation applies the changes from the nearest ply whose accumulator is computed (many
// nodes are cut before they evaluate anything).
void Searcher::make_move(Move m, int ply) {
    if (network_) {
        AccumulatorEntry& next = accumulators_[std::size_t(ply) + 1];
        next.delta = nnue::delta_of(pos_, m);
        next.computed = false;
    }
    pos_.do_move(m);
}

void Searcher::make_null_move(int ply) {
    if (network_) {
        AccumulatorEntry& next = accumulators_[std::size_t(ply) + 1];
        next.delta = nnue::Delta{};
        next.computed = false;
    }
    pos_.do_null_move();
}

int Searcher::static_evaluation(int ply) {
    if (!network_) return fifty_move_scaled(evaluate(pos_, pawn_cache_), pos_.rule50());
    std::size_t k = std::size_t(ply);
    while (!accumulators_[k].computed) --k;
    for (++k; k <= std::size_t(ply); ++k) {
        nnue::update(*network_, accumulators_[k - 1].acc, accumulators_[k].delta, accumulators_[k].acc);
        accumulators_[k].computed = true;
    }
    const int v = nnue::output(*network_, accumulators_[std::size_t(ply)].acc, pos_.side_to_move(), network_->bucket(pos_));
    assert(v == nnue::evaluate(*network_, pos_));
    return fifty_move_scaled(v, pos_.rule50());
}

// piece_to of the moves CONTINUATION_PLIES back (-1: none, or a null move).
void Searcher::previous_moves(int ply, int out[CONTINUATION_COUNT]) const {
    for (int k = 0; k < CONTINUATION_COUNT; ++k)
        out[k] = ply >= CONTINUATION_PLIES[k] ? frames_[std::size_t(ply - CONTINUATION_PLIES[k])].piece_to : -1;
}

// The move that refuted a position is tried early elsewhere: a quiet one in its siblings
// (killers), after the same opponent move (countermove) and everywhere (histories); a capture
// among the captures (capture history). The moves tried before it are penalised.
void Searcher::update_stats(int ply, Move best, const Move* quiets, int quiet_count, const Move* captures,
                            int capture_count, int depth) {
    int previous[CONTINUATION_COUNT];
    previous_moves(ply, previous);
    const Color us = pos_.side_to_move();
    const int bonus = history_bonus(depth);
    auto adjust_quiet = [&](Move q, int delta) {
        histories_.butterfly.at(us, q) << delta;
        const int pt = piece_to(pos_, q);
        for (int p : previous)
            if (p >= 0) histories_.continuation.at(p, pt) << delta;
    };
    auto adjust_capture = [&](Move c, int delta) {
        const PieceType victim = captured_type(pos_, c);
        histories_.captures.at(piece_to(pos_, c), victim) << delta;
    };
    if (is_quiet(pos_, best)) {
        Frame& frame = frames_[std::size_t(ply)];
        if (frame.killers[0] != best) frame.killers[1] = frame.killers[0], frame.killers[0] = best;
        if (previous[0] >= 0) histories_.countermoves.at(previous[0]) = best;
        adjust_quiet(best, bonus);
        for (int q = 0; q < quiet_count; ++q) adjust_quiet(quiets[q], -bonus);
    } else if (is_capture(pos_, best)) {
        adjust_capture(best, bonus);
    }
    for (int c = 0; c < capture_count; ++c) adjust_capture(captures[c], -bonus);
}

// ---------------------------------------------------------------------------------------------
// The search proper

template <bool PvNode>
int Searcher::qsearch(int alpha, int beta, int ply) {
    if (PvNode) pv_->clear(ply, PvEnd::LEAF);
    ++stats_.nodes;
    ++stats_.qnodes;
    if ((stats_.nodes & poll_mask_) == 0 && should_stop()) aborted_ = true;
    if (aborted_) return 0;
    if (PvNode && ply > seldepth_) seldepth_ = ply;

    // Step 1. Draws by rule, and the ply limit (where the line simply ends on its evaluation).
    PvEnd why;
    if (draw_by_rule(pos_, ply, why)) {
        if (PvNode) pv_->clear(ply, why);
        return 0;
    }
    if (ply >= MAX_PLY - 1) return static_evaluation(ply);
    // As in the main search (its step 2b).
    if (!PvNode && UPCOMING_REPETITION && beta <= 0 && has_upcoming_repetition(pos_, ply)) return 0;

    // Step 2. Hash table: cut-offs at non-PV nodes; at PV nodes as the PV method allows.
    const TTHit hit = tt_.probe(pos_.key(), ply);
    if (hit.found && decides(hit, alpha, beta)) {
        if (!PvNode) return hit.score;
        int score;
        if (pv_->hash_cut(ply, 0, alpha, beta, hit.score, score)) return score;
    }

    // Step 3. Stand pat, unless in check (then every evasion is searched).
    const bool in_check = pos_.in_check();
    Move moves[MAX_MOVES];
    int count;
    int best = -SCORE_INFINITE;
    int stand_pat = SCORE_NONE;
    if (in_check) {
        count = int(generate<GenType::ALL>(pos_, moves) - moves);
        if (count == 0) {
            if (PvNode) pv_->clear(ply, PvEnd::MATE);
            return mated_in(ply);
        }
    } else {
        // The hash table keeps the static evaluation of positions seen before; PV nodes compute
        // it afresh so that a line's last score is always this evaluation.
        stand_pat = !PvNode && hit.found && hit.eval != SCORE_NONE ? hit.eval : static_evaluation(ply);
        if (stand_pat >= beta) return stand_pat;
        count = int(generate<GenType::NOISY>(pos_, moves) - moves);
        // With no capture at all the position might be stalemate, which is a draw, not its
        // evaluation; a line must never end on a wrongly scored position.
        if (count == 0 && stand_pat > alpha && !has_legal_quiet_move(pos_)) {
            if (PvNode) pv_->clear(ply, PvEnd::STALEMATE);
            return 0;
        }
        best = stand_pat;
        if (stand_pat > alpha) alpha = stand_pat;
    }
    int previous[CONTINUATION_COUNT];
    previous_moves(ply, previous);
    // Out of check only captures that do not lose material are searched: the picker leaves the
    // others out.
    MovePicker picker(pos_, moves, count, hit.found ? hit.move : Move::none(), alt_.move_at(ply),
                      frames_[std::size_t(ply)].killers, histories_, previous, !in_check);

    // Step 4. Captures and promotions (or evasions), best first.
    Move best_move = Move::none();
    const int alpha_start = alpha;
    int searched = 0;
    int order;
    for (Move m; (m = picker.next(order)).is_ok();) {
        // Delta pruning: a capture that cannot reach alpha even with the captured piece for free.
        if (!in_check && m.kind() != Move::PROMOTION) {
            const PieceType victim = captured_type(pos_, m);
            if (stand_pat + SEE_VALUE[victim] + DELTA_MARGIN <= alpha) continue;
        }
        frames_[std::size_t(ply)].piece_to = piece_to(pos_, m);
        make_move(m, ply);
        int score;
        if (!PvNode || searched == 0) score = -qsearch<PvNode>(-beta, -alpha, ply + 1);
        else {
            pv_->clear(ply + 1, PvEnd::LEAF);
            score = -qsearch<false>(-alpha - 1, -alpha, ply + 1);
            if (score > alpha && score < beta) score = -qsearch<true>(-beta, -alpha, ply + 1);
        }
        pos_.undo_move(m);
        if (aborted_) return 0;
        ++searched;
        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = m;
                if (PvNode) pv_->update(ply, m);
                if (score >= beta) break;
                alpha = score;
            }
        }
    }
    const Bound bound = best >= beta ? BOUND_LOWER : (PvNode && alpha > alpha_start) ? BOUND_EXACT : BOUND_UPPER;
    tt_.store(pos_.key(), ply, best_move, best, stand_pat, 0, bound, TT_PV_LMR && (PvNode || (hit.found && hit.pv)));
    if (PvNode && bound == BOUND_EXACT) pv_->exact_node(ply, 0, best);
    return best;
}

template <bool PvNode>
int Searcher::search_node(int alpha, int beta, int depth, int ply, bool cut_node) {
    Frame& frame = frames_[std::size_t(ply)];
    alt_.node_start(ply);
    if (depth <= 0) {
        if (!options_.full_width) {
            ++stats_.leaf_nodes;
            return qsearch<PvNode>(alpha, beta, ply);
        }
        ++stats_.nodes;
        ++stats_.leaf_nodes;
        if (PvNode) pv_->clear(ply, PvEnd::LEAF);
        return static_evaluation(ply);
    }
    if (PvNode) pv_->clear(ply, PvEnd::LEAF);
    ++stats_.nodes;
    if ((stats_.nodes & poll_mask_) == 0 && should_stop()) aborted_ = true;
    if (aborted_) return 0;
    if (PvNode && ply > seldepth_) seldepth_ = ply;

    // Step 1. Draws by rule and the ply limit.
    PvEnd why;
    if (draw_by_rule(pos_, ply, why)) {
        if (PvNode) pv_->clear(ply, why);
        return 0;
    }
    if (ply >= MAX_PLY - 1) return static_evaluation(ply);

    // Step 2. Mate distance pruning: no line from here can beat a mate already found nearer
    // the root. The window the parent asked for is kept: a score outside it needs no line.
    const int parent_alpha = alpha, parent_beta = beta;
    alpha = std::max(alpha, mated_in(ply));
    beta = std::min(beta, mate_in(ply + 1));
    if (alpha >= beta) return alpha;

    // Step 2b. A move back to a position of this line draws by repetition: when a draw already
    // beats beta, the node fails high. Non-PV only: a PV node's exact score needs the line that
    // reaches it; and not in a singular test, whose excluded move may be the one that repeats.
    if (!PvNode && UPCOMING_REPETITION && beta <= 0 && !options_.full_width && !frame.excluded.is_ok() &&
        has_upcoming_repetition(pos_, ply))
        return 0;

    // Step 3. Hash table. Non-PV nodes take any usable result; PV nodes only as far as the PV
    // method can keep the line (see pv_collector.h).
    const Move excluded = frame.excluded;
    const TTHit hit = tt_.probe(pos_.key(), ply);
    const bool was_pv = TT_PV_LMR && (PvNode || (hit.found && hit.pv));
    if (hit.found && hit.depth >= depth && !options_.full_width && !excluded.is_ok() && decides(hit, alpha, beta)) {
        if (!PvNode) {
            if (TT_CUT_HISTORY && hit.score >= beta && hit.move.is_ok() && is_quiet(pos_, hit.move) &&
                is_legal(pos_, hit.move))
                update_stats(ply, hit.move, nullptr, 0, nullptr, 0, depth);
            return hit.score;
        }
        int score;
        if (pv_->hash_cut(ply, depth, parent_alpha, parent_beta, hit.score, score)) return score;
    }

    // Step 4. The static evaluation, and pruning before any move is searched (non-PV nodes, not
    // in check).
    const bool in_check = pos_.in_check();
    int previous[CONTINUATION_COUNT];
    previous_moves(ply, previous);
    int static_eval = SCORE_NONE;  // the evaluation itself (what the hash table keeps)
    // Corrected by what searches of similar positions found, and by the hash table's bound:
    // what pruning judges by. A line's score never sees it.
    int pruning_eval = SCORE_NONE;
    frame.static_eval = SCORE_NONE;
    if (!in_check && !options_.full_width) {
        static_eval = !PvNode && hit.found && hit.eval != SCORE_NONE ? hit.eval : static_evaluation(ply);
        pruning_eval = std::clamp(static_eval + histories_.correction.correction(pos_, previous[0], previous[1]),
                                  -SCORE_MATE_IN_MAX_PLY + 1, SCORE_MATE_IN_MAX_PLY - 1);
        frame.static_eval = pruning_eval;
        if (TT_EVAL_ADJUST && hit.found && !is_mate_score(hit.score) &&
            (hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && hit.score > pruning_eval) ||
             (hit.bound == BOUND_UPPER && hit.score < pruning_eval)))
            pruning_eval = hit.score;
    }
    const bool improving = ply >= 2 && frame.static_eval != SCORE_NONE &&
                           frames_[std::size_t(ply) - 2].static_eval != SCORE_NONE &&
                           frame.static_eval > frames_[std::size_t(ply) - 2].static_eval;
    if (!PvNode && !in_check && !options_.full_width && !excluded.is_ok()) {
        // Step 4a. Reverse futility pruning.
        if (depth <= RFP_MAX_DEPTH && pruning_eval - RFP_MARGIN_PER_PLY * (depth - int(improving)) >= beta &&
            !is_mate_score(beta))
            return pruning_eval;
        // Step 4b. Null move pruning, with the zugzwang guard: the side to move must have a piece.
        const Color stm = pos_.side_to_move();
        if (NULL_MOVE && depth >= NULL_MOVE_MIN_DEPTH && pruning_eval >= beta && !is_mate_score(beta) &&
            frames_[std::size_t(ply) - 1].current.is_ok() && (pos_.pieces(stm) & ~pos_.pieces(PAWN, KING))) {
            const int r = NULL_MOVE_BASE_REDUCTION + depth / NULL_MOVE_DEPTH_DIVISOR +
                          std::min((pruning_eval - beta) / NULL_MOVE_EVAL_DIVISOR, NULL_MOVE_EVAL_MAX);
            frame.current = Move::none();
            frame.piece_to = -1;
            alt_.before_null_move(ply);
            frames_[std::size_t(ply) + 1].double_extensions = frame.double_extensions;
            make_null_move(ply);
            const int score = -search_node<false>(-beta, -beta + 1, depth - 1 - r, ply + 1, !cut_node);
            pos_.undo_null_move();
            if (aborted_) return 0;
            if (score >= beta) return is_mate_score(score) ? beta : score;
        }
    }

    // Step 4c. ProbCut: a good capture that beats beta by a margin in quiescence and then in a
    // search four plies shallower would very probably beat beta in the full search too. Not when
    // the hash table already says a search this deep stayed below that margin.
    const int probcut_beta = beta + PROBCUT_MARGIN - PROBCUT_MARGIN_IMPROVING * int(improving);
    if (PROBCUT && !PvNode && !in_check && !options_.full_width && !excluded.is_ok() && depth >= PROBCUT_MIN_DEPTH &&
        !is_mate_score(beta) && !(hit.found && hit.depth >= depth - PROBCUT_REDUCTION + 1 && hit.score < probcut_beta)) {
        Move captures[MAX_MOVES];
        const int capture_count = int(generate<GenType::NOISY>(pos_, captures) - captures);
        MovePicker captures_picker(pos_, captures, capture_count, hit.found ? hit.move : Move::none(), Move::none(),
                                   frame.killers, histories_, previous, true);
        int capture_order;
        for (Move m; (m = captures_picker.next(capture_order)).is_ok();) {
            if (!is_capture(pos_, m) || see(pos_, m) < probcut_beta - pruning_eval) continue;
            frame.current = m;
            frame.piece_to = piece_to(pos_, m);
            alt_.before_child(ply, m, Move::none());
            frames_[std::size_t(ply) + 1].double_extensions = frame.double_extensions;
            make_move(m, ply);
            int score = -qsearch<false>(-probcut_beta, -probcut_beta + 1, ply + 1);
            if (score >= probcut_beta && !aborted_)
                score = -search_node<false>(-probcut_beta, -probcut_beta + 1, depth - PROBCUT_REDUCTION, ply + 1, !cut_node);
            pos_.undo_move(m);
            if (aborted_) return 0;
            if (score >= probcut_beta) {
                tt_.store(pos_.key(), ply, m, score, static_eval, depth - PROBCUT_REDUCTION + 1, BOUND_LOWER, was_pv);
                return score;
            }
        }
        alt_.node_start(ply);
    }

    // Step 4d. Internal iterative reduction (non-PV: PV nodes keep their full depth).
    if (!PvNode && IIR && depth >= IIR_MIN_DEPTH && !(hit.found && hit.move.is_ok()) && !options_.full_width) --depth;

    // Step 5. The moves, generated only once the hash move alone has not refuted the node (none
    // at all means mate or stalemate: see after the move loop).
    Move moves[MAX_MOVES];
    int count = MovePicker::GENERATE_LAZILY;
    if (!STAGED_HASH_MOVE) {
        count = int(generate<GenType::ALL>(pos_, moves) - moves);
        if (count == 0) {
            if (PvNode) pv_->clear(ply, in_check ? PvEnd::MATE : PvEnd::STALEMATE);
            return in_check ? mated_in(ply) : 0;
        }
    }
    const Move alt = alt_.move_at(ply);
    const bool tt_capture = hit.found && hit.move.is_ok() && is_capture(pos_, hit.move);
    MovePicker picker(pos_, moves, count, hit.found ? hit.move : Move::none(), alt, frame.killers, histories_, previous,
                      false);

    // Step 5b. Singular extension of the hash move (see search_params.h).
    int singular_extension = 0;
    if (SINGULAR_EXTENSIONS && !options_.full_width && ply > 0 && depth >= SINGULAR_MIN_DEPTH && !excluded.is_ok() &&
        hit.found && hit.move.is_ok() && hit.bound != BOUND_UPPER && hit.depth >= depth - SINGULAR_TT_DEPTH_MARGIN &&
        !is_mate_score(hit.score)) {
        const int singular_beta = hit.score - SINGULAR_MARGIN_PER_PLY * depth;
        frame.excluded = hit.move;
        const int score = search_node<false>(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
        frame.excluded = Move::none();
        if (aborted_) return 0;
        if (score < singular_beta) {
            singular_extension = 1;
            if (!PvNode && score < singular_beta - DOUBLE_EXTENSION_MARGIN && frame.double_extensions < DOUBLE_EXTENSIONS_MAX)
                singular_extension = 2;
        } else if (!PvNode && singular_beta >= beta) return singular_beta;
        // (At PV nodes one ply at most, so that the line keeps nearly its depth.)
        else if (hit.score >= beta) singular_extension = PvNode ? -1 : NON_SINGULAR_CUT_EXTENSION;
        else if (cut_node) singular_extension = CUT_NODE_NEGATIVE_EXTENSION;
        // The nested search reused this ply: the reply line it left is not this node's.
        alt_.node_start(ply);
    }

    // Step 6. The move loop: the first move with the full window, the rest with a null window,
    // searched again with the full window if they beat alpha (principal variation search).
    const int alpha_start = alpha;
    int best = -SCORE_INFINITE;
    Move best_move = Move::none();
    Move quiets_tried[MAX_MOVES], captures_tried[MAX_MOVES];
    int quiet_count = 0, capture_count = 0;
    // Pruning of individual moves applies at non-PV nodes, not in check, once a move that does
    // not lose to mate has been found.
    const bool may_prune = !PvNode && !in_check && !options_.full_width;
    int order;
    int i = -1;  // the move's place in the order
    for (Move m; (m = picker.next(order)).is_ok();) {
        ++i;
        if (m == excluded) continue;
        const bool quiet = is_quiet(pos_, m);
        // The reduction a late move gets before its own adjustments.
        const int base_reduction = reductions_[std::min(depth, 63)][std::min(i, 63)];
        if (may_prune && best > -SCORE_MATE_IN_MAX_PLY) {
            const int lmr_depth = std::max(depth - 1 - base_reduction, 0);
            // Step 6a. Late-move pruning: after enough quiet moves at low depth, the remaining
            // quiet ones are dropped at once (never a killer).
            if (LATE_MOVE_PRUNING && depth <= LMP_MAX_DEPTH && quiet &&
                quiet_count >= (LMP_BASE + depth * depth) / (improving ? 1 : 2) && m != frame.killers[0] &&
                m != frame.killers[1]) {
                picker.skip_quiets(frame.killers[0], frame.killers[1]);
                continue;
            }
            // Step 6b. SEE pruning of captures that lose too much for the depth left.
            if (!quiet && SEE_PRUNING && depth <= SEE_PRUNING_MAX_DEPTH && order < ORDER_GOOD_CAPTURE - 1 &&
                see(pos_, m) < -SEE_PRUNING_MARGIN_PER_PLY * depth)
                continue;
            // Quiet moves below the killers and the countermove: by history, by futility at the
            // depth they would be searched at (checks are never futile), by what they hang.
            if (quiet && order < ORDER_COUNTERMOVE) {
                if (HISTORY_PRUNING && depth <= HISTORY_PRUNING_MAX_DEPTH && order < -HISTORY_PRUNING_PER_PLY * depth)
                    continue;
                if (FUTILITY && lmr_depth <= FUTILITY_MAX_DEPTH &&
                    pruning_eval + FUTILITY_MARGIN_BASE + FUTILITY_MARGIN_PER_PLY * lmr_depth <= alpha &&
                    !pos_.gives_check(m))
                    continue;
                if (SEE_QUIET_PRUNING && lmr_depth <= SEE_QUIET_MAX_DEPTH &&
                    see(pos_, m) < -SEE_QUIET_MARGIN * lmr_depth * lmr_depth)
                    continue;
            }
        }
        frame.current = m;
        frame.piece_to = piece_to(pos_, m);
        alt_.before_child(ply, m, alt);
        tt_.prefetch(pos_.key_after(m));
        const bool capture = is_capture(pos_, m);
        make_move(m, ply);
        // Step 7. Check extension: a check is searched one ply deeper, so that forcing lines are
        // not judged at the horizon.
        const bool gives_check = pos_.in_check();
        const int extension = gives_check && !options_.full_width ? 1 : (m == hit.move ? singular_extension : 0);
        frames_[std::size_t(ply) + 1].double_extensions = frame.double_extensions + (extension >= 2 ? 1 : 0);
        const int new_depth = depth - 1 + extension;
        int score;
        if (i == 0) score = -search_node<PvNode>(-beta, -alpha, new_depth, ply + 1, !PvNode && !cut_node);
        else {
            // Step 8. Late move reductions (a reduced move that beats alpha is searched again at
            // full depth).
            int r = 0;
            if ((!PvNode || LMR_PV_NODES) && depth >= LMR_MIN_DEPTH && i >= LMR_MIN_MOVE && !in_check && !gives_check &&
                !options_.full_width) {
                if (quiet) {
                    r = base_reduction;
                    if (PvNode) --r;
                    if (!improving) ++r;
                    if (cut_node) r += CUT_NODE_REDUCTION;
                    if (LMR_TT_CAPTURE && tt_capture) ++r;
                    if (!PvNode && was_pv) --r;
                    // Killers and the countermove are ordered above history: reduce them less.
                    if (order >= ORDER_COUNTERMOVE) --r;
                    else {
                        r -= order / LMR_HISTORY_DIVISOR;
                        ++stats_.lmr_history_moves;
                        stats_.lmr_history_abs += std::uint64_t(std::abs(order));
                        stats_.lmr_history_term_centiply += std::uint64_t(std::abs(order) * 100 / LMR_HISTORY_DIVISOR);
                    }
                } else if (LMR_CAPTURES && capture && order < ORDER_GOOD_CAPTURE - 1) {
                    r = base_reduction - LMR_CAPTURE_LESS;
                    if (PvNode) --r;
                    if (!PvNode && was_pv) --r;
                    if (cut_node) r += CUT_NODE_REDUCTION;
                }
                r = std::clamp(r, 0, new_depth - 1);
            }
            // A null-window child writes no line; if it fails high here there is no re-search,
            // and the (bound) line must not pick up an old line left in the child's slot.
            if (PvNode) pv_->clear(ply + 1, PvEnd::LEAF);
            if (r > 0) {
                score = -search_node<false>(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if (score > alpha) {
                    int full_depth = new_depth;
                    if (!PvNode && LMR_DEEPER_SHALLOWER && best > -SCORE_INFINITE) {
                        if (score > best + LMR_DEEPER_MARGIN) ++full_depth;
                        else if (score < best + new_depth) --full_depth;
                    }
                    if (full_depth > new_depth - r)
                        score = -search_node<false>(-alpha - 1, -alpha, full_depth, ply + 1, !cut_node);
                }
            } else {
                score = -search_node<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            }
            // A fail-high against a beta that mate distance pruning lowered is an exact score (the
            // best possible here), so it too gets the PV search that records its line.
            if (PvNode && score > alpha && (score < beta || beta < parent_beta))
                score = -search_node<true>(-beta, -alpha, new_depth, ply + 1, false);
        }
        pos_.undo_move(m);
        if (aborted_) return 0;

        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = m;
                alt_.new_best(ply, m);
                // The line is kept on a fail-high too: mate distance pruning may have lowered beta
                // to the best score possible here, and then a score equal to beta is exact.
                if (PvNode) pv_->update(ply, m);
                if (score >= beta) {
                    ++stats_.fail_highs;
                    if (i == 0) ++stats_.fail_high_first;
                    update_stats(ply, m, quiets_tried, quiet_count, captures_tried, capture_count, depth);
                    break;
                }
                alpha = score;
            }
        }
        if (quiet) quiets_tried[quiet_count++] = m;
        else if (capture) captures_tried[capture_count++] = m;
    }

    if (i < 0) {
        if (PvNode) pv_->clear(ply, in_check ? PvEnd::MATE : PvEnd::STALEMATE);
        return in_check ? mated_in(ply) : 0;
    }
    // The excluded move was the only legal one: the node is as bad as it can be without it.
    if (excluded.is_ok()) return best == -SCORE_INFINITE ? alpha : best;

    // Step 9. Store the result; exact PV nodes also tell the PV method (the PV hash keeps them).
    const Bound bound = best >= beta ? BOUND_LOWER : (PvNode && alpha > alpha_start) ? BOUND_EXACT : BOUND_UPPER;
    tt_.store(pos_.key(), ply, best_move, best, static_eval, depth, bound, was_pv);
    // Correction history learns from results that say more than the evaluation: quiet best moves
    // (or none) whose score lies on the side of the static evaluation that the bound allows.
    if (static_eval != SCORE_NONE && !(best_move.is_ok() && !pos_.empty(best_move.to()) && best_move.kind() != Move::CASTLING) && !is_mate_score(best) &&
        (bound == BOUND_EXACT || (bound == BOUND_LOWER && best > static_eval) || (bound == BOUND_UPPER && best < static_eval)))
        histories_.correction.update(pos_, previous[0], previous[1], best - static_eval, depth);
    if (PvNode && bound == BOUND_EXACT) pv_->exact_node(ply, depth, best);
    return best;
}

int Searcher::search_root(int alpha, int beta, int depth, std::size_t pv_index) {
    ++stats_.nodes;
    pv_->clear(0, PvEnd::LEAF);
    int best = -SCORE_INFINITE;
    for (std::size_t i = pv_index; i < root_moves_.size(); ++i) {
        RootMove& rm = root_moves_[i];
        alt_.enter_root_move(rm.alt, rm.alt_length);
        frames_[0].current = rm.move;
        frames_[0].piece_to = piece_to(pos_, rm.move);
        const std::uint64_t nodes_before = stats_.nodes;
        make_move(rm.move, 0);
        const int new_depth = depth - 1 + (pos_.in_check() && !options_.full_width ? 1 : 0);
        int score;
        if (i == pv_index) score = -search_node<true>(-beta, -alpha, new_depth, 1, false);
        else {
            score = -search_node<false>(-alpha - 1, -alpha, new_depth, 1, true);
            if (score > alpha && !aborted_) score = -search_node<true>(-beta, -alpha, new_depth, 1, false);
        }
        pos_.undo_move(rm.move);
        rm.nodes += stats_.nodes - nodes_before;
        alt_.leave_root_move(rm.alt, rm.alt_length);
        if (aborted_) break;

        if (i == pv_index || score > alpha) {
            rm.score = score;
            pv_->update(0, rm.move);
            rm.pv = pv_->line(0);
            best = std::max(best, score);
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) {
                    ++stats_.fail_highs;
                    if (i == pv_index) ++stats_.fail_high_first;
                    break;
                }
            }
        } else {
            rm.score = -SCORE_INFINITE;  // worse than the best: keeps the best first when sorting
        }
    }
    return best;
}

// Root moves start in the order an inner node would try them.
void Searcher::order_root_moves() {
    Move moves[MAX_MOVES];
    const int n = int(root_moves_.size());
    for (int i = 0; i < n; ++i) moves[i] = root_moves_[std::size_t(i)].move;
    const TTHit hit = tt_.probe(pos_.key(), 0);
    int previous[CONTINUATION_COUNT];
    std::fill(previous, previous + CONTINUATION_COUNT, -1);
    MovePicker picker(pos_, moves, n, hit.found ? hit.move : Move::none(), Move::none(), frames_[0].killers, histories_,
                      previous, false);
    int order, i = 0;
    for (Move m; (m = picker.next(order)).is_ok();) root_moves_[std::size_t(i++)].move = m;
}

void Searcher::report(int depth, std::size_t pv_index, int score, Bound bound, const PvLine& line) {
    if (!callbacks_->on_iteration) return;
    IterationInfo info;
    info.depth = depth;
    info.seldepth = std::max(seldepth_, line.length);
    info.multipv = int(pv_index) + 1;
    info.score = score;
    info.bound = bound;
    info.nodes = total_nodes();
    info.time_ms = time_.elapsed_ms();
    info.nps = info.time_ms > 0 ? info.nodes * 1000 / std::uint64_t(info.time_ms) : info.nodes * 1000;
    info.hashfull = tt_.hashfull();
    info.pv = line;
    callbacks_->on_iteration(info);
}

MAINLINE_SIZE_OVER_SPEED SearchResult Searcher::search(const Position& root, const SearchLimits& limits, const SearchOptions& options,
                              const SearchCallbacks& callbacks) {
    pos_ = root;
    pos_.reserve_history(2 * MAX_PLY);
    limits_ = limits;
    options_ = options;
    options_.multipv = std::clamp(options_.multipv, 1, MAX_MULTIPV);
    callbacks_ = &callbacks;
    stats_ = SearchStats{};
    published_nodes_.store(0, std::memory_order_relaxed);
    aborted_ = false;
    pondering_ = limits.ponder;
    seldepth_ = 0;
    // A small node budget (a weakened level) is kept to within NODE_LIMIT_POLL_INTERVAL nodes.
    poll_mask_ = limits.nodes ? NODE_LIMIT_POLL_INTERVAL - 1 : POLL_INTERVAL - 1;
    time_.start(limits, pos_.side_to_move(), options_.move_overhead_ms);
    // The main thread starts the table's new generation before any helper searches.
    if (options_.thread_index == 0) tt_.new_search();
    if (options_.thread_index > 0) {
        std::lock_guard<std::mutex> lock(completed_mutex_);
        completed_ = SearchResult{};
    }
    stop_at_helper_depth_ = options_.helpers && limits.depth > 0 && !limits.infinite &&
                            options_.multipv == 1;
    alt_.start(options_.alt_variations);
    network_ = options_.network;
    if (network_) {
        nnue::refresh(*network_, pos_, accumulators_[0].acc);
        accumulators_[0].computed = true;
    }
    // The root's evaluation, for `improving` two plies down.
    frames_[0].static_eval = pos_.in_check() || options_.full_width
                                 ? SCORE_NONE
                                 : static_evaluation(0) + histories_.correction.correction(pos_, -1, -1);
    switch (options_.pv_method) {
    case PvMethod::STACK: pv_ = &stack_pv_; break;
    case PvMethod::TRIANGULAR: pv_ = &triangular_pv_; break;
    case PvMethod::TT: pv_ = &tt_pv_; break;
    case PvMethod::PVHASH: pv_ = &pvhash_pv_; break;
    }

    // Root moves: the legal moves, limited to `searchmoves` if given, hash move first.
    root_moves_.clear();
    const MoveList legal = legal_moves(pos_);
    for (Move m : legal)
        if (limits.searchmoves.empty() || std::find(limits.searchmoves.begin(), limits.searchmoves.end(), m) != limits.searchmoves.end())
            root_moves_.emplace_back().move = m;
    if (root_moves_.empty())
        for (Move m : legal) root_moves_.emplace_back().move = m;

    SearchResult result;
    if (root_moves_.empty()) {
        // Mate or stalemate on the board: report it as a finished line of length zero.
        result.score = pos_.in_check() ? -SCORE_MATE : 0;
        PvLine line;
        line.end = pos_.in_check() ? PvEnd::MATE : PvEnd::STALEMATE;
        report(0, 0, result.score, BOUND_EXACT, line);
        result.pv = line;
    } else {
        order_root_moves();
        if (options_.helpers) options_.helpers->start(pos_, limits, options_);
        result.best = root_moves_[0].move;
        const std::size_t multipv = std::min<std::size_t>(std::size_t(options_.multipv), root_moves_.size());
        const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 8) : MAX_PLY - 8;
        std::uint64_t nodes_before = 0, leaves_before = 0;
        int instability = 0;  // recent best-move changes, in halves (decays by half per iteration)
        Move previous_best = Move::none();
        int previous_iteration_score = SCORE_NONE;
        auto by_score = [](const RootMove& a, const RootMove& b) { return a.score > b.score; };

        for (int depth = 1; depth <= max_depth; ++depth) {
            // Helpers spread over neighbouring depths rather than all racing on the main thread's.
            if (SMP_SKIP_DEPTHS && options_.thread_index > 0 && depth > 1 && (depth + options_.thread_index) % 2 == 0)
                continue;
            for (RootMove& rm : root_moves_) rm.previous_score = rm.score, rm.nodes = 0;
            for (std::size_t pv_index = 0; pv_index < multipv && !aborted_; ++pv_index) {
                seldepth_ = 0;
                const int previous = root_moves_[pv_index].previous_score;
                int delta = ASPIRATION_DELTA;
                int alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
                if (depth >= ASPIRATION_MIN_DEPTH && !options_.full_width && !is_mate_score(previous) &&
                    previous > -SCORE_INFINITE) {
                    alpha = std::max(previous - delta, -SCORE_INFINITE);
                    beta = std::min(previous + delta, SCORE_INFINITE);
                }
                while (true) {
                    const int score = search_root(alpha, beta, depth, pv_index);
                    std::stable_sort(root_moves_.begin() + std::ptrdiff_t(pv_index), root_moves_.end(), by_score);
                    if (aborted_) break;
                    // Aspiration failures are reported as bounds, then the window widens.
                    const RootMove& best_rm = root_moves_[pv_index];
                    if (score <= alpha) {
                        report(depth, pv_index, score, BOUND_UPPER, pv_->reported(best_rm.pv));
                        beta = (alpha + beta) / 2;
                        alpha = std::max(score - delta, -SCORE_INFINITE);
                    } else if (score >= beta) {
                        report(depth, pv_index, score, BOUND_LOWER, pv_->reported(best_rm.pv));
                        beta = std::min(score + delta, SCORE_INFINITE);
                    } else {
                        break;
                    }
                    delta += delta / 2;
                }
                std::stable_sort(root_moves_.begin(), root_moves_.begin() + std::ptrdiff_t(pv_index) + 1, by_score);
            }
            if (aborted_) break;

            // A completed iteration: report every line, take the best move.
            ++stats_.iterations;
            stats_.nodes_previous_iteration = stats_.nodes_last_iteration;
            stats_.nodes_last_iteration = stats_.nodes - nodes_before;
            stats_.leaves_last_iteration = stats_.leaf_nodes - leaves_before;
            nodes_before = stats_.nodes;
            leaves_before = stats_.leaf_nodes;
            for (std::size_t pv_index = 0; pv_index < multipv; ++pv_index) {
                RootMove& rm = root_moves_[pv_index];
                rm.pv = pv_->reported(rm.pv);
                report(depth, pv_index, rm.score, BOUND_EXACT, rm.pv);
            }
            const RootMove& best = root_moves_[0];
            result.best = best.move;
            result.score = best.score;
            result.depth = depth;
            result.pv = best.pv;
            if (options_.reports_to) {
                {
                    std::lock_guard<std::mutex> lock(completed_mutex_);
                    completed_ = result;
                }
                options_.reports_to->iteration_completed(depth);
            }

            // Stop when a limit is reached, or when the next iteration could not finish in time.
            if (limits.mate > 0 && best.score >= mate_in(2 * limits.mate - 1)) break;
            if (stop_.load() || (limits.nodes && total_nodes() >= limits.nodes)) break;
            if (depth > 1 && best.move != previous_best) instability += 2;
            previous_best = best.move;
            std::uint64_t iteration_nodes = 0;
            for (const RootMove& rm : root_moves_) iteration_nodes += rm.nodes;
            const int best_share = iteration_nodes ? int(best.nodes * 1000 / iteration_nodes) : 1000;
            const int score_drop = previous_iteration_score != SCORE_NONE && !is_mate_score(previous_iteration_score) &&
                                           !is_mate_score(best.score)
                                       ? previous_iteration_score - best.score
                                       : 0;
            previous_iteration_score = best.score;
            const bool fits = time_.next_iteration_fits(instability, best_share, score_drop);
            instability /= 2;
            if (!pondering_.load() && !fits) break;
            if (root_moves_.size() == 1 && time_.limited() && !pondering_.load() && depth >= 4) break;
        }
    }

    // `go infinite` and `go ponder` must not answer before `stop` (or `ponderhit`).
    while ((limits.infinite || pondering_.load()) && !stop_.load()) {
        if (callbacks.keep_going && !callbacks.keep_going(stats_.nodes)) break;
        if (!limits.infinite && !pondering_.load()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (options_.helpers) {
        options_.helpers->stop_and_wait();
        // The deepest thread's iteration is the best-informed one: its move is played and its
        // own collected line reported (it explains its score as the main thread's lines do).
        // MultiPV lines stay the main thread's, which alone searches them.
        const SearchResult deeper = options_.helpers->deepest_result();
        if (options_.multipv == 1 && !root_moves_.empty() && deeper.depth > result.depth) {
            result = deeper;
            report(result.depth, 0, result.score, BOUND_EXACT, result.pv);
        }
    }
    published_nodes_.store(stats_.nodes, std::memory_order_relaxed);
    if (result.pv.length > 1) result.ponder = result.pv.moves[1];
    stop_ = false;
    return result;
}

}  // namespace mainline
