#include "bitboard.h"

#include <algorithm>
#include <cstddef>
#include <initializer_list>

namespace mainline {

namespace {

// xorshift64*: tiny, deterministic, good enough to find magics quickly.
class Prng {
public:
    explicit Prng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        s_ ^= s_ >> 12;
        s_ ^= s_ << 25;
        s_ ^= s_ >> 27;
        return s_ * 2685821657736338717ULL;
    }
    // Magics with few set bits are found far sooner.
    std::uint64_t sparse() { return next() & next() & next(); }

private:
    std::uint64_t s_;
};

// Magics found by init_magic's own search (seeded as below), stored so that start-up does not
// repeat the search (0.3 s native, 0.6 s in WebAssembly). Each is verified before use; a magic
// that fails (it cannot, unless the table layout changes) is searched for again.
constexpr Bitboard ROOK_MAGICS[64] = {
    0x1080004008801020ULL, 0x0840092002C03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000A001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021D00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000A0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0050500500080100ULL, 0x0000020080040080ULL, 0x0C10010400420810ULL, 0x1040008200005104ULL,
    0x01808240088004A0ULL, 0x0882804004802000ULL, 0x0880402001001100ULL, 0x2000210409001000ULL,
    0x2000480131001500ULL, 0x0000800400800200ULL, 0x000002380C001003ULL, 0x4600084882000431ULL,
    0x0080002000504000ULL, 0x0300500020004002ULL, 0x0040408200220011ULL, 0x0010040008004040ULL,
    0x0000080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040A00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04C1002414824001ULL, 0x020020000B001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084C0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
constexpr Bitboard BISHOP_MAGICS[64] = {
    0x20C0090901061081ULL, 0x0024040094030104ULL, 0x8210810200290200ULL, 0x0011040484620000ULL,
    0x0081104002221000ULL, 0x0009012011001350ULL, 0x0081010802400380ULL, 0x0000420210010408ULL,
    0x0008105002280050ULL, 0x0001028484040044ULL, 0x2A00880810408804ULL, 0x7020022282000100ULL,
    0x0084040420100A50ULL, 0x000401010840E000ULL, 0x2020020210420888ULL, 0x0008084202012010ULL,
    0x2010400810018800ULL, 0x0445122008020840ULL, 0x0804100808002008ULL, 0x0008002104110100ULL,
    0x0061005820080800ULL, 0x2001000200820100ULL, 0x480C210084010800ULL, 0x3004442500480420ULL,
    0x1010102240048100ULL, 0x00182009084220A3ULL, 0x8803090A10004205ULL, 0x0208080040202020ULL,
    0x000C044084010040ULL, 0x00A1010002004106ULL, 0x6008210020640202ULL, 0x1600902112860801ULL,
    0x00042008C1220200ULL, 0x010C042002440140ULL, 0x5022080200040820ULL, 0x0402004042940100ULL,
    0x0860108400008020ULL, 0x000C080022021000ULL, 0x0264080652822100ULL, 0x4005031221010401ULL,
    0x0004502410008400ULL, 0x000500B010A20400ULL, 0x0415094050080800ULL, 0x080000201800A104ULL,
    0x4022A80304000110ULL, 0x4012140802028020ULL, 0x40200104010100A0ULL, 0x12810806008B0C41ULL,
    0x0020441008080000ULL, 0x2002120084045420ULL, 0x0704020062080002ULL, 0x0000001084040001ULL,
    0x0322200891240200ULL, 0xF040200210024800ULL, 0x0140824832008042ULL, 0x000210020A004602ULL,
    0x0083042805141020ULL, 0x002C12009A011000ULL, 0x0041A00044140400ULL, 0x00004004020A0202ULL,
    0x0000140010020210ULL, 0x2864160811012200ULL, 0x2060080841082A17ULL, 0xA010041108003100ULL,
};

Bitboard step_bb(Square s, int df, int dr) {
    int f = file_of(s) + df, r = rank_of(s) + dr;
    return (f >= 0 && f < 8 && r >= 0 && r < 8) ? square_bb(make_square(f, r)) : 0;
}

// Slider attacks from the eight rays of each square, cut after the nearest blocker: the same sets
// as sliding_attacks_slow(), for the start-up only. Browsers run the start-up in WebAssembly's
// baseline compiler, where stepping square by square through the 107,648 occupancy subsets took
// most of the attack tables' set-up; this is part of the time to the first search.
class Rays {
public:
    Rays() {
        for (int d = 0; d < 8; ++d)
            for (int sq = 0; sq < 64; ++sq) {
                Bitboard r = 0;
                int f = file_of(Square(sq)) + DF[d], k = rank_of(Square(sq)) + DR[d];
                for (; f >= 0 && f < 8 && k >= 0 && k < 8; f += DF[d], k += DR[d]) r |= square_bb(make_square(f, k));
                ray_[d][sq] = r;
            }
    }

    Bitboard attacks(PieceType pt, Square s, Bitboard occupied) const {
        Bitboard all = 0;
        for (int d = pt == ROOK ? 0 : 2; d < 8; d += (d & 1) ? 3 : 1) {
            Bitboard r = ray_[d][s];
            // Directions 0-3 go up the square numbering, so their nearest blocker is the lowest bit.
            if (const Bitboard blockers = r & occupied)
                r ^= ray_[d][d < 4 ? std::countr_zero(blockers) : 63 - std::countl_zero(blockers)];
            all |= r;
        }
        return all;
    }

private:
    // Rook directions are 0, 1, 4, 5 (N, E, S, W); bishop directions 2, 3, 6, 7 (NE, NW, SW, SE).
    static constexpr int DF[8] = {0, 1, 1, -1, 0, -1, -1, 1};
    static constexpr int DR[8] = {1, 0, 1, 1, -1, 0, -1, -1};
    Bitboard ray_[8][SQUARE_NB];
};

// Finds a magic for one square by trial: every occupancy subset must map to a slot that holds
// either nothing yet or the same attack set. Ids stamp the slots used by the current trial so
// the table need not be cleared between trials.
void init_magic(PieceType pt, Square s, Magic& m, Bitboard* table, Prng& rng, Bitboard known, const Rays& rays) {
    Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                     ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
    m.mask = rays.attacks(pt, s, 0) & ~edges;
    int bits = popcount(m.mask);
    m.shift = unsigned(64 - bits);
    m.attacks = table;

    // Static scratch space: only the one-time initialisation runs this, and WASM stacks are small.
    static Bitboard occupancy[4096], reference[4096];
    static int epoch[4096];
    std::fill(epoch, epoch + (std::size_t(1) << bits), 0);  // the slots this square's indexes can reach
    int size = 0;
    Bitboard b = 0;
    do {  // Carry-Rippler enumeration of all subsets of the mask.
        occupancy[size] = b;
        reference[size] = rays.attacks(pt, s, b);
        ++size;
        b = (b - m.mask) & m.mask;
    } while (b);

    for (int trial = 1;; ++trial) {
        if (trial == 1 && known) m.magic = known;
        else do m.magic = rng.sparse();
            while (popcount((m.magic * m.mask) >> 56) < 6);
        int i = 0;
        for (; i < size; ++i) {
            unsigned idx = m.index(occupancy[i]);
            if (epoch[idx] < trial) {
                epoch[idx] = trial;
                table[idx] = reference[i];
            } else if (table[idx] != reference[i]) {
                break;
            }
        }
        if (i == size) return;
    }
}

}  // namespace

AttackTables::AttackTables() {
    AttackTables& t = *this;
    for (int sq = 0; sq < 64; ++sq) {
        Square s = Square(sq);
        t.pawn[WHITE][s] = step_bb(s, -1, 1) | step_bb(s, 1, 1);
        t.pawn[BLACK][s] = step_bb(s, -1, -1) | step_bb(s, 1, -1);
        t.knight[s] = step_bb(s, 1, 2) | step_bb(s, 2, 1) | step_bb(s, 2, -1) | step_bb(s, 1, -2) |
                      step_bb(s, -1, -2) | step_bb(s, -2, -1) | step_bb(s, -2, 1) | step_bb(s, -1, 2);
        t.king[s] = 0;
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr)
                if (df || dr) t.king[s] |= step_bb(s, df, dr);
    }

