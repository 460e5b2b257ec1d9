// Every evaluation weight in one place. Values are centipawns; tables are laid out as a board
// diagram seen from white's side (first row = rank 8), so they read like the board.
// These are hand-set starting values; they are to be tuned on game data (Texel's method).
#pragma once

namespace mainline::eval_params {

//                                   -   P    N    B    R    Q     K
constexpr int PIECE_VALUE_MG[7] = {0, 82, 337, 365, 477, 1025, 0};
constexpr int PIECE_VALUE_EG[7] = {0, 94, 281, 297, 512, 936, 0};

constexpr int BISHOP_PAIR_MG = 25;
constexpr int BISHOP_PAIR_EG = 45;
constexpr int TEMPO = 10;

// A middlegame/endgame weight pair; the evaluation tapers between them by the material left.
struct S {
    int mg, eg;
};

// Pawn structure. Passed pawns by relative rank (0 = own back rank).
constexpr S PASSED_PAWN[8] = {{0, 0}, {2, 10}, {4, 14}, {8, 24}, {20, 45}, {40, 80}, {70, 130}, {0, 0}};
// Extra for a passed pawn whose path to promotion is empty, by relative rank.
constexpr S PASSED_FREE_PATH[8] = {{0, 0}, {0, 2}, {0, 4}, {2, 8}, {4, 16}, {8, 30}, {12, 50}, {0, 0}};
// Endgame: the defending king's distance to the square in front of a passed pawn, minus the
// attacking king's, per square of difference (scaled by the pawn's rank).
constexpr int PASSED_KING_DISTANCE_EG = 4;
constexpr S ISOLATED_PAWN = {-10, -12};
constexpr S DOUBLED_PAWN = {-8, -20};
constexpr S BACKWARD_PAWN = {-6, -6};

// Mobility: squares attacked that are not ours and not attacked by enemy pawns, per piece.
// Linear around a typical count, so that an average piece scores about zero.
constexpr S MOBILITY_PER_SQUARE[7] = {{0, 0}, {0, 0}, {4, 4}, {5, 5}, {2, 4}, {1, 2}, {0, 0}};
constexpr int MOBILITY_TYPICAL[7] = {0, 0, 4, 6, 7, 13, 0};

// King safety (middlegame): each enemy piece attacking the squares around the king adds its
// weight; the sum indexes a table that rises steeply, since attacks work together.
constexpr int KING_ATTACK_WEIGHT[7] = {0, 0, 2, 2, 3, 5, 0};
constexpr int KING_DANGER[16] = {0, 0, 5, 12, 22, 35, 50, 68, 88, 110, 135, 160, 190, 220, 250, 280};
constexpr S PAWN_SHIELD = {10, 0};  // per own pawn in front of the king (one or two ranks ahead)

constexpr S ROOK_OPEN_FILE = {25, 10};
constexpr S ROOK_SEMI_OPEN_FILE = {12, 6};

// A piece attacked by an enemy pawn is usually lost or driven away.
constexpr S THREAT_BY_PAWN = {-35, -25};
// A piece attacked by a lesser piece (pawns excluded): a knight or bishop hitting a rook or queen.
constexpr S THREAT_BY_MINOR = {-20, -15};

// Endgames that material alone misjudges: with no pawns left, a lead of less than a rook
// rarely wins (scale /8); bishops on opposite colours with nothing else are drawish (scale /2).
constexpr int SCALE_NORMAL = 64;
constexpr int SCALE_NO_PAWNS_SMALL_LEAD = 8;
constexpr int SCALE_OPPOSITE_BISHOPS = 32;

// clang-format off
constexpr int PST_MG[7][64] = {
    {},
    { // pawn: advance, hold the centre, keep the king's shelter
      0,   0,   0,   0,   0,   0,   0,   0,
     60,  70,  70,  80,  80,  70,  70,  60,
     15,  20,  30,  40,  40,  30,  20,  15,
      2,   8,  12,  25,  25,  12,   8,   2,
     -4,   0,   6,  20,  20,   6,   0,  -4,
     -4,  -2,   0,   4,   4,  -6,  -2,  -4,
     -6,   0,  -2, -14, -14,  10,  10,  -6,
      0,   0,   0,   0,   0,   0,   0,   0},
    { // knight: centralise, avoid the rim
    -60, -35, -25, -20, -20, -25, -35, -60,
    -30, -15,   0,   5,   5,   0, -15, -30,
    -20,   5,  15,  20,  20,  15,   5, -20,
    -15,   5,  18,  25,  25,  18,   5, -15,
    -15,   0,  15,  20,  20,  15,   0, -15,
    -20,   0,  10,  12,  12,  10,   0, -20,
    -30, -15,   0,   2,   2,   0, -15, -30,
    -50, -25, -20, -20, -20, -20, -25, -50},
    { // bishop: long diagonals, not stuck on the back rank
    -20, -10, -10, -10, -10, -10, -10, -20,
    -10,   0,   0,   0,   0,   0,   0, -10,
    -10,   0,   5,  10,  10,   5,   0, -10,
    -10,   5,   5,  12,  12,   5,   5, -10,
    -10,   0,  12,  12,  12,  12,   0, -10,
    -10,  10,  10,  10,  10,  10,  10, -10,
    -10,  12,   0,   0,   0,   0,  12, -10,
    -20, -10, -12, -10, -10, -12, -10, -20},
    { // rook: seventh rank, central files
      5,   8,   8,  10,  10,   8,   8,   5,
     15,  20,  20,  20,  20,  20,  20,  15,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -8,  -2,   0,   2,   2,   0,  -2,  -8,
     -4,   0,   2,   8,   8,   4,   0,  -4},
    { // queen: a little centralisation, no early adventures
    -20, -10, -10,  -5,  -5, -10, -10, -20,
    -10,   0,   0,   0,   0,   0,   0, -10,
    -10,   0,   5,   5,   5,   5,   0, -10,
     -5,   0,   5,   5,   5,   5,   0,  -5,
     -5,   0,   5,   5,   5,   5,   0,  -5,
    -10,   2,   5,   5,   5,   5,   0, -10,
    -10,   0,   2,   0,   0,   0,   0, -10,
    -20, -10, -10,  -2,  -5, -10, -10, -20},
    { // king (middlegame): stay castled behind the pawns
    -30, -40, -40, -50, -50, -40, -40, -30,
    -30, -40, -40, -50, -50, -40, -40, -30,
    -30, -40, -40, -50, -50, -40, -40, -30,
    -30, -40, -40, -50, -50, -40, -40, -30,
    -20, -30, -30, -40, -40, -30, -30, -20,
    -10, -20, -20, -20, -20, -20, -20, -10,
     15,  15,  -5, -10, -10,  -5,  15,  15,
     20,  30,  10,  -5,   0,  -5,  35,  20},
};

constexpr int PST_EG[7][64] = {
    {},
    { // pawn: the closer to promotion, the more it is worth
      0,   0,   0,   0,   0,   0,   0,   0,
    120, 115, 110, 100, 100, 110, 115, 120,
     70,  65,  55,  45,  45,  55,  65,  70,
     30,  25,  18,  12,  12,  18,  25,  30,
     12,  10,   4,   0,   0,   4,  10,  12,
      4,   4,   0,   2,   2,   0,   4,   4,
      6,   4,   6,   6,   6,   6,   4,   6,
      0,   0,   0,   0,   0,   0,   0,   0},
    {
    -50, -35, -25, -20, -20, -25, -35, -50,
    -30, -15,  -5,   0,   0,  -5, -15, -30,
    -20,  -5,   5,  10,  10,   5,  -5, -20,
    -15,   0,  10,  15,  15,  10,   0, -15,
    -15,   0,  10,  15,  15,  10,   0, -15,
    -20,  -5,   5,  10,  10,   5,  -5, -20,
    -30, -15,  -5,   0,   0,  -5, -15, -30,
    -50, -35, -25, -20, -20, -25, -35, -50},
    {
    -15, -10,  -8,  -5,  -5,  -8, -10, -15,
    -10,  -4,   0,   2,   2,   0,  -4, -10,
     -8,   0,   4,   6,   6,   4,   0,  -8,
     -5,   2,   6,  10,  10,   6,   2,  -5,
     -5,   2,   6,  10,  10,   6,   2,  -5,
     -8,   0,   4,   6,   6,   4,   0,  -8,
    -10,  -4,   0,   2,   2,   0,  -4, -10,
    -15, -10,  -8,  -5,  -5,  -8, -10, -15},
    {
     10,  10,  10,  10,  10,  10,  10,  10,
     12,  12,  12,  12,  12,  12,  12,  12,
      6,   6,   6,   6,   6,   6,   6,   6,
      4,   4,   4,   4,   4,   4,   4,   4,
      0,   0,   0,   0,   0,   0,   0,   0,
     -2,  -2,  -2,  -2,  -2,  -2,  -2,  -2,
     -4,  -4,  -4,  -4,  -4,  -4,  -4,  -4,
     -6,  -4,  -2,   0,   0,  -2,  -4,  -6},
    {
    -10,  -5,   0,   5,   5,   0,  -5, -10,
     -5,   5,  10,  15,  15,  10,   5,  -5,
      0,  10,  20,  25,  25,  20,  10,   0,
      5,  15,  25,  30,  30,  25,  15,   5,
      5,  15,  25,  30,  30,  25,  15,   5,
      0,  10,  20,  25,  25,  20,  10,   0,
     -5,   0,  10,  15,  15,  10,   0,  -5,
    -15, -10,  -5,   0,   0,  -5, -10, -15},
    { // king (endgame): come to the centre
    -50, -30, -20, -15, -15, -20, -30, -50,
    -30, -10,   0,   5,   5,   0, -10, -30,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -15,   5,  20,  30,  30,  20,   5, -15,
    -15,   5,  20,  30,  30,  20,   5, -15,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -30, -10,   0,   5,   5,   0, -10, -30,
    -50, -30, -20, -15, -15, -20, -30, -50},
};
// clang-format on

}  // namespace mainline::eval_params
