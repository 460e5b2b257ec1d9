// Chess960 in the board app, in Node: the game tree on the engine's rules (app/src/model/tree.js,
// rules.js: castling as the king taking its own rook, O-O / O-O-O, the board's targets, the game's
// status from its root), its PGN there and back ([Variant "Chess960"], [SetUp "1"], [FEN], both
// castlings of both colours, Shredder-FEN in, errors that name the move), its record, and the
// controllers on the real engine: a new game by number, the live analysis (its lines in the
// tree's notation), a game against the engine, and "Analyse game".
import { afterAll, describe, expect, test } from 'vitest';
import { chess960Fen, chess960Number, playMoves } from '../../web/src/rules.js';
import { GameTree } from '../../app/src/model/tree.js';
import { boardTargets, fenAfter, legalMoves, statusAt, tryMove } from '../../app/src/model/rules.js';
import { exportPgn, parsePgn } from '../../app/src/model/pgn.js';
import { evalForGame, readPgnGames, recordFromTree, treeFromRecord } from '../../app/src/model/record.js';
import { AnalyseController } from '../../app/src/controllers/analyse.js';
import { PlayController } from '../../app/src/controllers/play.js';
import { LEVELS } from '../../app/src/model/levels.js';
import { engineHandles, memoryApp, memoryReview, until } from './app-memory.mjs';
import { CHESS960_FEN } from './fake-sites.mjs';

// Start position 307, bnqrkrnb: the king on e1 between its rooks on d1 and f1, so each castling
// is the king put down on the rook beside it (e1f1 is O-O, e1d1 is O-O-O), a move standard
// notation cannot write.
const N = 307;
const START = chess960Fen(N);
// The main line castles White short and Black long; the variation after 1...c6, the other way round.
const MAIN = ['Nf3', 'c6', 'O-O', 'Qc7', 'd4', 'O-O-O'];
const VARIATION = ['c4', 'Nf6', 'Qc2', 'O-O', 'O-O-O'];
// White mates by castling long (the rook lands on d1), and Black by the mirror image: each the
// only mate there, and standard chess cannot have either position (the king is on b1 / b8)
const WHITE_MATES = '2rkr3/2p1p3/8/8/8/8/8/RK6 w Q - 0 1';
const BLACK_MATES = 'rk6/8/8/8/8/8/2P1P3/2RKR3 b q - 0 1';

/** Every node of a tree as [ply, uci, san, fen] in order, variations included. */
function nodes(tree) {
  const out = [];
  const walk = (n) => {
    out.push([n.ply, n.uci, n.san, n.fen]);
    n.children.forEach(walk);
  };
  walk(tree.root);
  return out;
}

/** The test game: the main line, and the variation that replaces White's second move. */
function castlingTree() {
  const tree = new GameTree(START, { chess960: true });
  tree.playLine(tree.root, MAIN);
  tree.playLine(tree.root.children[0].children[0], VARIATION);
  return tree;
}

