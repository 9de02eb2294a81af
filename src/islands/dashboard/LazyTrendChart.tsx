// The cards' chart: first its drawing from the page (ChartSketch, the same series as an SVG), then the
// interactive Chart.js chart in the same box. Chart.js is fetched as soon as the island's code runs,
// beside hydration rather than after it, and charts draw one per task (chart-turns.ts).
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import type TrendChartView from './TrendChart';
import ChartSketch from './ChartSketch';
import { useChartTurn } from './chart-turns';

type TrendChart = typeof TrendChartView;
type Props = ComponentProps<TrendChart>;

// Never on the server: the page carries the drawing. A chunk that fails to load leaves the drawing.
let loaded: TrendChart | null = null;
const loading: Promise<TrendChart | null> | null =
  typeof window === 'undefined'
    ? null
    : import('./TrendChart').then(
        (module) => (loaded = module.default),
        () => null,
      );

/** Chart.js's chart once its code is here. */
function useTrendChart(): TrendChart | null {
  // A component is a function: useState and its setter would call it, so both are given one returning it.
  const [chart, setChart] = useState(() => loaded);
  useEffect(() => {
    if (chart) return;
    let mounted = true;
    void loading?.then((arrived) => mounted && arrived && setChart(() => arrived));
    return () => {
      mounted = false;
    };
  }, [chart]);
  return chart;
}

/** Mounted beside the chart, so its effect runs once the chart itself has been built. */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useEffect(onDrawn, [onDrawn]);
  return null;
}

export default function LazyTrendChart(props: Props) {
  const { ready, done } = useChartTurn();
  const Chart = useTrendChart();
  // No buckets is the next answer on its way (a period without data shows the card's message instead):
  // the last drawing stays, under the card's loading veil, until it arrives.
  const kept = useRef<Props | null>(null);
  if (props.labels.length > 0) kept.current = props;
  const shown = kept.current ?? props;
  if (!ready || !Chart) return <ChartSketch {...shown} />;
  return (
    <>
      <Chart {...shown} />
      <Drawn onDrawn={done} />
    </>
  );
}
