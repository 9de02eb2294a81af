// Earnings: per channel and month the finance statement where there is one, else the estimate; the legend says which is which.
// An account with revenue-share terms can see the same figures as its share (docs/partner-area.md, "Your share on the dashboard").
import { useStore } from '@nanostores/react';
import {
  $breakdowns,
  $cardTabs,
  $earningsView,
  $formats,
  breakdownKey,
  chooseCardTab,
  chooseEarningsView,
  type CardTab,
} from '../../stores/dashboard-data';
import { ESTIMATE_COLOUR, FINANCE_COLOUR, MIXED_COLOUR } from '../../lib/dates/chart-rules';
import { earningsLegend, type LegendLine, spansLabel } from '../../lib/dashboard/earnings-legend';
import { formatMoney, percentChange } from '../../lib/formats/stat-format';
import type { BaseAnswer, EarningsBasis, EarningsShareAnswer, EarningsView } from '../../lib/api/stats';
import CardFrame from './CardFrame';
import Breakdown from './Breakdown';
import FormatsTable from './FormatsTable';
import TrendChart from './LazyTrendChart';
import ForecastNote from './ForecastNote';
import ViewToggle from './ViewToggle';
import { useRange } from './use-dashboard';
import { useUgcSelected } from './use-card-message';
import { useAnswer, useUser } from './use-start';
import { seriesStyle } from '../shared/series-style';

const COLOURS: Record<EarningsBasis, string> = { finance: FINANCE_COLOUR, estimate: ESTIMATE_COLOUR, mixed: MIXED_COLOUR };
const NAMES: Record<EarningsBasis, string> = {
  finance: 'Finance',
  estimate: 'Estimate',
  mixed: 'Mixed: statements for some channels, estimates for others',
};

function LegendItem({ line }: { line: LegendLine }) {
  return (
    <li>
      <span className="swatch" style={seriesStyle(COLOURS[line.basis])} aria-hidden="true" />
      {NAMES[line.basis]}
      {line.amount !== null && ` ${formatMoney(line.amount)}`} · {spansLabel(line.spans)}
    </li>
  );
}

/** What the change badge compares with, split the same way: the comparison follows the same rule. */
function CompareNote({ compare }: { compare: NonNullable<BaseAnswer['compare']> }) {
  const { finance, estimate } = compare.earnings;
  const parts = [finance !== 0 && `finance ${formatMoney(finance)}`, estimate !== 0 && `estimate ${formatMoney(estimate)}`].filter(Boolean);
  return (
    <li className="muted">
      Change against {formatMoney(compare.sum_partner_revenue)}
      {parts.length > 0 && ` (${parts.join(' + ')})`}, by the same rule
    </li>
  );
}

const VIEWS: Record<EarningsView, string> = { gross: "YouTube's gross", share: 'Your share' };

/** What the share is made of, and what it leaves out. */
function ShareNote({ share }: { share: EarningsShareAnswer }) {
  const { finance, estimate, not_covered: left } = share;
  return (
    <>
      <li>
        Your share under your terms: finance {formatMoney(finance)} + estimate {formatMoney(estimate)}
      </li>
      {left.channels > 0 && (
        <li className="muted">
          Not in your share: {formatMoney(left.earnings)} of earnings from {left.channels} {left.channels === 1 ? 'channel' : 'channels'}{' '}
          not paid to you under your terms
        </li>
      )}
    </>
  );
}

export default function EarningsCard() {
  const base = useAnswer('base');
  const chosenTab = useStore($cardTabs).partner_revenue;
  const breakdown = useStore($breakdowns)[breakdownKey('partner_revenue', chosenTab === 'titles' ? 'titles' : 'channels')];
  const formats = useStore($formats);
  const forecast = useAnswer('forecast');
  const { showTitle } = useUser();
  const { asOf, labels, maxTicks } = useRange();
  const ugc = useUgcSelected();
  const share = useAnswer('share');
  const chosen = useStore($earningsView);
  const data = base.data;
  // Without terms there is no share to show: the gross, and no choice.
  const view: EarningsView = share.data ? (chosen ?? share.data.default_view) : 'gross';
  const shared = view === 'share' ? share.data : null;
  // Breakdowns are of the gross: the share shows its total, and the chosen tab comes back with the gross.
  const tab: CardTab = shared ? 'total' : chosenTab;
  const tabs: CardTab[] = shared ? ['total'] : showTitle ? ['total', 'channels', 'titles', 'formats'] : ['total', 'channels', 'formats'];
  const tabState = tab === 'formats' ? formats : breakdown;
  const colours = (data?.earnings.buckets ?? []).map((basis) => COLOURS[basis]);
  const points = (shared ? shared.share : data?.partner_revenue) ?? [];
  return (
    <CardFrame
      meaning="partner_revenue"
      title="Earnings"
      hint={ugc ? 'UGC included' : undefined}
      figure={shared ? formatMoney(shared.sum_share) : data ? formatMoney(data.sum_partner_revenue) : null}
      change={!shared && data ? percentChange(data.sum_partner_revenue, data.compare?.sum_partner_revenue) : null}
      asOf={asOf}
      tabs={tabs}
      tab={tab}
      onTab={(next) => chooseCardTab('partner_revenue', next)}
      details="/details/partner_revenue"
      loading={base.status === 'idle' || base.status === 'loading' || (tab !== 'total' && tabState?.status === 'loading')}
    >
      {share.data && <ViewToggle label="Earnings view" views={VIEWS} value={view} onChoose={chooseEarningsView} />}
      {tab === 'total' ? (
        <>
          <TrendChart
            kind="bar"
            labels={labels(points)}
            series={[{ label: shared ? 'Your share' : 'Earnings', values: points.map((p) => p.value), colour: colours }]}
            maxTicks={maxTicks}
            format={formatMoney}
            description={`${shared ? 'Your share of the earnings' : 'Earnings'} over the period: finance in purple, estimate in teal, months with both in orange`}
          />
          {data && (
            <ul className="chart-legend" aria-label="Earnings basis">
              {earningsLegend(data.earnings).map((line) => (
                // Under the share the colours keep their meaning; the amounts are the share's, below.
                <LegendItem key={line.basis} line={shared ? { ...line, amount: null } : line} />
              ))}
              {shared ? <ShareNote share={shared} /> : data.compare && <CompareNote compare={data.compare} />}
            </ul>
          )}
          {forecast.data && <ForecastNote forecast={forecast.data} share={shared ? forecast.data.share : null} />}
        </>
      ) : tab === 'formats' ? (
        <FormatsTable figure="earnings" />
      ) : (
        <Breakdown metric="partner_revenue" group={tab} metricName="Earnings" format={formatMoney} />
      )}
    </CardFrame>
  );
}
