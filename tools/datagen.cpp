// Self-play positions for evaluation tuning (tools/tune.cpp).
//
// Plays games of Mainline against itself at a fixed node budget per move, each from an opening of
// tests/data/openings.epd (or the start position) followed by a few random legal plies (kept only when the result is
// still roughly balanced), so that the
// games cover structures the engine would never choose. It writes the quiet positions of each game
// (not in check, best move neither a capture nor a promotion, no mate score) with the game's result:
//
//     FEN | search score from white's side (cp) | result (1.0 white won, 0.5 draw, 0.0 black won)
//
// A game ends by the rules, at a ply limit (a draw), or by adjudication when both sides agree for
// several moves that one side is winning (a win) or that nothing is happening late in the game (a
// draw). Games are reproducible from --seed; run several processes with different seeds to use
// several cores.
//
// Usage: mainline_datagen [--games N] [--nodes N] [--random-plies N] [--seed N]
//                         [--openings FILE] [--out FILE] [--eval classic|embedded|NET.mlnn]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "../engine/movegen.h"
#include "../engine/nnue.h"
#include "../engine/position.h"
#include "../engine/rules.h"
#include "../engine/search.h"
#include "../engine/tt.h"

using namespace mainline;

namespace {

constexpr int HASH_MB = 8;
// Openings whose random plies left one side this far ahead are thrown away.
constexpr int MAX_OPENING_SCORE = 200;
constexpr int MAX_GAME_PLIES = 400;
// A side is lost once both engines have reported at least this for it on WIN_MOVES plies in a row.
constexpr int WIN_SCORE = 1000;
constexpr int WIN_PLIES = 6;
// After DRAW_FROM_PLY, a game whose scores stay within DRAW_SCORE for DRAW_PLIES plies is drawn.
constexpr int DRAW_FROM_PLY = 80;
constexpr int DRAW_SCORE = 10;
constexpr int DRAW_PLIES = 12;

struct Options {
    long games = 1000;
    std::uint64_t nodes = 6000;
    int random_plies = 6;
    std::uint64_t seed = 1;
    std::string openings = "tests/data/openings.epd";
    std::string out;
    // The evaluation: none (the hand-crafted one), "embedded" (the network compiled in) or a
    // network file; a generation of networks learns from the previous one's games.
    std::string eval = "classic";
    const nnue::Network* network = nullptr;
};

std::vector<std::string> read_openings(const std::string& file) {
    std::vector<std::string> fens{std::string(Position::START_FEN)};
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        // EPD: the first four fields are a position; the clocks default.
        std::string fen;
        std::size_t pos = 0;
        for (int field = 0; field < 4 && pos != std::string::npos; ++field) {
            const std::size_t end = line.find(' ', pos);
            fen += (field ? " " : "") + line.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
            pos = end == std::string::npos ? end : end + 1;
        }
        if (Position::from_fen(fen + " 0 1")) fens.push_back(fen + " 0 1");
    }
    return fens;
}

