// The natural logarithm and exponential in plain double arithmetic, for the few places the engine
// needs them (the reduction table, strength interpolation and weighted choice, bench statistics).
//
// Why not <cmath>'s: in the WebAssembly build, libm's log, exp and pow bring about 10 KB of
// coefficient tables into the download (8 KB gzipped; measured with a one-line program), which is
// room the network needs. These need no table: an argument reduction by powers of two and a short
// series. They are within a few ulps of libm's (tests/test_numeric.cpp), the same on every build
// (IEEE doubles, no library in between), and called a few thousand times a search at most.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace mainline::numeric {

// ln 2 split so that k * LN2_HI is exact for |k| < 2^11 (Cody and Waite's reduction).
inline constexpr double LN2_HI = 6.93147180369123816490e-01;
inline constexpr double LN2_LO = 1.90821492927058770002e-10;
inline constexpr double LN2 = 0.6931471805599453094;
inline constexpr double SQRT_HALF = 0.7071067811865475244;

// ln x for x > 0 (NaN below 0, -inf at 0, +inf at +inf).
inline double log(double x) {
    if (!(x > 0)) return x == 0 ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
    if (x == std::numeric_limits<double>::infinity()) return x;
    // x = m * 2^e, m in [0.5, 1), read from the bits: std::frexp's exponent, written through a
    // pointer, came out of the wrong call when clang (Emscripten 3.1.6) inlined two logs into one
    // expression, so no library call is trusted here.
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    int e = int(bits >> 52) - 1022;
    if ((bits >> 52) == 0) {  // subnormal: scale into the normal range first
        const double scaled = x * 18014398509481984.0;  // 2^54
        std::memcpy(&bits, &scaled, sizeof bits);
        e = int(bits >> 52) - 1022 - 54;
    }
    bits = (bits & 0x000FFFFFFFFFFFFFULL) | 0x3FE0000000000000ULL;
    double m = 0;
    std::memcpy(&m, &bits, sizeof m);
    if (m < SQRT_HALF) {
        m *= 2;
        --e;
    }
    // m in [0.707, 1.414): ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172, so s^2 < 0.0295
    // and the series' 13 odd terms leave under 1e-20.
    const double s = (m - 1) / (m + 1), s2 = s * s;
    double sum = 0, power = s;
    for (int k = 1; k <= 25; k += 2) {
        sum += power / k;
        power *= s2;
    }
    return 2 * sum + e * LN2_HI + e * LN2_LO;
}

// 2^k for -1022 <= k <= 1023.
inline double pow2(int k) {
    const std::uint64_t bits = std::uint64_t(k + 1023) << 52;
    double v = 0;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

// e^x (0 below -745.2, +inf above ln of the largest double, 709.78).
inline double exp(double x) {
    if (x != x) return x;
    if (x > 709.782712893384) return std::numeric_limits<double>::infinity();
    if (x < -745.2) return 0;
    // x = k ln 2 + r with |r| <= ln 2 / 2, then e^x = 2^k e^r, e^r by its Taylor series (18 terms:
    // 0.347^18 / 18! < 1e-24).
    const double k = std::floor(x / LN2 + 0.5);
    const double r = (x - k * LN2_HI) - k * LN2_LO;
    double sum = 1;
    for (int i = 18; i >= 1; --i) sum = 1 + sum * r / i;
    // 2^k as two powers of two built from their bits (each half stays a normal double).
    const int k1 = int(k) / 2, k2 = int(k) - k1;
    return sum * pow2(k1) * pow2(k2);
}

}  // namespace mainline::numeric
