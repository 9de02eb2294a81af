// Overall statistics of the global page: the period's totals with percent changes, and the monthly series.
import { all, first } from '../../db/query';
import { raw, sql } from '../../db/sql';
import type { PublicContext } from '../context';
import { publicPercentChange } from '../../../lib/public/changes';
import { previousPeriod, statsWhere, type GlobalFilters } from './filters';
import type { DiffReport, GlobalTotals, GraphPoint } from '../../../lib/api/public-global';

export const TOTAL_FIELDS = [
  'monthly_views',
  'estimaited_monthly_subs',
  'video_count',
  'watchtime',
  'subscriber_count',
  'channels_count',
] as const;

/** The sums over global_stats rows, in the compatibility call's field names. */
export const TOTALS_SQL = `coalesce(sum(monthly_views), 0) AS monthly_views,
  coalesce(sum(monthly_subs), 0) AS estimaited_monthly_subs, coalesce(sum(video_count), 0) AS video_count,
  coalesce(sum(watch_time_minutes), 0) AS watchtime, coalesce(sum(subscriber_count), 0) AS subscriber_count,
  coalesce(sum(channels_count), 0) AS channels_count`;

const EMPTY_TOTALS: GlobalTotals = {
  monthly_views: 0,
  estimaited_monthly_subs: 0,
  video_count: 0,
  watchtime: 0,
  subscriber_count: 0,
  channels_count: 0,
};
/** The newest snapshot day behind 'now' (an index seek on channel_now_by_day). */
export async function getLatestDay({ db }: PublicContext): Promise<string | null> {
  const row = await first<{ day: string | null }>(db, raw('SELECT max(day) AS day FROM channel_now'));
  return row?.day ?? null;
}

/** Totals per period for the given periods (a PK range per period). */
async function totalsOf(ctx: PublicContext, periods: string[], filters: GlobalFilters): Promise<Map<string, GlobalTotals>> {
  const where = statsWhere(filters);
  const rows = await all<GlobalTotals & { period: string }>(
    ctx.db,
    sql`SELECT period, ${raw(TOTALS_SQL)} FROM global_stats
    WHERE period IN (SELECT value FROM json_each(${JSON.stringify(periods)})) AND ${where} GROUP BY period`,
    'sql',
  );
  return new Map(rows.map(({ period, ...totals }) => [period, totals]));
}

/**
 * The period's totals under the filters with their percent change against the previous period
 * (see previousPeriod); percents have 2 decimals, null when the previous figure is 0 or below, or missing.
 * @example await getDiffReport(ctx, { period: '2026-03' })
 */
export async function getDiffReport(ctx: PublicContext, filters: GlobalFilters): Promise<DiffReport> {
  const latestDay = filters.period === 'now' ? await getLatestDay(ctx) : null;
  const previous = previousPeriod(filters.period, latestDay);
  const totals = await totalsOf(ctx, previous ? [filters.period, previous] : [filters.period], filters);
  const current = totals.get(filters.period) ?? EMPTY_TOTALS;
  const before = previous ? totals.get(previous) : undefined;
  const change = (field: (typeof TOTAL_FIELDS)[number]) => publicPercentChange(current[field], before?.[field]);
  return {
    ...current,
    arch_date: filters.period === 'now' ? latestDay : `${filters.period}-01`,
    previous_period: previous,
    percent_monthly_views: change('monthly_views'),
    percent_estimaited_monthly_subs: change('estimaited_monthly_subs'),
    percent_video_count: change('video_count'),
    percent_watchtime: change('watchtime'),
    percent_subscriber_count: change('subscriber_count'),
    percent_channels_count: change('channels_count'),
  };
}

/**
 * Every month of history under the filters, oldest first ('now' left out): the main graph and the
 * cards' sparklines. `period < 'now'` keeps the read a PK range (digits sort before letters).
 */
export async function getMainGraph(ctx: PublicContext, filters: GlobalFilters): Promise<GraphPoint[]> {
  const where = statsWhere(filters);
  return all<GraphPoint>(
    ctx.db,
    sql`SELECT period || '-01' AS month_date, ${raw(TOTALS_SQL)} FROM global_stats
    WHERE period < 'now' AND ${where} GROUP BY period ORDER BY period`,
    'sql',
  );
}
