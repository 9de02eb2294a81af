// Videos published in a range, per channel or title of the analytics table (the video_count figure).
import { addDays, dayUnix } from '../../../lib/dates/time';
import { and, type Fragment, raw, sql } from '../../db/sql';
import { type Scope, scopeCte } from '../filters';
import type { DayRange } from '../query';

/**
 * Videos of the scope's channels published in the range (the titles and video type filters applied;
 * seeks videos_by_channel), as `video_count`, per `key` when grouped by channel or title. By title,
 * videos without a title are left out, as their figures are (the title grain holds titled videos only).
 * @example videoCountStatement(scope, { from: '2026-01-01', to: '2026-01-31' }, 'title')
 */
export function videoCountStatement(scope: Scope, range: DayRange, by: 'channel' | 'title' | null, titledOnly = by === 'title'): Fragment {
  const conditions = [
    sql`channel_id IN (SELECT channel_id FROM scope) AND published_at >= ${dayUnix(range.from)} AND published_at < ${dayUnix(addDays(range.to, 1))}`,
  ];
  const { titles, typeVideo } = scope.filters;
  if (titles) conditions.push(sql`title_id IN (SELECT value FROM json_each(${JSON.stringify(titles)}))`);
  if (typeVideo) conditions.push(sql`type = ${typeVideo}`);
  if (titledOnly) conditions.push(raw('title_id IS NOT NULL'));
  const key = by === 'channel' ? 'channel_id' : by === 'title' ? 'title_id' : null;
  const select = key ? raw(`${key} AS key, count(*) AS video_count`) : raw('count(*) AS video_count');
  const group = key ? raw(` GROUP BY ${key}`) : raw('');
  return sql`${scopeCte(scope)}
    SELECT ${select} FROM videos WHERE ${and(conditions)}${group}`;
}
