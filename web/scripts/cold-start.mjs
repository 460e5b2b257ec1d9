// Cold starts in Chromium, one fresh browser context each: the start-up steps the worker reports
// (engine.startupTiming, ms since the page began) and the first iteration, for telling where a
// cold start's time goes and for A/B runs of a change (docs/web-speed.md).
//   node web/scripts/cold-start.mjs [--rounds N] [--modes plain,coi,csp]
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, modes: { type: 'string', default: 'plain,coi' } } });
const rounds = Number(values.rounds);
const modes = values.modes.split(',');
if (!(rounds >= 1) || modes.some((m) => !['plain', 'coi', 'csp'].includes(m))) {
  console.error('usage: node web/scripts/cold-start.mjs [--rounds N] [--modes plain,coi,csp]');
  process.exit(2);
}
const { startServer, launchChromium, runPage } = await import(pathToFileURL(path.join(WEB, 'test/server.mjs')).href);
const server = await startServer();
const chromium = await launchChromium();
/** @type {Record<string, number[]>} */
const firsts = {};
try {
  for (let r = 0; r < rounds; r++)
    for (const mode of modes) {
      const x = await runPage(chromium.browser, server.url, mode, ['cold']);
      if (x.error) throw new Error(`${mode}: ${x.error}`);
      const c = x.cold;
      (firsts[mode] ??= []).push(c.firstIterationMs);
      const steps = Object.entries(c.steps).map(([k, v]) => `${k} ${Number(v).toFixed(1)}`).join(', ');
      console.log(`${mode.padEnd(5)} ${c.build.padEnd(8)} ready ${c.readyMs.toFixed(1)} ms, first iteration ${c.firstIterationMs.toFixed(1)} ms  (${steps})`);
    }
} finally {
  await chromium.browser.close();
  await server.close();
}
for (const [mode, v] of Object.entries(firsts)) {
  const s = [...v].sort((a, b) => a - b);
  console.log(`${mode}: first iteration median ${s[Math.floor(s.length / 2)].toFixed(1)} ms (${s.length} starts, ${s[0].toFixed(1)}-${s.at(-1).toFixed(1)})`);
}
