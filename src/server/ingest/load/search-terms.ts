// YouTube search terms of a traffic source file (traffic_source_type 5, the term in traffic_source_detail):
// per (channel, day) its SEARCH_TERMS_PER_DAY terms with the most views and one row of the rest (term ''),
// so a channel-day's rows add up exactly to its YouTube search views and watch time in channel_traffic_daily.
import type { TrafficSourceRow } from '../parse';
import { channelIdSql, keyValue, type ChannelKey, type KnownChannels } from './channel-keys';
import { ownChannel } from './facts/basic';
import { chunkStatements } from './json-chunks';
import type { ReportPlan } from './plan';

/** The traffic source code of YouTube search (src/lib/traffic/source-types.ts). */
export const YOUTUBE_SEARCH = 5;
/**
 * Terms kept per channel-day; the rest are summed into the '' row. Bounds the table at 51 rows a
 * channel-day (docs/data-model.md, "Search terms (0050)", for the size this gives).
 */
export const SEARCH_TERMS_PER_DAY = 50;
/** The longest term stored (characters); a longer one is counted under "other terms", never cut into another term. */
export const SEARCH_TERM_MAX_LENGTH = 200;
/** The term of the row that holds the rest: terms outside the day's top list, unnamed searches, overlong terms. */
export const OTHER_TERMS = '';

/** [channel key, day, term, views, watch time minutes (whole)]. */
export type SearchTermRow = [ChannelKey, string, string, number, number];

interface TermSums {
  views: number;
  minutes: number;
}

/**
 * The term a report's detail is stored under: trimmed, as YouTube wrote it otherwise (case kept);
 * OTHER_TERMS for none (YouTube leaves it empty under its privacy thresholds) or one past the bound.
 * @example storedTerm('  lofi beats ') // 'lofi beats'
 */
export function storedTerm(detail: string | null): string {
  const term = (detail ?? '').trim();
  return [...term].length > SEARCH_TERM_MAX_LENGTH ? OTHER_TERMS : term;
}

/**
 * Whole minutes for exact ones that add up to the rounded total (largest remainders): the terms' watch
 * time then sums to the channel-day's search watch time, which is rounded once from the same rows.
 * @example wholeMinutes([1.5, 1.5, 1]) // [2, 1, 1]
 */
export function wholeMinutes(exact: readonly number[]): number[] {
  const total = Math.round(exact.reduce((a, b) => a + b, 0));
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}

/** A channel-day's terms: the top list by views (ties by watch time, then term), then the '' row of the rest. */
function sliceRows(key: ChannelKey, day: string, terms: ReadonlyMap<string, TermSums>): SearchTermRow[] {
  const named = [...terms].filter(([term]) => term !== OTHER_TERMS);
  named.sort(([ta, a], [tb, b]) => b.views - a.views || b.minutes - a.minutes || (ta < tb ? -1 : ta > tb ? 1 : 0));
  const kept = named.slice(0, SEARCH_TERMS_PER_DAY);
  const other: TermSums = { ...(terms.get(OTHER_TERMS) ?? { views: 0, minutes: 0 }) };
  for (const [, sums] of named.slice(SEARCH_TERMS_PER_DAY)) {
    other.views += sums.views;
    other.minutes += sums.minutes;
  }
  const all: Array<[string, TermSums]> = [...kept, [OTHER_TERMS, other]];
  const minutes = wholeMinutes(all.map(([, sums]) => sums.minutes));
  return all
    .map(([term, sums], i): SearchTermRow => [key, day, term, sums.views, minutes[i] ?? 0])
    .filter(([, , , views, whole]) => views !== 0 || whole !== 0);
}

/**
 * The file's YouTube search rows summed per (channel, day, term) and bounded per channel-day. Claimed
 * third-party copies count for the UGC channel, as in the traffic grains.
 * @example searchTermRows(report.rows) // [['UC…', '2026-03-01', 'lofi beats', 120, 300], ['UC…', '2026-03-01', '', 40, 90]]
 */
export function searchTermRows(rows: readonly TrafficSourceRow[]): SearchTermRow[] {
  const slices = new Map<string, { key: ChannelKey; day: string; terms: Map<string, TermSums> }>();
  for (const row of rows) {
    if (row.sourceType !== YOUTUBE_SEARCH) continue;
    const key = ownChannel(row);
    const id = `${key ?? ''}|${row.date}`;
    const slice = slices.get(id) ?? { key, day: row.date, terms: new Map<string, TermSums>() };
    slices.set(id, slice);
    const term = storedTerm(row.sourceDetail);
    const sums = slice.terms.get(term) ?? { views: 0, minutes: 0 };
    sums.views += row.views;
    sums.minutes += row.watchTimeMinutes;
    slice.terms.set(term, sums);
  }
  return [...slices.values()].flatMap((s) => sliceRows(s.key, s.day, s.terms));
}

const TABLE = 'channel_search_term_daily';

/** ?1 [channel key, day]: every term row of the file's slices (a re-issued day replaces its terms whole). */
const DELETE_SLICES = `DELETE FROM ${TABLE} WHERE (channel_id, day) IN (
  SELECT ${channelIdSql('value ->> 0')}, value ->> 1 FROM json_each(?1))`;

/** ?1 SearchTermRow JSON (the channel as keyValue wrote it). */
const INSERT_ROWS = `INSERT INTO ${TABLE} (channel_id, day, term, views, watch_time_minutes)
SELECT ${channelIdSql('value ->> 0')}, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(?1)`;

/**
 * The statements that replace the file's slices' search terms: delete every row of each slice, then
 * insert the file's rows (after the channels the batch creates, as the traffic grains are written).
 * @example plan.statements.push(...searchTermStatements(db, networkId, known, sliceJson, rows))
 */
export function searchTermStatements(
  db: D1Database,
  networkId: number | null,
  known: KnownChannels,
  sliceJson: readonly string[],
  rows: readonly SearchTermRow[],
): D1PreparedStatement[] {
  const json = rows.map(([key, ...rest]) => JSON.stringify([keyValue(key, known), ...rest]));
  return [...chunkStatements(db, DELETE_SLICES, sliceJson, networkId), ...chunkStatements(db, INSERT_ROWS, json, networkId)];
}

/**
 * A traffic source file's plan with its search terms written after its traffic grains, over the same
 * slices (a re-issued day's terms replaced whole, in the same batch).
 * @example return withSearchTerms(await planTrafficSource(ctx, report), report.rows)
 */
export function withSearchTerms(plan: ReportPlan, rows: readonly TrafficSourceRow[]): ReportPlan {
  const terms = searchTermRows(rows);
  const sliceJson = plan.slices.map((slice) => JSON.stringify(slice));
  return {
    ...plan,
    statements: (db, networkId, now, known) => [
      ...plan.statements(db, networkId, now, known),
      ...searchTermStatements(db, networkId, known, sliceJson, terms),
    ],
  };
}
