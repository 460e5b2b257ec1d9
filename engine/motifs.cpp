#include "motifs.h"

#include "bitboard.h"
#include "movegen.h"
#include "rules.h"

namespace mainline::motifs {

namespace {

// For comparisons only: the king outranks everything.
constexpr int KING_POINTS = 100;

int points(Piece p) { return type_of(p) == KING ? KING_POINTS : PIECE_POINTS[type_of(p)]; }

int material(const Position& pos, Color c) {
    int m = 0;
    for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN}) m += PIECE_POINTS[pt] * popcount(pos.pieces(c, pt));
    return m;
}

// What the piece on `s` attacks with the given occupancy.
Bitboard attacks_from(Piece p, Square s, Bitboard occupied) {
    return type_of(p) == PAWN ? pawn_attacks(color_of(p), s) : attacks_bb(type_of(p), s, occupied);
}

bool defended(const Position& pos, Square s) {
    const Color owner = color_of(pos.piece_on(s));
    return pos.attackers_to(s, pos.pieces()) & pos.pieces(owner);
}

// The cheapest attacker of `s` among `attackers`, in points (KING_POINTS for the king).
int cheapest(const Position& pos, Bitboard attackers) {
    int best = KING_POINTS + 1;
    for (Bitboard b = attackers; b;) {
        const int v = points(pos.piece_on(pop_lsb(b)));
        if (v < best) best = v;
    }
    return best;
}

// A piece of `them` worth attacking with `attacker`: the king, anything more valuable, or
// anything not defended.
bool worth_attacking(const Position& pos, Piece attacker, Square target) {
    const Piece t = pos.piece_on(target);
    return type_of(t) == KING || points(t) > points(attacker) || !defended(pos, target);
}

void add_target(Motif& m, const Position& pos, Square s) {
    if (m.target_count >= 4) return;
    m.targets[m.target_count] = s;
    m.target_pieces[m.target_count] = pos.piece_on(s);
    ++m.target_count;
    if (type_of(pos.piece_on(s)) == KING) m.absolute = true;
}

Motif motif(Kind k, int ply, Color by, Square s, Piece p) {
    Motif m{};
    m.kind = k;
    m.ply = ply;
    m.by = by;
    m.square = s;
    m.piece = p;
    return m;
}

// Pins and skewers by the line piece that just moved to `s`.
void lines_through(const Position& q, int ply, Square s, std::vector<Motif>& out) {
    const Piece p = q.piece_on(s);
    const PieceType pt = type_of(p);
    if (pt != BISHOP && pt != ROOK && pt != QUEEN) return;
    const Color us = color_of(p), them = ~us;
    const Bitboard occ = q.pieces();
    const Bitboard direct = attacks_bb(pt, s, occ);
    for (Bitboard front = direct & q.pieces(them); front;) {
        const Square x = pop_lsb(front);
        // The first piece behind x on the same line, if any.
        const Bitboard beyond = attacks_bb(pt, s, occ ^ square_bb(x)) & ~direct & line_bb(s, x) & occ;
        if (!beyond || !(beyond & q.pieces(them))) continue;
        const Square y = lsb(beyond);
        const Piece px = q.piece_on(x), py = q.piece_on(y);
        if (type_of(px) != KING && (type_of(py) == KING || (points(py) > points(px) && (points(py) > points(p) || !defended(q, y))))) {
            Motif m = motif(Kind::PIN, ply, us, s, p);
            add_target(m, q, x);
            add_target(m, q, y);
            m.absolute = type_of(py) == KING;
            out.push_back(m);
        } else if (points(px) > points(py) && PIECE_POINTS[type_of(py)] >= 1 &&
                   (type_of(px) == KING || points(px) > points(p) || !defended(q, x)) &&
                   (points(py) >= 3 || !defended(q, y))) {
            Motif m = motif(Kind::SKEWER, ply, us, s, p);
            add_target(m, q, x);
            add_target(m, q, y);
            m.absolute = type_of(px) == KING;
            out.push_back(m);
        }
    }
}

