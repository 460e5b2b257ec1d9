#include "pv_collector.h"

#include <algorithm>

#include "movegen.h"
#include "rules.h"

namespace mainline {

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

void TriangularPv::update(int ply, Move m) {
    const std::size_t p = std::size_t(ply);
    Move* row = &moves_[p * (MAX_PLY + 1)];
    const Move* child = &moves_[(p + 1) * (MAX_PLY + 1)];
    row[p] = m;
    for (int j = ply + 1; j < length_[p + 1]; ++j) row[j] = child[j];
    length_[p] = std::max(length_[p + 1], ply + 1);
    end_[p] = end_[p + 1];
}

PvLine TriangularPv::line(int ply) const {
    const std::size_t p = std::size_t(ply);
    PvLine line;
    const Move* row = &moves_[p * (MAX_PLY + 1)];
    for (int j = ply; j < length_[p]; ++j) line.moves[line.length++] = row[j];
    line.end = end_[p];
    return line;
}

PvLine TtPv::line(int ply) const {
    PvLine line;
    if (ply == 0 && root_move_.is_ok()) line.moves[line.length++] = root_move_;
    return line;
}

PvLine TtPv::reported(const PvLine& collected) {
    PvLine line;
    line.end = PvEnd::HASHCUT;
    const Move first = collected.first();
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

bool PvHashPv::hash_cut(int ply, int depth, int alpha, int beta, int hit_score, int& score) {
    // A bound outside the window needs no line.
    if (hit_score <= alpha || hit_score >= beta) {
        score = hit_score;
        return true;
    }
    if (!splice(ply, depth, alpha, beta, score)) return false;
    ++counters_.pv_tt_cutoffs;
    return true;
}

// The stored line may end the node only if it produced that score and still holds from here:
// every move legal, and no draw by rule on the way that the stored search did not see (the path
// to this node may differ).
bool PvHashPv::splice(int ply, int depth, int alpha, int beta, int& score) {
    ++counters_.splice_attempts;
    const PvHashTable::Entry* e = table_.probe(pos_.key());
    if (!e || e->depth < depth || ply + e->length >= MAX_PLY - 1) return false;
    if (search_params::FIFTY_MOVE_SCALING && e->rule50 != PvHashTable::rule50_byte(pos_.rule50())) return false;
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
    lines_[std::size_t(ply)] = line;
    score = s;
    ++counters_.splice_successes;
    return true;
}

}  // namespace mainline
