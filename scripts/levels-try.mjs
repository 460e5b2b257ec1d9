#!/usr/bin/env node
// Candidate play levels, tried before one goes into the design (scripts/data/levels.json):
// each candidate plays a reference candidate, and every move of those games is judged by the
// full engine, so that two designs of about the same strength can be compared by the kind of
// mistakes they make, not only by their score.
//
//   node scripts/levels-try.mjs --candidates "L4=hce:1850:123,netA=net:600:60" --reference L4
//        [--reference-elo 1200] [--games 40] [--movetime 1000] [--out DIR] [--judge-nodes 30000]
//        [--no-play]                       (judge the games already in DIR again)
//        [--no-judge]                      (only the scores)
//
// A candidate is NAME=EVAL:NODES:TEMPERATURE (EVAL: net or hce), as a level row runs it. The
// candidates are compiled into build-levels/ (a calibration build, scripts/levels.mjs: the same
// engine reading a generated table instead of engine/level_table.h). Limited
// levels stop at their node budget, so their results do not depend on the machine's load.
//
// How a mistake is judged: the full engine (build/mainline, network) at --judge-nodes scores the
// best move and the played one (`go ... searchmoves`); a loss of 100 cp or more, while the game
// is not already decided (best within 600 cp), is a mistake. Its depth is the shallowest search
// (depth 1..8, both moves searched to it) that already sees it as one: depth 1-2 is a blunder
// anyone looking one move ahead would see (a piece left to a capture, a one-move threat
// ignored), 5 or more a tactic missed at depth. The issue's aim for the low levels is mistakes
// of the kind people make (missed tactics at depth), not random blunders in quiet positions.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Chess } from 'chess.js';
import { ROOT } from './lib/engines.mjs';
import { buildCalibrationEngine } from './levels.mjs';
import { UciProcess } from './lib/uci-process.mjs';

const HELP = readFileSync(new URL(import.meta.url), 'utf8').split('\n').slice(5, 11).map((l) => l.replace(/^\/\/ ?/, '')).join('\n');
const MISTAKE_CP = 100;
// A blunder (a piece or more) is judged apart: a loss that large is about material, not about
// how one evaluation weighs a position, so the judge's own taste cannot make it.
const BLUNDER_CP = 300;
const DECIDED_CP = 600;
const MAX_DEPTH = 8;

/** @param {string} spec */
function parseCandidates(spec) {
  return spec.split(',').map((part) => {
    const m = part.trim().match(/^([A-Za-z0-9_-]+)=(net|hce):(\d+):(\d+)$/);
    if (!m) throw new Error(`--candidates: '${part}' is not NAME=net|hce:NODES:TEMPERATURE`);
    return { name: m[1], network: m[2] === 'net', nodes: Number(m[3]), temperature: Number(m[4]) };
  });
}

/** @param {UciProcess} p @param {string} go @returns {Promise<{ cp: number, best: string }>} */
async function search(p, go) {
  p.drain();
  p.send(go);
  let cp = 0;
  for (;;) {
    const { line } = await p.waitFor(/^(info .*score|bestmove)/, 120000);
    const s = line.match(/ score (cp|mate) (-?\d+)/);
    if (s && !/ (lowerbound|upperbound)/.test(line)) cp = s[1] === 'cp' ? Number(s[2]) : Math.sign(Number(s[2])) * (3000 - Math.abs(Number(s[2])));
    if (line.startsWith('bestmove')) return { cp: Math.max(-2000, Math.min(2000, cp)), best: line.split(/\s+/)[1] };
  }
}

/**
 * Judges one move: its loss against the best move and, for a mistake, the shallowest depth
 * that sees it. @param {UciProcess} p @param {string} fen @param {string} move @param {number} nodes
 */
async function judge(p, fen, move, nodes) {
  p.send(`position fen ${fen}`);
  const best = await search(p, `go nodes ${nodes}`);
  if (best.best === move) return { loss: 0, depth: null, decided: Math.abs(best.cp) >= DECIDED_CP };
  const played = await search(p, `go nodes ${nodes} searchmoves ${move}`);
  const loss = Math.max(0, best.cp - played.cp);
  const decided = Math.abs(best.cp) >= DECIDED_CP;
  if (loss < MISTAKE_CP || decided) return { loss, depth: null, decided };
  let depth = MAX_DEPTH + 1;
  for (let d = 1; d <= MAX_DEPTH; d++) {
    const a = await search(p, `go depth ${d}`);
    const b = a.best === move ? a : await search(p, `go depth ${d} searchmoves ${move}`);
    if (a.cp - b.cp >= MISTAKE_CP) {
      depth = d;
      break;
    }
  }
  return { loss, depth, decided };
}

