// The Earnings card's legend: which months are finance statements, which estimates, which mixed.
import type { DateRange, EarningsBasis, EarningsMonth, EarningsParts } from '../api/stats';
import { addDays } from '../dates/time';

export interface LegendLine {
  basis: EarningsBasis;
  /** The part's amount; null for the mixed line, whose money is already in the other two. */
  amount: number | null;
  spans: DateRange[];
}

/** True when `next` starts the day after `previous` ends (consecutive months of the range). */
const follows = (previous: DateRange, next: DateRange) => addDays(previous.to, 1) === next.from;

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

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const monthName = (day: string) => MONTH_NAMES[Number(day.slice(5, 7)) - 1] ?? '';
const dayLabel = (day: string) => `${Number(day.slice(8, 10))} ${monthName(day)} ${day.slice(0, 4)}`;
const isFirstDay = (day: string) => day.endsWith('-01');
const isLastDay = (day: string) => addDays(day, 1).endsWith('-01');

/** One span: whole months by their names (the year given apart when the span is inside one year), else days. */
function spanParts(span: DateRange): { text: string; year: string | null } {
  const { from, to } = span;
  if (!isFirstDay(from) || !isLastDay(to)) return { text: `${dayLabel(from)} – ${dayLabel(to)}`, year: null };
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  if (!sameYear) return { text: `${monthName(from)} ${from.slice(0, 4)} – ${monthName(to)} ${to.slice(0, 4)}`, year: null };
  const text = from.slice(0, 7) === to.slice(0, 7) ? monthName(from) : `${monthName(from)} – ${monthName(to)}`;
  return { text, year: from.slice(0, 4) };
}

/**
 * Spans as a person reads them: whole months by name, one year written once for its spans.
 * @example spansLabel([{ from: '2025-02-01', to: '2025-02-28' }, { from: '2025-04-01', to: '2025-06-30' }]) // 'Feb, Apr – Jun 2025'
 */
export function spansLabel(spans: DateRange[]): string {
  const groups: { texts: string[]; year: string | null }[] = [];
  for (const part of spans.map(spanParts)) {
    const last = groups[groups.length - 1];
    if (last && part.year !== null && last.year === part.year) last.texts.push(part.text);
    else groups.push({ texts: [part.text], year: part.year });
  }
  return groups.map((g) => (g.year ? `${g.texts.join(', ')} ${g.year}` : g.texts.join(', '))).join(', ');
}
