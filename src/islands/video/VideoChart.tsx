// The video page's chart: views per day or month as bars, earnings as a line on their own axis.
import { Chart } from 'react-chartjs-2';
import type { ChartOptions } from 'chart.js';
import { setUpCharts } from '../shared/chart-defaults';
import { formatCompact, formatMoney, formatNumber } from '../../lib/formats/stat-format';

setUpCharts('line', 'bar', 'legend');

/** The series' own palette (docs/how-to-add.md, "A colour"): the dashboard's views blue and earnings green. */
const VIEWS = '#3056d3';
const EARNINGS = '#17803d';

interface Props {
  /** Axis labels as the page wrote them (the reader's locale). */
  labels: string[];
  views: number[];
  /** Dollars per bar. */
  earnings: number[];
  description: string;
}

const options: ChartOptions<'bar' | 'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: 'index', intersect: false },
  plugins: {
    tooltip: {
      callbacks: {
        label: (item) =>
          `${item.dataset.label}: ${item.dataset.yAxisID === 'money' ? formatMoney(Number(item.raw)) : formatNumber(Number(item.raw))}`,
      },
    },
  },
  scales: {
    x: { grid: { display: false }, ticks: { autoSkip: true, autoSkipPadding: 16, maxRotation: 0 } },
    y: { ticks: { callback: (value) => formatCompact(Number(value)), maxTicksLimit: 6 } },
    money: { position: 'right', grid: { display: false }, ticks: { callback: (value) => formatMoney(Number(value)), maxTicksLimit: 6 } },
  },
};

export default function VideoChart({ labels, views, earnings, description }: Props) {
  return (
    <div className="chart-box video-chart-box">
      <Chart
        type="bar"
        role="img"
        aria-label={description}
        options={options}
        data={{
          labels,
          datasets: [
            { type: 'bar', label: 'Views', data: views, backgroundColor: VIEWS, yAxisID: 'y', order: 2 },
            {
              type: 'line',
              label: 'Earnings',
              data: earnings,
              borderColor: EARNINGS,
              backgroundColor: EARNINGS,
              borderWidth: 2,
              pointRadius: 0,
              yAxisID: 'money',
              order: 1,
            },
          ],
        }}
      />
    </div>
  );
}
