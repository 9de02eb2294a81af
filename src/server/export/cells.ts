// What the CSV and xlsx writers share about cells: the totals row's label and the checks that keep a
// value true to its column's type (a wrong value is a bug upstream: it fails loudly, not as a bad file).
import type { ExportColumn, ExportRow, ExportValue } from './table';

/** The label of the totals row, written in its first text column. */
export const TOTAL_LABEL = 'Total';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The totals row with "Total" in its first text column (a table without a text column has no label).
 *
 * @example
 * labelledTotals([{ key: 'channel', header: 'Channel', type: 'text' }], { channel: null }) // { channel: 'Total' }
 */
export function labelledTotals(columns: readonly ExportColumn[], totals: ExportRow): ExportRow {
  const label = columns.find((column) => column.type === 'text');
  return label ? { ...totals, [label.key]: TOTAL_LABEL } : totals;
}

/**
 * A number cell's value: a finite number or null; anything else throws, naming the column.
 *
 * @example
 * numberValue({ key: 'views', header: 'Views', type: 'integer' }, 12) // 12
 */
export function numberValue(column: ExportColumn, value: ExportValue | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`export column "${column.key}" (${column.type}) holds ${String(value)}, not a finite number`);
  }
  return value;
}

/**
 * A date cell's value: 'YYYY-MM-DD' or null; anything else throws, naming the column.
 *
 * @example
 * dateValue({ key: 'day', header: 'Day', type: 'date' }, '2026-11-01') // '2026-11-01'
 */
export function dateValue(column: ExportColumn, value: ExportValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || !ISO_DATE.test(value)) {
    throw new TypeError(`export column "${column.key}" (date) holds ${String(value)}, not a YYYY-MM-DD date`);
  }
  return value;
}

/**
 * A text cell's value: numbers become their decimal text, null stays null.
 *
 * @example
 * textValue('Ülkü – 東京') // 'Ülkü – 東京'
 */
export function textValue(value: ExportValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  return String(value);
}
