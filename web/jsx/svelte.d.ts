// <mainline-analysis> in Svelte 5 templates (svelte-check):
//   <script lang="ts">import 'mainline-chess/element'; import type {} from 'mainline-chess/jsx/svelte';</script>
//   <mainline-analysis fen={fen} depth={18} interactive onbestmove={(e) => (best = e.detail)} />
import type { HTMLAttributes } from 'svelte/elements';
import type { MainlineAnalysis, MainlineAnalysisAttributes, MainlineAnalysisEventProps } from '../element.js';

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'mainline-analysis': Omit<HTMLAttributes<MainlineAnalysis>, keyof MainlineAnalysisAttributes | keyof MainlineAnalysisEventProps> &
      MainlineAnalysisAttributes &
      MainlineAnalysisEventProps;
  }
}
