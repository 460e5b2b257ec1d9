// numeric::log and numeric::exp (engine/numeric.h) stand in for libm's in the engine, so that
// the WebAssembly download carries no libm tables: they must agree with libm to a few ulps, and
// the one table the search builds from them must be exactly the one libm gave.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "numeric.h"
#include "search_params.h"

using namespace mainline;
using namespace mainline::search_params;

namespace {

double relative(double a, double b) { return std::abs(a - b) / std::max(std::abs(b), 1e-300); }

}  // namespace

TEST(Numeric, LogAgreesWithLibm) {
    double worst = 0;
    for (double x = 1e-12; x < 1e15; x *= 1.0137) worst = std::max(worst, relative(numeric::log(x), std::log(x)));
    for (int n = 2; n < 100000; ++n) worst = std::max(worst, relative(numeric::log(double(n)), std::log(double(n))));
    EXPECT_LT(worst, 1e-15) << worst;  // a few ulps (2.2e-16 each)
    EXPECT_EQ(numeric::log(1.0), 0.0);
    EXPECT_EQ(numeric::log(0.0), -std::numeric_limits<double>::infinity());
    EXPECT_TRUE(std::isnan(numeric::log(-1.0)));
    EXPECT_EQ(numeric::log(std::numeric_limits<double>::infinity()), std::numeric_limits<double>::infinity());
    EXPECT_EQ(numeric::log(-0.0), -std::numeric_limits<double>::infinity());
    EXPECT_TRUE(std::isnan(numeric::log(std::numeric_limits<double>::quiet_NaN())));
    // The ends of the range, subnormals included.
    for (double x : {std::numeric_limits<double>::denorm_min(), 1e-310, std::numeric_limits<double>::min(),
                     std::numeric_limits<double>::max()})
        EXPECT_LT(relative(numeric::log(x), std::log(x)), 1e-15) << x;
}

TEST(Numeric, ExpAgreesWithLibm) {
    double worst = 0;
    for (double x = -700; x < 700; x += 0.0731) worst = std::max(worst, relative(numeric::exp(x), std::exp(x)));
    EXPECT_LT(worst, 8e-16) << worst;
    EXPECT_EQ(numeric::exp(0.0), 1.0);
    EXPECT_EQ(numeric::exp(-1000.0), 0.0);
    EXPECT_EQ(numeric::exp(1000.0), std::numeric_limits<double>::infinity());
    EXPECT_TRUE(std::isnan(numeric::exp(std::numeric_limits<double>::quiet_NaN())));
    // Near the ends, where 2^k is built in two halves: the largest finite results, and subnormal
    // ones (which keep fewer significant bits, hence the looser bound).
    for (double x : {709.0, 709.7, 709.78, -708.0, -720.0, -740.0, -745.0})
        EXPECT_LT(relative(numeric::exp(x), std::exp(x)), x > -708.5 ? 1e-15 : 1e-6) << x;
    EXPECT_EQ(numeric::exp(709.79), std::numeric_limits<double>::infinity());
    // exp(log(n)) rounds back to n: strength interpolation relies on it at a level's own Elo.
    for (int n = 1; n < 2000000; n += 997) EXPECT_EQ(std::llround(numeric::exp(numeric::log(double(n)))), n);
}

// The late-move reduction table (search.cpp) is the same with libm's log and with numeric::log,
// entry for entry, so the change left the search (and the bench signature) untouched.
TEST(Numeric, ReductionTableUnchanged) {
    for (int d = 1; d < 64; ++d)
        for (int n = 1; n < 64; ++n)
            ASSERT_EQ(int(LMR_BASE + numeric::log(double(d)) * numeric::log(double(n)) / LMR_DIVISOR),
                      int(LMR_BASE + std::log(double(d)) * std::log(double(n)) / LMR_DIVISOR))
                << d << " " << n;
}
