// trend_positions.previous_position and best_position, recomputed from the other hours of the same country.
import { chunk, readRows, runBatch, type Runner } from './runner';
import { raw } from '../../db/sql';
import { HOURS_PER_DAY, SECONDS_PER_HOUR } from '../../../lib/dates/time';

/** Touched (country, hour)s one statement handles: each has at most 200 positions. */
const HOURS_PER_STATEMENT = 200;
/** Hours per statement of a full rebuild: 90 days of a 50-video chart is 108,000 rows (two index seeks each). */
const REBUILD_HOURS_PER_STATEMENT = 90 * HOURS_PER_DAY;

// Both read trend_positions_by_video (video_id, country_code, hour). min() because a chart could list
// a video twice in an hour; the best position includes this hour's, so best_position <= position holds.
const SET_POSITIONS = `SET
  previous_position = (SELECT min(p.position) FROM trend_positions AS p
    WHERE p.video_id = trend_positions.video_id AND p.country_code = trend_positions.country_code
      AND p.hour = trend_positions.hour - ${SECONDS_PER_HOUR}),
  best_position = (SELECT min(p.position) FROM trend_positions AS p
    WHERE p.video_id = trend_positions.video_id AND p.country_code = trend_positions.country_code
      AND p.hour <= trend_positions.hour)`;

/**
 * Rows whose previous or best position a changed (country, hour) can move (?1: JSON [[country, hour]]):
 * that hour and the next one, and the later hours of the videos now on that hour's chart.
 */
const REFRESH_SQL = `WITH touched AS (SELECT value ->> 0 AS country, value ->> 1 AS hour FROM json_each(?1)),
targets AS (
  SELECT p.country_code, p.hour, p.position FROM touched AS t
  JOIN trend_positions AS p ON p.country_code = t.country AND p.hour IN (t.hour, t.hour + ${SECONDS_PER_HOUR})
  UNION
  SELECT later.country_code, later.hour, later.position FROM touched AS t
  JOIN trend_positions AS v ON v.country_code = t.country AND v.hour = t.hour
  JOIN trend_positions AS later ON later.video_id = v.video_id AND later.country_code = t.country AND later.hour > t.hour
)
UPDATE trend_positions ${SET_POSITIONS}
WHERE (country_code, hour, position) IN (SELECT country_code, hour, position FROM targets)`;

/** Recomputes previous and best positions around the touched (country, hour)s. */
export async function refreshTrends(runner: Runner, touched: Array<[string, number]>): Promise<void> {
  for (const part of chunk(touched, HOURS_PER_STATEMENT)) {
    await runBatch(runner, [raw(REFRESH_SQL, JSON.stringify(part))]);
  }
}

const REBUILD_SQL = `UPDATE trend_positions ${SET_POSITIONS} WHERE country_code = ?1 AND hour BETWEEN ?2 AND ?3`;

interface CountryHours {
  country: string;
  first: number | null;
  last: number | null;
}

/** Recomputes every row, per country in slices of hours (each statement's work stays bounded). */
export async function rebuildTrends(runner: Runner): Promise<void> {
  const countries = await readRows<CountryHours>(
    runner,
    raw(`SELECT code2 AS country,
    (SELECT min(hour) FROM trend_positions WHERE country_code = code2) AS first,
    (SELECT max(hour) FROM trend_positions WHERE country_code = code2) AS last
  FROM countries`),
  );
  const span = REBUILD_HOURS_PER_STATEMENT * SECONDS_PER_HOUR;
  for (const { country, first, last } of countries) {
    if (first === null || last === null) continue;
    for (let from = first; from <= last; from += span) {
      await runBatch(runner, [raw(REBUILD_SQL, country, from, from + span - SECONDS_PER_HOUR)]);
    }
  }
}
