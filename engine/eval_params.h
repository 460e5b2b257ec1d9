// Every evaluation weight in one place. Values are centipawns, as middlegame/endgame pairs that
// the evaluation tapers between by the material left. The tuned weights themselves are in
// eval_weights.h, written by the Texel tuner (tools/tune.cpp); the constants here are the ones
// the tuner does not touch (they shape the terms rather than weigh them).
#pragma once

namespace mainline::eval_params {

// A middlegame/endgame weight pair.
struct S {
    int mg, eg;
};

// The weights the tuner fits. Only S members (and arrays of S), so that the tuner can address
// them as one flat array: the evaluation's trace records which entry each term used.
struct EvalWeights {
    S piece_value[7];  // -, P, N, B, R, Q, K
    // Piece-square tables laid out as a board diagram seen from white's side (first row = rank 8).
    S pst[7][64];
    S bishop_pair;
    // Pawn structure. Passed pawns by relative rank (0 = own back rank).
    S passed_pawn[8];
    // Extra for a passed pawn whose path to promotion is empty, by relative rank.
    S passed_free_path[8];
    // The defending king's distance to the square in front of a passed pawn minus the attacking
    // king's, times the pawn's relative rank.
    S passed_king_distance;
    // Pawns defended by a pawn or standing beside one, by relative rank.
    S connected_pawn[8];
    // Candidate passed pawns: no enemy pawn ahead on the file, and at least as many own pawns
    // beside or behind on the adjacent files as enemy pawns ahead on them; by relative rank.
    S candidate_pawn[8];
    S isolated_pawn;
    S doubled_pawn;
    S backward_pawn;
    // Mobility: squares attacked that are not occupied by our pawns or king and not attacked by
    // enemy pawns, by count. A table rather than a slope: the first few squares matter most (a
    // trapped piece is nearly lost) and extra squares for a queen matter little.
    S mobility_knight[9];
    S mobility_bishop[14];
    S mobility_rook[15];
    S mobility_queen[28];
    // King safety: the summed attack weight on the enemy king zone (halved, capped) indexes this
    // table, which rises steeply since attacks work together.
    S king_danger[16];
    S pawn_shield;  // per own pawn in front of the king (one or two ranks ahead)
    S king_open_file;  // per file at or beside the king without own pawns
    // A knight or bishop on ranks 4-6, defended by a pawn, that no enemy pawn can drive away.
    S outpost[2];  // knight, bishop
    S rook_open_file;
    S rook_semi_open_file;
    // A piece attacked by an enemy pawn is usually lost or driven away.
    S threat_by_pawn;
    // Our knight or bishop attacking their rook or queen.
    S threat_by_minor;
    // Our rook attacking their queen.
    S threat_by_rook;
    // Their knights, bishops, rooks and queens that we attack and they do not defend, each.
    S hanging;
    // A knight, bishop, rook or queen of ours can give check on a square they do not attack: one
    // each per piece type that can (how many such squares matters little).
    S safe_check[4];
    // Per own pawn on the squares of a bishop's colour, per bishop: such pawns block it.
    S bishop_pawns;
    // A rook on the seventh rank (relative) while their king is on the eighth or pawns remain on
    // the seventh.
    S rook_on_seventh;
    // Rule of the square: in a pawn ending, a passed pawn with a free path that the enemy king
    // cannot catch before it promotes.
    S unstoppable_passer;
};
constexpr int WEIGHT_COUNT = int(sizeof(EvalWeights) / sizeof(S));

constexpr int TEMPO = 10;
constexpr int KING_ATTACK_WEIGHT[7] = {0, 0, 2, 2, 3, 5, 0};

// Endgames that material alone misjudges: with no pawns left, a lead of less than a rook
// rarely wins (scale /8); bishops on opposite colours with nothing else are drawish (scale /2).
constexpr int SCALE_NORMAL = 64;
constexpr int SCALE_NO_PAWNS_SMALL_LEAD = 8;
constexpr int SCALE_OPPOSITE_BISHOPS = 32;


}  // namespace mainline::eval_params
