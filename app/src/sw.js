// The board app's service worker (built by vite-plugin-pwa's injectManifest from this file; the
// caching is Workbox's). It precaches the whole app at install: the page, its scripts and styles,
// the engine's worker and .wasm, the sprites, icons and manifest (self.__WB_MANIFEST, the list of
// built files with their revisions), and answers every request for them from the cache, so after
// one visit Mainline works with no network at all.
//
// Updates: a changed build means a changed list, so a new service worker installs next to the
// running one and waits. The page then shows "new version — reload" (pwa.js); the button sends
// SKIP_WAITING, this worker takes over and the page reloads with the new files. Nothing is
// replaced behind the user's back.
//
// Cached responses keep the headers they were served with (Content-Security-Policy, COOP/COEP),
// and every file is same-origin, so the page stays cross-origin isolated offline.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// any navigation inside the app's scope (e.g. with a query string) gets the cached page
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html')));
// the first installed worker controls the open page at once (later ones wait for the prompt)
clientsClaim();
