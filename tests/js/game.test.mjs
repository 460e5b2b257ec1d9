// Game ending and engine faults (scripts/lib/game.mjs), played between scripted fake engines
// (tests/js/fixtures/fake-engine.mjs) over real UCI pipes.
import { afterEach, describe, expect, test } from 'vitest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UciProcess, splitCommand } from '../../scripts/lib/uci-process.mjs';
import {
  playGame, Adjudicator, parseInfo, parseTimeControl, parseKeyValues, applyUciMove, formatScore, scoreToCp, STARTPOS,
} from '../../scripts/lib/game.mjs';
import { StockfishReferee, findStockfish } from '../../scripts/lib/stockfish-referee.mjs';
import { Chess } from 'chess.js';

const FAKE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/fake-engine.mjs');
const started = [];

async function fake(args = [], name = 'Fake') {
  const proc = new UciProcess(process.execPath, [FAKE, '--name', name, ...args]);
  started.push(proc);
  await proc.handshake(10000);
  return { proc, name };
}
afterEach(async () => { await Promise.all(started.splice(0).map((p) => p.close(1000))); });

const NODES = { nodes: 1 };

describe('parsing', () => {
  test('time controls', () => {
    expect(parseTimeControl('10+0.1')).toEqual({ baseMs: 10000, incMs: 100 });
    expect(parseTimeControl('1+0.01')).toEqual({ baseMs: 1000, incMs: 10 });
    expect(parseTimeControl('60')).toEqual({ baseMs: 60000, incMs: 0 });
    expect(parseTimeControl('1:30+1')).toEqual({ baseMs: 90000, incMs: 1000 });
    expect(() => parseTimeControl('10/40')).toThrow();
  });
  test('key=value lists', () => {
    expect(parseKeyValues('score=600,moves=4', ['score', 'moves'])).toEqual({ score: 600, moves: 4 });
    expect(() => parseKeyValues('score=600', ['score', 'moves'])).toThrow(/moves/);
    expect(() => parseKeyValues('score=600,moves=4,x=1', ['score', 'moves'])).toThrow(/unknown/);
  });
  test('info lines', () => {
    expect(parseInfo('info depth 12 seldepth 15 multipv 1 score cp -34 nodes 5000 nps 1 time 25 pv e2e4 e7e5'))
      .toMatchObject({ depth: 12, seldepth: 15, multipv: 1, score: { type: 'cp', value: -34 }, nodes: 5000, time: 25 });
    expect(parseInfo('info depth 3 score mate -2 upperbound nodes 7')).toMatchObject({ score: { type: 'mate', value: -2 }, bound: 'upperbound', nodes: 7 });
    expect(parseInfo('info string depth 99 score cp 5')).toEqual({});
    expect(parseInfo('bestmove e2e4')).toBe(null);
  });
  test('scores', () => {
    expect(formatScore({ type: 'cp', value: 34 })).toBe('+0.34');
    expect(formatScore({ type: 'cp', value: -120 })).toBe('-1.20');
    expect(formatScore({ type: 'mate', value: 5 })).toBe('+M5');
    expect(formatScore({ type: 'mate', value: -3 })).toBe('-M3');
    expect(scoreToCp({ type: 'mate', value: 1 })).toBeGreaterThan(90000);
    expect(scoreToCp({ type: 'mate', value: 0 })).toBeLessThan(-90000);
  });
  test('UCI move legality is exact (promotion suffix included)', () => {
    const fen = '4k3/P7/8/8/8/8/8/4K3 w - - 0 1';
    const c = new Chess(fen);
    for (const bad of ['a7a8', 'e1e2q', 'E1E2', 'e1e3', 'a7a8k', '0000', '', 'e1e2 ']) {
      expect(applyUciMove(c, bad)).toBe(null);
      expect(c.fen()).toBe(fen);                               // position unchanged
    }
    expect(applyUciMove(new Chess(fen), 'a7a8q')?.san).toBe('a8=Q+');
    expect(applyUciMove(new Chess(fen), 'a7a8n')?.san).toBe('a8=N');
    expect(applyUciMove(new Chess(fen), 'e1e2')?.san).toBe('Ke2');
    expect(applyUciMove(new Chess(), 'e1g1')).toBe(null);
    const castle = applyUciMove(new Chess('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'), 'e1g1');
    expect(castle?.san).toBe('O-O');
    expect(castle?.lan).toBe('e1g1');
    expect(applyUciMove(new Chess('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1'), 'e8c8')?.san).toBe('O-O-O');
  });
  test('command splitting', () => {
    expect(splitCommand(`node "my engine.js" --x 'a b' c\\ d`)).toEqual(['node', 'my engine.js', '--x', 'a b', 'c d']);
  });
});

