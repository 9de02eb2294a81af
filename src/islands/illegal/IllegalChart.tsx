// The illegal copies chart: what it draws (None = views, Earns, Count of copies, Count of blocked copies),
// the breakdown whose top rows are the lines, the Summary switch (one Total line) and the bucket size.
import {
  ILLEGAL_BREAKDOWNS,
  ILLEGAL_CHART_GROUPS,
  type IllegalBreakdown,
  type IllegalChartAnswer,
  type IllegalChartGroup,
} from '../../lib/api/illegal';
import { chartLabel, chartPeriodsFor, labelRule, paletteColour } from '../../lib/dates/chart-rules';
import type { IllegalQuery } from '../../lib/partner/illegal-query';
import { rangeDays } from '../../lib/dates/periods';
import { formatMoney, formatNumber } from '../../lib/formats/stat-format';
import ChartPeriodRadio from '../dashboard/ChartPeriodRadio';
import LazyTrendChart from '../dashboard/LazyTrendChart';
import { seriesStyle } from '../shared/series-style';

export const CHART_GROUP_NAMES: Record<IllegalChartGroup, string> = {
  none: 'None',
  earns: 'Earns',
  copies: 'Count of copies',
  blocked: 'Count of blocked copies',
};
/** What the chart draws under each grouping, for its description and legend. */
const FIGURE_NAMES: Record<IllegalChartGroup, string> = {
  none: 'Views',
  earns: 'Earnings',
  copies: 'Copies found',
  blocked: 'Blocked copies found',
};
const BREAKDOWN_NAMES: Record<IllegalBreakdown, string> = { channel: 'Channel', title: 'Title', country: 'Country' };

interface Props {
  answer: IllegalChartAnswer | null;
  query: IllegalQuery;
  disabled: boolean;
  change: (patch: Partial<IllegalQuery>) => void;
}

export default function IllegalChart({ answer, query, disabled, change }: Props) {
  const format = query.metric === 'earns' ? formatMoney : formatNumber;
  const days = answer ? rangeDays(answer.range.from, answer.range.to) : 1;
  const first = answer?.series[0];
  return (
    <section className="card illegal-chart-block" aria-label="Illegal copies chart">
      <div className="details-chart-controls">
        <fieldset className="buckets" disabled={disabled}>
          <legend className="field-label">Breakdown</legend>
          {ILLEGAL_BREAKDOWNS.map((b) => (
            <label key={b}>
              <input type="radio" name="illegal-breakdown" checked={query.breakdown === b} onChange={() => change({ breakdown: b })} />
              {BREAKDOWN_NAMES[b]}
            </label>
          ))}
        </fieldset>
        <label className="illegal-summary">
          <input
            type="checkbox"
            role="switch"
            checked={query.summary}
            disabled={disabled}
            onChange={(e) => change({ summary: e.target.checked })}
          />
          Summary
        </label>
        {answer && (
          <ChartPeriodRadio
            buckets={chartPeriodsFor(days)}
            value={answer.period}
            onChoose={(chartPeriod) => change({ chartPeriod })}
            name="illegal-chart-period"
          />
        )}
      </div>
      {!answer || !first ? (
        <p className="empty">{answer ? 'No data available' : ''}</p>
      ) : (
        <>
          <LazyTrendChart
            kind="line"
            labels={first.points.map((p) => chartLabel(p.date, days, answer.period))}
            series={answer.series.map((s, i) => ({ label: s.name, values: s.points.map((p) => p.value), colour: paletteColour(i) }))}
            maxTicks={labelRule(days, answer.period).maxTicks}
            format={format}
            description={`${FIGURE_NAMES[answer.group_by]} by ${answer.period === 'days' ? 'day' : answer.period}${answer.summary ? '' : `, one line per top ${answer.breakdown}`}`}
          />
          <ol className="breakdown-list" aria-label={`${FIGURE_NAMES[answer.group_by]} by series`}>
            {answer.series.map((s, i) => (
              <li key={s.key}>
                <span className="swatch" style={seriesStyle(paletteColour(i))} />
                <span className="breakdown-name">{s.name}</span>
                <span className="breakdown-value">{format(s.total)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** The chart's Group by choices. */
export const CHART_GROUPS: readonly IllegalChartGroup[] = ILLEGAL_CHART_GROUPS;
