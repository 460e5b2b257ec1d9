// Trainer for Mainline's NNUE (docs/network.md): 768 -> H (SCReLU, one accumulator per
// perspective, weights shared) -> 1, trained on `FEN | score | result` lines of mainline_datagen.
//
// Each position is parsed once with the engine's own Position::from_fen and packed into 32 bytes
// (occupancy + one nibble per piece + score, result, side to move). Training is mini-batch Adam on
// the squared error between sigmoid(out) and
//     t = lambda * sigmoid(score_stm / 400) + (1 - lambda) * result_stm;
// each thread accumulates the gradient of its slice of the batch into its own buffer (first-layer
// rows marked as it touches them), then the threads sum the buffers in a fixed order and update
// disjoint slices of the weights, so runs are deterministic for a given --seed and --threads.
//
// Usage:
//   mainline_nnue_train [options] DATA_FILE...            train, write the quantised net (--out)
//   mainline_nnue_train --verify NET.mlnn [FEN ...]        check a net file, print integer evals
//   mainline_nnue_train --help                             the options, with their defaults (Options below)
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "../engine/bitboard.h"
#include "../engine/position.h"
#include "../engine/tt.h"
#include "../engine/nnue.h"
#include "../engine/numeric.h"
#include "datapack.h"

using namespace mainline;

namespace {

constexpr int MAX_ACTIVE = 32;  // FEN parsing allows at most 16 pieces a side

// Writes the active features of perspective `c` in square order; returns how many.
int active_features(const Position& pos, Color c, int* out) {
    int n = 0;
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = pop_lsb(b);
        out[n++] = nnue::feature(c, pos.piece_on(s), s);
    }
    return n;
}

// Float weights of both layers stay within this, so that the quantised values fit comfortably:
// |W1|,|b1| <= 1.98 -> |q| <= 505, and b1 + 32 features <= 33 * 505 = 16665 < 32767 (int16
// accumulator); |W2| <= 1.98 -> |q| <= 127, so clamp(acc)^2 * W2q <= 65025 * 127 = 8.26e6 per
// neuron and clamp(acc) * W2q <= 32385 fits int16 (the usual SIMD trick).
constexpr float WEIGHT_CLIP = 1.98f;
// With --int8 the first-layer weights stay within what a version 3 file stores in one byte
// (|W1q| <= 127): in float, 127 / QA = 0.498. The biases keep WEIGHT_CLIP (they stay int16).
constexpr float W1_INT8_CLIP = float(nnue::MAX_INT8_WEIGHT) / float(nnue::QA);
constexpr float B2_CLIP = 100.0f;
constexpr int MAX_ABS_SCORE = 3000;
constexpr int VAL_BLOCK = 256;  // positions are held out in blocks (a game's positions are alike)

// A pawn on the first or last rank is never an input: those first-layer rows are never trained,
// and written as zeros rather than as their random start (which would cost download bytes: 32 of
// the 768 rows, own and enemy pawns on 16 squares, about 3 KB of a gzipped H = 128 int8 net).
constexpr bool never_active(std::size_t feature) {
    const std::size_t piece = feature / 64 % 6, rank = feature % 64 / 8;
    return piece == 0 && (rank == 0 || rank == 7);
}

struct Options {
    int hidden = 128;
    int buckets = 8;
    int epochs = 10;
    int batch = 16384;
    double lr = 0.001;
    double lambda = 0.75;
    int threads = 2;
    double val_fraction = 0.02;
    std::uint64_t seed = 1;
    long max_positions = 0;  // 0: all
    bool mirror = false;     // also train on every position mirrored left to right
    bool int8 = false;       // first layer within int8 (a version 3 file: half its bytes)
    std::string out;
    std::string checkpoint;
    std::string resume;
    std::string init;  // start from this network's (dequantised) weights instead of random ones
    std::vector<std::string> files;
};

// ------------------------------------------------------------------------------------------
// Data: 32 bytes a position.
struct Packed {
    std::uint64_t occupied;
    std::uint8_t pieces[16];  // piece of the i-th occupied square (from a1 up), low nibble first
    std::int16_t score;       // cp, white's view
    std::uint8_t result;      // 0 black won, 1 draw, 2 white won
    std::uint8_t stm;         // side to move
};
static_assert(sizeof(Packed) == 32);

bool pack(const Position& pos, int score, int result2, Packed& out) {
    if (popcount(pos.pieces()) > MAX_ACTIVE) return false;
    out = Packed{};
    out.occupied = pos.pieces();
    int n = 0;
    for (Bitboard b = pos.pieces(); b; ++n) {
        const Square s = pop_lsb(b);
        out.pieces[n >> 1] |= std::uint8_t(pos.piece_on(s) << ((n & 1) * 4));
    }
    out.score = std::int16_t(score);
    out.result = std::uint8_t(result2);
    out.stm = std::uint8_t(pos.side_to_move());
    return true;
}

Piece piece_at(const Packed& p, int i) { return Piece((p.pieces[i >> 1] >> ((i & 1) * 4)) & 15); }

// Active features of the side to move and of the other side; returns their (common) count.
int decode(const Packed& p, int* stm, int* nstm) {
    const Color us = Color(p.stm);
    int n = 0;
    for (Bitboard b = p.occupied; b; ++n) {
        const Square s = pop_lsb(b);
        const Piece pc = piece_at(p, n);
        stm[n] = nnue::feature(us, pc, s);
        nstm[n] = nnue::feature(~us, pc, s);
    }
    return n;
}

