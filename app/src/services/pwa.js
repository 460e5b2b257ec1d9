// Installable, offline app: registers the service worker (src/sw.js, built by vite-plugin-pwa)
// through the plugin's workbox-window wrapper, and tells the user what it does:
//   - "Ready to work offline" once the first install has cached everything;
//   - "A new version of Mainline is available — Reload" when an updated service worker is
//     waiting: nothing changes until the user reloads (the button lets the new worker take over,
//     then reloads the page). Saved analyses are in IndexedDB and are not touched by an update.
// Also shows when the browser is offline, and checks for an update when it comes back online
// and every hour.
import { registerSW } from 'virtual:pwa-register';
import { $ } from '../dom.js';

/**
 * @param {{ toast: (text: string) => void, beforeReload?: () => Promise<void> }} ui
 * @returns {{ registration: () => ServiceWorkerRegistration | null, checkForUpdate: () => Promise<void> }}
 */
export function setupPwa(ui) {
  /** @type {ServiceWorkerRegistration|null} */
  let registration = null;
  const banner = $('update-banner');

  const net = () => {
    const offline = typeof navigator.onLine === 'boolean' && !navigator.onLine;
    $('net-state').hidden = !offline;
    document.body.dataset.network = offline ? 'offline' : 'online';
  };
  window.addEventListener('online', () => {
    net();
    registration?.update().catch(() => {});
  });
  window.addEventListener('offline', net);
  net();

  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) {
    document.body.dataset.sw = 'none';
    return { registration: () => null, checkForUpdate: async () => {} };
  }

  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      banner.hidden = false;
      document.body.dataset.sw = 'update-waiting';
    },
    onOfflineReady() {
      document.body.dataset.sw = 'offline-ready';
      ui.toast('Mainline is ready to work offline: the app and the engine are stored in this browser.');
    },
    onRegisteredSW(_url, r) {
      registration = r || null;
      if (!document.body.dataset.sw) document.body.dataset.sw = 'registered';
      if (r) setInterval(() => navigator.onLine && r.update().catch(() => {}), 60 * 60 * 1000);
    },
    onRegisterError(e) {
      document.body.dataset.sw = 'error';
      console.warn('service worker registration failed:', e);
    },
  });

  $('update-reload').addEventListener('click', async () => {
    /** @type {HTMLButtonElement} */ ($('update-reload')).disabled = true;
    $('update-text').textContent = 'Updating…';
    // every change is already written as it is made; wait for writes still under way
    await ui.beforeReload?.().catch(() => {});
    // reload once the new worker controls the page (workbox-window does it only for a page that
    // was controlled when it loaded, not for the first visit's)
    let reloading = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (!reloading) {
        reloading = true;
        window.location.reload();
      }
    });
    await updateSW(true);
  });
  $('update-later').addEventListener('click', () => {
    banner.hidden = true;
  });

  return {
    registration: () => registration,
    checkForUpdate: async () => {
      await registration?.update();
    },
  };
}