// The facts of one move `mv` by the side to move of `p`, made into `q`.
void facts_of_move(const Position& p, const Position& q, Move mv, int ply, std::vector<Motif>& out) {
    const Color us = p.side_to_move(), them = ~us;
    const Square from = mv.from(), to = mv.to();
    const Piece moved = q.piece_on(to);
    const bool castling = mv.kind() == Move::CASTLING;

    const Square cap_sq = mv.kind() == Move::EN_PASSANT ? Square(to + (us == WHITE ? -8 : 8)) : to;
    const Piece captured = castling ? NO_PIECE : p.piece_on(cap_sq);
    if (captured != NO_PIECE) {
        Motif m = motif(Kind::CAPTURE, ply, us, to, moved);
        m.targets[0] = cap_sq;
        m.target_pieces[0] = captured;
        m.target_count = 1;
        out.push_back(m);
    }
    if (mv.kind() == Move::PROMOTION) out.push_back(motif(Kind::PROMOTION, ply, us, to, moved));

    const Bitboard checkers = q.checkers();
    if (more_than_one(checkers)) {
        Motif m = motif(Kind::DOUBLE_CHECK, ply, us, to, moved);
        add_target(m, q, q.king_square(them));
        out.push_back(m);
    }
    if (!castling && (checkers & ~square_bb(to))) {
        const Square checker = lsb(checkers & ~square_bb(to));
        Motif m = motif(Kind::DISCOVERED_CHECK, ply, us, checker, q.piece_on(checker));
        add_target(m, q, q.king_square(them));
        out.push_back(m);
    }

    // Fork: the moved piece attacks two or more pieces worth attacking, and is not simply lost
    // (unless it checks: then the king must answer first).
    const Bitboard occ = q.pieces();
    if (!castling) {
        Motif fork = motif(Kind::FORK, ply, us, to, moved);
        for (Bitboard b = attacks_from(moved, to, occ) & q.pieces(them); b;) {
            const Square t = pop_lsb(b);
            if (worth_attacking(q, moved, t)) add_target(fork, q, t);
        }
        const Bitboard attackers = q.attackers_to(to, occ) & q.pieces(them);
        const bool lost = attackers && (!defended(q, to) || cheapest(q, attackers) < points(moved));
        if (fork.target_count >= 2 && (!lost || fork.absolute)) out.push_back(fork);
        lines_through(q, ply, to, out);
    }

    // Discovered attacks: a line piece of ours behind `from` now attacks a piece worth attacking
    // (checks are reported above; castling moves a rook too, so it uncovers nothing here).
    const Bitboard sliders_all = castling ? 0 : (q.pieces(us, BISHOP, QUEEN) | q.pieces(us, ROOK)) & ~square_bb(to);
    for (Bitboard sliders = sliders_all; sliders;) {
        const Square s = pop_lsb(sliders);
        const Piece sp = q.piece_on(s);
        if (!line_bb(s, from)) continue;
        const Bitboard now = attacks_bb(type_of(sp), s, occ) & q.pieces(them) & ~q.pieces(them, KING);
        const Bitboard before = attacks_bb(type_of(sp), s, p.pieces());
        for (Bitboard b = now & ~before; b;) {
            const Square t = pop_lsb(b);
            if (!(between_bb(s, t) & square_bb(from))) continue;
            if (!worth_attacking(q, sp, t)) continue;
            Motif m = motif(Kind::DISCOVERED_ATTACK, ply, us, s, sp);
            add_target(m, q, t);
            out.push_back(m);
        }
    }

    // Pieces of ours this move leaves hanging (newly, or the moved piece itself).
    const Bitboard hanging = hanging_pieces(q, us);
    const Bitboard newly = hanging & (~hanging_pieces(p, us) | square_bb(to));
    for (Bitboard b = newly; b;) {
        const Square s = pop_lsb(b);
        Motif m = motif(Kind::HANGING, ply, us, s, q.piece_on(s));
        add_target(m, q, s);
        out.push_back(m);
    }
}

}  // namespace

Bitboard hanging_pieces(const Position& pos, Color side) {
    Bitboard out = 0;
    const Bitboard occ = pos.pieces();
    for (Bitboard b = pos.pieces(side) & ~pos.pieces(side, KING); b;) {
        const Square s = pop_lsb(b);
        const Bitboard attackers = pos.attackers_to(s, occ) & pos.pieces(~side);
        if (!attackers) continue;
        if (!defended(pos, s) || cheapest(pos, attackers) < points(pos.piece_on(s))) out |= square_bb(s);
    }
    return out;
}

