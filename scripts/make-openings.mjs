#!/usr/bin/env node
// Generates tests/data/openings.epd: the positions after short main lines of common openings
// (4-10 plies, written below as SAN), converted with chess.js, deduplicated, and kept only when
// Stockfish at a short fixed-depth search scores them within +-MAXCP centipawns for the side to
// move (roughly balanced, so both colours of a game pair get a fair game).
//
// Usage: node scripts/make-openings.mjs [--depth 14] [--maxcp 60] [--out tests/data/openings.epd]
//        [--stockfish /usr/games/stockfish] [--dry-run]
import { writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';
import { UciProcess } from './lib/uci-process.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** [ECO-style name, SAN moves] */
const LINES = [
  // Sicilian
  ['Sicilian, Najdorf', 'e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6'],
  ['Sicilian, Dragon', 'e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6'],
  ['Sicilian, Classical', 'e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 Nc6'],
  ['Sicilian, Scheveningen', 'e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 e6'],
  ['Sicilian, Taimanov', 'e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6 Nc3 Qc7'],
  ['Sicilian, Kan', 'e4 c5 Nf3 e6 d4 cxd4 Nxd4 a6'],
  ['Sicilian, Four Knights', 'e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nf6 Nc3 Nc6'],
  ['Sicilian, Sveshnikov', 'e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5'],
  ['Sicilian, Kalashnikov', 'e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 e5 Nb5 d6'],
  ['Sicilian, Accelerated Dragon', 'e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 g6'],
  ['Sicilian, Alapin', 'e4 c5 c3 Nf6 e5 Nd5 d4 cxd4'],
  ['Sicilian, Rossolimo', 'e4 c5 Nf3 Nc6 Bb5 g6 O-O Bg7'],
  ['Sicilian, Moscow', 'e4 c5 Nf3 d6 Bb5+ Bd7 Bxd7+ Qxd7'],
  ['Sicilian, Closed', 'e4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7'],
  ['Sicilian, Smith-Morra accepted', 'e4 c5 d4 cxd4 c3 dxc3 Nxc3 Nc6'],
  // 1.e4 e5
  ['Ruy Lopez, Closed', 'e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7'],
  ['Ruy Lopez, Open', 'e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Nxe4'],
  ['Ruy Lopez, Berlin', 'e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 d4 Nd6'],
  ['Ruy Lopez, Exchange', 'e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O f6'],
  ['Italian, Giuoco Pianissimo', 'e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6'],
  ['Italian, Two Knights 4.d3', 'e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Be7'],
  ['Evans Gambit', 'e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5'],
  ['Scotch', 'e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nxc6 bxc6'],
  ['Petroff', 'e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 d4 d5'],
  ['Four Knights, Spanish', 'e4 e5 Nf3 Nc6 Nc3 Nf6 Bb5 Bb4'],
  ['Vienna', 'e4 e5 Nc3 Nf6 g3 d5 exd5 Nxd5'],
  ['Philidor', 'e4 e5 Nf3 d6 d4 Nf6 Nc3 Nbd7'],
  ['Ponziani', 'e4 e5 Nf3 Nc6 c3 Nf6 d4 Nxe4'],
  ["King's Gambit Accepted", 'e4 e5 f4 exf4 Nf3 d5 exd5 Nf6'],
  // other 1.e4
  ['French, Winawer', 'e4 e6 d4 d5 Nc3 Bb4 e5 c5'],
  ['French, Classical', 'e4 e6 d4 d5 Nc3 Nf6 Bg5 Be7'],
  ['French, Rubinstein', 'e4 e6 d4 d5 Nc3 dxe4 Nxe4 Nd7 Nf3 Ngf6'],
  ['French, Tarrasch', 'e4 e6 d4 d5 Nd2 Nf6 e5 Nfd7'],
  ['French, Advance', 'e4 e6 d4 d5 e5 c5 c3 Nc6 Nf3 Qb6'],
  ['Caro-Kann, Classical', 'e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6'],
  ['Caro-Kann, Advance', 'e4 c6 d4 d5 e5 Bf5 Nf3 e6'],
  ['Caro-Kann, Panov', 'e4 c6 d4 d5 exd5 cxd5 c4 Nf6 Nc3 e6'],
  ['Caro-Kann, Two Knights', 'e4 c6 Nc3 d5 Nf3 Bg4 h3 Bxf3 Qxf3 e6'],
  ['Pirc, Classical', 'e4 d6 d4 Nf6 Nc3 g6 Nf3 Bg7 Be2 O-O'],
  ['Modern', 'e4 g6 d4 Bg7 Nc3 d6'],
  ['Scandinavian, Main', 'e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6'],
  ['Scandinavian, Modern', 'e4 d5 exd5 Nf6 d4 Nxd5 c4 Nb6'],
  ['Alekhine, Modern', 'e4 Nf6 e5 Nd5 d4 d6 Nf3 Bg4'],
  // 1.d4 d5
  ["Queen's Gambit Declined, Orthodox", 'd4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O'],
  ["Queen's Gambit Declined, Exchange", 'd4 d5 c4 e6 Nc3 Nf6 cxd5 exd5 Bg5 c6'],
  ["Queen's Gambit Declined, Ragozin", 'd4 d5 c4 e6 Nc3 Nf6 Nf3 Bb4'],
  ["Queen's Gambit Accepted", 'd4 d5 c4 dxc4 Nf3 Nf6 e3 e6 Bxc4 c5'],
  ['Tarrasch Defence', 'd4 d5 c4 e6 Nc3 c5 cxd5 exd5 Nf3 Nc6'],
  ['Slav, Main', 'd4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5'],
  ['Slav, Exchange', 'd4 d5 c4 c6 cxd5 cxd5 Nc3 Nf6 Bf4 Nc6'],
  ['Semi-Slav', 'd4 d5 c4 c6 Nf3 Nf6 Nc3 e6 e3 Nbd7'],
  ['London System', 'd4 d5 Bf4 Nf6 e3 c5 c3 Nc6'],
  ['Colle System', 'd4 d5 Nf3 Nf6 e3 e6 Bd3 c5'],
  // 1.d4 Nf6
  ["King's Indian, Classical", 'd4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O'],
  ["King's Indian, Fianchetto", 'd4 Nf6 c4 g6 Nf3 Bg7 g3 O-O Bg2 d6'],
  ["King's Indian, Samisch", 'd4 Nf6 c4 g6 Nc3 Bg7 e4 d6 f3 O-O'],
  ['Grunfeld, Exchange', 'd4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5 e4 Nxc3'],
  ['Grunfeld, Russian', 'd4 Nf6 c4 g6 Nc3 d5 Nf3 Bg7 Qb3 dxc4'],
  ['Nimzo-Indian, Rubinstein', 'd4 Nf6 c4 e6 Nc3 Bb4 e3 O-O'],
  ['Nimzo-Indian, Classical', 'd4 Nf6 c4 e6 Nc3 Bb4 Qc2 O-O a3 Bxc3+'],
  ["Queen's Indian", 'd4 Nf6 c4 e6 Nf3 b6 g3 Ba6'],
  ['Bogo-Indian', 'd4 Nf6 c4 e6 Nf3 Bb4+ Bd2 Qe7'],
  ['Catalan, Closed', 'd4 Nf6 c4 e6 g3 d5 Bg2 Be7 Nf3 O-O'],
  ['Catalan, Open', 'd4 Nf6 c4 e6 g3 d5 Bg2 dxc4 Nf3 Be7'],
  ['Modern Benoni', 'd4 Nf6 c4 c5 d5 e6 Nc3 exd5 cxd5 d6'],
  ['Benko Gambit', 'd4 Nf6 c4 c5 d5 b5 cxb5 a6'],
  ['Old Indian', 'd4 Nf6 c4 d6 Nc3 e5 Nf3 Nbd7'],
  ['Trompowsky', 'd4 Nf6 Bg5 Ne4 Bf4 c5'],
  ['Torre Attack', 'd4 Nf6 Nf3 e6 Bg5 c5 e3 Be7'],
  ['Dutch, Leningrad', 'd4 f5 g3 Nf6 Bg2 g6 Nf3 Bg7 O-O O-O'],
  ['Dutch, Stonewall', 'd4 e6 c4 f5 g3 Nf6 Bg2 d5 Nf3 c6'],
  // flank openings
  ['English, Symmetrical', 'c4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7'],
  ['English, Hedgehog', 'c4 c5 Nf3 Nf6 g3 b6 Bg2 Bb7 O-O e6'],
  ['English, Reversed Sicilian', 'c4 e5 Nc3 Nf6 Nf3 Nc6 g3 d5 cxd5 Nxd5'],
  ['English, Four Knights', 'c4 e5 Nc3 Nf6 Nf3 Nc6 e3 Bb4'],
  ['English, Anglo-Indian', 'c4 Nf6 g3 e6 Bg2 d5 Nf3 Be7'],
  ['Reti', 'Nf3 d5 c4 e6 g3 Nf6 Bg2 Be7 O-O O-O'],
  ["King's Indian Attack", 'Nf3 d5 g3 Nf6 Bg2 c6 O-O Bg4 d3 Nbd7'],
  ['Bird', 'f4 d5 Nf3 Nf6 e3 g6'],
  ['Nimzo-Larsen', 'b3 e5 Bb2 Nc6 e3 d5'],
];

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const depth = Number(opt('--depth', 14));
const maxcp = Number(opt('--maxcp', 60));
const out = path.resolve(ROOT, opt('--out', 'tests/data/openings.epd'));
const sfPath = opt('--stockfish', '/usr/games/stockfish');
const dryRun = args.includes('--dry-run');
if (!existsSync(sfPath)) { console.error(`make-openings: ${sfPath} not found`); process.exit(1); }

/** SAN line -> { fen, epd4, hmvc, fmvn, movetext } */
function convert(san) {
  const c = new Chess();
  for (const m of san.split(/\s+/)) c.move(m);       // throws on a typo: a bad line is a bug here
  const fen = c.fen();
  const f = fen.split(' ');
  // movetext with numbers: "1.e4 c5 2.Nf3 ..."
  const hist = c.history();
  const parts = hist.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}.${m}` : m));
  return { fen, epd4: f.slice(0, 4).join(' '), hmvc: f[4], fmvn: f[5], movetext: parts.join(' '), plies: hist.length };
}

const sf = new UciProcess(sfPath, []);
await sf.handshake();
sf.setOption('Threads', '1');
sf.setOption('Hash', '16');
await sf.isready();

const seen = new Set();
const kept = [], dropped = [];
for (const [name, san] of LINES) {
  const p = convert(san);
  if (p.plies < 4 || p.plies > 10) throw new Error(`${name}: ${p.plies} plies (want 4-10)`);
  if (seen.has(p.epd4)) { console.log(`dup   ${name}`); continue; }
  seen.add(p.epd4);
  sf.send('ucinewgame');
  sf.send(`position fen ${p.fen}`);
  await sf.isready();
  sf.send(`go depth ${depth}`);
  let score = null;
  await sf.waitFor(/^bestmove/, 120000, 'bestmove', (l) => {
    const m = l.text.match(/ score (cp|mate) (-?\d+)/);
    if (m && !/ (lower|upper)bound/.test(l.text)) score = m[1] === 'cp' ? Number(m[2]) : (Number(m[2]) > 0 ? 99999 : -99999);
  });
  const ok = score !== null && Math.abs(score) < maxcp;
  console.log(`${ok ? 'keep ' : 'DROP '} ${String(score).padStart(5)} cp  ${name}  (${p.movetext})`);
  (ok ? kept : dropped).push({ name, score, ...p });
}
await sf.close();

const header = [
  `# Opening positions for \`npm run match\`: ${kept.length} roughly balanced positions after 4-10 plies of`,
  '# common openings. Generated by scripts/make-openings.mjs (move lists there, converted with chess.js);',
  `# kept only if ${sf.name ?? 'Stockfish'} at depth ${depth} scores |eval| < ${maxcp} cp for the side to move.`,
  '# EPD: 4 FEN fields; hmvc/fmvn = move counters; id = opening; c0 = the moves; ce = that Stockfish eval (cp).',
];
const lines = kept.map((k) => `${k.epd4} hmvc ${k.hmvc}; fmvn ${k.fmvn}; id "${k.name}"; c0 "${k.movetext}"; ce ${k.score};`);
console.log(`\n${kept.length} kept, ${dropped.length} dropped (${dropped.map((d) => `${d.name} ${d.score}`).join(', ') || 'none'})`);
if (!dryRun) {
  writeFileSync(out, header.join('\n') + '\n' + lines.join('\n') + '\n');
  console.log(`wrote ${path.relative(ROOT, out)}`);
}
