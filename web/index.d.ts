// Types of mainline-chess (the same API in browsers, src/index.js, and Node, src/node.js).

/** A position: a FEN, 'startpos', or a start position plus moves (UCI like 'e2e4' or SAN like 'e4').
 * `chess960`: the position is of a Chess960 game, so castling in the moves the engine gives back
 * (PVs, best move, legal moves) is written as the king taking its own rook (`e1h1`), as Chess960
 * tools read it; false: as the king's move (`e1g1`) wherever standard chess allows; left out: the
 * engine's UCI_Chess960 option decides. A position standard chess cannot have (king or castling
 * rook off their squares) is written the Chess960 way whatever it says; moves are read either way. */
export type Position = string | { fen?: string; moves?: string[]; chess960?: boolean };

/** Centipawns from the side to move's point of view, or mate in N moves (negative: being mated; 0: mated on the board). */
export type Score = { cp: number; mate?: never } | { mate: number; cp?: never };

/** Why a PV ends where it does. */
export type PvEnd = 'leaf' | 'mate' | 'stalemate' | 'repetition' | 'fifty' | 'material' | 'hashcut';

/** One completed iteration (one line of it with MultiPV), or an aspiration-window bound. */
export interface IterationInfo {
  depth: number;
  seldepth: number;
  /** 1-based line number (MultiPV). */
  multipv: number;
  score: Score;
  bound: 'exact' | 'lower' | 'upper';
  nodes: number;
  nps: number;
  timeMs: number;
  /** Permille of the hash table in use. */
  hashfull: number;
  /** The principal variation in UCI notation (legal from the searched position). */
  pv: string[];
  /** The same line in SAN. */
  pvSan: string[];
  pvEnd: PvEnd;
  /** With the VerifyPv option on, on every exact line: does the line explain its score (legal,
   * full length, ending in the position whose evaluation is the score)? `problem` says why not. */
  pvCheck?: { ok: boolean; problem?: string };
}

/** One motif of a line (Engine.lineFacts). */
export interface LineMotif {
  kind: 'fork' | 'pin' | 'skewer' | 'discoveredAttack' | 'discoveredCheck' | 'doubleCheck' | 'hanging' | 'promotion' | 'exchangeSacrifice' | 'capture'
    | 'removalOfDefender' | 'overloadedDefender' | 'trappedPiece' | 'zwischenzug';
  /** The move of the line that makes it (0: the first). */
  ply: number;
  /** Who plays that move (exchangeSacrifice: the side that gives the rook; ply is the rook's capture). */
  by: 'w' | 'b';
  /** The piece that does it, where it stands after the move (hanging: the piece left hanging). */
  square: string;
  /** FEN letter, upper case for White. */
  piece: string;
  /** fork: the attacked pieces; pin/skewer: front then back; discovered: the attacked piece;
   * hanging: the piece itself; capture: the captured piece; removalOfDefender: the guard taken,
   * then the piece it alone guarded; overloadedDefender: the guard, the piece taken, the other
   * piece it alone guarded; trappedPiece: the piece, then where the line takes it if it moved;
   * zwischenzug: the piece that could have been taken back, then the king checked or the piece
   * threatened instead (all as they stood before the move, or after it for trappedPiece and
   * zwischenzug's second). */
  targets: { square: string; piece: string }[];
  /** The king is one of the targets (pinned to it, forked, skewered). */
  absolute: boolean;
}

/** Engine.lineFacts's answer: what happens along a line, in facts that can be checked. */
export interface LineFacts {
  /** The position the line starts from. */
  fen: string;
  /** Side to move there. */
  first: 'w' | 'b';
  /** The line in SAN. */
  san: string[];
  /** The same moves in UCI (where each piece goes from and to: explain.js follows pieces with it). */
  uci: string[];
  plies: number;
  /** Material (pawn 1, minor 3, rook 5, queen 9) of `first` minus the other side's, after 0..plies plies. */
  balance: number[];
  end: 'none' | 'checkmate' | 'stalemate' | 'repetition' | 'fiftyMoves' | 'insufficientMaterial';
  matePattern: 'none' | 'backRank' | 'smothered';
  /** checkmate: moves of the mating side in the line. */
  mateMoves: number;
  /** The line ends in a repetition while one side checked with each of its last moves. */
  perpetual: boolean;
  perpetualBy: 'w' | 'b';
  motifs: LineMotif[];
}

/** Engine.evalTrace's answer. */
export interface EvalTrace {
  /** The network's evaluation, centipawns, White's side. */
  eval: number;
  pieces: { square: string; piece: string; value: number }[];
}

