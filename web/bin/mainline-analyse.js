#!/usr/bin/env node
// mainline-analyse: annotates the games of a PGN file with the Mainline engine (the package's
// WebAssembly build, in worker threads) and writes them as PGN, the same annotations the board
// app exports: [%eval] on every move (White's point of view, as lichess writes it), the engine's
// line as [%mlpv depth method moves...], and ?!/?/?? with "Nc3 was best." where the expected
// score dropped (web/src/annotate.js); with --report, every move's class and each player's
// accuracy (web/src/report.js), and for each judged move the reason in words, checked against
// the engine's lines (web/src/explain.js).
//
//   mainline-analyse games.pgn > annotated.pgn
//   mainline-analyse --movetime 500 --jobs 2 a.pgn b.pgn > out.pgn
//   cat games.pgn | mainline-analyse --depth 10 -
//
// The main line of each game is analysed; variations, comments and NAGs of the input are kept.
// A game that cannot be read (an illegal move, broken PGN) is reported on stderr and left out;
// the exit status is then 1.
//
// Large files: --out FILE appends each game to FILE as soon as it and the games before it are
// done, and a second run with the same --out skips the games FILE already holds (an interrupted
// run goes on where it stopped). --shard I/N takes the games whose index is I modulo N, so that N
// workers (say a Kubernetes Indexed Job, I = $JOB_COMPLETION_INDEX) share one file; their
// outputs together hold every game once.
import { existsSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import { createEngine } from '../src/node.js';
import { annotatorName, evalFromSearch, isChess960, isTerminal, mainLine, parsePgnGames, readComment, rosterTags, secondLine, startFen, terminalEval, writePgn } from '../src/annotate.js';
import { gameRating, gameReport, isRecapture, keyMoments, pgnJudgement, phaseSummary, reportSummary, sacrificed, SACRIFICE_MAX_PLIES } from '../src/report.js';
import { query } from '../src/rules.js';
import { isBookMove } from '../src/openings.js';
import { explainMove } from '../src/explain.js';
import { importGames, pgnTag, TIME_CLASSES } from '../src/import.js';
import { formatDuration, reviewGames } from '../src/review.js';

const USAGE = `usage: mainline-analyse [options] [file.pgn ...]   (no file or "-": standard input)

Writes every game of the input, annotated, to standard output.

  --depth N        search depth per position (default 12)
  --movetime MS    search time per position in milliseconds (instead of a depth)
  --jobs N         engines searching at once, a core each (default 1): they share the games,
                   and the positions of one game
  --out FILE       append the annotated games to FILE instead of standard output; a game FILE
                   already holds (same tags, same number of moves) is skipped: run the same
                   command again to go on after an interruption
  --shard I/N      only the games whose index (from 0, in input order) is I modulo N: one of N
                   workers sharing the input (e.g. --shard $JOB_COMPLETION_INDEX/$N)
  --hash MB        hash table per engine (default 32)
  --pv-method M    the engine's PvMethod option: pvhash (default), stack, triangular, tt
  --report         the game report: every move classed (Brilliant !!, Great !, Best, Excellent,
                   Good, Inaccuracy ?!, Mistake ?, Blunder ??, Missed win) and each player's
                   accuracy (also by phase: opening, middlegame, endgame) and average
                   centipawn loss, in the PGN and on standard error;
                   searches two lines per position (a Great move is the only one that holds)
  --variations     also write the engine's line as a variation at each ?!, ? and ??
  --eval-only      write [%eval] but not the engine's lines ([%mlpv])
  --import SITE:USER  the games of USER on lichess (lichess:USER) or chess.com (chesscom:USER),
                   newest first, appended to --out as they arrive (needs --out); a second run
                   fetches only games newer than those --out holds, and never one it holds;
                   with --report they are reviewed (annotated) instead of written as the site
                   sent them. MAINLINE_LICHESS_API / MAINLINE_CHESSCOM_API: another host
  --max N          --import: at most N new games
  --since DATE     --import: games played on or after DATE (YYYY-MM-DD)
  --time-class C   --import: only these, comma-separated: ultrabullet, bullet, blitz, rapid,
                   classical, daily
  --rated          --import: rated games only
  --color C        --import: only games USER played as white or black
  --quiet          no progress on standard error
  -h, --help       this text
  --version        the package version`;

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

/** @returns {{ depth?: number, movetime?: number, jobs: number, hash: number, pvMethod: string, report: boolean, variations: boolean, evalOnly: boolean, quiet: boolean, out: string|null, shard: { index: number, count: number }|null, files: string[], import: { site: 'lichess'|'chesscom', username: string }|null, max?: number, since?: number, timeClasses?: string[], rated: boolean, color?: 'white'|'black' }} */
function parseArgs(argv) {
  const o = { depth: undefined, movetime: undefined, jobs: 1, hash: 32, pvMethod: 'pvhash', report: false, variations: false, evalOnly: false, quiet: false, out: null, shard: null, files: [], import: null, max: undefined, since: undefined, timeClasses: undefined, rated: false, color: undefined };
  const num = (name, v, min, max) => {
    const n = Number(v);
    if (v === undefined || !Number.isInteger(n) || n < min || n > max) throw new Error(`${name} needs a whole number from ${min} to ${max}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => (inline !== undefined ? inline : argv[++i]);
    if (flag === '-h' || flag === '--help') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (flag === '--version') {
      process.stdout.write(`${pkg.version}\n`);
      process.exit(0);
    } else if (flag === '--depth') o.depth = num('--depth', value(), 1, 64);
    else if (flag === '--movetime') o.movetime = num('--movetime', value(), 1, 3600000);
    else if (flag === '--jobs') o.jobs = num('--jobs', value(), 1, 64);
    else if (flag === '--hash') o.hash = num('--hash', value(), 1, 4096);
    else if (flag === '--pv-method') {
      o.pvMethod = String(value());
      if (!['pvhash', 'stack', 'triangular', 'tt'].includes(o.pvMethod)) throw new Error(`--pv-method: unknown method "${o.pvMethod}"`);
    } else if (flag === '--variations') o.variations = true;
    else if (flag === '--report') o.report = true;
    else if (flag === '--out') {
      o.out = value();
      if (!o.out) throw new Error('--out needs a file name');
    } else if (flag === '--shard') {
      const v = String(value());
      const m = /^(\d+)\/(\d+)$/.exec(v);
      if (!m || Number(m[2]) < 1 || Number(m[1]) >= Number(m[2])) throw new Error(`--shard needs I/N with 0 <= I < N, not "${v}"`);
      o.shard = { index: Number(m[1]), count: Number(m[2]) };
    }
    else if (flag === '--import') {
      const v = String(value() ?? '');
      const m = /^(lichess|chesscom|chess\.com):(.+)$/.exec(v);
      if (!m) throw new Error(`--import needs lichess:USER or chesscom:USER, not "${v}"`);
      o.import = { site: m[1] === 'lichess' ? 'lichess' : 'chesscom', username: m[2] };
    } else if (flag === '--max') o.max = num('--max', value(), 1, 100000);
    else if (flag === '--since') {
      const v = String(value() ?? '');
      const t = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN;
      if (!Number.isFinite(t)) throw new Error(`--since needs a date as YYYY-MM-DD, not "${v}"`);
      o.since = t;
    } else if (flag === '--time-class') {
      o.timeClasses = String(value() ?? '').split(',').filter(Boolean);
      const bad = o.timeClasses.find((c) => !TIME_CLASSES.includes(c));
      if (bad || !o.timeClasses.length) throw new Error(`--time-class: unknown time class "${bad ?? ''}" (known: ${TIME_CLASSES.join(', ')})`);
    } else if (flag === '--rated') o.rated = true;
    else if (flag === '--color') {
      const v = String(value());
      if (v !== 'white' && v !== 'black') throw new Error(`--color needs white or black, not "${v}"`);
      o.color = v;
    }
    else if (flag === '--eval-only') o.evalOnly = true;
    else if (flag === '--quiet' || flag === '-q') o.quiet = true;
    else if (a === '-' || !a.startsWith('-')) o.files.push(a);
    else throw new Error(`unknown option ${a}`);
  }
  if (o.depth !== undefined && o.movetime !== undefined) throw new Error('give --depth or --movetime, not both');
  if (o.depth === undefined && o.movetime === undefined) o.depth = 12;
  if (o.import) {
    if (!o.out) throw new Error('--import needs --out FILE.pgn (the games go there, and a second run adds only new ones)');
    if (o.files.length) throw new Error('give --import or input files, not both');
  } else {
    for (const [flag, set] of /** @type {const} */ ([['--max', o.max !== undefined], ['--since', o.since !== undefined], ['--time-class', !!o.timeClasses], ['--rated', o.rated], ['--color', !!o.color]]))
      if (set) throw new Error(`${flag} goes with --import`);
  }
  if (!o.files.length) o.files.push('-');
  return o;
}

async function readInput(files) {
  const parts = [];
  for (const f of files) {
    if (f === '-') {
      const chunks = [];
      for await (const c of process.stdin) chunks.push(c);
      parts.push(Buffer.concat(chunks).toString('utf8'));
    } else parts.push(await readFile(f, 'utf8'));
  }
  return parts.join('\n\n');
}

/**
 * What identifies a game between the input and an --out file that already holds it annotated:
 * the seven roster tags and the number of main-line moves (the annotation rewrites the moves'
 * text, not their number).
 * @param {import('../src/annotate.js').PgnGame} game
 */
function gameKey(game) {
  // as writePgn fills in the missing tags (the result after the moves stands in for the tag's)
  const tags = rosterTags({ ...game.headers, Result: game.headers.Result || game.result }).map(([, v]) => v);
  return JSON.stringify([...tags, mainLine(game).length]);
}

/**
 * A game made ready for its review: its main line replayed by the engine (which checks every
 * move and gives SAN, UCI and the game state), the rest of the input (variations, comments, NAGs)
 * carried over, and each main-line position to evaluate (the end of the game evaluated already).
 * @param {import('../src/client.js').Engine} engine
 * @param {import('../src/annotate.js').PgnGame} game
 */
async function prepareGame(engine, game) {
  const headers = { ...game.headers };
  if (!headers.Result) headers.Result = game.result;
  const start = startFen(headers) ?? 'startpos';
  const startInfo = await engine.positionInfo(start);

  const convert = (/** @type {import('../src/annotate.js').PgnNode} */ n) => {
    const c = readComment([n.before, n.comment].filter(Boolean).join(' '));
    return { san: n.san, uci: null, nags: n.nags, note: c.note, commands: c.commands, eval: c.eval, children: n.children.map(convert) };
  };
  const root = convert(game.root);
  const line = [root];
  for (let n = root; n.children.length; ) line.push((n = n.children[0]));

  let moves;
  try {
    moves = await engine.convertMoves(start, line.slice(1).map((n) => n.san));
  } catch (e) {
    throw new Error(e.message.replace(/\(move (\d+) of the moves list\)/, (_, k) => `(main-line move ${k})`));
  }
  line.slice(1).forEach((n, i) => {
    n.san = moves.san[i];
    n.uci = moves.uci[i];
  });

  const startTurn = startInfo.sideToMove;
  const turnAt = (/** @type {number} */ i) => (i % 2 === 0 ? startTurn : startTurn === 'w' ? 'b' : 'w');
  /** @type {string[]} each main-line position's FEN, as the engine wrote it */
  const fens = [];
  /** @type {import('../src/review.js').ReviewPosition[]} */
  const positions = [];
  for (let i = 0; i < line.length; i++) {
    const position = { fen: startInfo.fen, moves: moves.uci.slice(0, i) };
    const info = await engine.positionInfo(position);
    fens[i] = info.fen;
    positions.push({ position, turn: turnAt(i), ...(isTerminal(info.status, i === line.length - 1) ? { eval: terminalEval(info.status) } : {}) });
  }
  return { headers, startInfo, root, line, moves, fens, turnAt, positions };
}

/**
 * The annotation of a reviewed game (annotate.js's AnnotatedGame): with --report, every move
 * classed, and each judged move's reason in words.
 * @param {import('../src/client.js').Engine} engine
 * @param {Awaited<ReturnType<typeof prepareGame>>} prepared  its positions' evaluations in line[i].eval
 */
async function finishGame(engine, prepared, opts) {
  const { headers, startInfo, root, line, moves, fens, turnAt } = prepared;
  const limits = opts.depth !== undefined ? { depth: opts.depth } : { movetime: opts.movetime };
  let report = null;
  if (opts.report && line.length > 1) {
    const reportMoves = [];
    // the named openings are standard chess's (a Chess960 game is not named after them)
    const standard = !isChess960(headers);
    for (let i = 0; i + 1 < line.length; i++) {
      const before = line[i].eval, after = line[i + 1].eval, played = moves.uci[i];
      // what the move gives up along the engine's line after it, for a best move only (Brilliant)
      let sacrifice = 0;
      if (before.pv && before.pv[0] === played) {
        // the position after the move is the next main-line one; the engine plays the rest of the line
        const lineAfter = [played, ...(after.pv || [])].slice(0, SACRIFICE_MAX_PLIES);
        // played as far as it is legal (the engine's line is, from the position it searched)
        sacrifice = sacrificed(fens[i], query(fens[i], lineAfter).moves.map((m) => m.fen));
      }
      reportMoves.push({ mover: turnAt(i), played, before, second: before.second ?? undefined, after, sacrifice, fen: fens[i], legalMoves: query(fens[i], [], { legal: true }).legal.length, book: standard && isBookMove(fens[i], fens[i + 1]),
        recapture: i > 0 && isRecapture(fens[i - 1], moves.uci[i - 1], fens[i], played, fens[i + 1]) });
    }
    report = gameReport(reportMoves);
    for (const [i, v] of report.moves.entries()) {
      const judgement = pgnJudgement(v);
      line[i + 1].judgement = judgement;
      // a forced or book move needs no words: "Forced move." / "Book move." says all there is
      if (!judgement || v.cls === 'forced' || v.cls === 'book') continue;
      // why, in words checked against the engine's lines (mainline-chess/explain)
      const before = line[i].eval, after = line[i + 1].eval, played = moves.uci[i];
      const at = { fen: startInfo.fen, moves: moves.uci.slice(0, i) };
      const facts = await engine.lineFacts(at, [played, ...(after.pv || [])]);
      const bestPv = before.pv || [];
      const best = bestPv.length && bestPv[0] !== played ? await engine.lineFacts(at, bestPv) : undefined;
      const words = explainMove({ mover: turnAt(i), line: facts, best, verdict: v.cls === 'missed-win' ? 'missedWin' : v.cls, before: before.score, after: after.score });
      const why = words.sentences.map((x) => x.text).join(' ');
      if (why) judgement.why = why;
    }
  }
  if (!headers.Annotator) headers.Annotator = annotatorName(pkg.version, limits);
  // each side's game rating (mainline-chess/report's gameRating: on the play levels' scale, engine
  // levels, not human games), as tags; a side with too few moves gets none (and loses an old one)
  let ratings = '';
  if (report) {
    const parts = [];
    for (const [color, tag] of /** @type {const} */ ([['w', 'WhiteGameRating'], ['b', 'BlackGameRating']])) {
      const r = gameRating(report.players[color]);
      if (r) headers[tag] = String(r.elo);
      else delete headers[tag];
      if (r) parts.push(`${color === 'w' ? 'White' : 'Black'} ≈${r.elo} ± ${r.error}`);
    }
    if (parts.length) ratings = `game rating (the play levels' scale: engine games, not human ones) ${parts.join(', ')}`;
    // the turning points, both sides': the moves that cost 15 points of expected score or more
    const moments = keyMoments(report.moves).map((i) => {
      const v = report.moves[i];
      const n = Math.floor((i + (turnAt(0) === 'b' ? 1 : 0)) / 2) + Number(startInfo.fen.split(/\s+/)[5] || 1);
      return `${n}${turnAt(i) === 'w' ? '.' : '...'} ${moves.san[i]} (${Math.round(v.winBefore)}% → ${Math.round(v.winAfter)}%)`;
    });
    if (moments.length) ratings += `${ratings ? '; ' : ''}key moments: ${moments.join(', ')}`;
  }
  return { headers, startFen: startInfo.fen, root, ...(report ? { report: reportSummary(report), phases: phaseSummary(report), ratings } : {}) };
}

/**
 * What an --out file holds already: its games, and whether the next one needs an empty line
 * before it. A missing file holds none; one that is not PGN is an error naming it.
 * @param {string} file @returns {Promise<{ games: import('../src/annotate.js').PgnGame[], needSep: boolean }>}
 */
async function readOut(file) {
  if (!existsSync(file)) return { games: [], needSep: false };
  try {
    const text = await readFile(file, 'utf8');
    return { games: parsePgnGames(text), needSep: text.trim().length > 0 };
  } catch (e) {
    throw new Error(`${file} cannot be read as PGN (${e.message}); remove it or choose another --out`);
  }
}

/** A game's id on the site it was imported from, read from its tags (lichess: Site; chess.com: Link). */
function siteGameId(/** @type {'lichess'|'chesscom'} */ site, /** @type {Record<string, string>} */ headers) {
  const m = site === 'lichess' ? /lichess\.org\/([A-Za-z0-9]{8})\b/.exec(headers.Site ?? '') : /chess\.com\/game\/(live|daily)\/(\d+)/.exec(headers.Link ?? '');
  return m ? (site === 'lichess' ? m[1] : `${m[1]}/${m[2]}`) : null;
}

/**
 * --import: the user's new games from the site. Without --report each is appended to --out as
 * it arrives (and the run ends here); with --report their PGN is returned, to be reviewed.
 * --out's games are the library: a game it holds is never fetched twice, and without --since
 * only games from the day of its newest game of that user on that site on are asked for.
 */
async function importInput(opts) {
  const { site, username } = opts.import;
  const say = (/** @type {string} */ text) => {
    if (!opts.quiet) process.stderr.write(`mainline-analyse: ${text}\n`);
  };
  const known = new Set();
  let newest = -Infinity;
  const { games: held, needSep: holdsGames } = await readOut(opts.out);
  let needSep = holdsGames;
  for (const g of held) {
    const id = siteGameId(site, g.headers);
    if (!id) continue;
    known.add(id);
    const players = [g.headers.White, g.headers.Black].map((x) => String(x ?? '').toLowerCase());
    const date = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(g.headers.UTCDate ?? g.headers.Date ?? '');
    if (date && players.includes(username.toLowerCase())) newest = Math.max(newest, Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])));
  }
  const since = opts.since ?? (Number.isFinite(newest) ? newest : undefined);
  const apiBase = (site === 'lichess' ? process.env.MAINLINE_LICHESS_API : process.env.MAINLINE_CHESSCOM_API) || undefined;
  const collected = [];
  let writes = Promise.resolve();
  let summary, failure = null;
  try {
    summary = await importGames(
      {
        site,
        username,
        max: opts.max,
        since,
        timeClasses: opts.timeClasses,
        rated: opts.rated || undefined,
        color: opts.color,
        known: (id) => known.has(id),
        // the engine plays Chess960 too (castling with king and rooks anywhere, X-FEN and Shredder-FEN)
        variants: ['standard', 'fromPosition', 'chess960'],
        apiBase,
        headers: { 'User-Agent': `mainline-analyse/${pkg.version} (${pkg.homepage})` },
        onWait: (w) => say(`${w.site} asks to wait (HTTP 429): waiting ${Math.round(w.ms / 1000)} s before asking again`),
      },
      async (game) => {
        known.add(game.id);
        if (opts.report) collected.push(game.pgn);
        else {
          const chunk = `${needSep ? '\n' : ''}${game.pgn}\n`;
          needSep = true;
          // each game on disk before the next is read: an interrupted import keeps what came
          await (writes = writes.then(() => appendFile(opts.out, chunk)));
        }
      },
    );
  } catch (e) {
    failure = e;
  }
  await writes;
  const title = site === 'lichess' ? 'lichess.org' : 'chess.com';
  if (summary) {
    const skipped = Object.entries(summary.skippedVariants).map(([v, n]) => `${n} ${v} game${n === 1 ? '' : 's'}`);
    const parts = [
      ...(summary.known ? [`${summary.known} already in ${opts.out}`] : []),
      ...(skipped.length ? [`skipped, a variant Mainline cannot play: ${skipped.join(', ')}`] : []),
      ...(summary.malformed ? [`${summary.malformed} that ${title} sent could not be read`] : []),
      ...(summary.more ? [`more are there (--max ${opts.max})`] : []),
    ];
    say(`${title}: ${summary.games} new game${summary.games === 1 ? '' : 's'} of ${username}${opts.report ? '' : ` added to ${opts.out}`}${parts.length ? ` (${parts.join('; ')})` : ''}`);
  }
  if (failure) {
    process.stderr.write(`mainline-analyse: ${failure.message}\n`);
    if (!opts.report || !collected.length) process.exit(1);
    say(`reviewing the ${collected.length} game${collected.length === 1 ? '' : 's'} that arrived before`);
  }
  if (!opts.report) process.exit(0);
  if (!collected.length) {
    say('nothing new to review');
    process.exit(0);
  }
  return collected.join('\n\n');
}

