#include "nnue.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace mainline::nnue {

// The network file compiled in, stored as byte planes (cmake/embed-net.cmake): its even-numbered
// bytes, then its odd-numbered ones.
extern const unsigned char EMBEDDED_NET_PLANES[];
extern const std::size_t EMBEDDED_NET_SIZE;

namespace {

// Every vector path works on 8 lanes of int16; the hidden layer is a whole number of them, twice
// over so that the scalar and vector sums group the same way.
constexpr int LANES = 8;

class Reader {
public:
    Reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    bool left(std::size_t n) const { return size_ - at_ >= n; }
    std::uint32_t u32() {
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v |= std::uint32_t(data_[at_++]) << (8 * i);
        return v;
    }
    std::int32_t i32() { return std::int32_t(u32()); }
    std::int16_t i16() {
        const std::uint16_t v = std::uint16_t(data_[at_] | (data_[at_ + 1] << 8));
        at_ += 2;
        return std::int16_t(v);
    }
    std::int16_t i8() { return std::int16_t(std::int8_t(data_[at_++])); }
    std::size_t at() const { return at_; }

private:
    const std::uint8_t* data_;
    std::size_t size_, at_ = 0;
};

// The output layer's sum of clamp(x)^2 * w (units QA^2 * QB) to centipawns.
int finish(const Network& net, int bucket, std::int64_t sum) {
    sum = sum / QA + net.output_bias(bucket);
    return int(std::clamp<std::int64_t>(sum * SCALE / (std::int64_t(QA) * QB), -MAX_EVALUATION, MAX_EVALUATION));
}

// "" for a hidden layer the vector paths can run, else why not.
std::string hidden_problem(std::int64_t hidden) {
    if (hidden >= 2 * LANES && hidden <= MAX_HIDDEN && hidden % (2 * LANES) == 0) return "";
    return "hidden layer of " + std::to_string(hidden) + ": must be a multiple of 16 from 16 to " + std::to_string(MAX_HIDDEN);
}

std::string buckets_problem(std::int64_t buckets) {
    if (buckets >= 1 && buckets <= MAX_BUCKETS) return "";
    return std::to_string(buckets) + " output buckets: must be 1 to " + std::to_string(MAX_BUCKETS);
}

std::string with_commas(std::size_t n) {
    std::string s = std::to_string(n);
    for (int i = int(s.size()) - 3; i > 0; i -= 3) s.insert(std::size_t(i), ",");
    return s;
}

std::string hex32(std::uint32_t v) {
    std::string s(8, '0');
    for (int i = 7; i >= 0; --i, v >>= 4) s[std::size_t(i)] = "0123456789abcdef"[v & 15];
    return s;
}

}  // namespace

std::uint32_t checksum(const std::uint8_t* data, std::size_t size) {
    std::uint32_t h = 2166136261u;
    for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 16777619u;
    return h;
}

Result<Network> Network::parse(const std::uint8_t* data, std::size_t size) {
    using R = Result<Network>;
    constexpr std::size_t HEADER_V1 = 4 + 6 * 4;
    if (size < HEADER_V1 + 8 || std::memcmp(data, "MLNN", 4) != 0) return R::failure("not a Mainline network (no MLNN header)");
    Reader in(data + 4, size - 4);
    const std::uint32_t version = in.u32(), inputs = in.u32(), hidden = in.u32();
    const std::int32_t qa = in.i32(), qb = in.i32(), scale = in.i32();
    if (version < 1 || version > FORMAT_VERSION)
        return R::failure("network format version " + std::to_string(version) + ", this engine reads versions 1 to " +
                          std::to_string(FORMAT_VERSION));
    const std::size_t w1_bytes = version == 3 ? 1 : 2;
    const std::uint32_t buckets = version == 1 ? 1 : in.u32();
    if (inputs != INPUTS) return R::failure("the network has " + std::to_string(inputs) + " inputs, not 768");
    if (const std::string problem = hidden_problem(std::int64_t(hidden)); !problem.empty()) return R::failure(problem);
    if (const std::string problem = buckets_problem(std::int64_t(buckets)); !problem.empty()) return R::failure(problem);
    if (qa != QA || qb != QB || scale != SCALE)
        return R::failure("quantisation QA " + std::to_string(qa) + ", QB " + std::to_string(qb) + ", SCALE " +
                          std::to_string(scale) + ": this engine uses 255, 64 and 400");
    const std::size_t h = hidden, nb = buckets;
    const std::size_t expected = in.at() + 4 + w1_bytes * INPUTS * h + 2 * (h + nb * 2 * h) + 4 * nb + 4;
    if (size != expected)
        return R::failure("the file has " + std::to_string(size) + " bytes; a 768x" + std::to_string(h) + " network with " +
                          std::to_string(nb) + " output buckets has " + std::to_string(expected));
    if (checksum(data, size - 4) != Reader(data + size - 4, 4).u32()) return R::failure("checksum mismatch: the file is damaged");

    std::vector<std::int16_t> w1(INPUTS * h), b1(h), w2(nb * 2 * h);
    std::vector<std::int32_t> b2(nb);
    for (auto& w : w1) w = w1_bytes == 1 ? in.i8() : in.i16();
    for (auto& b : b1) b = in.i16();
    for (auto& w : w2) w = in.i16();
    for (auto& b : b2) b = in.i32();
    // int8 holds -128 too, but the format's first layer is symmetric: +-127.
    if (w1_bytes == 1 && std::find(w1.begin(), w1.end(), std::int16_t(-128)) != w1.end())
        return R::failure("a first-layer weight of -128 in a version 3 file: version 3 holds -127 to 127");
    return build(int(h), int(nb), std::move(w1), std::move(b1), std::move(w2), std::move(b2), version == 1 ? 2 : version);
}

