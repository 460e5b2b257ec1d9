// The keys of the app (keys.js's table): each key's action, given by the caller as a function.
// Keys typed into a field, on the board (its own keyboard input) or with Ctrl/Alt/Meta are not
// the app's; while a dialog is open only `?` (which closes the key list) is.
import { keyAction } from '../model/keys.js';

/** @typedef {import('../model/keys.js').KeyAction} KeyAction */

/**
 * Listens for the app's keys on `target` (the document).
 * @param {Document} target
 * @param {Partial<Record<KeyAction, () => void>>} actions
 */
export function listenForKeys(target, actions) {
  target.addEventListener('keydown', (e) => {
    const el = /** @type {HTMLElement} */ (e.target);
    const action = keyAction(e, el instanceof Element ? el : null);
    if (!action) return;
    const dialog = target.querySelector('dialog[open]');
    if (dialog && !(action === 'help' && dialog.id === 'key-help')) return;
    const fn = actions[action];
    if (!fn) return;
    e.preventDefault();
    fn();
  });
}
