// Node, CommonJS: require() of the package (an ES module; Node 20.19 and later load it).
const { createEngine } = require('mainline-chess');

createEngine().then(async (engine) => {
  const result = await engine.bestMove('startpos', { depth: 8 });
  console.log(JSON.stringify({ bestMove: result.bestMove, depth: result.depth, pv: result.pv, pvSan: result.pvSan, build: engine.build }));
  engine.terminate();
});
