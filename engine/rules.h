// How a game (or a line in the search) ends by the rules. The search and the PV checker both
// call these, so a line's ending is judged the same way where it is produced and where it is
// verified.
#pragma once

#include "movegen.h"
#include "position.h"
#include "pv.h"

namespace mainline {

// A draw by rule at `ply` plies from the search root: fifty moves (unless the side to move is
// mated), insufficient material, or repetition. A repetition counts when the earlier occurrence
// lies after the root, or when the position has now occurred three times in all (the game before
// the root included). Returns false, or true with the kind in `why`.
bool draw_by_rule(const Position& pos, int ply, PvEnd& why);

bool has_legal_move(const Position& pos);

// How a game stands at `pos`, the moves that led there counting for repetitions: "checkmate" or
// "stalemate" (over), "fifty", "material" or "repetition" (a draw by rule, which the caller may
// or may not take as the end), else "ongoing". What both web bindings report (the engine's
// positionInfo and the rules module), so the app, the package and the engine say the same.
// Inline: each binding calls it once, and out of line it cost the web engine's download 155
// bytes gzipped (measured).
inline const char* game_status(const Position& pos) {
    if (count_legal_moves(pos) == 0) return pos.in_check() ? "checkmate" : "stalemate";
    if (pos.is_fifty_move_draw()) return "fifty";
    if (pos.has_insufficient_material()) return "material";
    if (pos.is_repetition(2)) return "repetition";
    return "ongoing";
}
// The same when the position is known to have no legal capture or promotion (quiescence's
// stalemate test): a king step is tried first, as it nearly always exists, before any generation.
bool has_legal_quiet_move(const Position& pos);

}  // namespace mainline
