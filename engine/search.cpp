#include "search.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include "evaluate.h"
#include "movegen.h"
#include "rules.h"
#include "see.h"

namespace mainline {

using namespace search_params;

std::string_view to_string(PvMethod m) {
    switch (m) {
    case PvMethod::STACK: return "stack";
    case PvMethod::TRIANGULAR: return "triangular";
    case PvMethod::TT: return "tt";
    case PvMethod::PVHASH: return "pvhash";
    }
    return "stack";
}

bool parse_pv_method(std::string_view name, PvMethod& out) {
    for (PvMethod m : {PvMethod::STACK, PvMethod::TRIANGULAR, PvMethod::TT, PvMethod::PVHASH})
        if (name == to_string(m)) {
            out = m;
            return true;
        }
    return false;
}

namespace {

bool is_capture(const Position& pos, Move m) { return !pos.empty(m.to()) || m.kind() == Move::EN_PASSANT; }

int history_index(Color c, Move m) { return (c * 64 + m.from()) * 64 + m.to(); }

// The index of a move in the continuation history and countermove tables (before it is made).
int piece_to(const Position& pos, Move m) { return int(pos.piece_on(m.from())) * 64 + m.to(); }

// History update with gravity: the further a score is from zero, the less a result moves it, so
// scores stay in (-HISTORY_MAX, HISTORY_MAX) and recent results outweigh old ones.
template <typename T>
void add_history(T& h, int delta) {
    h = T(h + delta - h * std::abs(delta) / HISTORY_MAX);
}

}  // namespace

Searcher::Searcher(TranspositionTable& tt)
    : tt_(tt),
      frames_(MAX_PLY + 4),
      tri_moves_(std::size_t(MAX_PLY + 1) * (MAX_PLY + 1)),
      tri_length_(MAX_PLY + 2),
      tri_end_(MAX_PLY + 2),
      history_(2 * 64 * 64),
      cont_history_(std::size_t(PIECE_NB) * 64 * PIECE_NB * 64),
      countermoves_(std::size_t(PIECE_NB) * 64),
      correction_(std::size_t(COLOR_NB) * CORRECTION_SIZE) {
    for (int d = 1; d < 64; ++d)
        for (int n = 1; n < 64; ++n)
            reductions_[d][n] = int(LMR_BASE + std::log(double(d)) * std::log(double(n)) / LMR_DIVISOR);
}

void Searcher::clear() {
    std::fill(history_.begin(), history_.end(), 0);
    std::fill(cont_history_.begin(), cont_history_.end(), std::int16_t(0));
    std::fill(countermoves_.begin(), countermoves_.end(), Move::none());
    std::fill(correction_.begin(), correction_.end(), std::int16_t(0));
    for (Frame& f : frames_) f.killers[0] = f.killers[1] = Move::none();
    pv_hash_.clear();
}

void Searcher::ponderhit() { pondering_.store(false, std::memory_order_relaxed); }

// ---------------------------------------------------------------------------------------------
// Time

void Searcher::start_clock(const SearchLimits& limits) {
    start_ = std::chrono::steady_clock::now();
    std::int64_t soft = 0, hard = 0;
    const std::int64_t overhead = options_.move_overhead_ms;
    if (limits.movetime_ms > 0) {
        soft = hard = std::max<std::int64_t>(1, limits.movetime_ms - overhead);
    } else if (limits.time_ms[pos_.side_to_move()] >= 0) {
        const std::int64_t left = limits.time_ms[pos_.side_to_move()];
        const std::int64_t inc = limits.inc_ms[pos_.side_to_move()];
        const int moves_to_go = limits.movestogo > 0 ? limits.movestogo : DEFAULT_MOVES_TO_GO;
        const std::int64_t usable = std::max<std::int64_t>(1, left - overhead * CLOCK_RESERVE_OVERHEADS);
        const std::int64_t cap = std::max<std::int64_t>(1, usable * MAX_TIME_PERCENT / 100);
        const std::int64_t base = usable / moves_to_go + inc * 3 / 4;
        soft = std::clamp<std::int64_t>(base, 1, cap);
        hard = std::clamp<std::int64_t>(base * 3, 1, cap);
        if (limits.movestogo == 1) soft = hard = cap;
    }
    soft_deadline_ms_ = soft;
    hard_deadline_ms_ = hard;
}

int Searcher::elapsed_ms() const {
    return int(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count());
}

bool Searcher::should_stop() {
    if (stop_.load(std::memory_order_relaxed)) return true;
    // A node limit never stops the first iteration: without one completed there is no searched
    // move to play (a weakened level's budget can be smaller than a depth-1 search).
    if (limits_.nodes && stats_.nodes >= limits_.nodes && !stats_.nodes_per_iteration.empty()) return true;
    const std::int64_t hard = hard_deadline_ms_.load(std::memory_order_relaxed);
    if (hard > 0 && !pondering_.load(std::memory_order_relaxed) && elapsed_ms() >= hard) return true;
    if (callbacks_->keep_going && (stats_.nodes & (CALLBACK_INTERVAL - 1)) == 0 && !callbacks_->keep_going(stats_.nodes)) {
        stop_ = true;
        return true;
    }
    return false;
}

// ---------------------------------------------------------------------------------------------
// PV collection, one storage per method. Only the selected method's storage is written.

void Searcher::pv_clear(int ply, PvEnd why) {
    switch (options_.pv_method) {
    case PvMethod::STACK:
    case PvMethod::PVHASH: frames_[std::size_t(ply)].pv.clear(why); break;
    case PvMethod::TRIANGULAR:
        tri_length_[std::size_t(ply)] = ply;
        tri_end_[std::size_t(ply)] = why;
        break;
    case PvMethod::TT: break;  // nothing is collected during the search
    }
}

// The node at `ply` has a new best move `m`: its line becomes `m` followed by the child's line.
void Searcher::pv_update(int ply, Move m) {
    const std::size_t p = std::size_t(ply);
    switch (options_.pv_method) {
    case PvMethod::STACK:
    case PvMethod::PVHASH: frames_[p].pv.update(m, frames_[p + 1].pv); break;
    case PvMethod::TRIANGULAR: {
        // TSCP: row `ply` of the triangle takes the move, then row ply+1's moves from ply+1 on.
        Move* row = &tri_moves_[p * (MAX_PLY + 1)];
        const Move* child = &tri_moves_[(p + 1) * (MAX_PLY + 1)];
        row[p] = m;
        for (int j = ply + 1; j < tri_length_[p + 1]; ++j) row[j] = child[j];
        tri_length_[p] = std::max(tri_length_[p + 1], ply + 1);
        tri_end_[p] = tri_end_[p + 1];
        break;
    }
    case PvMethod::TT: break;
    }
}

PvLine Searcher::pv_at(int ply) const {
    const std::size_t p = std::size_t(ply);
    if (options_.pv_method != PvMethod::TRIANGULAR) return frames_[p].pv;
    PvLine line;
    const Move* row = &tri_moves_[p * (MAX_PLY + 1)];
    for (int j = ply; j < tri_length_[p]; ++j) line.moves[line.length++] = row[j];
    line.end = tri_end_[p];
    return line;
}

void Searcher::pv_set(int ply, const PvLine& line) {
    const std::size_t p = std::size_t(ply);
    if (options_.pv_method != PvMethod::TRIANGULAR) {
        frames_[p].pv = line;
        return;
    }
    Move* row = &tri_moves_[p * (MAX_PLY + 1)];
    int j = ply;
    for (int i = 0; i < line.length && j < MAX_PLY; ++i) row[j++] = line.moves[i];
    tri_length_[p] = j;
    tri_end_[p] = line.end;
}

// An exact hash hit at a PV node may end the node only if the PV hash holds the line that
// produced that score, and the line still holds from here: every move legal, and no draw by
// rule on the way that the stored search did not see (the path to this node may differ).
bool Searcher::try_splice(int ply, int depth, int alpha, int beta, int& score) {
    ++stats_.splice_attempts;
    const PvHashTable::Entry* e = pv_hash_.probe(pos_.key());
    if (!e || e->depth < depth || ply + e->length >= MAX_PLY - 1) return false;
    const int s = score_from_tt(e->score, ply);
    if (s <= alpha || s >= beta) return false;

    PvLine line;
    line.end = e->end;
    bool ok = true;
    int made = 0;
    for (int i = 0; i < e->length && ok; ++i) {
        const Move m = e->moves[i];
        if (!is_legal(pos_, m)) {
            ok = false;
            break;
        }
        pos_.do_move(m);
        line.moves[line.length++] = m;
        ++made;
        PvEnd why;
        const bool draw = draw_by_rule(pos_, ply + made, why);
        if (i + 1 < e->length) ok = !draw;
        else if (draw) ok = why == e->end;
        else if (e->end == PvEnd::MATE) ok = pos_.in_check() && !has_legal_move(pos_);
        else if (e->end == PvEnd::STALEMATE) ok = !pos_.in_check() && !has_legal_move(pos_);
        else ok = e->end == PvEnd::LEAF;
    }
    if (e->length == 0) ok = false;
    while (made) pos_.undo_move(line.moves[--made]);
    if (!ok) return false;
    pv_set(ply, line);
    score = s;
    ++stats_.splice_successes;
    return true;
}

// PvMethod::TT: after the iteration, follow the hash table's best moves from the root, checking
// each for legality and stopping at a repetition or a missing entry.
PvLine Searcher::tt_line(Move first) {
    PvLine line;
    line.end = PvEnd::HASHCUT;
    if (!first.is_ok()) return line;
    int made = 0;
    Move m = first;
    while (true) {
        pos_.do_move(m);
        line.moves[line.length++] = m;
        ++made;
        PvEnd why;
        if (draw_by_rule(pos_, made, why)) {
            line.end = why;
            break;
        }
        if (!has_legal_move(pos_)) {
            line.end = pos_.in_check() ? PvEnd::MATE : PvEnd::STALEMATE;
            break;
        }
        if (made >= MAX_PLY - 2) break;
        const TTHit hit = tt_.probe(pos_.key(), made);
        if (!hit.found || !hit.move.is_ok() || !is_legal(pos_, hit.move)) {
            // A stand-pat leaf leaves a depth-0 entry without a move: the line ended there.
            if (hit.found && hit.depth == 0 && !hit.move.is_ok()) line.end = PvEnd::LEAF;
            break;
        }
        m = hit.move;
    }
    while (made) pos_.undo_move(line.moves[--made]);
    return line;
}

// ---------------------------------------------------------------------------------------------
// Move ordering

void Searcher::order_moves(Move* moves, int* scores, int count, Move hash_move, int ply) const {
    const Frame& f = frames_[std::size_t(ply)];
    Move alt = Move::none();
    if (options_.alt_variations && f.on_alt && alt_root_ && ply >= 1 && ply - 1 < alt_root_->alt_length)
        alt = alt_root_->alt[ply - 1];
    for (int i = 0; i < count; ++i) {
        const Move m = moves[i];
        int s;
        if (m == hash_move) s = ORDER_HASH_MOVE;
        else if (m == alt) s = ORDER_ALT_MOVE;
        else if (is_capture(pos_, m)) {
            const PieceType victim = m.kind() == Move::EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to()));
            const PieceType attacker = type_of(pos_.piece_on(m.from()));
            const int mvv_lva = 16 * SEE_VALUE[victim] / 10 - int(attacker);
            // Taking a piece worth at least the capturer never loses material (the exchange can
            // stop after the recapture), so only the other captures need the full exchange.
            const bool good = SEE_VALUE[victim] >= SEE_VALUE[attacker] || see(pos_, m) >= 0;
            s = (good ? ORDER_GOOD_CAPTURE : ORDER_BAD_CAPTURE) + mvv_lva;
        } else if (m.kind() == Move::PROMOTION) {
            s = m.promotion() == QUEEN ? ORDER_GOOD_CAPTURE - 1 : ORDER_BAD_CAPTURE - 1000;
        } else if (m == f.killers[0]) s = ORDER_KILLER_1;
        else if (m == f.killers[1]) s = ORDER_KILLER_2;
        else if (ply >= 1 && frames_[std::size_t(ply) - 1].piece_to >= 0 &&
                 m == countermoves_[std::size_t(frames_[std::size_t(ply) - 1].piece_to)])
            s = ORDER_COUNTERMOVE;
        else s = quiet_score(m, ply);
        scores[i] = s;
    }
}

