#include "datapack.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "../engine/movegen.h"

#if !defined(__EMSCRIPTEN__)
#include <zlib.h>
#endif

namespace mainline::datapack {

namespace {

constexpr std::size_t HEADER_SIZE = 5;    // magic, version
constexpr std::size_t TRAILER_SIZE = 24;  // magic, u64 positions, u64 chains, u32 checksum

constexpr std::uint32_t FNV_OFFSET = 2166136261u;
std::uint32_t fnv1a(std::uint32_t h, const std::uint8_t* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 16777619u;
    return h;
}

void put_varint(std::vector<std::uint8_t>& out, std::uint64_t v) {
    while (v >= 0x80) {
        out.push_back(std::uint8_t(v | 0x80));
        v >>= 7;
    }
    out.push_back(std::uint8_t(v));
}
std::uint64_t zigzag(std::int64_t v) { return (std::uint64_t(v) << 1) ^ std::uint64_t(v >> 63); }
std::int64_t unzigzag(std::uint64_t v) { return std::int64_t(v >> 1) ^ -std::int64_t(v & 1); }

void put_le(std::vector<std::uint8_t>& out, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(std::uint8_t(v >> (8 * i)));
}
std::uint64_t get_le(const std::uint8_t* p, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= std::uint64_t(p[i]) << (8 * i);
    return v;
}

int move_order_key(Move m) {
    const int promo = m.kind() == Move::PROMOTION ? m.promotion() - KNIGHT + 1 : 0;
    return int(m.from()) + 64 * int(m.to()) + 4096 * promo;
}

int board_diff(const Position& a, const Position& b) {
    int d = 0;
    for (int s = 0; s < SQUARE_NB; ++s) d += a.piece_on(Square(s)) != b.piece_on(Square(s));
    return d;
}

// Depth-first search for `plies` moves leading from `pos` to `target`; the move indices go to
// `path`. A move changes at most four squares (castling), which prunes almost every branch.
bool find_path(Position& pos, const Position& target, const std::string& target_fen, int plies,
               std::vector<std::uint8_t>& path) {
    if (plies == 0) return pos.key() == target.key() && pos.fen() == target_fen;
    if (board_diff(pos, target) > 4 * plies) return false;
    Move moves[MAX_MOVES];
    // A move is stored in one byte: in the rare position (set up, never played) with more than 256
    // legal moves, the later ones cannot be stored, and the chain breaks instead.
    const int n = std::min(ordered_moves(pos, moves), 256);
    for (int i = 0; i < n; ++i) {
        pos.do_move(moves[i]);
        path.push_back(std::uint8_t(i));
        const bool found = find_path(pos, target, target_fen, plies - 1, path);
        pos.undo_move(moves[i]);
        if (found) return true;
        path.pop_back();
    }
    return false;
}

std::string trim(std::string_view s) {
    const auto a = s.find_first_not_of(" \t\r");
    if (a == std::string_view::npos) return "";
    return std::string(s.substr(a, s.find_last_not_of(" \t\r") - a + 1));
}

}  // namespace

int ordered_moves(const Position& pos, Move* out) {
    const MoveList list = legal_moves(pos);
    std::copy(list.begin(), list.end(), out);
    std::sort(out, out + list.size, [](Move a, Move b) { return move_order_key(a) < move_order_key(b); });
    return list.size;
}

std::optional<Sample> parse_line(std::string_view line, std::string& error) {
    const auto bar1 = line.find('|');
    const auto bar2 = bar1 == std::string_view::npos ? bar1 : line.find('|', bar1 + 1);
    if (bar2 == std::string_view::npos) {
        error = "not 'FEN | score | result'";
        return std::nullopt;
    }
    const auto bar3 = line.find('|', bar2 + 1);
    if (bar3 != std::string_view::npos) {
        error = "more than three fields";
        return std::nullopt;
    }
    Sample s;
    s.fen = trim(line.substr(0, bar1));
    const std::string score = trim(line.substr(bar1 + 1, bar2 - bar1 - 1));
    const std::string result = trim(line.substr(bar2 + 1));
    const auto [end, ec] = std::from_chars(score.data(), score.data() + score.size(), s.score);
    if (score.empty() || ec != std::errc() || end != score.data() + score.size()) {
        error = "score '" + score + "' is not a whole number";
        return std::nullopt;
    }
    if (result == "1.0" || result == "1") s.result2 = 2;
    else if (result == "0.5") s.result2 = 1;
    else if (result == "0.0" || result == "0") s.result2 = 0;
    else {
        error = "result '" + result + "' is not 1.0, 0.5 or 0.0";
        return std::nullopt;
    }
    return s;
}

std::string format_line(const Sample& s) {
    static constexpr const char* RESULTS[3] = {"0.0", "0.5", "1.0"};
    return s.fen + " | " + std::to_string(s.score) + " | " + RESULTS[s.result2];
}

Writer::Writer(std::ostream& out) : out_(out), checksum_(FNV_OFFSET) {
    std::vector<std::uint8_t> header(MAGIC, MAGIC + 4);
    header.push_back(VERSION);
    put(header.data(), header.size());
}

void Writer::put(const std::uint8_t* data, std::size_t n) {
    checksum_ = fnv1a(checksum_, data, n);
    out_.write(reinterpret_cast<const char*>(data), std::streamsize(n));
    stats_.bytes += n;
}

bool Writer::add(const Position& pos, int score, int result2, std::string& error) {
    if (result2 < 0 || result2 > 2) {
        error = "result must be 0, 1 or 2 (half points for white)";
        return false;
    }
    if (last_ && result2 == result2_) {
        // The same game goes on when a few plies lead from the last position to this one.
        const std::string fen = pos.fen();
        std::vector<std::uint8_t> path;
        Position walk = *last_;
        const bool odd = walk.side_to_move() != pos.side_to_move();
        for (int plies = odd ? 1 : 2; plies <= MAX_GAP; plies += 2) {
            if (find_path(walk, pos, fen, plies, path)) {
                put_varint(body_, (zigzag(std::int64_t(score) - last_score_) << 2) | std::uint64_t(plies - 1));
                body_.insert(body_.end(), path.begin(), path.end());
                last_ = pos;
                last_score_ = score;
                ++count_;
                ++stats_.gaps[plies];
                ++stats_.positions;
                return true;
            }
        }
    }
    close_chain();
    last_ = pos;
    first_fen_ = pos.fen();
    first_score_ = last_score_ = score;
    result2_ = result2;
    count_ = 1;
    ++stats_.positions;
    return true;
}

void Writer::close_chain() {
    if (!count_) return;
    std::vector<std::uint8_t> head;
    put_varint(head, std::uint64_t(count_));
    head.push_back(std::uint8_t(result2_));
    put_varint(head, first_fen_.size());
    head.insert(head.end(), first_fen_.begin(), first_fen_.end());
    put_varint(head, zigzag(first_score_));
    put(head.data(), head.size());
    put(body_.data(), body_.size());
    body_.clear();
    count_ = 0;
    ++stats_.chains;
}

void Writer::finish() {
    if (finished_) return;
    finished_ = true;
    close_chain();
    std::vector<std::uint8_t> trailer(TRAILER_MAGIC, TRAILER_MAGIC + 4);
    put_le(trailer, std::uint64_t(stats_.positions), 8);
    put_le(trailer, std::uint64_t(stats_.chains), 8);
    put_le(trailer, checksum_, 4);
    out_.write(reinterpret_cast<const char*>(trailer.data()), std::streamsize(trailer.size()));
    stats_.bytes += trailer.size();
    out_.flush();
}

namespace {

// A gzip-compressed pack (the form kept in nets/data/: about a third smaller again) inflated to memory.
std::string gunzip(const std::uint8_t* data, std::size_t size, std::vector<std::uint8_t>& out) {
#if defined(__EMSCRIPTEN__)
    (void)data, (void)size, (void)out;
    return "a gzip-compressed pack cannot be read in this build (no zlib): unpack it with gunzip first";
#else
    z_stream zs{};
    if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) return "gzip: cannot start zlib";
    zs.next_in = const_cast<Bytef*>(data);
    zs.avail_in = uInt(size);
    std::uint8_t chunk[1 << 16];
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        zs.next_out = chunk;
        zs.avail_out = sizeof chunk;
        rc = inflate(&zs, Z_NO_FLUSH);
        if (rc != Z_OK && rc != Z_STREAM_END) {
            inflateEnd(&zs);
            return std::string("gzip: the compressed data is damaged (") + (zs.msg ? zs.msg : "zlib error") + ")";
        }
        out.insert(out.end(), chunk, chunk + (sizeof chunk - zs.avail_out));
        if (rc != Z_STREAM_END && zs.avail_in == 0 && zs.avail_out != 0) {
            inflateEnd(&zs);
            return "gzip: the file is cut off";
        }
    }
    inflateEnd(&zs);
    return "";
#endif
}

}  // namespace