describe('a Chess960 game tree (the engine rules)', () => {
  test('castling is the king taking its own rook in UCI, O-O / O-O-O in SAN, both sides and both colours', () => {
    const tree = castlingTree();
    expect(tree.chess960).toBe(true);
    expect(tree.variant).toBe('chess960');
    expect(tree.root.fen).toBe(START);
    const main = tree.mainline();
    expect(main.map((n) => n.uci)).toEqual(['g1f3', 'c7c6', 'e1f1', 'c8c7', 'd2d4', 'e8d8']);
    expect(main.map((n) => n.san)).toEqual(MAIN);
    // the squares the UCI names (the board marks the king's and its rook's)
    expect([main[2].from, main[2].to, main[2].color]).toEqual(['e1', 'f1', 'w']);
    expect(main[2].fen.split(' ')[0]).toBe('bnqrkrnb/pp1ppppp/2p5/8/8/5N2/PPPPPPPP/BNQR1RKB');
    expect(main[5].fen.split(' ').slice(0, 3)).toEqual(['bnkr1rnb/ppqppppp/2p5/8/3P4/5N2/PPP1PPPP/BNQR1RKB', 'w', '-']);
    const variation = tree.root.children[0].children[0].children[1];
    expect(tree.lineEnd(variation).san).toBe('O-O-O');
    expect(tree.path(tree.lineEnd(variation)).slice(3).map((n) => n.uci)).toEqual(['c2c4', 'g8f6', 'c1c2', 'e8f8', 'e1d1']);
    // the same move again, however it is given, is the same node
    const beforeCastle = main[1];
    expect(tree.play(beforeCastle, 'O-O')).toBe(main[2]);
    expect(tree.play(beforeCastle, { from: 'e1', to: 'f1' })).toBe(main[2]);
    expect(tree.play(beforeCastle, 'e1f1')).toBe(main[2]);
    // an illegal castling says why
    expect(() => tree.play(tree.root, 'O-O')).toThrow(/illegal move O-O: castling kingside is not allowed here/);
  });

  test('standard chess keeps the king’s two-square move in UCI, and takes the king put down on its rook as the same move', () => {
    const tree = new GameTree();
    expect(tree.chess960).toBe(false);
    const before = tree.playLine(tree.root, ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6']);
    const castled = tree.play(before, { from: 'e1', to: 'g1' });
    expect([castled.uci, castled.san]).toEqual(['e1g1', 'O-O']);
    expect(tree.play(before, { from: 'e1', to: 'h1' })).toBe(castled);
    expect(tree.play(before, '0-0')).toBe(castled);
    expect(before.children).toHaveLength(1);
  });

  test('the board takes the king on its rook, and on its castling square only where no king step goes', () => {
    // the variation's position before 4. O-O-O: both castlings are legal
    const tree = castlingTree();
    const before = /** @type {any} */ (tree.lineEnd(tree.root.children[0].children[0].children[1]).parent).fen;
    // e1: its rooks beside it; g1 and c1 (where the king lands) mean castling too
    expect(boardTargets(before, 'e1').sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      { to: 'c1', uci: 'e1d1' }, { to: 'd1', uci: 'e1d1' }, { to: 'f1', uci: 'e1f1' }, { to: 'g1', uci: 'e1f1' },
    ]);
    // the king on f1 beside g1: put down on g1 it steps there; on h1 it castles
    const beside = 'r4k1r/8/8/8/8/8/8/R4K1R w KQkq - 0 1';
    const targets = boardTargets(beside, 'f1');
    expect(targets.filter((t) => t.to === 'g1')).toEqual([{ to: 'g1', uci: 'f1g1' }]);
    expect(targets.find((t) => t.to === 'h1')).toEqual({ to: 'h1', uci: 'f1h1' });
    expect(targets.find((t) => t.to === 'c1')).toEqual({ to: 'c1', uci: 'f1a1' }); // nothing else goes to c1
    const f1 = new GameTree(beside);
    expect(f1.chess960).toBe(true); // standard chess has no king on f1 with castling rights
    // (the king's step is written Kg1: one king needs no square, whatever castling lands there)
    expect([f1.play(f1.root, { from: 'f1', to: 'g1' }).san, f1.play(f1.root, { from: 'f1', to: 'h1' }).san]).toEqual(['Kg1', 'O-O+']);
    expect(f1.play(f1.root, 'Kg1').uci).toBe('f1g1');
    // pawns: a promotion's targets name the piece
    expect(boardTargets('8/4P1k1/8/8/8/8/6K1/8 w - - 0 1', 'e7').map((t) => t.promotion).sort()).toEqual(['b', 'n', 'q', 'r']);
  });

  test('the board in words: O-O / O-O-O in SAN, the king taking its rook in UCI', () => {
    const before = castlingTree().mainline()[1].fen;
    const legal = legalMoves(before, { chess960: true });
    expect(legal.filter((m) => /^O-O/.test(m.san))).toEqual([{ uci: 'e1f1', san: 'O-O' }]);
    expect(tryMove(before, 'e1f1', { chess960: true })).toMatchObject({ uci: 'e1f1', san: 'O-O' });
    expect(tryMove(before, 'O-O-O', { chess960: true })).toBeNull(); // the queen is on c1
  });

  test('how the game stands: checkmate by castling, repetitions counted from the root', () => {
    const tree = new GameTree(WHITE_MATES);
    expect(tree.chess960).toBe(true);
    const mate = tree.play(tree.root, { from: 'b1', to: 'a1' });
    expect([mate.uci, mate.san]).toEqual(['b1a1', 'O-O-O#']);
    expect(statusAt(tree, mate)).toBe('checkmate');
    const black = new GameTree(BLACK_MATES);
    expect(black.play(black.root, 'O-O-O').uci).toBe('b8a8');
    expect(statusAt(black, black.root.children[0])).toBe('checkmate');
    // knights out and back twice: the start position a third time (the path from the root counts)
    const shuffle = new GameTree(START, { chess960: true });
    let n = shuffle.root;
    const trip = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
    n = shuffle.playLine(n, trip);
    expect(statusAt(shuffle, n)).toBe('ongoing');
    n = shuffle.playLine(n, trip);
    expect(statusAt(shuffle, n)).toBe('repetition');
    // the same position in a game that did not repeat it is no draw
    expect(statusAt(shuffle, shuffle.root)).toBe('ongoing');
  });

  test('positions as the app keeps them: an en passant square only where a pawn can take', () => {
    const tree = new GameTree();
    const e4 = tree.play(tree.root, 'e4');
    expect(e4.fen).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    const f5 = tree.playLine(e4, ['d5', 'e5', 'f5']);
    expect(f5.fen.split(' ')[3]).toBe('f6');
    expect(fenAfter(START, ['g1f3', 'c7c5']).split(' ')[3]).toBe('-');
    // a FEN the rules refuse throws, and says why
    expect(() => new GameTree('8/8/8/8/8/8/8/8 w - - 0 1')).toThrow(/white has no king/);
  });
});

