#include "movepick.h"

#include <cstdint>
#include <utility>

#include "movegen.h"
#include "see.h"

namespace mainline {

using namespace search_params;

namespace {

// A strict total order, so that the sequence does not depend on how the list was permuted on
// the way (nor on the generator's order).
// Packed into one number: the higher score first, then the lower move bits. One comparison a
// move instead of two dependent ones, and no hard-to-predict branch in the selection loop.
std::int64_t order_key(int score, Move m) { return std::int64_t(score) * 65536 + (0xFFFF - m.raw()); }

}  // namespace

MovePicker::MovePicker(const Position& pos, Move* moves, int count, Move hash_move, Move alt_move,
                       const Move killers[2], const Histories& histories,
                       const int previous[search_params::CONTINUATION_COUNT], bool noisy_only)
    : pos_(pos),
      histories_(histories),
      moves_(moves),
      noisy_only_(noisy_only),
      hash_move_(hash_move),
      alt_move_(alt_move),
      killer_{killers[0], killers[1]},
      counter_(previous[0] >= 0 ? histories.countermoves.at(previous[0]) : Move::none()) {
    std::copy(previous, previous + CONTINUATION_COUNT, previous_);
    if (count >= 0) {
        split(count);
        stage_ = HASH;
    }
}

void MovePicker::split(int count) {
    // Captures and promotions to the front, the quiet moves after them; the moves that have a
    // stage of their own leave the lists.
    int noisy = 0, quiet = count;
    for (int i = 0; i < quiet;) {
        const Move m = moves_[i];
        if (m == hash_move_) has_hash_ = true;
        else if (m == alt_move_) has_alt_ = true;
        else if (!is_quiet(pos_, m)) {
            moves_[noisy++] = m;
            ++i;
            continue;
        } else if (m == killer_[0]) has_killer_[0] = true;
        else if (m == killer_[1]) has_killer_[1] = true;
        else if (m == counter_) has_counter_ = true;
        else {
            // A quiet move without a stage of its own: keep it at the back.
            std::swap(moves_[i], moves_[--quiet]);
            continue;
        }
        ++i;  // dropped (it has its own stage)
    }
    noisy_end_ = noisy;
    next_quiet_ = quiet;
    quiet_end_ = count;
    if (!LAZY_QUIET_SCORES) score_quiets();
}

void MovePicker::score_quiets() {
    const Histories& histories = histories_;
    const int* previous = previous_;
    const Color us = pos_.side_to_move();
    for (int i = next_quiet_; i < quiet_end_; ++i) {
        const Move m = moves_[i];
        const int pt = piece_to(pos_, m);
        int s = histories.butterfly.at(us, m);
        for (int k = 0; k < CONTINUATION_COUNT; ++k)
            if (previous[k] >= 0) s += histories.continuation.at(previous[k], pt);
        scores_[i] = s;
    }
    quiets_scored_ = true;
}

void MovePicker::score_noisy() {
    for (int i = 0; i < noisy_end_; ++i) {
        const Move m = moves_[i];
        int s;
        if (is_capture(pos_, m)) {
            const PieceType victim = captured_type(pos_, m);
            const PieceType attacker = type_of(pos_.piece_on(m.from()));
            // Never below zero, so that a capture keeps the score of its exchange class.
            const int mvv_lva = 2 * SEE_VALUE[victim] + HISTORY_MAX / CAPTURE_HISTORY_DIVISOR +
                                histories_.captures.at(piece_to(pos_, m), victim) / CAPTURE_HISTORY_DIVISOR;
            // Taking a piece worth at least the capturer never loses material (the exchange can
            // stop after the recapture), so only the other captures need the full exchange.
            const bool good = SEE_VALUE[victim] >= SEE_VALUE[attacker] || see(pos_, m) >= 0;
            s = (good ? ORDER_GOOD_CAPTURE : ORDER_BAD_CAPTURE) + mvv_lva;
        } else {
            s = m.promotion() == QUEEN ? ORDER_GOOD_CAPTURE - 1 : ORDER_BAD_CAPTURE - 1000;
        }
        scores_[i] = s;
    }
    // Good ones first.
    int good = 0;
    for (int i = 0; i < noisy_end_; ++i)
        if (scores_[i] >= ORDER_GOOD_CAPTURE - 1) {
            std::swap(moves_[i], moves_[good]);
            std::swap(scores_[i], scores_[good]);
            ++good;
        }
    next_good_ = 0;
    good_end_ = next_bad_ = good;
}

Move MovePicker::select(int& begin, int end, int& score) {
    int best = begin;
    std::int64_t best_key = order_key(scores_[begin], moves_[begin]);
    for (int j = begin + 1; j < end; ++j) {
        const std::int64_t key = order_key(scores_[j], moves_[j]);
        if (key > best_key) best_key = key, best = j;
    }
    std::swap(moves_[begin], moves_[best]);
    std::swap(scores_[begin], scores_[best]);
    score = scores_[begin];
    return moves_[begin++];
}

Move MovePicker::next(int& score) {
    switch (stage_) {
    case HASH:
        stage_ = ALT;
        if (has_hash_) return score = ORDER_HASH_MOVE, hash_move_;
        return next(score);
    case LAZY_HASH:
        // Nothing is generated yet: the hash move is checked on its own, and is often all a node
        // needs.
        stage_ = GENERATE;
        if (hash_move_.is_ok() && is_legal(pos_, hash_move_)) return score = ORDER_HASH_MOVE, hash_move_;
        [[fallthrough]];
    case GENERATE:
        split(int(generate<GenType::ALL>(pos_, moves_) - moves_));
        stage_ = ALT;
        [[fallthrough]];
    case ALT:
        stage_ = GOOD_NOISY_INIT;
        if (has_alt_) return score = ORDER_ALT_MOVE, alt_move_;
        [[fallthrough]];
    case GOOD_NOISY_INIT:
        score_noisy();
        stage_ = GOOD_NOISY;
        [[fallthrough]];
    case GOOD_NOISY:
        if (next_good_ < good_end_) return select(next_good_, good_end_, score);
        if (noisy_only_) {
            stage_ = END;
            return Move::none();
        }
        stage_ = KILLER_1;
        [[fallthrough]];
    case KILLER_1:
        stage_ = KILLER_2;
        if (has_killer_[0]) return score = ORDER_KILLER_1, killer_[0];
        [[fallthrough]];
    case KILLER_2:
        stage_ = COUNTER;
        if (has_killer_[1]) return score = ORDER_KILLER_2, killer_[1];
        [[fallthrough]];
    case COUNTER:
        stage_ = QUIETS_INIT;
        if (has_counter_) return score = ORDER_COUNTERMOVE, counter_;
        [[fallthrough]];
    case QUIETS_INIT:
        if (LAZY_QUIET_SCORES) score_quiets();
        stage_ = QUIETS;
        [[fallthrough]];
    case QUIETS:
        if (next_quiet_ < quiet_end_) return select(next_quiet_, quiet_end_, score);
        stage_ = BAD_NOISY;
        [[fallthrough]];
    case BAD_NOISY:
        if (next_bad_ < noisy_end_) return select(next_bad_, noisy_end_, score);
        stage_ = END;
        [[fallthrough]];
    case END: break;
    }
    return Move::none();
}

void MovePicker::skip_quiets(Move keep0, Move keep1) {
    auto kept = [&](Move m) { return m == keep0 || m == keep1; };
    if (stage_ <= COUNTER && has_counter_ && !kept(counter_)) has_counter_ = false;
    int w = next_quiet_;
    for (int i = next_quiet_; i < quiet_end_; ++i)
        if (kept(moves_[i])) {
            moves_[w] = moves_[i];
            if (quiets_scored_) scores_[w] = scores_[i];
            ++w;
        }
    quiet_end_ = w;
}

}  // namespace mainline
