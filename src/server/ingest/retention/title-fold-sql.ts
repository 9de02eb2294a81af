// SQL of the title fold: the next months to fold, the check that their rollups hold their days, the deletes.

/** The two title grains folded into months (migration 0027), with their monthly rollups and cell keys. */
export const FOLDED_GRAINS = [
  { daily: 'channel_title_country_daily', monthly: 'channel_title_country_monthly', keys: ['title_id', 'video_type', 'country_code'] },
  {
    daily: 'channel_title_audience_daily',
    monthly: 'channel_title_audience_monthly',
    keys: ['title_id', 'video_type', 'age_group', 'gender'],
  },
] as const;

type FoldedGrain = (typeof FOLDED_GRAINS)[number];

/** The channels that have rows in a daily table, one index seek each (a skip scan of the primary key). */
function channelsOf(table: string, name: string): string {
  return `${name}(id) AS (SELECT (SELECT min(channel_id) FROM ${table})
  UNION ALL SELECT (SELECT min(channel_id) FROM ${table} WHERE channel_id > ${name}.id) FROM ${name} WHERE ${name}.id IS NOT NULL)`;
}

const firstDay = (table: string) => `coalesce((SELECT min(day) FROM ${table} WHERE channel_id = ch.id), '9999-12-31')`;

/**
 * ?1 the last foldable month, ?2 how many: per channel with title days, the month of its oldest one
 * when that month may be folded. A folded month has no days left, so the data itself is where a pass
 * stands: a run cut off anywhere resumes at the same month, and a re-issued day of a folded month
 * (days written back) comes up again. A channel with a month being unfolded (migration 0029) is left
 * alone until the unfold finishes or is cancelled: its days are coming back from the archive.
 */
export const NEXT_MONTHS = `WITH RECURSIVE ${channelsOf(FOLDED_GRAINS[0].daily, 'a')}, ${channelsOf(FOLDED_GRAINS[1].daily, 'b')},
ch(id) AS (SELECT id FROM a WHERE id IS NOT NULL UNION SELECT id FROM b WHERE id IS NOT NULL)
SELECT channel_id AS channelId, month, EXISTS (SELECT 1 FROM title_folds AS f WHERE f.channel_id = t.channel_id AND f.month = t.month) AS folded
FROM (SELECT ch.id AS channel_id, substr(min(${firstDay(FOLDED_GRAINS[0].daily)}, ${firstDay(FOLDED_GRAINS[1].daily)}), 1, 7) AS month FROM ch) AS t
WHERE month <= ?1
  AND NOT EXISTS (SELECT 1 FROM title_folds AS u WHERE u.channel_id = t.channel_id AND u.unfolding_since IS NOT NULL)
ORDER BY channel_id LIMIT ?2`;

/** The latest fact day of this database (every daily report writes channel_daily). */
export const LATEST_DAY = 'SELECT max(day) AS day FROM channel_daily';

/**
 * ?1 channel, ?2 month: keys whose days sum to something other than the month's row. The title x
 * country month is the plain sum (rollup/fact-metrics.ts), the audience month the rounded sum of cells
 * above zero (load/audience/audience-sql.ts).
 */
function mismatches(grain: FoldedGrain, audience: boolean): string {
  const keys = grain.keys.join(', ');
  const sum = audience ? 'CAST(round(sum(views)) AS INTEGER)' : 'sum(views)';
  const having = audience ? 'HAVING round(sum(views)) > 0' : '';
  const join = grain.keys.map((k) => `m.${k} = d.${k}`).join(' AND ');
  return `(SELECT count(*) FROM (SELECT ${keys}, ${sum} AS views FROM ${grain.daily}
    WHERE channel_id = ?1 AND day BETWEEN ?2 || '-01' AND ?2 || '-31' GROUP BY ${keys} ${having}) AS d
  LEFT JOIN ${grain.monthly} AS m ON m.channel_id = ?1 AND m.month = ?2 AND ${join}
  WHERE m.views IS NOT d.views)`;
}

/**
 * ?1 channel, ?2 month: fails (CHECK) unless both monthly rollups hold the month's days exactly and no
 * load left the month pending: only then may the days go.
 */
export const CHECK_MONTH = `INSERT INTO title_fold_checks (channel_id, mismatches) SELECT ?1,
  ${mismatches(FOLDED_GRAINS[0], false)} + ${mismatches(FOLDED_GRAINS[1], true)}
  + (SELECT count(*) FROM rollup_pending WHERE channel_id = ?1 AND month = ?2)`;

/** ?1 channel, ?2 month, ?3 unix seconds: from here on the month's rows are all there is (triggers of 0027). */
export const MARK_FOLDED = `INSERT INTO title_folds (channel_id, month, folded_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING`;

export const CLEAR_CHECK = 'DELETE FROM title_fold_checks WHERE channel_id = ?1';

/**
 * ?1 channel, ?2 month, ?3 rows: deletes the month's days from its first one up to the day on which
 * ?3 rows are reached (whole days, so at most ?3 plus one day's rows): a bounded statement whatever
 * the channel's size. Only for a folded month.
 */
export function deleteDaysSql(grain: FoldedGrain): string {
  return `DELETE FROM ${grain.daily} WHERE channel_id = ?1 AND day >= ?2 || '-01' AND day <= (
  SELECT max(day) FROM (SELECT day FROM ${grain.daily} WHERE channel_id = ?1 AND day BETWEEN ?2 || '-01' AND ?2 || '-31' ORDER BY day LIMIT ?3))`;
}
