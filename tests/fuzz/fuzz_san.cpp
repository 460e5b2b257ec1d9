// Fuzz target: SAN and PGN-style movetext. The engine has no PGN reader of its own (games are
// PGN on the JavaScript side); what it parses is SAN and UCI moves, one at a time, which is what
// the web API's toUci/convertMoves and the positions given as { fen, moves } go through. This
// target tokenises PGN-ish text the way a PGN reader would (tag pairs, comments, variations,
// NAGs, move numbers, results) and feeds every move token to the engine's notation:
//   - a [FEN "..."] tag sets the start position (a rejected FEN must come with a message);
//   - each token is read as SAN, else as UCI; a rejected token must come with a message;
//   - an accepted move is legal, its SAN and UCI read back to the same move, and it is played;
//   - at the end, `position fen <start> moves <uci...>` rebuilds the same position, and
//     line_to_san() of the game gives the same SAN as move by move.
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "position_command.h"
#include "uci.h"

using namespace mainline;

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Splits movetext into move tokens; calls on_tag(name, value) for tag pairs.
template <class OnTag>
std::vector<std::string_view> tokenize(std::string_view s, OnTag on_tag) {
    std::vector<std::string_view> tokens;
    std::size_t i = 0;
    int variation_depth = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (is_space(c)) {
            ++i;
        } else if (c == '{') {  // comment to the next '}'
            const std::size_t end = s.find('}', i);
            i = end == std::string_view::npos ? s.size() : end + 1;
        } else if (c == ';') {  // comment to the end of the line
            const std::size_t end = s.find('\n', i);
            i = end == std::string_view::npos ? s.size() : end + 1;
        } else if (c == '(') {
            ++variation_depth, ++i;
        } else if (c == ')') {
            if (variation_depth > 0) --variation_depth;
            ++i;
        } else if (c == '[') {  // [Name "value"]
            const std::size_t end = s.find(']', i);
            const std::string_view tag = s.substr(i + 1, end == std::string_view::npos ? std::string_view::npos : end - i - 1);
            i = end == std::string_view::npos ? s.size() : end + 1;
            const std::size_t q1 = tag.find('"'), q2 = tag.rfind('"');
            if (q1 != std::string_view::npos && q2 > q1) {
                std::string_view name = tag.substr(0, q1);
                while (!name.empty() && is_space(name.back())) name.remove_suffix(1);
                while (!name.empty() && is_space(name.front())) name.remove_prefix(1);
                on_tag(name, tag.substr(q1 + 1, q2 - q1 - 1));
            }
        } else {
            std::size_t j = i + 1;  // a token runs to the next space or special character
            while (j < s.size() && !is_space(s[j]) && std::string_view("{};()[").find(s[j]) == std::string_view::npos) ++j;
            std::string_view token = s.substr(i, j - i);
            i = j;
            if (variation_depth > 0) continue;  // moves of variations belong to other positions
            // "12." / "12..." / "12.e4": drop the move number.
            std::size_t k = 0;
            while (k < token.size() && token[k] >= '0' && token[k] <= '9') ++k;
            if (k > 0 && k < token.size() && token[k] == '.') {
                while (k < token.size() && token[k] == '.') ++k;
                token.remove_prefix(k);
            }
            if (token.empty() || token[0] == '$') continue;  // NAG
            if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") continue;
            tokens.push_back(token);
        }
    }
    return tokens;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    std::string start_fen(Position::START_FEN);
    bool bad_fen = false;
    const std::vector<std::string_view> tokens = tokenize(text, [&](std::string_view name, std::string_view value) {
        if (name != "FEN") return;
        Result<Position> p = Position::from_fen(value);
        if (p) {
            start_fen = p.value().fen();
        } else {
            FUZZ_CHECK(!p.error().empty(), "a FEN tag was rejected without a message");
            bad_fen = true;
        }
    });
    if (bad_fen) return 0;  // a PGN reader stops at a bad FEN tag

    const Position start = Position::from_fen(start_fen).value();
    Position pos = start;
    std::vector<Move> played;
    std::vector<std::string> sans;
    for (std::string_view token : tokens) {
        if (played.size() >= 600) break;
        Result<Move> m = parse_san(pos, token);
        if (!m) {
            FUZZ_CHECK(!m.error().empty(), "SAN '%.*s' rejected without a message", int(token.size()), token.data());
            m = parse_uci_move(pos, token);
            if (!m) {
                FUZZ_CHECK(!m.error().empty(), "UCI '%.*s' rejected without a message", int(token.size()), token.data());
                continue;
            }
        }
        const Move move = m.value();
        FUZZ_CHECK(is_legal(pos, move), "'%.*s' gave an illegal move %s in %s", int(token.size()), token.data(),
                   move_to_uci(move).c_str(), pos.fen().c_str());
        const std::string san = move_to_san(pos, move);
        Result<Move> back = parse_san(pos, san);
        FUZZ_CHECK(back.ok() && back.value() == move, "SAN %s does not read back in %s", san.c_str(), pos.fen().c_str());
        Result<Move> uci_back = parse_uci_move(pos, move_to_uci(pos, move));
        FUZZ_CHECK(uci_back.ok() && uci_back.value() == move, "UCI %s does not read back", move_to_uci(pos, move).c_str());
        pos.do_move(move);
        const std::string error = pos.consistency_error();
        FUZZ_CHECK(error.empty(), "%s after %s", error.c_str(), san.c_str());
        played.push_back(move);
        sans.push_back(san);
    }

    const std::vector<std::string> line = line_to_san(start, played.data(), int(played.size()));
    FUZZ_CHECK(line == sans, "line_to_san disagrees with move-by-move SAN");

    std::vector<std::string> words = {"fen"};
    for (std::string_view w : split_words(start_fen)) words.emplace_back(w);
    words.emplace_back("moves");
    for (Move m : played) words.push_back(move_to_uci(start, m));
    const std::vector<std::string_view> args(words.begin(), words.end());
    Result<Position> rebuilt = parse_position_command(args);
    FUZZ_CHECK(rebuilt.ok(), "`position` rejects the game: %s", rebuilt.error().c_str());
    FUZZ_CHECK(rebuilt.value().fen() == pos.fen() && rebuilt.value().key() == pos.key(),
               "`position` rebuilds %s instead of %s", rebuilt.value().fen().c_str(), pos.fen().c_str());
    return 0;
}
