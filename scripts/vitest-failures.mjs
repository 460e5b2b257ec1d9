#!/usr/bin/env node
// The failed tests of a vitest JSON report (`--reporter=json --outputFile.json=F`), for the test
// run's summary: CI shows only the tail of a run, where vitest's own account of a failure has long
// scrolled away.
//   node scripts/vitest-failures.mjs REPORT          one line per failed test: file › name: first line of the error
//   node scripts/vitest-failures.mjs --files REPORT  the test files that failed, one per line
// Exits 2 when the report is missing or unreadable (a run that died before writing it).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const args = process.argv.slice(2);
const filesOnly = args[0] === '--files';
const path = filesOnly ? args[1] : args[0];
if (!path) {
  console.error('usage: vitest-failures.mjs [--files] REPORT');
  process.exit(2);
}

/** @type {{ testResults?: { name: string, status: string, message?: string, assertionResults?: { fullName: string, status: string, failureMessages?: string[] }[] }[] }} */
let report;
try {
  report = JSON.parse(readFileSync(path, 'utf8'));
} catch (e) {
  console.error(`vitest-failures: cannot read the report ${path}: ${e instanceof Error ? e.message : e}`);
  process.exit(2);
}

/** @param {string | undefined} text */
const firstLine = (text) => (text ?? '').split('\n').map((l) => l.trim()).find((l) => l) ?? '';

for (const file of report.testResults ?? []) {
  const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
  // A file can fail without a failed test: an error while collecting it, or an unhandled error.
  if (!failed.length && file.status !== 'failed') continue;
  const name = relative(process.cwd(), file.name);
  if (filesOnly) {
    console.log(name);
    continue;
  }
  if (!failed.length) console.log(`${name}: ${firstLine(file.message).slice(0, 300)}`);
  for (const t of failed) console.log(`${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0]).slice(0, 300)}`);
}