describe('ends by the rules', () => {
  test('checkmate (fool\'s mate)', async () => {
    const g = await playGame({ white: await fake(['--moves', 'f2f3,g2g4']), black: await fake(['--moves', 'e7e5,d8h4']), limits: NODES });
    expect(g).toMatchObject({ result: '0-1', kind: 'checkmate', reason: 'Black mates', termination: 'normal', loser: 'w' });
    expect(g.moves.map((m) => m.san)).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
  });
  test('stalemate', async () => {
    const g = await playGame({ white: await fake(['--moves', 'f1f7']), black: await fake(), startFen: '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1', limits: NODES });
    expect(g).toMatchObject({ result: '1/2-1/2', kind: 'stalemate', loser: null });
    expect(g.moves).toHaveLength(1);
  });
  test('insufficient material', async () => {
    const g = await playGame({ white: await fake(['--moves', 'e1d2']), black: await fake(), startFen: '4k3/8/8/8/8/8/3r4/4K3 w - - 0 1', limits: NODES });
    expect(g).toMatchObject({ result: '1/2-1/2', kind: 'insufficient' });
  });
  test('fifty-move rule', async () => {
    const g = await playGame({ white: await fake(['--moves', 'a1a2']), black: await fake(), startFen: '4k3/8/8/8/8/8/8/R3K3 w - - 99 80', limits: NODES });
    expect(g).toMatchObject({ result: '1/2-1/2', kind: 'fifty', reason: 'Draw by fifty moves rule' });
  });
  test('threefold repetition', async () => {
    const g = await playGame({
      white: await fake(['--moves', 'g1f3,f3g1,g1f3,f3g1']), black: await fake(['--moves', 'g8f6,f6g8,g8f6,f6g8']), limits: NODES,
    });
    expect(g).toMatchObject({ result: '1/2-1/2', kind: 'repetition' });
    expect(g.moves).toHaveLength(8);
  });
});

describe('adjudication on reported scores', () => {
  test('resign: both engines agree for 4 moves each', async () => {
    const g = await playGame({
      white: await fake(['--score', '700']), black: await fake(['--score', '-700']), limits: NODES,
      adjudication: { resign: { score: 600, moves: 4 } },
    });
    expect(g).toMatchObject({ result: '1-0', kind: 'resign', termination: 'adjudication', loser: 'b' });
    expect(g.moves).toHaveLength(8);
  });
  test('no resign when the engines disagree; draw rule then applies', async () => {
    const g = await playGame({
      white: await fake(['--score', '700']), black: await fake(['--score', '700']), limits: NODES,
      adjudication: { resign: { score: 600, moves: 4 }, draw: { movenumber: 1, score: 1000, moves: 5 } },
    });
    expect(g).toMatchObject({ result: '1/2-1/2', kind: 'draw-adjudication' });
    expect(g.moves).toHaveLength(10);
  });
  test('draw: from move number M, |score| <= S for N moves each', async () => {
    const g = await playGame({
      white: await fake(['--score', '5']), black: await fake(['--score', '-8']), limits: NODES,
      adjudication: { draw: { movenumber: 3, score: 10, moves: 2 } },
    });
    // plies of moves 3 and 4 (4 plies) count; moves 1-2 are before movenumber 3
    expect(g).toMatchObject({ result: '1/2-1/2', kind: 'draw-adjudication' });
    expect(g.moves).toHaveLength(8);
  });
  test('Adjudicator streaks reset on a missing or out-of-range score', () => {
    const a = new Adjudicator({ resign: { score: 500, moves: 2 } });
    const win = { type: 'cp', value: 600 }, lose = { type: 'cp', value: -600 };
    expect(a.update('w', win, 1)).toBe(null);
    expect(a.update('b', lose, 1)).toBe(null);
    expect(a.update('w', null, 2)).toBe(null);                // resets White's streak
    expect(a.update('b', lose, 2)).toBe(null);
    expect(a.update('w', win, 3)).toBe(null);
    expect(a.update('b', lose, 3)).toBe(null);
    expect(a.update('w', { type: 'mate', value: 3 }, 4)).toMatchObject({ result: '1-0', kind: 'resign', loser: 'b' });
  });
});

