// Rollup: resolving the package from node_modules (@rollup/plugin-node-resolve, as for any
// package). Rollup keeps `import.meta.url`, so the package's dist/ folder is copied beside the
// bundle's folder (the one line the consumer test runs: cp -r node_modules/mainline-chess/dist out/rollup/).
import { nodeResolve } from '@rollup/plugin-node-resolve';

export default {
  input: 'site/main.js',
  output: { dir: 'out/rollup/assets', format: 'es' },
  plugins: [nodeResolve({ browser: true })],
};
