// <mainline-analysis> in Preact's JSX (`jsx: react-jsx`, `jsxImportSource: preact`):
//   import 'mainline-chess/element';
//   import type {} from 'mainline-chess/jsx/preact';
//   <mainline-analysis fen={fen} depth={18} interactive onbestmove={(e) => setBest(e.detail)} />
import type { HTMLAttributes } from 'preact';
import type { MainlineAnalysis, MainlineAnalysisAttributes, MainlineAnalysisEventProps } from '../element.js';

type MainlineAnalysisJsx = Omit<HTMLAttributes<MainlineAnalysis>, keyof MainlineAnalysisAttributes | keyof MainlineAnalysisEventProps> &
  MainlineAnalysisAttributes &
  MainlineAnalysisEventProps;

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'mainline-analysis': MainlineAnalysisJsx;
    }
  }
}
