// The app's one state object, with its defaults (chessground's State/defaults() is the model),
// and the store that holds it. Controllers change the state through the store (`set`, or
// `touch` after changing an object in place, such as the game tree); views and controllers
// subscribe to the keys they depend on and are called once per change, after the code that made
// it has run (a microtask later), however many keys it changed.
import { GameTree } from './model/tree.js';

/**
 * @typedef {import('./model/tree.js').MoveNode} MoveNode
 * @typedef {import('./model/gamereport.js').TreeReport} TreeReport
 * @typedef {import('./model/record.js').Review} Review
 * @typedef {import('./model/record.js').PracticeResult} PracticeResult
 * @typedef {import('mainline-chess/openings').Opening} Opening
 * @typedef {import('./model/iterationlog.js').IterationLog} IterationLog
 * @typedef {import('mainline-chess/annotate').Eval} Eval
 *
 * @typedef {object} GameMeta  the open game as the library knows it
 * @property {string|null} id         null: not in the library yet (saved on its first change)
 * @property {string} name
 * @property {boolean} named          the user named it (else the name follows the headers)
 * @property {number} created
 * @property {Review|null} review     the whole-game analysis
 * @property {Record<number, PracticeResult>} practice  mistakes practised, by node id
 * @property {import('./model/record.js').GameSource} [source]  the site it was imported from
 *
 * @typedef {object} Settings  the engine panel's settings (kept in this browser)
 * @property {number} hash         MB
 * @property {number} threads      0: the engine's default for this page
 * @property {number} multipv      lines per iteration (1-5)
 * @property {number} multiLines   what `z` switches to from one line
 * @property {'pvhash'|'stack'|'triangular'|'tt'} pvMethod
 * @property {boolean} arrows      the engine's lines as arrows on the board
 * @property {boolean} wdl         win / draw / loss chances in each iteration row
 * @property {boolean} screenReader  the board in words: position as text, moves typed, announcements (views/reader.js)
 * @property {string} [learnNames]  the user's names in their games, for the practice across the library ('You' when unset)
 * @property {number} reviewWorkers  engines of "Analyse game" and "Analyse library" (0: the cores less one)
 * @property {string} reviewLimit    what they search per position: 'depth:N' or 'movetime:MS'
 *
 * @typedef {object} EngineStatus  the analysis engine, as the panel shows it
 * @property {'idle'|'starting'|'running'|'done'|'paused'|'error'} state
 * @property {'sab'|'terminate'|''} stopMode
 * @property {'single'|'threaded'|''} build
 * @property {number} threads      threads a search uses now
 * @property {number} maxThreads
 * @property {number} maxHash
 *
 * @typedef {object} Threat  "what would the opponent play here" (the `x` key)
 * @property {string} fen          the position searched: the shown one with the other side to move
 * @property {string|null} reason  why there is no threat to show (in check), else null
 * @property {{ score: import('./model/format.js').Score, depth: number, pv: string[], pvSan: string[] } | null} line  White's view
 *
 * @typedef {object} ReviewState  "Analyse game" or "Analyse library" (one at a time)
 * @property {boolean} running
 * @property {'game'|'library'} scope
 * @property {number} done          positions evaluated
 * @property {number} total         positions in all (games not begun: estimated)
 * @property {number} searched      positions searched (the others were known deep enough)
 * @property {number} games
 * @property {number} gamesDone
 * @property {number|null} etaMs    an estimate of the time left
 * @property {number} perSecond     positions searched a second
 * @property {number} workers       engines searching
 * @property {string} [current]     the name of the game begun last
 * @property {boolean} [resumed]    gone on with after a reload
 * @property {{ depth?: number, movetime?: number }} limits
 * @property {string} text          the outcome of the last run
 * @property {''|'done'|'stopped'} outcome
 *
 * @typedef {object} PlayerClock
 * @property {number} w  ms left (excluding the running period)
 * @property {number} b
 * @property {number} initial
 * @property {number} inc
 * @property {'w'|'b'|null} running
 * @property {number} since  performance.now() when the running side's period began
 *
 * @typedef {object} PlayGame  a game against the engine
 * @property {'w'|'b'} human
 * @property {import('./model/levels.js').Level} level
 * @property {PlayerClock|null} clock
 * @property {GameEnd|null} end
 * @property {Date} date
 * @property {boolean} thinking   the engine is choosing its move
 * @property {boolean} showThinking  the engine's iterations are shown while it thinks
 * @property {Hint|null} [hint]   the last hint asked for (shown while its position is the game's)
 *
 * @typedef {object} Hint  the engine's move for the player (controllers/hint.js)
 * @property {string} fen           the position it was asked in
 * @property {string} uci           '' while searching or when it failed
 * @property {string} san
 * @property {string[]} reasons     verified sentences only (mainline-chess/explain); may be none
 * @property {boolean} pending
 * @property {string} error
 *
 * @typedef {object} GameEnd  how a game against the engine ended: by the rules, or by a player
 * @property {import('./model/rules.js').GameStatus|'resigned'|'time'|'stopped'} by
 * @property {string} result       '1-0', '0-1', '1/2-1/2', '*' (stopped)
 * @property {string} text         what the status line says
 *
 * @typedef {object} Practice  "learn from your mistakes", or the game's key moments
 * @property {'mistakes'|'moments'} kind  one player's mistakes (or a deck's cards), or the key
 *   moments of both sides (the side to move changes from one to the next)
 * @property {'w'|'b'} color      the side to find a move for (of the one shown, for key moments)
 * @property {number[]} items      node ids of the moves to improve on, in game order
 * @property {number} index        the one shown
 * @property {'ask'|'judging'|'wrong'|'solved'|'done'} phase
 * @property {string|null} tried   the move tried (UCI), while it is judged or shown wrong
 * @property {string} message
 * @property {number} hints        hints shown for this one (1: the piece, 2: the move)
 * @property {number} tries
 * @property {number[]} recorded   the puzzles whose result this practice has kept
 * @property {{ cards: import('./model/schedule.js').Card[], index: number, results: (boolean|null)[] } | null} deck
 *   a session of cards from the whole library (null: one game's mistakes): the card shown, and
 *   each card's answer (true right, false wrong, null not yet)
 *
 * @typedef {object} Learn  the practice view: the schedule's progress per motif (controllers/learn.js)
 * @property {boolean} open
 * @property {'idle'|'loading'|'ready'|'error'} status
 * @property {string} message
 * @property {{ motif: string, name: string, due: number, learned: number, total: number, next: number|null }[]} rows
 * @property {number} due     cards due now
 * @property {number} total   cards in all
 *
 * @typedef {object} Explanation  where an iteration's score comes from (a click on a line's end)
 * @property {'loading'|'ready'|'error'} status
 * @property {string} fen          the searched position
 * @property {string} endFen       the position at the end of the line
 * @property {string[]} pvSan
 * @property {number} depth
 * @property {import('./model/format.js').Score} score   the line's score, White's view
 * @property {number|null} staticEval   the evaluation of the end position, White's view
 * @property {{ square: string, piece: string, value: number }[]} pieces  what each piece adds (White's view)
 * @property {string} message
 *
 * @typedef {object} SaveStatus
 * @property {'opening'|'saving'|'saved'|'error'|'off'} state
 * @property {string} text
 * @property {string} title
 * @property {string} problem       why saving is off (no storage), or ''
 *
 * @typedef {object} State
 * @property {'analyse'|'play'|'practice'} mode
 * @property {import('./model/tree.js').GameTree} tree
 * @property {MoveNode} current
 * @property {Record<string,string>} headers
 * @property {GameMeta} game
 * @property {'white'|'black'} orientation
 * @property {boolean} engineOn       the live analysis runs (the `l` key, Pause / Resume)
 * @property {Settings} settings
 * @property {EngineStatus} engine
 * @property {IterationLog|null} log  the iterations of the search shown in the panel
 * @property {string} panelNote       what the panel says instead of iterations (game over, hidden...)
 * @property {string} ended           the game's end the panel's note is about ('Checkmate', 'Stalemate'...:
 *                                    the engine's head shows it instead of a score), else ''
 * @property {{ fen: string, uci: string[] } | null} hover   the line (up to a move) under the pointer
 * @property {boolean} threatOn
 * @property {Threat|null} threat
 * @property {ReviewState} review
 * @property {TreeReport|null} report  the game report of the tree (kept up to date with the evaluations)
 * @property {Opening & { ply: number } | null} opening      of the shown position
 * @property {Opening & { ply: number } | null} gameOpening  of the main line
 * @property {PlayGame|null} play
 * @property {Practice|null} practice
 * @property {Learn} learn
 * @property {Explanation|null} explain
 * @property {SaveStatus} save
 * @property {string} error
 * @property {boolean} help           the keys overlay is open
 */