Bitboard mirror_files(Bitboard b) {
    Bitboard m = 0;
    for (int s = 0; s < 64; ++s)
        if (b >> s & 1) m |= Bitboard(1) << (s ^ 7);
    return m;
}

// The board of a packed position, indexed by square.
void unpack_board(const Packed& p, Piece (&board)[SQUARE_NB]) {
    std::fill(std::begin(board), std::end(board), NO_PIECE);
    int n = 0;
    for (Bitboard b = p.occupied; b; ++n) board[pop_lsb(b)] = piece_at(p, n);
}

// The position mirrored left to right (a-file <-> h-file), same side to move, score and result.
// Without castling rights (which are not inputs) chess is symmetric this way, so the mirror is a
// second, different sample of the same judgement.
Packed mirrored(const Packed& p) {
    Piece board[SQUARE_NB];
    unpack_board(p, board);
    Packed m = p;
    m.occupied = 0;
    std::fill(std::begin(m.pieces), std::end(m.pieces), std::uint8_t(0));
    int n = 0;
    for (int s = 0; s < SQUARE_NB; ++s) {
        const Piece pc = board[s ^ 7];
        if (pc == NO_PIECE) continue;
        m.occupied |= Bitboard(1) << s;
        m.pieces[n >> 1] |= std::uint8_t(pc << ((n & 1) * 4));
        ++n;
    }
    return m;
}

// A FEN with the packed placement and side to move (castling and en passant do not matter here).
std::string packed_fen(const Packed& p) {
    Piece board[SQUARE_NB];
    unpack_board(p, board);
    return fen_placement(board) + (p.stm == WHITE ? " w - - 0 1" : " b - - 0 1");
}

struct LoadStats {
    long lines = 0, malformed = 0, bad_fen = 0, extreme_score = 0;
};

std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos) return "";
    return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

// A packed data file (.mlpk, tools/datapack.h): the same samples, the same filters.
bool load_pack(const std::string& path, std::vector<Packed>& data, LoadStats& st, long max_positions) {
    std::ifstream in(path, std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in && !in.eof()) {
        std::fprintf(stderr, "cannot read %s\n", path.c_str());
        return false;
    }
    const std::string err = datapack::read(bytes.data(), bytes.size(), [&](const Position& pos, int score, int result2) {
        if (max_positions > 0 && long(data.size()) >= max_positions) return;
        ++st.lines;
        if (std::abs(score) > MAX_ABS_SCORE || is_mate_score(score)) {
            ++st.extreme_score;
            return;
        }
        Packed p;
        if (!pack(pos, score, result2, p)) {
            ++st.bad_fen;
            return;
        }
        data.push_back(p);
    });
    if (!err.empty()) {
        std::fprintf(stderr, "%s: %s\n", path.c_str(), err.c_str());
        return false;
    }
    return true;
}

bool load_file(const std::string& path, std::vector<Packed>& data, LoadStats& st, long max_positions) {
    {
        // A pack (.mlpk, or gzip-compressed .mlpk.gz) by its first bytes; anything else is text.
        std::ifstream peek(path, std::ios::binary);
        char head[4] = {};
        peek.read(head, 4);
        const bool pack = (peek.gcount() == 4 && std::string_view(head, 4) == "MLPK") ||
                          (peek.gcount() >= 2 && std::uint8_t(head[0]) == 0x1f && std::uint8_t(head[1]) == 0x8b);
        if (pack) return load_pack(path, data, st, max_positions);
    }
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", path.c_str());
        return false;
    }
    std::string line;
    while (std::getline(in, line)) {
        if (max_positions > 0 && long(data.size()) >= max_positions) break;
        if (line.empty()) continue;
        ++st.lines;
        const auto bar1 = line.find('|');
        const auto bar2 = bar1 == std::string::npos ? bar1 : line.find('|', bar1 + 1);
        if (bar2 == std::string::npos) {
            ++st.malformed;
            continue;
        }
        const std::string score_text = trim(line.substr(bar1 + 1, bar2 - bar1 - 1));
        const auto bar3 = line.find('|', bar2 + 1);
        const std::string result_text =
            trim(line.substr(bar2 + 1, bar3 == std::string::npos ? std::string::npos : bar3 - bar2 - 1));
        char* end = nullptr;
        const long score = std::strtol(score_text.c_str(), &end, 10);
        if (score_text.empty() || *end) {
            ++st.malformed;
            continue;
        }
        const double result = std::strtod(result_text.c_str(), &end);
        const long result2 = std::lround(result * 2);
        if (result_text.empty() || *end || result2 < 0 || result2 > 2 || std::fabs(result * 2 - double(result2)) > 1e-6) {
            ++st.malformed;
            continue;
        }
        if (std::labs(score) > MAX_ABS_SCORE || is_mate_score(int(score))) {
            ++st.extreme_score;
            continue;
        }
        auto pos = Position::from_fen(trim(line.substr(0, bar1)));
        Packed p;
        if (!pos || !pack(pos.value(), int(score), int(result2), p)) {
            ++st.bad_fen;
            continue;
        }
        data.push_back(p);
    }
    return true;
}

// ------------------------------------------------------------------------------------------
// The float network: one flat parameter vector  W1[768][H] | b1[H] | W2[B][2H] | b2[B].
struct Layout {
    int h, nb;
    std::size_t w1() const { return 0; }
    std::size_t b1() const { return std::size_t(nnue::INPUTS) * h; }
    std::size_t w2(int bucket = 0) const { return b1() + h + std::size_t(bucket) * 2 * std::size_t(h); }
    std::size_t b2(int bucket = 0) const { return w2(nb) + std::size_t(bucket); }
    std::size_t size() const { return b2(nb); }
};

