// FEN parsing and printing for Position. Parsing validates everything the move generator and
// the search rely on, so that no position built from user input can break them.
#include <algorithm>
#include <charconv>
#include <iterator>
#include <vector>

#include "position.h"

namespace mainline {

namespace {

std::vector<std::string_view> split(std::string_view s, char sep, bool skip_empty) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (start <= s.size()) {
        std::size_t end = s.find(sep, start);
        if (end == std::string_view::npos) end = s.size();
        if (!skip_empty || end > start) parts.push_back(s.substr(start, end - start));
        start = end + 1;
    }
    return parts;
}

std::vector<std::string_view> split_whitespace(std::string_view s) {
    std::vector<std::string_view> parts;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
        std::size_t start = i;
        while (i < s.size() && !(s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
        if (i > start) parts.push_back(s.substr(start, i - start));
    }
    return parts;
}

Piece piece_from_char(char c) {
    switch (c) {
    case 'P': return W_PAWN;
    case 'N': return W_KNIGHT;
    case 'B': return W_BISHOP;
    case 'R': return W_ROOK;
    case 'Q': return W_QUEEN;
    case 'K': return W_KING;
    case 'p': return B_PAWN;
    case 'n': return B_KNIGHT;
    case 'b': return B_BISHOP;
    case 'r': return B_ROOK;
    case 'q': return B_QUEEN;
    case 'k': return B_KING;
    default: return NO_PIECE;
    }
}

const char* color_name(Color c) { return c == WHITE ? "white" : "black"; }

// Clocks beyond this are certainly typos, and keeping them bounded keeps arithmetic safe.
constexpr int MAX_CLOCK = 1000000;

bool parse_clock(std::string_view s, int& out) {
    if (s.empty() || s.size() > 7) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size() && out <= MAX_CLOCK;
}

}  // namespace

Result<Position> Position::from_fen(std::string_view fen) {
    using R = Result<Position>;
    const std::vector<std::string_view> fields = split_whitespace(fen);
    if (fields.empty()) return R::failure("FEN is empty");
    if (fields.size() != 4 && fields.size() != 6)
        return R::failure("FEN has " + std::to_string(fields.size()) +
                          " fields; expected 6 (placement, side to move, castling, en passant, halfmove clock, "
                          "fullmove number)");

    Position pos{Empty{}};
    std::fill(std::begin(pos.board_), std::end(pos.board_), NO_PIECE);
    std::fill(std::begin(pos.by_type_), std::end(pos.by_type_), 0);
    std::fill(std::begin(pos.by_color_), std::end(pos.by_color_), 0);

    // 1. Piece placement, from rank 8 down to rank 1.
    const std::vector<std::string_view> ranks = split(fields[0], '/', false);
    if (ranks.size() != 8)
        return R::failure("piece placement has " + std::to_string(ranks.size()) + " ranks; expected 8");
    for (int r = 0; r < 8; ++r) {
        const int rank = 7 - r;
        int file = 0;
        for (char c : ranks[std::size_t(r)]) {
            if (c >= '1' && c <= '8') {
                file += c - '0';
            } else if (Piece p = piece_from_char(c); p != NO_PIECE) {
                if (file < 8) pos.put_piece(p, make_square(file, rank));
                ++file;
            } else {
                return R::failure(std::string("bad piece letter '") + c + "' in rank " + std::to_string(rank + 1) +
                                 " (expected one of PNBRQKpnbrqk or a digit 1-8)");
            }
        }
        if (file != 8)
            return R::failure("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                              " squares; expected 8");
    }

    for (Color c : {WHITE, BLACK}) {
        const int kings = popcount(pos.pieces(c, KING));
        if (kings == 0) return R::failure(std::string(color_name(c)) + " has no king");
        if (kings > 1) return R::failure(std::string(color_name(c)) + " has " + std::to_string(kings) + " kings");
        const Bitboard bad_pawns = pos.pieces(c, PAWN) & (RANK_1_BB | RANK_8_BB);
        if (bad_pawns)
            return R::failure(std::string(color_name(c)) + " pawn on " + square_name(lsb(bad_pawns)) +
                              ": pawns cannot stand on rank 1 or 8");
        const int pawns = popcount(pos.pieces(c, PAWN));
        if (pawns > 8) return R::failure(std::string(color_name(c)) + " has " + std::to_string(pawns) + " pawns");
        // Every piece beyond the initial set must come from a promotion, which costs a pawn. This also
        // bounds the number of legal moves (see MAX_MOVES).
        auto extra = [&](PieceType pt, int initial) { return std::max(0, popcount(pos.pieces(c, pt)) - initial); };
        const int promoted = extra(QUEEN, 1) + extra(ROOK, 2) + extra(BISHOP, 2) + extra(KNIGHT, 2);
        if (promoted > 8 - pawns)
            return R::failure(std::string(color_name(c)) + " has more pieces than promotions of its " +
                              std::to_string(pawns) + " pawns allow");
    }

    // 2. Side to move.
    if (fields[1] == "w") pos.side_ = WHITE;
    else if (fields[1] == "b") pos.side_ = BLACK;
    else return R::failure("side to move must be 'w' or 'b', not '" + std::string(fields[1]) + "'");

    // 3. Castling rights. KQkq (X-FEN): the outermost rook on that side of the king, which in
    // standard chess stands in the corner; A-H / a-h (Shredder-FEN): the rook on that file, which
    // Chess960 needs when two rooks stand on one side of the king. The king must be on its back
    // rank between the b- and g-files, the rook on the same rank.
    StateInfo st;
    std::fill(std::begin(pos.castling_mask_), std::end(pos.castling_mask_), std::uint8_t(ALL_CASTLING));
    if (fields[2] != "-") {
        for (char c : fields[2]) {
            const bool upper = c >= 'A' && c <= 'Z';
            const Color color = upper ? WHITE : BLACK;
            const char lower = char(upper ? c - 'A' + 'a' : c);
            const int rank = color == WHITE ? 0 : 7;
            const Square king_sq = pos.king_square(color);
            if (lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h'))
                return R::failure(std::string("bad castling character '") + c + "' (expected -, KQkq or rook files A-H a-h)");
            // the rook: the outermost on that side of the king (KQkq), or the one on the file named
            const Piece rook = make_piece(color, ROOK);
            const int kf = file_of(king_sq);
            Square rook_sq = SQ_NONE;
            if (rank_of(king_sq) == rank && kf > 0 && kf < 7)
                for (int f = 0; f < 8; ++f)
                    if (pos.piece_on(make_square(f, rank)) == rook &&
                        (lower == 'k' ? f > kf : lower == 'q' ? f < kf && rook_sq == SQ_NONE : f == lower - 'a'))
                        rook_sq = make_square(f, rank);
            // one message for every problem (each string chain costs the web download code)
            const int right = rook_sq == SQ_NONE ? 0
                              : file_of(rook_sq) > kf ? (color == WHITE ? WHITE_OO : BLACK_OO)
                                                      : (color == WHITE ? WHITE_OOO : BLACK_OOO);
            if (!right || (st.castling & right))
                return R::failure(std::string("castling right '") + c + "' needs the " + color_name(color) +
                                  " king on its back rank between the b- and g-files" +
                                  (right ? " and only one right on each side of it"
                                   : lower == 'k' ? " and a rook on its h-file side"
                                   : lower == 'q' ? " and a rook on its a-file side"
                                                  : std::string(" and a rook on ") + char(lower) + (rank ? '8' : '1')) +
                                  "; the king is on " + square_name(king_sq));
            pos.add_castling_right(color, rook_sq, st);
        }
    }

    // 4. En-passant square: behind a pawn of the side not to move that has just advanced two squares.
    if (fields[3] != "-") {
        const std::string_view ep = fields[3];
        if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] < '1' || ep[1] > '8')
            return R::failure("en passant square '" + std::string(ep) + "' is not a square");
        const Square s = make_square(ep[0] - 'a', ep[1] - '1');
        const Color them = ~pos.side_;
        const std::string name = "en passant square " + square_name(s) + " is impossible: ";
        if (relative_rank(them, s) != 2)
            return R::failure(name + "it must be on rank " + (pos.side_ == WHITE ? "6" : "3") + " when " +
                              color_name(pos.side_) + " is to move");
        if (pos.piece_on(pawn_push(them, s)) != make_piece(them, PAWN))
            return R::failure(name + "no " + std::string(color_name(them)) + " pawn on " +
                              square_name(pawn_push(them, s)) + " that could have just advanced two squares");
        if (!pos.empty(s) || !pos.empty(pawn_push(~them, s)))
            return R::failure(name + "the squares the pawn passed over are not empty");
        st.ep_square = s;
    }

    // 5 and 6. Clocks.
    if (fields.size() == 6) {
        if (!parse_clock(fields[4], st.rule50))
            return R::failure("halfmove clock '" + std::string(fields[4]) + "' is not a non-negative number");
        if (!parse_clock(fields[5], pos.fullmove_))
            return R::failure("fullmove number '" + std::string(fields[5]) + "' is not a non-negative number");
    } else {
        st.rule50 = 0;
        pos.fullmove_ = 1;
    }

    if (pos.attacked_by(pos.side_, pos.king_square(~pos.side_)))
        return R::failure(std::string("the side not to move (") + color_name(~pos.side_) + ") is in check");

    pos.states_.assign(16, StateInfo{});
    pos.top_ = 0;
    pos.states_[0] = st;
    pos.states_[0].key = pos.compute_key();
    pos.states_[0].checkers = pos.compute_checkers();
    return R::success(std::move(pos));
}

std::string fen_placement(const Piece (&board)[SQUARE_NB]) {
    std::string s;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            Piece p = board[make_square(file, rank)];
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) s += char('0' + empty), empty = 0;
            s += piece_to_char(p);
        }
        if (empty) s += char('0' + empty);
        if (rank) s += '/';
    }
    return s;
}

std::string Position::fen() const {
    std::string s = fen_placement(board_);
    s += side_ == WHITE ? " w " : " b ";
    const int cr = castling_rights();
    if (!cr) s += '-';
    // KQkq where that names the rook (the outermost on its side: X-FEN, and standard chess),
    // else the rook's file (Shredder-FEN)
    for (const int right : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
        if (!(cr & right)) continue;
        const Color color = right & (WHITE_OO | WHITE_OOO) ? WHITE : BLACK;
        const bool king_side = right & (WHITE_OO | BLACK_OO);
        const Square rook_sq = castling_rook(right);
        bool outermost = true;
        for (int f = file_of(rook_sq) + (king_side ? 1 : -1); f >= 0 && f <= 7; f += king_side ? 1 : -1)
            if (board_[make_square(f, rank_of(rook_sq))] == make_piece(color, ROOK)) outermost = false;
        const char letter = outermost ? (king_side ? 'k' : 'q') : char('a' + file_of(rook_sq));
        s += color == WHITE ? char(letter - 'a' + 'A') : letter;
    }
    s += ' ';
    s += square_name(ep_square());
    s += ' ' + std::to_string(rule50()) + ' ' + std::to_string(fullmove_);
    return s;
}

}  // namespace mainline
