// SQL of the audience grains: per-day contributions, and the monthly table refreshed from them.
import { channelIdSql } from '../channel-keys';

const SLICES = `SELECT ${channelIdSql('value ->> 0')} AS channel_id, value ->> 1 AS day FROM json_each(?1)`;
const MONTHS = `SELECT DISTINCT ${channelIdSql('value ->> 0')} AS channel_id, value ->> 1 AS month FROM json_each(?1)`;

/** ?1 [channel key, day]: every cell of those days back to zero before the new contributions. */
export const RESET_DAYS = `WITH s AS (${SLICES}) UPDATE channel_audience_daily SET views = 0 FROM s
WHERE channel_audience_daily.channel_id = s.channel_id AND channel_audience_daily.day = s.day`;

/** ?1 [channel key, day, age group, gender, views]. */
export const UPSERT_DAYS = `INSERT INTO channel_audience_daily (channel_id, day, age_group, gender, views)
SELECT ${channelIdSql('value ->> 0')}, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(?1) WHERE true
ON CONFLICT (channel_id, day, age_group, gender) DO UPDATE SET views = excluded.views`;

/** ?1 channel keys, ?3 days (a harmless superset of the slices: zero cells say nothing). */
export const DELETE_ZERO_DAYS = `DELETE FROM channel_audience_daily
WHERE channel_id IN (SELECT ${channelIdSql('value')} FROM json_each(?1)) AND day IN (SELECT value FROM json_each(?3)) AND views = 0`;

/** ?1 [channel key, 'YYYY-MM']: the months being refreshed. */
export const DELETE_MONTHS = `WITH m AS (${MONTHS})
DELETE FROM channel_audience_monthly WHERE (channel_id, month) IN (SELECT channel_id, month FROM m)`;

/** ?1 [channel key, 'YYYY-MM']: each month's cells as the rounded sum of its days' contributions. */
export const INSERT_MONTHS = `INSERT INTO channel_audience_monthly (channel_id, month, age_group, gender, views)
SELECT d.channel_id, m.month, d.age_group, d.gender, CAST(round(sum(d.views)) AS INTEGER)
FROM (${MONTHS}) AS m
JOIN channel_audience_daily AS d ON d.channel_id = m.channel_id AND d.day BETWEEN m.month || '-01' AND m.month || '-31'
GROUP BY d.channel_id, m.month, d.age_group, d.gender
HAVING round(sum(d.views)) > 0`;

// The same for the title grain (migration 0016): cells per title and video type as well.

/** ?1 [channel key, day]. */
export const RESET_TITLE_DAYS = `WITH s AS (${SLICES}) UPDATE channel_title_audience_daily SET views = 0 FROM s
WHERE channel_title_audience_daily.channel_id = s.channel_id AND channel_title_audience_daily.day = s.day`;

/** ?1 [channel key, day, title id, video type, age group, gender, views]. */
export const UPSERT_TITLE_DAYS = `INSERT INTO channel_title_audience_daily (channel_id, day, title_id, video_type, age_group, gender, views)
SELECT ${channelIdSql('value ->> 0')}, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6 FROM json_each(?1) WHERE true
ON CONFLICT (channel_id, day, title_id, video_type, age_group, gender) DO UPDATE SET views = excluded.views`;

/** ?1 channel keys, ?3 days. */
export const DELETE_ZERO_TITLE_DAYS = `DELETE FROM channel_title_audience_daily
WHERE channel_id IN (SELECT ${channelIdSql('value')} FROM json_each(?1)) AND day IN (SELECT value FROM json_each(?3)) AND views = 0`;

/** ?1 [channel key, 'YYYY-MM']. */
export const DELETE_TITLE_MONTHS = `WITH m AS (${MONTHS})
DELETE FROM channel_title_audience_monthly WHERE (channel_id, month) IN (SELECT channel_id, month FROM m)`;

/** ?1 [channel key, 'YYYY-MM']. */
export const INSERT_TITLE_MONTHS = `INSERT INTO channel_title_audience_monthly (channel_id, month, title_id, video_type, age_group, gender, views)
SELECT d.channel_id, m.month, d.title_id, d.video_type, d.age_group, d.gender, CAST(round(sum(d.views)) AS INTEGER)
FROM (${MONTHS}) AS m
JOIN channel_title_audience_daily AS d ON d.channel_id = m.channel_id AND d.day BETWEEN m.month || '-01' AND m.month || '-31'
GROUP BY d.channel_id, m.month, d.title_id, d.video_type, d.age_group, d.gender
HAVING round(sum(d.views)) > 0`;
