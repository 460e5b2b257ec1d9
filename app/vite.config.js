// Vite config of the board app (app/). `npm start` builds it (vite build -> app/dist) and
// serves the build with app/server.mjs; `npm run app:dev` runs Vite's dev server.
// The engine is the package `mainline-chess`, imported as any site imports it (npm links the
// workspace's web/ into node_modules): Vite copies its worker (dist/worker.js) and the .wasm as
// assets through their `new URL(..., import.meta.url)`, with no configuration.
// vite-plugin-pwa (Workbox) makes it an installable offline app: it writes the web app manifest
// and builds the service worker src/sw.js with the list of every built file to precache,
// the .wasm and the engine's worker included.
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_DIR, ENGINE_DIR, ISOLATION_HEADERS } from './server.mjs';

const MANIFEST = {
  name: 'Mainline — chess analysis board',
  short_name: 'Mainline',
  description: "A chess analysis board that shows every iteration of the engine's search. Works offline.",
  lang: 'en',
  start_url: './',
  scope: './',
  display: 'standalone',
  orientation: 'any',
  background_color: '#1b1a18',
  theme_color: '#2a6fdb',
  categories: ['games', 'education'],
  icons: [
    { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
};

export default defineConfig({
  root: APP_DIR,
  base: './',
  publicDir: 'public',
  clearScreen: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // the sprites and the .wasm must stay files (the board loads sprites by URL)
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1000,
  },
  plugins: [
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.js',
      // the page asks before a new version takes over (src/pwa.js registers the worker)
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: MANIFEST,
      // the icons are in globPatterns already (the plugin adds the manifest itself)
      includeManifestIcons: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{html,js,css,wasm,svg,png}'],
        // the engine's .wasm is ~200 KB; room for a bigger build
        maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
      },
    }),
  ],
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT) || 5173,
    strictPort: true,
    headers: ISOLATION_HEADERS,
    // the dev server serves the engine package's files from where npm linked it
    fs: { allow: [APP_DIR, ENGINE_DIR] },
  },
  preview: {
    host: '127.0.0.1',
    port: Number(process.env.PORT) || 5173,
    strictPort: true,
    headers: ISOLATION_HEADERS,
  },
});
