#!/usr/bin/env node
// The README's figures table, written from docs/figures.json (today's figures, each stated once;
// the figures they replaced are in docs/history.md).
//   node scripts/figures.mjs           rewrite the table between the README's figures markers
//   node scripts/figures.mjs --check   exit 1 (saying what differs) when the README is not the data's
// The download figure is written from its byte counts, which tests/js/docs.test.mjs holds to the
// built files (web/scripts/bench-web.mjs's sizes()).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README = path.join(ROOT, 'README.md');
const BEGIN = '<!-- figures: written by scripts/figures.mjs from docs/figures.json; edit that file -->';
const END = '<!-- /figures -->';

const kb = (/** @type {number} */ n) => (n / 1024).toFixed(1);

/** The download figure in words, from its byte counts. @param {any} d */
export function downloadText(d) {
  const total = d.wasm + d.worker + d.client;
  const all = d.wasm + d.worker + d.clientEveryExport;
  return `${kb(total)} KB (wasm with the network ${kb(d.wasm)}, worker ${kb(d.worker)}, client ${kb(d.client)}: what the element and \`createEngine\` ship; ${kb(all)} KB with the UCI text mode too; budget 200)`;
}

/** The table, as the README holds it. */
export function table() {
  const data = JSON.parse(readFileSync(path.join(ROOT, 'docs/figures.json'), 'utf8'));
  const rows = data.figures.map((f) => {
    const value = f.value === 'FIGURE:download' ? downloadText(data.download) : f.value;
    const doc = f.doc ? ` ([${path.basename(f.doc, '.md').replace(/^README$/, path.dirname(f.doc))}](${f.doc}))` : '';
    return `| ${f.measure} | ${value}${f.date ? ` (${f.date})` : ''} | \`${f.command}\`${doc} |`;
  });
  return [BEGIN, '| measure | value | command |', '|---|---|---|', ...rows, END].join('\n');
}

/** The README with its table written anew. */
export function readmeWithTable() {
  const text = readFileSync(README, 'utf8');
  const i = text.indexOf(BEGIN);
  const j = text.indexOf(END);
  if (i < 0 || j < i) throw new Error(`README.md has no figures markers (${BEGIN} ... ${END})`);
  return text.slice(0, i) + table() + text.slice(j + END.length);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const now = readFileSync(README, 'utf8');
  const want = readmeWithTable();
  if (process.argv.includes('--check')) {
    if (now !== want) {
      console.error('figures: README.md\'s table is not docs/figures.json\'s: run `node scripts/figures.mjs`');
      process.exit(1);
    }
    console.log('figures: README.md agrees with docs/figures.json');
  } else if (now !== want) {
    writeFileSync(README, want);
    console.log('figures: README.md written from docs/figures.json');
  } else console.log('figures: README.md already agrees');
}
