// A UCI engine as a child process: line-level waiting on stdout, each line time-stamped when
// its chunk arrives. Shared by scripts/bench.mjs (perft timing) and scripts/match.mjs (games).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const STDERR_KEEP = 4000;          // keep the last N characters of stderr for error messages

/**
 * @typedef {{ text: string, t: number }} TimedLine   t: performance.now() when the chunk arrived
 * @typedef {{ match: RegExpMatchArray, t: number, line: string }} WaitResult
 */

export class UciProcess {
  /**
   * Starts `cmd args...` (no shell). Output lines queue up until consumed by waitFor().
   * @param {string} cmd
   * @param {string[]} [args]
   * @param {{ cwd?: string }} [opts]
   */
  constructor(cmd, args = [], opts = {}) {
    /** @type {TimedLine[]} */
    this.lines = [];
    this.waiter = null;
    this.partial = '';
    this.stderr = '';
    /** @type {null | { code?: number|null, signal?: string|null, error?: Error }} */
    this.exited = null;
    /** @type {string|undefined} */ this.name = undefined;
    /** @type {string|undefined} */ this.author = undefined;
    /** @type {Map<string, string>} option name (lower case) -> its `option name ...` line */
    this.options = new Map();
    this.cmd = cmd;
    this.args = args;
    this.proc = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], cwd: opts.cwd });
    this.pid = this.proc.pid;
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk) => {
      const t = performance.now();
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop();
      for (const p of parts) this.lines.push({ text: p.replace(/\r$/, ''), t });
      this.waiter?.();
    });
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (d) => { this.stderr = (this.stderr + d).slice(-STDERR_KEEP); });
    this.proc.stdin.on('error', () => {});          // EPIPE if the engine died; reported via exit
    this.exitPromise = new Promise((resolve) => {
      this.proc.on('error', (e) => { this.exited = { error: e }; this.waiter?.(); resolve(); });
      this.proc.on('exit', (code, signal) => { this.exited = { code, signal }; this.waiter?.(); resolve(); });
    });
  }

  /** True until the process has exited (or failed to start). */
  get alive() { return !this.exited; }

  /** Human-readable reason the process ended, e.g. "exit code 1" or "signal SIGSEGV". */
  exitReason() {
    if (!this.exited) return 'running';
    if (this.exited.error) return this.exited.error.message;
    return this.exited.signal ? `signal ${this.exited.signal}` : `exit code ${this.exited.code}`;
  }

  /** @param {string} line one UCI command, without the newline */
  send(line) {
    if (this.exited || this.proc.stdin.destroyed || this.proc.stdin.writableEnded) return;
    this.proc.stdin.write(line + '\n');
  }

  /** Discards every line received so far and not yet consumed. */
  drain() { this.lines.length = 0; }

  /**
   * Resolves with the first line matching `re`; earlier lines are consumed (passed to `onSkip`
   * if given). Rejects on timeout or when the process ends first.
   * @param {RegExp} re
   * @param {number} timeoutMs
   * @param {string} [what] description for error messages
   * @param {(line: TimedLine) => void} [onSkip] called for every consumed non-matching line
   * @returns {Promise<WaitResult>}
   */
  waitFor(re, timeoutMs, what = String(re), onSkip) {
    return new Promise((resolve, reject) => {
      const due = performance.now() + timeoutMs;
      const timer = setTimeout(() => {
        this.waiter = null;
        const err = new Error(`timeout after ${timeoutMs} ms waiting for ${what}`);
        err.code = 'UCI_TIMEOUT';
        // How late this timer ran: Node runs due timers before it reads the pipes, so when this
        // process's event loop was busy past the deadline, the answer may already be waiting
        // unread. Recorded with a time loss so that the tool's lag is not blamed on the engine
        // unseen.
        err.timerLateMs = performance.now() - due;
        reject(err);
      }, timeoutMs);
      const check = () => {
        while (this.lines.length) {
          const l = this.lines.shift();
          const m = l.text.match(re);
          if (m) { clearTimeout(timer); this.waiter = null; resolve({ match: m, t: l.t, line: l.text }); return; }
          onSkip?.(l);
        }
        if (this.exited) {
          clearTimeout(timer); this.waiter = null;
          const err = new Error(`engine ended (${this.exitReason()}) while waiting for ${what}` +
            (this.stderr.trim() ? `; stderr: ${this.stderr.trim().slice(-500)}` : ''));
          err.code = 'UCI_EXITED';
          reject(err);
        }
      };
      this.waiter = check;
      check();
    });
  }

  /** `uci` ... `uciok` (collecting id name/author and options), then `isready`. */
  async handshake(timeoutMs = 30000) {
    this.send('uci');
    for (;;) {
      const { line } = await this.waitFor(/^(id name .*|id author .*|option name .*|uciok)\s*$/, timeoutMs, 'uciok');
      if (line.startsWith('uciok')) break;
      if (line.startsWith('id name ')) this.name ??= line.slice('id name '.length).trim();
      else if (line.startsWith('id author ')) this.author ??= line.slice('id author '.length).trim();
      else {
        const m = line.match(/^option name (.*?) type /);
        if (m) this.options.set(m[1].toLowerCase(), line);
      }
    }
    await this.isready(timeoutMs);
  }

  async isready(timeoutMs = 30000) {
    this.send('isready');
    await this.waitFor(/^readyok\s*$/, timeoutMs, 'readyok');
  }

  /** @param {string} name @param {string} [value] (omit for button options) */
  setOption(name, value) {
    this.send(value === undefined ? `setoption name ${name}` : `setoption name ${name} value ${value}`);
  }

  /** @param {string} name @returns {boolean} whether the engine announced this option at `uci` */
  hasOption(name) { return this.options.has(name.toLowerCase()); }

  /** Sends `quit`, waits up to `graceMs` for the exit, then kills. */
  async close(graceMs = 5000) {
    if (!this.exited) {
      this.send('quit');
      this.proc.stdin.end();
      const t = setTimeout(() => this.proc.kill('SIGKILL'), graceMs);
      await this.exitPromise;
      clearTimeout(t);
    }
  }

  kill() { if (!this.exited) this.proc.kill('SIGKILL'); }

  /**
   * CPU time (user + system) the process has used so far, in ms, from /proc/<pid>/stat
   * (Linux; assumes 100 clock ticks per second). null when unavailable or after the exit.
   * @returns {number|null}
   */
  cpuMs() {
    if (this.exited || !this.pid) return null;
    try {
      const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');   // fields from 3 (state) on
      return (Number(f[11]) + Number(f[12])) * 10;                  // utime, stime (fields 14, 15)
    } catch { return null; }
  }
}

/**
 * Splits a command line into program and arguments, honouring '...' and "..." quoting and
 * backslash escapes (no shell is involved, so no globbing or variables).
 * @param {string} str
 * @returns {string[]}
 */
export function splitCommand(str) {
  const out = [];
  let cur = '', inTok = false, quote = null;
  for (let i = 0; i < str.length; i++) {
    const c = str[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < str.length) cur += str[++i];
      else cur += c;
    } else if (c === "'" || c === '"') { quote = c; inTok = true; }
    else if (c === '\\' && i + 1 < str.length) { cur += str[++i]; inTok = true; }
    else if (/\s/.test(c)) { if (inTok) { out.push(cur); cur = ''; inTok = false; } }
    else { cur += c; inTok = true; }
  }
  if (quote) throw new Error(`unterminated ${quote} in command: ${str}`);
  if (inTok) out.push(cur);
  return out;
}
