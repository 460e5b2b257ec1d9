// Texel tuner: fits the evaluation weights (eval_params::EvalWeights) to game results, or to a
// stronger engine's scores of the same positions.
//
// Reads PGN files (the ones `npm run match --pgn` writes: tags, SAN movetext, a result), taking
// every position from ply MIN_PLY on, or position files (`FEN | score | result [| reference]`, as
// tools/datagen.cpp writes them and scripts/tune/label.mjs labels them). Each position is resolved
// to the end of its quiescence line (so that the evaluation is judged on quiet positions, as the
// search uses it), and the evaluation's trace is recorded there. The evaluation is linear in the
// weights given the trace (phase and endgame scale held fixed), so the mean squared error between
// the target and sigmoid(K * eval) can be minimised by gradient descent (Adam) over all positions at
// once. The target is the game result or, for labelled positions, the reference score turned into
// an expected result by its own fitted sigmoid, blended with the result by --lambda. A tenth of the
// games (or of the blocks of position lines) is held out: its error is printed, so over-fitting
// shows.
//
// Usage: mainline_tune [--epochs N] [--lr X] [--l2 X] [--pst-l2 X] [--lambda X] [--freeze-pst]
//                      [--freeze-material] [--out FILE] [--check] games.pgn|positions.txt...
//   --lambda  weight of the reference score in the target of labelled positions (default 1)
//   --check   only verify that the traced linear model reproduces evaluate() and print K
// The tuned weights are written as C++ (engine/eval_weights.h format) to --out (default stdout).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../engine/evaluate.h"
#include "../engine/movegen.h"
#include "../engine/notation.h"
#include "../engine/position.h"
#include "../engine/see.h"

using namespace mainline;
using eval_params::EvalWeights;
using eval_params::S;
using eval_params::WEIGHT_COUNT;