export interface SearchLimits {
  depth?: number;
  nodes?: number;
  movetime?: number;
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  /** Search for a mate in this many moves. */
  mate?: number;
  /** Do not end before stop() (even at the maximum depth). Without this or another limit that
   * ends the search (depth, nodes, movetime, a clock, mate), DEFAULT_SEARCH_LIMITS apply. */
  infinite?: boolean;
  /** Lines to report for this search only (the MultiPV option otherwise; same range). */
  multipv?: number;
  /** Only consider these root moves (UCI or SAN). */
  searchmoves?: string[];
}

export interface SearchResult {
  /** null when there is no legal move (mate or stalemate on the board). */
  bestMove: string | null;
  bestMoveSan: string | null;
  ponder: string | null;
  score: Score;
  /** Depth of the last completed iteration. */
  depth: number;
  pv: string[];
  pvSan: string[];
  pvEnd: PvEnd;
  nodes: number;
  /** True when the search ended because of stop() or a new analyze() (calls made meanwhile only
   * suspend it: it goes on after them). */
  stopped: boolean;
  /** Why a stopped search ended: 'stop' (stop(), or leaving a `for await` loop) or 'replaced'
   * (a new analyze() on the same engine). Absent when the search reached its limits. */
  stoppedBy?: 'stop' | 'replaced';
}

/** Where a search given no limit that ends it stops by itself: { depth: 22, movetime: 20000 }. */
export const DEFAULT_SEARCH_LIMITS: Readonly<{ depth: number; movetime: number }>;

export interface AnalyzeOptions {
  /** Called with every iteration as it arrives (in addition to the async iterator). */
  onInfo?: (info: IterationInfo) => void;
  /** Stops the search when aborted; its result then rejects with the signal's reason (an
   * AbortError unless the signal gave another). */
  signal?: AbortSignal;
}

/**
 * A running search. Iterate it with `for await`; leaving the loop early stops the search. If it
 * fails while no one holds its `result` or iterates it (only `onInfo` follows it), the engine
 * reports the error as an 'error' event (on the console where no one listens).
 */
export interface Analysis extends AsyncIterableIterator<IterationInfo> {
  /** Resolves when the search ends (with a best move whenever there is a legal move). */
  readonly result: Promise<SearchResult>;
  /** Stops this search; resolves with its result. */
  stop(): Promise<SearchResult>;
  readonly done: boolean;
}

/**
 * The engine's UCI options that hold a value, with the value each takes. Names are matched
 * case-insensitively by the engine; these are the declared spellings. The `@default`, `@min`
 * and `@max` tags are the engine's own declarations (tests/js/engine-options.test.mjs compares
 * them with the WebAssembly build's `engine.options`).
 */
export interface EngineOptionValues {
  /** Hash table size in MB; resizing keeps the engine's other state. The maximum is the
   * platform's: 512 in Node and desktop browsers, 64 on iPads and Android, 32 on iPhones (see
   * `engine.options`); the native engine allows 32768.
   * @default 16
   * @min 1
   * @max 512 */
  Hash: number;
  /** Search threads (Lazy SMP), each a Worker of its own. The threaded build (`engine.build`
   * 'threaded': Node, and cross-origin isolated pages) allows up to 32, or the browser's
   * `navigator.hardwareConcurrency`; the single-threaded build 1.
   * @default 1
   * @min 1
   * @max 32 */
  Threads: number;
  /** Lines searched and reported per iteration.
   * @default 1
   * @min 1
   * @max 64 */
  MultiPV: number;
  /** How the principal variation is collected.
   * @default pvhash */
  PvMethod: 'stack' | 'triangular' | 'tt' | 'pvhash';
  /** Each root move's best reply line from the last iteration is searched first in the next.
   * @default false */
  AltVariations: boolean;
  /** Every exact iteration carries `pvCheck`, the PV checker's verdict.
   * @default false */
  VerifyPv: boolean;
  /** Milliseconds per move lost to the GUI and the operating system.
   * @default 30
   * @min 0
   * @max 5000 */
  'Move Overhead': number;
  /** Declared for GUIs; pondering itself is `go ponder` (UCI text mode).
   * @default false */
  Ponder: boolean;
  /** Chess960's notation: castling written as the king taking its own rook (`e1h1`) in the moves
   * the engine gives. Chess960 positions are read whatever it says (FEN castling rights as X-FEN
   * `KQkq` or Shredder-FEN `HAha`), and a position standard chess cannot have is written the
   * Chess960 way by itself; moves are read either way (`e1g1` only in standard positions).
   * @default false */
  UCI_Chess960: boolean;
  /** Play at UCI_Elo.
   * @default false */
  UCI_LimitStrength: boolean;
  /** Playing strength with UCI_LimitStrength, on Stockfish 15.1's scale: the range of the play
   * levels' generated table (engine/level_table.h; docs/strength.md says which are measured).
   * @default 1500
   * @min 860
   * @max 2510 */
  UCI_Elo: number;
  /** Below the maximum (full strength) the engine plays weaker, spread over UCI_Elo's range.
   * @default 20
   * @min 0
   * @max 20 */
  'Skill Level': number;
  /** Evaluate with the network (EvalFile); false: the hand-crafted evaluation.
   * @default true */
  'Use NNUE': boolean;
  /** The network: `<embedded>` (compiled in). The web build reads no files, so it accepts only that.
   * @default <embedded> */
  EvalFile: string;
}

