// How a search collects its principal variation. Four methods are kept side by side, because
// comparing them is what Mainline is about (docs/pv-methods.md):
//   stack        each ply's line in a per-ply array: line(ply) = move + line(ply + 1)
//   triangular   TSCP's triangular table, the same lines stored in one block
//   tt           nothing collected: the line is read from the hash table after the iteration
//   pvhash       the stack, plus Hyatt's PV hash so that a hash hit at a PV node keeps its line
// The searcher picks one per search and makes one call per PV event; PV events happen at PV
// nodes only, so the indirection costs nothing measurable.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "position.h"
#include "pv.h"
#include "pvhash.h"
#include "tt.h"

namespace mainline {

enum class PvMethod { STACK, TRIANGULAR, TT, PVHASH };
std::string_view to_string(PvMethod m);
bool parse_pv_method(std::string_view name, PvMethod& out);

// What the hash table did at PV nodes.
struct PvCounters {
    std::uint64_t pv_tt_cutoffs = 0;  // exact hash hits that ended a PV node
    std::uint64_t splice_attempts = 0;
    std::uint64_t splice_successes = 0;
};

class PvCollector {
public:
    virtual ~PvCollector() = default;

    // The node at `ply` has no line yet, or its line ends right here for `why`.
    virtual void clear(int ply, PvEnd why) = 0;
    // The node at `ply` has a new best move: its line becomes `m` followed by the child's line.
    virtual void update(int ply, Move m) = 0;
    virtual PvLine line(int ply) const = 0;

    // A hash hit at a PV node whose bound decides the node against (alpha, beta): true when the
    // node may end with `score` without losing its line.
    virtual bool hash_cut(int ply, int depth, int alpha, int beta, int hit_score, int& score) = 0;
    // A PV node finished with an exact score.
    virtual void exact_node(int /*ply*/, int /*depth*/, int /*score*/) {}
    // The line to report for a root move, given what update(0, move) collected.
    virtual PvLine reported(const PvLine& collected) { return collected; }
    // A new game: forget what was learned.
    virtual void forget() {}
};

// The line stack: one PvLine per ply.
class StackPv : public PvCollector {
public:
    StackPv() : lines_(MAX_PLY + 4) {}
    void clear(int ply, PvEnd why) override { lines_[std::size_t(ply)].clear(why); }
    void update(int ply, Move m) override { lines_[std::size_t(ply)].update(m, lines_[std::size_t(ply) + 1]); }
    PvLine line(int ply) const override { return lines_[std::size_t(ply)]; }
    bool hash_cut(int, int, int, int, int, int&) override { return false; }

protected:
    std::vector<PvLine> lines_;
};

// TSCP's triangular array: row `ply` holds the line of the node at `ply` from column `ply` on.
class TriangularPv : public PvCollector {
public:
    TriangularPv() : moves_(std::size_t(MAX_PLY + 1) * (MAX_PLY + 1)), length_(MAX_PLY + 2), end_(MAX_PLY + 2) {}
    void clear(int ply, PvEnd why) override {
        length_[std::size_t(ply)] = ply;
        end_[std::size_t(ply)] = why;
    }
    void update(int ply, Move m) override;
    PvLine line(int ply) const override;
    bool hash_cut(int, int, int, int, int, int&) override { return false; }

private:
    std::vector<Move> moves_;
    std::vector<int> length_;
    std::vector<PvEnd> end_;
};

// Nothing is collected: after each iteration the line is followed through the hash table's best
// moves, each checked for legality. Hash cut-offs at PV nodes are allowed (the line comes from
// the table anyway), and the line is cut where an entry is missing or overwritten.
class TtPv : public PvCollector {
public:
    TtPv(Position& pos, const TranspositionTable& tt, PvCounters& counters) : pos_(pos), tt_(tt), counters_(counters) {}
    void clear(int, PvEnd) override {}
    void update(int ply, Move m) override {
        if (ply == 0) root_move_ = m;
    }
    PvLine line(int ply) const override;
    bool hash_cut(int, int, int, int, int hit_score, int& score) override {
        ++counters_.pv_tt_cutoffs;
        score = hit_score;
        return true;
    }
    PvLine reported(const PvLine& collected) override;

private:
    Position& pos_;
    const TranspositionTable& tt_;
    PvCounters& counters_;
    Move root_move_ = Move::none();
};

// The line stack plus Hyatt's PV hash: exact PV nodes store their whole line, and an exact hash
// hit at a PV node ends the node only if the stored line can be spliced in.
class PvHashPv : public StackPv {
public:
    PvHashPv(Position& pos, PvCounters& counters) : pos_(pos), counters_(counters) {}
    bool hash_cut(int ply, int depth, int alpha, int beta, int hit_score, int& score) override;
    void exact_node(int ply, int depth, int score) override {
        table_.store(pos_.key(), pos_.rule50(), depth, score_to_tt(score, ply), lines_[std::size_t(ply)]);
    }
    void forget() override { table_.clear(); }

private:
    bool splice(int ply, int depth, int alpha, int beta, int& score);

    Position& pos_;
    PvCounters& counters_;
    PvHashTable table_;
};

}  // namespace mainline
