// channel_filter_slices: every channel's position within its country, its category, its language, its
// network, and its country, category and language two or three at once, per period and ranking metric,
// with its position there in the period before, so a ranking page under any of the pages' filters reads
// one to three rows at any depth (migration 0044).
//
// A filter's order is the overall order (channel_positions, written just before) restricted to the
// filter's channels, and its previous positions the previous period's order restricted the same way. So
// the Worker reads the two orders as lists of ids and cuts them by each channel's values in one pass:
// short reads and writes, where ranking each filter in SQL took ≈ 2.5 s of D1 per filter and metric on
// the large seed, and D1 answers nothing else meanwhile (docs/public-stats.md, "Rankings").
import { RANKING_METRIC_KEYS, type RankingMetricKey } from '../../../lib/public/ranking-metrics';
import { previousFiguresSql } from '../../public/rankings/figures';
import {
  STORED_FILTERS,
  storedValueOf,
  toSlices,
  type FilterColumn,
  type RankedList,
  type StoredFilter,
} from '../../public/rankings/filter-slices';
import { rankingOrderSql } from '../../public/rankings/metric-sql';
import { raw, sql, type Fragment } from '../../db/sql';
import { readRows, runBatch, type Runner } from './runner';

/** One filter's value of each channel: `codes[channel id]` is 1 + the value's index in `names`, 0 for none. */
export interface FilterValues {
  codes: Int32Array;
  names: string[];
}

/** Codes each channel's value of one filter as it is read: `set` it, then `values` holds them. */
function valueCoder(maxId: number): { values: FilterValues; set: (id: number, value: string | null) => void } {
  const values: FilterValues = { codes: new Int32Array(maxId + 1), names: [] };
  const index = new Map<string, number>();
  const set = (id: number, value: string | null) => {
    if (value === null) return;
    let code = index.get(value);
    if (code === undefined) {
      code = values.names.push(value);
      index.set(value, code);
    }
    values.codes[id] = code;
  };
  return { values, set };
}

/**
 * One filter's values from (channel id, value) pairs, ids at most maxId (channels' ids are dense rowids).
 * @example filterValues([[3, 'US'], [7, null]], 7).codes[3] // 1
 */
export function filterValues(pairs: Iterable<readonly [number, string | null]>, maxId: number): FilterValues {
  const coder = valueCoder(maxId);
  for (const [id, value] of pairs) coder.set(id, value);
  return coder.values;
}

/** Rows per read of channels or positions: a read's answer stays far below D1's 50 MB. */
const READ_ROWS = 50_000;
/** Characters of slices bound to one insert (D1 binds at most 2 MB of text per value). */
const INSERT_CHARS = 1_000_000;

/**
 * One filter's ranked list per value, from the period's order and the period before's (channel ids,
 * best first). A channel without a value belongs to no list.
 * @example filterLists(Int32Array.of(3, 7), Int32Array.of(7, 3), filterValues([[3, 'US'], [7, 'US']], 7)).get('US')
 * // { channelIds: [3, 7], previousPositions: [2, 1] }
 */
export function filterLists(current: Int32Array, previous: Int32Array, values: FilterValues): Map<string, RankedList> {
  const counts = new Int32Array(values.names.length + 1);
  const previousPositions = new Int32Array(values.codes.length);
  for (const id of previous) {
    const code = values.codes[id] ?? 0;
    if (code === 0) continue;
    counts[code] = counts[code]! + 1;
    previousPositions[id] = counts[code]!;
  }
  const lists = new Map<string, RankedList>();
  for (const id of current) {
    const code = values.codes[id] ?? 0;
    if (code === 0) continue;
    const value = values.names[code - 1]!;
    const list = lists.get(value) ?? { channelIds: [], previousPositions: [] };
    lists.set(value, list);
    list.channelIds.push(id);
    list.previousPositions.push(previousPositions[id] || null);
  }
  return lists;
}

/** Every stored filter's values of every channel, in STORED_FILTERS' order. */
export type ChannelValues = Map<StoredFilter, FilterValues>;

/**
 * Every stored filter's values of every channel, read in pages of READ_ROWS by id: once per rollup run,
 * for all the periods it refreshes.
 * @example const values = await readFilterValues(runner)
 */
