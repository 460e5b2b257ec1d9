// The training data's packed form (tools/datapack.h): exact round trips, damaged files refused.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "../tools/datapack.h"
#if !defined(__EMSCRIPTEN__)
#include <zlib.h>
#endif
#include "movegen.h"
#include "position.h"

using namespace mainline;

namespace {

// Random games from a few starts (castling, en passant and promotions all occur in long random
// games), each position kept with probability 0.7 (so gaps of several plies occur), with random
// labels; every game ends with a random result. Lines are in the engine's own FEN form.
std::vector<std::string> random_games(int games, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    const char* starts[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2P5/8/8/8/8/5p2/K6k w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    };
    std::vector<std::string> lines;
    static constexpr const char* RESULTS[3] = {"0.0", "0.5", "1.0"};
    for (int g = 0; g < games; ++g) {
        Position pos = Position::from_fen(starts[g % 4]).value();
        const char* result = RESULTS[rng() % 3];
        int score = int(rng() % 400) - 200;
        for (int ply = 0; ply < 160; ++ply) {
            const MoveList moves = legal_moves(pos);
            if (!moves.size) break;
            score += int(rng() % 61) - 30;
            if (rng() % 10 < 7) lines.push_back(pos.fen() + " | " + std::to_string(score) + " | " + result);
            pos.do_move(moves.moves[rng() % std::uint64_t(moves.size)]);
        }
    }
    return lines;
}

std::string pack_lines(const std::vector<std::string>& lines, datapack::PackStats* stats = nullptr) {
    std::ostringstream out;
    datapack::Writer w(out);
    for (const std::string& line : lines) {
        std::string error;
        const auto s = datapack::parse_line(line, error);
        EXPECT_TRUE(s.has_value()) << line << ": " << error;
        if (!s) continue;
        const auto pos = Position::from_fen(s->fen);
        EXPECT_TRUE(pos.ok()) << s->fen;
        if (!pos) continue;
        EXPECT_TRUE(w.add(pos.value(), s->score, s->result2, error)) << error;
    }
    w.finish();
    if (stats) *stats = w.stats();
    return out.str();
}

std::string unpack(const std::string& bytes, std::vector<std::string>& lines) {
    lines.clear();
    return datapack::read(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(),
                          [&](const Position& pos, int score, int r2) { lines.push_back(datapack::format_line({pos.fen(), score, r2})); });
}

}  // namespace

TEST(DataPack, RoundTripIsExact) {
    const std::vector<std::string> lines = random_games(24, 7);
    ASSERT_GT(lines.size(), 1500u);
    datapack::PackStats st;
    const std::string bytes = pack_lines(lines, &st);
    EXPECT_EQ(st.positions, long(lines.size()));
    EXPECT_EQ(st.bytes, bytes.size());
    // Mostly chains of moves: a handful of FENs, the rest a few bytes each.
    EXPECT_GT(st.gaps[1], 0);
    EXPECT_GT(st.gaps[2], 0);
    EXPECT_LT(double(bytes.size()) / double(lines.size()), 6.0);
    std::vector<std::string> back;
    ASSERT_EQ(unpack(bytes, back), "");
    ASSERT_EQ(back.size(), lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) ASSERT_EQ(back[i], lines[i]) << "position " << i;
}

TEST(DataPack, UnrelatedPositionsStartNewChains) {
    const std::vector<std::string> lines = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 20 | 0.5",
        "8/8/8/4k3/8/8/4K3/8 w - - 0 1 | 0 | 0.5",    // not reachable: a new chain
        "8/8/8/4k3/8/8/3K4/8 b - - 1 1 | -5 | 1.0",   // one ply on (Kd2), but another result: a new chain
        "8/8/8/3k4/8/8/3K4/8 w - - 2 2 | -7 | 1.0",   // one ply on (Kd5): the same chain
        "8/8/8/3k4/8/8/3K4/8 b - - 0 9 | -7 | 1.0",   // the same board, other clocks: a new chain
    };
    datapack::PackStats st;
    const std::string bytes = pack_lines(lines, &st);
    EXPECT_EQ(st.chains, 4);
    std::vector<std::string> back;
    ASSERT_EQ(unpack(bytes, back), "");
    EXPECT_EQ(back, lines);
}

TEST(DataPack, DamagedFilesAreRefused) {
    const std::string bytes = pack_lines(random_games(2, 3));
    std::vector<std::string> back;
    std::string flipped = bytes;
    flipped[bytes.size() / 2] = char(flipped[bytes.size() / 2] ^ 0x10);
    EXPECT_NE(unpack(flipped, back).find("checksum"), std::string::npos);
    EXPECT_NE(unpack(bytes.substr(0, bytes.size() - 3), back).find("trailer"), std::string::npos);
    EXPECT_NE(unpack("MLPK", back).find("not a Mainline data pack"), std::string::npos);
    std::string version = bytes;
    version[4] = 9;
    EXPECT_NE(unpack(version, back).find("version 9"), std::string::npos);
}

TEST(DataPack, LinesAreCheckedAndNamed) {
    std::string error;
    EXPECT_FALSE(datapack::parse_line("8/8/8/4k3/8/8/4K3/8 w - - 0 1 | x | 0.5", error).has_value());
    EXPECT_NE(error.find("score 'x'"), std::string::npos);
    EXPECT_FALSE(datapack::parse_line("8/8/8/4k3/8/8/4K3/8 w - - 0 1 | 3 | 2.0", error).has_value());
    EXPECT_NE(error.find("result '2.0'"), std::string::npos);
    EXPECT_FALSE(datapack::parse_line("8/8/8/4k3/8/8/4K3/8 w - - 0 1", error).has_value());
    const auto s = datapack::parse_line(" 8/8/8/4k3/8/8/4K3/8 w - - 0 1 | -12 | 1.0 ", error);
    ASSERT_TRUE(s.has_value());
    EXPECT_EQ(s->score, -12);
    EXPECT_EQ(s->result2, 2);
    EXPECT_EQ(datapack::format_line(*s), "8/8/8/4k3/8/8/4K3/8 w - - 0 1 | -12 | 1.0");
}

#if !defined(__EMSCRIPTEN__)
TEST(DataPack, GzipCompressedPacksReadTheSame) {
    const std::vector<std::string> lines = random_games(4, 11);
    const std::string bytes = pack_lines(lines);
    // gzip it as pack-data.mjs does (zlib's gzip wrapper)
    z_stream zs{};
    ASSERT_EQ(deflateInit2(&zs, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
    std::string gz(deflateBound(&zs, uLong(bytes.size())), '\0');
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    zs.avail_in = uInt(bytes.size());
    zs.next_out = reinterpret_cast<Bytef*>(gz.data());
    zs.avail_out = uInt(gz.size());
    ASSERT_EQ(deflate(&zs, Z_FINISH), Z_STREAM_END);
    gz.resize(zs.total_out);
    deflateEnd(&zs);
    EXPECT_LT(gz.size(), bytes.size());
    std::vector<std::string> back;
    ASSERT_EQ(unpack(gz, back), "");
    EXPECT_EQ(back, lines);
    EXPECT_NE(unpack(gz.substr(0, gz.size() / 2), back).find("cut off"), std::string::npos);
}
#endif
