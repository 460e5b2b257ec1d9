// Writes tests/data/perft-960.epd: the reference perft counts of Chess960, from Stockfish 15.1
// (`UCI_Chess960 true`, `go perft N`), an implementation independent of Mainline's.
//   - all 960 start positions in the order of their standard number (Scharnagl's: line N + 1 is
//     start N; 518 is the usual chess start), to depth 4;
//   - 250 positions after play from random start positions (seeded): random legal moves, a
//     castling taken with a good chance whenever there is one, so that the set holds castling
//     rights partly lost, kings or rooks already on their castled squares, castlings through or
//     into an attack refused; to depth 3, and 4 where that count stays under 4 million
//     (lines 961 on).
// FENs as Stockfish writes them in Chess960: castling rights as the rooks' files (Shredder-FEN,
// "HAha"), unambiguous whatever the rooks' places.
//
//   node scripts/make-perft960.mjs [--stockfish /usr/games/stockfish] [--seed 960]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const STOCKFISH = opt('--stockfish', '/usr/games/stockfish');
let seed = Number(opt('--seed', 960)) >>> 0;
/** mulberry32: the same positions on every run */
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** The back rank of start position `n` (0..959), white's pieces from the a-file on. */
export function startRank(n) {
  const rank = new Array(8).fill('');
  const free = () => rank.map((p, i) => (p ? -1 : i)).filter((i) => i >= 0);
  rank[2 * (n % 4) + 1] = 'B'; // light-squared bishop: b, d, f, h
  n = Math.floor(n / 4);
  rank[2 * (n % 4)] = 'B'; // dark-squared: a, c, e, g
  n = Math.floor(n / 4);
  rank[free()[n % 6]] = 'Q';
  n = Math.floor(n / 6);
  const knights = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]][n];
  const f = free();
  rank[f[knights[0]]] = rank[f[knights[1]]] = 'N';
  const [r1, k, r2] = free();
  rank[r1] = rank[r2] = 'R';
  rank[k] = 'K';
  return rank.join('');
}

/** Start position `n` as a Shredder-FEN. */
export function startFen(n) {
  const r = startRank(n);
  const files = [...r].map((p, i) => (p === 'R' ? 'abcdefgh'[i] : '')).filter(Boolean);
  const rights = `${files[1].toUpperCase()}${files[0].toUpperCase()}${files[1]}${files[0]}`;
  return `${r.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${r} w ${rights} - 0 1`;
}

if (startRank(518) !== 'RNBQKBNR') throw new Error(`start 518 is ${startRank(518)}`);

// ---- Stockfish as a UCI child -------------------------------------------------------------------
const sf = spawn(STOCKFISH, [], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = createInterface({ input: sf.stdout });
/** @type {((line: string) => void)|null} */
let listener = null;
lines.on('line', (l) => listener?.(l));
const send = (cmd) => sf.stdin.write(`${cmd}\n`);
/** Sends `cmd` and collects lines until `done(line)`. */
const ask = (cmd, done) =>
  new Promise((resolve) => {
    const got = [];
    listener = (l) => {
      got.push(l);
      if (done(l)) {
        listener = null;
        resolve(got);
      }
    };
    send(cmd);
  });
await ask('uci', (l) => l === 'uciok');
send('setoption name UCI_Chess960 value true');
send('setoption name Threads value 1');
await ask('isready', (l) => l === 'readyok');

/** perft(fen, depth): { total, moves: { uci: count } } */
async function perft(fen, depth) {
  send(`position fen ${fen}`);
  const out = await ask(`go perft ${depth}`, (l) => l.startsWith('Nodes searched:'));
  const moves = {};
  for (const l of out) {
    const m = /^([a-h][1-8][a-h][1-8][qrbn]?): (\d+)$/.exec(l);
    if (m) moves[m[1]] = Number(m[2]);
  }
  return { total: Number(out.at(-1).split(':')[1]), moves };
}
/** The FEN after `moves` from `fen`, as Stockfish writes it. */
async function fenAfter(fen, moves) {
  send(`position fen ${fen}${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
  const out = await ask('d', (l) => l.startsWith('Checkers:'));
  return out.find((l) => l.startsWith('Fen: ')).slice(5);
}

const lines960 = [];
for (let n = 0; n < 960; n++) {
  const fen = startFen(n);
  const d = [];
  for (let depth = 1; depth <= 4; depth++) d.push((await perft(fen, depth)).total);
  lines960.push(`${fen} ;D1 ${d[0]} ;D2 ${d[1]} ;D3 ${d[2]} ;D4 ${d[3]}`);
  if (n % 100 === 0) process.stderr.write(`start ${n}\n`);
}

const played = [];
const seen = new Set();
while (played.length < 250) {
  const n = Math.floor(random() * 960);
  const start = startFen(n);
  const plies = 2 + Math.floor(random() * 40);
  const moves = [];
  let fen = start;
  for (let i = 0; i < plies; i++) {
    const legal = Object.keys((await perft(fen, 1)).moves);
    if (!legal.length) break;
    // a castling (the king onto its own rook, as Chess960 writes it) is taken with a good chance
    const board = fen.split(' ')[0].split('/');
    const castles = legal.filter((m) => {
      const to = m.slice(2, 4);
      const rank = board[8 - Number(to[1])];
      let file = 0;
      for (const ch of rank) {
        if (/\d/.test(ch)) file += Number(ch);
        else {
          if ('abcdefgh'[file] === to[0]) return (fen.split(' ')[1] === 'w' ? ch === 'R' : ch === 'r') && m.slice(0, 2) !== to;
          file++;
        }
      }
      return false;
    });
    const pick = castles.length && random() < 0.5 ? castles[Math.floor(random() * castles.length)] : legal[Math.floor(random() * legal.length)];
    moves.push(pick);
    fen = await fenAfter(start, moves);
  }
  const key = fen.split(' ').slice(0, 4).join(' ');
  if (seen.has(key) || !(await perft(fen, 1)).total) continue;
  seen.add(key);
  const d = [];
  for (let depth = 1; depth <= 3; depth++) d.push((await perft(fen, depth)).total);
  if (d[2] * 40 < 4_000_000) {
    const d4 = (await perft(fen, 4)).total;
    if (d4 < 4_000_000) d.push(d4);
  }
  played.push(`${fen} ${d.map((x, i) => `;D${i + 1} ${x}`).join(' ')}`);
}
sf.stdin.end();
const out = path.join(ROOT, 'tests/data/perft-960.epd');
writeFileSync(out, `${[...lines960, ...played].join('\n')}\n`);
process.stderr.write(`wrote ${out}: ${lines960.length} start positions, ${played.length} after play\n`);
process.exit(0);
