// The UCI options: each one is declared once (name, type, default, range or choices, and what
// a change does), and the `uci` listing, the validation of `setoption`, its error messages and
// the web API's option list all come from that declaration. An OptionsMap belongs to one Engine,
// so two engines in one process (or one web page) never share a setting.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace mainline {

class HelperThreads;
class Searcher;
class TranspositionTable;
struct SearchOptions;

enum class OptionType { SPIN, CHECK, COMBO, BUTTON, STRING };
std::string_view to_string(OptionType type);

class Option {
public:
    // Runs after a new value has passed validation, with the option already holding it. A
    // non-empty answer means the engine could not apply it (a hash table that does not fit):
    // the option then goes back to its previous value and the answer is the error.
    using OnChange = std::function<std::string(const Option&)>;

    // `unit` only makes the error message clearer: "a whole number of MB from 1 to 32768".
    static Option spin(int default_value, int min, int max, OnChange on_change = {}, std::string unit = {});
    static Option check(bool default_value, OnChange on_change = {});
    // Values are matched case-insensitively and stored as declared in `vars`.
    static Option combo(std::string default_value, std::vector<std::string> vars, OnChange on_change = {});
    static Option button(OnChange on_change);
    static Option string(std::string default_value, OnChange on_change = {});

    OptionType type() const { return type_; }
    // Spin: the range and the value; check: the value.
    int min() const { return min_; }
    int max() const { return max_; }
    int as_int() const { return number_; }
    bool as_bool() const { return number_ != 0; }
    // Combo and string: the value.
    const std::string& as_string() const { return text_; }
    const std::vector<std::string>& vars() const { return vars_; }
    // The default as the `uci` listing writes it ("16", "false", "pvhash"); "" for a button.
    std::string default_text() const;
    // Spin: the default; check: 1 for true, 0 for false.
    int default_number() const { return default_number_; }

private:
    friend class OptionsMap;
    explicit Option(OptionType type, OnChange on_change) : type_(type), on_change_(std::move(on_change)) {}
    // Checks `value` and on success stores it. `name` is the declared name, `shown` the one the
    // user typed; returns "" or the error.
    std::string assign(std::string_view name, std::string_view shown, std::string_view value);

    OptionType type_;
    int min_ = 0, max_ = 0;
    int default_number_ = 0, number_ = 0;  // spin and check
    std::string default_text_, text_;      // combo and string
    std::vector<std::string> vars_;
    std::string unit_;
    OnChange on_change_;
};

class OptionsMap {
public:
    struct Entry {
        std::string name;
        Option option;
    };

    // Declares an option; the `uci` listing keeps the order of declaration.
    void add(std::string name, Option option);

    // Sets an option by name (case-insensitive, as UCI requires). Returns "" or the error; on
    // error nothing changes.
    std::string set(std::string_view name, std::string_view value);
    // The error set() would give, without changing anything.
    std::string validate(std::string_view name, std::string_view value) const;

    // nullptr for an unknown name.
    const Option* find(std::string_view name) const;
    // A declared option; asking for one that was never declared is a programming error.
    const Option& operator[](std::string_view name) const;

    // The `option name ...` lines of the `uci` answer.
    std::vector<std::string> uci_lines() const;

    std::vector<Entry>::const_iterator begin() const { return entries_.begin(); }
    std::vector<Entry>::const_iterator end() const { return entries_.end(); }

private:
    // The entry's index, or entries_.size() for an unknown name.
    std::size_t index_of(std::string_view name) const;

    std::vector<Entry> entries_;  // a dozen options: a linear search is the simplest map
};

// Option names compare as UCI says: without regard to case.
bool same_option_name(std::string_view a, std::string_view b);

// Where the platform ends the ranges of Hash and Threads: a page on a phone cannot have the
// memory of a desktop (the web package sets these per platform; natively they are the maxima).
struct EngineLimits {
    int max_hash_mb;
    int max_threads;
};

// The parts of one Engine that its options act on.
struct OptionTargets {
    TranspositionTable& tt;
    Searcher& searcher;
    HelperThreads& helpers;
    SearchOptions& search;
    // EvalFile: loads the network at this path (or the one compiled in); returns "" or the error.
    std::function<std::string(const std::string& path)> load_network;
    EngineLimits limits;
};

// The engine's options, every one of them, in the order of the `uci` listing. The strength
// options (UCI_LimitStrength, UCI_Elo, Skill Level), VerifyPv and Ponder act on nothing when
// they change: the engine reads their values when it needs them.
OptionsMap engine_options(OptionTargets targets);

}  // namespace mainline
