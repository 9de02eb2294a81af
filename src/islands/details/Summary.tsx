// The summary above the table: the metric's total for the range and, on earnings, which days are from
// finance statements and which estimated, and whether the period's earnings are whole.
import type { DetailsId, DetailsSummary } from '../../lib/api/details';
import type { DateRange } from '../../lib/api/stats';
import { displayDate } from '../../lib/dates/periods';
import { formatMoney, formatNumber } from '../../lib/formats/stat-format';
import { formatShare } from '../../lib/details/columns';
import BlockFrame from './BlockFrame';
import { useBlock } from './use-details';

const range = (r: DateRange | null) => (r ? `${displayDate(r.from)} – ${displayDate(r.to)}` : 'none');

/** The metric's headline figures: one total, or the audience's male and female views. */
function totals(id: DetailsId, summary: DetailsSummary): Array<{ name: string; value: string; key: string }> {
  if (id === 'audience') {
    const { total_male: male, total_female: female, male_views_percent: maleShare, female_views_percent: femaleShare } = summary.audience;
    return [
      { key: 'male', name: 'Male views', value: `${formatNumber(male)} (${formatShare(maleShare)})` },
      { key: 'female', name: 'Female views', value: `${formatNumber(female)} (${formatShare(femaleShare)})` },
    ];
  }
  if (id === 'partner_revenue') {
    return [
      { key: 'partner_revenue', name: 'Earnings', value: formatMoney(summary.partner_revenue) },
      { key: 'finance', name: 'From finance statements', value: formatMoney(summary.finance) },
    ];
  }
  if (id === 'subs') return [{ key: 'subs', name: 'Subscribers', value: formatNumber(summary.subs) }];
  return [{ key: 'views', name: 'Views', value: formatNumber(summary.views) }];
}

export default function Summary({ id }: { id: DetailsId }) {
  const block = useBlock('summary');
  const summary = block.data;
  return (
    <BlockFrame label="Summary" block={block} className="details-summary">
      {summary && (
        <>
          <dl className="summary-figures">
            {totals(id, summary).map((item) => (
              <div key={item.key}>
                <dt>{item.name}</dt>
                <dd data-summary={item.key}>{item.value}</dd>
              </div>
            ))}
          </dl>
          <p className="summary-dates muted" data-summary="range">
            {displayDate(summary.range.from)} – {displayDate(summary.range.to)}
            {/* Statements and estimates are an earnings matter: views, subscribers and audience have neither. */}
            {id === 'partner_revenue' && (
              <>
                {' '}
                · Earnings from finance statements: <span data-summary="finance-range">{range(summary.date.finance)}</span> · estimated:{' '}
                <span data-summary="estimate-range">{range(summary.date.estimate)}</span>
              </>
            )}
          </p>
          {id === 'partner_revenue' && (
            <p className="summary-whole" data-whole={summary.isWhole}>
              {summary.isWhole
                ? 'Whole period: every month is finished and has its finance statement, so the earnings are final.'
                : 'Not whole: the earnings mix finance statements and estimates (a month is unfinished or awaits its statement).'}
            </p>
          )}
        </>
      )}
    </BlockFrame>
  );
}