int Searcher::quiet_score(Move m, int ply) const {
    const int pt = piece_to(pos_, m);
    int s = history_[std::size_t(history_index(pos_.side_to_move(), m))];
    for (int back = 1; back <= 2 && ply - back >= 0; ++back) {
        const int prev = frames_[std::size_t(ply - back)].piece_to;
        if (prev >= 0) s += cont_history_[std::size_t(prev) * PIECE_NB * 64 + std::size_t(pt)];
    }
    return s;
}

// Killers, countermove, history and continuation history: the quiet move that refuted a position
// is tried early in its siblings; the quiet moves tried before it are penalised.
void Searcher::update_quiet_stats(int ply, Move best, const Move* tried, int tried_count, int depth) {
    Frame& frame = frames_[std::size_t(ply)];
    if (frame.killers[0] != best) frame.killers[1] = frame.killers[0], frame.killers[0] = best;
    const int prev[2] = {ply >= 1 ? frames_[std::size_t(ply) - 1].piece_to : -1,
                         ply >= 2 ? frames_[std::size_t(ply) - 2].piece_to : -1};
    if (prev[0] >= 0) countermoves_[std::size_t(prev[0])] = best;
    const Color us = pos_.side_to_move();
    const int bonus = std::min(depth * depth, 400);
    auto adjust = [&](Move q, int delta) {
        add_history(history_[std::size_t(history_index(us, q))], delta);
        const std::size_t pt = std::size_t(piece_to(pos_, q));
        for (int p : prev)
            if (p >= 0) add_history(cont_history_[std::size_t(p) * PIECE_NB * 64 + pt], delta);
    };
    adjust(best, bonus);
    for (int q = 0; q < tried_count; ++q) adjust(tried[q], -bonus);
}

