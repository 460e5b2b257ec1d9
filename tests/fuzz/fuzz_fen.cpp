// Fuzz target: FEN parsing. Any input is either rejected with a message, or gives a position that
// passes check_position() (consistent, prints and reads back the same FEN, every legal move makes
// and unmakes cleanly, UCI and SAN of every move read back) and that the evaluation and the
// `position fen ...` command accept the same way.
#include <string>
#include <vector>

#include "evaluate.h"
#include "fuzz_check.h"
#include "position_command.h"
#include "tt.h"
#include "uci.h"

using namespace mainline;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    Result<Position> parsed = Position::from_fen(text);

    // The UCI command gives the same answer for the same words (it splits on whitespace, and a
    // FEN word "moves" would start the moves list, so only compare when there is none).
    std::vector<std::string_view> args = split_words(text);
    bool has_moves_word = false;
    for (std::string_view w : args) has_moves_word |= w == "moves";
    if (!has_moves_word && !args.empty()) {
        args.insert(args.begin(), "fen");
        Result<Position> via_uci = parse_position_command(args);
        FUZZ_CHECK(via_uci.ok() == parsed.ok(), "from_fen and `position fen` disagree: %s / %s", parsed.error().c_str(),
                   via_uci.error().c_str());
        if (parsed) FUZZ_CHECK(via_uci.value().fen() == parsed.value().fen(), "`position fen` gives another position");
    }

    if (!parsed) {
        FUZZ_CHECK(!parsed.error().empty(), "a FEN was rejected without a message");
        return 0;
    }
    Position pos = std::move(parsed).value();
    fuzz::check_position(pos, "fuzz_fen");
    const int eval = evaluate(pos);
    FUZZ_CHECK(eval > -SCORE_MATE_IN_MAX_PLY && eval < SCORE_MATE_IN_MAX_PLY, "evaluation %d out of range in %s", eval,
               pos.fen().c_str());
    return 0;
}
