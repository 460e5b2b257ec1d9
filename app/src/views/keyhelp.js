// The `?` overlay: every key of the app, from the one table the key handler uses (keys.js), so
// the list and the keys cannot disagree.
import { $, dismissable, h } from '../dom.js';
import { KEYMAP, keyName } from '../model/keys.js';

export class KeyHelp {
  /** @param {import('../state.js').Store} store @param {{ close: () => void }} actions */
  constructor(store, actions) {
    this.dialog = /** @type {HTMLDialogElement} */ ($('key-help'));
    dismissable(this.dialog, $('key-help-close'), () => actions.close());
    $('key-list').replaceChildren(
      ...KEYMAP.map((k) => h('div', { class: 'key-row', 'data-testid': 'key-row' }, h('dt', {}, ...k.keys.map((key) => h('kbd', { text: keyName(key) }))), h('dd', { text: k.label }))),
    );
    store.on(['help'], (s) => {
      if (s.help && !this.dialog.open) this.dialog.showModal();
      if (!s.help && this.dialog.open) this.dialog.close();
    });
  }
}
