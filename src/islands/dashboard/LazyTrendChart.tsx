// The cards' chart: first its drawing from the page (ChartSketch, the same series as an SVG), then the
// interactive Chart.js chart in the same box. Chart.js is fetched as soon as the island's code runs,
// beside hydration rather than after it (the dashboard's page asks for it earlier still), and charts
// draw one per task (chart-turns.ts).
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import ChartSketch from './ChartSketch';
import { useChartTurn } from './chart-turns';

// Never on the server: the page carries the drawing. A chunk that fails to load leaves the drawing in
// place (a promise that never settles) rather than failing the island.
const loading = typeof window === 'undefined' ? null : import('./TrendChart').catch(() => new Promise<never>(() => {}));
const TrendChart = lazy(() => loading ?? import('./TrendChart'));
type Props = ComponentProps<typeof TrendChart>;

/** Mounted inside the Suspense boundary, so its effect runs once the chart itself has been built. */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useEffect(onDrawn, [onDrawn]);
  return null;
}

export default function LazyTrendChart(props: Props) {
  const { ready, done } = useChartTurn();
  // No buckets is the next answer on its way (a period without data shows the card's message instead):
  // the last drawing stays, under the card's loading veil, until it arrives.
  const [shown, setShown] = useState(props);
  if (props !== shown && props.labels.length > 0) setShown(props);
  const sketch = <ChartSketch {...shown} />;
  if (!ready) return sketch;
  return (
    <Suspense fallback={sketch}>
      <TrendChart {...shown} />
      <Drawn onDrawn={done} />
    </Suspense>
  );
}
