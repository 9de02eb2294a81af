// The analytics table's columns: heading and how each figure reads (docs/partner-area.md, "Analytics page").
import type { AnalyticsField, AnalyticsGroup } from '../api/analytics';
import type { MeaningKey } from '../glossary/metrics';
import { formatDuration, formatMoney, formatNumber, formatPercent } from '../formats/stat-format';
import { perLocale } from '../formats/locale';

const TWO_DECIMALS = perLocale((l) => new Intl.NumberFormat(l, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** What a figure the grouping cannot answer (or a ratio over 0) shows. */
export const NOT_AVAILABLE = 'N/A';

const money = (v: number) => formatMoney(v);
const decimals = (v: number) => TWO_DECIMALS().format(v);

export interface AnalyticsColumn {
  field: AnalyticsField;
  heading: string;
  /** What the figure means and is computed from: the heading's "i" opens it (src/lib/glossary/metrics.ts). */
  meaning: MeaningKey;
  format: (value: number) => string;
}

export const ANALYTICS_COLUMNS: readonly AnalyticsColumn[] = [
  { field: 'views', heading: 'Views', meaning: 'views', format: formatNumber },
  { field: 'video_count', heading: 'Videos', meaning: 'videos', format: formatNumber },
  { field: 'subscribers_gained', heading: 'Subs gained', meaning: 'subscribers_gained', format: formatNumber },
  { field: 'subscribers_lost', heading: 'Subs lost', meaning: 'subscribers_lost', format: formatNumber },
  { field: 'subscribers', heading: 'Subs net', meaning: 'subscribers', format: formatNumber },
  { field: 'partner_revenue', heading: 'Revenue', meaning: 'partner_revenue', format: money },
  { field: 'rpm', heading: 'RPM', meaning: 'rpm', format: money },
  { field: 'impressions_ctr', heading: 'CTR', meaning: 'ctr', format: formatPercent },
  { field: 'average_view_duration_seconds', heading: 'AVD', meaning: 'avd', format: formatDuration },
  { field: 'revenue_per_video', heading: 'Revenue / video', meaning: 'revenue_per_video', format: money },
  { field: 'views_per_video', heading: 'Views / video', meaning: 'views_per_video', format: decimals },
  { field: 'subs_gained_rate', heading: 'Gained / 1K views', meaning: 'subs_gained_rate', format: decimals },
  { field: 'subs_lost_rate', heading: 'Lost / 1K views', meaning: 'subs_lost_rate', format: decimals },
];

/** The label column's heading for a grouping. */
export const GROUP_HEADINGS: Record<AnalyticsGroup, string> = { channels: 'Channel', titles: 'Title', countries: 'Country' };

/**
 * A figure as the table shows it; N/A when missing.
 * @example formatFigure(ANALYTICS_COLUMNS[6], 2.5) // '$2.50'
 */
export function formatFigure(column: AnalyticsColumn, value: number | null): string {
  return value === null ? NOT_AVAILABLE : column.format(value);
}

/** The page numbers a pager shows: the first, the last, and one either side of the current (spec section 9: neighbours 1). */
export function pagerPages(page: number, pages: number): number[] {
  const shown = new Set([1, page - 1, page, page + 1, pages].filter((p) => p >= 1 && p <= pages));
  return [...shown].sort((a, b) => a - b);
}
