// GET /api/stat/extended/xlsx: the analytics table of the page's address as a spreadsheet (every row, the totals, the changes).
import { ANALYTICS_COLUMNS, GROUP_HEADINGS } from '../../../lib/analytics/columns';
import type { PartnerStoreEnv } from '../../partner-store';
import { type AnalyticsQuery, analyticsBody, comparisonRange } from '../../../lib/analytics/query';
import type { AnalyticsField, AnalyticsTableAnswer, AnalyticsTotals } from '../../../lib/api/analytics';
import { periodLabel } from '../../../lib/dates/periods';
import { todayUtc } from '../../../lib/dates/time';
import type { SessionUser } from '../../auth/session-user';
import type { ExportCellType, ExportColumn, ExportRow, ExportTable } from '../../export/table';
import { getAnalyticsRows } from '../../stats/extended';
import { analyticsSchema } from '../../stats/extended/schema';
import { parseInput } from '../../http/validate';
import { type SettledAnalytics, settleAnalytics } from './start';

/** How each figure is written in the sheet (money in dollars, CTR as its percent figure, AVD in seconds). */
const CELL_TYPES: Record<AnalyticsField, ExportCellType> = {
  views: 'integer',
  video_count: 'integer',
  subscribers_gained: 'integer',
  subscribers_lost: 'integer',
  subscribers: 'integer',
  partner_revenue: 'money',
  rpm: 'money',
  impressions_ctr: 'percent',
  average_view_duration_seconds: 'integer',
  revenue_per_video: 'money',
  views_per_video: 'decimal',
  subs_gained_rate: 'decimal',
  subs_lost_rate: 'decimal',
};
const TYPE_NAMES = { all: 'All', full: 'Full', short: 'Shorts', live: 'Live' } as const;
const LABEL_KEY = 'title';

function columnsOf(query: AnalyticsQuery, compared: boolean): ExportColumn[] {
  const columns: ExportColumn[] = [{ key: LABEL_KEY, header: GROUP_HEADINGS[query.group], type: 'text' }];
  for (const c of ANALYTICS_COLUMNS) {
    const header = c.field === 'average_view_duration_seconds' ? 'AVD (seconds)' : c.heading;
    columns.push({ key: c.field, header, type: CELL_TYPES[c.field] });
    if (compared) columns.push({ key: `${c.field}_change`, header: `${header} change`, type: 'percent' });
  }
  return columns;
}

function rowOf(figures: AnalyticsTotals & { title?: string }): ExportRow {
  const row: ExportRow = { [LABEL_KEY]: figures.title ?? null };
  for (const { field } of ANALYTICS_COLUMNS) {
    row[field] = figures[field];
    if (figures.change) row[`${field}_change`] = figures.change[field];
  }
  return row;
}

/** The filters above the table, in words: what a reader of the file needs to know it was made with. */
function filterLines(settled: SettledAnalytics, answer: AnalyticsTableAnswer): ExportTable['filters'] {
  const { query, options } = settled;
  const names = <T>(chosen: T[], list: Array<{ id: T; name: string }>) =>
    chosen.length ? chosen.map((id) => list.find((item) => item.id === id)?.name ?? String(id)).join(', ') : 'All';
  const compare = comparisonRange(query);
  return [
    { label: 'Period', value: periodLabel(query.period) },
    { label: 'Compared with', value: compare ? periodLabel({ ...query.period, ...compare }) : 'None' },
    {
      label: 'Channels',
      value: names(
        query.channels,
        options.channels.map((c) => ({ id: c.channel_id, name: c.channel_title })),
      ),
    },
    {
      label: 'Titles',
      value: names(
        query.titles,
        options.titles.map((t) => ({ id: t.title_id, name: t.title })),
      ),
    },
    {
      label: 'Countries',
      value: names(
        query.countries,
        options.countries.map((c) => ({ id: c.code2, name: c.country_name })),
      ),
    },
    { label: 'Video type', value: TYPE_NAMES[query.type] },
    { label: 'Grouped by', value: GROUP_HEADINGS[answer.group] },
    { label: 'Sorted by', value: `${answer.sort} (${answer.order === 'desc' ? 'descending' : 'ascending'})` },
  ];
}

/**
 * The page's table for an address's query string (the page's own, so the link needs no other format):
 * settled as the page settles it, every row sorted as the page sorts it, the totals, and each figure's
 * change when a comparison is set.
 * @example const table = await getAnalyticsExport(env, user, '?period=27&group=titles')
 */
export async function getAnalyticsExport(
  env: PartnerStoreEnv,
  user: SessionUser,
  search: string,
  today = todayUtc(),
): Promise<ExportTable> {
  const settled = await settleAnalytics(env, user, search, today);
  const body = parseInput(analyticsSchema, analyticsBody(settled.query, user.showTitle));
  const answer = await getAnalyticsRows(env, user, body, today);
  const compared = answer.compare !== null;
  const { period } = settled.query;
  return {
    title: `Analytics by ${GROUP_HEADINGS[answer.group].toLowerCase()}`,
    filters: filterLines(settled, answer),
    columns: columnsOf(settled.query, compared),
    rows: answer.rows.map(rowOf),
    totals: rowOf(answer.totals),
    fileName: ['viewdeck-analytics', answer.group, period.from ?? 'lifetime', period.to ?? ''].filter(Boolean).join('-'),
  };
}
