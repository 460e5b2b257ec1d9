// <mainline-analysis> in Vue's templates (type-checked by vue-tsc / Volar) and TSX:
//   import 'mainline-chess/element';
//   import type {} from 'mainline-chess/jsx/vue';
//   <mainline-analysis :fen="fen" :depth="18" interactive @bestmove="onBest" />
// Vue must be told the tag is a custom element (compilerOptions.isCustomElement, or vite's
// vue plugin template.compilerOptions: tag === 'mainline-analysis').
import type { DefineComponent } from 'vue';
import type { AnalysisBestMoveDetail, AnalysisExplainDetail, AnalysisIterationDetail, AnalysisMoveDetail, MainlineAnalysisAttributes } from '../element.js';

type MainlineAnalysisVue = DefineComponent<
  MainlineAnalysisAttributes & {
    onIteration?: (event: CustomEvent<AnalysisIterationDetail>) => void;
    onBestmove?: (event: CustomEvent<AnalysisBestMoveDetail>) => void;
    onExplain?: (event: CustomEvent<AnalysisExplainDetail>) => void;
    onMove?: (event: CustomEvent<AnalysisMoveDetail>) => void;
  }
>;

declare module 'vue' {
  interface GlobalComponents {
    'mainline-analysis': MainlineAnalysisVue;
  }
}