/** @returns {GameMeta} */
export function freshMeta(name = '') {
  return { id: null, name, named: false, created: Date.now(), review: null, practice: {} };
}

/** @returns {Settings} */
export function defaultSettings() {
  return { hash: 32, threads: 0, multipv: 1, multiLines: 3, pvMethod: 'pvhash', arrows: true, wdl: false, screenReader: false, reviewWorkers: 0, reviewLimit: 'depth:12' };
}

/** @returns {State} */
export function defaults() {
  const tree = new GameTree();
  return {
    mode: 'analyse',
    tree,
    current: tree.root,
    headers: {},
    game: freshMeta(),
    orientation: 'white',
    engineOn: true,
    settings: defaultSettings(),
    engine: { state: 'idle', stopMode: '', build: '', threads: 1, maxThreads: 1, maxHash: 512 },
    log: null,
    panelNote: '',
    ended: '',
    hover: null,
    threatOn: false,
    threat: null,
    review: { running: false, scope: 'game', done: 0, total: 0, searched: 0, games: 0, gamesDone: 0, etaMs: null, perSecond: 0, workers: 1, limits: { depth: 12 }, text: '', outcome: '' },
    report: null,
    opening: null,
    gameOpening: null,
    play: null,
    practice: null,
    learn: { open: false, status: 'idle', message: '', rows: [], due: 0, total: 0 },
    explain: null,
    save: { state: 'opening', text: '…', title: '', problem: '' },
    error: '',
    help: false,
  };
}

