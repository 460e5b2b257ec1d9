// A value or an error message naming what was wrong: what every parser in the engine returns.
// The core is built without exceptions in mind (they are costly in WebAssembly), so errors are
// values; the bindings turn them into JS errors and the UCI layer into `info string error: ...`.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace mainline {

template <class T>
class [[nodiscard]] Result {
public:
    static Result success(T value) {
        Result r;
        r.value_.emplace(std::move(value));
        return r;
    }
    static Result failure(std::string error) {
        Result r;
        r.error_ = std::move(error);
        return r;
    }

    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }
    const T& value() const& { return *value_; }
    T& value() & { return *value_; }
    T&& value() && { return std::move(*value_); }
    const std::string& error() const { return error_; }

private:
    Result() = default;
    std::optional<T> value_;
    std::string error_;
};

}  // namespace mainline