describe('engine faults', () => {
  test('time loss: clock below zero after the move', async () => {
    const g = await playGame({ white: await fake(['--delay', '400']), black: await fake(), limits: { baseMs: 200, incMs: 0 } });
    expect(g).toMatchObject({ result: '0-1', kind: 'time', termination: 'time forfeit', loser: 'w', flagged: 'w', reason: 'White loses on time' });
    expect(g.moves).toHaveLength(0);
  });
  test('timemargin tolerates a small overdraft', async () => {
    const g = await playGame({ white: await fake(), black: await fake(['--delay', '400']), limits: { baseMs: 300, incMs: 0, timemarginMs: 250 } });
    // first Black move: 300 - ~400 = ~-100 >= -250, accepted; second: flagged
    expect(g).toMatchObject({ result: '1-0', kind: 'time', loser: 'b', flagged: 'b' });
    expect(g.moves).toHaveLength(3);
    expect(g.moves[1].clockMs).toBeLessThan(0);
  });
  test('flag against a lone king is a draw', async () => {
    const g = await playGame({ white: await fake(['--delay', '300']), black: await fake(), startFen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', limits: { baseMs: 100 } });
    expect(g).toMatchObject({ result: '1/2-1/2', kind: 'time', flagged: 'w', loser: null });
  });
  test('an engine that never answers loses on time and is marked for restart', async () => {
    const white = await fake(['--hang-after', '1']);
    const g = await playGame({ white, black: await fake(), limits: { baseMs: 300, incMs: 0 } });
    expect(g).toMatchObject({ result: '0-1', kind: 'time', loser: 'w' });
    expect(white.dirty).toBe(true);
  });
  test('without a clock, the hard move timeout ends the game as stalled', async () => {
    const black = await fake(['--hang-after', '0']);
    const g = await playGame({ white: await fake(), black, limits: { nodes: 1, moveTimeoutMs: 300 } });
    expect(g).toMatchObject({ result: '1-0', kind: 'timeout', termination: 'stalled', loser: 'b' });
    expect(black.dirty).toBe(true);
  });
  test('illegal move loses', async () => {
    const g = await playGame({ white: await fake(['--illegal-after', '1']), black: await fake(), limits: NODES });
    expect(g).toMatchObject({ result: '0-1', kind: 'illegal', termination: 'rules infraction', loser: 'w', illegalMove: 'a1a1' });
    expect(g.moves).toHaveLength(2);
  });
  test('malformed bestmove and a bogus promotion suffix lose', async () => {
    let g = await playGame({ white: await fake(), black: await fake(['--illegal-after', '0', '--illegal-move', 'xyz']), limits: NODES });
    expect(g).toMatchObject({ result: '1-0', kind: 'illegal', illegalMove: 'xyz' });
    g = await playGame({ white: await fake(['--moves', 'e2e4q']), black: await fake(), limits: NODES });
    expect(g).toMatchObject({ result: '0-1', kind: 'illegal', illegalMove: 'e2e4q' });
  });
  test('crash loses', async () => {
    const black = await fake(['--crash-after', '2']);
    const g = await playGame({ white: await fake(), black, limits: NODES });
    expect(g).toMatchObject({ result: '1-0', kind: 'crash', termination: 'abandoned', loser: 'b' });
    expect(g.reason).toMatch(/exit code 3/);
    expect(black.dirty).toBe(true);
  });
  test('go carries the clock and limits', async () => {
    const white = await fake(['--moves', 'f2f3,g2g4']);
    const sent = [];
    const send = white.proc.send.bind(white.proc);
    white.proc.send = (l) => { sent.push(l); send(l); };
    await playGame({ white, black: await fake(['--moves', 'e7e5,d8h4']), limits: { baseMs: 10000, incMs: 100, nodes: 500, depth: 7 } });
    const gos = sent.filter((l) => l.startsWith('go'));
    expect(gos[0]).toBe('go wtime 10000 btime 10000 winc 100 binc 100 nodes 500 depth 7');
    expect(gos[1]).toMatch(/^go wtime \d+ btime \d+ winc 100 binc 100 nodes 500 depth 7$/);
    expect(sent).toContain('position startpos moves f2f3 e7e5');
  });
});

describe.skipIf(!findStockfish())('Chess960 games (Stockfish referee)', () => {
  test('every position is sent as a FEN; e1g1 is no castling there and loses', async () => {
    const referee = await StockfishReferee.start();
    try {
      const white = await fake(['--moves', 'e1g1']);
      const sent = [];
      const send = white.proc.send.bind(white.proc);
      white.proc.send = (l) => { sent.push(l); send(l); };
      const startFen = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
      const g = await playGame({ white, black: await fake(), startFen, referee, limits: NODES });
      expect(g).toMatchObject({ result: '0-1', kind: 'illegal', illegalMove: 'e1g1', variant: 'chess960', startFen });
      expect(sent).toContain(`position fen ${startFen}`);
      // the standard start is a Chess960 position too, and is still sent as a FEN
      const w2 = await fake(['--moves', 'e2e4']);
      const sent2 = [];
      const send2 = w2.proc.send.bind(w2.proc);
      w2.proc.send = (l) => { sent2.push(l); send2(l); };
      const g2 = await playGame({ white: w2, black: await fake(['--illegal-after', '0']), startFen: STARTPOS, referee, limits: NODES });
      expect(g2).toMatchObject({ result: '1-0', kind: 'illegal', loser: 'b' });
      expect(g2.moves.map((m) => m.san)).toEqual(['e4']);
      expect(sent2).toContain(`position fen ${STARTPOS}`);
    } finally {
      await referee.close();
    }
  });
});
