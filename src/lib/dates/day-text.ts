// Days and months as the reader writes them (src/lib/formats/locale.ts): "Nov 16, 2026" in en-US,
// "16. Nov. 2026" in de-DE. Days are calendar days (YYYY-MM-DD), so they are written in UTC.
import { perLocale } from '../formats/locale';

/** How coarse a chart's axis labels are (chart-rules.ts picks one by range and bucket size). */
export type DayLabel = 'weekday' | 'day' | 'day-year' | 'month';

const written = (options: Intl.DateTimeFormatOptions) => perLocale((l) => new Intl.DateTimeFormat(l, { ...options, timeZone: 'UTC' }));

const FULL_DAY = written({ day: 'numeric', month: 'short', year: 'numeric' });
const LONG_MONTH = written({ month: 'long', year: 'numeric' });
const LABELS: Record<DayLabel, () => Intl.DateTimeFormat> = {
  weekday: written({ weekday: 'short', month: 'short', day: 'numeric' }),
  day: written({ day: 'numeric', month: 'short' }),
  'day-year': written({ day: 'numeric', month: 'short', year: '2-digit' }),
  month: written({ month: 'short', year: 'numeric' }),
};

const utcDay = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

/**
 * A day as people read it.
 * @example dayText('2026-08-01') // 'Aug 1, 2026' (en-US)
 */
export function dayText(day: string): string {
  return FULL_DAY().format(utcDay(day));
}

/**
 * A month, spelled out.
 * @example monthText('2026-08') // 'August 2026' (en-US)
 */
export function monthText(month: string): string {
  return LONG_MONTH().format(utcDay(`${month.slice(0, 7)}-01`));
}

/**
 * A chart axis label.
 * @example dayLabel('2026-11-16', 'day') // 'Nov 16' (en-US)
 */
export function dayLabel(day: string, label: DayLabel): string {
  return LABELS[label]().format(utcDay(day));
}
