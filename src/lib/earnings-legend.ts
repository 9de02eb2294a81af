// The Earnings card's legend: which months are finance statements, which estimates, which mixed.
import type { DateRange, EarningsBasis, EarningsMonth, EarningsParts } from './stats-types';

export interface LegendLine {
  basis: EarningsBasis;
  /** The part's amount; null for the mixed line, whose money is already in the other two. */
  amount: number | null;
  spans: DateRange[];
}

/** True when `next` starts the day after `previous` ends (consecutive months of the range). */
const follows = (previous: DateRange, next: DateRange) => {
  const day = new Date(`${previous.to}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10) === next.from;
};

/**
 * The months that match, merged into runs of consecutive months.
 * @example monthSpans(months, (m) => m.basis === 'finance') // [{ from: '2024-01-01', to: '2024-10-31' }]
 */
export function monthSpans(months: EarningsMonth[], keep: (month: EarningsMonth) => boolean): DateRange[] {
  const spans: DateRange[] = [];
  for (const month of months.filter(keep)) {
    const last = spans[spans.length - 1];
    if (last && follows(last, month.range)) last.to = month.range.to;
    else spans.push({ ...month.range });
  }
  return spans;
}

/**
 * Finance: the months with any statement; estimate: the months with any estimated channel or edge
 * days; mixed: the months that have both (their money counts in both lines' amounts, split). A part
 * with no month is left out.
 */
export function earningsLegend(earnings: EarningsParts): LegendLine[] {
  const { months } = earnings;
  const lines: LegendLine[] = [
    { basis: 'finance', amount: earnings.finance, spans: monthSpans(months, (m) => m.basis !== 'estimate') },
    { basis: 'estimate', amount: earnings.estimate, spans: monthSpans(months, (m) => m.basis !== 'finance') },
    { basis: 'mixed', amount: null, spans: monthSpans(months, (m) => m.basis === 'mixed') },
  ];
  return lines.filter((line) => line.spans.length > 0);
}
