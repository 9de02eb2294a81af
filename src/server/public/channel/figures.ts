// A channel's counters for a period and for the period before it: a month from the monthly history,
// 'now' from channel_now and, for the 30 days before it, from two snapshots (all primary-key seeks).
import { raw } from '../../db/sql';
import { all, first } from '../../db/query';
import { NOW_PERIOD, NOW_PERIOD_DAYS, shiftMonth } from '../../ingest/rollup/periods';
import { addDays, monthEnd, monthStart } from '../../../lib/dates/time';
import type { PublicContext } from '../context';
import type { DayRange } from './reported';

/** Counters at the period's end and growth over it; watch time is an estimate in minutes. */
export interface PeriodFigures {
  /** 'now' or 'YYYY-MM'; for the 30 days before 'now', 'now-30'. */
  period: string;
  subscriber_count: number;
  view_count: number;
  video_count: number;
  monthly_views: number;
  monthly_subs: number;
  watch_time_minutes: number;
}

/** The days a period covers: a month's, or the 30 days to 'now''s snapshot day (and the 30 before). */
export function periodDays(figures: PeriodFigures, nowDay: string | null): DayRange | null {
  if (figures.period === NOW_PERIOD || figures.period === PREVIOUS_NOW) {
    if (nowDay === null) return null;
    const to = figures.period === NOW_PERIOD ? nowDay : addDays(nowDay, -NOW_PERIOD_DAYS);
    return { from: addDays(to, 1 - NOW_PERIOD_DAYS), to };
  }
  return { from: monthStart(figures.period), to: monthEnd(figures.period) };
}

/** The label of the period before 'now' (the 30 days that end where 'now' begins). */
export const PREVIOUS_NOW = 'now-30';

const FIGURE_COLUMNS = 'subscriber_count, view_count, video_count, monthly_views, monthly_subs, watch_time_minutes';

interface NowRow extends Omit<PeriodFigures, 'period'> {
  day: string;
}
type GrowthRow = Omit<PeriodFigures, 'period' | 'watch_time_minutes'>;

/** Minutes of watch time per view behind an estimate; 0 when the period had no views. */
export function watchRate(figures: Pick<PeriodFigures, 'monthly_views' | 'watch_time_minutes'> | null): number {
  if (!figures || figures.monthly_views <= 0) return 0;
  return figures.watch_time_minutes / figures.monthly_views;
}

/** A month and the month before it from channel_history_monthly. */
async function monthFigures(
  { db }: PublicContext,
  channelId: number,
  month: string,
): Promise<[PeriodFigures | null, PeriodFigures | null]> {
  const previous = shiftMonth(month, -1);
  const results = await all<PeriodFigures>(
    db,
    raw(
      `SELECT month AS period, ${FIGURE_COLUMNS} FROM channel_history_monthly
    WHERE channel_id = ?1 AND month IN (?2, ?3)`,
      channelId,
      month,
      previous,
    ),
    'sql',
  );
  return [results.find((r) => r.period === month) ?? null, results.find((r) => r.period === previous) ?? null];
}

/**
 * The 30 days before 'now', defined as the rollup defines 'now': it ends at the latest snapshot on or
 * before now's end − 30 days (now's own base) and starts at the latest one 30 days before that (or
 * the first snapshot). Public data has no watch time, so it takes now's rate per view.
 */
async function previousNow({ db }: PublicContext, channelId: number, now: NowRow): Promise<PeriodFigures | null> {
  const row = await first<GrowthRow>(
    db,
    raw(
      `SELECT e.subscriber_count, e.view_count, e.video_count,
      e.view_count - b.view_count AS monthly_views, e.subscriber_count - b.subscriber_count AS monthly_subs
    FROM (SELECT max(day) AS end_day FROM channel_snapshots
          WHERE channel_id = ?1 AND day <= date(?2, '-${NOW_PERIOD_DAYS} days')) AS p
    JOIN channel_snapshots AS e ON e.channel_id = ?1 AND e.day = p.end_day
    JOIN channel_snapshots AS b ON b.channel_id = ?1 AND b.day = coalesce(
      (SELECT max(day) FROM channel_snapshots WHERE channel_id = ?1 AND day <= date(p.end_day, '-${NOW_PERIOD_DAYS} days')),
      (SELECT min(day) FROM channel_snapshots WHERE channel_id = ?1))`,
      channelId,
      now.day,
    ),
    'sql',
  );
  if (!row) return null;
  return { period: PREVIOUS_NOW, ...row, watch_time_minutes: Math.round(Math.max(row.monthly_views, 0) * watchRate(now)) };
}

/** A period's figures and the one before, with 'now''s snapshot day (null for a month). */
export interface PeriodPair {
  now: PeriodFigures | null;
  last: PeriodFigures | null;
  nowDay: string | null;
}

/**
 * The figures of a period ('now' or 'YYYY-MM') and of the one before; null where the channel has none.
 * @example const { now, last } = await periodFigures(ctx, 42, 'now')
 */
export async function periodFigures(ctx: PublicContext, channelId: number, period: string): Promise<PeriodPair> {
  if (period !== NOW_PERIOD) {
    const [now, last] = await monthFigures(ctx, channelId, period);
    return { now, last, nowDay: null };
  }
  const now = await first<NowRow>(ctx.db, raw(`SELECT day, ${FIGURE_COLUMNS} FROM channel_now WHERE channel_id = ?1`, channelId), 'sql');
  if (!now) return { now: null, last: null, nowDay: null };
  const { day, ...figures } = now;
  return { now: { period: NOW_PERIOD, ...figures }, last: await previousNow(ctx, channelId, now), nowDay: day };
}