int bucket_of(const Packed& p, int buckets) { return nnue::output_bucket(popcount(p.occupied), buckets); }

struct Scratch {
    std::vector<float> acc_s, acc_n, sq_s, sq_n, d_s, d_n;
    explicit Scratch(int h) : acc_s(h), acc_n(h), sq_s(h), sq_n(h), d_s(h), d_n(h) {}
};

// numeric::exp and log rather than libm's: glibc picks its exp, expf and pow by the CPU (FMA
// variants where the CPU has FMA), which can differ in the last bit, and a training run must give
// the same network on every x86-64 machine (the reproduction test, docs/network.md).
inline float sigmoid(float x) { return float(1.0 / (1.0 + numeric::exp(-double(x)))); }

// The network's output in units of SCALE cp, side to move's view, with the output weights of
// `bucket`; leaves the accumulators and their activations in `s`.
float forward(const float* P, const Layout& L, const int* fs, const int* fn, int n, int bucket, Scratch& s) {
    const int h = L.h;
    const float* b1 = P + L.b1();
    float* as = s.acc_s.data();
    float* an = s.acc_n.data();
    for (int j = 0; j < h; ++j) as[j] = an[j] = b1[j];
    for (int k = 0; k < n; ++k) {
        const float* rs = P + std::size_t(fs[k]) * h;
        const float* rn = P + std::size_t(fn[k]) * h;
        for (int j = 0; j < h; ++j) as[j] += rs[j];
        for (int j = 0; j < h; ++j) an[j] += rn[j];
    }
    const float* w2 = P + L.w2(bucket);
    float out = 0;
    for (int j = 0; j < h; ++j) {
        const float cs = std::clamp(as[j], 0.0f, 1.0f), cn = std::clamp(an[j], 0.0f, 1.0f);
        s.sq_s[j] = cs * cs;
        s.sq_n[j] = cn * cn;
        out += s.sq_s[j] * w2[j] + s.sq_n[j] * w2[h + j];
    }
    return out + P[L.b2(bucket)];
}

float target(const Packed& p, float lambda) {
    const bool white = p.stm == WHITE;
    const float score = white ? p.score : -p.score;
    const float result = white ? p.result * 0.5f : 1.0f - p.result * 0.5f;
    return lambda * sigmoid(score / nnue::SCALE) + (1 - lambda) * result;
}

// Runs fn(0..n-1) on n threads (the caller is thread 0).
void parallel(int n, const std::function<void(int)>& fn) {
    std::vector<std::thread> pool;
    for (int t = 1; t < n; ++t) pool.emplace_back(fn, t);
    fn(0);
    for (auto& th : pool) th.join();
}

// Deterministic random numbers (the standard distributions differ between libraries).
struct Rng {
    std::mt19937_64 gen;
    explicit Rng(std::uint64_t seed) : gen(seed) {}
    double uniform() { return double(gen() >> 11) * 0x1.0p-53; }
    std::uint64_t below(std::uint64_t n) { return gen() % n; }
};

struct Trainer {
    Options opt;
    Layout L;
    std::vector<float> P, M, V;
    std::uint64_t step = 0;
    int epochs_done = 0;
    std::vector<std::vector<float>> grads;           // per thread, the size of P
    std::vector<std::vector<std::uint8_t>> touched;  // per thread, per first-layer row
    std::vector<Scratch> scratch;

    explicit Trainer(const Options& o) : opt(o), L{o.hidden, o.buckets} {}

    float w1_clip() const { return opt.int8 ? W1_INT8_CLIP : WEIGHT_CLIP; }

    void init() {
        P.assign(L.size(), 0.0f);
        Rng rng(opt.seed);
        const double a1 = 1.0 / std::sqrt(double(nnue::INPUTS)), a2 = 1.0 / std::sqrt(2.0 * L.h);
        for (std::size_t i = L.w1(); i < L.b1(); ++i) P[i] = float((rng.uniform() * 2 - 1) * a1);
        for (std::size_t i = L.w2(); i < L.b2(); ++i) P[i] = float((rng.uniform() * 2 - 1) * a2);  // all buckets
        M.assign(L.size(), 0.0f);
        V.assign(L.size(), 0.0f);
    }

    // The float weights of a quantised network (its values divided by the quantisation scales):
    // a new generation trained on new data can start where an earlier one ended. Its shape must
    // be the one asked for.
    std::string load_network(const std::string& path) {
        std::ifstream in(path, std::ios::binary);
        if (!in) return "cannot open the file";
        const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        Result<nnue::Network> r = nnue::Network::parse(bytes.data(), bytes.size());
        if (!r) return r.error();
        const nnue::Network& q = r.value();
        // A smaller hidden layer may be widened: its neurons become the first ones, the new ones keep
        // their random first-layer weights and get zero output weights, so the widened network
        // starts out evaluating exactly as the old one (before any --int8 clipping).
        if (q.hidden() > L.h || q.buckets() != L.nb)
            return "the network is 768x" + std::to_string(q.hidden()) + " with " + std::to_string(q.buckets()) +
                   " output buckets; --hidden " + std::to_string(L.h) + " --buckets " + std::to_string(L.nb) +
                   " asked for (the hidden layer may only grow)";
        const std::size_t h = std::size_t(L.h), old = std::size_t(q.hidden());
        // An int16 network started from under --int8 has its largest first-layer weights clipped.
        for (std::size_t f = 0; f < nnue::INPUTS; ++f)
            for (std::size_t j = 0; j < old; ++j)
                P[L.w1() + f * h + j] = std::clamp(float(q.weights(int(f))[j]) / nnue::QA, -w1_clip(), w1_clip());
        for (std::size_t j = 0; j < h; ++j) P[L.b1() + j] = j < old ? float(q.biases()[j]) / nnue::QA : 0.0f;
        for (int b = 0; b < L.nb; ++b) {
            for (std::size_t side = 0; side < 2; ++side)
                for (std::size_t j = 0; j < h; ++j)
                    P[L.w2(b) + side * h + j] = j < old ? float(q.output_weights(b)[side * old + j]) / nnue::QB : 0.0f;
            P[L.b2(b)] = float(double(q.output_bias(b)) / (nnue::QA * nnue::QB));
        }
        return "";
    }

