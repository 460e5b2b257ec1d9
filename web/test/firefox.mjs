// Firefox for the web figures (`npm run bench -- --section web`): Debian's firefox-esr, headless,
// a fresh profile for each page, no playwright (playwright drives only its own patched Firefox).
// The page (test/page.html) posts its results to the test server (server.mjs, POST /report/<id>).
// Installed by `bash scripts/setup.sh` (the browser tests run in it); without it the figures say Firefox was skipped.
import { spawn } from 'node:child_process';
import { awaitReport } from './browser-report.mjs';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const FIREFOX = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

// A quiet profile: no first-run pages, updates, telemetry or background connections, and pages in
// background tabs not throttled (headless has one window; the engine's worker runs at full speed).
const PREFS = {
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'startup.homepage_welcome_url': '',
  'browser.aboutwelcome.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'app.update.enabled': false,
  'app.normandy.enabled': false,
  'extensions.update.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'dom.min_background_timeout_value': 4,
};

/** The version string of Debian's Firefox, or null when it is missing or cannot start. */
export async function firefoxVersion() {
  if (!existsSync(FIREFOX)) return null;
  return await new Promise((resolve) => {
    const p = spawn(FIREFOX, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('error', () => resolve(null));
    p.on('close', (code) => resolve(code === 0 ? out.trim() : null));
  });
}

let counter = 0;

/**
 * Opens test/page.html?run=... (or another page that reports) under a mode of the test server
 * in a new headless Firefox and returns the page's results (as runPage does for Chromium).
 * @param {{ url: string, report: (id: string) => Promise<any> }} server
 * @param {string} mode @param {string[]} runs
 * @param {{ query?: string, timeoutMs?: number, page?: string }} [o]
 */
export async function runFirefoxPage(server, mode, runs, { query = '', timeoutMs = 120000, page = 'test/page.html' } = {}) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'mainline-firefox-'));
  writeFileSync(path.join(profile, 'user.js'), Object.entries(PREFS).map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`).join('\n') + '\n');
  const id = `ff${process.pid}-${++counter}`;
  const url = `${server.url}/${mode}/${page}?run=${runs.join(',')}&report=${id}${query ? `&${query}` : ''}`;
  const ff = spawn(FIREFOX, ['--headless', '--no-remote', '--profile', profile, url], { stdio: 'ignore', detached: true });
  try {
    return await awaitReport(server, id, ff, 'Firefox', FIREFOX, timeoutMs);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
