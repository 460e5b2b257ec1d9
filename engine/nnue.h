// Mainline's evaluation network (NNUE): 768 piece-square inputs per perspective, one hidden layer
// of H neurons per perspective (an "accumulator", updated incrementally as moves are made), a
// squared clipped ReLU, and one output, its weights chosen by how many pieces are on the board
// (output buckets: an opening and an endgame weigh the same features differently). All arithmetic is in integers, so every build (native
// SSE2, WebAssembly SIMD128, or plain C++) gives the same evaluation, bit for bit.
//
// The file format and how networks are trained: docs/network.md.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "position.h"
#include "result.h"

namespace mainline::nnue {

constexpr int INPUTS = 768;
// Large enough for any network that fits the web download; it also bounds the sums in output().
constexpr int MAX_HIDDEN = 256;
// Version 2 added output buckets; version 1 files (one bucket) still load. Version 3 is version 2
// with the first layer stored in int8, which a network trained to fit it (|W1q| <= 127) is written
// as: half the bytes of the largest layer, so a larger hidden layer fits the same download. The
// engine widens it to int16 on loading, so the arithmetic (and every evaluation) is unchanged.
constexpr std::uint32_t FORMAT_VERSION = 3;
// The first-layer weights a version 3 file can hold.
constexpr int MAX_INT8_WEIGHT = 127;
// Enough to give every piece count its own bucket.
constexpr int MAX_BUCKETS = 32;
// Quantisation: hidden values in units of 1/QA, output weights in units of 1/QB; the output is
// in units of SCALE centipawns.
constexpr int QA = 255;
constexpr int QB = 64;
constexpr int SCALE = 400;
// The output is clamped to this, far below mate scores (whatever a network says, a static
// evaluation never reads as a mate).
constexpr int MAX_EVALUATION = 30000;
// Output weights within this bound keep clamp(x) * w inside 16 bits (see output()).
constexpr int MAX_OUTPUT_WEIGHT = 127;

// The input of a piece `p` on `s` as seen from `perspective`: its own pieces first, and the
// board flipped for black, so that both perspectives share one set of weights.
constexpr int feature(Color perspective, Piece p, Square s) {
    return ((color_of(p) == perspective ? 0 : 6) + (type_of(p) - 1)) * 64 + (perspective == WHITE ? s : s ^ 56);
}

// The output bucket, of `buckets`, of a position with `pieces` pieces (kings included) on the
// board: equal ranges of piece counts from 2 to 32, fewest pieces first.
constexpr int output_bucket(int pieces, int buckets) {
    return std::min(buckets - 1, (pieces - 2) / ((30 + buckets) / buckets));
}

// FNV-1a (32 bits): the checksum a network file ends with.
std::uint32_t checksum(const std::uint8_t* data, std::size_t size);

class Network {
public:
    // Reads a network file; the error says what is wrong with it.
    static Result<Network> parse(const std::uint8_t* data, std::size_t size);
    // A network from quantised weights (the trainer's output): W1 feature-major [INPUTS][hidden],
    // b1 [hidden], W2 [buckets][2 * hidden] (the side to move's first), b2 [buckets]. Checked as
    // parse() checks a file.
    static Result<Network> from_weights(int hidden, int buckets, std::vector<std::int16_t> w1,
                                        std::vector<std::int16_t> b1, std::vector<std::int16_t> w2,
                                        std::vector<std::int32_t> b2);
    // The file: parse(serialise()) gives this network back. A network read from a file is written
    // in that file's version (version 1 as version 2), byte for byte the file; one made from
    // weights is version 3 when every first-layer weight fits int8, else version 2.
    std::vector<std::uint8_t> serialise() const;
    // The version serialise() writes.
    std::uint32_t format_version() const { return version_; }
    // The network compiled into the engine.
    static const Network& embedded();

    int hidden() const { return hidden_; }
    int buckets() const { return buckets_; }
    int bucket(int pieces) const { return output_bucket(pieces, buckets_); }
    int bucket(const Position& pos) const { return bucket(popcount(pos.pieces())); }
    // A short description: "768x128 SCReLU, 8 output buckets, 197,132 bytes, checksum 1a2b3c4d".
    const std::string& description() const { return description_; }

    const std::int16_t* weights(int feature) const { return &w1_[std::size_t(feature) * std::size_t(hidden_)]; }
    const std::int16_t* biases() const { return b1_.data(); }
    // The side to move's H weights of `bucket`, then the other side's.
    const std::int16_t* output_weights(int bucket) const { return &w2_[std::size_t(bucket) * 2 * std::size_t(hidden_)]; }
    std::int32_t output_bias(int bucket) const { return b2_[std::size_t(bucket)]; }

private:
    // from_weights() with the checks, written as `version` (0: version 3 when every first-layer
    // weight fits int8, else 2).
    static Result<Network> build(int hidden, int buckets, std::vector<std::int16_t> w1, std::vector<std::int16_t> b1,
                                 std::vector<std::int16_t> w2, std::vector<std::int32_t> b2, std::uint32_t version);

    int hidden_ = 0, buckets_ = 1;
    std::uint32_t version_ = 2;
    std::vector<std::int16_t> w1_, b1_, w2_;
    std::vector<std::int32_t> b2_;
    std::string description_;
};

// The hidden layer of both perspectives for one position.
struct alignas(64) Accumulator {
    std::int16_t values[COLOR_NB][MAX_HIDDEN];
};

// What a move changes among the inputs: at most two pieces leave a square and two arrive
// (castling: king and rook; a capturing promotion: pawn and victim leave, the new piece arrives).
struct Delta {
    struct Change {
        Piece piece;
        Square square;
    };
    Change removed[2], added[2];
    int removed_count = 0, added_count = 0;
};

// The changes `m` makes (before it is made in `pos`).
Delta delta_of(const Position& pos, Move m);

void refresh(const Network& net, const Position& pos, Accumulator& acc);
// `to` = `from` with the move's changes applied.
void update(const Network& net, const Accumulator& from, const Delta& delta, Accumulator& to);
// The evaluation in centipawns from the side to move's point of view, with the output weights of
// `bucket` (Network::bucket of the position).
int output(const Network& net, const Accumulator& acc, Color side_to_move, int bucket);
// The same in plain C++, one term at a time: what the vector paths must equal.
int output_reference(const Network& net, const Accumulator& acc, Color side_to_move, int bucket);
// From scratch: refresh() and output(); what the search computes incrementally.
int evaluate(const Network& net, const Position& pos);

}  // namespace mainline::nnue
