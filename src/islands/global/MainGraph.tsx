// The overall statistics graph: monthly views over the months of history (the figures are in the cards' HTML).
import { Line } from 'react-chartjs-2';
import type { ChartOptions } from 'chart.js';
import './chart-setup';
import { formatCompact, formatNumber } from '../../lib/stat-format';

interface Props {
  labels: string[];
  values: number[];
  label: string;
}

export default function MainGraph({ labels, values, label }: Props) {
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: { tooltip: { callbacks: { label: (item) => `${label}: ${formatNumber(Number(item.raw))}` } } },
    scales: {
      x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 16 } },
      y: { beginAtZero: true, ticks: { callback: (value) => formatCompact(Number(value)), maxTicksLimit: 6 } },
    },
  };
  const data = {
    labels,
    datasets: [{ label, data: values, borderColor: '#3056d3', backgroundColor: 'rgb(48 86 211 / 12%)', fill: true, borderWidth: 2, pointRadius: 3, tension: 0.25 }],
  };
  return (
    <div className="global-graph">
      <Line data={data} options={options} role="img" aria-label={`${label} by month`} />
    </div>
  );
}