namespace {

constexpr int MIN_PLY = 8;      // skip the first plies after the opening position
constexpr int QS_MAX_PLY = 24;  // quiescence depth limit when resolving positions

struct Entry {
    std::uint32_t first;  // index into the feature arrays
    std::uint16_t count;
    std::uint8_t phase;
    std::uint8_t scale;
    float result;     // 1 white won, 0.5 draw, 0 black won
    float reference;  // a reference engine's score (cp, white's side), or NaN
    float target;     // what sigmoid(K * eval) is fitted to
    bool white_to_move;
    bool held_out;
};

struct Feature {
    std::uint16_t index;
    std::int16_t count;
};

struct Data {
    std::vector<Entry> entries;
    std::vector<Feature> features;
};

// A plain capture-only search; returns the score and leaves its line in pv[ply..].
int qsearch(Position& pos, int alpha, int beta, int ply, Move (*pv)[QS_MAX_PLY + 1], int* pv_len) {
    pv_len[ply] = ply;
    int stand = evaluate(pos);
    if (ply >= QS_MAX_PLY) return stand;
    if (stand >= beta) return stand;
    alpha = std::max(alpha, stand);
    MoveList moves = generate_moves<GenType::NOISY>(pos);
    // Most valuable victim first is enough for resolving captures here.
    std::vector<std::pair<int, Move>> ordered;
    for (Move m : moves) {
        const int gain = see(pos, m);
        if (gain >= 0) ordered.push_back({gain, m});
    }
    std::sort(ordered.begin(), ordered.end(), [](auto& a, auto& b) { return a.first > b.first; });
    for (auto& [gain, m] : ordered) {
        pos.do_move(m);
        const int score = -qsearch(pos, -beta, -alpha, ply + 1, pv, pv_len);
        pos.undo_move(m);
        if (score > alpha) {
            alpha = score;
            pv[ply][ply] = m;
            for (int i = ply + 1; i < pv_len[ply + 1]; ++i) pv[ply][i] = pv[ply + 1][i];
            pv_len[ply] = pv_len[ply + 1];
            if (score >= beta) break;
        }
    }
    return alpha;
}

void add_position(Data& data, const Position& game_pos, float result, float reference, bool held_out,
                  long& mismatches) {
    if (game_pos.in_check()) return;
    Position pos = game_pos;
    static Move pv[QS_MAX_PLY + 1][QS_MAX_PLY + 1];
    static int pv_len[QS_MAX_PLY + 2];
    qsearch(pos, -30000, 30000, 0, pv, pv_len);
    for (int i = 0; i < pv_len[0]; ++i) pos.do_move(pv[0][i]);
    if (pos.in_check()) return;
    EvalTrace trace;
    const int eval = evaluate(pos, trace);
    Entry e{};
    e.first = std::uint32_t(data.features.size());
    e.phase = std::uint8_t(trace.phase);
    e.scale = std::uint8_t(trace.scale);
    e.result = result;
    e.reference = reference;
    e.target = result;
    e.white_to_move = pos.side_to_move() == WHITE;
    e.held_out = held_out;
    for (int i = 0; i < WEIGHT_COUNT; ++i)
        if (trace.count[i]) data.features.push_back({std::uint16_t(i), std::int16_t(trace.count[i])});
    e.count = std::uint16_t(data.features.size() - e.first);
    // The model must reproduce the evaluation (up to the integer divisions).
    const S* w = reinterpret_cast<const S*>(&eval_params::WEIGHTS);
    long mg = 0, eg = 0;
    for (std::uint32_t i = e.first; i < e.first + e.count; ++i) {
        mg += long(w[data.features[i].index].mg) * data.features[i].count;
        eg += long(w[data.features[i].index].eg) * data.features[i].count;
    }
    const double model = (mg * e.phase + eg * double(e.scale) / eval_params::SCALE_NORMAL * (24 - e.phase)) / 24.0 +
                         (e.white_to_move ? eval_params::TEMPO : -eval_params::TEMPO);
    const int white_eval = e.white_to_move ? eval : -eval;
    if (std::abs(model - white_eval) > 2.5) ++mismatches;
    data.entries.push_back(e);
}

bool read_pgn(const std::string& file, Data& data, long& games, long& mismatches) {
    std::ifstream in(file);
    if (!in) {
        std::cerr << "cannot read " << file << "\n";
        return false;
    }
    std::string line, fen, result, movetext;
    auto finish = [&]() {
        if (result.empty()) return;
        float r = result == "1-0" ? 1.0f : result == "0-1" ? 0.0f : result == "1/2-1/2" ? 0.5f : -1.0f;
        if (r >= 0) {
            auto start = Position::from_fen(fen.empty() ? std::string(Position::START_FEN) : fen);
            if (start) {
                Position pos = start.value();
                const bool held_out = games % 10 == 9;
                ++games;
                std::istringstream tokens(movetext);
                std::string tok;
                int ply = 0;
                int depth = 0;  // comment nesting
                while (tokens >> tok) {
                    if (tok.front() == '{') depth = 1;
                    if (depth) {
                        if (tok.find('}') != std::string::npos) depth = 0;
                        continue;
                    }
                    if (tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*") break;
                    const auto dot = tok.find_last_of('.');
                    if (dot != std::string::npos) tok = tok.substr(dot + 1);
                    if (tok.empty()) continue;
                    auto m = parse_san(pos, tok);
                    if (!m) break;
                    pos.do_move(m.value());
                    if (++ply >= MIN_PLY) add_position(data, pos, r, NAN, held_out, mismatches);
                }
            }
        }
        fen.clear();
        result.clear();
        movetext.clear();
    };
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.rfind("[Event ", 0) == 0) finish();
        if (line.rfind("[FEN \"", 0) == 0) fen = line.substr(6, line.rfind('"') - 6);
        else if (line.rfind("[Result \"", 0) == 0) result = line.substr(9, line.rfind('"') - 9);
        else if (!line.empty() && line[0] != '[') movetext += line + " ";
    }
    finish();
    return true;
}

