// The profile's property list: the session user's videos published in a period, a page at a time.
import type { ProfileTitleVideos, ProfileVideo, ProfileVideosAnswer } from '../../../lib/api/property';
import { addDays, dayUnix, SECONDS_PER_DAY } from '../../../lib/dates/time';
import { type Fragment, join, raw, sql } from '../../db/sql';
import { allBatch } from '../../db/query';
import { type Scope, scopeCte } from '../../stats/filters';
import type { ProfileVideosInput } from './property-schema';

interface VideoRow {
  video_id: string;
  video_title: string;
  published_at: number | null;
  channel_id: string;
  channel_title: string;
  title_id: number | null;
  title: string | null;
  title_ico: string | null;
}

/**
 * The videos the list keeps: the scope's channels (and titles), published in the period. Videos with
 * no publish date yet (scheduled, private) cannot be placed in a period, so every period keeps them:
 * otherwise they could never be found in the list.
 */
function conditions(scope: Scope, input: ProfileVideosInput): Fragment {
  const parts = [raw('v.channel_id IN (SELECT channel_id FROM scope)')];
  const titles = scope.filters.titles;
  if (titles) parts.push(sql`v.title_id IN (SELECT value FROM json_each(${JSON.stringify(titles)}))`);
  if (input.date_from && input.date_to) {
    const start = dayUnix(input.date_from);
    const end = dayUnix(addDays(input.date_to, 1));
    parts.push(sql`(v.published_at IS NULL OR (v.published_at >= ${start} AND v.published_at < ${end}))`);
  }
  return join(parts, ' AND ');
}

/** The day (UTC) of a publish time in seconds. */
const publishDay = (seconds: number): string => addDays('1970-01-01', Math.floor(seconds / SECONDS_PER_DAY));

/** Consecutive videos of one title as one run, keeping the list's order. */
function runsByTitle(rows: VideoRow[], showTitle: boolean): ProfileTitleVideos[] {
  const runs: ProfileTitleVideos[] = [];
  for (const row of rows) {
    const titleId = showTitle ? row.title_id : null;
    const video: ProfileVideo = {
      video_id: row.video_id,
      video_title: row.video_title,
      video_published: row.published_at === null ? null : publishDay(row.published_at),
      channel_id: row.channel_id,
      channel_title: row.channel_title,
    };
    const last = runs.at(-1);
    if (last && last.title_id === titleId) last.videos.push(video);
    else
      runs.push({
        title_id: titleId,
        title: titleId === null ? null : row.title,
        title_ico: (titleId && row.title_ico) || '',
        videos: [video],
      });
  }
  return runs;
}

/**
 * One page of the user's videos, undated first, then newest first, and how many match in all.
 * scope comes from scopeFor, which drops a titles filter for users without show_title.
 * @example await listProfileVideos(env.DB, scopeFor(user, { channels: body.channels, titles: body.titles }), body, user.showTitle)
 */
export async function listProfileVideos(
  db: D1Database,
  scope: Scope,
  input: ProfileVideosInput,
  showTitle: boolean,
): Promise<ProfileVideosAnswer> {
  const cte = scopeCte(scope);
  const where = conditions(scope, input);
  const offset = (input.page - 1) * input.per_page;
  const [rows, counts] = await allBatch<[VideoRow, { total: number }]>(
    db,
    [
      sql`${cte} SELECT v.video_id, v.video_title, v.published_at, coalesce(c.youtube_id, 'ugc') AS channel_id,
        c.title AS channel_title, v.title_id, t.title, t.icon_url AS title_ico
      FROM videos v JOIN channels c ON c.id = v.channel_id LEFT JOIN titles t ON t.id = v.title_id
      WHERE ${where}
      ORDER BY v.published_at IS NOT NULL, v.published_at DESC, v.video_id
      LIMIT ${input.per_page} OFFSET ${offset}`,
      sql`${cte} SELECT count(*) AS total FROM videos v WHERE ${where}`,
    ],
    'sql',
  );
  return { titles: runsByTitle(rows, showTitle), total: counts[0]?.total ?? 0, page: input.page, per_page: input.per_page };
}
