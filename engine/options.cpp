#include "options.h"

#include <cassert>
#include <charconv>

#include "engine.h"
#include "search.h"
#include "strength.h"
#include "threads.h"
#include "tt.h"

namespace mainline {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

std::string join(const std::vector<std::string>& words, std::string_view separator) {
    std::string s;
    for (const std::string& w : words) s += (s.empty() ? "" : std::string(separator)) + w;
    return s;
}

}  // namespace

bool same_option_name(std::string_view a, std::string_view b) { return a.size() == b.size() && lower(a) == lower(b); }

std::string_view to_string(OptionType type) {
    switch (type) {
    case OptionType::SPIN: return "spin";
    case OptionType::CHECK: return "check";
    case OptionType::COMBO: return "combo";
    case OptionType::BUTTON: return "button";
    case OptionType::STRING: break;
    }
    return "string";
}

Option Option::spin(int default_value, int min, int max, OnChange on_change, std::string unit) {
    assert(min <= default_value && default_value <= max);
    Option o(OptionType::SPIN, std::move(on_change));
    o.min_ = min;
    o.max_ = max;
    o.default_number_ = o.number_ = default_value;
    o.unit_ = std::move(unit);
    return o;
}

Option Option::check(bool default_value, OnChange on_change) {
    Option o(OptionType::CHECK, std::move(on_change));
    o.default_number_ = o.number_ = default_value;
    return o;
}

Option Option::combo(std::string default_value, std::vector<std::string> vars, OnChange on_change) {
    Option o(OptionType::COMBO, std::move(on_change));
    o.default_text_ = o.text_ = std::move(default_value);
    o.vars_ = std::move(vars);
    return o;
}

Option Option::button(OnChange on_change) { return Option(OptionType::BUTTON, std::move(on_change)); }

Option Option::string(std::string default_value, OnChange on_change) {
    Option o(OptionType::STRING, std::move(on_change));
    o.default_text_ = o.text_ = std::move(default_value);
    return o;
}

std::string Option::default_text() const {
    switch (type_) {
    case OptionType::SPIN: return std::to_string(default_number_);
    case OptionType::CHECK: return default_number_ ? "true" : "false";
    case OptionType::BUTTON: return "";
    case OptionType::COMBO:
    case OptionType::STRING: break;
    }
    return default_text_;
}

std::string Option::assign(std::string_view name, std::string_view shown, std::string_view value) {
    const std::string quoted = "'" + std::string(value) + "'";
    switch (type_) {
    case OptionType::SPIN: {
        long long v = 0;
        auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (ec != std::errc() || ptr != value.data() + value.size() || v < min_ || v > max_)
            return std::string(name) + " must be a whole number " + (unit_.empty() ? "" : "of " + unit_ + " ") + "from " +
                   std::to_string(min_) + " to " + std::to_string(max_) + ", not " + quoted;
        number_ = int(v);
        return "";
    }
    case OptionType::CHECK: {
        const std::string v = lower(value);
        if (v != "true" && v != "false") return std::string(shown) + " must be true or false, not " + quoted;
        number_ = v == "true";
        return "";
    }
    case OptionType::COMBO:
        for (const std::string& var : vars_)
            if (same_option_name(var, value)) {
                text_ = var;
                return "";
            }
        return std::string(name) + " must be one of " + join(vars_, ", ") + ", not " + quoted;
    case OptionType::STRING: text_ = std::string(value); return "";
    case OptionType::BUTTON: break;  // a button has no value: whatever follows is ignored
    }
    return "";
}

void OptionsMap::add(std::string name, Option option) {
    assert(!find(name));
    entries_.push_back({std::move(name), std::move(option)});
}

std::size_t OptionsMap::index_of(std::string_view name) const {
    std::size_t i = 0;
    while (i < entries_.size() && !same_option_name(entries_[i].name, name)) ++i;
    return i;
}

const Option* OptionsMap::find(std::string_view name) const {
    const std::size_t i = index_of(name);
    return i < entries_.size() ? &entries_[i].option : nullptr;
}

const Option& OptionsMap::operator[](std::string_view name) const {
    const Option* o = find(name);
    assert(o);
    return *o;
}

std::string OptionsMap::set(std::string_view name, std::string_view value) {
    const std::size_t i = index_of(name);
    if (i == entries_.size()) return "unknown option '" + std::string(name) + "'";
    Option& o = entries_[i].option;
    const Option before = o;
    std::string problem = o.assign(entries_[i].name, name, value);
    if (problem.empty() && o.on_change_) problem = o.on_change_(o);
    if (!problem.empty()) o = before;
    return problem;
}

