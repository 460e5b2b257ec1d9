// <mainline-analysis> in React 19's JSX with mainline-chess/jsx/react (tsc --strict in tests/js/consumers.test.mjs): its
// attributes, properties and events typed; a wrong value is an error.
import 'mainline-chess/element';
import type {} from 'mainline-chess/jsx/react';
import type { AnalysisBestMoveDetail } from 'mainline-chess/element';

let best: AnalysisBestMoveDetail | null = null;
export const Board = () => (
  <mainline-analysis fen="8/8/8/4k3/8/8/3K4/7R w - - 0 1" depth={18} multipv="2" interactive onbestmove={(e) => (best = e.detail)} className="board" />
);
// @ts-expect-error an orientation is white or black
export const Wrong = () => <mainline-analysis orientation="left" />;
// @ts-expect-error depth is a number or a string
export const Wrong2 = () => <mainline-analysis depth={{ plies: 3 }} />;
void best;
