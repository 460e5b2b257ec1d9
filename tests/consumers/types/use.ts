// A TypeScript consumer (tsc --strict, in tests/js/consumers.test.mjs): the package's types as a
// site uses them. (every-export.ts, written by the test, names every export besides.)
import { createEngine, createUciWorker, EngineError, type IterationInfo, type SearchResult } from 'mainline-chess';
import { writePgn, parsePgnGames, judgeMove, type Eval } from 'mainline-chess/annotate';
import { gameReport, classifyMove, moveClass, pgnJudgement, reportSummary, type GameReport, type MoveClassName } from 'mainline-chess/report';
import { wdl, perMille, WDL_MODEL, type Wdl } from 'mainline-chess/wdl';
import { pieceSvg, PIECE_TYPES, type PieceType } from 'mainline-chess/pieces';
import { MainlineAnalysis, type AnalysisIterationDetail } from 'mainline-chess/element';

const ev: Eval = { score: { cp: 20 }, depth: 8, pv: ['e2e4'], second: { score: { cp: 10 }, pv: ['d2d4'] } };
const pgnText: string = writePgn({ headers: { White: 'A' }, root: { san: null, eval: ev, children: [{ san: 'e4', uci: 'e2e4', children: [] }] } });
void [parsePgnGames(pgnText)[0].headers.White, judgeMove(ev, ev, 'w').drop];
const report: GameReport = gameReport([{ mover: 'w', played: 'e2e4', before: ev, second: ev.second ?? undefined, after: ev }]);
const cls: MoveClassName = classifyMove({ mover: 'b', before: ev, after: ev, sacrifice: 2 }).cls;
void [report.players.w.accuracy, report.players.b.counts.blunder, cls, moveClass(cls).label];
const annotated: string = writePgn({ headers: {}, report: reportSummary(report), root: { san: null, children: [{ san: 'e4', judgement: pgnJudgement(report.moves[0]), children: [] }] } });
void annotated;
const chances: Wdl = perMille(wdl({ cp: 35 }, 60));
void [chances.win + chances.draw + chances.loss, WDL_MODEL.source];
const queen: PieceType = PIECE_TYPES[4];
const markup: string = pieceSvg('w', queen);
void markup;

// the element: typed by its tag, its events and its methods
const element: MainlineAnalysis = document.createElement('mainline-analysis');
element.setAttribute('depth', '12');
element.addEventListener('iteration', (e) => {
  const it: AnalysisIterationDetail = e.detail;
  void [it.fen, it.pvSan.join(' ')];
});
element.addEventListener('bestmove', (e) => void e.detail.bestMoveSan);
// the best line in words (the explain attribute), each claim checked against the line's facts
element.explain = true;
element.addEventListener('explain', (e) => {
  const words: string = e.detail.text;
  const kinds: string[] = e.detail.sentences.flatMap((s) => s.claims.map((c) => (c.type === 'motif' ? c.kind : c.type)));
  void [words, kinds, e.detail.numbersOnly, e.detail.facts.balance.at(-1), e.detail.pv[0]];
});
element.addEventListener('error', (e) => void e.detail.message);
void element.analyse().then((r: SearchResult | null) => r?.pv.length);
void element.stop();

async function main(): Promise<void> {
  const engine = await createEngine({ stopMode: 'auto', options: { Hash: 16, MultiPV: 2 } });
  const analysis = engine.analyze({ fen: 'startpos', moves: ['e4'] }, { depth: 10, searchmoves: ['e5', 'c7c5'] });
  for await (const info of analysis) {
    const i: IterationInfo = info;
    const s: number = 'cp' in i.score && i.score.cp !== undefined ? i.score.cp : i.score.mate ?? 0;
    if (i.depth > 4 && s > 0 && i.pvEnd === 'leaf' && i.bound === 'exact') break;
  }
  const r: SearchResult = await engine.bestMove('startpos', { movetime: 100 }, { onInfo: (i) => i.pvSan.join(' ') });
  const stopped: SearchResult | null = await engine.stop();
  await engine.setOption('PvMethod', 'tt');
  await engine.setOption('Clear Hash');
  // @ts-expect-error a spin option takes a number
  await engine.setOption('MultiPV', 'two');
  // @ts-expect-error a combo option takes one of its values
  await engine.setOption('PvMethod', 'best');
  // @ts-expect-error no such option
  await engine.setOption('Hashh', 16);
  const multipv = engine.options.find((o) => o.name === 'MultiPV');
  const max: number = multipv && multipv.type === 'spin' ? multipv.max : 1;
  await engine.bestMove('startpos', { depth: 2, multipv: max }, { onInfo: (i) => i.pvCheck && !i.pvCheck.ok && i.pvCheck.problem });
  const moves: string[] = (await engine.legalMoves('startpos')).map((m) => m.san);
  const trace = await engine.evalTrace('startpos');
  void trace.pieces.map((p) => p.value);
  engine.on('error', (e: EngineError) => e.code === 'CRASHED' && engine.restart());
  const uci = createUciWorker();
  uci.onmessage = (e) => e.data.startsWith('bestmove');
  uci.postMessage('go depth 3');
  void [r.bestMove, stopped, moves];
  engine.terminate();
}
void main();
