// The cards' chart: first its drawing from the page (ChartSketch, the same series as an SVG), then the
// interactive Chart.js chart in the same box. Chart.js is fetched as soon as the island's code runs,
// beside hydration rather than after it (the dashboard's page asks for it earlier still), and charts
// draw one per task (chart-turns.ts). No Suspense: React holds a boundary's content back for up to
// 300 ms once it has suspended, which kept the charts from drawing that long after their code was here.
import { useEffect, useState, useSyncExternalStore, type ComponentProps } from 'react';
import type TrendChartView from './TrendChart';
import ChartSketch from './ChartSketch';
import { useChartTurn } from './chart-turns';

type Props = ComponentProps<typeof TrendChartView>;

/** Chart.js's chart once its code is here; never on the server, where the page carries the drawing. */
let TrendChart: typeof TrendChartView | null = null;
const arrivals = new Set<() => void>();
if (typeof window !== 'undefined') {
  // A chunk that fails to load leaves the drawings in place.
  import('./TrendChart').then(
    (module) => {
      TrendChart = module.default;
      for (const arrived of arrivals) arrived();
    },
    () => {},
  );
}
function onArrival(arrived: () => void): () => void {
  arrivals.add(arrived);
  return () => arrivals.delete(arrived);
}
/** Hydration renders what the server did (the drawing); the chart's code is looked at afterwards. */
const useArrived = () =>
  useSyncExternalStore(
    onArrival,
    () => TrendChart !== null,
    () => false,
  );

/** Mounted beside the chart, so its effect runs once the chart itself has been built. */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useEffect(onDrawn, [onDrawn]);
  return null;
}

export default function LazyTrendChart(props: Props) {
  const { ready, done } = useChartTurn();
  const arrived = useArrived();
  // No buckets is the next answer on its way (a period without data shows the card's message instead):
  // the last drawing stays, under the card's loading veil, until it arrives.
  const [shown, setShown] = useState(props);
  if (props !== shown && props.labels.length > 0) setShown(props);
  if (!ready || !arrived || !TrendChart) return <ChartSketch {...shown} />;
  return (
    <>
      <TrendChart {...shown} />
      <Drawn onDrawn={done} />
    </>
  );
}