std::size_t Searcher::correction_index() const {
    const std::uint64_t h = (pos_.pieces(WHITE, PAWN) * 0x9E3779B97F4A7C15ULL) ^ (pos_.pieces(BLACK, PAWN) * 0xC2B2AE3D27D4EB4FULL);
    return std::size_t(pos_.side_to_move()) * CORRECTION_SIZE + std::size_t(h >> 50) % CORRECTION_SIZE;
}

int Searcher::correction() const { return correction_[correction_index()] / CORRECTION_GRAIN; }

void Searcher::update_correction(int error, int depth) {
    const int bonus = std::clamp(error * depth * CORRECTION_GRAIN / 8, -CORRECTION_MAX / 4, CORRECTION_MAX / 4);
    std::int16_t& c = correction_[correction_index()];
    c = std::int16_t(c + bonus - c * std::abs(bonus) / CORRECTION_MAX);
}

namespace {
// The move order: by score, ties by the move's bits, so that the order is a strict total order
// and does not depend on how the list was permuted on the way.
bool ordered_before(int score_a, Move a, int score_b, Move b) {
    return score_a > score_b || (score_a == score_b && a.raw() < b.raw());
}
}  // namespace

void Searcher::pick_next(Move* moves, int* scores, int count, int i) const {
    int best = i;
    for (int j = i + 1; j < count; ++j)
        if (ordered_before(scores[j], moves[j], scores[best], moves[best])) best = j;
    std::swap(moves[i], moves[best]);
    std::swap(scores[i], scores[best]);
}

