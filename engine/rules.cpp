#include "rules.h"

#include "movegen.h"

namespace mainline {

bool has_legal_move(const Position& pos) {
    Move buffer[MAX_MOVES];
    return generate<GenType::NOISY>(pos, buffer) != buffer || generate<GenType::QUIET>(pos, buffer) != buffer;
}

bool has_legal_quiet_move(const Position& pos) {
    const Color us = pos.side_to_move();
    const Square king = pos.king_square(us);
    const Bitboard without_king = pos.pieces() ^ square_bb(king);
    for (Bitboard steps = king_attacks(king) & ~pos.pieces(); steps;)
        if (!(pos.attackers_to(pop_lsb(steps), without_king) & pos.pieces(~us))) return true;
    Move buffer[MAX_MOVES];
    return generate<GenType::QUIET>(pos, buffer) != buffer;
}

bool draw_by_rule(const Position& pos, int ply, PvEnd& why) {
    if (pos.rule50() >= 100 && (!pos.in_check() || has_legal_move(pos))) {
        why = PvEnd::FIFTY;
        return true;
    }
    if (pos.has_insufficient_material()) {
        why = PvEnd::MATERIAL;
        return true;
    }
    if (pos.is_repetition_draw(ply)) {
        why = PvEnd::REPETITION;
        return true;
    }
    return false;
}

std::string_view to_string(PvEnd end) {
    switch (end) {
    case PvEnd::LEAF: return "leaf";
    case PvEnd::MATE: return "mate";
    case PvEnd::STALEMATE: return "stalemate";
    case PvEnd::REPETITION: return "repetition";
    case PvEnd::FIFTY: return "fifty";
    case PvEnd::MATERIAL: return "material";
    case PvEnd::HASHCUT: return "hashcut";
    }
    return "leaf";
}

}  // namespace mainline
