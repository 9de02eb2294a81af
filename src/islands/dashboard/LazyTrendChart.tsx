// The cards' chart, with Chart.js fetched after the island has started: the figures are already in
// the HTML, so drawing can wait, and the island's first load stays small.
import { lazy, Suspense, type ComponentProps } from 'react';

const TrendChart = lazy(() => import('./TrendChart'));

export default function LazyTrendChart(props: ComponentProps<typeof TrendChart>) {
  // The same box as the chart's, so nothing moves when it draws.
  return (
    <Suspense fallback={<div className="chart-box" />}>
      <TrendChart {...props} />
    </Suspense>
  );
}