/** Options that are actions rather than settings (UCI type button). */
export type ButtonOptionName = 'Clear Hash';

export type OptionName = keyof EngineOptionValues | ButtonOptionName;

export type OptionValue = string | number | boolean;

/** One option as the engine declares it (`engine.options`). */
export type OptionDeclaration =
  | { readonly name: OptionName; readonly type: 'spin'; readonly default: number; readonly min: number; readonly max: number }
  | { readonly name: OptionName; readonly type: 'check'; readonly default: boolean }
  | { readonly name: OptionName; readonly type: 'combo'; readonly default: string; readonly vars: readonly string[] }
  | { readonly name: OptionName; readonly type: 'string'; readonly default: string }
  | { readonly name: OptionName; readonly type: 'button' };

export interface EngineOptions {
  /**
   * How stop() interrupts a search: 'sab' (a SharedArrayBuffer flag read every 8192 nodes; needs
   * cross-origin isolation in browsers), 'terminate' (end the worker and start a new one from the
   * cached WebAssembly.Module: works everywhere, the hash table is lost), or 'auto' (default:
   * 'sab' when available).
   */
  stopMode?: 'auto' | 'sab' | 'terminate';
  /**
   * Which WebAssembly build runs: 'threaded' (Emscripten pthreads over shared memory: Node, and
   * pages that are cross-origin isolated), 'single' (one thread, any page), or 'auto' (default:
   * threaded wherever shared memory is available, silently single otherwise). 'threaded'
   * without shared memory rejects with an INPUT error. In browsers the threaded build starts
   * with min(navigator.hardwareConcurrency - 1, 8) threads unless `options.Threads` is given;
   * in Node with 1.
   */
  build?: 'auto' | 'threaded' | 'single';
  /** UCI options to set at start, e.g. { Hash: 64, MultiPV: 2 }. */
  options?: Partial<EngineOptionValues>;
  /** Restart the worker by itself after a crash (the 'error' event is still emitted). */
  autoRestart?: boolean;
  /** Start-up time limit (default 20000 ms). */
  initTimeoutMs?: number;
  /** Answer time limit of the quick calls (setOption, evaluate, legalMoves, ...; default 30000 ms). */
  callTimeoutMs?: number;
  /** stopMode 'sab': if a stopped search has not answered after this long (a busy or stuck
   * worker), the worker is restarted as in 'terminate' mode (default 2000 ms). */
  stopTimeoutMs?: number;
  /**
   * The folder of the package's dist/ files (worker.js, mainline_web.wasm, worker-mt.js,
   * mainline_web_mt.js, mainline_web_mt.worker.js, mainline_web_mt.wasm), when they are not
   * where the package's code is: a CDN's
   * (`https://cdn.jsdelivr.net/npm/mainline-chess@VERSION/dist/`) or wherever a site copied
   * them. Relative to the page. Workers from another origin are started through a one-line
   * module of the page's (the page's CSP must allow `blob:` workers then).
   */
  baseUrl?: string | { readonly href: string };
  /** The single-threaded build's worker script and .wasm (giving either picks that build). For
   * the threaded build's files use baseUrl. */
  workerUrl?: string | { readonly href: string };
  wasmUrl?: string | { readonly href: string };
}

/** createUciWorker's options. */
export interface UciWorkerOptions extends Pick<EngineOptions, 'stopMode' | 'build' | 'baseUrl' | 'workerUrl' | 'wasmUrl'> {
  /** Crashes after which the worker is started again (default 3). After the last, every
   * command is still answered: `readyok`, `uciok`, `bestmove (none)` and an error line. */
  maxRestarts?: number;
}

export type EngineErrorCode = 'INPUT' | 'CRASHED' | 'TERMINATED' | 'TIMEOUT';

export class EngineError extends Error {
  readonly code: EngineErrorCode;
}

export interface LegalMove {
  uci: string;
  san: string;
}

export interface PositionInfo {
  fen: string;
  sideToMove: 'w' | 'b';
  inCheck: boolean;
  status: 'ongoing' | 'checkmate' | 'stalemate' | 'fifty' | 'material' | 'repetition';
}

export interface Engine {
  readonly state: 'starting' | 'ready' | 'crashed' | 'terminated';
  readonly stopMode: 'sab' | 'terminate';
  /** The WebAssembly build that runs (see EngineOptions.build). */
  readonly build: 'threaded' | 'single';
  /** The threads a search uses now (the Threads option). */
  readonly threads: number;
  /** The engine's options as it declares them, in the order of the UCI `uci` listing. */
  readonly options: readonly OptionDeclaration[];