    void prepare_threads() {
        grads.assign(opt.threads, std::vector<float>(L.size(), 0.0f));
        touched.assign(opt.threads, std::vector<std::uint8_t>(nnue::INPUTS, 0));
        scratch.assign(opt.threads, Scratch(L.h));
    }

    // Accumulates the gradient of data[idx[lo..hi)] (unscaled sums) into thread t's buffer;
    // returns the summed squared error.
    double gradient(int t, const std::vector<Packed>& data, const std::uint32_t* idx, std::size_t lo, std::size_t hi) {
        const int h = L.h;
        float* G = grads[t].data();
        std::uint8_t* tch = touched[t].data();
        Scratch& s = scratch[t];
        double loss = 0;
        int fs[MAX_ACTIVE], fn[MAX_ACTIVE];
        for (std::size_t i = lo; i < hi; ++i) {
            const Packed& p = data[idx[i]];
            const int n = decode(p, fs, fn);
            const int bucket = bucket_of(p, L.nb);
            const float out = forward(P.data(), L, fs, fn, n, bucket, s);
            const float pred = sigmoid(out);
            const float err = pred - target(p, float(opt.lambda));
            loss += double(err) * err;
            const float g = 2 * err * pred * (1 - pred);
            const float* w2 = P.data() + L.w2(bucket);
            float* gw2 = G + L.w2(bucket);
            float* gb1 = G + L.b1();
            for (int j = 0; j < h; ++j) {
                gw2[j] += g * s.sq_s[j];
                gw2[h + j] += g * s.sq_n[j];
                const float as = s.acc_s[j], an = s.acc_n[j];
                s.d_s[j] = as > 0 && as < 1 ? 2 * g * w2[j] * as : 0.0f;
                s.d_n[j] = an > 0 && an < 1 ? 2 * g * w2[h + j] * an : 0.0f;
                gb1[j] += s.d_s[j] + s.d_n[j];
            }
            G[L.b2(bucket)] += g;
            for (int k = 0; k < n; ++k) {
                float* rs = G + std::size_t(fs[k]) * h;
                float* rn = G + std::size_t(fn[k]) * h;
                for (int j = 0; j < h; ++j) rs[j] += s.d_s[j];
                for (int j = 0; j < h; ++j) rn[j] += s.d_n[j];
                tch[fs[k]] = tch[fn[k]] = 1;
            }
        }
        return loss;
    }

    // Sums the threads' gradients over [lo, hi) (in thread order), clears them, and takes one
    // Adam step on those parameters.
    void adam_range(std::size_t lo, std::size_t hi, float scale, float lr_t, float clip) {
        constexpr float B1 = 0.9f, B2 = 0.999f, EPS = 1e-8f;
        for (std::size_t i = lo; i < hi; ++i) {
            float g = 0;
            for (auto& gt : grads) {
                g += gt[i];
                gt[i] = 0;
            }
            g *= scale;
            M[i] = B1 * M[i] + (1 - B1) * g;
            V[i] = B2 * V[i] + (1 - B2) * g * g;
            P[i] = std::clamp(P[i] - lr_t * M[i] / (std::sqrt(V[i]) + EPS), -clip, clip);
        }
    }

    // One Adam step: thread t updates first-layer rows [t*768/T, (t+1)*768/T) that any thread
    // touched (untouched rows have a zero gradient and keep their moments: a sparse, "lazy"
    // Adam); thread 0 also updates b1, W2 and b2.
    void update(std::size_t batch_size, double lr) {
        ++step;
        const double c1 = 1 - numeric::exp(double(step) * numeric::log(0.9)),
                     c2 = 1 - numeric::exp(double(step) * numeric::log(0.999));
        const float lr_t = float(lr * std::sqrt(c2) / c1);
        const float scale = 1.0f / float(batch_size);
        const int T = opt.threads, h = L.h;
        parallel(T, [&](int t) {
            for (int f = t * nnue::INPUTS / T; f < (t + 1) * nnue::INPUTS / T; ++f) {
                bool any = false;
                for (auto& tc : touched) {
                    any |= tc[f] != 0;
                    tc[f] = 0;
                }
                if (any) adam_range(std::size_t(f) * h, std::size_t(f + 1) * h, scale, lr_t, w1_clip());
            }
            if (t == 0) {
                adam_range(L.b1(), L.w2(), scale, lr_t, WEIGHT_CLIP);
                adam_range(L.w2(), L.b2(), scale, lr_t, WEIGHT_CLIP);
                adam_range(L.b2(), L.size(), scale, lr_t, B2_CLIP);
            }
        });
    }

