// Numbers and columns as text, without printf: its floating-point formatting (long double
// arithmetic in software) was the largest piece of the C library in the web build, for a few
// lines of output.
#pragma once

#include <cmath>
#include <string>

namespace mainline {

// `v` with 0, 1 or 2 decimals.
inline std::string fixed(double v, int decimals) {
    static constexpr long long SCALE[] = {1, 10, 100};
    const long long scaled = std::llround(std::fabs(v) * double(SCALE[decimals]));
    std::string s = v < 0 && scaled ? "-" : "";
    s += std::to_string(scaled / SCALE[decimals]);
    if (decimals) {
        const std::string frac = std::to_string(scaled % SCALE[decimals]);
        s += '.' + std::string(std::size_t(decimals) - frac.size(), '0') + frac;
    }
    return s;
}

// Right-aligned (`%9d`) and left-aligned (`%-10s`) columns.
inline std::string right(const std::string& s, std::size_t width) {
    return s.size() < width ? std::string(width - s.size(), ' ') + s : s;
}
inline std::string left(const std::string& s, std::size_t width) {
    return s.size() < width ? s + std::string(width - s.size(), ' ') : s;
}

}  // namespace mainline
