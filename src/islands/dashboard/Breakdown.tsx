// A card's Channels or Titles view: the top 10 as coloured lines, and the same rows as a ranked list.
import { useStore } from '@nanostores/react';
import { $breakdowns, breakdownKey } from '../../stores/dashboard-data';
import { paletteColour } from '../../lib/dates/chart-rules';
import type { BreakdownGroup, BreakdownMetric, BreakdownRow } from '../../lib/api/stats';
import TrendChart from './LazyTrendChart';
import { useRange } from './use-dashboard';
import { seriesStyle } from '../shared/series-style';

interface Props {
  metric: BreakdownMetric;
  group: BreakdownGroup;
  metricName: string;
  format: (value: number) => string;
  /** Turns a figure as the API sends it into the unit shown (minutes to hours). */
  scale?: (value: number) => number;
}

export default function Breakdown({ metric, group, metricName, format, scale = (v) => v }: Props) {
  const state = useStore($breakdowns)[breakdownKey(metric, group)];
  const { labels, maxTicks } = useRange();
  const rows = state?.data ?? [];
  if (state?.status === 'loaded' && rows.length === 0) return <p className="empty">No data available</p>;
  if (rows.length === 0) return <div className="chart-box" />;
  const name = (row: BreakdownRow) => ('channel_title' in row ? row.channel_title : row.title);
  const series = rows.map((row, index) => ({
    label: name(row),
    values: row.points.map((p) => scale(p.value)),
    colour: paletteColour(index),
  }));
  return (
    <>
      <TrendChart
        kind="line"
        labels={labels(rows[0]?.points ?? [])}
        series={series}
        maxTicks={maxTicks}
        format={format}
        description={`${metricName} by ${group === 'channels' ? 'channel' : 'title'}, top ${rows.length}`}
      />
      <ol className="breakdown-list" aria-label={`${metricName} by ${group === 'channels' ? 'channel' : 'title'}`}>
        {rows.map((row, index) => (
          <li key={row.id}>
            <span className="swatch" style={seriesStyle(paletteColour(index))} aria-hidden="true" />
            <span className="breakdown-name">{name(row)}</span>
            <span className="breakdown-value">{format(scale(row.value))}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
