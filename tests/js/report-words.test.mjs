// Every sentence the app shows in the game report's words (the move info, the board in words'
// `why`, the PGN export: WordsController over the report of "Analyse game") for the two games the
// app's tests analyse, the Blackburne Shilling trap (app-page.mjs's TRAP) and the Ruy Lopez of
// app-features.test.mjs, is checked by the verifier against the engine's own lines: the facts of
// the played move and the engine's reply line, or of the engine's best line from the same position.
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, test } from 'vitest';
import { EngineHandle } from '../../app/src/services/engine.js';
import { WordsController } from '../../app/src/controllers/words.js';
import { reportOf } from '../../app/src/model/gamereport.js';
import { verifyClaims } from '../../web/src/explain.js';
import { TRAP } from './app-page.mjs';
import { memoryApp, memoryReview } from './app-memory.mjs';

const RUY = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *';

const handles = [];
afterAll(() => {
  for (const h of handles) h.close();
});
function engine() {
  const h = new EngineHandle({ Hash: 16 }, { onError: (e) => console.error('engine crashed:', e.message) });
  handles.push(h);
  return h;
}

/** Sentences that carry no claim: the two the explainer says when it names nothing. */
const CLAIMLESS = [/^No tactic can be named for certain/, /^\S+ was best\.$/];

/** The game analysed as "Analyse game" does it, then every move of the report put into words. */
async function wordsOf(pgn) {
  const app = memoryApp();
  const { store, game } = app;
  const handle = engine();
  const { review } = memoryReview(app);
  game.loadPgn(pgn);
  await review.run({ depth: 8 });
  const tree = store.state.tree;
  const report = reportOf(tree);
  const words = new WordsController({ engine: engine() });
  const facts = await handle.get();
  const out = [];
  for (const node of tree.mainline()) {
    const verdict = report.verdicts.get(node.id);
    if (!verdict || !node.parent?.eval || !node.eval) continue;
    const w = await words.explain(node, verdict.cls);
    // the lines the words were made from, asked again of the engine
    const line = await facts.lineFacts(node.parent.fen, [node.uci, ...(node.eval.pv || [])]);
    const bestPv = node.parent.eval.pv || [];
    const best = bestPv.length && bestPv[0] !== node.uci ? await facts.lineFacts(node.parent.fen, bestPv) : null;
    out.push({ san: node.san, cls: verdict.cls, sentences: w.sentences, line, best });
  }
  return { out, reasons: await words.reasons(tree) };
}

describe('the report in words of the games the app tests analyse: every sentence verified', () => {
  test.each([
    ['the Blackburne Shilling trap', TRAP],
    ['the Ruy Lopez', RUY],
  ])('%s', async (_, pgn) => {
    const { out, reasons } = await wordsOf(pgn);
    expect(out.length).toBeGreaterThan(5);
    let checked = 0;
    for (const { san, cls, sentences, line, best } of out) {
      for (const s of sentences) {
        if (!s.claims.length) {
          expect(CLAIMLESS.some((re) => re.test(s.text)), `${san} (${cls}): "${s.text}" claims nothing`).toBe(true);
          continue;
        }
        // each sentence is about one of the two lines: it must verify against that one
        const against = [line, best].filter((f) => f && !verifyClaims(s.claims, f));
        expect(against.length, `${san} (${cls}): "${s.text}" fails: ${verifyClaims(s.claims, line)}`).toBeGreaterThan(0);
        checked++;
      }
    }
    // the PGN export's reasons are these same sentences
    for (const text of reasons.values()) expect(out.some((o) => o.sentences.map((s) => s.text).join(' ') === text)).toBe(true);
    console.log(`${_}: ${out.length} moves, ${checked} sentences with claims verified, ${out.reduce((a, o) => a + o.sentences.length, 0)} sentences in all`);
  }, 120000);
});
