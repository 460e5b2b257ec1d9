'use client';
// A client component: rendered on the server too, where importing the element does nothing;
// the engine starts in useEffect, which runs in the browser only.
import { useEffect, useRef } from 'react';
import { createEngine } from 'mainline-chess';
import 'mainline-chess/element';

export default function Analysis({ fen }) {
  const ref = useRef(null);
  useEffect(() => {
    const element = ref.current;
    const onBest = (e) => {
      const { fen: at, depth, pv, pvSan } = e.detail;
      window.__element = { fen: at, depth, pv, pvSan }; // (what the test reads)
    };
    const onError = (e) => {
      window.__element = { error: e.detail.message }; // (what the test reads)
    };
    element.addEventListener('bestmove', onBest);
    element.addEventListener('error', onError);
    // the engine of the page's own analysis: ended when the component goes, even while starting
    let cancelled = false;
    let engine = null;
    createEngine({ options: crossOriginIsolated ? { Threads: 2 } : {} })
      .then(async (e) => {
        engine = e;
        if (cancelled) return e.terminate();
        let iterations = 0;
        const { bestMove, depth, pv, pvSan } = await e.bestMove('startpos', { depth: 8 }, { onInfo: () => iterations++ });
        window.__api = { bestMove, depth, pv, pvSan, iterations, build: e.build, threads: e.threads };
      })
      .catch((e) => {
        if (!cancelled) window.__api = { error: e.message }; // (what the test reads)
      });
    return () => {
      cancelled = true;
      element.removeEventListener('bestmove', onBest);
      element.removeEventListener('error', onError);
      engine?.terminate();
    };
  }, []);
  return <mainline-analysis ref={ref} fen={fen} depth="8" threads="2" />;
}