Result<Network> Network::from_weights(int hidden, int buckets, std::vector<std::int16_t> w1, std::vector<std::int16_t> b1,
                                      std::vector<std::int16_t> w2, std::vector<std::int32_t> b2) {
    return build(hidden, buckets, std::move(w1), std::move(b1), std::move(w2), std::move(b2), 0);
}

Result<Network> Network::build(int hidden, int buckets, std::vector<std::int16_t> w1, std::vector<std::int16_t> b1,
                               std::vector<std::int16_t> w2, std::vector<std::int32_t> b2, std::uint32_t version) {
    using R = Result<Network>;
    if (const std::string problem = hidden_problem(hidden); !problem.empty()) return R::failure(problem);
    if (const std::string problem = buckets_problem(std::int64_t(buckets)); !problem.empty()) return R::failure(problem);
    const std::size_t h = std::size_t(hidden), nb = std::size_t(buckets);
    if (w1.size() != INPUTS * h || b1.size() != h || w2.size() != nb * 2 * h || b2.size() != nb)
        return R::failure("weights of the wrong shape");
    for (std::int16_t w : w2)
        if (w > MAX_OUTPUT_WEIGHT || w < -MAX_OUTPUT_WEIGHT)
            return R::failure("an output weight of " + std::to_string(w) + " is outside +-" +
                              std::to_string(MAX_OUTPUT_WEIGHT));
    // No position may overflow an accumulator: 32 pieces, each adding its largest weight.
    for (std::size_t j = 0; j < h; ++j) {
        int largest = 0;
        for (std::size_t f = 0; f < INPUTS; ++f) largest = std::max(largest, std::abs(int(w1[f * h + j])));
        if (std::abs(int(b1[j])) + 32 * largest > 32767)
            return R::failure("hidden neuron " + std::to_string(j) + " could overflow 16 bits");
    }
    Network net;
    net.hidden_ = hidden;
    net.buckets_ = buckets;
    net.w1_ = std::move(w1);
    net.b1_ = std::move(b1);
    net.w2_ = std::move(w2);
    net.b2_ = std::move(b2);
    const bool narrow =
        std::all_of(net.w1_.begin(), net.w1_.end(), [](std::int16_t w) { return std::abs(int(w)) <= MAX_INT8_WEIGHT; });
    net.version_ = version ? version : narrow ? 3 : 2;
    const std::vector<std::uint8_t> bytes = net.serialise();
    net.description_ = "768x" + std::to_string(h) + " SCReLU" + (net.version_ == 3 ? " (int8 first layer)" : "") + ", " +
                       std::to_string(nb) + " output bucket" + (nb == 1 ? "" : "s") + ", " + with_commas(bytes.size()) +
                       " bytes, checksum " + hex32(Reader(bytes.data() + bytes.size() - 4, 4).u32());
    return R::success(std::move(net));
}

