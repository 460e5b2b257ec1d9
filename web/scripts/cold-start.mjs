// Cold starts in Chromium, one fresh browser context each: the start-up steps the worker reports
// (engine.startupTiming, ms since the page began) and the first iteration, for telling where a
// cold start's time goes and for A/B runs of a change (docs/web-speed.md). --bare: each round also
// starts an empty module Worker the same way (test/bare-worker.html), to set the browser's own
// worker start against the engine's `scriptStart`.
//   node web/scripts/cold-start.mjs [--rounds N] [--modes plain,coi,csp] [--bare]
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, modes: { type: 'string', default: 'plain,coi' }, bare: { type: 'boolean', default: false } } });
const rounds = Number(values.rounds);
const modes = values.modes.split(',');
if (!(rounds >= 1) || modes.some((m) => !['plain', 'coi', 'csp'].includes(m))) {
  console.error('usage: node web/scripts/cold-start.mjs [--rounds N] [--modes plain,coi,csp] [--bare]');
  process.exit(2);
}
const { startServer, launchChromium, runPage } = await import(pathToFileURL(path.join(WEB, 'test/server.mjs')).href);
const server = await startServer();
const chromium = await launchChromium();
/** @type {Record<string, number[]>} */
const firsts = {};
/** @type {Record<string, number[]>} */
const scriptStarts = {};
/** @type {{ duringLoadMs: number, afterLoadMs: number }[]} */
const bares = [];
try {
  for (let r = 0; r < rounds; r++) {
    if (values.bare) {
      const x = await runPage(chromium.browser, server.url, 'plain', [], { page: 'test/bare-worker.html' });
      if (x.error) throw new Error(`bare worker: ${x.error}`);
      bares.push(x.bare);
      console.log(`bare  empty module Worker: script began ${x.bare.duringLoadMs.toFixed(1)} ms after new Worker while the page loads, ${x.bare.afterLoadMs.toFixed(1)} ms after the load event`);
    }
    for (const mode of modes) {
      const x = await runPage(chromium.browser, server.url, mode, ['cold']);
      if (x.error) throw new Error(`${mode}: ${x.error}`);
      const c = x.cold;
      (firsts[mode] ??= []).push(c.firstIterationMs);
      if (typeof c.steps.scriptStart === 'number') (scriptStarts[mode] ??= []).push(c.steps.scriptStart);
      const steps = Object.entries(c.steps).map(([k, v]) => `${k} ${Number(v).toFixed(1)}`).join(', ');
      console.log(`${mode.padEnd(5)} ${c.build.padEnd(8)} ready ${c.readyMs.toFixed(1)} ms, first iteration ${c.firstIterationMs.toFixed(1)} ms  (${steps})`);
    }
  }
} finally {
  await chromium.browser.close();
  await server.close();
}
/** @param {number[]} v */
const summary = (v) => {
  const s = [...v].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(1)} ms (${s.length} starts, ${s[0].toFixed(1)}-${s.at(-1).toFixed(1)})`;
};
for (const [mode, v] of Object.entries(firsts)) {
  console.log(`${mode}: first iteration ${summary(v)}`);
  if (scriptStarts[mode]) console.log(`${mode}: the engine worker's script began ${summary(scriptStarts[mode])} after createEngine`);
}
if (bares.length) {
  console.log(`bare: an empty module Worker's script began ${summary(bares.map((b) => b.duringLoadMs))} after new Worker while the page loads`);
  console.log(`bare: and ${summary(bares.map((b) => b.afterLoadMs))} after the load event`);
}