// Position lines: `FEN | score | result [| reference score]`. Lines come game by game, so blocks
// of them are held out together (positions of one game are alike).
bool read_positions(const std::string& file, Data& data, long& lines, long& mismatches) {
    std::ifstream in(file);
    if (!in) {
        std::cerr << "cannot read " << file << "\n";
        return false;
    }
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        for (std::size_t start = 0;;) {
            const std::size_t bar = line.find('|', start);
            fields.push_back(line.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
            if (bar == std::string::npos) break;
            start = bar + 1;
        }
        if (fields.size() < 3) continue;
        auto pos = Position::from_fen(fields[0].substr(0, fields[0].find_last_not_of(' ') + 1));
        if (!pos) continue;
        const float result = std::strtof(fields[2].c_str(), nullptr);
        const float reference = fields.size() >= 4 ? std::strtof(fields[3].c_str(), nullptr) : NAN;
        add_position(data, pos.value(), result, reference, (lines / 64) % 10 == 9, mismatches);
        ++lines;
    }
    return true;
}

struct Weights {
    std::vector<double> mg, eg;
};

double sigmoid(double k, double e) { return 1.0 / (1.0 + std::exp(-k * e / 400.0)); }

double model_eval(const Data& d, const Entry& e, const Weights& w) {
    double mg = 0, eg = 0;
    for (std::uint32_t i = e.first; i < e.first + e.count; ++i) {
        mg += w.mg[d.features[i].index] * d.features[i].count;
        eg += w.eg[d.features[i].index] * d.features[i].count;
    }
    return (mg * e.phase + eg * e.scale / eval_params::SCALE_NORMAL * (24 - e.phase)) / 24.0 +
           (e.white_to_move ? eval_params::TEMPO : -eval_params::TEMPO);
}

double error(const Data& d, const Weights& w, double k, bool held_out) {
    double sum = 0;
    long n = 0;
    for (const Entry& e : d.entries) {
        if (e.held_out != held_out) continue;
        const double diff = e.target - sigmoid(k, model_eval(d, e, w));
        sum += diff * diff;
        ++n;
    }
    return n ? sum / n : 0;
}

// The K that minimises `err(K)` (a ternary search; the error is unimodal in K).
template <class Error>
double minimise_k(Error err) {
    double lo = 0.1, hi = 10.0;
    for (int i = 0; i < 40; ++i) {
        const double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
        if (err(a) < err(b)) hi = b;
        else lo = a;
    }
    return (lo + hi) / 2;
}

// K for our evaluation: the one that predicts the game results best.
double fit_k(const Data& d, const Weights& w) {
    return minimise_k([&](double k) {
        double sum = 0;
        for (const Entry& e : d.entries) {
            if (e.held_out) continue;
            const double diff = e.result - sigmoid(k, model_eval(d, e, w));
            sum += diff * diff;
        }
        return sum;
    });
}

// The reference engine's scores get a K of their own, fitted the same way: its centipawns need
// not be ours. Returns 0 when no position has a reference score.
double fit_reference_k(const Data& d) {
    long n = 0;
    for (const Entry& e : d.entries) n += !std::isnan(e.reference);
    if (!n) return 0;
    return minimise_k([&](double k) {
        double sum = 0;
        for (const Entry& e : d.entries) {
            if (e.held_out || std::isnan(e.reference)) continue;
            const double diff = e.result - sigmoid(k, e.reference);
            sum += diff * diff;
        }
        return sum;
    });
}

// Where a weight stands in EvalWeights read as a flat array of S.
int weight_index(const S* s) { return int(s - reinterpret_cast<const S*>(&eval_params::WEIGHTS)); }

