// Browser test page of <mainline-analysis> (driven by tests/js/element.test.mjs through
// Playwright): records what the element tells the page, in window.__events.
import '../src/element.js';

const board = document.getElementById('board');
const events = { iteration: [], bestmove: [], error: [], move: [], explain: [] };
for (const type of Object.keys(events)) {
  board.addEventListener(type, (e) => {
    const d = e.detail;
    events[type].push(type === 'error' ? { message: d.message, code: d.code || null } : d);
  });
}
window.__events = events;
window.__board = board;
document.getElementById('status')?.replaceChildren('loaded');