    double loss(const std::vector<Packed>& data, const std::vector<std::uint32_t>& idx) {
        if (idx.empty()) return NAN;
        const int T = opt.threads;
        std::vector<double> part(T, 0.0);
        parallel(T, [&](int t) {
            int fs[MAX_ACTIVE], fn[MAX_ACTIVE];
            const std::size_t lo = idx.size() * t / T, hi = idx.size() * (t + 1) / T;
            for (std::size_t i = lo; i < hi; ++i) {
                const Packed& p = data[idx[i]];
                const int n = decode(p, fs, fn);
                const float err = sigmoid(forward(P.data(), L, fs, fn, n, bucket_of(p, L.nb), scratch[t])) -
                                  target(p, float(opt.lambda));
                part[t] += double(err) * err;
            }
        });
        double sum = 0;
        for (double x : part) sum += x;
        return sum / double(idx.size());
    }

    float eval_cp(const int* fs, const int* fn, int n, int bucket) {
        return forward(P.data(), L, fs, fn, n, bucket, scratch[0]) * nnue::SCALE;
    }

    // The integer network (docs/network.md); the error if a weight cannot be represented.
    Result<nnue::Network> quantise() const {
        auto q16 = [](float w, int k) {
            return std::int16_t(std::clamp(std::lround(double(w) * k), -32767L, 32767L));
        };
        std::vector<std::int16_t> w1, b1, w2;
        std::vector<std::int32_t> b2;
        const long w1_limit = opt.int8 ? nnue::MAX_INT8_WEIGHT : 32767L;
        for (std::size_t i = L.w1(); i < L.b1(); ++i)
            w1.push_back(never_active((i - L.w1()) / std::size_t(L.h))
                             ? std::int16_t(0)
                             : std::int16_t(std::clamp<long>(q16(P[i], nnue::QA), -w1_limit, w1_limit)));
        for (std::size_t i = L.b1(); i < L.w2(); ++i) b1.push_back(q16(P[i], nnue::QA));
        for (std::size_t i = L.w2(); i < L.b2(); ++i) w2.push_back(q16(P[i], nnue::QB));
        for (std::size_t i = L.b2(); i < L.size(); ++i) b2.push_back(std::int32_t(std::lround(double(P[i]) * nnue::QA * nnue::QB)));
        return nnue::Network::from_weights(L.h, L.nb, std::move(w1), std::move(b1), std::move(w2), std::move(b2));
    }

    // Checkpoint: "MLNC", u32 version 3, u32 hidden, u32 output buckets, u32 epochs done, u32 flags
    // (bit 0: trained with --int8), u64 Adam step, float32 parameters, first and second moments
    // (host byte order), u32 FNV-1a of all before it. Version 2 is the same without the flags.
    bool save_checkpoint(const std::string& path) const {
        std::vector<std::uint8_t> out{'M', 'L', 'N', 'C'};
        auto put = [&out](const void* p, std::size_t n) {
            const auto* b = static_cast<const std::uint8_t*>(p);
            out.insert(out.end(), b, b + n);
        };
        const std::uint32_t head[5] = {3, std::uint32_t(L.h), std::uint32_t(L.nb), std::uint32_t(epochs_done),
                                       opt.int8 ? 1u : 0u};
        put(head, sizeof head);
        put(&step, sizeof step);
        for (const auto* v : {&P, &M, &V}) put(v->data(), v->size() * sizeof(float));
        const std::uint32_t sum = nnue::checksum(out.data(), out.size());
        put(&sum, sizeof sum);
        const std::string tmp = path + ".tmp";
        std::ofstream f(tmp, std::ios::binary);
        f.write(reinterpret_cast<const char*>(out.data()), std::streamsize(out.size()));
        f.close();
        return f && std::rename(tmp.c_str(), path.c_str()) == 0;
    }

