// The chart tab: Total (one line) or Detailed (a line per top row), by days, week or month as the range
// allows; on audience the metric radio, the world map (log scale) and the pie.
import { lazy, Suspense, useMemo } from 'react';
import type { AudienceGraph, DetailsGraphAnswer } from '../../lib/api/details';
import { chartLabel, chartPeriodsFor, labelRule, PALETTE, paletteColour } from '../../lib/dates/chart-rules';
import { periodDays } from '../../lib/dashboard/query';
import { audienceGraphsFor, CHART_MODES, type DetailsQuery } from '../../lib/details/query';
import { formatMoney, formatNumber } from '../../lib/formats/stat-format';
import { localToday } from '../../stores/dashboard';
import { chooseChartMode, chooseDetailsChartPeriod, chooseGraph } from '../../stores/details';
import ChartPeriodRadio from '../dashboard/ChartPeriodRadio';
import LazyTrendChart from '../dashboard/LazyTrendChart';
import { useHydrated } from '../shared/use-hydrated';
import { useSeen } from '../shared/use-seen';
import LazyWorldMap from '../shared/LazyWorldMap';
import BlockFrame from './BlockFrame';
import { NO_DATA } from './DetailsTable';
import { useBlock, useDetailsMaxDate, useDetailsUser } from './use-details';
import { seriesStyle } from '../shared/series-style';

const AudiencePie = lazy(() => import('./AudiencePie'));

const MODE_NAMES = { total: 'Total', detailed: 'Detailed' } as const;
const GRAPH_NAMES: Record<AudienceGraph, string> = { partner_revenue: 'Earnings', subscribers: 'Subscribers', views: 'Views' };
const METRIC_NAMES = { partner_revenue: 'Earnings', views: 'Views', subs: 'Subscribers', audience: 'Views' } as const;

const formatFor = (money: boolean) => (money ? formatMoney : formatNumber);

/** The lines to draw: the Total line, or each top row's line on the Total line's buckets. */
function seriesOf(graph: DetailsGraphAnswer, mode: DetailsQuery['chartMode'], name: string) {
  if (mode === 'total' || graph.rows_by_month_only)
    return [{ label: name, values: graph.total.map((p) => p.value), colour: PALETTE[0] as string }];
  return graph.rows.map((row, i) => {
    const byDate = new Map(row.points.map((p) => [p.date, p.value]));
    return { label: row.name, values: graph.total.map((p) => byDate.get(p.date) ?? 0), colour: paletteColour(i) };
  });
}

function Lines({ query }: { query: DetailsQuery }) {
  const block = useBlock('graph');
  const maxDate = useDetailsMaxDate();
  const hydrated = useHydrated();
  const days = periodDays(query.period, maxDate, localToday());
  const graph = block.data;
  const name = METRIC_NAMES[query.id];
  const monthOnly = query.chartMode === 'detailed' && graph?.rows_by_month_only === true;
  const controls = (
    <div className="details-chart-controls">
      <div className="dash-tabs" role="tablist" aria-label="Chart view">
        {CHART_MODES.map((mode) => (
          <button
            key={mode}
            type="button"
            role="tab"
            aria-selected={query.chartMode === mode}
            disabled={!hydrated}
            onClick={() => chooseChartMode(mode)}
          >
            {MODE_NAMES[mode]}
          </button>
        ))}
      </div>
      <ChartPeriodRadio
        buckets={chartPeriodsFor(days)}
        value={query.chartPeriod}
        onChoose={chooseDetailsChartPeriod}
        name="details-chart-period"
      />
    </div>
  );
  return (
    <BlockFrame label="Chart" block={block} className="details-chart" controls={controls}>
      {graph && graph.total.length === 0 ? (
        <p className="empty">{NO_DATA}</p>
      ) : graph ? (
        <LazyTrendChart
          kind="line"
          labels={graph.total.map((p) => chartLabel(p.date, days, graph.period))}
          series={seriesOf(graph, query.chartMode, name)}
          maxTicks={labelRule(days, graph.period).maxTicks}
          format={formatFor(query.id === 'partner_revenue')}
          description={`${name} by ${graph.period === 'days' ? 'day' : graph.period}${query.chartMode === 'detailed' ? ', one line per top row' : ''}`}
        />
      ) : (
        <div className="chart-box" />
      )}
      {monthOnly && <p className="note muted">Earnings are split by format per month: choose Month to see a line per format.</p>}
    </BlockFrame>
  );
}

function AudienceCharts({ query }: { query: DetailsQuery }) {
  const block = useBlock('map');
  const user = useDetailsUser();
  const hydrated = useHydrated();
  const [ref, seen] = useSeen<HTMLDivElement>();
  const answer = block.data;
  const money = query.graph === 'partner_revenue';
  const label = GRAPH_NAMES[query.graph].toLowerCase();
  const countries = useMemo(() => answer?.countries.map((c) => ({ code2: c.code2, value: c.value })) ?? [], [answer]);
  const format = formatFor(money);
  const controls = (
    <fieldset className="buckets" disabled={!hydrated}>
      <legend className="field-label">Metric</legend>
      {audienceGraphsFor(user).map((graph) => (
        <label key={graph}>
          <input type="radio" name="audience-graph" checked={query.graph === graph} onChange={() => chooseGraph(graph)} />
          {GRAPH_NAMES[graph]}
        </label>
      ))}
    </fieldset>
  );
  return (
    <BlockFrame label="Map and pie" block={block} className="details-audience-charts" controls={controls}>
      <div className="audience-charts" ref={ref}>
        <div className="geo-map">{seen && answer && <LazyWorldMap countries={countries} label={label} format={format} />}</div>
        <div>
          {seen && answer && answer.channels.length > 0 && (
            <Suspense fallback={<div className="pie-box" />}>
              <AudiencePie slices={answer.channels} format={format} description={`Share of ${label} by channel`} />
            </Suspense>
          )}
          {answer && answer.channels.length === 0 ? (
            <p className="empty">{NO_DATA}</p>
          ) : (
            <ol className="breakdown-list" aria-label={`${GRAPH_NAMES[query.graph]} by channel`}>
              {answer?.channels.map((slice, i) => (
                <li key={slice.key}>
                  <span className="swatch" style={seriesStyle(paletteColour(i))} />
                  <span className="breakdown-name">{slice.name}</span>
                  <span className="breakdown-value">{format(slice.value)}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </BlockFrame>
  );
}

export default function DetailsChart({ query }: { query: DetailsQuery }) {
  return (
    <>
      <Lines query={query} />
      {query.id === 'audience' && <AudienceCharts query={query} />}
    </>
  );
}
