// The pie of countries or categories: a metric choice, a doughnut and a legend of the top 5 (HTML, server-rendered too).
import { useState } from 'react';
import { Doughnut } from 'react-chartjs-2';
import type { ChartOptions } from 'chart.js';
import './chart-setup';
import ShareMetricSelect from './ShareMetricSelect';
import { SHARE_METRICS, shares, topSlices, type ShareMetric, type ShareSlice } from '../../lib/formats/global-format';
import { formatHours, formatNumber } from '../../lib/formats/stat-format';
import { seriesStyle } from '../shared/series-style';

interface Props {
  countries: ShareSlice[];
  categories: ShareSlice[];
}

type Dimension = 'countries' | 'categories';

const COLOURS = ['#3056d3', '#17a2b8', '#f0a020', '#d6455d', '#6f42c1', '#adb5bd'];
/** The pie has an inner size of 150 px: a 75 px inner radius. */
const CUTOUT_PX = 75;

const format = (metric: ShareMetric, value: number) => (metric === 'watchtime' ? formatHours(value) : formatNumber(value));

export default function ShareChart({ countries, categories }: Props) {
  const [dimension, setDimension] = useState<Dimension>('countries');
  const [metric, setMetric] = useState<ShareMetric>('monthly_views');
  const slices = topSlices(dimension === 'countries' ? countries : categories, metric);
  const percents = shares(slices.map((s) => s.value));
  const metricLabel = SHARE_METRICS.find((m) => m.key === metric)?.label ?? metric;
  const options: ChartOptions<'doughnut'> = {
    responsive: true,
    maintainAspectRatio: false,
    cutout: CUTOUT_PX,
    plugins: { tooltip: { callbacks: { label: (item) => `${item.label}: ${format(metric, Number(item.raw))}` } } },
  };
  const data = {
    labels: slices.map((s) => s.name),
    datasets: [{ data: slices.map((s) => s.value), backgroundColor: COLOURS, borderWidth: 1 }],
  };
  return (
    <div className="share">
      <div className="share-controls">
        <div role="group" aria-label="Split by" className="segmented">
          {(['countries', 'categories'] as const).map((d) => (
            <button key={d} type="button" aria-pressed={dimension === d} onClick={() => setDimension(d)}>
              {d === 'countries' ? 'Countries' : 'Categories'}
            </button>
          ))}
        </div>
        <ShareMetricSelect label="Pie metric" labelVisible={false} value={metric} onChange={setMetric} />
      </div>
      {slices.length === 0 ? (
        <p className="muted">No data</p>
      ) : (
        <div className="share-body">
          <div className="share-pie">
            <Doughnut
              data={data}
              options={options}
              role="img"
              aria-label={`${metricLabel} by ${dimension === 'countries' ? 'country' : 'category'}`}
            />
          </div>
          <ol className="share-legend" aria-label={`Top 5 ${dimension} by ${metricLabel}`}>
            {slices.map((s, i) => (
              <li key={s.name}>
                <span className="swatch" style={seriesStyle(COLOURS[i])} aria-hidden="true" />
                <span className="share-name">{s.name}</span>
                <span className="share-value">
                  {format(metric, s.value)}
                  {metric === 'watchtime' ? ' (est.)' : ''}
                </span>
                <span className="share-percent muted">{percents[i]?.toFixed(2)}%</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
