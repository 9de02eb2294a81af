// /stat/get_daily_data: a channel's snapshots in a period with daily deltas, and the series the charts draw.
import { raw } from '../../db/sql';
import { first, all } from '../../db/query';
import { NOW_PERIOD, NOW_PERIOD_DAYS } from '../../ingest/rollup/periods';
import type { PublicContext } from '../context';
import { getSettings } from '../../env';
import { getWindowStart } from '../../ingest/retention/window';
import { requireChannel } from './lookup';
import type { DailyData, DailyRow, DatedValue } from '../../../lib/api/public-channels';

/** The days a period covers: a month's days, or the 30 days to the channel's latest snapshot. */
async function periodDays({ db }: PublicContext, channelId: number, period: string): Promise<{ from: string; to: string } | null> {
  if (period !== NOW_PERIOD) return { from: `${period}-01`, to: `${period}-31` };
  const row = await first<{ from_day: string | null; to_day: string | null }>(
    db,
    raw(
      `SELECT date(max(day), '-${NOW_PERIOD_DAYS - 1} days') AS from_day, max(day) AS to_day
    FROM channel_snapshots WHERE channel_id = ?1`,
      channelId,
    ),
    'sql',
  );
  return row?.from_day && row.to_day ? { from: row.from_day, to: row.to_day } : null;
}

/**
 * Reads the period's snapshots plus the one before it, so the first day also gets its delta; a gap in
 * the snapshots makes the next delta cover the missing days.
 */
async function dailyRows({ db }: PublicContext, channelId: number, from: string, to: string): Promise<DailyRow[]> {
  const results = await all<DailyRow>(
    db,
    raw(
      `SELECT * FROM (
      SELECT day AS updated, subscriber_count, view_count, video_count,
        subscriber_count - lag(subscriber_count) OVER w AS daily_subs,
        view_count - lag(view_count) OVER w AS daily_views,
        video_count - lag(video_count) OVER w AS daily_uploads
      FROM channel_snapshots
      WHERE channel_id = ?1 AND day <= ?3 AND day >= coalesce(
        (SELECT max(day) FROM channel_snapshots WHERE channel_id = ?1 AND day < ?2), ?2)
      WINDOW w AS (ORDER BY day))
    WHERE updated >= ?2 ORDER BY updated DESC`,
      channelId,
      from,
      to,
    ),
    'sql',
  );
  return results;
}

function seriesOf(rows: DailyRow[], pick: (row: DailyRow) => number | null): DatedValue[] {
  return rows
    .filter((row) => pick(row) !== null)
    .map((row) => ({ date: row.updated, value: pick(row) ?? 0 }))
    .reverse();
}

/**
 * The period's days inside the daily window: older days keep only month-end snapshots (docs/sync.md,
 * "Public history retention"), whose differences are months, not days. The same before pruning ran as
 * after, so the page never depends on how far a pass got.
 */
async function clipToWindow(ctx: PublicContext, days: { from: string; to: string }): Promise<{ from: string; to: string } | null> {
  const start = await getWindowStart(ctx.db, getSettings(ctx.env).PUBLIC_SNAPSHOT_DAYS);
  if (!start || days.from >= start) return days;
  return days.to >= start ? { from: start, to: days.to } : null;
}

/**
 * The daily table and chart series of a period (its days inside the daily window); a 404 when the
 * channel is unknown.
 * @example const { rows, series } = await getDailyData(ctx, 'UC0000000000000000000001', '2026-10')
 */
export async function getDailyData(ctx: PublicContext, youtubeId: string, period: string): Promise<DailyData> {
  const channel = await requireChannel(ctx, youtubeId);
  const periodSpan = await periodDays(ctx, channel.id, period);
  const days = periodSpan ? await clipToWindow(ctx, periodSpan) : null;
  const rows = days ? await dailyRows(ctx, channel.id, days.from, days.to) : [];
  return {
    rows,
    series: {
      views: seriesOf(rows, (row) => row.daily_views),
      subs: seriesOf(rows, (row) => row.daily_subs),
      uploads: seriesOf(rows, (row) => row.daily_uploads),
    },
  };
}
