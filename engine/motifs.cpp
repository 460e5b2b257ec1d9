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

// The square of the piece `mv` takes in `p` (en passant: beside its destination), or SQ_NONE.
Square captured_square(const Position& p, Move mv) {
    if (mv.kind() == Move::CASTLING) return SQ_NONE;
    const Square s = mv.kind() == Move::EN_PASSANT ? Square(mv.to() + (p.side_to_move() == WHITE ? -8 : 8)) : mv.to();
    return p.empty(s) ? SQ_NONE : s;
}

// Whether the piece of the side to move on `x` has no move that keeps it: each one leaves it
// attacked and not defended enough (hanging_pieces), unless it takes something worth as much.
bool no_safe_square(const Position& q, Square x) {
    const int value = points(q.piece_on(x));
    const Color side = q.side_to_move();
    Position r = q;
    for (Move m : legal_moves(q)) {
        if (m.from() != x) continue;
        const Square c = captured_square(q, m);
        if (c != SQ_NONE && points(q.piece_on(c)) >= value) return false;
        r.do_move(m);
        const bool lost = hanging_pieces(r, side) & square_bb(m.to());
        r.undo_move(m);
        if (!lost) return false;
    }
    return true;
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

    const Square cap_sq = captured_square(p, mv);
    if (cap_sq != SQ_NONE) {
        const Piece captured = p.piece_on(cap_sq);
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

// The motifs only the line's continuation shows (motifs.h: REMOVAL_OF_DEFENDER, OVERLOADED,
// TRAPPED, ZWISCHENZUG). seen[i] is the position before ply i of `line`; f has its balance.
void continuation_facts(const std::vector<Position>& seen, const std::vector<Move>& line, LineFacts& f) {
    const int n = f.plies;
    // Whether `c` ends the line ahead of where it was before ply i.
    auto ahead = [&](int i, Color c) {
        const int d = f.balance[std::size_t(n)] - f.balance[std::size_t(i)];
        return c == f.first ? d > 0 : d < 0;
    };
    // The ply from `from` on, of the side moving at `from`, that takes the piece `pc` on `x`
    // left undefended; -1 if none.
    auto taken_undefended = [&](int from, Square x, Piece pc) {
        for (int k = from; k < n; k += 2)
            if (captured_square(seen[k], line[k]) == x && seen[k].piece_on(x) == pc) return defended(seen[k], x) ? -1 : k;
        return -1;
    };
    int trapped_taken_at = -1;
    for (int i = 0; i < n; ++i) {
        const Position &p = seen[i], &q = seen[i + 1];
        const Color us = p.side_to_move(), them = ~us;
        const Square to = line[i].to();
        const Piece moved = q.piece_on(to);
        const Square c = captured_square(p, line[i]);
        const Bitboard occ = p.pieces(), theirs = p.pieces(them) & ~p.pieces(them, KING);
        // The guards of x among their pieces, before the move.
        auto guards = [&](Square x) { return p.attackers_to(x, occ) & p.pieces(them); };
        if (c != SQ_NONE && ahead(i, us)) {
            // Removal of the defender: what we take was the only guard of another piece.
            for (Bitboard b = attacks_from(p.piece_on(c), c, occ) & theirs; b;) {
                const Square x = pop_lsb(b);
                if (guards(x) != square_bb(c) || taken_undefended(i + 2, x, p.piece_on(x)) < 0) continue;
                Motif m = motif(Kind::REMOVAL_OF_DEFENDER, i, us, to, moved);
                add_target(m, p, c);
                add_target(m, p, x);
                f.motifs.push_back(m);
                break;
            }
            // Overloaded: the only guard of what we take also alone guards another piece we
            // attack, and it is the piece they move next.
            const Bitboard g = guards(c);
            if (g && !more_than_one(g) && i + 1 < n && line[i + 1].from() == lsb(g)) {
                const Square d = lsb(g);
                for (Bitboard b = attacks_from(p.piece_on(d), d, occ) & theirs & ~square_bb(c); b;) {
                    const Square x = pop_lsb(b);
                    if (guards(x) != square_bb(d) || !p.attacked_by(us, x) || taken_undefended(i + 2, x, p.piece_on(x)) < 0) continue;
                    Motif m = motif(Kind::OVERLOADED, i, us, to, moved);
                    add_target(m, p, d);
                    add_target(m, p, c);
                    add_target(m, p, x);
                    f.motifs.push_back(m);
                    break;
                }
            }
        }
        // Trapped: after this move (not a check) a piece of theirs is attacked with no safe
        // square, where before it (had they been to move) it was not attacked or had one;
        // followed along the line until we take it.
        if (!q.in_check() && ahead(i, us)) {
            const Bitboard before = p.in_check() ? 0 : hanging_pieces(p, them);
            Position pass = p;
            if (before) pass.do_null_move();
            for (Bitboard b = hanging_pieces(q, them) & ~q.pieces(PAWN); b;) {
                const Square x = pop_lsb(b);
                if (!no_safe_square(q, x) || ((before & square_bb(x)) && no_safe_square(pass, x))) continue;
                Square at = x;
                int k = i + 1;
                for (; k < n; ++k) {
                    if ((k - i) % 2) {
                        if (line[k].from() == at) at = line[k].to();
                    } else if (captured_square(seen[k], line[k]) == at && seen[k].piece_on(at) == q.piece_on(x)) {
                        break;
                    }
                }
                if (k == n || k == trapped_taken_at) continue;
                trapped_taken_at = k;
                Motif m = motif(Kind::TRAPPED, i, us, to, moved);
                add_target(m, q, x);
                if (at != x) add_target(m, seen[k], at);
                f.motifs.push_back(m);
            }
        }
        // Zwischenzug: they could take back on `to`, but check or threaten more first, and take
        // back (where the piece went) on their next move.
        if (c != SQ_NONE && i + 3 < n && line[i + 1].to() != to) {
            const Position& r = seen[i + 2];
            const Square back = line[i + 2].from() == to ? line[i + 2].to() : to;
            bool could = false;
            for (Move m : legal_moves(q)) could |= m.to() == to;
            Bitboard threat = 0;
            for (Bitboard b = hanging_pieces(r, us) & ~hanging_pieces(q, us); b;) {
                const Square s = pop_lsb(b);
                if (points(r.piece_on(s)) > points(moved)) threat |= square_bb(s);
            }
            if (could && (r.in_check() || threat) && captured_square(seen[i + 3], line[i + 3]) == back && seen[i + 3].piece_on(back) == moved) {
                const Square z = line[i + 1].to();
                Motif m = motif(Kind::ZWISCHENZUG, i + 1, them, z, r.piece_on(z));
                add_target(m, q, to);
                add_target(m, r, r.in_check() ? r.king_square(us) : lsb(threat));
                f.motifs.push_back(m);
            }
        }
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
    // seen[i]: the position before ply i, and at the end the line's last position.
    std::vector<Position> seen;
    seen.reserve(line.size() + 1);
    for (std::size_t i = 0; i < line.size(); ++i) {
        const Move mv = line[i];
        if (!is_legal(pos, mv)) {
            f.error = "move " + std::to_string(i + 1) + " of the line is not legal";
            break;
        }
        seen.push_back(pos);
        pos.do_move(mv);
        const std::size_t first_new = f.motifs.size();
        facts_of_move(seen.back(), pos, mv, int(i), f.motifs);
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
    seen.push_back(pos);
    continuation_facts(seen, line, f);
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
    case Kind::REMOVAL_OF_DEFENDER: return "removalOfDefender";
    case Kind::OVERLOADED: return "overloadedDefender";
    case Kind::TRAPPED: return "trappedPiece";
    case Kind::ZWISCHENZUG: return "zwischenzug";
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
