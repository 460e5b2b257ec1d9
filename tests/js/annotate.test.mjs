// Annotated PGN (web/src/annotate.js, shared by the board app and mainline-analyse) and the app's
// game records (app/src/record.js, pgn.js): evaluations as [%eval], the engine's line as
// [%mlpv], move judgements by the drop in expected score, and round trips PGN -> tree -> record
// -> PGN that keep moves, variations, notes, NAGs and evaluations. chess.js (another reader)
// must accept everything written.
import { describe, expect, test } from 'vitest';
import { Chess } from 'chess.js';
import {
  expectedScore, formatEval, judgeMove, JUDGEMENTS, parseEval, parsePgnGames, readComment, writePgn, evalFromSearch, isTerminal, WIN_K, annotatorName,
  formatScore, secondLine, startFen, mainLine, rosterTags, STANDARD_START, whiteScore,
} from '../../web/src/annotate.js';
import { gameReport, pgnJudgement, reportSummary } from '../../web/src/report.js';
import { parsePgn, exportPgn } from '../../app/src/model/pgn.js';
import { readPgnGames, recordFromTree, treeFromRecord, reviewFromEvals, exportHeaders } from '../../app/src/model/record.js';
import { reportOf } from '../../app/src/model/gamereport.js';
import { readFileSync } from 'node:fs';
// the one place the version is written (the Annotator header names it)
const VERSION = JSON.parse(readFileSync(new URL('../../web/package.json', import.meta.url), 'utf8')).version;

const cpFor = (e) => Math.log(e / (1 - e)) / WIN_K; // centipawns giving expected score e

describe('evaluations as text', () => {
  test('[%eval] values: pawns with two decimals from White’s side, mates with #', () => {
    expect(formatEval({ cp: 34 })).toBe('0.34');
    expect(formatEval({ cp: -120 })).toBe('-1.20');
    expect(formatEval({ cp: 0 })).toBe('0.00');
    expect(formatEval({ cp: -0.4 })).toBe('0.00');
    expect(formatEval({ mate: 3 })).toBe('#3');
    expect(formatEval({ mate: -3 })).toBe('#-3');
    expect(formatEval({ mate: 0 })).toBe('#0');
    for (const s of [{ cp: 34 }, { cp: -120 }, { cp: 0 }, { mate: 3 }, { mate: -3 }, { mate: 0 }]) expect(parseEval(formatEval(s))).toEqual({ score: s });
    // what other tools write
    expect(parseEval('+0.3')).toEqual({ score: { cp: 30 } });
    expect(parseEval('#+2')).toEqual({ score: { mate: 2 } });
    expect(parseEval('-1.5,22')).toEqual({ score: { cp: -150 }, depth: 22 });
    expect(parseEval('12')).toEqual({ score: { cp: 1200 } });
    expect(parseEval('abc')).toBeNull();
    // as a board shows it: a + on White's advantage only
    expect([{ cp: 34 }, { cp: -120 }, { cp: 0 }, { mate: 3 }, { mate: -3 }, { mate: 0 }].map(formatScore)).toEqual(['+0.34', '-1.20', '0.00', '#3', '#-3', '#0']);
  });

  test('engine reports (side to move’s view) become White’s view', () => {
    const report = { score: { cp: 50 }, depth: 9, pv: ['e7e5'], pvSan: ['e5'], nodes: 1234 };
    expect(evalFromSearch(report, 'b', 'pvhash')).toEqual({ score: { cp: -50 }, depth: 9, pv: ['e7e5'], pvSan: ['e5'], method: 'pvhash', nodes: 1234 });
    expect(evalFromSearch({ ...report, score: { mate: 2 } }, 'b').score).toEqual({ mate: -2 });
    expect(evalFromSearch({ ...report, score: { mate: 2 } }, 'w').score).toEqual({ mate: 2 });
    // a level score from Black's side is +0, not -0: a saved analysis must equal its own PGN export
    // (which writes 0.00 and reads back +0), and toEqual tells -0 from +0
    expect(evalFromSearch({ ...report, score: { cp: 0 } }, 'b').score).toEqual({ cp: 0 });
    expect(secondLine({ score: { cp: 0 }, depth: 9 }, 'b').score).toEqual({ cp: 0 });
    expect(evalFromSearch({ ...report, score: { mate: 0 } }, 'b').score).toEqual({ mate: 0 });
    // the one sign flip the package and the app share: a copy, never the argument, never -0
    const given = { cp: 12 };
    expect(whiteScore(given, 'w')).toEqual({ cp: 12 });
    expect(whiteScore(given, 'w')).not.toBe(given);
    expect(whiteScore(given, 'b')).toEqual({ cp: -12 });
    expect(whiteScore({ mate: -4 }, 'b')).toEqual({ mate: 4 });
    expect(Object.is(whiteScore({ cp: 0 }, 'b').cp, 0)).toBe(true);
    expect(Object.is(whiteScore({ mate: 0 }, 'b').mate, 0)).toBe(true);
    // a MultiPV 2 report as an Eval's second line
    expect(secondLine({ score: { cp: 20 }, depth: 9, pv: ['d7d5'], pvSan: ['d5'] }, 'b')).toEqual({ score: { cp: -20 }, pv: ['d7d5'], pvSan: ['d5'] });
    expect(secondLine({ score: { mate: 1 }, depth: 3 }, 'w')).toEqual({ score: { mate: 1 }, pv: [], pvSan: [] });
    expect(isTerminal('checkmate', false)).toBe(true);
    expect(isTerminal('repetition', false)).toBe(false);
    expect(isTerminal('repetition', true)).toBe(true);
    expect(isTerminal('ongoing', true)).toBe(false);
  });
});