/** 75 s as "1 min 15 s", 9 s as "9 s". @param {number} ms */
async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`mainline-analyse: ${e.message}\n${USAGE}\n`);
    process.exit(2);
  }
  let games;
  try {
    games = parsePgnGames(opts.import ? await importInput(opts) : await readInput(opts.files));
  } catch (e) {
    process.stderr.write(`mainline-analyse: ${e.message}\n`);
    process.exit(1);
  }
  if (!games.length) {
    process.stderr.write('mainline-analyse: no games in the input\n');
    process.exit(1);
  }
  const tty = process.stderr.isTTY;
  const say = (text) => {
    if (!opts.quiet) process.stderr.write(tty ? `\r\x1b[K${text}` : `${text}\n`);
  };

  // This worker's share, then what --out already holds.
  const total = games.length;
  let indices = games.map((_, i) => i);
  if (opts.shard) indices = indices.filter((i) => i % opts.shard.count === opts.shard.index);
  let skipped = 0;
  /** the output holds a game already: the next one goes after an empty line */
  let needSep = false;
  if (opts.out && existsSync(opts.out)) {
    let done;
    try {
      ({ games: done, needSep } = await readOut(opts.out));
    } catch (e) {
      process.stderr.write(`mainline-analyse: ${e.message}\n`);
      process.exit(1);
    }
    /** @type {Map<string, number>} */
    const have = new Map();
    for (const g of done) {
      const k = gameKey(g);
      have.set(k, (have.get(k) || 0) + 1);
    }
    indices = indices.filter((i) => {
      const k = gameKey(games[i]);
      const left = have.get(k) || 0;
      if (!left) return true;
      have.set(k, left - 1);
      skipped++;
      return false;
    });
    if (skipped) say(`mainline-analyse: ${skipped} game${skipped === 1 ? '' : 's'} already in ${opts.out}, skipped`);
  }
  games = indices.map((i) => games[i]);
  if (!games.length) {
    say(`mainline-analyse: nothing left to do (${total} game${total === 1 ? '' : 's'} in the input)`);
    process.exit(0);
  }

  // one game can keep every engine busy: its positions are shared between them (src/review.js)
  const engines = await Promise.all(Array.from({ length: opts.jobs }, () => createEngine({ options: { Hash: opts.hash, PvMethod: opts.pvMethod }, autoRestart: true })));
  /** @type {(string|null|undefined)[]} */
  const outputs = new Array(games.length);
  let written = 0;
  let failed = 0;
  let writing = Promise.resolve();
  /** @type {Error|null} a failed write to --out: reported, and the exit status is 1 */
  let writeError = null;
  // Games go out in input order, each as soon as the ones before it are done.
  const flush = () => {
    while (written < games.length && outputs[written] !== undefined) {
      const text = outputs[written];
      if (text) {
        const chunk = `${needSep ? '\n' : ''}${text}`;
        needSep = true;
        if (opts.out) {
          writing = writing.then(() => appendFile(/** @type {string} */ (opts.out), chunk)).catch((e) => {
            writeError = writeError || e;
          });
        } else process.stdout.write(chunk);
      }
      outputs[written] = null;
      written++;
    }
  };
  const t0 = Date.now();
  const labelOf = (/** @type {number} */ index) => {
    const g = games[index];
    return `game ${indices[index] + 1}/${total}${g.headers.White ? ` (${g.headers.White} – ${g.headers.Black || '?'})` : ''}`;
  };
  /** A progress line: a bar over the positions, the games done, the time left. */
  const progressLine = (/** @type {import('../src/review.js').ReviewProgress} */ p) => {
    const width = 20;
    const filled = p.total ? Math.min(width, Math.round((width * p.done) / p.total)) : 0;
    const eta = p.etaMs !== null ? `, about ${formatDuration(p.etaMs)} left` : '';
    return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.gamesDone}/${p.games} games, ${p.done}/${p.total} positions, ${p.perSecond.toFixed(1)}/s${eta}`;
  };
  /** @type {Awaited<ReturnType<typeof prepareGame>>[]} */
  const prepared = new Array(games.length);
  const fail = (/** @type {number} */ index, /** @type {Error} */ e) => {
    failed++;
    prepared[index] = /** @type {any} */ (undefined);
    outputs[index] = '';
    process.stderr.write(`${tty ? '\n' : ''}mainline-analyse: ${labelOf(index)}: ${e.message} (left out)\n`);
    flush();
  };
  const outcome = await reviewGames({
    engines,
    count: games.length,
    limits: opts.depth !== undefined ? { depth: opts.depth } : { movetime: opts.movetime },
    multipv: opts.report ? 2 : 1,
    pvMethod: opts.pvMethod,
    prepare: async (index, engine) => {
      prepared[index] = await prepareGame(engine, games[index]);
      return prepared[index].positions;
    },
    onEval: (index, k, ev) => {
      prepared[index].line[k].eval = ev;
    },
    finish: async (index, engine) => {
      const p = prepared[index];
      for (const [k, pos] of p.positions.entries()) if (pos.eval) p.line[k].eval = pos.eval;
      const annotated = await finishGame(engine, p, opts);
      prepared[index] = /** @type {any} */ (undefined); // its memory back, on a long file
      outputs[index] = writePgn(annotated, { engineLines: !opts.evalOnly, variations: opts.variations });
      if (annotated.report) say(`mainline-analyse: ${labelOf(index)}: ${annotated.report}${annotated.phases ? `; ${annotated.phases}` : ''}${annotated.ratings ? `; ${annotated.ratings}` : ''}`);
      else if (!tty) say(`mainline-analyse: ${labelOf(index)}: ${p.line.length}/${p.line.length} positions`);
      flush();
    },
    onError: fail,
    onProgress: (p) => {
      if (tty) say(`mainline-analyse: ${progressLine(p)}`);
    },
  });
  for (const e of engines) e.terminate();
  await writing;
  if (writeError) {
    process.stderr.write(`${tty ? '\n' : ''}mainline-analyse: writing ${opts.out} failed: ${writeError.message}; run the same command again to go on\n`);
    process.exit(1);
  }
  const of = opts.shard || skipped ? `${games.length} left of ${total}` : `${games.length}`;
  const rate = `${outcome.searched} positions searched, ${outcome.perSecond.toFixed(2)} per second on ${engines.length} engine${engines.length === 1 ? '' : 's'}`;
  say(`mainline-analyse: ${games.length - failed} of ${of} games annotated in ${((Date.now() - t0) / 1000).toFixed(1)} s (${rate})${opts.out ? ` to ${opts.out}` : ''}${tty ? '\n' : ''}`);
  process.stdout.write('', () => process.exit(failed ? 1 : 0));
}

await main();
