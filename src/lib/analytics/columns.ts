// The analytics table's columns: heading and how each figure reads (docs/partner-area.md, "Analytics page").
import type { AnalyticsField, AnalyticsGroup } from '../api/analytics';
import { formatDuration, formatMoney, formatNumber, formatPercent } from '../formats/stat-format';

const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What a figure the grouping cannot answer (or a ratio over 0) shows. */
export const NOT_AVAILABLE = 'N/A';

const money = (v: number) => formatMoney(v);
const decimals = (v: number) => TWO_DECIMALS.format(v);

export interface AnalyticsColumn {
  field: AnalyticsField;
  heading: string;
  /** Spelled out for screen readers and the heading's tooltip. */
  about: string;
  format: (value: number) => string;
}

export const ANALYTICS_COLUMNS: readonly AnalyticsColumn[] = [
  { field: 'views', heading: 'Views', about: 'Views in the range', format: formatNumber },
  { field: 'video_count', heading: 'Videos', about: 'Videos published in the range', format: formatNumber },
  { field: 'subscribers_gained', heading: 'Subs gained', about: 'Subscribers gained', format: formatNumber },
  { field: 'subscribers_lost', heading: 'Subs lost', about: 'Subscribers lost', format: formatNumber },
  { field: 'subscribers', heading: 'Subs net', about: 'Subscribers gained minus lost', format: formatNumber },
  {
    field: 'partner_revenue',
    heading: 'Revenue',
    about: 'Partner revenue (finance statements where closed, else estimates)',
    format: money,
  },
  { field: 'rpm', heading: 'RPM', about: 'Revenue per 1,000 views', format: money },
  { field: 'impressions_ctr', heading: 'CTR', about: 'Impressions click-through rate', format: formatPercent },
  { field: 'average_view_duration_seconds', heading: 'AVD', about: 'Average view duration', format: formatDuration },
  { field: 'revenue_per_video', heading: 'Revenue / video', about: 'Revenue per video published in the range', format: money },
  { field: 'views_per_video', heading: 'Views / video', about: 'Views per video published in the range', format: decimals },
  { field: 'subs_gained_rate', heading: 'Gained / 1K views', about: 'Subscribers gained per 1,000 views', format: decimals },
  { field: 'subs_lost_rate', heading: 'Lost / 1K views', about: 'Subscribers lost per 1,000 views', format: decimals },
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