export async function readFilterValues(runner: Runner): Promise<ChannelValues> {
  const [top] = await readRows<{ id: number | null }>(runner, raw('SELECT max(id) AS id FROM channels'));
  const coders = STORED_FILTERS.map(() => valueCoder(top?.id ?? 0));
  for (let after = 0; ;) {
    const rows = await readRows<{ id: number } & Record<FilterColumn, string | null>>(
      runner,
      sql`SELECT id, country_code, CAST(category_id AS TEXT) AS category_id, language_code, CAST(network_id AS TEXT) AS network_id
        FROM channels WHERE id > ${after} ORDER BY id LIMIT ${READ_ROWS}`,
    );
    for (const row of rows) STORED_FILTERS.forEach((filter, f) => coders[f]!.set(row.id, storedValueOf(filter, row)));
    if (rows.length < READ_ROWS) break;
    after = rows.at(-1)!.id;
  }
  return new Map(STORED_FILTERS.map((filter, f) => [filter, coders[f]!.values]));
}

/** The period's overall order of a metric, as stored in channel_positions, in pages of READ_ROWS. */
async function readOrder(runner: Runner, period: string, metric: RankingMetricKey): Promise<Int32Array> {
  const ids: number[] = [];
  for (;;) {
    const rows = await readRows<{ channel_id: number }>(
      runner,
      sql`SELECT channel_id FROM channel_positions WHERE period = ${period} AND metric = ${metric}
        AND position > ${ids.length} ORDER BY position LIMIT ${READ_ROWS}`,
    );
    for (const row of rows) ids.push(row.channel_id);
    if (rows.length < READ_ROWS) return Int32Array.from(ids);
  }
}

/**
 * The period before's overall order, ranked from its figures as the pages rank them: every channel
 * ranked then, including those without figures in the period (channel_positions keeps only those with).
 */
async function readPreviousOrder(runner: Runner, period: string, metric: RankingMetricKey): Promise<Int32Array> {
  const order = raw(rankingOrderSql('f', 'channel_id'));
  const rows = await readRows<{ channel_id: number }>(
    runner,
    sql`SELECT f.channel_id FROM (${previousFiguresSql(period, [], metric)}) AS f ORDER BY ${order}`,
  );
  return Int32Array.from(rows, (row) => row.channel_id);
}

/**
 * The inserts of a metric's lists under every filter (filter → value → list), each binding at most
 * INSERT_CHARS of slices as JSON.
 */
function insertsSql(period: string, metric: RankingMetricKey, lists: ReadonlyMap<StoredFilter, Map<string, RankedList>>): Fragment[] {
  const groups: string[][] = [];
  let chars = 0;
  for (const [filter, byValue] of lists) {
    for (const [value, list] of byValue) {
      for (const slice of toSlices(list)) {
        const json = JSON.stringify([filter, value, slice.slice, slice.total, slice.channel_ids, slice.previous_positions]);
        const last = groups.at(-1);
        if (last && chars + json.length < INSERT_CHARS) {
          last.push(json);
          chars += json.length + 1;
        } else {
          groups.push([json]);
          chars = json.length;
        }
      }
    }
  }
  return groups.map(
    (group) => sql`INSERT INTO channel_filter_slices (period, metric, filter, value, slice, total, channel_ids, previous_positions)
    SELECT ${period}, ${metric}, s.value ->> 0, s.value ->> 1, s.value ->> 2, s.value ->> 3, s.value ->> 4, s.value ->> 5
    FROM json_each(${`[${group.join(',')}]`}) AS s`,
  );
}

/**
 * Replaces the period's positions within each filter: one batch per metric (its delete, and inserts of
 * its lists under every filter), so readers see a metric's old or new lists; the first also drops
 * metrics no longer ranked. Reads channel_positions of the period: call it after refreshPositions.
 * @example await refreshFilterPositions(runner, '2026-10', await readFilterValues(runner))
 */
export async function refreshFilterPositions(runner: Runner, period: string, values: ChannelValues): Promise<void> {
  const keys = JSON.stringify(RANKING_METRIC_KEYS);
  for (const [m, metric] of RANKING_METRIC_KEYS.entries()) {
    const current = await readOrder(runner, period, metric);
    const previous = await readPreviousOrder(runner, period, metric);
    const lists = new Map(STORED_FILTERS.map((filter) => [filter, filterLists(current, previous, values.get(filter)!)]));
    await runBatch(runner, [
      ...(m === 0
        ? [sql`DELETE FROM channel_filter_slices WHERE period = ${period} AND metric NOT IN (SELECT value FROM json_each(${keys}))`]
        : []),
      sql`DELETE FROM channel_filter_slices WHERE period = ${period} AND metric = ${metric}`,
      ...insertsSql(period, metric, lists),
    ]);
  }
}
