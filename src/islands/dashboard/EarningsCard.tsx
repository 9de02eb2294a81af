// Earnings: per channel and month the finance statement where there is one, else the estimate; the legend says which is which.
import { useStore } from '@nanostores/react';
import { $breakdowns, $cardTabs, breakdownKey, chooseCardTab, type CardTab } from '../../stores/dashboard-data';
import { ESTIMATE_COLOUR, FINANCE_COLOUR, MIXED_COLOUR } from '../../lib/dates/chart-rules';
import { earningsLegend, type LegendLine, spansLabel } from '../../lib/dashboard/earnings-legend';
import { formatMoney, percentChange } from '../../lib/formats/stat-format';
import type { BaseAnswer, EarningsBasis } from '../../lib/api/stats';
import CardFrame from './CardFrame';
import Breakdown from './Breakdown';
import TrendChart from './LazyTrendChart';
import ForecastNote from './ForecastNote';
import { useRange } from './use-dashboard';
import { useUgcSelected } from './use-card-message';
import { useAnswer, useUser } from './use-start';

const COLOURS: Record<EarningsBasis, string> = { finance: FINANCE_COLOUR, estimate: ESTIMATE_COLOUR, mixed: MIXED_COLOUR };
const NAMES: Record<EarningsBasis, string> = {
  finance: 'Finance',
  estimate: 'Estimate',
  mixed: 'Mixed: statements for some channels, estimates for others',
};

function LegendItem({ line }: { line: LegendLine }) {
  return (
    <li>
      <span className="swatch" style={{ background: COLOURS[line.basis] }} aria-hidden="true" />
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

export default function EarningsCard() {
  const base = useAnswer('base');
  const tab = useStore($cardTabs).partner_revenue;
  const breakdown = useStore($breakdowns)[breakdownKey('partner_revenue', tab === 'titles' ? 'titles' : 'channels')];
  const forecast = useAnswer('forecast');
  const { showTitle } = useUser();
  const { asOf, labels, maxTicks } = useRange();
  const ugc = useUgcSelected();
  const data = base.data;
  const tabs: CardTab[] = showTitle ? ['total', 'channels', 'titles'] : ['total', 'channels'];
  const colours = (data?.earnings.buckets ?? []).map((basis) => COLOURS[basis]);
  return (
    <CardFrame
      title="Earnings"
      hint={ugc ? 'UGC included' : undefined}
      figure={data ? formatMoney(data.sum_partner_revenue) : null}
      change={data ? percentChange(data.sum_partner_revenue, data.compare?.sum_partner_revenue) : null}
      asOf={asOf}
      tabs={tabs}
      tab={tab}
      onTab={(next) => chooseCardTab('partner_revenue', next)}
      details="/details/partner_revenue"
      loading={base.status === 'idle' || base.status === 'loading' || (tab !== 'total' && breakdown?.status === 'loading')}
    >
      {tab === 'total' ? (
        <>
          <TrendChart
            kind="bar"
            labels={labels(data?.partner_revenue ?? [])}
            series={[{ label: 'Earnings', values: (data?.partner_revenue ?? []).map((p) => p.value), colour: colours }]}
            maxTicks={maxTicks}
            format={formatMoney}
            description="Earnings over the period: finance in purple, estimate in teal, months with both in orange"
          />
          {data && (
            <ul className="chart-legend" aria-label="Earnings basis">
              {earningsLegend(data.earnings).map((line) => (
                <LegendItem key={line.basis} line={line} />
              ))}
              {data.compare && <CompareNote compare={data.compare} />}
            </ul>
          )}
          {forecast.data && <ForecastNote forecast={forecast.data} />}
        </>
      ) : (
        <Breakdown metric="partner_revenue" group={tab} metricName="Earnings" format={formatMoney} />
      )}
    </CardFrame>
  );
}