std::vector<std::uint8_t> Network::serialise() const {
    std::vector<std::uint8_t> b = {'M', 'L', 'N', 'N'};
    auto u32 = [&](std::uint32_t v) {
        for (int i = 0; i < 4; ++i) b.push_back(std::uint8_t(v >> (8 * i)));
    };
    auto i16 = [&](std::int16_t v) {
        b.push_back(std::uint8_t(std::uint16_t(v) & 0xff));
        b.push_back(std::uint8_t(std::uint16_t(v) >> 8));
    };
    const std::uint32_t version = format_version();
    for (std::uint32_t v : {version, std::uint32_t(INPUTS), std::uint32_t(hidden_), std::uint32_t(QA),
                            std::uint32_t(QB), std::uint32_t(SCALE), std::uint32_t(buckets_)})
        u32(v);
    for (std::int16_t v : w1_) {
        if (version == 3) b.push_back(std::uint8_t(std::int8_t(v)));
        else i16(v);
    }
    for (std::int16_t v : b1_) i16(v);
    for (std::int16_t v : w2_) i16(v);
    for (std::int32_t v : b2_) u32(std::uint32_t(v));
    u32(checksum(b.data(), b.size()));
    return b;
}

const Network& Network::embedded() {
    // Parsed once; the tests check that the network compiled in is valid, so a failure here is a
    // broken build, not bad input.
    static const Network net = [] {
        const std::size_t half = EMBEDDED_NET_SIZE / 2;
        std::vector<std::uint8_t> file(EMBEDDED_NET_SIZE);
        for (std::size_t i = 0; i < half; ++i) {
            file[2 * i] = EMBEDDED_NET_PLANES[i];
            file[2 * i + 1] = EMBEDDED_NET_PLANES[half + i];
        }
        Result<Network> r = parse(file.data(), file.size());
        if (!r) std::abort();
        return std::move(r).value();
    }();
    return net;
}

Delta delta_of(const Position& pos, Move m) {
    Delta d;
    const Square from = m.from(), to = m.to();
    const Piece piece = pos.piece_on(from);
    const Color us = color_of(piece);
    auto remove = [&](Piece p, Square s) { d.removed[d.removed_count++] = {p, s}; };
    auto add = [&](Piece p, Square s) { d.added[d.added_count++] = {p, s}; };
    remove(piece, from);
    switch (m.kind()) {
    case Move::CASTLING: {
        add(piece, to);
        const int right = Position::castling_right(us, m);
        const Piece rook = make_piece(us, ROOK);
        remove(rook, pos.castling_rook(right));
        add(rook, make_square(right & (WHITE_OO | BLACK_OO) ? 5 : 3, rank_of(from)));
        break;
    }
    case Move::EN_PASSANT:
        add(piece, to);
        remove(make_piece(~us, PAWN), make_square(file_of(to), rank_of(from)));
        break;
    case Move::PROMOTION:
        if (!pos.empty(to)) remove(pos.piece_on(to), to);
        add(make_piece(us, m.promotion()), to);
        break;
    case Move::NORMAL:
        if (!pos.empty(to)) remove(pos.piece_on(to), to);
        add(piece, to);
        break;
    }
    return d;
}

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
    const int h = net.hidden();
    for (Color c : {WHITE, BLACK}) {
        std::int16_t* v = acc.values[c];
        std::memcpy(v, net.biases(), sizeof(std::int16_t) * std::size_t(h));
        for (Bitboard b = pos.pieces(); b;) {
            const Square s = pop_lsb(b);
            const std::int16_t* w = net.weights(feature(c, pos.piece_on(s), s));
            for (int j = 0; j < h; ++j) v[j] = std::int16_t(v[j] + w[j]);
        }
    }
}

namespace {

// dst = src + the rows of `add` - the rows of `sub`, with the counts known at compile time so
// that the loop body is straight-line vector code. 16-bit wrap-around arithmetic is exact here:
// no sum can overflow (checked when loading).
template <int Adds, int Subs>
void apply(int h, const std::int16_t* src, std::int16_t* dst, const std::int16_t* const* add, const std::int16_t* const* sub) {
#if defined(__SSE2__)
    for (int j = 0; j < h; j += LANES) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + j));
        for (int i = 0; i < Adds; ++i) v = _mm_add_epi16(v, _mm_loadu_si128(reinterpret_cast<const __m128i*>(add[i] + j)));
        for (int i = 0; i < Subs; ++i) v = _mm_sub_epi16(v, _mm_loadu_si128(reinterpret_cast<const __m128i*>(sub[i] + j)));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + j), v);
    }
#elif defined(__wasm_simd128__)
    for (int j = 0; j < h; j += LANES) {
        v128_t v = wasm_v128_load(src + j);
        for (int i = 0; i < Adds; ++i) v = wasm_i16x8_add(v, wasm_v128_load(add[i] + j));
        for (int i = 0; i < Subs; ++i) v = wasm_i16x8_sub(v, wasm_v128_load(sub[i] + j));
        wasm_v128_store(dst + j, v);
    }
