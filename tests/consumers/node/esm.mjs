// Node, ES modules.
import { createEngine } from 'mainline-chess';

const engine = await createEngine();
const result = await engine.bestMove('startpos', { depth: 8 });
console.log(JSON.stringify({ bestMove: result.bestMove, depth: result.depth, pv: result.pv, pvSan: result.pvSan, build: engine.build }));
engine.terminate();
