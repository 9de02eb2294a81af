// A rank line chart per country, rank 1 on top; optionally a window of 5 or 11 points moved by Prev/Next.
import { useEffect, useState } from 'react';
import { Line } from 'react-chartjs-2';
import type { ChartOptions } from 'chart.js';
import './chart-setup';
import { clampWindowStart, windowSize } from '../../lib/trends/window';
import { useHydrated } from '../shared/use-hydrated';

export interface RankSeriesProp {
  label: string;
  values: (number | null)[];
}

interface Props {
  labels: string[];
  series: RankSeriesProp[];
  /** What the chart shows, for screen readers: the canvas itself says nothing. */
  description: string;
  /** Show a window of points with Prev/Next (the channel page); else every point. */
  windowed?: boolean;
}

const COLOURS = ['#3056d3', '#e8590c', '#17803d'];

export default function RankChart({ labels, series, description, windowed = false }: Props) {
  const total = labels.length;
  // Before hydration a click on the arrows would do nothing: they stay disabled until then.
  const hydrated = useHydrated();
  const [size, setSize] = useState(windowed ? windowSize(1024) : total);
  // The window is anchored at its last point, so a resize keeps the latest days in view.
  const [end, setEnd] = useState(total);
  useEffect(() => {
    if (!windowed) return;
    const update = () => setSize(windowSize(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [windowed]);
  const from = windowed ? clampWindowStart(end - size, size, total) : 0;
  const to = windowed ? Math.min(total, from + size) : total;
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: { tooltip: { callbacks: { label: (item) => `${item.dataset.label}: #${String(item.raw)}` } } },
    scales: {
      x: { grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0 } },
      y: { reverse: true, min: 1, ticks: { precision: 0, callback: (value) => `#${String(value)}` } },
    },
  };
  const data = {
    labels: labels.slice(from, to),
    datasets: series.map((s, i) => ({
      label: s.label,
      data: s.values.slice(from, to),
      borderColor: COLOURS[i % COLOURS.length],
      backgroundColor: COLOURS[i % COLOURS.length],
      borderWidth: 2,
      pointRadius: to - from <= 48 ? 3 : 0,
      spanGaps: false,
    })),
  };
  return (
    <div>
      {windowed && (
        <div className="chart-nav js-only">
          {/* Named by their text (arrows hidden), so what is read out contains what is shown. */}
          <button
            type="button"
            className="button"
            disabled={!hydrated || from === 0}
            onClick={() => setEnd(Math.max(Math.min(size, total), to - size))}
          >
            <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> points</span>
          </button>
          <button type="button" className="button" disabled={!hydrated || to >= total} onClick={() => setEnd(Math.min(total, to + size))}>
            Next<span className="visually-hidden"> points</span>
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      )}
      <div className="rank-chart" data-points={to - from} data-first={labels[from] ?? ''}>
        <Line data={data} options={options} role="img" aria-label={description} />
      </div>
    </div>
  );
}
