// The cards' chart, with Chart.js fetched after the island has started: the figures are already in
// the HTML, so drawing can wait, and the island's first load stays small. Charts draw one per task
// (chart-turns.ts).
import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import { useChartTurn } from './chart-turns';
import { seriesMark } from '../shared/chart-drawn';

const TrendChart = lazy(() => import('./TrendChart'));

/** Mounted inside the Suspense boundary, so its effect runs once the chart itself has been built. */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useEffect(onDrawn, [onDrawn]);
  return null;
}

export default function LazyTrendChart(props: ComponentProps<typeof TrendChart>) {
  const { ready, done } = useChartTurn();
  // The same box as the chart's, so nothing moves when it draws; its mark says a chart is still to come.
  const box = <div className="chart-box" data-series={seriesMark(props.labels, props.series)} />;
  if (!ready) return box;
  return (
    <Suspense fallback={box}>
      <TrendChart {...props} />
      <Drawn onDrawn={done} />
    </Suspense>
  );
}
