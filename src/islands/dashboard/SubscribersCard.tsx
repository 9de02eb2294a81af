// Subscribers: gained and lost per bucket as bars (lost below zero) with the net as a line over them, or
// the running total as a line (loaded the first time it is chosen); the Channels list follows the view.
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
import { seriesStyle } from '../shared/series-style';

const VIEWS: Record<SubscribersView, string> = {
  gained: 'Gained and lost',
  total: 'Total subscribers',
};
/** The channels list of the 'gained' view ranks channels by what its figure counts: net subscribers. */
const LIST_NAMES: Record<SubscribersView, string> = { gained: 'Net subscribers', total: 'Total subscribers' };
const GAINED_COLOUR = PALETTE[2] as string;
const LOST_COLOUR = PALETTE[3] as string;
const NET_COLOUR = PALETTE[0] as string;
/** One line under the total: why it differs from the channel's public count on YouTube. */
const TOTAL_NOTE =
  "Net of the subscribers gained and lost on the days loaded here, so it is below YouTube's public count, which includes every subscriber since each channel began.";

function GainedLegend({ gained, lost }: { gained: number; lost: number }) {
  return (
    <ul className="chart-legend" aria-label="Subscribers gained and lost">
      <li>
        <span className="swatch" style={seriesStyle(GAINED_COLOUR)} aria-hidden="true" />
        Gained <span data-subscribers="gained">{formatNumber(gained)}</span>
      </li>
      <li>
        <span className="swatch" style={seriesStyle(LOST_COLOUR)} aria-hidden="true" />
        Lost <span data-subscribers="lost">{formatNumber(lost)}</span>
      </li>
      <li>
        <span className="swatch swatch-line" style={seriesStyle(NET_COLOUR)} aria-hidden="true" />
        Net (line)
      </li>
    </ul>
  );
}

export default function SubscribersCard() {
  const base = useAnswer('base');
  const total = useStore($subscribersTotal);
  const view = useStore($subscribersView);
  const tab = useStore($cardTabs).subscribers;
  const breakdown = useStore($breakdowns)[breakdownKey('subscribers', 'channels')];
  const { asOf, labels, maxTicks } = useRange();
  const gained = view === 'gained';
  const points = (gained ? base.data?.subscribers : total.data?.subscribers) ?? [];
  const series = gained
    ? [
        { label: 'Net', values: points.map((p) => p.value), colour: NET_COLOUR, line: true },
        { label: 'Gained', values: (base.data?.subscribers_gained ?? []).map((p) => p.value), colour: GAINED_COLOUR },
        // Lost below zero, so gained and lost read as one stacked bar per bucket around the axis.
        { label: 'Lost', values: (base.data?.subscribers_lost ?? []).map((p) => -p.value), colour: LOST_COLOUR },
      ]
    : [{ label: VIEWS.total, values: points.map((p) => p.value), colour: NET_COLOUR }];
  const figure = gained ? base.data?.sum_subscribers : total.data?.sum_subscribers;
  const source = gained ? base : total;
  return (
    <CardFrame
      meaning="subscribers"
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
        <Breakdown metric="subscribers" group="channels" metricName={LIST_NAMES[view]} format={formatNumber} />
      ) : (
        <>
          <TrendChart
            kind={gained ? 'bar' : 'line'}
            labels={labels(points)}
            series={series}
            maxTicks={maxTicks}
            format={formatNumber}
            stacked={gained}
            description={
              gained ? 'Subscribers gained (bars up), lost (bars down) and net (line) over the period' : 'Total subscribers over the period'
            }
          />
          {gained && base.data && <GainedLegend gained={base.data.sum_subscribers_gained} lost={base.data.sum_subscribers_lost} />}
          {!gained && <p className="muted chart-note">{TOTAL_NOTE}</p>}
        </>
      )}
    </CardFrame>
  );
}
