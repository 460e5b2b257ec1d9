#!/usr/bin/env node
// mainline-uci: the Mainline engine (WebAssembly, in a worker thread) speaking UCI on
// stdin/stdout, for GUIs and scripts. `stop` and `ponderhit` work during a search.
// Commands can also be given as arguments, each one a line: mainline-uci "go perft 5".
import { createInterface } from 'node:readline';
import { createUciWorker } from '../src/node.js';

const engine = createUciWorker();
let quitting = false;
engine.onmessage = (e) => process.stdout.write(`${e.data}\n`);
engine.onerror = (e) => process.stderr.write(`mainline-uci: ${e.message}\n`);
// A reader that goes away (`mainline-uci | head`) ends the engine, as it would a native one.
process.stdout.on('error', (e) => process.exit(e.code === 'EPIPE' ? 0 : 1));

async function finish() {
  await engine.whenIdle();
  engine.terminate();
  // stdin may still be open (after `quit`): exit explicitly once stdout is flushed
  process.stdout.write('', () => process.exit(0));
}

const args = process.argv.slice(2);
if (args.length) {
  for (const line of args) engine.postMessage(line);
  await finish();
} else {
  const rl = createInterface({ input: process.stdin, terminal: false });
  rl.on('line', (line) => {
    if (quitting) return;
    if (/^\s*quit\s*$/.test(line)) {
      quitting = true;
      rl.close();
    }
    engine.postMessage(line);
  });
  // at the end of the input (or after quit), let running commands finish, like the native binary
  rl.on('close', finish);
}
