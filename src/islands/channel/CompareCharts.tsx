// /compare's charts: the channels' monthly views and subscribers, one line per channel on shared months,
// so their histories read against each other (a channel's line starts where its data does).
import { Chart } from 'react-chartjs-2';
import type { ChartDataset, ChartOptions } from 'chart.js';
import './chart-setup';
import './channel-charts.css';
import { formatCompact, formatNumber } from '../../lib/formats/stat-format';
import { paletteColour } from '../../lib/dates/chart-rules';
import { partialLineStyle } from '../global/partial-style';

interface Props {
  /** Month labels, oldest first, shared by every channel. */
  labels: string[];
  channels: Array<{ title: string; monthlyViews: (number | null)[]; subscribers: (number | null)[] }>;
  /** 'November 2026 so far (22 days)' when the last month is unfinished: its stretch is dashed and lighter. */
  partial: string | null;
}

const OPTIONS: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: 'index', intersect: false },
  spanGaps: false,
  plugins: {
    legend: { display: true },
    tooltip: {
      callbacks: { label: (item) => `${item.dataset.label}: ${item.raw === null ? 'no data' : formatNumber(Number(item.raw))}` },
    },
  },
  scales: {
    x: { grid: { display: false }, ticks: { autoSkip: true, autoSkipPadding: 16, maxRotation: 0 } },
    y: { ticks: { callback: (value) => formatCompact(Number(value)), maxTicksLimit: 6 } },
  },
};

function lines(channels: Props['channels'], pick: 'monthlyViews' | 'subscribers', partial: boolean): ChartDataset<'line'>[] {
  return channels.map((channel, i) => {
    const colour = paletteColour(i);
    const values = channel[pick];
    return {
      label: channel.title,
      data: values,
      borderColor: colour,
      backgroundColor: colour,
      borderWidth: 2,
      pointRadius: values.length <= 31 ? 2 : 0,
      tension: 0.25,
      ...partialLineStyle(values.length, partial, colour),
    };
  });
}

function ChartBox({
  title,
  description,
  datasets,
  labels,
  partial,
}: {
  title: string;
  description: string;
  datasets: ChartDataset<'line'>[];
  labels: string[];
  partial: string | null;
}) {
  return (
    <section className="card channel-chart" aria-label={title}>
      <h2>{title}</h2>
      {labels.length === 0 ? (
        <p>No data available</p>
      ) : (
        <div className="chart-box">
          <Chart type="line" data={{ labels, datasets }} options={OPTIONS} role="img" aria-label={description} />
        </div>
      )}
      {labels.length > 0 && partial && <p className="chart-partial-note">Lighter last month: {partial}, not a complete month.</p>}
    </section>
  );
}

export default function CompareCharts({ labels, channels, partial }: Props) {
  return (
    <div className="channel-charts">
      <ChartBox
        title="Monthly views"
        description="Monthly views by month, one line per channel"
        labels={labels}
        partial={partial}
        datasets={lines(channels, 'monthlyViews', partial !== null)}
      />
      <ChartBox
        title="Subscribers"
        description="Subscribers at the end of each month, one line per channel"
        labels={labels}
        partial={partial}
        datasets={lines(channels, 'subscribers', partial !== null)}
      />
    </div>
  );
}
