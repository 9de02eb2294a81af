// Views and Watch time: the period's total with its change, a line over time, and Channels / Titles tabs.
import { useStore } from '@nanostores/react';
import { $breakdowns, $cardTabs, $formats, breakdownKey, chooseCardTab, type CardTab } from '../../stores/dashboard-data';
import { PALETTE } from '../../lib/dates/chart-rules';
import { percentChange } from '../../lib/formats/stat-format';
import type { BaseAnswer } from '../../lib/api/stats';
import CardFrame from './CardFrame';
import Breakdown from './Breakdown';
import FormatsTable from './FormatsTable';
import TrendChart from './LazyTrendChart';
import { useRange } from './use-dashboard';
import { useAnswer, useUser } from './use-start';

interface Props {
  metric: 'views' | 'watch_time';
  title: string;
  details?: string;
  format: (value: number) => string;
  scale?: (value: number) => number;
  wide?: boolean;
}

const SUMS = { views: 'sum_views', watch_time: 'sum_watch_time' } as const satisfies Record<string, keyof BaseAnswer>;

export default function MetricCard({ metric, title, details, format, scale = (v) => v, wide }: Props) {
  const base = useAnswer('base');
  const tab = useStore($cardTabs)[metric];
  const breakdown = useStore($breakdowns)[breakdownKey(metric, tab === 'titles' ? 'titles' : 'channels')];
  const formats = useStore($formats);
  const { showTitle } = useUser();
  const { asOf, labels, maxTicks } = useRange();
  const data = base.data;
  const sum = data ? data[SUMS[metric]] : null;
  // Views compare Shorts with long-form (YouTube Studio's split); watch time keeps its breakdowns only.
  const tabs: CardTab[] = [...(showTitle ? (['total', 'channels', 'titles'] as const) : (['total', 'channels'] as const))];
  if (metric === 'views') tabs.push('formats');
  const tabState = tab === 'formats' ? formats : breakdown;
  const loading = base.status === 'loading' || (tab !== 'total' && tabState?.status === 'loading');
  return (
    <CardFrame
      meaning={metric}
      title={title}
      figure={sum === null ? null : format(scale(sum))}
      change={sum === null ? null : percentChange(sum, data?.compare?.[SUMS[metric]])}
      asOf={asOf}
      tabs={tabs}
      tab={tab}
      onTab={(next) => chooseCardTab(metric, next)}
      details={details}
      wide={wide}
      loading={base.status === 'idle' || loading}
    >
      {tab === 'total' ? (
        <TrendChart
          kind="line"
          labels={labels(data?.[metric] ?? [])}
          series={[{ label: title, values: (data?.[metric] ?? []).map((p) => scale(p.value)), colour: PALETTE[0] as string }]}
          maxTicks={maxTicks}
          format={format}
          description={`${title} over the period`}
        />
      ) : tab === 'formats' ? (
        <FormatsTable figure="views" />
      ) : (
        <Breakdown metric={metric} group={tab} metricName={title} format={format} scale={scale} />
      )}
    </CardFrame>
  );
}