    std::string load_checkpoint(const std::string& path) {
        std::ifstream f(path, std::ios::binary);
        std::vector<std::uint8_t> in((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
        if (in.size() < 32 || std::memcmp(in.data(), "MLNC", 4) != 0) return "not a checkpoint";
        std::uint32_t head[4], sum, flags = 0;
        std::memcpy(head, in.data() + 4, sizeof head);
        if (head[0] != 2 && head[0] != 3) return "unsupported checkpoint version";
        const std::size_t start = head[0] == 3 ? 24 : 20;  // where the Adam step is
        if (head[0] == 3) std::memcpy(&flags, in.data() + 20, sizeof flags);
        std::memcpy(&step, in.data() + start, sizeof step);
        // The first layer's bound is part of what was trained: resuming under another would leave
        // weights the quantised net cannot hold, or clip a net that was never meant to be.
        if (bool(flags & 1) != opt.int8)
            return std::string("the checkpoint was trained ") + (flags & 1 ? "with" : "without") + " --int8: resume it " +
                   (flags & 1 ? "with" : "without") + " --int8";
        if (head[1] < 1 || head[1] > nnue::MAX_HIDDEN || head[2] < 1 || head[2] > nnue::MAX_BUCKETS)
            return "checkpoint of an impossible shape";
        L = Layout{int(head[1]), int(head[2])};
        const std::size_t need = start + 8 + 3 * L.size() * sizeof(float) + 4;
        if (in.size() != need) return "checkpoint size does not match its shape";
        std::memcpy(&sum, in.data() + need - 4, 4);
        if (nnue::checksum(in.data(), need - 4) != sum) return "checkpoint checksum mismatch";
        epochs_done = int(head[3]);
        std::size_t at = start + 8;
        for (auto* v : {&P, &M, &V}) {
            v->resize(L.size());
            std::memcpy(v->data(), in.data() + at, L.size() * sizeof(float));
            at += L.size() * sizeof(float);
        }
        opt.hidden = L.h;
        opt.buckets = L.nb;
        return "";
    }
};

// ------------------------------------------------------------------------------------------
bool write_file(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return bool(f);
}

int verify(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: mainline_nnue_train --verify NET.mlnn [FEN ...]\n");
        return 2;
    }
    std::ifstream f(argv[2], std::ios::binary);
    if (!f) {
        std::fprintf(stderr, "cannot read %s\n", argv[2]);
        return 1;
    }
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    auto net = nnue::Network::parse(bytes.data(), bytes.size());
    if (!net) {
        std::printf("invalid: %s\n", net.error().c_str());
        return 1;
    }
    std::printf("ok: %s\n", net.value().description().c_str());
    std::vector<std::string> fens;
    for (int i = 3; i < argc; ++i) fens.emplace_back(argv[i]);
    if (fens.empty()) fens.emplace_back(Position::START_FEN);
    int status = 0;
    for (const auto& fen : fens) {
        auto pos = Position::from_fen(fen);
        if (!pos) {
            std::printf("bad FEN (%s): %s\n", pos.error().c_str(), fen.c_str());
            status = 1;
            continue;
        }
        std::printf("eval cp %d  %s\n", nnue::evaluate(net.value(), pos.value()), fen.c_str());
    }
    return status;
}

void print_usage(std::FILE* to) {
    const Options d;
    std::fprintf(to,
                 "usage: mainline_nnue_train [options] DATA_FILE...   (DATA_FILE: .mlpk, .mlpk.gz or FEN | score | result text)\n"
                 "       mainline_nnue_train --verify NET.mlnn [FEN ...]\n"
                 "  --hidden H          hidden layer width (%d)\n"
                 "  --buckets B         output buckets by piece count, 1..%d (%d)\n"
                 "  --epochs N          passes over the training positions; 0 only measures --init (%d)\n"
                 "  --batch N           positions a step (%d)\n"
                 "  --lr X              Adam step size, lowered in steps towards the end (%g)\n"
                 "  --lambda X          weight of Stockfish's score against the game result, 0..1 (%g)\n"
                 "  --threads N         1..256; the result depends on it, as on --seed (%d)\n"
                 "  --val-fraction X    share held out for validation, 0..1 (%g)\n"
                 "  --seed N            shuffling and initial weights (%llu)\n"
                 "  --max-positions N   read at most N positions (all)\n"
                 "  --mirror            also train on every position mirrored left to right\n"
                 "  --int8              first layer within int8 (a version 3 file, half the bytes)\n"
                 "  --out NET.mlnn      the quantised network to write\n"
                 "  --checkpoint FILE   float weights after every epoch; --resume FILE continues from them\n"
                 "  --init NET.mlnn     start from a network's dequantised weights (widened if --hidden is larger)\n",
                 d.hidden, nnue::MAX_BUCKETS, d.buckets, d.epochs, d.batch, d.lr, d.lambda, d.threads, d.val_fraction,
                 static_cast<unsigned long long>(d.seed));
}

bool parse_options(int argc, char** argv, Options& o) {
    bool ok = true;
    // Whole numbers and decimals only: "--epochs ten" or "--lr 1e-3x" is an error naming the
    // option, not a silent 0.
    auto bad = [&](const std::string& opt, const char* v, const char* want) {
        std::fprintf(stderr, "%s: '%s' is not %s\n", opt.c_str(), v, want);
        ok = false;
    };
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "%s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        auto integer = [&](long lo, long hi) -> long {
            const char* v = value();
            char* end = nullptr;
            errno = 0;
            const long x = std::strtol(v, &end, 10);
            if (end == v || *end != '\0' || errno != 0 || x < lo || x > hi) {
                const std::string want = "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
                bad(a, v, want.c_str());
                return lo;
            }
            return x;
        };
        auto decimal = [&](double lo, double hi, bool lo_open, bool hi_open, const char* want) -> double {
            const char* v = value();
            char* end = nullptr;
            const double x = std::strtod(v, &end);
            if (end == v || *end != '\0' || !std::isfinite(x) || (lo_open ? x <= lo : x < lo) || (hi_open ? x >= hi : x > hi)) {
                bad(a, v, want);
                return lo;
            }
            return x;
        };
        if (a == "--help" || a == "-h") {
            print_usage(stdout);
            std::exit(0);
        } else if (a == "--hidden") o.hidden = static_cast<int>(integer(1, 4096));
        else if (a == "--buckets") o.buckets = static_cast<int>(integer(1, nnue::MAX_BUCKETS));
        else if (a == "--epochs") o.epochs = static_cast<int>(integer(0, 100000));
        else if (a == "--batch") o.batch = static_cast<int>(integer(1, 1 << 24));
        else if (a == "--lr") o.lr = decimal(0, 1, true, false, "a step size above 0 and at most 1");
        else if (a == "--lambda") o.lambda = decimal(0, 1, false, false, "a weight from 0 to 1");
        else if (a == "--threads") o.threads = static_cast<int>(integer(1, 256));
        else if (a == "--val-fraction") o.val_fraction = decimal(0, 1, false, true, "a fraction from 0 up to (not including) 1");
        else if (a == "--seed") o.seed = static_cast<std::uint64_t>(integer(0, std::numeric_limits<long>::max()));
        else if (a == "--max-positions") o.max_positions = integer(0, std::numeric_limits<long>::max());
        else if (a == "--mirror") o.mirror = true;
        else if (a == "--int8") o.int8 = true;
        else if (a == "--out") o.out = value();
        else if (a == "--checkpoint") o.checkpoint = value();
        else if (a == "--resume") o.resume = value();
        else if (a == "--init") o.init = value();
        else if (a.rfind("--", 0) == 0) {
            std::fprintf(stderr, "unknown option %s (--help lists them)\n", a.c_str());
            return false;
        } else o.files.push_back(a);
    }
    if (!ok) return false;
    if (!o.resume.empty() && !o.init.empty()) {
        std::fprintf(stderr, "--resume and --init both give the starting weights: give one\n");
        return false;
    }
    if (o.files.empty()) {
        std::fprintf(stderr, "no data files given\n");
        print_usage(stderr);
        return false;
    }
    return true;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Float vs quantised integer evaluation: five sample positions, then statistics over up to 20,000
