// The board in words (mainline-chess/readout): what a screen-reader user hears and types.
import { describe, expect, test } from 'vitest';
import { Chess } from 'chess.js';
import { Announcer, answerCommand, attackersOf, COMMAND_HELP, describePosition, describeRanks, describeReport, describeSquare, matchMove, parseCommand, sayExplanation, sayMove, sayNotPlayed, sayScore, whereIs } from '../../web/src/readout.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const ITALIAN = 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3';

describe('the position in words', () => {
  test('by side, pieces grouped, then who moves', () => {
    expect(describePosition('4k3/8/8/8/8/8/4P3/R3K2R w KQ - 0 1')).toBe('White: king e1, rooks a1 and h1, pawn e2. Black: king e8. White to move.');
    expect(describePosition(START)).toMatch(/^White: king e1, queen d1, rooks a1 and h1, bishops c1 and f1, knights b1 and g1, pawns a2, b2, c2, d2, e2, f2, g2 and h2\. Black: king e8/);
  });
  test('rank by rank, from either side', () => {
    const text = describeRanks('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
    expect(text).toBe('Rank 8: e8 black king. Rank 7: empty. Rank 6: empty. Rank 5: empty. Rank 4: empty. Rank 3: empty. Rank 2: e2 white pawn. Rank 1: e1 white king.');
    expect(describeRanks('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', 'b').startsWith('Rank 1: e1 white king.')).toBe(true);
  });
  test('where pieces are', () => {
    expect(whereIs(ITALIAN, 'knights')).toBe('White knights: b1 and f3. Black knights: c6 and g8.');
    expect(whereIs(ITALIAN, 'the black queen')).toBe('Black queen: d8.');
    expect(whereIs('4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'rooks')).toBe('White rooks: none. Black rooks: none.');
    expect(whereIs(START, 'dragons')).toBeNull();
  });
});

describe('what attacks a square, checked against chess.js on many positions', () => {
  test('e5 in the Italian', () => {
    expect(attackersOf(ITALIAN, 'e5')).toEqual({ w: ['f3'], b: ['c6'] });
    expect(describeSquare(ITALIAN, 'e5')).toBe('e5 holds a black pawn. White attacks it with the knight on f3. Black attacks it with the knight on c6.');
    expect(describeSquare(START, 'e4')).toBe('e4 is empty. White does not attack it. Black does not attack it.');
  });
  test('agrees with chess.js’s attackers() over random positions', () => {
    const game = new Chess();
    let seed = 7;
    const rand = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    let checked = 0;
    for (let g = 0; g < 20; g++) {
      game.reset();
      for (let ply = 0; ply < 60 && !game.isGameOver(); ply++) {
        const moves = game.moves();
        game.move(moves[rand(moves.length)]);
        const fen = game.fen();
        for (const sq of ['d4', 'e5', 'f7', 'c3', 'h8', 'a1', 'g2']) {
          const mine = attackersOf(fen, sq);
          expect(mine.w, `${fen} ${sq}`).toEqual([...game.attackers(sq, 'w')].sort());
          expect(mine.b, `${fen} ${sq}`).toEqual([...game.attackers(sq, 'b')].sort());
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
  test('a square that is not one is refused', () => {
    expect(() => attackersOf(START, 'i9')).toThrow(/not a square: i9/);
  });
});

describe('moves and scores said as a person says them', () => {
  test.each([
    ['Nf3', 'knight to f3'],
    ['exd5', 'pawn from the e file takes d5'],
    ['Qxf7#', 'queen takes f7, checkmate'],
    ['O-O', 'castles kingside'],
    ['O-O-O+', 'castles queenside, check'],
    ['e8=Q+', 'pawn to e8, promotes to a queen, check'],
    ['Nbd2', 'knight from b to d2'],
  ])('%s', (san, words) => expect(sayMove(san)).toBe(words));
  test('scores', () => {
    expect(sayScore({ cp: 12 })).toBe('about equal (+0.12)');
    expect(sayScore({ cp: -150 })).toBe('Black is better (-1.50)');
    expect(sayScore({ cp: 420 })).toBe('White is winning (+4.20)');
    expect(sayScore({ mate: -3 })).toBe('Black mates in 3');
  });
});

describe('announcements at a sensible rate', () => {
  test('only when the best move or the score’s meaning changes, and not too often', () => {
    let t = 0;
    const a = new Announcer({ minGapMs: 4000, now: () => t });
    expect(a.iteration({ depth: 1, san: 'e4', score: { cp: 40 } })).toBe('Depth 1: best pawn to e4; White is slightly better (+0.40).');
    t = 100;
    expect(a.iteration({ depth: 2, san: 'e4', score: { cp: 45 } })).toBeNull(); // same move, same band
    expect(a.iteration({ depth: 3, san: 'd4', score: { cp: 45 } })).toBeNull(); // changed, but too soon
    t = 5000;
    expect(a.iteration({ depth: 4, san: 'd4', score: { cp: 35 } })).toBe('Depth 4: best pawn to d4; White is slightly better (+0.35).');
    t = 5100;
    expect(a.result({ depth: 12, san: 'd4', score: { cp: 20 } })).toBe('Engine: pawn to d4 is best at depth 12; about equal (+0.20).');
  });
});

describe('what the user types', () => {
  test.each([
    ['board', { cmd: 'board' }],
    ['Pieces', { cmd: 'pieces' }],
    ['where knight', { cmd: 'where', piece: 'knight' }],
    ['where are the black pawns', { cmd: 'where', piece: 'the black pawns' }],
    ['what attacks e4', { cmd: 'attacks', square: 'e4' }],
    ['attackers d5', { cmd: 'attacks', square: 'd5' }],
    ['engine', { cmd: 'engine' }],
    ['line', { cmd: 'line' }],
    ['help', { cmd: 'help' }],
    ['report', { cmd: 'report' }],
    ['Why', { cmd: 'why' }],
    ['explain', { cmd: 'why' }],
    ['Nf3', { cmd: 'move', move: 'Nf3' }],
    ['e2e4', { cmd: 'move', move: 'e2e4' }],
    ['  ', { cmd: 'empty' }],
  ])('%s', (text, want) => expect(parseCommand(text)).toEqual(want));
  test('where with a sentence around the piece', () => {
    expect(whereIs(START, 'the black pawns')).toBe('Black pawns: a7, b7, c7, d7, e7, f7, g7 and h7.');
  });
});

describe('a typed move, matched against the legal moves', () => {
  const legalOf = (fen) => new Chess(fen).moves({ verbose: true }).map((m) => ({ uci: m.from + m.to + (m.promotion || ''), san: m.san }));
  const played = (text, legal) => {
    const m = matchMove(text, legal);
    return 'move' in m ? m.move : null;
  };
  test('SAN with or without its check sign, UCI, castling with zeros', () => {
    const legal = legalOf('r3k2r/8/8/8/8/8/3P1P2/R3K2R w KQkq - 0 1');
    expect(played('e1g1', legal)?.san).toBe('O-O');
    expect(played('0-0-0', legal)?.san).toBe('O-O-O');
    expect(played('d4', legal)?.uci).toBe('d2d4');
    expect(played('Ra8+', legal)?.uci).toBe('a1a8');
    expect(played('Rxa8', legal)?.uci).toBe('a1a8');
  });
  test('ambiguous and illegal moves are said so, with the choices', () => {
    const legal = legalOf('4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1');
    expect(sayNotPlayed('Nd2', matchMove('Nd2', legal))).toBe('Nd2 is ambiguous: Nbd2 or Nfd2.');
    expect(played('Nbd2', legal)?.uci).toBe('b1d2');
    expect(sayNotPlayed('Qh5', matchMove('Qh5', legal))).toMatch(/^Qh5 is not a legal move here\. Legal moves: .*Nbd2.*\.$/);
    expect(sayNotPlayed('e4', matchMove('e4', []))).toBe('e4: there are no legal moves in this position.');
  });
});

describe('answerCommand: the one dispatch of the app and the element', () => {
  const legalOf = (fen) => new Chess(fen).moves({ verbose: true }).map((m) => ({ uci: m.from + m.to + (m.promotion || ''), san: m.san }));
  const engine = { depth: 12, san: ['Nf3', 'Nc6'], score: { cp: 35 } };
  test('commands answered from the position and the engine', async () => {
    const ctx = { fen: ITALIAN, engine, legal: legalOf(ITALIAN) };
    expect(await answerCommand('help', ctx)).toEqual({ text: COMMAND_HELP, error: false });
    expect(await answerCommand('', ctx)).toEqual({ text: COMMAND_HELP, error: false });
    expect((await answerCommand('board', { ...ctx, bottom: 'b' })).text).toBe(describeRanks(ITALIAN, 'b'));
    expect((await answerCommand('pieces', ctx)).text).toBe(describePosition(ITALIAN));
    expect(await answerCommand('where dragons', ctx)).toEqual({ text: 'Which piece? Say king, queen, rook, bishop, knight or pawn (got "dragons").', error: true });
    expect((await answerCommand('attacks e5', ctx)).text).toBe(describeSquare(ITALIAN, 'e5'));
    expect((await answerCommand('engine', ctx)).text).toBe('Depth 12: best knight to f3; White is slightly better (+0.35).');
    expect((await answerCommand('line', ctx)).text).toBe('Best line at depth 12: knight to f3; knight to c6.');
    expect((await answerCommand('engine', { ...ctx, engine: null })).text).toBe('The engine has not reported on this position yet.');
    expect((await answerCommand('line', { ...ctx, engineSilent: 'Not during a game.' })).text).toBe('Not during a game.');
  });
  test('a typed move: the legal one is returned to play, an illegal or refused one is said so', async () => {
    const ctx = { fen: ITALIAN, legal: legalOf(ITALIAN) };
    const played = await answerCommand('Nf6', ctx);
    expect(played.text).toBe('You played knight to f6.');
    expect(played.error).toBe(false);
    expect(played.move).toEqual({ uci: 'g8f6', san: 'Nf6' });
    const illegal = await answerCommand('Qh5', ctx);
    expect(illegal.error).toBe(true);
    expect(illegal.move).toBeUndefined();
    expect(illegal.text).toMatch(/^Qh5 is not a legal move here\. Legal moves: .*Nf6.*\.$/);
    const refused = await answerCommand('Nf6', { ...ctx, noMoves: (t) => `No moves here (${t}).` });
    expect(refused).toEqual({ text: 'No moves here (Nf6).', error: true });
    expect((await answerCommand('Nf6', { fen: ITALIAN })).text).toMatch(/^"Nf6" is not a command, and moves cannot be played here\. Type a move/);
  });
  test('report and why: from the page, said plainly when there is none', async () => {
    expect((await answerCommand('report', { fen: START })).text).toBe('There is no game report here.');
    expect((await answerCommand('report', { fen: START, report: () => 'Game report. ...' })).text).toBe('Game report. ...');
    expect((await answerCommand('why', { fen: START })).text).toBe('There is nothing to explain here.');
    expect((await answerCommand('why', { fen: START, why: async () => null })).text).toMatch(/^Nothing to explain yet/);
    const why = async () => ({ about: '4. Nxe5, a Blunder', sentences: ['This loses a rook: Qg5 5. Nxf7 Qxg2.'], numbersOnly: false });
    expect(await answerCommand('why', { fen: START, why })).toEqual({ text: '4. Nxe5, a Blunder: This loses a rook: Qg5 5. Nxf7 Qxg2.', error: false });
    const failing = async () => {
      throw new Error('the engine crashed');
    };
    expect(await answerCommand('why', { fen: START, why: failing })).toEqual({ text: 'No reason can be given: the engine crashed', error: true });
    expect((await answerCommand('why', { fen: START, why, engineSilent: 'Not now.' })).text).toBe('Not now.');
  });
});

describe('the game report and explanations in words', () => {
  const counts = (o) => ({ brilliant: 0, great: 0, best: 0, excellent: 0, good: 0, inaccuracy: 0, mistake: 0, blunder: 0, 'missed-win': 0, ...o });
  test('accuracy, centipawn loss, the notable moves worst first, where the errors are', () => {
    const report = {
      players: {
        w: { accuracy: 41.4, acpl: 180.2, counts: counts({ blunder: 2, inaccuracy: 1, best: 3 }) },
        b: { accuracy: 92.6, acpl: 12, counts: counts({ great: 1, best: 6 }) },
      },
    };
    const moves = [
      { label: '4. Nxe5', cls: 'blunder', mover: 'w' },
      { label: '4... Qg5', cls: 'great', mover: 'b' },
      { label: '5. Nxf7', cls: 'blunder', mover: 'w' },
      { label: '6. Rf1', cls: 'inaccuracy', mover: 'w' },
    ];
    expect(describeReport(report, { names: { w: 'Anna', b: '?' }, moves })).toBe(
      'Game report. White (Anna): accuracy 41%, average centipawn loss 180; 2 blunders and 1 inaccuracy. ' +
        'Black: accuracy 93%, average centipawn loss 12; 1 great move. Blunders: 4. Nxe5 and 5. Nxf7 (White).',
    );
    expect(describeReport({ players: { w: report.players.w, b: { accuracy: null, acpl: null, counts: counts({}) } } })).toBe(
      'Game report. White: accuracy 41%, average centipawn loss 180; 2 blunders and 1 inaccuracy. Black: no moves.',
    );
  });
  test('an explanation: its verified sentences, or that nothing can be named', () => {
    expect(sayExplanation({ about: 'The engine’s best move, Qxf7#', sentences: ['Qxf7# forces mate in one: 4. Qxf7#.'], numbersOnly: false })).toBe('The engine’s best move, Qxf7#: Qxf7# forces mate in one: 4. Qxf7#.');
    expect(sayExplanation({ about: 'The engine’s best move, Nf3', sentences: [], numbersOnly: false })).toBe('The engine’s best move, Nf3: nothing along the engine’s line can be named for certain.');
  });
});