LineFacts analyse_line(const Position& start, const std::vector<Move>& line) {
    LineFacts f;
    f.first = start.side_to_move();
    Position pos = start;
    pos.reserve_history(int(line.size()) + 1);
    auto balance = [&]() { return material(pos, f.first) - material(pos, ~f.first); };
    f.balance.push_back(balance());
    // Rooks and minor pieces each side lost along the line, for the exchange sacrifice.
    int rooks_lost[COLOR_NB] = {0, 0}, minors_lost[COLOR_NB] = {0, 0};
    int first_rook_loss_ply[COLOR_NB] = {-1, -1};
    Square first_rook_loss_sq[COLOR_NB] = {SQ_A1, SQ_A1};
    Piece first_rook_taker[COLOR_NB] = {NO_PIECE, NO_PIECE};
    // Whether each move of the line gave check (for perpetual check).
    std::vector<bool> checked;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const Move mv = line[i];
        if (!is_legal(pos, mv)) {
            f.error = "move " + std::to_string(i + 1) + " of the line is not legal";
            break;
        }
        const Position before = pos;
        pos.do_move(mv);
        const std::size_t first_new = f.motifs.size();
        facts_of_move(before, pos, mv, int(i), f.motifs);
        for (std::size_t k = first_new; k < f.motifs.size(); ++k) {
            const Motif& m = f.motifs[k];
            if (m.kind != Kind::CAPTURE) continue;
            const Color loser = color_of(m.target_pieces[0]);
            const PieceType lost = type_of(m.target_pieces[0]);
            if (lost == ROOK) {
                if (rooks_lost[loser]++ == 0) {
                    first_rook_loss_ply[loser] = int(i);
                    first_rook_loss_sq[loser] = m.targets[0];
                    first_rook_taker[loser] = m.piece;
                }
            } else if (lost == KNIGHT || lost == BISHOP) {
                ++minors_lost[loser];
            }
        }
        checked.push_back(pos.in_check());
        f.balance.push_back(balance());
        ++f.plies;
    }
    // The exchange: one side's rook went for one of the other side's minor pieces.
    for (Color c : {WHITE, BLACK}) {
        if (rooks_lost[c] - rooks_lost[~c] == 1 && minors_lost[~c] - minors_lost[c] == 1) {
            Motif m = motif(Kind::EXCHANGE_SACRIFICE, first_rook_loss_ply[c], c, first_rook_loss_sq[c], first_rook_taker[c]);
            m.targets[0] = first_rook_loss_sq[c];
            m.target_pieces[0] = make_piece(c, ROOK);
            m.target_count = 1;
            f.motifs.push_back(m);
        }
    }

    if (!has_legal_move(pos)) {
        if (pos.in_check()) {
            f.end = End::CHECKMATE;
            const Color mater = ~pos.side_to_move();
            for (int i = 0; i < f.plies; ++i)
                if ((i % 2 == 0) == (mater == f.first)) ++f.mate_moves;
            const Square k = pos.king_square(pos.side_to_move());
            const Bitboard own = pos.pieces(pos.side_to_move());
            const Bitboard around = king_attacks(k);
            const Bitboard checkers = pos.checkers();
            if (!more_than_one(checkers) && type_of(pos.piece_on(lsb(checkers))) == KNIGHT && (around & ~own) == 0) {
                f.mate_pattern = MatePattern::SMOTHERED;
            } else if (!more_than_one(checkers) && relative_rank(pos.side_to_move(), k) == 0) {
                const Square c = lsb(checkers);
                const PieceType ct = type_of(pos.piece_on(c));
                const Bitboard forward = around & rank_bb(rank_of(k) + (pos.side_to_move() == WHITE ? 1 : -1));
                if ((ct == ROOK || ct == QUEEN) && rank_of(c) == rank_of(k) && (forward & ~own) == 0)
                    f.mate_pattern = MatePattern::BACK_RANK;
            }
        } else {
            f.end = End::STALEMATE;
        }
    } else if (pos.is_repetition(1)) {
        f.end = End::REPETITION;
        // Perpetual: a side whose last two moves or more in the line all gave check.
        for (Color c : {WHITE, BLACK}) {
            int run = 0;
            for (int i = f.plies - 1; i >= 0; --i) {
                if ((i % 2 == 0) != (c == f.first)) continue;  // the other side's move
                if (!checked[std::size_t(i)]) break;
                ++run;
            }
            if (run >= 2) {
                f.perpetual = true;
                f.perpetual_by = c;
            }
        }
    } else if (pos.is_fifty_move_draw()) {
        f.end = End::FIFTY_MOVES;
    } else if (pos.has_insufficient_material()) {
        f.end = End::INSUFFICIENT_MATERIAL;
    }
    return f;
}

std::string_view to_string(Kind k) {
    switch (k) {
    case Kind::FORK: return "fork";
    case Kind::PIN: return "pin";
    case Kind::SKEWER: return "skewer";
    case Kind::DISCOVERED_ATTACK: return "discoveredAttack";
    case Kind::DISCOVERED_CHECK: return "discoveredCheck";
    case Kind::DOUBLE_CHECK: return "doubleCheck";
    case Kind::HANGING: return "hanging";
    case Kind::PROMOTION: return "promotion";
    case Kind::EXCHANGE_SACRIFICE: return "exchangeSacrifice";
    case Kind::CAPTURE: return "capture";
    }
    return "?";
}

std::string_view to_string(End e) {
    switch (e) {
    case End::NONE: return "none";
    case End::CHECKMATE: return "checkmate";
    case End::STALEMATE: return "stalemate";
    case End::REPETITION: return "repetition";
    case End::FIFTY_MOVES: return "fiftyMoves";
    case End::INSUFFICIENT_MATERIAL: return "insufficientMaterial";
    }
    return "?";
}

std::string_view to_string(MatePattern p) {
    switch (p) {
    case MatePattern::NONE: return "none";
    case MatePattern::BACK_RANK: return "backRank";
    case MatePattern::SMOTHERED: return "smothered";
    }
    return "?";
}

}  // namespace mainline::motifs
