// POST /api/stat/engagement: comments, likes, dislikes, watch time, average view duration, videos published,
// thumbnail impressions and their click-through rate.
import { dayUnix, addDays, SECONDS_PER_MINUTE } from '../../lib/dates/time';
import { and, type Fragment, raw, sql } from '../db/sql';
import { boundsSql } from './bounds';
import { grainFor, type Scope, scopeCte } from './filters';
import { compileStatQuery, type DayRange } from './query';
import type { EngagementAnswer, EngagementFigures } from '../../lib/api/stats';
import type { StatRequest } from './request';
import { type StatRow, totalOf } from './runner';
import type { Statement } from './statements';
import type { StatsDb } from './stores';

const ENGAGEMENT_METRICS = ['comments', 'likes', 'dislikes', 'watch_time', 'views'] as const;
/** Reach is stored at the channel and title grains only: a countries filter leaves it out. */
const REACH_METRICS = ['impressions', 'impression_clicks'] as const;
const PERCENT_HUNDREDTHS = 10_000;

/**
 * Videos published in the range on the scope's channels (titles and video type applied; seeks
 * videos_by_channel). A lifetime's range is its first..last fact day (today without facts), read in
 * the same statement (bounds.ts), so it costs no round trip of its own.
 */
function videoCountStatement(scope: Scope, range: DayRange | { lifetime: string }): Fragment {
  return videoCountSql(scope, range);
}

function videoCountSql(scope: Scope, range: DayRange | { lifetime: string }): Fragment {
  const conditions =
    'lifetime' in range
      ? [
          sql`channel_id IN (SELECT channel_id FROM scope)
    AND published_at >= coalesce((SELECT unixepoch(first_day) FROM bounds), ${dayUnix(range.lifetime)})
    AND published_at < coalesce((SELECT unixepoch(last_day, '+1 day') FROM bounds), ${dayUnix(addDays(range.lifetime, 1))})`,
        ]
      : [
          sql`channel_id IN (SELECT channel_id FROM scope)
    AND published_at >= ${dayUnix(range.from)} AND published_at < ${dayUnix(addDays(range.to, 1))}`,
        ];
  if (scope.filters.titles) conditions.push(sql`title_id IN (SELECT value FROM json_each(${JSON.stringify(scope.filters.titles)}))`);
  if (scope.filters.typeVideo) conditions.push(sql`type = ${scope.filters.typeVideo}`);
  const bounds = 'lifetime' in range ? raw(`, bounds AS (${boundsSql()})`) : raw('');
  return sql`${scopeCte(scope)}${bounds}
    SELECT count(*) AS video_count FROM videos WHERE ${and(conditions)}`;
}

function figuresOf(sums: StatRow[], videos: StatRow[], reach: boolean): EngagementFigures {
  const views = totalOf(sums, 'views');
  const minutes = totalOf(sums, 'watch_time');
  const impressions = reach ? totalOf(sums, 'impressions') : null;
  const clicks = totalOf(sums, 'impression_clicks');
  return {
    comments: totalOf(sums, 'comments'),
    likes: totalOf(sums, 'likes'),
    dislikes: totalOf(sums, 'dislikes'),
    watch_time_minutes: minutes,
    average_view_duration_seconds: views > 0 ? Math.round((minutes * SECONDS_PER_MINUTE) / views) : 0,
    video_count: Number(videos[0]?.video_count ?? 0),
    impressions,
    // Rounded once, from the sums: a ratio of the period's clicks to its impressions, not a mean of days.
    impressions_ctr: impressions ? Math.round((clicks * PERCENT_HUNDREDTHS) / impressions) / 100 : null,
  };
}

/**
 * Sums (whole months from the rollups) and the video count, for the range and the comparison, in one batch.
 * @example await getEngagement(env.DB, request)
 */
export async function getEngagement(db: StatsDb, req: StatRequest): Promise<EngagementAnswer> {
  const { scope, range, compare } = req;
  const reach = grainFor(scope.filters) !== 'country';
  const metrics = reach ? [...ENGAGEMENT_METRICS, ...REACH_METRICS] : ENGAGEMENT_METRICS;
  const sums = (r: DayRange) => compileStatQuery({ scope, metrics, dimensions: [], range: r, horizon: req.today });
  const published = req.pendingBounds ? { lifetime: req.today } : range;
  const statements: Statement[] = [sums(req.sumRange), videoCountStatement(scope, published)];
  if (compare) statements.push(sums(compare), videoCountStatement(scope, compare));
  const [main = [], videos = [], compareSums, compareVideos = []] = await db.read(statements);
  return { ...figuresOf(main, videos, reach), compare: compareSums ? figuresOf(compareSums, compareVideos, reach) : null };
}
