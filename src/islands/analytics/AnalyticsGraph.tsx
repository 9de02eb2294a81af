// The graph block: the chart radio (Views, Revenue, Subs) over the range's buckets; empty when its call failed.
import { chooseChart } from '../../stores/analytics';
import { ANALYTICS_GRAPH_METRICS, type AnalyticsGraphMetric } from '../../lib/api/analytics';
import { chartLabel, labelRule, PALETTE } from '../../lib/dates/chart-rules';
import { rangeDays } from '../../lib/dates/periods';
import { formatMoney, formatNumber } from '../../lib/formats/stat-format';
import { useHydrated } from '../shared/use-hydrated';
import { useGraph, useQuery } from './use-analytics';
// The chart's drawing comes with the page; Chart.js's chart replaces it once its code is here.
import LazyTrendChart from '../dashboard/LazyTrendChart';

const CHARTS: Record<AnalyticsGraphMetric, { name: string; format: (v: number) => string; kind: 'line' | 'bar' }> = {
  views: { name: 'Views', format: formatNumber, kind: 'line' },
  partner_revenue: { name: 'Revenue', format: formatMoney, kind: 'bar' },
  subscribers: { name: 'Subs', format: formatNumber, kind: 'bar' },
};

export default function AnalyticsGraph() {
  const query = useQuery();
  const graph = useGraph();
  const hydrated = useHydrated();
  const chart = CHARTS[query.chart];
  const points = graph.data?.series[query.chart] ?? [];
  const first = points[0];
  const last = points[points.length - 1];
  const days = first && last ? rangeDays(first.range.from, last.range.to) : 0;
  const period = graph.data?.period ?? 'days';
  const total = points.reduce((sum, p) => sum + p.value, 0);
  return (
    <section className="card analytics-graph" aria-labelledby="analytics-graph-heading" aria-busy={graph.status === 'loading'}>
      <div className="analytics-block-head">
        <h2 id="analytics-graph-heading">Graph</h2>
        <fieldset className="analytics-chart-radio">
          <legend className="visually-hidden">Chart</legend>
          {ANALYTICS_GRAPH_METRICS.map((metric) => (
            <label key={metric}>
              <input
                type="radio"
                name="analytics-chart"
                checked={query.chart === metric}
                onChange={() => chooseChart(metric)}
                disabled={!hydrated}
              />
              {CHARTS[metric].name}
            </label>
          ))}
        </fieldset>
      </div>
      {points.length > 0 && (
        <p className="analytics-graph-total">
          {chart.name} in the range: <strong data-graph-total>{chart.format(total)}</strong>
        </p>
      )}
      {points.length > 0 ? (
        <LazyTrendChart
          kind={chart.kind}
          labels={points.map((p) => chartLabel(p.date, days, period))}
          series={[{ label: chart.name, values: points.map((p) => p.value), colour: PALETTE[0] as string }]}
          maxTicks={labelRule(days, period).maxTicks}
          format={chart.format}
          description={`${chart.name} over the range`}
        />
      ) : (
        <div className="chart-box" />
      )}
    </section>
  );
}