// One game; appends its quiet positions (with the result filled in) to `out`. Returns false when
// the random plies ended the game (nothing written).
bool play_game(const Options& o, const std::string& opening, std::mt19937_64& rng, Searcher& searcher,
               TranspositionTable& tt, std::ostream& out, long& written) {
    Position pos = Position::from_fen(opening).value();
    for (int i = 0; i < o.random_plies; ++i) {
        const MoveList moves = legal_moves(pos);
        if (!moves.size) return false;
        pos.do_move(moves.moves[rng() % std::uint64_t(moves.size)]);
    }
    if (!legal_moves(pos).size) return false;

    tt.clear();
    searcher.clear();
    SearchLimits limits;
    SearchOptions options;
    options.network = o.network;
    SearchCallbacks callbacks;
    // Random plies can throw a piece away: such games teach little and end at once.
    limits.nodes = o.nodes;
    if (std::abs(searcher.search(pos, limits, options, callbacks).score) > MAX_OPENING_SCORE) return false;
    std::vector<std::pair<std::string, int>> positions;  // FEN, white's score
    double result = 0.5;
    int win_run[COLOR_NB] = {0, 0}, draw_run = 0;
    for (int ply = 0;; ++ply) {
        PvEnd why;
        // ply 2 keeps the search's "repeated after the root" rule from ending the game early:
        // only a real threefold repetition (or fifty moves, or dead material) is a draw here.
        if (draw_by_rule(pos, 2, why) || ply >= MAX_GAME_PLIES) break;
        if (!has_legal_move(pos)) {
            if (pos.in_check()) result = pos.side_to_move() == WHITE ? 0.0 : 1.0;
            break;
        }
        const SearchResult r = searcher.search(pos, limits, options, callbacks);
        if (!r.best.is_ok()) break;
        const int white_score = pos.side_to_move() == WHITE ? r.score : -r.score;
        const bool noisy = !pos.empty(r.best.to()) || r.best.kind() == Move::EN_PASSANT ||
                           r.best.kind() == Move::PROMOTION;
        if (!pos.in_check() && !noisy && !is_mate_score(r.score)) positions.emplace_back(pos.fen(), white_score);

        // Adjudication on the scores of both sides' searches.
        win_run[WHITE] = white_score >= WIN_SCORE ? win_run[WHITE] + 1 : 0;
        win_run[BLACK] = white_score <= -WIN_SCORE ? win_run[BLACK] + 1 : 0;
        draw_run = ply >= DRAW_FROM_PLY && std::abs(white_score) <= DRAW_SCORE ? draw_run + 1 : 0;
        if (win_run[WHITE] >= WIN_PLIES) {
            result = 1.0;
            break;
        }
        if (win_run[BLACK] >= WIN_PLIES) {
            result = 0.0;
            break;
        }
        if (draw_run >= DRAW_PLIES) break;
        pos.do_move(r.best);
        pos.reserve_history(2 * MAX_PLY);
    }
    const char* label = result == 1.0 ? "1.0" : result == 0.0 ? "0.0" : "0.5";
    for (const auto& [fen, score] : positions) out << fen << " | " << score << " | " << label << "\n";
    written += long(positions.size());
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::cerr << "datagen: " << a << " needs a value\n";
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--games") o.games = std::atol(next().c_str());
        else if (a == "--nodes") o.nodes = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "--random-plies") o.random_plies = std::atoi(next().c_str());
        else if (a == "--seed") o.seed = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "--openings") o.openings = next();
        else if (a == "--out") o.out = next();
        else if (a == "--eval") o.eval = next();
        else {
            std::cerr << "usage: mainline_datagen [--games N] [--nodes N] [--random-plies N] [--seed N] "
                         "[--openings FILE] [--out FILE] [--eval classic|embedded|NET.mlnn]\n";
            return 2;
        }
    }
    nnue::Network file_network;
    if (o.eval == "embedded") {
        o.network = &nnue::Network::embedded();
    } else if (o.eval != "classic") {
        std::ifstream in(o.eval, std::ios::binary);
        const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        Result<nnue::Network> net = nnue::Network::parse(bytes.data(), bytes.size());
        if (!in || !net) {
            std::cerr << "datagen: " << o.eval << ": " << (net ? std::string("cannot read") : net.error()) << "\n";
            return 1;
        }
        file_network = std::move(net).value();
        o.network = &file_network;
    }
    if (o.network) std::cerr << "datagen: evaluating with " << o.network->description() << "\n";
    const std::vector<std::string> openings = read_openings(o.openings);
    std::ofstream file;
    if (!o.out.empty()) {
        file.open(o.out, std::ios::app);
        if (!file) {
            std::cerr << "datagen: cannot write " << o.out << "\n";
            return 1;
        }
    }
    std::ostream& out = o.out.empty() ? std::cout : file;
    std::mt19937_64 rng(o.seed);
    TranspositionTable tt;
    if (const std::string err = tt.resize(HASH_MB); !err.empty()) {
        std::cerr << "datagen: " << err << "\n";
        return 1;
    }
    Searcher searcher(tt);
    long played = 0, written = 0;
    while (played < o.games) {
        const std::string& opening = openings[rng() % openings.size()];
        if (!play_game(o, opening, rng, searcher, tt, out, written)) continue;
        ++played;
        if (played % 100 == 0) {
            out.flush();
            std::cerr << "datagen: " << played << " games, " << written << " positions\n";
        }
    }
    std::cerr << "datagen: " << played << " games, " << written << " positions\n";
    return 0;
}
