// What explanations in words cost: "Analyse game" (the app's ReviewController, two lines a
// position) at depth 12 on a 40-move game, then the explanation step the app does with the
// report (WordsController: the facts of the played move's line and of the best line from the
// engine, worded and verified by mainline-chess/explain), timed apart; prints both times and the
// ratio (issue 32's target: the words add less than 10% to the analysis).
//   npx vite-node scripts/bench-explain.mjs [--depth 12] [--moves 40]
// (vite-node, as Vitest runs the app: the app's modules import JSON the way Vite does)
// The game: the engine against itself from the Ruy Lopez, 6 plies deep a move, so that the run
// needs no file and gives the same game every time (one thread, a fresh hash table).
import 'fake-indexeddb/auto';
import { Chess } from 'chess.js';
import { createEngine } from '../web/src/node.js';
import { EngineHandle } from '../app/src/services/engine.js';
import { WordsController } from '../app/src/controllers/words.js';
import { reportOf } from '../app/src/model/gamereport.js';
import { memoryApp, memoryReview } from '../tests/js/app-memory.mjs';

const arg = (name, dflt) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : dflt);
const DEPTH = arg('--depth', 12);
const MOVES = arg('--moves', 40);

/** A game of `moves` moves (fewer if it ends): the engine against itself at a small depth. */
async function selfPlay(moves) {
  const engine = await createEngine({ options: { Hash: 16, Threads: 1 } });
  const chess = new Chess();
  for (const san of ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6']) chess.move(san);
  await engine.newGame();
  while (chess.history().length < 2 * moves && !chess.isGameOver()) {
    const r = await engine.bestMove(chess.fen(), { depth: 6 });
    if (!r.bestMove) break;
    chess.move({ from: r.bestMove.slice(0, 2), to: r.bestMove.slice(2, 4), promotion: r.bestMove[4] });
  }
  engine.terminate();
  return chess.pgn();
}

const pgn = await selfPlay(MOVES);
const app = memoryApp();
const { store, game } = app;
const wordsEngine = new EngineHandle({ Hash: 16 }, { onError: (e) => console.error(e.message) });
const { review } = memoryReview(app); // one engine, as on a 2-core machine
game.loadPgn(pgn);
const tree = store.state.tree;
const plies = tree.mainline().length;
await wordsEngine.get(); // started before the clock, as the app starts it before it is asked

let t = performance.now();
await review.run({ depth: DEPTH });
const analyse = performance.now() - t;
if (store.state.review.outcome !== 'done') throw new Error(`the analysis did not finish: ${store.state.review.text}`);

// the explanation step: the words of every move the report judges (what the move info, the board
// in words and the PGN export show), each asked once as the app asks it
const words = new WordsController({ engine: wordsEngine });
const report = reportOf(tree);
t = performance.now();
let sentences = 0;
let moves = 0;
for (const node of tree.mainline()) {
  const v = report.verdicts.get(node.id);
  if (!v) continue;
  const w = await words.explain(node, v.cls);
  sentences += w.sentences.length;
  moves++;
}
const explain = performance.now() - t;
// the PGN export's reasons come from the same cache: timed to show they add nothing more
t = performance.now();
await words.reasons(tree);
const reasons = performance.now() - t;

wordsEngine.close();
console.log(`game: ${plies} plies (${Math.ceil(plies / 2)} moves), self-play from the Ruy Lopez`);
console.log(pgn.replace(/\s+/g, ' ').trim());
console.log(`Analyse game, depth ${DEPTH}, two lines a position: ${(analyse / 1000).toFixed(2)} s`);
console.log(`explanations in words for ${moves} moves (${sentences} sentences): ${(explain / 1000).toFixed(2)} s (+ ${reasons.toFixed(0)} ms for the PGN export's reasons, from the cache)`);
console.log(`with words: ${((analyse + explain) / 1000).toFixed(2)} s; the words add ${((100 * explain) / analyse).toFixed(1)}% (target < 10%)`);
