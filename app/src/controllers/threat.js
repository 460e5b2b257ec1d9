// "Show threat" (the `x` key): what the opponent would play if it were their move in the shown
// position. The same board with the other side to move (rules.js's threatFen) is searched by an
// engine of its own, so the live analysis goes on beside it; the board draws its first move as a
// dashed arrow and the engine panel shows the line.
import { threatFen } from '../model/rules.js';
import { fenTurn, whitePov } from '../model/format.js';

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
    this.engine = engine;
    this.token = 0;
    this.fen = '';
    store.on(['threatOn', 'current', 'mode', 'practice'], () => this.#refresh());
  }

  toggle() {
    this.store.set({ threatOn: !this.store.state.threatOn });
  }

  #refresh() {
    const s = this.store.state;
    const on = s.threatOn && s.mode === 'analyse' && !s.practice;
    const fen = on ? s.current.fen : '';
    if (fen === this.fen) return;
    this.fen = fen;
    const token = ++this.token;
    this.engine.stop();
    if (!on) {
      if (s.threat) this.store.set({ threat: null });
      return;
    }
    const flipped = threatFen(fen);
    if (!flipped) {
      this.store.set({ threat: { fen: '', reason: 'No threat to show: the side to move is in check.', line: null } });
      return;
    }
    this.store.set({ threat: { fen: flipped, reason: null, line: null } });
    const turn = fenTurn(flipped).turn;
    this.engine
      .get()
      .then((engine) => {
        if (token !== this.token) return null;
        return engine.bestMove(flipped, { depth: THREAT_DEPTH }, {
          onInfo: (info) => {
            if (token !== this.token || info.bound !== 'exact' || info.multipv !== 1 || !info.pv.length) return;
            this.store.set({ threat: { fen: flipped, reason: null, line: { score: whitePov(info.score, turn), depth: info.depth, pv: info.pv, pvSan: info.pvSan } } });
          },
        });
      })
      .catch((e) => {
        if (token === this.token) this.store.set({ threat: { fen: flipped, reason: `The threat could not be searched: ${e.message}`, line: null } });
      });
  }
}
