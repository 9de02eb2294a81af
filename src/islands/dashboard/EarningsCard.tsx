// Earnings: finance (purple) for closed months that have it, estimate (teal) for the rest, and the forecast.
import { useStore } from '@nanostores/react';
import { $base, $breakdowns, $cardTabs, $forecast, breakdownKey, chooseCardTab, type CardTab } from '../../stores/dashboard-data';
import { $user } from '../../stores/dashboard';
import { ESTIMATE_COLOUR, FINANCE_COLOUR, inRange } from '../../lib/chart-rules';
import { displayDate } from '../../lib/periods';
import { formatMoney, percentChange } from '../../lib/stat-format';
import type { BaseStats, DateRange } from '../../lib/stats-types';
import CardFrame from './CardFrame';
import Breakdown from './Breakdown';
import TrendChart from './TrendChart';
import ForecastNote from './ForecastNote';
import { useRange } from './use-dashboard';
import { useUgcSelected } from './use-card-message';

/** The headline: finance alone when whole, else finance for its months plus the estimate for the rest. */
export function earningsTotal(base: BaseStats): number {
  if (base.is_whole) return base.sum_finance;
  if (!base.date.finance) return base.sum_partner_revenue;
  const estimated = base.partner_revenue.filter((p) => !inRange(p.date, base.date.finance));
  return base.sum_finance + estimated.reduce((sum, p) => sum + p.value, 0);
}

/**
 * Each bucket's figure: a month bucket with finance shows the finance; shorter buckets inside finance
 * months show their estimate (finance exists per month only), coloured as finance.
 */
function bucketValues(base: BaseStats): number[] {
  const finance = new Map(base.finance.map((p) => [`${p.range.from}/${p.range.to}`, p.value]));
  return base.partner_revenue.map((p) => finance.get(`${p.range.from}/${p.range.to}`) ?? p.value);
}

const span = (range: DateRange | null) => (range ? `${displayDate(range.from)} – ${displayDate(range.to)}` : null);

export default function EarningsCard() {
  const base = useStore($base);
  const tab = useStore($cardTabs).partner_revenue;
  const breakdown = useStore($breakdowns)[breakdownKey('partner_revenue', tab === 'titles' ? 'titles' : 'channels')];
  const forecast = useStore($forecast);
  const { showTitle } = useStore($user);
  const { asOf, labels, maxTicks } = useRange();
  const ugc = useUgcSelected();
  const data = base.data;
  const tabs: CardTab[] = showTitle ? ['total', 'channels', 'titles'] : ['total', 'channels'];
  const colours = (data?.partner_revenue ?? []).map((p) => (inRange(p.date, data?.date.finance ?? null) ? FINANCE_COLOUR : ESTIMATE_COLOUR));
  return (
    <CardFrame
      title="Earnings"
      hint={ugc ? 'UGC included' : undefined}
      figure={data ? formatMoney(earningsTotal(data)) : null}
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
            series={[{ label: 'Earnings', values: data ? bucketValues(data) : [], colour: colours }]}
            maxTicks={maxTicks}
            format={formatMoney}
            description="Earnings over the period: finance in purple, estimate in teal"
          />
          {data && (
            <ul className="chart-legend">
              {data.date.finance && (
                <li>
                  <span className="swatch" style={{ background: FINANCE_COLOUR }} aria-hidden="true" />
                  Finance {formatMoney(data.sum_finance)} · {span(data.date.finance)}
                </li>
              )}
              {!data.is_whole && data.date.estimate && (
                <li>
                  <span className="swatch" style={{ background: ESTIMATE_COLOUR }} aria-hidden="true" />
                  Estimate · {span(data.date.estimate)}
                </li>
              )}
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
