// <mainline-analysis> as Vue's templates and Svelte 5's see it, with mainline-chess/jsx/vue and /svelte (tsc --strict
// in tests/js/consumers.test.mjs): the props each framework checks, typed; a wrong value is an error.
import type {} from 'mainline-chess/jsx/vue';
import type {} from 'mainline-chess/jsx/svelte';
import type { GlobalComponents } from 'vue';
import type { SvelteHTMLElements } from 'svelte/elements';

type VueProps = InstanceType<GlobalComponents['mainline-analysis']>['$props'];
export const vueProps: VueProps = { fen: 'x', depth: 12, infinite: true, onBestmove: (e) => void e.detail.bestMove };
// @ts-expect-error an orientation is white or black
export const vueWrong: VueProps = { orientation: 'left' };
export const svelteProps: SvelteHTMLElements['mainline-analysis'] = { fen: 'x', depth: 12, 'screen-reader': true, onbestmove: (e) => void e.detail.pv };
// @ts-expect-error multipv is a number or a string
export const svelteWrong: SvelteHTMLElements['mainline-analysis'] = { multipv: [2] };
