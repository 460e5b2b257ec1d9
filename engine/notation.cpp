#include "notation.h"

#include "movegen.h"

namespace mainline {

namespace {

bool parse_square(std::string_view s, Square& out) {
    if (s.size() < 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return false;
    out = make_square(s[0] - 'a', s[1] - '1');
    return true;
}

PieceType piece_type_from_char(char c) {
    switch (c) {
    case 'N': case 'n': return KNIGHT;
    case 'B': case 'b': return BISHOP;
    case 'R': case 'r': return ROOK;
    case 'Q': case 'q': return QUEEN;
    case 'K': case 'k': return KING;
    case 'P': case 'p': return PAWN;
    default: return NO_PIECE_TYPE;
    }
}

const char* piece_name(PieceType pt) {
    constexpr const char* names[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
    return names[pt];
}

const char* color_name(Color c) { return c == WHITE ? "white" : "black"; }

// Why no legal move goes from `from` to `to` (with the given promotion letter, if any).
std::string illegal_reason(const Position& pos, std::string_view text, Square from, Square to, char promo) {
    const std::string head = "illegal move " + std::string(text) + ": ";
    const Piece pc = pos.piece_on(from);
    if (pc == NO_PIECE) return head + "no piece on " + square_name(from);
    if (color_of(pc) != pos.side_to_move())
        return head + "the " + piece_name(type_of(pc)) + " on " + square_name(from) + " is " +
               color_name(color_of(pc)) + "'s, and it is " + color_name(pos.side_to_move()) + "'s move";
    const MoveList legal = legal_moves(pos);
    bool plain = false, promotion = false;  // legal moves between the two squares, by kind
    for (Move m : legal)
        if (m.from() == from && m.to() == to) (m.kind() == Move::PROMOTION ? promotion : plain) = true;
    if (promo && plain) return head + "only a pawn reaching the last rank can promote";
    if (!promo && promotion) return head + "a pawn reaching the last rank must promote: add q, r, b or n";
    const Color us = pos.side_to_move();
    if (type_of(pc) == KING && from == relative_square(us, SQ_E1) &&
        (to == relative_square(us, SQ_G1) || to == relative_square(us, SQ_C1)))
        return head + "castling is not allowed here (rights lost, pieces in the way, or the king is in, passes "
                      "through or lands in check)";
    // Could the piece make this move on this board if its own king did not matter?
    bool reachable;
    if (type_of(pc) == PAWN) {
        const Square one = pawn_push(us, from);
        const bool capture = (pawn_attacks(us, from) & square_bb(to)) &&
                             ((pos.pieces(~us) & square_bb(to)) || to == pos.ep_square());
        reachable = capture || (to == one && pos.empty(one)) ||
                    (relative_rank(us, from) == 1 && to == pawn_push(us, one) && pos.empty(one) && pos.empty(to));
    } else {
        reachable = attacks_bb(type_of(pc), from, pos.pieces()) & square_bb(to) & ~pos.pieces(us);
    }
    if (promo && !reachable) return head + "only a pawn reaching the last rank can promote";
    if (reachable) return head + (pos.in_check() ? "it does not get the king out of check" : "it would leave the king in check");
    return head + "the " + piece_name(type_of(pc)) + " on " + square_name(from) + " cannot move to " + square_name(to);
}

}  // namespace

std::string move_to_uci(Move m) {
    if (!m.is_ok()) return "0000";
    std::string s = square_name(m.from()) + square_name(m.to());
    if (m.kind() == Move::PROMOTION) s += " nbrq"[m.promotion() - KNIGHT + 1];
    return s;
}

std::string move_to_uci(const Position& pos, Move m, bool chess960) {
    if (m.kind() != Move::CASTLING || !(chess960 || pos.chess960())) return move_to_uci(m);
    const Color us = rank_of(m.from()) == 0 ? WHITE : BLACK;
    return square_name(m.from()) + square_name(pos.castling_rook(Position::castling_right(us, m)));
}

Result<Move> parse_uci_move(const Position& pos, std::string_view text) {
    using R = Result<Move>;
    Square from, to;
    if (text == "0000") return R::failure("null move 0000 is not allowed");
    if ((text.size() != 4 && text.size() != 5) || !parse_square(text.substr(0, 2), from) ||
        !parse_square(text.substr(2, 2), to))
        return R::failure("malformed move '" + std::string(text) + "' (expected from and to squares, e.g. e2e4 or e7e8q)");
    char promo = 0;
    PieceType promo_type = NO_PIECE_TYPE;
    if (text.size() == 5) {
        promo = text[4];
        promo_type = piece_type_from_char(promo);
        if (promo_type < KNIGHT || promo_type > QUEEN)
            return R::failure("malformed move '" + std::string(text) + "': promotion piece must be q, r, b or n");
    }
    // Castling is the king taking its own rook, or the king's move to g1 / c1 where no king step
    // is meant by it (in Chess960 the king may stand next to its destination).
    Move castle = Move::none();
    for (Move m : legal_moves(pos)) {
        if (m.kind() == Move::CASTLING) {
            const Square rook = pos.castling_rook(Position::castling_right(pos.side_to_move(), m));
            if (!promo && m.from() == from && (to == rook || (to == m.to() && from != to))) castle = m;
            continue;
        }
        if (m.from() != from || m.to() != to) continue;
        if (m.kind() == Move::PROMOTION ? m.promotion() == promo_type : promo == 0) return R::success(m);
    }
    if (castle.is_ok()) return R::success(castle);
    return R::failure(illegal_reason(pos, text, from, to, promo));
}

std::string move_to_san(const Position& pos, Move m) {
    std::string san;
    const Piece pc = pos.piece_on(m.from());
    const PieceType pt = type_of(pc);
    if (m.kind() == Move::CASTLING) {
        san = file_of(m.to()) == 6 ? "O-O" : "O-O-O";
    } else {
        const bool capture = !pos.empty(m.to()) || m.kind() == Move::EN_PASSANT;
        if (pt == PAWN) {
            if (capture) san += char('a' + file_of(m.from()));
        } else {
            san += "  NBRQK"[pt];
            // Disambiguate by file if that suffices, else by rank, else by both. Castling is no
            // rival: it is written O-O, though in Chess960 a king step (f1g1) can share its squares.
            bool ambiguous = false, same_file = false, same_rank = false;
            for (Move other : legal_moves(pos)) {
                if (other == m || other.kind() == Move::CASTLING || other.to() != m.to() || pos.piece_on(other.from()) != pc) continue;
                ambiguous = true;
                same_file |= file_of(other.from()) == file_of(m.from());
                same_rank |= rank_of(other.from()) == rank_of(m.from());
            }
            if (ambiguous) {
                if (!same_file) san += char('a' + file_of(m.from()));
                else if (!same_rank) san += char('1' + rank_of(m.from()));
                else san += square_name(m.from());
            }
        }
        if (capture) san += 'x';
        san += square_name(m.to());
        if (m.kind() == Move::PROMOTION) {
            san += '=';
            san += "  NBRQ"[m.promotion()];
        }
    }
    Position after = pos;
    after.do_move(m);
    if (after.in_check()) san += legal_moves(after).size == 0 ? '#' : '+';
    return san;
}

Result<Move> parse_san(const Position& pos, std::string_view text) {
    using R = Result<Move>;
    const std::string original(text);
    // Drop check/mate marks and annotation glyphs: "Nf3+", "e4!?", "Qxf7#".
    while (!text.empty() && (text.back() == '+' || text.back() == '#' || text.back() == '!' || text.back() == '?'))
        text.remove_suffix(1);
    if (text.empty()) return R::failure("empty move");

    const MoveList legal = legal_moves(pos);
    if (text == "O-O" || text == "0-0" || text == "O-O-O" || text == "0-0-0") {
        const bool king_side = text.size() == 3;
        for (Move m : legal)
            if (m.kind() == Move::CASTLING && (file_of(m.to()) == 6) == king_side) return R::success(m);
        return R::failure("illegal move " + original + ": castling " + (king_side ? "king" : "queen") +
                          "side is not allowed here");
    }

    // Grammar: [NBRQK] [file] [rank] [x] square [=] [NBRQ]
    PieceType pt = PAWN;
    std::size_t i = 0;
    if (i < text.size() && std::string_view("NBRQK").find(text[i]) != std::string_view::npos)
        pt = piece_type_from_char(text[i++]);
    PieceType promo = NO_PIECE_TYPE;
    // Promotion at the end: "e8=Q", "e8Q", "e8=q".
    std::string_view body = text.substr(i);
    if (body.size() >= 3) {
        const PieceType p = piece_type_from_char(body.back());
        const char before = body[body.size() - 2];
        if (p >= KNIGHT && p <= QUEEN && (before == '=' || (before >= '1' && before <= '8'))) {
            promo = p;
            body.remove_suffix(before == '=' ? 2 : 1);
        }
    }
    Square to;
    if (body.size() < 2 || !parse_square(body.substr(body.size() - 2), to))
        return R::failure("malformed move '" + original + "' (expected SAN such as e4, Nf3, exd5, O-O or e8=Q)");
    body.remove_suffix(2);
    // "Nf3" and "Nxf3" name the same move; the board decides whether it captures.
    if (!body.empty() && (body.back() == 'x' || body.back() == ':')) body.remove_suffix(1);
    int from_file = -1, from_rank = -1;
    for (char c : body) {
        if (c >= 'a' && c <= 'h' && from_file < 0) from_file = c - 'a';
        else if (c >= '1' && c <= '8' && from_rank < 0) from_rank = c - '1';
        else return R::failure("malformed move '" + original + "' (expected SAN such as e4, Nf3, exd5, O-O or e8=Q)");
    }

    Move found = Move::none();
    std::string candidates;
    int matches = 0;
    for (Move m : legal) {
        if (m.to() != to || type_of(pos.piece_on(m.from())) != pt || m.kind() == Move::CASTLING) continue;
        if (from_file >= 0 && file_of(m.from()) != from_file) continue;
        // SAN names a pawn capture by its file ("exd6"); a bare "d6" is a push.
        if (pt == PAWN && from_file < 0 && file_of(m.from()) != file_of(m.to())) continue;
        if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
        if ((m.kind() == Move::PROMOTION ? m.promotion() : NO_PIECE_TYPE) != promo) continue;
        ++matches;
        found = m;
        if (!candidates.empty()) candidates += ", ";
        candidates += move_to_san(pos, m);
    }
    if (matches == 1) return R::success(found);
    if (matches > 1) return R::failure("ambiguous move " + original + ": could be " + candidates);
    if (pt == PAWN && promo == NO_PIECE_TYPE && relative_rank(pos.side_to_move(), to) == 7)
        return R::failure("illegal move " + original + ": a pawn reaching the last rank must promote (e.g. " +
                          square_name(to) + "=Q)");
    return R::failure("illegal move " + original + ": no legal " + piece_name(pt) + " move to " + square_name(to));
}

std::vector<std::string> line_to_san(const Position& pos, const Move* moves, int count) {
    std::vector<std::string> out;
    Position p = pos;
    for (int i = 0; i < count; ++i) {
        out.push_back(move_to_san(p, moves[i]));
        p.do_move(moves[i]);
    }
    return out;
}

}  // namespace mainline
