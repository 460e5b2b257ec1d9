import { createEngine } from 'mainline-chess';
import 'mainline-chess/element';

// The element analyses the position in its attributes by itself; its events tell the page.
const element = document.querySelector('mainline-analysis');
element.addEventListener('bestmove', (e) => {
  const { fen, depth, pv, pvSan } = e.detail;
  window.__element = { fen, depth, pv, pvSan }; // (what the test reads)
});
element.addEventListener('error', (e) => {
  window.__element = { error: e.detail.message }; // (what the test reads)
});

// The API: two threads where the page is cross-origin isolated (one otherwise).
const engine = await createEngine({ options: crossOriginIsolated ? { Threads: 2 } : {} });
let iterations = 0;
const result = await engine.bestMove('startpos', { depth: 8 }, { onInfo: () => iterations++ });
const { bestMove, depth, pv, pvSan } = result;
window.__api = { bestMove, depth, pv, pvSan, iterations, build: engine.build, threads: engine.threads };
engine.terminate();
