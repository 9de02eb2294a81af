// A bar or line chart of one or more series over the period's buckets, with formatted values.
import { Chart } from 'react-chartjs-2';
import type { ChartOptions } from 'chart.js';
import './chart-setup';
import { formatCompact } from '../../lib/formats/stat-format';
import { seriesMark } from '../shared/chart-drawn';

export interface Series {
  label: string;
  values: number[];
  /** One colour, or one per bucket (earnings: finance and estimate). */
  colour: string | string[];
  /** On a bar chart, a line over the bars (Chart.js stacks it apart from them: its own type). */
  line?: boolean;
}

interface Props {
  kind: 'bar' | 'line';
  labels: string[];
  series: Series[];
  maxTicks: number;
  format: (value: number) => string;
  /** What the chart shows, for screen readers: the canvas itself says nothing. */
  description: string;
  stacked?: boolean;
}

export default function TrendChart({ kind, labels, series, maxTicks, format, description, stacked = false }: Props) {
  const line = kind === 'line';
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${format(Number(item.raw))}` } },
    },
    scales: {
      x: { stacked, grid: { display: false }, ticks: { autoSkip: true, autoSkipPadding: 16, maxTicksLimit: maxTicks, maxRotation: 0 } },
      y: { stacked, beginAtZero: true, ticks: { callback: (value) => formatCompact(Number(value)), maxTicksLimit: 6 } },
    },
  };
  const data = {
    labels,
    datasets: series.map((s) => {
      const drawnAsLine = line || s.line === true;
      return {
        type: drawnAsLine ? ('line' as const) : ('bar' as const),
        label: s.label,
        data: s.values,
        backgroundColor: s.colour,
        borderColor: s.colour,
        borderWidth: drawnAsLine ? 2 : 0,
        pointRadius: drawnAsLine && labels.length <= 31 ? 2 : 0,
        tension: 0.25,
        // The lowest order is drawn last: a line stays on top of the bars.
        order: drawnAsLine ? 0 : 1,
      };
    }),
  };
  return (
    <div className="chart-box" data-series={seriesMark(labels, series)}>
      <Chart type={kind} data={data} options={options} role="img" aria-label={description} />
    </div>
  );
}