describe('Chess960 PGN, out and in', () => {
  test('export writes the variant, the start position and O-O / O-O-O; reading it back gives the same game', () => {
    const tree = castlingTree();
    const pgn = exportPgn(tree, { White: 'Ada', Black: 'Bob', Variant: 'Chess960' });
    expect(pgn).toContain(`[Variant "Chess960"]\n[SetUp "1"]\n[FEN "${START}"]`);
    expect(pgn).toMatch(/\n1\. Nf3 c6 2\. O-O \(2\. c4 Nf6 3\. Qc2 O-O 4\. O-O-O\) 2\.\.\. Qc7 3\. d4 O-O-O \*$/);
    const back = parsePgn(pgn);
    expect(back.tree.chess960).toBe(true);
    expect(back.tree.root.fen).toBe(START);
    expect(nodes(back.tree)).toEqual(nodes(tree));
    expect(back.headers).toMatchObject({ White: 'Ada', Black: 'Bob', Variant: 'Chess960', SetUp: '1', FEN: START });
    // and once more: the same text, the same headers
    expect(exportPgn(back.tree, back.headers)).toBe(pgn);
    expect(parsePgn(exportPgn(back.tree, back.headers)).headers).toEqual(back.headers);
  });

  test('the variant is written even when the headers do not say it, and for the standard array (518)', () => {
    const tree = new GameTree(chess960Fen(518), { chess960: true });
    const castled = tree.playLine(tree.root, ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5', 'O-O']);
    expect(castled.uci).toBe('e1h1'); // a Chess960 game writes the king taking its rook
    const pgn = exportPgn(tree, {});
    expect(pgn).toContain('[Variant "Chess960"]\n[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]');
    const back = parsePgn(pgn);
    expect(back.tree.chess960).toBe(true);
    expect(back.tree.lineEnd(back.tree.root).uci).toBe('e1h1');
    // without the tag, the same moves are a standard game
    const standard = parsePgn('1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *');
    expect([standard.tree.chess960, standard.tree.lineEnd(standard.tree.root).uci]).toEqual([false, 'e1g1']);
    expect(exportPgn(standard.tree, {})).not.toMatch(/Variant|SetUp|FEN/);
  });

  test('lichess’s and chess.com’s Chess960 games: Shredder-FEN, other spellings; the engine’s lines in the game’s notation', () => {
    const lichess = `[Event "Rated blitz game"]\n[Variant "Chess960"]\n[FEN "${CHESS960_FEN}"]\n[SetUp "1"]\n\n1. e4 e5 2. d4 d5 *`;
    const read = parsePgn(lichess);
    expect(read.tree.chess960).toBe(true);
    expect(read.tree.root.fen).toBe('nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1'); // X-FEN: each letter names the outer rook
    expect(read.tree.mainline().map((n) => n.san)).toEqual(['e4', 'e5', 'd4', 'd5']);
    // exported with the X-FEN, read back the same
    const again = parsePgn(exportPgn(read.tree, read.headers));
    expect(again.tree.root.fen).toBe(read.tree.root.fen);
    expect(nodes(again.tree)).toEqual(nodes(read.tree));
    // other spellings of the tag
    for (const v of ['chess960', 'Fischerandom', 'Chess 960']) expect(parsePgn(`[Variant "${v}"]\n\n1. e4 *`).tree.chess960).toBe(true);
    // a [%mlpv] line written with e1g1 (a standard-chess tool's) is kept in the game's notation
    const evals = parsePgn('[Variant "Chess960"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 { [%eval 0.30] [%mlpv 12 pvhash e1g1 g8f6] } *');
    expect(evals.tree.lineEnd(evals.tree.root).eval).toMatchObject({ pv: ['e1h1', 'g8f6'], pvSan: ['O-O', 'Nf6'] });
  });

  test('a move that cannot be played is named by its number, in the main line or a variation; another variant is refused by name', () => {
    const head = `[Variant "Chess960"]\n[FEN "${START}"]\n[SetUp "1"]\n\n`;
    expect(() => parsePgn(`${head}1. Nf3 c6 2. O-O-O *`)).toThrow('PGN: 2. O-O-O cannot be played: castling queenside is not allowed here');
    expect(() => parsePgn(`${head}1. Nf3 c6 2. O-O (2. e3 Qc7) O-O-O *`)).toThrow('PGN: 2... O-O-O cannot be played: castling queenside is not allowed here');
    expect(() => parsePgn(`${head}1. Nf3 c6 (1... Qxc7) 2. O-O *`)).toThrow(/^PGN: 1\.\.\. Qxc7 \(in a variation\) cannot be played: /);
    expect(() => parsePgn('1. e4 e5 2. Ke3 *')).toThrow('PGN: 2. Ke3 cannot be played: no legal king move to e3');
    expect(() => parsePgn('[Variant "Crazyhouse"]\n\n1. e4 e5 *')).toThrow("PGN: the game's variant is Crazyhouse: Mainline plays standard chess and Chess960 only");
    expect(() => parsePgn('[Variant "Chess960"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"]\n\n1. e4 *')).toThrow(/^PGN: the FEN tag is not a position: .*side to move/);
    // several games: each one read or said, the others kept
    const games = readPgnGames(`${head}1. Nf3 c6 2. O-O-O *\n\n${head}1. Nf3 c6 2. O-O *`);
    expect(games[0].error).toBe('game 1: 2. O-O-O cannot be played: castling queenside is not allowed here');
    expect(games[1].tree.lineEnd(games[1].tree.root).uci).toBe('e1f1');
  });

  test('a saved record keeps the variant; a standard game drops a tag that would call it Chess960', () => {
    const tree = castlingTree();
    const record = recordFromTree(tree, { id: 'g1', name: 'x', created: 1, headers: { White: 'Ada' } });
    expect(record.headers).toEqual({ White: 'Ada', Variant: 'Chess960' });
    const back = treeFromRecord(record);
    expect(back.chess960).toBe(true);
    expect(nodes(back)).toEqual(nodes(tree));
    const standard = recordFromTree(new GameTree(), { id: 'g2', name: 'y', created: 1, headers: { Variant: 'Chess960' } });
    expect(standard.headers).toEqual({});
  });

  test('an evaluation saved for the same position in a game of the other variant is written as this game writes castling', () => {
    // the Italian after 3...Bc5: standard chess and Chess960's position 518 share it (and the positions store)
    const fen = fenAfter(chess960Fen(518), ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'f8c5']);
    const saved = { score: { cp: 30 }, depth: 12, pv: ['e1g1', 'g8f6'], pvSan: ['O-O', 'Nf6'], second: { score: { cp: 20 }, pv: ['c2c3'] } };
    expect(evalForGame(saved, fen, true)).toEqual({ ...saved, pv: ['e1h1', 'g8f6'], second: { score: { cp: 20 }, pv: ['c2c3'], pvSan: ['c3'] } });
    expect(evalForGame({ ...saved, pv: ['e1h1', 'g8f6'] }, fen, false).pv).toEqual(['e1g1', 'g8f6']);
  });
});

