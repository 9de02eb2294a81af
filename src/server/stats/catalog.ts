// Lists behind the dashboard's filters: latest data day, the user's titles and channels, countries.
import type { ChannelOption, CountryOption, DatesAnswer, TitleOption } from '../../lib/api/stats';
import { raw } from '../db/sql';
import { all } from '../db/query';
import { type StatsDb, statsDbFor } from './stores';
import type { PartnerStoreEnv } from '../partner-store';
import { type Scope, scopeCte } from './filters';
import { MS_PER_SECOND } from '../../lib/dates/time';

/**
 * The latest day with facts: per channel a backwards primary-key scan that stops at the first row
 * (of the requested titles when a titles filter applies).
 * @example await getDates(env.DB, scope)
 */
export async function getDates(db: StatsDb, scope: Scope, now = new Date()): Promise<DatesAnswer> {
  const cte = scopeCte(scope);
  const titles = scope.filters.titles;
  const latest = titles
    ? 'SELECT day FROM channel_title_daily d WHERE d.channel_id = s.channel_id AND d.title_id IN (SELECT value FROM json_each(?)) ORDER BY day DESC LIMIT 1'
    : 'SELECT day FROM channel_daily d WHERE d.channel_id = s.channel_id ORDER BY day DESC LIMIT 1';
  const statement = raw(
    `${cte.sql} SELECT max((${latest})) AS last_day FROM scope s`,
    ...cte.params,
    ...(titles ? [JSON.stringify(titles)] : []),
  );
  const [rows = []] = await db.read([statement]);
  const day = rows[0]?.last_day;
  return { max_date: typeof day === 'string' ? day : null, timestamp: Math.floor(now.getTime() / MS_PER_SECOND) };
}

/**
 * getDates read where the scope's facts live (statsDbFor): the shared D1, or the network stores of a
 * split install.
 * @example const { max_date } = await latestDates(env, scopeFor(user, {}))
 */
export async function latestDates(env: PartnerStoreEnv, scope: Scope, now = new Date()): Promise<DatesAnswer> {
  const stores = await statsDbFor(env, scope);
  return getDates(stores.db, stores.scope, now);
}

/** Titles that have videos on the user's channels (videos_by_channel_title), by name. */
export async function listUserTitles(db: D1Database, scope: Scope): Promise<TitleOption[]> {
  const cte = scopeCte(scope);
  const results = await all<TitleOption>(
    db,
    raw(
      `${cte.sql}
    SELECT t.id AS title_id, t.title, t.icon_url AS title_ico FROM titles t
    WHERE t.id IN (SELECT v.title_id FROM videos v WHERE v.channel_id IN (SELECT channel_id FROM scope) AND v.title_id IS NOT NULL)
    ORDER BY t.title COLLATE NOCASE, t.id`,
      ...cte.params,
    ),
    'sql',
  );
  return results;
}

/**
 * The user's channels with their public counters (channel_now, 0 when the channel is not tracked),
 * in-house first, then by title.
 */
export async function listUserChannels(db: D1Database, scope: Scope): Promise<ChannelOption[]> {
  const cte = scopeCte(scope);
  const results = await all<Omit<ChannelOption, 'channel_icon' | 'is_inhouse' | 'is_ugc'> & { is_inhouse: number; is_ugc: number }>(
    db,
    raw(
      `${cte.sql}
    SELECT coalesce(c.youtube_id, 'ugc') AS channel_id, c.title AS channel_title, c.thumbnail_url,
      coalesce(n.subscriber_count, 0) AS subscriber_count, coalesce(n.monthly_views, 0) AS monthly_views_count,
      c.is_inhouse, c.is_ugc, c.joined_on AS published_date
    FROM channels c LEFT JOIN channel_now n ON n.channel_id = c.id
    WHERE c.id IN (SELECT channel_id FROM scope)
    ORDER BY c.is_inhouse DESC, c.is_ugc, c.title COLLATE NOCASE, c.id`,
      ...cte.params,
    ),
    'sql',
  );
  return results.map((r) => ({ ...r, channel_icon: r.thumbnail_url, is_inhouse: r.is_inhouse === 1, is_ugc: r.is_ugc === 1 }));
}

/** Every country of the reference table, by name (the analytics page's countries filter). */
export async function listCountries(db: D1Database): Promise<CountryOption[]> {
  const results = await all<CountryOption>(db, raw('SELECT name AS country_name, code2 FROM countries ORDER BY name'), 'sql');
  return results;
}