// ---------------------------------------------------------------------------------------------
// The search proper

bool Searcher::draw_at(int ply, PvEnd& why) const { return draw_by_rule(pos_, ply, why); }

template <bool PvNode>
int Searcher::qsearch(int alpha, int beta, int ply) {
    if (PvNode) pv_clear(ply, PvEnd::LEAF);
    ++stats_.nodes;
    ++stats_.qnodes;
    if ((stats_.nodes & poll_mask_) == 0 && should_stop()) aborted_ = true;
    if (aborted_) return 0;
    if (PvNode && ply > seldepth_) seldepth_ = ply;

    // Step 1. Draws by rule, and the ply limit (where the line simply ends on its evaluation).
    PvEnd why;
    if (draw_at(ply, why)) {
        if (PvNode) pv_clear(ply, why);
        return 0;
    }
    if (ply >= MAX_PLY - 1) return evaluate(pos_, pawn_cache_);

    // Step 2. Hash table: cut-offs at non-PV nodes; at PV nodes as the PV method allows.
    const TTHit hit = tt_.probe(pos_.key(), ply);
    if (hit.found) {
        const bool usable = hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && hit.score >= beta) ||
                            (hit.bound == BOUND_UPPER && hit.score <= alpha);
        if (!PvNode && usable) return hit.score;
        if (PvNode && usable && options_.pv_method == PvMethod::TT) {
            ++stats_.pv_tt_cutoffs;
            return hit.score;
        }
        if (PvNode && usable && options_.pv_method == PvMethod::PVHASH) {
            int s;
            if (hit.score <= alpha || hit.score >= beta) return hit.score;  // a bound: no line needed
            if (try_splice(ply, 0, alpha, beta, s)) {
                ++stats_.pv_tt_cutoffs;
                return s;
            }
        }
    }

    // Step 3. Stand pat, unless in check (then every evasion is searched).
    const bool in_check = pos_.in_check();
    Move moves[MAX_MOVES];
    int scores[MAX_MOVES];
    int count;
    int best = -SCORE_INFINITE;
    int stand_pat = SCORE_NONE;
    if (in_check) {
        count = int(generate<GenType::ALL>(pos_, moves) - moves);
        if (count == 0) {
            if (PvNode) pv_clear(ply, PvEnd::MATE);
            return mated_in(ply);
        }
    } else {
        // The hash table keeps the static evaluation of positions seen before; PV nodes compute
        // it afresh so that a line's last score is always this evaluation.
        stand_pat = !PvNode && hit.found && hit.eval != SCORE_NONE ? hit.eval : evaluate(pos_, pawn_cache_);
        if (stand_pat >= beta) return stand_pat;
        count = int(generate<GenType::NOISY>(pos_, moves) - moves);
        // With no capture at all the position might be stalemate, which is a draw, not its
        // evaluation; a line must never end on a wrongly scored position.
        if (count == 0 && stand_pat > alpha && !has_legal_move(pos_)) {
            if (PvNode) pv_clear(ply, PvEnd::STALEMATE);
            return 0;
        }
        best = stand_pat;
        if (stand_pat > alpha) alpha = stand_pat;
    }
    order_moves(moves, scores, count, hit.found ? hit.move : Move::none(), ply);

    // Step 4. Captures and promotions (or evasions), best first.
    Move best_move = Move::none();
    const int alpha_start = alpha;
    int searched = 0;
    for (int i = 0; i < count; ++i) {
        pick_next(moves, scores, count, i);
        const Move m = moves[i];
        if (!in_check) {
            // Skip captures that lose material, and those that cannot reach alpha even with the
            // captured piece for free (delta pruning).
            if (scores[i] < ORDER_GOOD_CAPTURE - 1 && scores[i] != ORDER_HASH_MOVE) continue;
            if (m.kind() != Move::PROMOTION) {
                const PieceType victim = m.kind() == Move::EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to()));
                if (stand_pat + SEE_VALUE[victim] + DELTA_MARGIN <= alpha) continue;
            }
        }
        pos_.do_move(m);
        int score;
        if (!PvNode || searched == 0) score = -qsearch<PvNode>(-beta, -alpha, ply + 1);
        else {
            pv_clear(ply + 1, PvEnd::LEAF);
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
                if (PvNode) pv_update(ply, m);
                if (score >= beta) break;
                alpha = score;
            }
        }
    }
    const Bound bound = best >= beta ? BOUND_LOWER : (PvNode && alpha > alpha_start) ? BOUND_EXACT : BOUND_UPPER;
    tt_.store(pos_.key(), ply, best_move, best, stand_pat, 0, bound);
    if (PvNode && bound == BOUND_EXACT && options_.pv_method == PvMethod::PVHASH)
        pv_hash_.store(pos_.key(), 0, score_to_tt(best, ply), pv_at(ply));
    return best;
}

