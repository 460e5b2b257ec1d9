// A server component: the page is rendered on the server, the analysis in the browser.
import Analysis from './analysis.jsx';

export default function Page() {
  return (
    <main>
      <h1>Server-rendered page</h1>
      <Analysis fen="r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3" />
    </main>
  );
}
