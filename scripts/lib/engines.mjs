// Engine specifications for matches: a command line, or a preset name.
//   mainline        build/mainline
//   mainline-wasm   node build-wasm/mainline.js
//   stockfish       /usr/games/stockfish at full strength (Hash=16, Threads=1)
//   stockfish:ELO   the same with UCI_LimitStrength=true, UCI_Elo=ELO (Stockfish 15.1: 1350..2850)
//   glaurung        /usr/games/glaurung (Debian package glaurung; Threads=1, Hash=16, no book)
//   toga2           /usr/games/toga2 (Debian package toga2; Hash=16, no book)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitCommand } from './uci-process.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * @typedef {Object} EngineSpec
 * @property {string} spec     what the user wrote (preset or command)
 * @property {string} cmd      program
 * @property {string[]} args
 * @property {string} [name]   display name (default: the engine's `id name`)
 * @property {[string, string][]} options UCI options, set in this order after `uci`
 * @property {string} [missing] message when the program is not there
 */

const STOCKFISH = '/usr/games/stockfish';

/**
 * Resolves a preset name or a command line into an engine specification.
 * @param {string} spec e.g. "mainline", "stockfish:1500", "./my-engine --uci"
 * @returns {EngineSpec}
 */
export function resolveEngine(spec) {
  const s = spec.trim();
  const sf = s.match(/^stockfish(?::(\d+))?$/i);
  if (sf) {
    const options = [['Threads', '1'], ['Hash', '16']];
    let name;
    if (sf[1] !== undefined) {
      const elo = Number(sf[1]);
      if (elo < 1350 || elo > 2850) throw new Error(`stockfish:${elo}: Stockfish 15.1 accepts UCI_Elo 1350..2850`);
      options.push(['UCI_LimitStrength', 'true'], ['UCI_Elo', String(elo)]);
      name = `Stockfish ${elo}`;
    }
    return { spec: s, cmd: STOCKFISH, args: [], name, options, missing: `${STOCKFISH} not found: run \`npm run setup\` (apt package stockfish)` };
  }
  switch (s.toLowerCase()) {
    case 'mainline':
      return { spec: s, cmd: path.join(ROOT, 'build/mainline'), args: [], options: [], missing: 'build/mainline not found: run `npm run build` first' };
    case 'mainline-wasm':
      return {
        spec: s, cmd: process.execPath, args: [path.join(ROOT, 'build-wasm/mainline.js')], options: [],
        requires: path.join(ROOT, 'build-wasm/mainline.js'), missing: 'build-wasm/mainline.js not found: run `npm run build` first',
      };
    case 'glaurung':
      return {
        spec: s, cmd: '/usr/games/glaurung', args: [], options: [['Threads', '1'], ['Hash', '16'], ['OwnBook', 'false'], ['Ponder', 'false']],
        missing: '/usr/games/glaurung not found: run `npm run setup` (apt package glaurung)',
      };
    case 'toga2':
      return {
        spec: s, cmd: '/usr/games/toga2', args: [], options: [['Hash', '16'], ['OwnBook', 'false'], ['Number of Threads', '1']],
        missing: '/usr/games/toga2 not found: run `npm run setup` (apt package toga2)',
      };
    default: {
      const argv = splitCommand(s);
      if (!argv.length) throw new Error('empty engine command');
      const cmd = argv[0].includes('/') ? path.resolve(argv[0]) : argv[0];
      return { spec: s, cmd, args: argv.slice(1), options: [] };
    }
  }
}

/**
 * Whether the engine's program exists (for commands found via PATH: assumed yes).
 * @param {EngineSpec} e
 * @returns {boolean}
 */
export function engineAvailable(e) {
  const p = e.requires ?? e.cmd;
  return !p.includes('/') || existsSync(p);
}

/**
 * Parses "Name=Value" (the value may contain '='; an empty value is allowed).
 * @param {string} s
 * @returns {[string, string]}
 */
export function parseOption(s) {
  const i = s.indexOf('=');
  if (i <= 0) throw new Error(`bad UCI option '${s}': expected Name=Value`);
  return [s.slice(0, i).trim(), s.slice(i + 1).trim()];
}

/**
 * Options for display, e.g. "UCI_Elo=1500 Hash=16".
 * @param {[string, string][]} options
 * @returns {string}
 */
export function formatOptions(options) {
  return options.map(([k, v]) => `${k}=${v}`).join(' ');
}
