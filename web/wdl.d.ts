// Types of `mainline-chess/wdl` (src/wdl.js): win/draw/loss chances for Mainline's scores, from a
// model fitted to Mainline's own games.

export interface WdlModel {
  /** a(m) in powers of m / 78 (m: pawns of material on the board), constant first */
  a: number[];
  b: number[];
  /** what it was fitted to */
  source: string;
}
export interface Wdl {
  win: number;
  draw: number;
  loss: number;
}

export const WDL_MODEL: Readonly<WdlModel>;
export const START_MATERIAL: number;
export const DEFAULT_MATERIAL: number;

export function wdlParams(material: number, model?: WdlModel): { a: number; b: number };
/** Chances (0..1, summing to 1) for the side whose view the score is from. */
export function wdl(score: { cp?: number; mate?: number }, material?: number, model?: WdlModel): Wdl;
/** Whole per-mille adding up to 1000. */
export function perMille(p: Wdl): Wdl;
export function fitWdl(samples: { cp: number; material: number; outcome: 1 | 0.5 | 0 }[], opts?: { degree?: number; steps?: number; rate?: number }): { model: WdlModel; logLoss: number };
