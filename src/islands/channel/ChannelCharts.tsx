// The channel page's charts: daily views and subscribers, the monthly history and monthly subs.
import { Chart } from 'react-chartjs-2';
import type { ChartDataset, ChartOptions } from 'chart.js';
import './chart-setup';
import './channel-charts.css';
import { formatCompact, formatNumber } from '../../lib/formats/stat-format';
import { fade, partialLineStyle } from '../global/partial-style';
import { PARTIAL_ALPHA } from '../../lib/dates/partial-month';
import { nothingChanged } from '../../lib/public/channel-page';

/** Labels and values of one chart, already in the order drawn (oldest first). */
export interface ChartSeries {
  labels: string[];
  values: number[];
}

interface Props {
  views: ChartSeries;
  subscribers: ChartSeries;
  /** Monthly views by month; the history chart draws subscribers beside them. */
  historyViews: ChartSeries;
  historySubscribers: ChartSeries;
  monthlySubs: ChartSeries;
  /** 'November 2026 so far (22 days)' when the monthly charts end with an unfinished month: drawn lighter and dashed. */
  partial: string | null;
}

const BLUE = '#3056d3';
const GREEN = '#17803d';
const ORANGE = '#d9822b';

function options(twoAxes: boolean): ChartOptions<'bar' | 'line'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: twoAxes },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${formatNumber(Number(item.raw))}` } },
    },
    scales: {
      x: { grid: { display: false }, ticks: { autoSkip: true, autoSkipPadding: 16, maxRotation: 0 } },
      y: { ticks: { callback: (value) => formatCompact(Number(value)), maxTicksLimit: 6 } },
      ...(twoAxes
        ? { y1: { position: 'right', grid: { display: false }, ticks: { callback: (value) => formatCompact(Number(value)) } } }
        : {}),
    },
  };
}

function dataset(
  kind: 'bar' | 'line',
  label: string,
  values: number[],
  colour: string,
  axis = 'y',
  partial = false,
): ChartDataset<'bar' | 'line'> {
  const base = {
    type: kind,
    label,
    data: values,
    backgroundColor: colour,
    borderColor: colour,
    borderWidth: kind === 'line' ? 2 : 0,
    pointRadius: values.length <= 31 ? 2 : 0,
    tension: 0.25,
    yAxisID: axis,
  };
  if (!partial) return base as ChartDataset<'bar' | 'line'>;
  // The unfinished month: a lighter bar, or a dashed stretch of line into a lighter point.
  if (kind === 'bar') {
    return {
      ...base,
      backgroundColor: values.map((_, i) => (i === values.length - 1 ? fade(colour, PARTIAL_ALPHA) : colour)),
    } as ChartDataset<'bar' | 'line'>;
  }
  return { ...base, ...partialLineStyle(values.length, true, colour) } as ChartDataset<'bar' | 'line'>;
}

interface BoxProps {
  title: string;
  labels: string[];
  datasets: ChartDataset<'bar' | 'line'>[];
  description: string;
  partial?: string | null;
  /** Said instead of the chart when every value is 0: an empty 0–1 axis tells nothing. */
  unchanged?: string;
}

function ChartBox({ title, labels, datasets, description, partial, unchanged }: BoxProps) {
  const empty = labels.length === 0;
  const flat = unchanged !== undefined && datasets.every((d) => nothingChanged(d.data as number[]));
  return (
    <section className="card channel-chart" aria-label={title}>
      <h2>{title}</h2>
      {empty ? (
        <p>No data available</p>
      ) : flat ? (
        <p className="chart-unchanged">{unchanged}</p>
      ) : (
        <div className="chart-box">
          <Chart type="line" data={{ labels, datasets }} options={options(datasets.length > 1)} role="img" aria-label={description} />
        </div>
      )}
      {!empty && !flat && partial && <p className="chart-partial-note">Lighter last month: {partial}, not a complete month.</p>}
    </section>
  );
}

/** ', Jan 14 to Nov 26 (so far)': the span a long history covers, for the chart's description. */
function span(labels: readonly string[]): string {
  return labels.length > 0 ? `, ${labels[0]} to ${labels[labels.length - 1]}` : '';
}

export default function ChannelCharts({ views, subscribers, historyViews, historySubscribers, monthlySubs, partial }: Props) {
  const last = partial !== null;
  return (
    <div className="channel-charts">
      <ChartBox
        title="Views"
        labels={views.labels}
        datasets={[dataset('line', 'Views', views.values, BLUE)]}
        description="Views per day in the period"
        unchanged={`No views on ${views.labels.length === 1 ? 'the day shown' : `any of the ${views.labels.length} days shown`}.`}
      />
      <ChartBox
        title="Subscribers"
        labels={subscribers.labels}
        datasets={[dataset('line', 'Subscribers', subscribers.values, GREEN)]}
        description="Subscribers on each day of the period"
      />
      <ChartBox
        title="History"
        labels={historyViews.labels}
        partial={partial}
        datasets={[
          dataset('bar', 'Monthly views', historyViews.values, BLUE, 'y', last),
          dataset('line', 'Subscribers', historySubscribers.values, GREEN, 'y1', last),
        ]}
        description={`Monthly views and subscribers by month${span(historyViews.labels)}`}
      />
      <ChartBox
        title="Monthly subs"
        labels={monthlySubs.labels}
        partial={partial}
        datasets={[dataset('bar', 'Monthly subs', monthlySubs.values, ORANGE, 'y', last)]}
        description={`New subscribers by month${span(monthlySubs.labels)}`}
        unchanged={`The subscriber count did not change in ${monthlySubs.labels.length === 1 ? 'the month shown' : `any of the ${monthlySubs.labels.length} months shown`}.`}
      />
    </div>
  );
}