void write_weights(std::ostream& out, const Weights& w, const std::string& provenance) {
    auto at = [&](int i) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "{%d, %d}", int(std::lround(w.mg[i])), int(std::lround(w.eg[i])));
        return std::string(buf);
    };
    const EvalWeights* base = &eval_params::WEIGHTS;
    auto list = [&](const S* s, int n, int per_line, const std::string& indent) {
        std::string r;
        for (int i = 0; i < n; ++i) {
            if (i % per_line == 0) r += "\n" + indent;
            else r += " ";
            r += at(weight_index(s + i)) + ",";
        }
        return r;
    };
    const char* names[7] = {"none", "pawn", "knight", "bishop", "rook", "queen", "king"};
    out << "// Evaluation weights fitted by the Texel tuner (tools/tune.cpp); see eval_params.h for what\n"
           "// each one means. " << provenance << "\n"
           "// Regenerate rather than edit by hand (docs/strength.md, \"Tuning the evaluation\"):\n"
           "//   mainline_tune [--lambda X] --out engine/eval_weights.h games.pgn|positions.txt...\n"
           "#pragma once\n\n#include \"eval_params.h\"\n\nnamespace mainline::eval_params {\n\n"
           "// clang-format off\nconstexpr EvalWeights WEIGHTS = {\n";
    out << "    /* piece_value */ {" << list(base->piece_value, 7, 7, "        ") << "\n    },\n";
    out << "    /* pst: board diagrams from white's side, rank 8 first */ {";
    for (int pt = 0; pt < 7; ++pt)
        out << "\n        { // " << names[pt] << list(base->pst[pt], 64, 8, "            ") << "\n        },";
    out << "\n    },\n";
    out << "    /* bishop_pair */ " << at(weight_index(&base->bishop_pair)) << ",\n";
    out << "    /* passed_pawn */ {" << list(base->passed_pawn, 8, 8, "        ") << "\n    },\n";
    out << "    /* passed_free_path */ {" << list(base->passed_free_path, 8, 8, "        ") << "\n    },\n";
    out << "    /* passed_king_distance */ " << at(weight_index(&base->passed_king_distance)) << ",\n";
    out << "    /* connected_pawn */ {" << list(base->connected_pawn, 8, 8, "        ") << "\n    },\n";
    out << "    /* candidate_pawn */ {" << list(base->candidate_pawn, 8, 8, "        ") << "\n    },\n";
    out << "    /* isolated_pawn */ " << at(weight_index(&base->isolated_pawn)) << ",\n";
    out << "    /* doubled_pawn */ " << at(weight_index(&base->doubled_pawn)) << ",\n";
    out << "    /* backward_pawn */ " << at(weight_index(&base->backward_pawn)) << ",\n";
    out << "    /* mobility_knight */ {" << list(base->mobility_knight, 9, 8, "        ") << "\n    },\n";
    out << "    /* mobility_bishop */ {" << list(base->mobility_bishop, 14, 8, "        ") << "\n    },\n";
    out << "    /* mobility_rook */ {" << list(base->mobility_rook, 15, 8, "        ") << "\n    },\n";
    out << "    /* mobility_queen */ {" << list(base->mobility_queen, 28, 8, "        ") << "\n    },\n";
    out << "    /* king_danger */ {" << list(base->king_danger, 16, 8, "        ") << "\n    },\n";
    out << "    /* pawn_shield */ " << at(weight_index(&base->pawn_shield)) << ",\n";
    out << "    /* king_open_file */ " << at(weight_index(&base->king_open_file)) << ",\n";
    out << "    /* outpost */ {" << list(base->outpost, 2, 2, "        ") << "\n    },\n";
    out << "    /* rook_open_file */ " << at(weight_index(&base->rook_open_file)) << ",\n";
    out << "    /* rook_semi_open_file */ " << at(weight_index(&base->rook_semi_open_file)) << ",\n";
    out << "    /* threat_by_pawn */ " << at(weight_index(&base->threat_by_pawn)) << ",\n";
    out << "    /* threat_by_minor */ " << at(weight_index(&base->threat_by_minor)) << ",\n";
    out << "    /* threat_by_rook */ " << at(weight_index(&base->threat_by_rook)) << ",\n";
    out << "    /* hanging */ " << at(weight_index(&base->hanging)) << ",\n";
    out << "    /* safe_check */ {" << list(base->safe_check, 4, 4, "        ") << "\n    },\n";
    out << "    /* bishop_pawns */ " << at(weight_index(&base->bishop_pawns)) << ",\n";
    out << "    /* rook_on_seventh */ " << at(weight_index(&base->rook_on_seventh)) << ",\n";
    out << "    /* unstoppable_passer */ " << at(weight_index(&base->unstoppable_passer)) << ",\n";
    out << "};\n// clang-format on\n\n}  // namespace mainline::eval_params\n";
}