describe('move judgements by the drop in expected score', () => {
  test('expected score: lichess’s logistic curve; mates are 1 or 0', () => {
    expect(expectedScore({ cp: 0 }, 'w')).toBeCloseTo(0.5);
    expect(expectedScore({ cp: 100 }, 'w')).toBeCloseTo(0.591, 3);
    expect(expectedScore({ cp: -300 }, 'b')).toBeCloseTo(0.249, 3);
    expect(expectedScore({ mate: 4 }, 'b')).toBe(1);
    expect(expectedScore({ mate: -1 }, 'w')).toBe(0);
    expect(expectedScore({ mate: 0 }, 'w')).toBe(0); // White to move is mated
    expect(expectedScore({ mate: 0 }, 'b')).toBe(1);
  });

  test('thresholds 0.05 / 0.10 / 0.15 for inaccuracy, mistake, blunder, for either side', () => {
    expect(JUDGEMENTS.map((j) => [j.name, j.minDrop, j.nag, j.glyph])).toEqual([
      ['blunder', 0.15, 4, '??'], ['mistake', 0.1, 2, '?'], ['inaccuracy', 0.05, 6, '?!'],
    ]);
    const before = { score: { cp: 0 }, depth: 10, pv: ['e2e4'] };
    const white = (drop) => judgeMove(before, { score: { cp: Math.round(cpFor(0.5 - drop)) }, depth: 10 }, 'w', 'a2a3');
    expect(white(0.04).judgement).toBeNull();
    expect(white(0.06).judgement?.name).toBe('inaccuracy');
    expect(white(0.11).judgement?.name).toBe('mistake');
    expect(white(0.2).judgement?.name).toBe('blunder');
    // Black: a rise in White's score is Black's drop
    const black = judgeMove({ score: { cp: 0 }, depth: 10, pv: ['e7e5'] }, { score: { cp: Math.round(cpFor(0.62)) }, depth: 10 }, 'b', 'a7a6');
    expect(black.judgement?.name).toBe('mistake');
    expect(black.drop).toBeCloseTo(0.12, 2);
    // the engine's own best move is never judged
    expect(judgeMove({ score: { cp: 0 }, depth: 10, pv: ['a2a3'] }, { score: { cp: -400 }, depth: 12 }, 'w', 'a2a3').judgement).toBeNull();
    // missing a mate in one is a blunder
    expect(judgeMove({ score: { mate: -1 }, depth: 5, pv: ['d8h4'] }, { score: { cp: 0 }, depth: 5 }, 'b', 'd8d7').judgement?.name).toBe('blunder');
    // a mating move: the side to move after it is mated, the mover's score is 1
    expect(judgeMove({ score: { mate: -1 }, depth: 5, pv: ['d8h4'] }, { score: { mate: 0 }, depth: 0 }, 'b', 'd8h4').drop).toBe(0);
  });
});