// positions: against the trained float net (the cost of quantising), against the float net of the
// dequantised weights (the integer arithmetic itself: truncations only, under 1.1 cp), and the
// loss of both.
void check_quantisation(Trainer& tr, const nnue::Network& q, const std::vector<Packed>& data,
                        const std::vector<std::uint32_t>& sample_from) {
    std::vector<std::string> fens{std::string(Position::START_FEN)};
    for (int k = 0; k < 4 && !sample_from.empty(); ++k)
        fens.push_back(packed_fen(data[sample_from[sample_from.size() * (2 * k + 1) / 8]]));
    std::printf("float vs quantised evaluation (cp, side to move):\n");
    for (const auto& fen : fens) {
        auto pos = Position::from_fen(fen);
        if (!pos) continue;
        int fs[MAX_ACTIVE], fn[MAX_ACTIVE];
        const int n = active_features(pos.value(), pos.value().side_to_move(), fs);
        active_features(pos.value(), ~pos.value().side_to_move(), fn);
        std::printf("  float %8.2f  int %5d  %s\n", tr.eval_cp(fs, fn, n, q.bucket(pos.value())),
                    nnue::evaluate(q, pos.value()), fen.c_str());
    }
    // The dequantised weights as a float net.
    std::vector<float> dq(tr.L.size());
    const std::size_t h = std::size_t(q.hidden());
    for (std::size_t i = 0; i < nnue::INPUTS * h; ++i) dq[tr.L.w1() + i] = float(q.weights(0)[i]) / nnue::QA;
    for (std::size_t i = 0; i < h; ++i) dq[tr.L.b1() + i] = float(q.biases()[i]) / nnue::QA;
    for (int b = 0; b < q.buckets(); ++b) {
        for (std::size_t i = 0; i < 2 * h; ++i) dq[tr.L.w2(b) + i] = float(q.output_weights(b)[i]) / nnue::QB;
        dq[tr.L.b2(b)] = float(double(q.output_bias(b)) / (nnue::QA * nnue::QB));
    }
    const std::size_t m = std::min<std::size_t>(sample_from.size(), 20000);
    double sum = 0, worst = 0, sum_dq = 0, worst_dq = 0, loss_f = 0, loss_q = 0;
    const float lambda = float(tr.opt.lambda);
    for (std::size_t i = 0; i < m; ++i) {
        int fs[MAX_ACTIVE], fn[MAX_ACTIVE];
        const Packed& p = data[sample_from[i]];
        const int n = decode(p, fs, fn);
        const int bucket = bucket_of(p, q.buckets());
        const float f = tr.eval_cp(fs, fn, n, bucket);
        const float fq = forward(dq.data(), tr.L, fs, fn, n, bucket, tr.scratch[0]) * nnue::SCALE;
        const int e = nnue::evaluate(q, Position::from_fen(packed_fen(p)).value());
        sum += std::fabs(f - e), worst = std::max(worst, double(std::fabs(f - e)));
        sum_dq += std::fabs(fq - e), worst_dq = std::max(worst_dq, double(std::fabs(fq - e)));
        const float t = target(p, lambda), ef = sigmoid(f / nnue::SCALE) - t, eq = sigmoid(float(e) / nnue::SCALE) - t;
        loss_f += double(ef) * ef, loss_q += double(eq) * eq;
    }
    if (!m) return;
    std::printf("  over %zu held-out positions: |trained float - int| mean %.2f cp, max %.2f cp\n", m, sum / double(m), worst);
    std::printf("  |dequantised float - int| mean %.3f cp, max %.3f cp (the integer arithmetic)\n", sum_dq / double(m), worst_dq);
    std::printf("  loss: float %.6f, quantised %.6f\n", loss_f / double(m), loss_q / double(m));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 2 && std::string(argv[1]) == "--verify") return verify(argc, argv);
    Options opt;
    if (!parse_options(argc, argv, opt)) return 2;

    Trainer tr(opt);
    if (!opt.resume.empty()) {
        const std::string err = tr.load_checkpoint(opt.resume);
        if (!err.empty()) {
            std::fprintf(stderr, "%s: %s\n", opt.resume.c_str(), err.c_str());
            return 1;
        }
        std::printf("resumed %s: hidden %d, %d buckets, %d epochs done, %llu steps\n", opt.resume.c_str(), tr.L.h, tr.L.nb, tr.epochs_done,
                    (unsigned long long)tr.step);
    } else {
        tr.init();
        if (!opt.init.empty()) {
            const std::string err = tr.load_network(opt.init);
            if (!err.empty()) {
                std::fprintf(stderr, "%s: %s\n", opt.init.c_str(), err.c_str());
                return 1;
            }
            std::printf("initial weights from %s\n", opt.init.c_str());
        }
    }
    tr.prepare_threads();

    // Load.
    auto t0 = std::chrono::steady_clock::now();
    std::vector<Packed> data;
    LoadStats st;
    for (const auto& f : opt.files)
        if (!load_file(f, data, st, opt.max_positions)) return 1;
    std::printf("loaded %zu positions (%.1f MB) from %ld lines in %.1fs; skipped: %ld |score| > %d or mate, "
                "%ld malformed, %ld bad FEN\n",
                data.size(), double(data.size() * sizeof(Packed)) / 1e6, st.lines, seconds_since(t0), st.extreme_score,
                MAX_ABS_SCORE, st.malformed, st.bad_fen);
    if (data.empty()) return 1;
    // Packing must give the features the engine's Position gives.
    for (std::size_t i = 0; i < std::min<std::size_t>(data.size(), 200); ++i) {
        auto pos = Position::from_fen(packed_fen(data[i]));
        int a[MAX_ACTIVE], b[MAX_ACTIVE], c[MAX_ACTIVE], d[MAX_ACTIVE];
        const int n = decode(data[i], a, b);
        const Color us = pos.value().side_to_move();
        if (active_features(pos.value(), us, c) != n || active_features(pos.value(), ~us, d) != n ||
            !std::equal(a, a + n, c) || !std::equal(b, b + n, d)) {
            std::fprintf(stderr, "internal error: packed features differ from Position's\n");
            return 1;
        }
        const Packed twice = mirrored(mirrored(data[i]));
        if (std::memcmp(&twice, &data[i], sizeof(Packed)) != 0 || mirrored(data[i]).occupied != mirror_files(data[i].occupied)) {
            std::fprintf(stderr, "internal error: mirroring is not a left-right reflection\n");
            return 1;
        }
    }

    // Held-out blocks of VAL_BLOCK consecutive positions, spread evenly through the data.
    std::vector<std::uint32_t> train, val;
    for (std::size_t i = 0; i < data.size(); ++i) {
        const std::size_t block = i / VAL_BLOCK;
        const bool held = std::floor(double(block + 1) * opt.val_fraction) > std::floor(double(block) * opt.val_fraction);
        (held ? val : train).push_back(std::uint32_t(i));
    }
    if (opt.mirror) {  // training positions only: validation measures positions as they came
        const std::size_t n = train.size();
        data.reserve(data.size() + n);
        for (std::size_t i = 0; i < n; ++i) {
            data.push_back(mirrored(data[train[i]]));
            train.push_back(std::uint32_t(data.size() - 1));
        }
        std::printf("mirrored: %zu more training positions\n", n);
    }
    std::printf("train %zu, validation %zu; hidden %d%s, buckets %d, batch %d, lr %g, lambda %.2f, threads %d, seed %llu\n",
                train.size(), val.size(), tr.L.h, opt.int8 ? " (int8 first layer)" : "", tr.L.nb, opt.batch, opt.lr,
                opt.lambda, opt.threads, (unsigned long long)opt.seed);
    auto val_text = [&]() {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6f", tr.loss(data, val));
        return val.empty() ? std::string("-") : std::string(buf);
    };
    if (tr.epochs_done == 0) std::printf("epoch 0  val %s\n", val_text().c_str());

    const std::size_t batches_per_epoch = (train.size() + opt.batch - 1) / opt.batch;
    const std::size_t total_batches = batches_per_epoch * std::size_t(std::max(opt.epochs, 1));
    for (int epoch = tr.epochs_done; epoch < opt.epochs; ++epoch) {
        // Shuffle (Fisher-Yates with our own generator: the same order on every platform).
        Rng rng(opt.seed * 1000003 + std::uint64_t(epoch));
        for (std::size_t i = train.size(); i > 1; --i) std::swap(train[i - 1], train[rng.below(i)]);
        auto te = std::chrono::steady_clock::now();
        double train_loss = 0, lr = opt.lr;
        for (std::size_t b = 0; b < batches_per_epoch; ++b) {
            // Learning rate x0.3 after 70% and again after 90% of all batches.
            const double progress = double(std::size_t(epoch) * batches_per_epoch + b) / double(total_batches);
            lr = opt.lr * (progress >= 0.9 ? 0.09 : progress >= 0.7 ? 0.3 : 1.0);
            const std::size_t lo = b * opt.batch, hi = std::min(train.size(), lo + opt.batch);
            std::vector<double> part(opt.threads, 0.0);
            parallel(opt.threads, [&](int t) {
                part[t] = tr.gradient(t, data, train.data(), lo + (hi - lo) * t / opt.threads,
                                      lo + (hi - lo) * (t + 1) / opt.threads);
            });
            for (double x : part) train_loss += x;
            tr.update(hi - lo, lr);
        }
        const double secs = seconds_since(te);
        tr.epochs_done = epoch + 1;
        std::printf("epoch %d/%d  lr %.2e  train %.6f  val %s  %.1fs  %.0f pos/s\n", epoch + 1, opt.epochs, lr,
                    train_loss / double(train.size()), val_text().c_str(), secs, double(train.size()) / secs);
        std::fflush(stdout);
        if (!opt.checkpoint.empty() && !tr.save_checkpoint(opt.checkpoint))
            std::fprintf(stderr, "cannot write %s\n", opt.checkpoint.c_str());
    }

    Result<nnue::Network> q = tr.quantise();
    if (!q) {
        std::fprintf(stderr, "the trained weights do not quantise: %s\n", q.error().c_str());
        return 1;
    }
    std::printf("quantised: %s\n", q.value().description().c_str());
    check_quantisation(tr, q.value(), data, val.empty() ? train : val);
    if (!opt.out.empty()) {
        const auto bytes = q.value().serialise();
        if (!write_file(opt.out, bytes)) {
            std::fprintf(stderr, "cannot write %s\n", opt.out.c_str());
            return 1;
        }
        std::printf("wrote %s (%zu bytes)\n", opt.out.c_str(), bytes.size());
    }
    return 0;
}
