const out = [];
const log = (s) => out.push(String(s).slice(0, 400));
const { createEngine } = await import('../src/index.js');
for (const threads of [3, 4]) {
  try {
    const e = await createEngine({ options: { Threads: threads } });
    const r = await e.bestMove('startpos', { depth: 8 });
    log(`threads ${threads}: ${e.build} ${r.bestMove}`);
    e.terminate();
  } catch (err) { log(`threads ${threads}: ${err.message}`); }
}
window.__r = out;
if (new URLSearchParams(location.search).get('report')) await fetch('/report/' + new URLSearchParams(location.search).get('report'), { method: 'POST', body: JSON.stringify(out) });