std::string OptionsMap::validate(std::string_view name, std::string_view value) const {
    const std::size_t i = index_of(name);
    if (i == entries_.size()) return "unknown option '" + std::string(name) + "'";
    Option scratch = entries_[i].option;
    return scratch.assign(entries_[i].name, name, value);
}

std::vector<std::string> OptionsMap::uci_lines() const {
    std::vector<std::string> lines;
    for (const auto& [name, o] : entries_) {
        std::string line = "option name " + name + " type " + std::string(to_string(o.type()));
        if (o.type() != OptionType::BUTTON) {
            const std::string d = o.default_text();
            line += " default " + (d.empty() ? std::string("<empty>") : d);
        }
        if (o.type() == OptionType::SPIN) line += " min " + std::to_string(o.min()) + " max " + std::to_string(o.max());
        for (const std::string& var : o.vars()) line += " var " + var;
        lines.push_back(std::move(line));
    }
    return lines;
}

OptionsMap engine_options(OptionTargets t) {
    OptionsMap o;
    const SearchOptions defaults;
    std::vector<std::string> pv_methods;
    for (PvMethod m : {PvMethod::STACK, PvMethod::TRIANGULAR, PvMethod::TT, PvMethod::PVHASH})
        pv_methods.emplace_back(to_string(m));

    o.add("Hash", Option::spin(Engine::DEFAULT_HASH_MB, TranspositionTable::MIN_MB, t.limits.max_hash_mb,
                               [&tt = t.tt](const Option& v) { return tt.resize(std::size_t(v.as_int())); }, "MB"));
    o.add("Clear Hash", Option::button([&tt = t.tt, &searcher = t.searcher, &helpers = t.helpers](const Option&) {
              tt.clear();
              searcher.clear();
              helpers.clear();
              return std::string();
          }));
    // Lazy SMP threads (engine/threads.h); a strength-limited search always uses one.
    o.add("Threads", Option::spin(1, 1, t.limits.max_threads,
                                  [&helpers = t.helpers](const Option& v) { return helpers.set_threads(v.as_int()); }));
    o.add("MultiPV", Option::spin(defaults.multipv, 1, search_params::MAX_MULTIPV, [&s = t.search](const Option& v) {
              s.multipv = v.as_int();
              return std::string();
          }));
    o.add("PvMethod",
          Option::combo(std::string(to_string(defaults.pv_method)), pv_methods, [&s = t.search](const Option& v) {
              // The choices are the methods' own names, so the parse cannot fail.
              const bool known = parse_pv_method(v.as_string(), s.pv_method);
              assert(known);
              (void)known;
              return std::string();
          }));
    o.add("AltVariations", Option::check(defaults.alt_variations, [&s = t.search](const Option& v) {
              s.alt_variations = v.as_bool();
              return std::string();
          }));
    o.add("VerifyPv", Option::check(false));
    o.add("Move Overhead", Option::spin(
                               defaults.move_overhead_ms, 0, Engine::MAX_MOVE_OVERHEAD_MS,
                               [&s = t.search](const Option& v) {
                                   s.move_overhead_ms = v.as_int();
                                   return std::string();
                               },
                               "ms"));
    // Pondering is `go ponder` and `ponderhit`; GUIs only send them to engines that list this.
    o.add("Ponder", Option::check(false));
    // Chess960's notation: castling as the king taking its own rook in what the engine writes
    // (moves are read either way, and its FEN reads both X-FEN and Shredder-FEN whatever it says).
    o.add("UCI_Chess960", Option::check(false));
    o.add("UCI_LimitStrength", Option::check(false));
    o.add("UCI_Elo", Option::spin(Engine::DEFAULT_ELO, STRENGTH_MIN_ELO, STRENGTH_MAX_ELO));
    o.add("Skill Level", Option::spin(Engine::MAX_SKILL_LEVEL, Engine::MIN_SKILL_LEVEL, Engine::MAX_SKILL_LEVEL));
    // The evaluation: the network (the one compiled in, or a file for experiments) or, with Use
    // NNUE off, the hand-crafted evaluation. The engine reads Use NNUE when a search starts.
    o.add("Use NNUE", Option::check(Engine::USE_NNUE_DEFAULT));
    o.add("EvalFile", Option::string(std::string(Engine::EMBEDDED_NETWORK),
                                     [load = t.load_network](const Option& v) { return load(v.as_string()); }));
    return o;
}

}  // namespace mainline
