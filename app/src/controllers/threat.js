// "Show threat" (the `x` key): what the opponent would play if it were their move in the shown
// position. The same board with the other side to move (rules.js's threatFen) is searched by an
// engine of its own, so the live analysis goes on beside it; the board draws its first move as a
// dashed arrow and the engine panel shows the line.
import { threatFen } from '../model/rules.js';
import { fenTurn, whitePov } from '../model/format.js';
import { Analyser } from '../services/engine.js';

/**
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('../services/engine.js').EngineHandle} EngineHandle
 */

/** How deep the threat is searched: enough for a tactic, quick on any device. */
export const THREAT_DEPTH = 16;

export class ThreatController {
  /** @param {{ store: Store, engine: EngineHandle }} deps */
  constructor({ store, engine }) {
    this.store = store;
    /** what is searched now: the shown position and its variant ('' for nothing) */
    this.key = '';
    // the search of the threat shown (the analyser drops the reports of any other)
    this.analyser = new Analyser(engine, {
      onInfo: (info) => {
        const fen = this.store.state.threat?.fen;
        if (!fen || info.bound !== 'exact' || info.multipv !== 1 || !info.pv.length) return;
        this.store.set({ threat: { fen, reason: null, line: { score: whitePov(info.score, fenTurn(fen).turn), depth: info.depth, pv: info.pv, pvSan: info.pvSan } } });
      },
      onState: (state, detail) => {
        const fen = this.store.state.threat?.fen;
        if (state === 'error' && fen) this.store.set({ threat: { fen, reason: `The threat could not be searched: ${detail}`, line: null } });
      },
    });
    store.on(['threatOn', 'current', 'tree', 'mode', 'practice'], () => this.#refresh());
  }

  toggle() {
    this.store.set({ threatOn: !this.store.state.threatOn });
  }

  #refresh() {
    const s = this.store.state;
    const on = s.threatOn && s.mode === 'analyse' && !s.practice;
    const fen = on ? s.current.fen : '';
    // (the variant too: it decides how the line writes castling)
    const key = on ? `${fen}|${s.tree.chess960}` : '';
    if (key === this.key) return;
    this.key = key;
    const flipped = on ? threatFen(fen) : null;
    if (!flipped) this.analyser.stop();
    if (!on) {
      if (s.threat) this.store.set({ threat: null });
    } else if (!flipped) {
      this.store.set({ threat: { fen: '', reason: 'No threat to show: the side to move is in check.', line: null } });
    } else {
      this.store.set({ threat: { fen: flipped, reason: null, line: null } });
      this.analyser.analyse({ fen: flipped, moves: [], chess960: s.tree.chess960 }, { limits: { depth: THREAT_DEPTH } });
    }
  }
}