// Terms that mean something in the endgame only (the rule of the square) keep their middlegame
// part as written. Left free, it fits whatever else goes with the term in the data (an
// unstoppable pawn came out at -303 in the middlegame, on the few positions with pieces still on).
bool held_part(int index, int part) {
    return part == 0 && index == weight_index(&eval_params::WEIGHTS.unstoppable_passer);
}

}  // namespace

int main(int argc, char** argv) {
    int epochs = 400;
    double lr = 1.0;
    // Pull towards the starting weights (per weight, per unit of squared cp): keeps weights that
    // few positions exercise near their hand-set values instead of fitting noise.
    double l2 = 0.0;
    // The piece-square tables have 64 entries per piece, each seen in few positions: they get
    // their own, usually stronger, pull (or are held fixed with --freeze-pst).
    double pst_l2 = -1;  // -1: same as l2
    double lambda = 1.0;
    bool freeze_pst = false;
    bool freeze_material = false;
    bool check_only = false;
    std::string out_file;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--epochs" && i + 1 < argc) epochs = std::atoi(argv[++i]);
        else if (a == "--lr" && i + 1 < argc) lr = std::atof(argv[++i]);
        else if (a == "--out" && i + 1 < argc) out_file = argv[++i];
        else if (a == "--l2" && i + 1 < argc) l2 = std::atof(argv[++i]);
        else if (a == "--pst-l2" && i + 1 < argc) pst_l2 = std::atof(argv[++i]);
        else if (a == "--lambda" && i + 1 < argc) lambda = std::atof(argv[++i]);
        else if (a == "--freeze-pst") freeze_pst = true;
        else if (a == "--freeze-material") freeze_material = true;
        else if (a == "--check") check_only = true;
        else files.push_back(a);
    }
    if (files.empty()) {
        std::cerr << "usage: mainline_tune [--epochs N] [--lr X] [--l2 X] [--pst-l2 X] [--lambda X] [--freeze-pst] "
                     "[--freeze-material] [--out FILE] [--check] games.pgn|positions.txt...\n";
        return 2;
    }
    Data data;
    long games = 0, mismatches = 0;
    long position_lines = 0;
    for (const auto& f : files) {
        const bool pgn = f.size() >= 4 && f.compare(f.size() - 4, 4, ".pgn") == 0;
        if (!(pgn ? read_pgn(f, data, games, mismatches) : read_positions(f, data, position_lines, mismatches)))
            return 1;
    }
    std::cerr << "games " << games << ", positions " << data.entries.size() << ", features "
              << data.features.size() << ", model/evaluate mismatches " << mismatches << "\n";
    if (data.entries.empty()) return 1;

    Weights w{std::vector<double>(WEIGHT_COUNT), std::vector<double>(WEIGHT_COUNT)};
    const S* base = reinterpret_cast<const S*>(&eval_params::WEIGHTS);
    for (int i = 0; i < WEIGHT_COUNT; ++i) {
        w.mg[i] = base[i].mg;
        w.eg[i] = base[i].eg;
    }
    const double k = fit_k(data, w);
    const double k_ref = fit_reference_k(data);
    if (k_ref > 0) {
        for (Entry& e : data.entries)
            if (!std::isnan(e.reference))
                e.target = float(lambda * sigmoid(k_ref, e.reference) + (1 - lambda) * e.result);
        std::cerr << "reference K " << k_ref << ", lambda " << lambda << "\n";
    }
    const double train0 = error(data, w, k, false), test0 = error(data, w, k, true);
    std::cerr << "K " << k << ", error train " << train0 << " held-out " << test0 << "\n";
    if (check_only) return mismatches ? 1 : 0;

    if (pst_l2 < 0) pst_l2 = l2;
    const int pst_first = int(reinterpret_cast<const S*>(&eval_params::WEIGHTS.pst[0][0]) - base);
    const int pst_last = pst_first + 7 * 64;
    // Adam over the mean squared error; the gradient of one position's eval with respect to a
    // weight is its trace count times the phase share (mg) or the scaled endgame share (eg).
    std::vector<double> m_mg(WEIGHT_COUNT), v_mg(WEIGHT_COUNT), m_eg(WEIGHT_COUNT), v_eg(WEIGHT_COUNT);
    const double b1 = 0.9, b2 = 0.999;
    long train_n = 0;
    for (const Entry& e : data.entries) train_n += !e.held_out;
    for (int epoch = 1; epoch <= epochs; ++epoch) {
        std::vector<double> g_mg(WEIGHT_COUNT), g_eg(WEIGHT_COUNT);
        for (const Entry& e : data.entries) {
            if (e.held_out) continue;
            const double s = sigmoid(k, model_eval(data, e, w));
            // d/d eval of (R - s)^2 = -2 (R - s) s (1 - s) k / 400
            const double g = -2.0 * (e.target - s) * s * (1 - s) * k / 400.0;
            const double gm = g * e.phase / 24.0;
            const double ge = g * e.scale / double(eval_params::SCALE_NORMAL) * (24 - e.phase) / 24.0;
            for (std::uint32_t i = e.first; i < e.first + e.count; ++i) {
                g_mg[data.features[i].index] += gm * data.features[i].count;
                g_eg[data.features[i].index] += ge * data.features[i].count;
            }
        }
        for (int i = 0; i < WEIGHT_COUNT; ++i) {
            for (int part = 0; part < 2; ++part) {
                double& x = part ? w.eg[i] : w.mg[i];
                double& m = part ? m_eg[i] : m_mg[i];
                double& v = part ? v_eg[i] : v_mg[i];
                const double x0 = part ? base[i].eg : base[i].mg;
                if ((part ? g_eg[i] : g_mg[i]) == 0) continue;
                const bool pst = i >= pst_first && i < pst_last;
                if (pst && freeze_pst) continue;
                // Piece values first in EvalWeights. Game results fit the middlegame values of
                // the heavy pieces badly (a rook came out worth a bishop and a half pawn).
                if (freeze_material && i < 7) continue;
                if (held_part(i, part)) continue;
                const double grad = (part ? g_eg[i] : g_mg[i]) / train_n + 2 * (pst ? pst_l2 : l2) * (x - x0);
                m = b1 * m + (1 - b1) * grad;
                v = b2 * v + (1 - b2) * grad * grad;
                const double mh = m / (1 - std::pow(b1, epoch)), vh = v / (1 - std::pow(b2, epoch));
                x -= lr * mh / (std::sqrt(vh) + 1e-12);
            }
        }
        if (epoch % 50 == 0 || epoch == epochs)
            std::cerr << "epoch " << epoch << ": error train " << error(data, w, k, false) << " held-out "
                      << error(data, w, k, true) << "\n";
    }
    char prov[400];
    std::snprintf(prov, sizeof prov,
                  "Fitted on %zu positions (%ld PGN games, %ld position lines; reference K %.3f, lambda %.2f):\n"
                  "// error %.5f -> %.5f (held-out %.5f -> %.5f), K %.3f.",
                  data.entries.size(), games, position_lines, k_ref, k_ref > 0 ? lambda : 0.0, train0,
                  error(data, w, k, false), test0, error(data, w, k, true), k);
    if (out_file.empty()) {
        write_weights(std::cout, w, prov);
    } else {
        std::ofstream out(out_file);
        write_weights(out, w, prov);
    }
    return 0;
}
