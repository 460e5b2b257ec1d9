// Play mode on the real engine, in Node (the app's controllers change only the store): the
// engine's thinking is one row per depth with its lines and reaches the panel's head when shown,
// and nothing of it leaks when hidden; the hint gives the engine's move for the player with only
// verified reasons. The panel's drawing itself is checked in Chromium (app-e2e.test.mjs).
import { afterAll, expect, test } from 'vitest';
import { Chess } from 'chess.js';
import { Store, defaults } from '../../app/src/state.js';
import { engineHandles, until } from './app-memory.mjs';
import { GameController } from '../../app/src/controllers/game.js';
import { GameTree } from '../../app/src/model/tree.js';
import { PlayController } from '../../app/src/controllers/play.js';
import { HintController } from '../../app/src/controllers/hint.js';
import { currentHint, hintText } from '../../app/src/model/hint.js';
import { playThinking, shownEval } from '../../app/src/model/shown.js';

// engine handles as the app makes them, and the wait for a state (app-memory.mjs)
const handles = engineHandles({ Hash: 16, Threads: 1 });
const engine = handles.engine;
afterAll(handles.close);

function setup() {
  const store = new Store(defaults());
  const game = new GameController({ store });
  const play = new PlayController({ store, engine: engine({ Hash: 16 }), setTree: (t, h) => game.setTree(t, h), goTo: (n) => game.goTo(n) });
  const hints = new HintController({ store, engine: engine(), facts: engine({ Hash: 1, Threads: 1 }), movetime: 300 });
  return { store, play, hints, game };
}

test('thinking shown: one row per depth with all its lines, and the head keeps the score after the move', async () => {
  const { store, play } = setup();
  /** @type {number[][]} each change of the log: its rows' depths */
  const seen = [];
  store.on(['log'], (s) => s.log && seen.push(s.log.rows.map((/** @type {any} */ r) => r.depth)));
  // the weakest level chooses among its best four lines, so each depth has several
  play.start({ colour: 'b', level: 0, clock: '', fromHere: false, showThinking: true });
  const s = await until(store, (st) => st.tree.mainline().length === 1 && !st.play.thinking);
  const log = /** @type {import('../../app/src/model/iterationlog.js').IterationLog} */ (s.log);
  expect(log.rows.length).toBeGreaterThan(0);
  const exact = log.rows.filter((r) => r.bound === 'exact');
  expect(new Set(exact.map((r) => r.depth)).size).toBe(exact.length);
  expect(Math.max(...exact.map((r) => r.lines.size))).toBeGreaterThan(1);
  for (const depths of seen) expect(new Set(depths).size).toBe(depths.length);
  // after the engine's move the shown position is the one after it: the head still has a score
  expect(s.current.fen).not.toBe(log.fen);
  expect(playThinking(s)?.best?.lines.get(1)?.score).toBeDefined();
});

test('thinking hidden: no log, no score, no line at any time of the engine move', async () => {
  const { store, play } = setup();
  let leaked = 0;
  store.on([...Object.keys(defaults())], (s) => {
    if (s.mode === 'play' && s.play && (s.log || shownEval(s) || playThinking(s))) leaked++;
  });
  play.start({ colour: 'b', level: 3, clock: '', fromHere: false, showThinking: false });
  const s = await until(store, (st) => st.tree.mainline().length === 1 && !st.play.thinking);
  expect(leaked).toBe(0);
  expect(s.log).toBeNull();
  expect(s.panelNote).toBe("The engine's thinking is hidden.");
  // hiding it in the middle of a game: the next move shows nothing either
  play.setShowThinking(true);
  play.setShowThinking(false);
  const legal = new Chess(s.current.fen).moves({ verbose: true })[0];
  play.humanMove({ from: legal.from, to: legal.to });
  await until(store, (st) => st.tree.mainline().length === 3 && !st.play.thinking);
  expect(leaked).toBe(0);
});

test('hint: the engine move for the player, with verified reasons only, gone once a move is made', async () => {
  const { store, play, hints, game } = setup();
  // White to move: Nc7+ forks the king and the rook
  game.setTree(new GameTree('r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1'), {});
  expect(hints.available()).toBe(false); // no game yet
  play.start({ colour: 'w', level: 0, clock: '', fromHere: true, showThinking: false });
  expect(hints.available()).toBe(true);
  await hints.hint();
  const h = currentHint(store.state);
  expect(h).toMatchObject({ uci: 'b5c7', san: 'Nc7+', pending: false, error: '' });
  expect(h?.reasons.length).toBeGreaterThan(0);
  expect(h?.reasons.join(' ')).toMatch(/fork/i);
  expect(hintText(/** @type {any} */ (h))).toMatch(/^Hint: Nc7\+\. .*fork/i);
  // the player moves: the hint was the old position's and is no longer shown
  play.humanMove({ from: 'b5', to: 'c7' });
  expect(currentHint(store.state)).toBeNull();
  expect(hints.available()).toBe(false); // the engine's turn
});

test('hint: nothing verified to say, just the move', () => {
  const h = { fen: 'x', uci: 'e2e4', san: 'e4', reasons: [], pending: false, error: '' };
  expect(hintText(h)).toBe('Hint: e4.');
});
