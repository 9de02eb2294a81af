// A card's small line of one metric over the months, without axes: the trend at a glance.
import { Line } from 'react-chartjs-2';
import type { ChartOptions } from 'chart.js';
import './chart-setup';

interface Props {
  values: number[];
  label: string;
}

const OPTIONS: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  events: [],
  plugins: { tooltip: { enabled: false } },
  scales: { x: { display: false }, y: { display: false } },
  elements: { point: { radius: 0 } },
};

export default function Sparkline({ values, label }: Props) {
  const data = {
    labels: values.map((_, i) => String(i)),
    datasets: [{ data: values, borderColor: '#3056d3', borderWidth: 2, tension: 0.3, fill: false }],
  };
  return (
    <div className="sparkline">
      <Line data={data} options={OPTIONS} role="img" aria-label={`${label} by month`} />
    </div>
  );
}