/**
 * A key subscribers can listen to: a state field, `evals` (an evaluation on a node of the tree
 * changed; the evaluations live on the nodes, not in a field of their own) or `clock` (a game's
 * clock ticked: only the clocks need drawing again).
 * @typedef {keyof State | 'evals' | 'clock'} Key
 */

/** Holds the state; tells subscribers what changed, once per change. */
export class Store {
  /** @type {{ keys: Set<string>, fn: (state: State, changed: Set<string>) => void }[]} */
  #subs = [];
  /** @type {Set<string>} */
  #changed = new Set();
  #queued = false;

  /** @param {State} state */
  constructor(state) {
    this.state = state;
  }

  /** Sets some keys. @param {Partial<State>} patch */
  set(patch) {
    for (const k of Object.keys(patch)) {
      /** @type {any} */ (this.state)[k] = /** @type {any} */ (patch)[k];
      this.#changed.add(k);
    }
    this.#schedule();
  }

  /** Says that objects under these keys changed in place (a move added to the tree, a row to the log). */
  touch(/** @type {Key[]} */ ...keys) {
    for (const k of keys) this.#changed.add(k);
    this.#schedule();
  }

  /**
   * Calls `fn` after every change to one of `keys`, with the state and every key that changed.
   * Returns a function that ends the subscription.
   * @param {Key[]} keys @param {(state: State, changed: Set<string>) => void} fn
   */
  on(keys, fn) {
    const sub = { keys: new Set(/** @type {string[]} */ (keys)), fn };
    this.#subs.push(sub);
    return () => {
      this.#subs = this.#subs.filter((s) => s !== sub);
    };
  }

  #schedule() {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => this.flush());
  }

  /**
   * Tells the subscribers now, and what they change while they are told in further rounds. A
   * change that keeps causing itself is a bug: it is reported and dropped after ROUNDS rounds,
   * instead of hanging the page.
   */
  flush() {
    this.#queued = true; // what subscribers set is told in the rounds below, not in another flush
    const ROUNDS = 20;
    let round = 0;
    for (; this.#changed.size && round < ROUNDS; round++) {
      const changed = this.#changed;
      this.#changed = new Set();
      for (const sub of this.#subs) {
        let hit = false;
        for (const k of sub.keys) if (changed.has(k)) hit = true;
        if (!hit) continue;
        try {
          sub.fn(this.state, changed);
        } catch (e) {
          // one broken view must not stop the others; the error still reaches the console
          queueMicrotask(() => {
            throw e;
          });
        }
      }
    }
    if (this.#changed.size) {
      const keys = [...this.#changed].join(', ');
      this.#changed.clear();
      queueMicrotask(() => {
        throw new Error(`store: the subscribers of ${keys} keep changing them (dropped after ${ROUNDS} rounds)`);
      });
    }
    this.#queued = false;
  }
}
