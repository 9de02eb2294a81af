// SQL of unfolding a folded title month (migration 0029): its channels, its days, the archive that holds
// them, the mark, and the batch that recomputes its two monthly rows from the days a replay wrote back.
import { ARCHIVE_COLUMNS } from '../archive/records';
import { bucketsPerStatement, deleteBucketsSql, FACT_GRAINS, insertBucketsSql } from '../rollup/fact-metrics';

/** ?1 network, ?2 month: the network's channels folded in the month, and since when each is unfolding (or null). */
export const FOLDED_CHANNELS = `SELECT f.channel_id AS channelId, f.unfolding_since AS unfoldingSince FROM title_folds AS f
JOIN channels AS c ON c.id = f.channel_id WHERE c.network_id = ?1 AND f.month = ?2 ORDER BY f.channel_id`;

/** ?1 channel ids (JSON), ?2 month: the days on which those channels have facts (every daily report writes channel_daily). */
export const FACT_DAYS = `SELECT DISTINCT day FROM channel_daily
WHERE channel_id IN (SELECT value FROM json_each(?1)) AND day BETWEEN ?2 || '-01' AND ?2 || '-31' ORDER BY day`;

/** ?1 channel ids (JSON), ?2 month: 1 when the month has title x audience rows (its days need demographics reports). */
export const HAS_AUDIENCE_MONTH = `SELECT EXISTS (SELECT 1 FROM channel_title_audience_monthly
WHERE channel_id IN (SELECT value FROM json_each(?1)) AND month = ?2) AS audience`;

/**
 * ?1 network, ?2 first day, ?3 last day: the network's archived files whose days meet the range (a file
 * with no last day covers its first), with what their last load did.
 */
export const ARCHIVED_IN_RANGE = `SELECT ${ARCHIVE_COLUMNS}, coalesce(last_day, first_day) AS covered_to, load_status, loaded_at
FROM report_archive WHERE state = 'archived' AND network_id = ?1 AND first_day IS NOT NULL
  AND first_day <= ?3 AND coalesce(last_day, first_day) >= ?2 ORDER BY first_day, id`;

/** ?1 channel ids (JSON), ?2 month, ?3 unix seconds: marks their folded month unfolding; a mark set earlier stays. */
export const MARK_UNFOLDING = `UPDATE title_folds SET unfolding_since = coalesce(unfolding_since, ?3)
WHERE month = ?2 AND channel_id IN (SELECT value FROM json_each(?1))`;

/** ?1 channel ids (JSON), ?2 month: the month plainly folded again (the hourly fold deletes the days written back). */
export const CLEAR_UNFOLDING = `UPDATE title_folds SET unfolding_since = NULL
WHERE month = ?2 AND channel_id IN (SELECT value FROM json_each(?1))`;

/** ?1 channel ids (JSON), ?2 month: the fold records go first in the batch, so the triggers of 0027 let the refill through. */
export const DELETE_FOLDS = `DELETE FROM title_folds
WHERE month = ?2 AND unfolding_since IS NOT NULL AND channel_id IN (SELECT value FROM json_each(?1))`;

const TITLE_COUNTRY = FACT_GRAINS.find((g) => g.daily === 'channel_title_country_daily');
if (!TITLE_COUNTRY) throw new Error('FACT_GRAINS lost channel_title_country_daily');

/** ?1 [[channel id, month]]: the title x country months, as the rollup refresh recomputes them (plain sums). */
export const DELETE_COUNTRY_MONTHS = deleteBucketsSql(TITLE_COUNTRY);
export const INSERT_COUNTRY_MONTHS = insertBucketsSql(TITLE_COUNTRY);

/** Channels one finishing batch takes: as many months as one statement of the rollup refresh recomputes. */
export const UNFOLD_CHANNELS_PER_BATCH = bucketsPerStatement(TITLE_COUNTRY);
