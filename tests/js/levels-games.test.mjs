// A short game against each play level, as the app plays it (the level's UCI options on the
// WebAssembly engine in a Node worker), against a seeded random mover: every move the level
// makes must be legal, and the game must end by the rules. The node budget is cut for speed
// (a level's own budget is the smaller of its table's and the search limit), so this checks
// that every level plays, not how well.
import { afterAll, expect, test } from 'vitest';
import { Chess } from 'chess.js';
import { EngineHandle } from '../../app/src/services/engine.js';
import { LEVELS } from '../../app/src/model/levels.js';
import { rng } from '../../scripts/lib/openings.mjs';

const handle = new EngineHandle({ Hash: 16 });
afterAll(() => handle.close());

/** Plies before a game that has not ended counts as a failure (a random mover loses long before). */
const MAX_PLIES = 400;

test('a game against each level ends legally', async () => {
  const engine = await handle.get();
  /** @type {string[]} */
  const summary = [];
  for (const [i, level] of LEVELS.entries()) {
    await engine.newGame();
    for (const [name, value] of Object.entries(level.options)) await engine.setOption(/** @type {any} */ (name), value);
    const chess = new Chess();
    const next = rng(1000 + i);
    const levelSide = i % 2 ? 'b' : 'w';
    const moves = [];
    while (!chess.isGameOver() && moves.length < MAX_PLIES) {
      if (chess.turn() === levelSide) {
        const r = await engine.bestMove({ fen: 'startpos', moves }, { nodes: 800 });
        expect(r.bestMove, `${level.name} found no move at ply ${moves.length}`).toBeTruthy();
        // chess.js throws on an illegal move
        const m = chess.move({ from: r.bestMove.slice(0, 2), to: r.bestMove.slice(2, 4), promotion: r.bestMove[4] });
        moves.push(m.lan);
      } else {
        const legal = chess.moves({ verbose: true });
        const m = chess.move(legal[Math.floor(next() * legal.length)]);
        moves.push(m.lan);
      }
    }
    expect(chess.isGameOver(), `${level.name}: no result after ${moves.length} plies`).toBe(true);
    summary.push(`${level.name}: ${chess.isCheckmate() ? (chess.turn() === levelSide ? 'lost' : 'won') : 'draw'} in ${moves.length} plies`);
  }
  console.log(summary.join('; '));
}, 60000);
