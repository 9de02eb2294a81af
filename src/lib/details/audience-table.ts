// The audience table's rules (docs/partner-area.md, "Details"): its sortable columns, ordering in the
// browser (the audience call answers every channel at once), and the age buckets' labels.
import type { AudienceRow, SortOrder } from '../api/details';

export const AUDIENCE_COLUMNS = ['male_views', 'male_views_percent', 'female_views', 'female_views_percent'] as const;
export type AudienceColumn = 'name' | (typeof AUDIENCE_COLUMNS)[number];

export interface AudienceSort {
  column: AudienceColumn;
  order: SortOrder;
}

/** Largest male audience first until the person sorts. */
export const DEFAULT_AUDIENCE_SORT: AudienceSort = { column: 'male_views', order: 'desc' };

/**
 * The next sort after a click: a new column starts largest first, the same column toggles.
 * @example nextAudienceSort({ column: 'name', order: 'desc' }, 'name') // { column: 'name', order: 'asc' }
 */
export function nextAudienceSort(current: AudienceSort, column: AudienceColumn): AudienceSort {
  if (current.column !== column) return { column, order: 'desc' };
  return { column, order: current.order === 'desc' ? 'asc' : 'desc' };
}

/**
 * Rows in the chosen order; a missing percent sorts below every known one, whichever the direction.
 * @example sortAudience(answer.rows, { column: 'female_views', order: 'asc' })
 */
export function sortAudience(rows: readonly AudienceRow[], sort: AudienceSort): AudienceRow[] {
  const sign = sort.order === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (sort.column === 'name') return sign * a.channel_title.localeCompare(b.channel_title);
    const [x, y] = [a[sort.column], b[sort.column]];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (x - y) || a.channel_title.localeCompare(b.channel_title);
  });
}

/**
 * An age bucket as the table shows it: the oldest one reads 65+.
 * @example ageLabel('65-') // '65+'
 */
export function ageLabel(age: string): string {
  return /^65\b/.test(age) ? '65+' : age;
}

/**
 * A stored audience sort, or null when unreadable.
 * @example parseAudienceSort('female_views:asc') // { column: 'female_views', order: 'asc' }
 */
export function parseAudienceSort(raw: string | null): AudienceSort | null {
  if (!raw) return null;
  const [column, order] = raw.split(':');
  const columns: readonly string[] = ['name', ...AUDIENCE_COLUMNS];
  if (!column || !columns.includes(column) || (order !== 'desc' && order !== 'asc')) return null;
  return { column: column as AudienceColumn, order };
}
