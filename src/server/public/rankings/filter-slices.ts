// A filter's ranking as channel_filter_slices stores it (migration 0044): SLICE_SIZE consecutive positions
// a row, their channels and previous positions as comma-separated text. The rollups cut a ranked list
// into slices (filter-positions.ts); a ranking page reads the one or two slices its rows fall in.

/** Positions per stored slice: a page of 100 or 200 rows at any depth is within one or two slices. */
export const SLICE_SIZE = 1000;

/** The channel columns lists are stored by, in the order a stored filter's name and value list them. */
export const FILTER_COLUMNS = ['country_code', 'category_id', 'language_code', 'network_id'] as const;
export type FilterColumn = (typeof FILTER_COLUMNS)[number];

/**
 * Every filter whose lists are stored: each column alone (a network page is network_id), and the
 * rankings pages' country, category and language two or three at once, so no page ranks on the fly.
 */
export const STORED_FILTERS = [
  'country_code',
  'category_id',
  'language_code',
  'network_id',
  'country_code+category_id',
  'country_code+language_code',
  'category_id+language_code',
  'country_code+category_id+language_code',
] as const;
export type StoredFilter = (typeof STORED_FILTERS)[number];

const isFilterColumn = (column: string): column is FilterColumn => (FILTER_COLUMNS as readonly string[]).includes(column);

/**
 * The stored filter and value that answer a page's conditions (columns and values joined in
 * FILTER_COLUMNS' order), or null when no stored list does (a list of ids, a column twice, none).
 * @example storedFilterOf([{ column: 'language_code', value: 'en' }, { column: 'country_code', value: 'US' }])
 * // { filter: 'country_code+language_code', value: 'US|en' }
 */
export function storedFilterOf(
  conditions: readonly { column: string; value: string | number }[],
): { filter: StoredFilter; value: string } | null {
  if (!conditions.every((c) => isFilterColumn(c.column))) return null;
  const order = (column: string) => FILTER_COLUMNS.indexOf(column as FilterColumn);
  const sorted = [...conditions].sort((a, b) => order(a.column) - order(b.column));
  const filter = sorted.map((c) => c.column).join('+');
  if (!(STORED_FILTERS as readonly string[]).includes(filter)) return null;
  return { filter: filter as StoredFilter, value: sorted.map((c) => String(c.value)).join('|') };
}

/**
 * A channel's value of a stored filter from its columns' values, or null when it lacks one of them.
 * @example storedValueOf('country_code+language_code', { country_code: 'US', category_id: '10', language_code: 'en', network_id: null }) // 'US|en'
 */
export function storedValueOf(filter: StoredFilter, channel: Readonly<Record<FilterColumn, string | null>>): string | null {
  const parts = filter.split('+').map((column) => channel[column as FilterColumn]);
  return parts.every((part): part is string => part !== null) ? parts.join('|') : null;
}

/** A filter value's ranking: its channels in order and each one's previous position (null: unranked then). */
export interface RankedList {
  channelIds: number[];
  previousPositions: (number | null)[];
}

/** One stored row's content, as channel_filter_slices' columns. */
export interface FilterSlice {
  slice: number;
  total: number;
  channel_ids: string;
  previous_positions: string;
}

/** A position read back from the slices. */
export interface SlicedPosition {
  position: number;
  channelId: number;
  previousPosition: number | null;
}

/**
 * The list cut into slices of `size` positions.
 * @example toSlices({ channelIds: [7, 3, 9], previousPositions: [2, null, 1] }, 2)
 * // [{ slice: 0, total: 3, channel_ids: '7,3', previous_positions: '2,' }, { slice: 1, total: 3, channel_ids: '9', previous_positions: '1' }]
 */
export function toSlices(list: RankedList, size = SLICE_SIZE): FilterSlice[] {
  const total = list.channelIds.length;
  const slices: FilterSlice[] = [];
  for (let start = 0; start < total; start += size) {
    slices.push({
      slice: start / size,
      total,
      channel_ids: list.channelIds.slice(start, start + size).join(','),
      previous_positions: list.previousPositions
        .slice(start, start + size)
        .map((p) => p ?? '')
        .join(','),
    });
  }
  return slices;
}

/**
 * The slices holding positions offset + 1 to offset + limit, first and last (a page past the end asks
 * for slices that do not exist, and gets no rows).
 * @example sliceRange(1950, 100) // [1, 2]
 */
export function sliceRange(offset: number, limit: number, size = SLICE_SIZE): [number, number] {
  return [Math.floor(offset / size), Math.floor((offset + limit - 1) / size)];
}

/**
 * Positions offset + 1 to offset + limit from the slices read (any order; others are ignored).
 * @example pagePositions([{ slice: 0, total: 3, channel_ids: '7,3,9', previous_positions: '2,,1' }], 1, 5)
 * // [{ position: 2, channelId: 3, previousPosition: null }, { position: 3, channelId: 9, previousPosition: 1 }]
 */
export function pagePositions(slices: readonly FilterSlice[], offset: number, limit: number, size = SLICE_SIZE): SlicedPosition[] {
  const rows: SlicedPosition[] = [];
  for (const slice of [...slices].sort((a, b) => a.slice - b.slice)) {
    const ids = slice.channel_ids.split(',');
    const previous = slice.previous_positions.split(',');
    ids.forEach((id, i) => {
      const position = slice.slice * size + i + 1;
      if (position <= offset || position > offset + limit) return;
      rows.push({ position, channelId: Number(id), previousPosition: previous[i] ? Number(previous[i]) : null });
    });
  }
  return rows;
}