template <bool PvNode>
int Searcher::search_node(int alpha, int beta, int depth, int ply) {
    Frame& frame = frames_[std::size_t(ply)];
    frame.refutation_length = 0;
    if (depth <= 0) {
        if (!options_.full_width) {
            ++stats_.leaf_nodes;
            return qsearch<PvNode>(alpha, beta, ply);
        }
        ++stats_.nodes;
        ++stats_.leaf_nodes;
        if (PvNode) pv_clear(ply, PvEnd::LEAF);
        return evaluate(pos_, pawn_cache_);
    }
    if (PvNode) pv_clear(ply, PvEnd::LEAF);
    ++stats_.nodes;
    if ((stats_.nodes & poll_mask_) == 0 && should_stop()) aborted_ = true;
    if (aborted_) return 0;
    if (PvNode && ply > seldepth_) seldepth_ = ply;

    // Step 1. Draws by rule and the ply limit.
    PvEnd why;
    if (draw_at(ply, why)) {
        if (PvNode) pv_clear(ply, why);
        return 0;
    }
    if (ply >= MAX_PLY - 1) return evaluate(pos_, pawn_cache_);

    // Step 2. Mate distance pruning: no line from here can beat a mate already found nearer
    // the root. The window the parent asked for is kept: a score outside it needs no line.
    const int parent_alpha = alpha, parent_beta = beta;
    alpha = std::max(alpha, mated_in(ply));
    beta = std::min(beta, mate_in(ply + 1));
    if (alpha >= beta) return alpha;

    // Step 3. Hash table. Non-PV nodes take any usable result. PV nodes never cut with `stack` or
    // `triangular` (a cut would leave the line without its continuation); `tt` cuts (its lines
    // come from the table anyway); `pvhash` cuts only when it can splice in the stored line.
    const Move excluded = frame.excluded;
    const TTHit hit = tt_.probe(pos_.key(), ply);
    if (hit.found && hit.depth >= depth && !options_.full_width && !excluded.is_ok()) {
        const bool usable = hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && hit.score >= beta) ||
                            (hit.bound == BOUND_UPPER && hit.score <= alpha);
        if (!PvNode && usable) return hit.score;
        if (PvNode && usable && options_.pv_method == PvMethod::TT) {
            ++stats_.pv_tt_cutoffs;
            return hit.score;
        }
        if (PvNode && usable && options_.pv_method == PvMethod::PVHASH) {
            if (hit.score <= parent_alpha || hit.score >= parent_beta) return hit.score;
            int s;
            if (try_splice(ply, depth, parent_alpha, parent_beta, s)) {
                ++stats_.pv_tt_cutoffs;
                return s;
            }
        }
    }

    // Step 4. Pruning before any move is searched (non-PV nodes, not in check).
    const bool in_check = pos_.in_check();
    int static_eval = SCORE_NONE;  // the evaluation itself (what the hash table keeps)
    int pruning_eval = SCORE_NONE;  // corrected by what searches of this pawn structure found
    if (!PvNode && !in_check && !options_.full_width) {
        static_eval = hit.found && hit.eval != SCORE_NONE ? hit.eval : evaluate(pos_, pawn_cache_);
        pruning_eval = std::clamp(static_eval + correction(), -SCORE_MATE_IN_MAX_PLY + 1, SCORE_MATE_IN_MAX_PLY - 1);
    }
    if (!PvNode && !in_check && !options_.full_width && !excluded.is_ok()) {
        // Reverse futility pruning.
        if (depth <= RFP_MAX_DEPTH && pruning_eval - RFP_MARGIN_PER_PLY * depth >= beta && !is_mate_score(beta))
            return pruning_eval;
        // Null move pruning, with the zugzwang guard: the side to move must have a piece.
        const Color stm = pos_.side_to_move();
        if (NULL_MOVE && depth >= NULL_MOVE_MIN_DEPTH && pruning_eval >= beta && !is_mate_score(beta) &&
            frames_[std::size_t(ply) - 1].current.is_ok() &&
            (pos_.pieces(stm) & ~pos_.pieces(PAWN, KING))) {
            const int r = NULL_MOVE_BASE_REDUCTION + depth / NULL_MOVE_DEPTH_DIVISOR;
            frame.current = Move::none();
            frame.piece_to = -1;
            frames_[std::size_t(ply) + 1].on_alt = false;
            pos_.do_null_move();
            const int score = -search_node<false>(-beta, -beta + 1, depth - 1 - r, ply + 1);
            pos_.undo_null_move();
            if (aborted_) return 0;
            if (score >= beta) return is_mate_score(score) ? beta : score;
        }
    }

    // Internal iterative reduction (non-PV: PV nodes keep their full depth).
    if (!PvNode && IIR && depth >= IIR_MIN_DEPTH && !(hit.found && hit.move.is_ok()) && !options_.full_width) --depth;

    // Step 5. Generate and order the legal moves; none means mate or stalemate.
    Move moves[MAX_MOVES];
    int scores[MAX_MOVES];
    int count = int(generate<GenType::ALL>(pos_, moves) - moves);
    if (count == 0) {
        if (PvNode) pv_clear(ply, in_check ? PvEnd::MATE : PvEnd::STALEMATE);
        return in_check ? mated_in(ply) : 0;
    }
    order_moves(moves, scores, count, hit.found ? hit.move : Move::none(), ply);

    // Step 5b. Singular extension of the hash move (see search_params.h).
    int singular_extension = 0;
    if (SINGULAR_EXTENSIONS && !options_.full_width && ply > 0 && depth >= SINGULAR_MIN_DEPTH && !excluded.is_ok() &&
        hit.found && hit.move.is_ok() && hit.bound != BOUND_UPPER && hit.depth >= depth - SINGULAR_TT_DEPTH_MARGIN &&
        !is_mate_score(hit.score)) {
        const int singular_beta = hit.score - SINGULAR_MARGIN_PER_PLY * depth;
        frame.excluded = hit.move;
        const int score = search_node<false>(singular_beta - 1, singular_beta, (depth - 1) / 2, ply);
        frame.excluded = Move::none();
        if (aborted_) return 0;
        if (score < singular_beta) singular_extension = 1;
        else if (!PvNode && singular_beta >= beta) return singular_beta;
        else if (hit.score >= beta) singular_extension = NON_SINGULAR_CUT_EXTENSION;
        // The nested search reused this ply's frame: its slots below are rewritten by the loop.
        frame.refutation_length = 0;
    }

    // Step 6. The move loop: the first move with the full window, the rest with a null window,
    // searched again with the full window if they beat alpha (principal variation search).
    const int alpha_start = alpha;
    int best = -SCORE_INFINITE;
    Move best_move = Move::none();
    Move quiets_tried[MAX_MOVES];
    int quiet_count = 0;
    Move alt = Move::none();
    if (options_.alt_variations && frame.on_alt && alt_root_ && ply - 1 < alt_root_->alt_length)
        alt = alt_root_->alt[ply - 1];
    Frame& child = frames_[std::size_t(ply) + 1];
    // Pruning of individual moves applies at non-PV nodes, not in check, once a move that does
    // not lose to mate has been found.
    const bool may_prune = !PvNode && !in_check && !options_.full_width;
    auto is_quiet = [&](Move q) { return !is_capture(pos_, q) && q.kind() != Move::PROMOTION; };
    // Late-move pruning may skip a quiet move, never a killer.
    auto lmp_may_skip = [&](Move q) { return is_quiet(q) && q != frame.killers[0] && q != frame.killers[1]; };
    for (int i = 0; i < count; ++i) {
        pick_next(moves, scores, count, i);
        const Move m = moves[i];
        if (m == excluded) continue;
        const bool quiet = is_quiet(m);
        if (may_prune && best > -SCORE_MATE_IN_MAX_PLY) {
            if (LATE_MOVE_PRUNING && depth <= LMP_MAX_DEPTH && quiet_count >= LMP_BASE + depth * depth &&
                lmp_may_skip(m)) {
                // Every later quiet move would be skipped here too: drop them from the list at
                // once rather than pick each only to skip it.
                int kept = i + 1;
                for (int j = i + 1; j < count; ++j) {
                    if (lmp_may_skip(moves[j])) continue;
                    moves[kept] = moves[j];
                    scores[kept++] = scores[j];
                }
                count = kept;
                continue;
            }
            if (!quiet && SEE_PRUNING && depth <= SEE_PRUNING_MAX_DEPTH && scores[i] < ORDER_GOOD_CAPTURE - 1 &&
                see(pos_, m) < -SEE_PRUNING_MARGIN_PER_PLY * depth)
                continue;
            if (quiet && FUTILITY && depth <= FUTILITY_MAX_DEPTH &&
                pruning_eval + FUTILITY_MARGIN_BASE + FUTILITY_MARGIN_PER_PLY * depth <= alpha) {
                // Checks are never futile: make the move to see, take it back if quiet.
                pos_.do_move(m);
                const bool checks = pos_.in_check();
                pos_.undo_move(m);
                if (!checks) continue;
            }
        }
        frame.current = m;
        frame.piece_to = piece_to(pos_, m);
        child.on_alt = frame.on_alt && m == alt;
        child.refutation_length = 0;
        tt_.prefetch(pos_.key_after(m));
        pos_.do_move(m);
        // Step 7. Check extension: a check is searched one ply deeper, so that forcing lines are
        // not judged at the horizon.
        const bool gives_check = pos_.in_check();
        const int extension = gives_check && !options_.full_width ? 1 : (m == hit.move ? singular_extension : 0);
        const int new_depth = depth - 1 + extension;
        int score;
        if (i == 0) score = -search_node<PvNode>(-beta, -alpha, new_depth, ply + 1);
        else {
            // Step 8. Late move reductions (non-PV nodes; a reduced move that beats alpha is
            // searched again at full depth).
            int r = 0;
            if ((!PvNode || LMR_PV_NODES) && depth >= LMR_MIN_DEPTH && i >= LMR_MIN_MOVE && quiet && !in_check &&
                !gives_check && !options_.full_width) {
                r = reductions_[std::min(depth, 63)][std::min(i, 63)];
                if (PvNode) --r;
                // Killers and the countermove are ordered above history: reduce them less.
                if (scores[i] >= ORDER_COUNTERMOVE) --r;
                else r -= scores[i] / LMR_HISTORY_DIVISOR;
                r = std::clamp(r, 0, new_depth - 1);
            }
            // A null-window child writes no line; if it fails high here there is no re-search,
            // and the (bound) line must not pick up an old line left in the child's slot.
            if (PvNode) pv_clear(ply + 1, PvEnd::LEAF);
            score = -search_node<false>(-alpha - 1, -alpha, new_depth - r, ply + 1);
            if (r > 0 && score > alpha) score = -search_node<false>(-alpha - 1, -alpha, new_depth, ply + 1);
            // A fail-high against a beta that mate distance pruning lowered is an exact score (the
            // best possible here), so it too gets the PV search that records its line.
            if (PvNode && score > alpha && (score < beta || beta < parent_beta))
                score = -search_node<true>(-beta, -alpha, new_depth, ply + 1);
        }
        pos_.undo_move(m);
        if (aborted_) return 0;

        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = m;
                // Alternate variations: remember this node's best reply line for a few plies.
                if (ply <= ALT_PLIES) {
                    frame.refutation[0] = m;
                    const int n = std::min(child.refutation_length, ALT_PLIES - 1);
                    for (int j = 0; j < n; ++j) frame.refutation[j + 1] = child.refutation[j];
                    frame.refutation_length = n + 1;
                }
                // The line is kept on a fail-high too: mate distance pruning may have lowered beta
                // to the best score possible here, and then a score equal to beta is exact.
                if (PvNode) pv_update(ply, m);
                if (score >= beta) {
                    ++stats_.fail_highs;
                    if (i == 0) ++stats_.fail_high_first;
                    if (quiet) update_quiet_stats(ply, m, quiets_tried, quiet_count, depth);
                    break;
                }
                alpha = score;
            }
        }
        if (quiet) quiets_tried[quiet_count++] = m;
    }

    // The excluded move was the only legal one: the node is as bad as it can be without it.
    if (excluded.is_ok()) return best == -SCORE_INFINITE ? alpha : best;

    // Step 9. Store the result; exact PV nodes also store their line in the PV hash.
    const Bound bound = best >= beta ? BOUND_LOWER : (PvNode && alpha > alpha_start) ? BOUND_EXACT : BOUND_UPPER;
    tt_.store(pos_.key(), ply, best_move, best, static_eval, depth, bound);
    // Correction history learns from results that say more than the evaluation: quiet best moves
    // (or none) whose score lies on the side of the static evaluation that the bound allows.
    if (static_eval != SCORE_NONE && !(best_move.is_ok() && !pos_.empty(best_move.to())) && !is_mate_score(best) &&
        (bound == BOUND_EXACT || (bound == BOUND_LOWER && best > static_eval) || (bound == BOUND_UPPER && best < static_eval)))
        update_correction(best - static_eval, depth);
    if (PvNode && bound == BOUND_EXACT && options_.pv_method == PvMethod::PVHASH)
        pv_hash_.store(pos_.key(), depth, score_to_tt(best, ply), pv_at(ply));
    return best;
}