#else
    for (int j = 0; j < h; ++j) {
        int v = src[j];
        for (int i = 0; i < Adds; ++i) v += add[i][j];
        for (int i = 0; i < Subs; ++i) v -= sub[i][j];
        dst[j] = std::int16_t(v);
    }
#endif
}

}  // namespace

void update(const Network& net, const Accumulator& from, const Delta& delta, Accumulator& to) {
    const int h = net.hidden();
    for (Color c : {WHITE, BLACK}) {
        const std::int16_t* add[2];
        const std::int16_t* sub[2];
        const int adds = delta.added_count, subs = delta.removed_count;
        for (int i = 0; i < adds; ++i) add[i] = net.weights(feature(c, delta.added[i].piece, delta.added[i].square));
        for (int i = 0; i < subs; ++i) sub[i] = net.weights(feature(c, delta.removed[i].piece, delta.removed[i].square));
        const std::int16_t* src = from.values[c];
        std::int16_t* dst = to.values[c];
        // A quiet move, a capture (or a promotion), a capturing promotion, castling, a null move.
        if (adds == 1 && subs == 1) apply<1, 1>(h, src, dst, add, sub);
        else if (adds == 1 && subs == 2) apply<1, 2>(h, src, dst, add, sub);
        else if (adds == 2 && subs == 2) apply<2, 2>(h, src, dst, add, sub);
        else {
            assert(adds == 0 && subs == 0);
            apply<0, 0>(h, src, dst, add, sub);
        }
    }
}

int output(const Network& net, const Accumulator& acc, Color side_to_move, int bucket) {
#if defined(__SSE2__) || defined(__wasm_simd128__)
    const int h = net.hidden();
    const std::int16_t* sides[2] = {acc.values[side_to_move], acc.values[~side_to_move]};
    const std::int16_t* w2 = net.output_weights(bucket);
    // clamp(x, 0, QA)^2 * w as (clamp(x) * w) * clamp(x): the first product fits 16 bits because
    // |w| <= MAX_OUTPUT_WEIGHT, and pairs of the second fit 32 bits, with at most
    // 2 * MAX_HIDDEN / 8 of them per lane.
#if defined(__SSE2__)
    __m128i total = _mm_setzero_si128();
    const __m128i zero = _mm_setzero_si128(), qa = _mm_set1_epi16(QA);
    for (int side = 0; side < 2; ++side)
        for (int j = 0; j < h; j += LANES) {
            __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sides[side] + j));
            x = _mm_min_epi16(_mm_max_epi16(x, zero), qa);
            const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(w2 + side * h + j));
            total = _mm_add_epi32(total, _mm_madd_epi16(_mm_mullo_epi16(x, w), x));
        }
    alignas(16) std::int32_t lanes[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(lanes), total);
    const std::int64_t sum = std::int64_t(lanes[0]) + lanes[1] + lanes[2] + lanes[3];
#else
    v128_t total = wasm_i32x4_splat(0);
    const v128_t zero = wasm_i16x8_splat(0), qa = wasm_i16x8_splat(QA);
    for (int side = 0; side < 2; ++side)
        for (int j = 0; j < h; j += LANES) {
            v128_t x = wasm_v128_load(sides[side] + j);
            x = wasm_i16x8_min(wasm_i16x8_max(x, zero), qa);
            const v128_t w = wasm_v128_load(w2 + side * h + j);
            total = wasm_i32x4_add(total, wasm_i32x4_dot_i16x8(wasm_i16x8_mul(x, w), x));
        }
    const std::int64_t sum = std::int64_t(wasm_i32x4_extract_lane(total, 0)) + wasm_i32x4_extract_lane(total, 1) +
                             wasm_i32x4_extract_lane(total, 2) + wasm_i32x4_extract_lane(total, 3);
#endif
    return finish(net, bucket, sum);
#else
    return output_reference(net, acc, side_to_move, bucket);
#endif
}

int output_reference(const Network& net, const Accumulator& acc, Color side_to_move, int bucket) {
    const int h = net.hidden();
    const std::int16_t* sides[2] = {acc.values[side_to_move], acc.values[~side_to_move]};
    const std::int16_t* w2 = net.output_weights(bucket);
    std::int64_t sum = 0;
    for (int side = 0; side < 2; ++side)
        for (int j = 0; j < h; ++j) {
            const int x = std::clamp(int(sides[side][j]), 0, QA);
            sum += std::int64_t(x * w2[side * h + j]) * x;
        }
    return finish(net, bucket, sum);
}

int evaluate(const Network& net, const Position& pos) {
    Accumulator acc;
    refresh(net, pos, acc);
    return output(net, acc, pos.side_to_move(), net.bucket(pos));
}

}  // namespace mainline::nnue
