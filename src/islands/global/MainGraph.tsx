// The overall statistics graph: monthly views over the months of history (the figures are in the cards' HTML).
import { Line } from 'react-chartjs-2';
import type { ChartOptions } from 'chart.js';
import './chart-setup';
import { formatCompact, formatNumber } from '../../lib/formats/stat-format';
import { partialLineStyle } from './partial-style';

interface Props {
  labels: string[];
  values: number[];
  label: string;
  /** 'November 2026 so far (22 days)' when the last month is unfinished: drawn dashed and lighter, named under the chart. */
  partial: string | null;
}

const COLOUR = '#3056d3';

export default function MainGraph({ labels, values, label, partial }: Props) {
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      tooltip: {
        callbacks: {
          label: (item) =>
            `${label}: ${formatNumber(Number(item.raw))}${partial && item.dataIndex === values.length - 1 ? ` (${partial})` : ''}`,
        },
      },
    },
    scales: {
      x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 16 } },
      y: { beginAtZero: true, ticks: { callback: (value) => formatCompact(Number(value)), maxTicksLimit: 6 } },
    },
  };
  const data = {
    labels,
    datasets: [
      {
        label,
        data: values,
        borderColor: COLOUR,
        backgroundColor: 'rgb(48 86 211 / 12%)',
        fill: true,
        borderWidth: 2,
        pointRadius: 3,
        tension: 0.25,
        ...partialLineStyle(values.length, partial !== null, COLOUR),
      },
    ],
  };
  return (
    <div className="global-graph">
      <Line data={data} options={options} role="img" aria-label={`${label} by month`} />
    </div>
  );
}
