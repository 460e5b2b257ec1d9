// Training data that lasts: labelled positions packed as chains of game moves (".mlpk",
// docs/network.md "Data files"). Consecutive positions of one game are stored as the moves that
// lead from one to the next (a byte a move: its index among the legal moves in a fixed order)
// and the change of the label, so a position costs about three bytes instead of a FEN line's
// sixty-odd, and a whole generation's data can live in the repository (nets/data/).
//
// The text form is the trainer's input, one position a line:
//     FEN | score (cp, white's view) | result (1.0 white won, 0.5 draw, 0.0 black won)
// pack() and unpack() are exact inverses on lines whose FEN is in the engine's own form
// (Position::fen(), which datagen writes); any other FEN is stored in that form.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "../engine/position.h"

namespace mainline::datapack {

inline constexpr char MAGIC[4] = {'M', 'L', 'P', 'K'};
inline constexpr char TRAILER_MAGIC[4] = {'M', 'L', 'P', 'E'};
inline constexpr std::uint8_t VERSION = 1;
// The longest run of game plies searched between two stored positions (positions between them
// were not stored: in check, a noisy best move, or dropped by the labeller). Longer gaps start a
// new chain with a FEN.
inline constexpr int MAX_GAP = 4;

// A labelled position as the trainer sees it. result2: 0 black won, 1 draw, 2 white won.
struct Sample {
    std::string fen;
    int score = 0;
    int result2 = 1;
};

// "FEN | score | result" -> Sample; the error names what is wrong with the line.
std::optional<Sample> parse_line(std::string_view line, std::string& error);
std::string format_line(const Sample& s);

struct PackStats {
    long positions = 0;
    long chains = 0;
    long gaps[MAX_GAP + 1] = {};  // positions reached by 1..MAX_GAP plies (index = plies)
    std::uint64_t bytes = 0;      // the whole file
};

// Streams samples into a .mlpk file: header now, chains as they close, trailer at finish().
class Writer {
public:
    explicit Writer(std::ostream& out);
    // Adds one sample (its FEN already parsed). Returns false (with `error`) for a score or
    // result outside the format's range.
    bool add(const Position& pos, int score, int result2, std::string& error);
    // Closes the last chain and writes the trailer (counts and a checksum of everything before).
    void finish();
    const PackStats& stats() const { return stats_; }

private:
    void close_chain();
    void put(const std::uint8_t* data, std::size_t n);

    std::ostream& out_;
    PackStats stats_;
    std::uint32_t checksum_;
    // The open chain: its first position, the last position added, and the encoded rest.
    std::optional<Position> last_;
    std::string first_fen_;
    int first_score_ = 0, last_score_ = 0, result2_ = 1;
    long count_ = 0;
    std::vector<std::uint8_t> body_;
    bool finished_ = false;
};

// Reads a whole .mlpk file, plain or gzip-compressed (.mlpk.gz, natively; checked against its
// trailer first) and calls `each` for every
// position in order, with the position itself (moves replayed) and its label. Returns an error
// text, or "" when the file was read whole.
std::string read(const std::uint8_t* data, std::size_t size,
                 const std::function<void(const Position& pos, int score, int result2)>& each);

// The moves, in the format's fixed order, that a stored move index refers to: the legal moves
// sorted by from + 64 * to + 4096 * promotion (squares a1 = 0 .. h8 = 63; promotion 0 none,
// 1 knight, 2 bishop, 3 rook, 4 queen; castling as the king's move, e1g1).
int ordered_moves(const Position& pos, Move* out);

}  // namespace mainline::datapack