  /** Starts a search (a running one is stopped first). Without a limit that ends it,
   * DEFAULT_SEARCH_LIMITS; `infinite: true`: until stop(). A call (legalMoves, setOption, ...)
   * made meanwhile suspends the search, is answered, and the search goes on with what is left of
   * its limits. Never throws: bad arguments give an Analysis whose result rejects. */
  analyze(position: Position, limits?: SearchLimits, options?: AnalyzeOptions): Analysis;
  bestMove(position: Position, limits?: SearchLimits, options?: AnalyzeOptions): Promise<SearchResult>;
  /** Stops the running search; resolves with its result, or null when nothing was running. */
  stop(): Promise<SearchResult | null>;

  /** Sets an option (see EngineOptionValues for each one's range). Rejects with the engine's message. */
  setOption<K extends keyof EngineOptionValues>(name: K, value: EngineOptionValues[K]): Promise<void>;
  /** Runs an action such as clearing the hash table. */
  setOption(name: ButtonOptionName): Promise<void>;
  uciOptions(): Promise<string[]>;
  newGame(): Promise<void>;

  perft(position: Position, depth: number): Promise<number>;
  perftDivide(position: Position, depth: number): Promise<{ move: string; nodes: number }[]>;
  /** Static evaluation in centipawns from the side to move's point of view. */
  evaluate(position: Position): Promise<number>;
  /** What each piece adds to the network's evaluation (the evaluation with it minus without it),
   * centipawns from White's side, kings excluded. Rejects (INPUT) when 'Use NNUE' is off. */
  evalTrace(position: Position): Promise<EvalTrace>;
  legalMoves(position: Position): Promise<LegalMove[]>;
  positionInfo(position: Position): Promise<PositionInfo>;
  /** The FEN as the engine writes it; rejects with the parser's message. */
  validateFen(fen: string): Promise<string>;
  convertMoves(position: Position, moves: string[]): Promise<{ fen: string; uci: string[]; san: string[] }>;
  /** The facts of a line of moves (UCI or SAN) from a position: material after each ply, captures,
   * forks, pins, skewers, discovered attacks and checks, pieces left hanging, promotions, and how
   * the line ends. Sentences from them: mainline-chess/explain. Rejects (INPUT) on an illegal move. */
  lineFacts(position: Position, line: string[]): Promise<LineFacts>;
  toSan(position: Position, moves: string[]): Promise<string[]>;
  toUci(position: Position, moves: string[]): Promise<string[]>;
  /** The engine's bench (its node count with one thread is the bench signature). depth 0: the
   * default depth; threads (default 1): for speed figures, up to the Threads maximum. */
  bench(depth?: number, threads?: number): Promise<{ nodes: number; timeMs: number; nps: number }>;

  /** Starts a new worker after a crash; options set before are restored. */
  restart(): Promise<Engine>;
  /** Ends the worker; pending calls reject with code 'TERMINATED'. */
  terminate(): void;

  /** 'error': the worker crashed (trap, out of memory, failed to load) or stopped answering, or an
   * analysis failed that no one holds (see Analysis). 'restart': restarted. Where nothing
   * listens for 'error', it goes to the console (and the page's `error` event in browsers). */
  on(type: 'error', listener: (error: EngineError) => void): this;
  on(type: 'restart', listener: (event: object) => void): this;
  off(type: 'error' | 'restart', listener: (...args: any[]) => void): this;
  onerror: ((error: EngineError) => void) | null;
}

/** Starts an engine in its own worker. Several engines can run at once. */
export function createEngine(options?: EngineOptions): Promise<Engine>;

/**
 * UCI text mode behind a Worker-like object, a drop-in for a stockfish.js worker:
 * `postMessage('go depth 12')`; `onmessage = (e) => ...` gets one output line in `e.data`.
 * `stop` and `ponderhit` work during a search; `isready` is answered at once while searching.
 */
export interface UciWorker {
  readonly stopMode: 'sab' | 'terminate';
  /** The WebAssembly build that runs; its Threads option starts at 1, as UCI engines' do. */
  readonly build: 'threaded' | 'single';
  postMessage(command: string): void;
  onmessage: ((event: { data: string }) => void) | null;
  onerror: ((error: EngineError) => void) | null;
  addEventListener(type: 'message', listener: (event: { data: string }) => void): this;
  addEventListener(type: 'error', listener: (error: EngineError) => void): this;
  removeEventListener(type: 'message' | 'error', listener: (...args: any[]) => void): this;
  /** Resolves when every command sent so far has been handled. */
  whenIdle(): Promise<void>;
  terminate(): void;
}

export function createUciWorker(options?: UciWorkerOptions): UciWorker;
