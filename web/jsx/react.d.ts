// <mainline-analysis> in React's JSX (React 18.3 and 19, `jsx: react-jsx`):
//   import 'mainline-chess/element';
//   import type {} from 'mainline-chess/jsx/react';
//   <mainline-analysis fen={fen} depth={18} interactive onbestmove={(e) => setBest(e.detail)} />
// React 19 sets the element's properties and adds `on<event>` listeners itself; React 18 sets
// attributes only (use a ref and addEventListener for the events there).
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { MainlineAnalysis, MainlineAnalysisAttributes, MainlineAnalysisEventProps } from '../element.js';

type MainlineAnalysisJsx = DetailedHTMLProps<HTMLAttributes<MainlineAnalysis>, MainlineAnalysis> & MainlineAnalysisAttributes & MainlineAnalysisEventProps;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'mainline-analysis': MainlineAnalysisJsx;
    }
  }
}
