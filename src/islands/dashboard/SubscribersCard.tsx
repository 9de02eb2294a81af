// Subscribers: net subscribers (gained minus lost) per bucket as bars, or the running total as a line
// (loaded the first time it is chosen); the Channels list follows the chosen view.
import { useStore } from '@nanostores/react';
import {
  $breakdowns,
  $cardTabs,
  $subscribersTotal,
  $subscribersView,
  breakdownKey,
  chooseCardTab,
  chooseSubscribersView,
  type SubscribersView,
} from '../../stores/dashboard-data';
import { PALETTE } from '../../lib/dates/chart-rules';
import { formatNumber, percentChange } from '../../lib/formats/stat-format';
import CardFrame from './CardFrame';
import Breakdown from './Breakdown';
import TrendChart from './LazyTrendChart';
import ViewToggle from './ViewToggle';
import { useRange } from './use-dashboard';
import { useAnswer } from './use-start';

// The 'gained' view plots gained minus lost, so it is named for what it shows.
const VIEWS: Record<SubscribersView, string> = {
  gained: 'Net subscribers',
  total: 'Total subscribers',
};

export default function SubscribersCard() {
  const base = useAnswer('base');
  const total = useStore($subscribersTotal);
  const view = useStore($subscribersView);
  const tab = useStore($cardTabs).subscribers;
  const breakdown = useStore($breakdowns)[breakdownKey('subscribers', 'channels')];
  const { asOf, labels, maxTicks } = useRange();
  const gained = view === 'gained';
  const points = (gained ? base.data?.subscribers : total.data?.subscribers) ?? [];
  const figure = gained ? base.data?.sum_subscribers : total.data?.sum_subscribers;
  const source = gained ? base : total;
  return (
    <CardFrame
      title="Subscribers"
      figure={figure === undefined ? null : formatNumber(figure)}
      change={gained && base.data ? percentChange(base.data.sum_subscribers, base.data.compare?.sum_subscribers) : null}
      asOf={asOf}
      tabs={['total', 'channels']}
      tab={tab === 'titles' ? 'total' : tab}
      onTab={(next) => chooseCardTab('subscribers', next)}
      details="/details/subs"
      loading={source.status === 'idle' || source.status === 'loading' || (tab === 'channels' && breakdown?.status === 'loading')}
    >
      <ViewToggle label="Subscribers view" views={VIEWS} value={view} onChoose={chooseSubscribersView} />
      {tab === 'channels' ? (
        <Breakdown metric="subscribers" group="channels" metricName={VIEWS[view]} format={formatNumber} />
      ) : (
        <TrendChart
          kind={gained ? 'bar' : 'line'}
          labels={labels(points)}
          series={[{ label: VIEWS[view], values: points.map((p) => p.value), colour: PALETTE[0] as string }]}
          maxTicks={maxTicks}
          format={formatNumber}
          description={gained ? 'Net subscribers (gained minus lost) over the period' : 'Total subscribers over the period'}
        />
      )}
    </CardFrame>
  );
}
