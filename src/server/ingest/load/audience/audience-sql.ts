// SQL of the audience grains: per-day contributions, and the monthly table refreshed from them.
import { channelIdSql } from '../channel-keys';
import type { DaysSql } from '../facts/replace-days';

/** An audience grain: its daily (REAL views) and monthly (rounded) tables and the keys before the cell. */
export interface AudienceGrain {
  readonly daily: string;
  readonly monthly: string;
  /** Key columns after (channel_id, day / month) and before (age_group, gender). */
  readonly keys: readonly string[];
}

export const CHANNEL_AUDIENCE: AudienceGrain = { daily: 'channel_audience_daily', monthly: 'channel_audience_monthly', keys: [] };
/** Per title and video type (migration 0016). */
export const TITLE_AUDIENCE: AudienceGrain = {
  daily: 'channel_title_audience_daily',
  monthly: 'channel_title_audience_monthly',
  keys: ['title_id', 'video_type'],
};
/** Per video, titled or not (migration 0047): the video page. */
export const VIDEO_AUDIENCE: AudienceGrain = { daily: 'video_audience_daily', monthly: 'video_audience_monthly', keys: ['video_id'] };

const SLICES = `SELECT ${channelIdSql('value ->> 0')} AS channel_id, value ->> 1 AS day FROM json_each(?1)`;
const MONTHS = `SELECT DISTINCT ${channelIdSql('value ->> 0')} AS channel_id, value ->> 1 AS month FROM json_each(?1)`;

// Table names come from the grains above, never from input.

/**
 * The day statements of a grain: ?1 [channel key, day] resets every cell of those days to zero before the
 * new contributions; ?1 [channel key, day, ...keys, age group, gender, views] upserts; ?1 channel keys and
 * ?3 days delete the cells left zero (a harmless superset of the slices: zero cells say nothing).
 */
export function audienceDaysSql(g: AudienceGrain): DaysSql {
  const keys = ['channel_id', 'day', ...g.keys, 'age_group', 'gender'];
  const values = [...keys.slice(1), 'views'].map((_, i) => `value ->> ${i + 1}`);
  return {
    reset: `WITH s AS (${SLICES}) UPDATE ${g.daily} SET views = 0 FROM s
WHERE ${g.daily}.channel_id = s.channel_id AND ${g.daily}.day = s.day`,
    upsert: `INSERT INTO ${g.daily} (${[...keys, 'views'].join(', ')})
SELECT ${channelIdSql('value ->> 0')}, ${values.join(', ')} FROM json_each(?1) WHERE true
ON CONFLICT (${keys.join(', ')}) DO UPDATE SET views = excluded.views`,
    deleteZero: `DELETE FROM ${g.daily}
WHERE channel_id IN (SELECT ${channelIdSql('value')} FROM json_each(?1)) AND day IN (SELECT value FROM json_each(?3)) AND views = 0`,
  };
}

/** ?1 [channel key, 'YYYY-MM']: the months being refreshed. */
export const deleteMonthsSql = (g: AudienceGrain) => `WITH m AS (${MONTHS})
DELETE FROM ${g.monthly} WHERE (channel_id, month) IN (SELECT channel_id, month FROM m)`;

/** ?1 [channel key, 'YYYY-MM']: each month's cells as the rounded sum of its days' contributions, cells above zero. */
export function insertMonthsSql(g: AudienceGrain): string {
  const keys = [...g.keys, 'age_group', 'gender'];
  return `INSERT INTO ${g.monthly} (channel_id, month, ${keys.join(', ')}, views)
SELECT d.channel_id, m.month, ${keys.map((k) => `d.${k}`).join(', ')}, CAST(round(sum(d.views)) AS INTEGER)
FROM (${MONTHS}) AS m
JOIN ${g.daily} AS d ON d.channel_id = m.channel_id AND d.day BETWEEN m.month || '-01' AND m.month || '-31'
GROUP BY d.channel_id, m.month, ${keys.map((k) => `d.${k}`).join(', ')}
HAVING round(sum(d.views)) > 0`;
}

/** The title months' refresh, which the unfold of a folded title month runs too (retention/title-unfold.ts). */
export const DELETE_TITLE_MONTHS = deleteMonthsSql(TITLE_AUDIENCE);
export const INSERT_TITLE_MONTHS = insertMonthsSql(TITLE_AUDIENCE);
