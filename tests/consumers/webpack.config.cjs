// webpack 5: nothing for mainline-chess (its worker and .wasm are found through
// `new URL(..., import.meta.url)`, which webpack turns into assets by itself).
const path = require('node:path');

module.exports = {
  mode: 'production',
  entry: './site/main.js',
  output: { path: path.resolve(__dirname, 'out/webpack'), filename: 'main.js' },
};
