// Analytics API reports.query results into channel_daily and channel_audience_monthly.
import type { AnalyticsDailyRow } from '../parse';
import type { AnalyticsDemographicsCell } from '../parse/analytics-api';
import { statement } from '../../db/query';
import { raw } from '../../db/sql';
import { pendingStatements } from '../load/report-log';

const PERCENT = 100;

const ENSURE_DAYS = `
INSERT INTO channel_daily (channel_id, day) SELECT ?1, j.value ->> 'day' FROM json_each(?2) AS j WHERE true
ON CONFLICT (channel_id, day) DO NOTHING`;

// A metric the query did not return (null) keeps what the row had, e.g. revenue loaded earlier.
const UPDATE_DAYS = `
UPDATE channel_daily SET
  views = coalesce(j.value ->> 'views', channel_daily.views),
  watch_time_minutes = coalesce(j.value ->> 'watchTimeMinutes', channel_daily.watch_time_minutes),
  likes = coalesce(j.value ->> 'likes', channel_daily.likes),
  dislikes = coalesce(j.value ->> 'dislikes', channel_daily.dislikes),
  comments = coalesce(j.value ->> 'comments', channel_daily.comments),
  shares = coalesce(j.value ->> 'shares', channel_daily.shares),
  subscribers_gained = coalesce(j.value ->> 'subscribersGained', channel_daily.subscribers_gained),
  subscribers_lost = coalesce(j.value ->> 'subscribersLost', channel_daily.subscribers_lost),
  partner_revenue_micros = coalesce(j.value ->> 'revenueMicros', channel_daily.partner_revenue_micros)
FROM json_each(?2) AS j
WHERE channel_daily.channel_id = ?1 AND channel_daily.day = j.value ->> 'day'`;

/**
 * Upserts a channel's `dimensions=day` rows (country or video rows are not this grain and are
 * skipped). Watch time is rounded to whole minutes as everywhere in channel_daily. One batch, which
 * also marks the days' (channel, month) buckets in rollup_pending: a caller cut off before
 * refreshPendingRollups leaves the mark for the next import, cron run or `npm run admin -- rollups`.
 * @example await loadAnalyticsDaily(env.DB, channel.id, toAnalyticsDailyRows(json, { channelId }))
 */
export async function loadAnalyticsDaily(db: D1Database, channelId: number, rows: AnalyticsDailyRow[]): Promise<{ days: string[] }> {
  const dayRows = rows
    .filter((r) => r.countryCode === null && r.videoId === null)
    .map((r) => ({
      day: r.date,
      views: r.views,
      watchTimeMinutes: r.watchTimeMinutes === null ? null : Math.round(r.watchTimeMinutes),
      likes: r.likes,
      dislikes: r.dislikes,
      comments: r.comments,
      shares: r.shares,
      subscribersGained: r.subscribersGained,
      subscribersLost: r.subscribersLost,
      revenueMicros: r.estimatedRevenueMicros,
    }));
  if (dayRows.length === 0) return { days: [] };
  const json = JSON.stringify(dayRows);
  await db.batch([
    statement(db, raw(ENSURE_DAYS, channelId, json)),
    statement(db, raw(UPDATE_DAYS, channelId, json)),
    ...pendingStatements(
      db,
      dayRows.map((r) => [channelId, r.day] as const),
      null,
    ),
  ]);
  return { days: dayRows.map((r) => r.day) };
}

// A month with demographics from Reporting API files (channel_audience_daily) keeps those: they are
// per day and key; the Analytics API's period percentages fill months the reports do not cover.
const NO_REPORT_AUDIENCE = `NOT EXISTS (SELECT 1 FROM channel_audience_daily a
  WHERE a.channel_id = ?1 AND a.day BETWEEN ?2 || '-01' AND ?2 || '-31')`;
const DELETE_MONTH = `DELETE FROM channel_audience_monthly WHERE channel_id = ?1 AND month = ?2 AND ${NO_REPORT_AUDIENCE}`;
// Each cell's share of the period's logged-in views, times the period's views from channel_daily.
const INSERT_MONTH = `
INSERT INTO channel_audience_monthly (channel_id, month, age_group, gender, views)
SELECT ?1, ?2, j.value ->> 'ageGroup', j.value ->> 'gender',
       CAST(round(j.value ->> 'share' * (SELECT coalesce(sum(d.views), 0) FROM channel_daily d
                                         WHERE d.channel_id = ?1 AND d.day BETWEEN ?3 AND ?4) / ${PERCENT}.0) AS INTEGER)
FROM json_each(?5) AS j
WHERE ${NO_REPORT_AUDIENCE}`;

/**
 * Replaces a channel's audience for the month of `from` with a `dimensions=ageGroup,gender`
 * result for the period from..to (inside that month): percentages weighted by the period's views,
 * never averaged. Load the period's daily rows first. A month the report importer has demographics
 * for is left as it is (cells = 0).
 * @example await loadAnalyticsAudience(env.DB, id, { from: '2026-03-01', to: '2026-03-17' }, cells)
 */
export async function loadAnalyticsAudience(
  db: D1Database,
  channelId: number,
  period: { from: string; to: string },
  cells: AnalyticsDemographicsCell[],
): Promise<{ month: string; cells: number }> {
  const month = period.from.slice(0, 7);
  if (period.to.slice(0, 7) !== month) throw new RangeError(`audience period ${period.from}..${period.to} spans months`);
  const shares = new Map<string, { ageGroup: string; gender: string; share: number }>();
  for (const c of cells) {
    const key = `${c.ageGroup}|${c.gender}`;
    const cell = shares.get(key) ?? { ageGroup: c.ageGroup, gender: c.gender, share: 0 };
    cell.share += c.viewerPercentage;
    shares.set(key, cell);
  }
  const [, inserted] = await db.batch([
    statement(db, raw(DELETE_MONTH, channelId, month)),
    statement(db, raw(INSERT_MONTH, channelId, month, period.from, period.to, JSON.stringify([...shares.values()]))),
  ]);
  return { month, cells: inserted?.meta.changes ?? 0 };
}