/**
 * @typedef {{ w: number, d: number, l: number, games: number, score: number, diff: number|null, elo: number|null }} MatchScore
 * A candidate's match against the reference, from match.mjs's JSON (null: not played): its
 * score, the logistic Elo difference (null at 0% or 100%) and, given the reference's rating, its own.
 * @param {string} dir @param {string} name @param {number|null} refElo @returns {MatchScore|null}
 */
function matchScore(dir, name, refElo) {
  const file = path.join(dir, `${name}.json`);
  if (!existsSync(file)) return null;
  const s = JSON.parse(readFileSync(file, 'utf8')).summary;
  const games = s.wins + s.draws + s.losses;
  const score = (s.wins + s.draws / 2) / games;
  const diff = score > 0 && score < 1 ? 400 * Math.log10(score / (1 - score)) : null;
  return { w: s.wins, d: s.draws, l: s.losses, games, score, diff, elo: refElo !== null && diff !== null ? Math.round(refElo + diff) : null };
}

/** Every move of a PGN file's games with who played it. @param {string} file */
function movesOf(file) {
  const out = [];
  for (const text of readFileSync(file, 'utf8').split(/\n(?=\[Event )/)) {
    if (!text.trim()) continue;
    const chess = new Chess();
    chess.loadPgn(text);
    const headers = chess.header();
    const history = chess.history({ verbose: true });
    for (const m of history) out.push({ player: m.color === 'w' ? headers.White : headers.Black, fen: m.before, uci: m.from + m.to + (m.promotion ?? '') });
  }
  return out;
}

/** @param {string[]} argv */
async function main(argv) {
  /** @type {Record<string, string|boolean>} */
  const o = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i].replace(/^--/, '');
    if (['no-play', 'no-judge', 'help'].includes(a)) o[a] = true;
    else if (['candidates', 'reference', 'reference-elo', 'games', 'movetime', 'out', 'judge-nodes'].includes(a)) o[a] = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}\n${HELP}`);
  }
  if (o.help || typeof o.candidates !== 'string' || typeof o.reference !== 'string') {
    console.log(HELP);
    return o.help ? 0 : 1;
  }
  const cands = parseCandidates(o.candidates);
  const ref = cands.find((c) => c.name === o.reference);
  if (!ref) throw new Error(`--reference ${o.reference}: not one of the candidates`);
  const out = path.resolve(typeof o.out === 'string' ? o.out : path.join(ROOT, 'build-levels/try'));
  mkdirSync(out, { recursive: true });
  const games = Number(o.games ?? 40);
  const movetime = Number(o.movetime ?? 1000);
  if (!o['no-play']) {
    const { engine, options } = buildCalibrationEngine(cands);
    for (const c of cands.filter((x) => x !== ref)) {
      console.log(`levels-try: ${c.name} against ${ref.name}, ${games} games`);
      const opts = (/** @type {typeof c} */ x, /** @type {string} */ flag) => options(x).flatMap((v) => [flag, v]);
      const run = spawnSync(process.execPath, [
        path.join(ROOT, 'scripts/match.mjs'), '--engine1', engine, '--name1', c.name, ...opts(c, '--e1opt'),
        '--engine2', engine, '--name2', ref.name, ...opts(ref, '--e2opt'),
        '--movetime', String(movetime), '--games', String(games), '--pgn', path.join(out, `${c.name}.pgn`), '--json', path.join(out, `${c.name}.json`), '--quiet',
      ], { stdio: 'inherit' });
      if (run.status !== 0) throw new Error(`the match of ${c.name} stopped (exit ${run.status})`);
    }
  }
  const refElo = o['reference-elo'] ? Number(o['reference-elo']) : null;
  /** @type {Record<string, MatchScore>} */
  const scores = {};
  for (const c of cands.filter((x) => x !== ref)) {
    const r = matchScore(out, c.name, refElo);
    if (!r) continue;
    scores[c.name] = r;
    const diff = r.diff === null ? 'no finite difference' : `${r.diff >= 0 ? '+' : ''}${Math.round(r.diff)}${r.elo !== null ? `, ≈${r.elo}` : ''}`;
    console.log(`levels-try: ${c.name} (${c.network ? 'net' : 'hce'} ${c.nodes} nodes, T ${c.temperature}) against ${ref.name}: ${r.w}/${r.d}/${r.l}, ${(100 * r.score).toFixed(1)}%, ${diff}`);
  }
  if (o['no-judge']) return 0;
  // judge every move of every game
  const judgeNodes = Number(o['judge-nodes'] ?? 30000);
  const p = new UciProcess(path.join(ROOT, 'build/mainline'));
  await p.handshake();
  p.setOption('Threads', '1');
  p.setOption('Hash', '16');
  await p.isready();
  /** @type {Map<string, { moves: number, mistakes: number, blunders: number, lossSum: number, depths: number[], blunderDepths: number[] }>} */
  const by = new Map(cands.map((c) => [c.name, { moves: 0, mistakes: 0, blunders: 0, lossSum: 0, depths: [], blunderDepths: [] }]));
  for (const f of readdirSync(out).filter((x) => x.endsWith('.pgn'))) {
    const moves = movesOf(path.join(out, f));
    let done = 0;
    for (const m of moves) {
      const t = by.get(m.player);
      if (!t) continue;
      const j = await judge(p, m.fen, m.uci, judgeNodes);
      if (j.decided) continue;
      t.moves++;
      t.lossSum += Math.min(j.loss, 1000);
      if (j.depth !== null) {
        t.mistakes++;
        if (j.loss >= BLUNDER_CP) {
          t.blunders++;
          t.blunderDepths.push(j.depth);
        }
        t.depths.push(j.depth);
      }
      if (++done % 500 === 0) console.log(`levels-try: judged ${done}/${moves.length} moves of ${f}`);
    }
  }
  p.send('quit');
  const rows = [...by.entries()].filter(([, t]) => t.moves).map(([name, t]) => {
    const c = /** @type {typeof cands[0]} */ (cands.find((x) => x.name === name));
    const share = (/** @type {(d: number) => boolean} */ f, xs = t.depths) => (xs.length ? xs.filter(f).length / xs.length : 0);
    return {
      name, design: `${c.network ? 'network' : 'hand-crafted'}, ${c.nodes} nodes, T ${c.temperature}`, ...(scores[name] ?? {}),
      moves: t.moves, mistakesPer100: (100 * t.mistakes) / t.moves, blundersPer100: (100 * t.blunders) / t.moves, meanLoss: t.lossSum / t.moves,
      seenAtDepth1to2: share((d) => d <= 2), seenAtDepth5plus: share((d) => d >= 5), mistakes: t.mistakes,
      blunderSeenAtDepth1to2: share((d) => d <= 2, t.blunderDepths), blunderSeenAtDepth5plus: share((d) => d >= 5, t.blunderDepths), blunders: t.blunders,
    };
  });
  writeFileSync(path.join(out, 'summary.json'), `${JSON.stringify({ candidates: o.candidates, reference: ref.name, games, movetime, judgeNodes, rows }, null, 2)}\n`);
  console.log(`\n| candidate | design | vs ${ref.name} | moves | mistakes /100 | blunders /100 | mean loss cp | mistakes seen at depth 1-2 | at depth 5+ | blunders seen at depth 1-2 | at depth 5+ |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const vs = r.score === undefined ? 'reference' : `${(100 * r.score).toFixed(1)}% of ${r.games}${r.elo ? ` (≈${r.elo})` : ''}`;
    console.log(`| ${r.name} | ${r.design} | ${vs} | ${r.moves} | ${r.mistakesPer100.toFixed(1)} | ${r.blundersPer100.toFixed(1)} | ${r.meanLoss.toFixed(0)} | ${(100 * r.seenAtDepth1to2).toFixed(0)}% | ${(100 * r.seenAtDepth5plus).toFixed(0)}% | ${(100 * r.blunderSeenAtDepth1to2).toFixed(0)}% | ${(100 * r.blunderSeenAtDepth5plus).toFixed(0)}% |`);
  }
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  console.error(`levels-try: ${/** @type {Error} */ (e).message}`);
  process.exitCode = 1;
}