describe('reading PGN', () => {
  test('games, tags, variations, comments, NAGs and glyphs, escapes, results', () => {
    const games = parsePgnGames(`[Event "A \\"quoted\\" \\\\ event"]
[White "W"]

{ before } 1. e4! {after e4} 1... e5?! (1... c5 $2 (1... e6 2. d4) 2. Nf3) 2. Nf3 ; rest of line
Nc6 3.Bb5 a6 1-0

% an escape line
[Event "B"]
1. d4 d5 *
1. c4`);
    expect(games.map((g) => [g.headers.Event, g.result, g.line])).toEqual([['A "quoted" \\ event', '1-0', 1], ['B', '*', 8], [undefined, '*', 10]]);
    const [g] = games;
    expect(g.root.comment).toBe('before');
    const e4 = g.root.children[0];
    expect([e4.san, e4.nags, e4.comment]).toEqual(['e4', [1], 'after e4']);
    expect(e4.children.map((c) => [c.san, c.nags])).toEqual([['e5', [6]], ['c5', [2]], ['e6', []]]); // a variation inside a variation replaces its move
    expect(e4.children[1].children.map((c) => c.san)).toEqual(['Nf3']);
    expect(g.root.children.map((c) => c.san)).toEqual(['e4']);
    expect(e4.children[0].children[0].comment).toBe('rest of line');
    expect(e4.children[0].children[0].children[0].children[0].san).toBe('Bb5'); // "3.Bb5"
    expect(games[0].text).toMatch(/^\[Event[\s\S]*1-0$/);
    expect(mainLine(g).map((n) => n.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6']);
    expect(mainLine(games[2]).map((n) => n.san)).toEqual(['c4']);
    // the roster as writePgn writes it; the FEN tag in any case
    expect(rosterTags(g.headers)).toEqual([['Event', 'A "quoted" \\ event'], ['Site', '?'], ['Date', '????.??.??'], ['Round', '?'], ['White', 'W'], ['Black', '?'], ['Result', '*']]);
    expect(startFen(g.headers)).toBeUndefined();
    expect(startFen({ fen: STANDARD_START })).toBe(STANDARD_START);
    expect(startFen({ FEN: '' })).toBe('');
  });

  test('old notations: en passant marks, glued numbers, 0-0', () => {
    const [g] = parsePgnGames('1.e4 d5 2.e5 f5 3.exf6e.p. Nxf6 4. Nf3 e6 5. Bd3 Bd6 6. 0-0 0-0 *');
    const sans = [];
    for (let n = g.root; n.children.length; ) sans.push((n = n.children[0]).san);
    expect(sans).toEqual(['e4', 'd5', 'e5', 'f5', 'exf6', 'Nxf6', 'Nf3', 'e6', 'Bd3', 'Bd6', '0-0', '0-0']);
    expect(parsePgnGames('1. e4 d5 2. e5 f5 3. exf6 e.p. *')[0].root.children[0].children[0].children[0].children[0].children[0].san).toBe('exf6');
    expect(readPgnGames('1.e4 d5 2.e5 f5 3.exf6e.p. Nxf6 4. Nf3 e6 5. Bd3 Bd6 6. 0-0 0-0 *')[0].tree.mainline().at(-1).san).toBe('O-O');
  });

  test('broken structure is an error with its line', () => {
    expect(() => parsePgnGames('1. e4 { open')).toThrow(/comment .* not closed at line 1/);
    expect(() => parsePgnGames('1. e4 e5 )')).toThrow(/without "\("/);
    expect(() => parsePgnGames('1. e4 (1. d4 d5')).toThrow(/not closed/);
    expect(() => parsePgnGames('\n1. e4 e5 2. Bb9')).toThrow(/"Bb9" is not a move at line 2/);
  });

  test('comments: evaluation, Mainline’s line, other commands and the note; our judgement sentence is dropped', () => {
    expect(readComment('[%eval -1.20] [%mlpv 14 pvhash e7e5 g1f3] [%clk 0:03:00] (0.30 → -1.20) Mistake. Nc3 was best. my note')).toEqual({
      eval: { score: { cp: -120 }, depth: 14, method: 'pvhash', pv: ['e7e5', 'g1f3'] },
      commands: '[%clk 0:03:00]',
      note: 'my note',
    });
    expect(readComment('[%eval #-3,18]').eval).toEqual({ score: { mate: -3 }, depth: 18 });
    expect(readComment('just a note')).toEqual({ eval: null, commands: '', note: 'just a note' });
  });
});

// A game with everything: a blunder, variations, notes (one with braces), user NAGs, a clock
// command from another tool, and evaluations on every main-line position.
const GAME = `[Event "Round trip"]
[White "Alpha"]
[Black "Beta"]
[Result "0-1"]

1. f3 e5 (1... d5 { the solid reply }) 2. g4 $1 { a bold idea [%clk 0:02:59] } Qh4# 0-1`;

function evaluated() {
  const { tree, headers } = parsePgn(GAME);
  const ev = (cp, pv, pvSan, depth = 8) => ({ score: cp, depth, pv, pvSan, method: 'pvhash' });
  const line = [tree.root, ...tree.mainline()];
  line[0].eval = ev({ cp: 30 }, ['e2e4', 'e7e5'], ['e4', 'e5']);
  line[1].eval = ev({ cp: -40 }, ['e7e5', 'e2e4'], ['e5', 'e4']);
  line[3].note = 'a {bold} idea'; // typed in the app: braces cannot go into a PGN comment
  line[2].eval = ev({ cp: -30 }, ['e2e4', 'b8c6'], ['e4', 'Nc6']);
  line[3].eval = ev({ mate: -1 }, ['d8h4'], ['Qh4#']);
  line[4].eval = { score: { mate: 0 }, depth: 0, pv: [], pvSan: [] };
  return { tree, headers };
}

describe('writing PGN and reading it back', () => {
  test('every evaluation, the judgement, notes and variations; chess.js reads it', () => {
    const { tree, headers } = evaluated();
    const pgn = exportPgn(tree, headers);
    const flat = pgn.replace(/\n/g, ' ');
    // the game report first (every main-line position is evaluated), then the start's evaluation
    // (and each player's accuracy by phase: four moves, all of the opening)
    expect(flat).toMatch(/\{ Mainline report: White \d+% accuracy, \d+ ACPL; Black \d+% accuracy, \d+ ACPL\. Accuracy by phase \(White \/ Black\): opening \d+% \/ \d+%, middlegame – \/ –, endgame – \/ –\. \[%eval 0\.30\] \[%mlpv 8 pvhash e2e4 e7e5\] \} 1\. f3/);
    // 1. f3 (A00, Barnes opening) loses an Inaccuracy's worth, but it is a named opening: Book, no NAG
    expect(flat).toMatch(/1\. f3 \{ \[%eval -0\.40\] \[%mlpv 8 pvhash e7e5 e2e4\] Book move\. \} 1\.\.\. e5 \{ \[%eval -0\.30\] \[%mlpv 8 pvhash e2e4 b8c6\] Book move\. \}/);
    // 2. g4 has the user's "!" ($1): it stays, the judgement's $4 is not added, the sentence is
    expect(flat).toMatch(/2\. g4 \$1 \{ \[%eval #-1\] \[%mlpv 8 pvhash d8h4\] \[%clk 0:02:59\] \(-0\.30 → #-1\) Blunder\. e4 was best\. a \(bold\) idea \}/);
    expect(flat).toMatch(/2\.\.\. Qh4# \{ \[%eval #0\] \} 0-1$/);
    expect(flat).toContain('(1... d5 { the solid reply })');
    const chess = new Chess();
    chess.loadPgn(pgn);
    expect(chess.history()).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
    expect(chess.getHeaders()).toMatchObject({ White: 'Alpha', Black: 'Beta', Result: '0-1' });
    // lines stay short, commands whole
    for (const l of pgn.split('\n')) expect(l.length).toBeLessThanOrEqual(80);
  });

  test('export -> import -> the same record; exporting the import gives the same text', () => {
    const { tree, headers } = evaluated();
    const pgn = exportPgn(tree, headers);
    const back = parsePgn(pgn);
    const meta = { id: 'x', name: 'x', created: 0 };
    const a = recordFromTree(tree, { ...meta, headers });
    const b = recordFromTree(back.tree, { ...meta, headers: back.headers });
    delete a.updated;
    delete b.updated;
    // the note lost its braces (a PGN comment cannot hold them); everything else is identical
    const g4 = a.nodes.find((n) => n.san === 'g4');
    g4.note = 'a (bold) idea';
    expect(b.nodes).toEqual(a.nodes);
    expect(b.nodes.find((n) => n.san === 'g4')).toMatchObject({ nags: [1], commands: '[%clk 0:02:59]' });
    expect(exportPgn(back.tree, back.headers)).toBe(pgn);
    // the judgement is recomputed, not kept as a NAG
    const f3 = back.tree.mainline()[0];
    expect(f3.nags).toBeUndefined();
    expect(reportOf(back.tree).verdicts.get(f3.id)?.cls).toBe('book');
    expect(readComment(`[%eval -0.40] Book move.`).note).toBe('');
  });

  test('an imported game with an evaluation everywhere counts as analysed, and exports its annotator', () => {
    const { tree, headers } = evaluated();
    expect(reviewFromEvals(tree)).toMatchObject({ limits: { depth: 8 }, complete: true });
    delete tree.mainline()[2].eval;
    expect(reviewFromEvals(tree)).toBeNull();
    expect(exportHeaders(headers, { limits: { depth: 8 }, date: 0, complete: true }).Annotator).toBe(`Mainline ${VERSION} (depth 8)`);
    expect(exportHeaders({ ...headers, Annotator: 'Someone' }, { limits: { depth: 8 }, date: 0, complete: true }).Annotator).toBe('Someone');
    expect(exportHeaders(headers, null).Annotator).toBeUndefined();
    expect(annotatorName('1.2.3', { movetime: 500 })).toBe('Mainline 1.2.3 (500 ms per move)');
  });

  test('a record survives storage unchanged (tree -> record -> tree)', () => {
    const { tree, headers } = evaluated();
    tree.root.note = 'game note';
    const rec = recordFromTree(tree, { id: 'y', name: 'n', created: 1, headers, current: 3 });
    const again = recordFromTree(treeFromRecord(JSON.parse(JSON.stringify(rec))), { id: 'y', name: 'n', created: 1, headers, current: 3 });
    delete rec.updated;
    delete again.updated;
    expect(again).toEqual(rec);
    expect(rec.moveCount).toBe(4);
  });

  test('a position that does not start the game, Black to move; the engine’s line as a variation', () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 2';
    const game = {
      headers: { White: 'X', Black: 'Y' },
      startFen: fen,
      root: {
        san: null, eval: { score: { cp: 20 }, depth: 6, pv: ['g8f6'], pvSan: ['Nf6'] },
        children: [{ san: 'f6', uci: 'f7f6', eval: { score: { cp: 150 }, depth: 6, pv: ['f3e5'], pvSan: ['Nxe5'] }, children: [{ san: 'Bc4', uci: 'f1c4', children: [] }] }],
      },
    };
    const pgn = writePgn(game, { variations: true });
    expect(pgn).toContain('[SetUp "1"]');
    expect(pgn).toContain(`[FEN "${fen}"]`);
    expect(pgn.replace(/\n/g, ' ')).toMatch(/2\.\.\. f6 \$2 \{ \[%eval 1\.50\] .* Mistake\. Nf6 was best\. \} \(2\.\.\. Nf6\) 3\. Bc4 \*/);
    const chess = new Chess();
    chess.loadPgn(pgn);
    expect(chess.history()).toEqual(['f6', 'Bc4']);
    const [read] = readPgnGames(pgn);
    expect(read.tree.root.fen).toBe(fen);
    expect(read.tree.root.children.map((n) => n.san)).toEqual(['f6', 'Nf6']); // the variation is a variation
    expect(read.tree.root.children[0].eval).toEqual({ score: { cp: 150 }, depth: 6, pv: ['f3e5'], pvSan: ['Nxe5'] });
  });

  test('the game report: class NAGs and sentences, the summary first; read back without them', () => {
    const ev = (cp, pv, pvSan) => ({ score: { cp }, depth: 8, pv, pvSan });
    const moves = [
      { mover: 'w', played: 'e2e4', before: ev(20, ['e2e4'], ['e4']), after: ev(20, ['e7e5'], ['e5']) },
      { mover: 'b', played: 'f7f6', before: ev(20, ['e7e5'], ['e5']), after: ev(450, ['f1c4'], ['Bc4']) },
      { mover: 'w', played: 'f1c4', before: ev(450, ['f1c4'], ['Bc4']), second: ev(0), after: ev(440) },
    ];
    const report = gameReport(moves);
    expect(report.moves.map((m) => m.cls)).toEqual(['best', 'blunder', 'great']);
    const game = {
      headers: { White: 'A', Black: 'B' },
      report: reportSummary(report),
      root: {
        san: null, eval: moves[0].before, note: 'my note',
        children: [{
          san: 'e4', uci: 'e2e4', eval: moves[0].after, judgement: pgnJudgement(report.moves[0]),
          children: [{
            san: 'f6', uci: 'f7f6', eval: moves[1].after, judgement: pgnJudgement(report.moves[1]),
            children: [{ san: 'Bc4', uci: 'f1c4', eval: moves[2].after, judgement: pgnJudgement(report.moves[2]), children: [] }],
          }],
        }],
      },
    };
    const pgn = writePgn(game).replace(/\n/g, ' ');
    expect(pgn).toMatch(/^.*\{ Mainline report: White 99% accuracy, 5 ACPL; Black 22% accuracy, 430 ACPL\. \[%eval 0\.20\]/);
    expect(pgn).toMatch(/1\. e4 \{ \[%eval 0\.20\] \[%mlpv 8 - e7e5\] \} 1\.\.\. f6 \$4 \{ .* \(0\.20 → 4\.50\) Blunder\. e5 was best\. \}/);
    expect(pgn).toMatch(/2\. Bc4 \$1 \{ \[%eval 4\.40\] \[%mlpv 8 -\] Great move\. \}/);
    const chess = new Chess();
    chess.loadPgn(pgn);
    expect(chess.history()).toEqual(['e4', 'f6', 'Bc4']);
    // read back: the summary and sentences are not taken for the user's notes
    const [read] = parsePgnGames(pgn);
    expect(readComment(read.root.comment).note).toBe('my note');
    const bc4 = read.root.children[0].children[0].children[0];
    expect(readComment(bc4.comment).note).toBe('');
    expect(bc4.nags).toEqual([1]);
    // with the reason in words: in brackets, in place of "e5 was best."; read back without it
    const f6 = game.root.children[0].children[0];
    f6.judgement = { ...f6.judgement, why: 'This loses a pawn {x}: 3.Bxg8 [sic].' };
    const withWhy = writePgn(game).replace(/\n/g, ' ');
    expect(withWhy).toMatch(/\(0\.20 → 4\.50\) Blunder\. \[This loses a pawn x: 3\.Bxg8 sic\.\] \}/);
    expect(readComment(parsePgnGames(withWhy)[0].root.children[0].children[0].comment).note).toBe('');
    // a Missed win keeps its severity's NAG; plain classes write nothing
    expect(pgnJudgement({ cls: 'missed-win', severity: 'mistake' })).toEqual({ label: 'Missed win', nag: 2, error: true });
    expect(pgnJudgement({ cls: 'excellent', severity: 'excellent' })).toBeNull();
    expect(readComment('(3.10 → 0.50) Missed win. Rxe8 was best. mine').note).toBe('mine');
    expect(readComment('Brilliant move. mine').note).toBe('mine');
    // the reason in words is written in brackets in place of "X was best." and dropped on reading
    expect(readComment('(3.10 → 0.50) Missed win. [This loses a rook: Rxe8 takes it (24.Rxe8).] mine').note).toBe('mine');
    expect(readComment('Great move. [Qxf7# forces mate in one: 4.Qxf7#.] [not ours]').note).toBe('[not ours]');
  });

  test('lichess-style input: [%eval] and [%clk] are read and kept; a bad game is reported, not fatal', () => {
    const pgn = `[Event "Rated blitz"]
[Site "https://lichess.org/abcdefgh"]
[Result "*"]

1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... c5 { [%eval 0.19] [%clk 0:03:00] } 2. Nf3?! { [%eval 0.0] } *

[Event "broken"]

1. e4 e5 2. Ke3 *`;
    const games = readPgnGames(pgn);
    expect(games[1].error).toMatch(/game 2: .*Ke3/i);
    const { tree } = games[0];
    const [e4, c5, nf3] = tree.mainline();
    expect(e4.eval).toEqual({ score: { cp: 17 }, depth: 0, pv: [], pvSan: [] });
    expect(e4.commands).toBe('[%clk 0:03:00]');
    expect(c5.eval.score).toEqual({ cp: 19 });
    expect(nf3.nags).toEqual([6]); // the annotator's ?! is kept (the evaluations do not judge the move)
    const out = exportPgn(tree, games[0].headers).replace(/\n/g, ' ');
    expect(out).toContain('1. e4 { [%eval 0.17] [%clk 0:03:00] }');
    // lichess's own ?! on 2. Nf3 is kept; the report finds it a Book move (the Open Sicilian) and says so
    expect(out).toContain('1... c5 { [%eval 0.19] [%clk 0:03:00] Book move. }');
    expect(out).toContain('2. Nf3 $6 { [%eval 0.00] Book move. }');
  });
});