const handles = engineHandles({ Hash: 16, Threads: 1 });
const engine = handles.engine;
afterAll(handles.close);


describe('the controllers on the engine', () => {
  test('a new game by its number, or at random; a number out of range is said and changes nothing', () => {
    const { store, game } = memoryApp();
    expect(game.newChess960(N)).toBe(N);
    let s = store.state;
    expect([s.tree.chess960, s.tree.root.fen, s.headers.Variant]).toEqual([true, START, 'Chess960']);
    expect(game.play({ from: 'e1', to: 'd1' })).toBeNull(); // the queen is on c1
    expect(store.state.error).toMatch(/^Illegal move e1d1: /);
    const tree = s.tree;
    expect(game.newChess960(960)).toBeNull();
    s = store.state;
    expect(s.error).toBe('Chess960 start positions are numbered 0 to 959, not 960.');
    expect(s.tree).toBe(tree);
    const n = game.newChess960(null);
    expect(Number.isInteger(n) && n >= 0 && n <= 959).toBe(true);
    expect(chess960Number(store.state.tree.root.fen)).toBe(n);
    expect(store.state.error).toBe('');
  });

  test('the live analysis: lines with castling as the king taking its rook, O-O-O in SAN; played into the tree', async () => {
    const { store, game, evals } = memoryApp();
    game.setTree(new GameTree(WHITE_MATES), {});
    const analyse = new AnalyseController({ store, engine: engine(), evals, play: (uci) => game.play(uci) });
    const s = await until(store, (st) => st.log?.best?.lines.get(1)?.score.mate === 1);
    const line = s.log.best.lines.get(1);
    expect([line.pv[0], line.pvSan[0]]).toEqual(['b1a1', 'O-O-O#']);
    analyse.playBest();
    const after = await until(store, (st) => st.current.ply === 1);
    expect([after.current.uci, after.current.san, statusAt(after.tree, after.current)]).toEqual(['b1a1', 'O-O-O#', 'checkmate']);
    await until(store, (st) => st.panelNote === 'Checkmate: nothing to analyse.');
    await analyse.halt();
  }, 30000);

  test('a game against the engine: started by number, the user castles onto the rook, the engine castles too', async () => {
    const { store, game } = memoryApp();
    const play = new PlayController({ store, engine: engine(), setTree: (t, h) => game.setTree(t, h), goTo: (n) => game.goTo(n) });
    play.start({ colour: 'w', level: 0, clock: '', fromHere: false, showThinking: false, variant: 'chess960', number: N });
    let s = store.state;
    expect([s.tree.chess960, s.tree.root.fen, s.headers.Variant]).toEqual([true, START, 'Chess960']);
    play.start({ colour: 'w', level: 0, clock: '', fromHere: false, showThinking: false, variant: 'chess960', number: -1 });
    expect(store.state.error).toBe('Chess960 start positions are numbered 0 to 959, not -1.');
    // the user castles (the king put on its rook) and mates
    game.setTree(new GameTree(WHITE_MATES), {});
    play.start({ colour: 'w', level: 0, clock: '', fromHere: true, showThinking: false });
    play.humanMove({ from: 'b1', to: 'a1' });
    s = await until(store, (st) => !!st.play?.end);
    expect(s.play.end).toMatchObject({ by: 'checkmate', result: '1-0', text: 'Checkmate: White wins' });
    expect([s.tree.chess960, s.headers.Variant, s.headers.Result]).toEqual([true, 'Chess960', '1-0']);
    // the engine (at full strength) mates by castling: its move comes back as the king taking its rook
    game.setTree(new GameTree(BLACK_MATES), {});
    play.start({ colour: 'w', level: LEVELS.length - 1, clock: '', fromHere: true, showThinking: false });
    s = await until(store, (st) => !!st.play?.end, 30000);
    expect([s.current.uci, s.current.san]).toEqual(['b8a8', 'O-O-O#']);
    expect(s.play.end).toMatchObject({ by: 'checkmate', result: '0-1' });
  }, 60000);

  test('"Analyse game": every position evaluated, every line legal in the game’s notation, the report made', async () => {
    const app = memoryApp();
    const { store, game } = app;
    const { review } = memoryReview(app);
    game.setTree(castlingTree(), { White: 'Ada', Black: 'Bob' });
    await review.run({ depth: 6 });
    const s = store.state;
    expect(s.review).toMatchObject({ running: false, outcome: 'done', done: 7, total: 7 });
    const line = [s.tree.root, ...s.tree.mainline()];
    for (const n of line) {
      expect(n.eval.depth).toBeGreaterThanOrEqual(6);
      // legal from the position, the SAN the rules write, castling as the king taking its rook
      expect(playMoves(n.fen, n.eval.pv, { chess960: true }).map((m) => [m.uci, m.san])).toEqual(n.eval.pv.map((u, i) => [u, n.eval.pvSan[i]]));
    }
    await until(store, (st) => !!st.report?.game);
    expect(store.state.game.review).toMatchObject({ complete: true });
  }, 60000);
});