std::string read(const std::uint8_t* data, std::size_t size,
                 const std::function<void(const Position& pos, int score, int result2)>& each) {
    if (size >= 2 && data[0] == 0x1f && data[1] == 0x8b) {
        std::vector<std::uint8_t> raw;
        if (std::string err = gunzip(data, size, raw); !err.empty()) return err;
        return read(raw.data(), raw.size(), each);
    }
    if (size < HEADER_SIZE + TRAILER_SIZE || !std::equal(MAGIC, MAGIC + 4, data))
        return "not a Mainline data pack (no MLPK header)";
    if (data[4] != VERSION) return "pack version " + std::to_string(data[4]) + " (this build reads version 1)";
    const std::uint8_t* trailer = data + size - TRAILER_SIZE;
    if (!std::equal(TRAILER_MAGIC, TRAILER_MAGIC + 4, trailer)) return "truncated: the trailer is missing";
    const std::uint64_t want_positions = get_le(trailer + 4, 8), want_chains = get_le(trailer + 12, 8);
    if (fnv1a(FNV_OFFSET, data, size - TRAILER_SIZE) != std::uint32_t(get_le(trailer + 20, 4)))
        return "checksum mismatch: the file is damaged";

    std::size_t at = HEADER_SIZE;
    const std::size_t end = size - TRAILER_SIZE;
    auto varint = [&](std::uint64_t& v) {
        v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (at >= end) return false;
            const std::uint8_t b = data[at++];
            v |= std::uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80)) return true;
        }
        return false;
    };
    std::uint64_t positions = 0, chains = 0;
    Move moves[MAX_MOVES];
    while (at < end) {
        const std::string where = "chain " + std::to_string(chains + 1) + ": ";
        std::uint64_t count = 0, fen_len = 0, first = 0;
        if (!varint(count) || count == 0 || at >= end) return where + "bad position count";
        const int result2 = data[at++];
        if (result2 > 2) return where + "bad result";
        if (!varint(fen_len) || fen_len > end - at) return where + "bad FEN length";
        const std::string fen(reinterpret_cast<const char*>(data + at), fen_len);
        at += fen_len;
        auto parsed = Position::from_fen(fen);
        if (!parsed) return where + "bad FEN '" + fen + "': " + parsed.error();
        Position pos = std::move(parsed).value();
        if (!varint(first)) return where + "bad score";
        std::int64_t score = unzigzag(first);
        each(pos, int(score), result2);
        for (std::uint64_t i = 1; i < count; ++i) {
            std::uint64_t v = 0;
            if (!varint(v)) return where + "position " + std::to_string(i + 1) + ": bad record";
            const int plies = int(v & 3) + 1;
            score += unzigzag(v >> 2);
            for (int p = 0; p < plies; ++p) {
                if (at >= end) return where + "position " + std::to_string(i + 1) + ": moves cut off";
                const int index = data[at++];
                const int n = ordered_moves(pos, moves);
                if (index >= n) return where + "position " + std::to_string(i + 1) + ": move index out of range";
                pos.do_move(moves[index]);
            }
            each(pos, int(score), result2);
        }
        positions += count;
        ++chains;
    }
    if (positions != want_positions || chains != want_chains)
        return "counts differ from the trailer (" + std::to_string(positions) + " positions read, " +
               std::to_string(want_positions) + " written)";
    return "";
}

}  // namespace mainline::datapack
