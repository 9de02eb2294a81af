// A card's small line of one metric over the months, without axes: the trend at a glance.
import { Line } from 'react-chartjs-2';
import type { ChartOptions } from 'chart.js';
import './chart-setup';
import { partialLineStyle } from './partial-style';

interface Props {
  values: number[];
  label: string;
  /** The last value is the unfinished month: its stretch of line is dashed. */
  partial: boolean;
}

const COLOUR = '#3056d3';

const OPTIONS: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  events: [],
  plugins: { tooltip: { enabled: false } },
  scales: { x: { display: false }, y: { display: false } },
  elements: { point: { radius: 0 } },
};

export default function Sparkline({ values, label, partial }: Props) {
  const data = {
    labels: values.map((_, i) => String(i)),
    datasets: [
      { data: values, borderColor: COLOUR, borderWidth: 2, tension: 0.3, fill: false, ...partialLineStyle(values.length, partial, COLOUR) },
    ],
  };
  return (
    <div className="sparkline">
      <Line data={data} options={OPTIONS} role="img" aria-label={`${label} by month${partial ? ', the last month so far' : ''}`} />
    </div>
  );
}