int Searcher::search_root(int alpha, int beta, int depth, std::size_t pv_index) {
    ++stats_.nodes;
    pv_clear(0, PvEnd::LEAF);
    int best = -SCORE_INFINITE;
    for (std::size_t i = pv_index; i < root_moves_.size(); ++i) {
        RootMove& rm = root_moves_[i];
        alt_root_ = &rm;
        frames_[1].on_alt = options_.alt_variations && rm.alt_length > 0;
        frames_[1].refutation_length = 0;
        frames_[0].current = rm.move;
        frames_[0].piece_to = piece_to(pos_, rm.move);
        pos_.do_move(rm.move);
        const int new_depth = depth - 1 + (pos_.in_check() && !options_.full_width ? 1 : 0);
        int score;
        if (i == pv_index) score = -search_node<true>(-beta, -alpha, new_depth, 1);
        else {
            score = -search_node<false>(-alpha - 1, -alpha, new_depth, 1);
            if (score > alpha && !aborted_) score = -search_node<true>(-beta, -alpha, new_depth, 1);
        }
        pos_.undo_move(rm.move);
        alt_root_ = nullptr;
        if (aborted_) break;

        if (options_.alt_variations && frames_[1].refutation_length > 0) {
            rm.alt_length = frames_[1].refutation_length;
            std::copy(frames_[1].refutation, frames_[1].refutation + rm.alt_length, rm.alt);
        }
        if (i == pv_index || score > alpha) {
            rm.score = score;
            pv_update(0, rm.move);
            rm.pv = options_.pv_method == PvMethod::TT ? PvLine{} : pv_at(0);
            if (options_.pv_method == PvMethod::TT) rm.pv.moves[0] = rm.move, rm.pv.length = 1;
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

void Searcher::report(int depth, std::size_t pv_index, int score, ScoreBound bound, const PvLine& line) {
    if (!callbacks_->on_iteration) return;
    IterationInfo info;
    info.depth = depth;
    info.seldepth = std::max(seldepth_, line.length);
    info.multipv = int(pv_index) + 1;
    info.score = score;
    info.bound = bound;
    info.nodes = stats_.nodes;
    info.time_ms = elapsed_ms();
    info.nps = info.time_ms > 0 ? stats_.nodes * 1000 / std::uint64_t(info.time_ms) : stats_.nodes * 1000;
    info.hashfull = tt_.hashfull();
    info.pv = line;
    callbacks_->on_iteration(info);
}

SearchResult Searcher::search(const Position& root, const SearchLimits& limits, const SearchOptions& options,
                              const SearchCallbacks& callbacks) {
    pos_ = root;
    pos_.reserve_history(2 * MAX_PLY);
    limits_ = limits;
    options_ = options;
    options_.multipv = std::clamp(options_.multipv, 1, MAX_MULTIPV);
    callbacks_ = &callbacks;
    stats_ = SearchStats{};
    aborted_ = false;
    pondering_ = limits.ponder;
    seldepth_ = 0;
    // A small node budget (a weakened level) is kept to within NODE_LIMIT_POLL_INTERVAL nodes.
    poll_mask_ = limits.nodes ? NODE_LIMIT_POLL_INTERVAL - 1 : POLL_INTERVAL - 1;
    start_clock(limits);
    tt_.new_search();
    for (Frame& f : frames_) f.on_alt = false, f.refutation_length = 0;

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
        report(0, 0, result.score, ScoreBound::EXACT, line);
        result.pv = line;
    } else {
        {
            Move ordered[MAX_MOVES];
            int scores[MAX_MOVES];
            const int n = int(root_moves_.size());
            for (int i = 0; i < n; ++i) ordered[i] = root_moves_[std::size_t(i)].move;
            const TTHit hit = tt_.probe(pos_.key(), 0);
            order_moves(ordered, scores, n, hit.found ? hit.move : Move::none(), 0);
            for (int i = 0; i < n; ++i) {
                pick_next(ordered, scores, n, i);
                root_moves_[std::size_t(i)].move = ordered[i];
            }
        }
        result.best = root_moves_[0].move;
        const std::size_t multipv = std::min<std::size_t>(std::size_t(options_.multipv), root_moves_.size());
        const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 8) : MAX_PLY - 8;
        std::uint64_t nodes_before = 0, leaves_before = 0;
        int instability = 0;  // recent best-move changes, in halves (decays by half per iteration)
        Move previous_best = Move::none();

        for (int depth = 1; depth <= max_depth; ++depth) {
            for (RootMove& rm : root_moves_) rm.previous_score = rm.score;
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
                    std::stable_sort(root_moves_.begin() + std::ptrdiff_t(pv_index), root_moves_.end(),
                                     [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
                    if (aborted_) break;
                    // Aspiration failures are reported as bounds, then the window widens.
                    const RootMove& best_rm = root_moves_[pv_index];
                    if (score <= alpha) {
                        report(depth, pv_index, score, ScoreBound::UPPER,
                               options_.pv_method == PvMethod::TT ? tt_line(best_rm.move) : best_rm.pv);
                        beta = (alpha + beta) / 2;
                        alpha = std::max(score - delta, -SCORE_INFINITE);
                    } else if (score >= beta) {
                        report(depth, pv_index, score, ScoreBound::LOWER,
                               options_.pv_method == PvMethod::TT ? tt_line(best_rm.move) : best_rm.pv);
                        beta = std::min(score + delta, SCORE_INFINITE);
                    } else {
                        break;
                    }
                    delta += delta / 2;
                }
                std::stable_sort(root_moves_.begin(), root_moves_.begin() + std::ptrdiff_t(pv_index) + 1,
                                 [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
            }
            if (aborted_) break;

            // A completed iteration: report every line, take the best move.
            stats_.nodes_per_iteration.push_back(stats_.nodes - nodes_before);
            stats_.leaves_last_iteration = stats_.leaf_nodes - leaves_before;
            nodes_before = stats_.nodes;
            leaves_before = stats_.leaf_nodes;
            for (std::size_t pv_index = 0; pv_index < multipv; ++pv_index) {
                RootMove& rm = root_moves_[pv_index];
                if (options_.pv_method == PvMethod::TT) rm.pv = tt_line(rm.move);
                report(depth, pv_index, rm.score, ScoreBound::EXACT, rm.pv);
            }
            const RootMove& best = root_moves_[0];
            result.best = best.move;
            result.score = best.score;
            result.depth = depth;
            result.pv = best.pv;

            // Stop when a limit is reached, or when the next iteration could not finish in time.
            if (limits.mate > 0 && best.score >= mate_in(2 * limits.mate - 1)) break;
            if (stop_.load() || (limits.nodes && stats_.nodes >= limits.nodes)) break;
            if (depth > 1 && best.move != previous_best) instability += 2;
            previous_best = best.move;
            const std::int64_t planned = soft_deadline_ms_.load() * (200 + instability * INSTABILITY_PERCENT_PER_CHANGE) / 200;
            const std::int64_t soft = std::min(planned, hard_deadline_ms_.load());
            instability /= 2;
            if (soft > 0 && !pondering_.load() && elapsed_ms() >= soft * NEXT_ITERATION_PERCENT / 100) break;
            if (root_moves_.size() == 1 && soft > 0 && !pondering_.load() && depth >= 4) break;
        }
    }

    // `go infinite` and `go ponder` must not answer before `stop` (or `ponderhit`).
    while ((limits.infinite || pondering_.load()) && !stop_.load()) {
        if (callbacks.keep_going && !callbacks.keep_going(stats_.nodes)) break;
        if (!limits.infinite && !pondering_.load()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (result.pv.length > 1) result.ponder = result.pv.moves[1];
    stop_ = false;
    return result;
}

}  // namespace mainline