    const Rays rays;
    Prng rng(0x9E3779B97F4A7C15ULL);
    Bitboard* rook_next = rook_table;
    Bitboard* bishop_next = bishop_table;
    for (int sq = 0; sq < 64; ++sq) {
        Square s = Square(sq);
        init_magic(ROOK, s, t.rook[s], rook_next, rng, ROOK_MAGICS[s], rays);
        rook_next += std::size_t(1) << popcount(t.rook[s].mask);
        init_magic(BISHOP, s, t.bishop[s], bishop_next, rng, BISHOP_MAGICS[s], rays);
        bishop_next += std::size_t(1) << popcount(t.bishop[s].mask);
    }

    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            Square sa = Square(a), sb = Square(b);
            t.line[a][b] = 0;
            t.between[a][b] = square_bb(sb);
            for (PieceType pt : {BISHOP, ROOK}) {
                if (rays.attacks(pt, sa, 0) & square_bb(sb)) {
                    t.line[a][b] = (rays.attacks(pt, sa, 0) & rays.attacks(pt, sb, 0)) | square_bb(sa) | square_bb(sb);
                    t.between[a][b] |= rays.attacks(pt, sa, square_bb(sb)) & rays.attacks(pt, sb, square_bb(sa));
                }
            }
        }
    }
}

Bitboard sliding_attacks_slow(PieceType pt, Square s, Bitboard occupied) {
    static constexpr int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static constexpr int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    const auto& dirs = pt == ROOK ? rook_dirs : bishop_dirs;
    Bitboard attacks = 0;
    for (const auto& d : dirs) {
        int f = file_of(s), r = rank_of(s);
        while (true) {
            f += d[0];
            r += d[1];
            if (f < 0 || f > 7 || r < 0 || r > 7) break;
            Bitboard b = square_bb(make_square(f, r));
            attacks |= b;
            if (occupied & b) break;
        }
    }
    return attacks;
}

const AttackTables attack_tables;

}  // namespace mainline
