// A table to export (the details tables, the analytics page): typed columns, the filters it was made
// with, its rows and totals. csv.ts and xlsx.ts write it; docs/stats.md ("Exports") says how.

/** How a column's cells are written: xlsx cell types and number formats follow from it. */
export type ExportCellType = 'text' | 'integer' | 'decimal' | 'money' | 'percent' | 'date';

export interface ExportColumn {
  key: string;
  header: string;
  type: ExportCellType;
}

/**
 * A cell value as the table holds it: numbers as numbers (money in dollars, percent as the percent
 * figure, 12.5 for 12.5 %), dates as 'YYYY-MM-DD', null for a missing value (N/A).
 */
export type ExportValue = string | number | null;
export type ExportRow = Record<string, ExportValue>;

export interface ExportTable {
  /** The sheet's name and the first line above the table, e.g. 'Earnings by channel'. */
  title: string;
  /** Lines written above the table in the xlsx: the period, filters, grouping and sort. */
  filters: Array<{ label: string; value: string }>;
  columns: ExportColumn[];
  /** In table order; an iterable so a writer can consume it a chunk at a time. */
  rows: Iterable<ExportRow>;
  /** The totals row, written last; null for none. */
  totals: ExportRow | null;
  /** The download's name without its extension, e.g. 'viewdeck-partner_revenue-channels-2026-11-01-2026-11-21'. */
  fileName: string;
}
