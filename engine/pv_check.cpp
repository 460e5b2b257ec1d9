#include "pv_check.h"

#include "evaluate.h"
#include "movegen.h"
#include "notation.h"
#include "rules.h"
#include "tt.h"

namespace mainline {

PvCheck check_pv(const Position& root, const PvLine& line, int score, int depth, const nnue::Network* network) {
    PvCheck r;
    Position pos = root;
    pos.reserve_history(line.length + 1);
    auto fail = [&r](bool PvCheck::*what, std::string why) {
        r.*what = false;
        if (r.problem.empty()) r.problem = std::move(why);
    };

    for (int i = 0; i < line.length; ++i) {
        const Move m = line.moves[i];
        if (!is_legal(pos, m)) {
            fail(&PvCheck::legal, "move " + std::to_string(i + 1) + " (" + move_to_uci(m) + ") is illegal");
            r.full = r.consistent = false;
            return r;
        }
        pos.do_move(m);
        PvEnd why;
        if (i + 1 < line.length && draw_by_rule(pos, i + 1, why))
            fail(&PvCheck::consistent, "the line passes through a draw (" + std::string(to_string(why)) + ") after move " +
                                           std::to_string(i + 1));
    }

    // What the last position is worth, from the side to move there, then from the root's side.
    const int ply = line.length;
    int here;
    PvEnd why;
    if (ply > 0 && draw_by_rule(pos, ply, why)) {
        r.actual_end = why;
        here = 0;
    } else if (!has_legal_move(pos)) {
        r.actual_end = pos.in_check() ? PvEnd::MATE : PvEnd::STALEMATE;
        here = pos.in_check() ? mated_in(ply) : 0;
    } else {
        r.actual_end = PvEnd::LEAF;
        here = evaluate(pos, network);
    }
    // Mate scores count plies from the root, so only their sign flips.
    r.end_score = ply % 2 == 0 ? here : -here;

    const bool terminal = r.actual_end != PvEnd::LEAF;
    if (line.end == PvEnd::HASHCUT)
        fail(&PvCheck::full, "the line was cut (" + std::string(to_string(line.end)) + ") after " + std::to_string(ply) +
                                 " moves");
    else if (!terminal && ply < depth)
        fail(&PvCheck::full, "the line has " + std::to_string(ply) + " moves but the search depth was " +
                                 std::to_string(depth));
    if (r.end_score != score)
        fail(&PvCheck::consistent, "the line's last position scores " + std::to_string(r.end_score) +
                                       " but the reported score is " + std::to_string(score));
    else if (line.end != r.actual_end && line.end != PvEnd::HASHCUT)
        fail(&PvCheck::consistent, "the line claims to end in '" + std::string(to_string(line.end)) + "' but ends in '" +
                                       std::string(to_string(r.actual_end)) + "'");
    return r;
}

}  // namespace mainline
