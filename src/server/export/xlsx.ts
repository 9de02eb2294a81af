// The xlsx writer of an ExportTable: typed cells (numbers, real dates, money and percent formats)
// under a title and the table's filters. write-excel-file builds the workbook; docs/stats.md
// ("Exports") says why that library and what the sheet looks like.
import writeXlsxFile, { type CellObject, type Row } from 'write-excel-file/node';
import { badRequest } from '../http/errors';
import { dateValue, labelledTotals, numberValue, textValue } from './cells';
import type { ExportCellType, ExportColumn, ExportRow, ExportTable } from './table';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Rows one xlsx may hold. The workbook is built in memory (about 1.5 KB a row at its peak: cell
 * objects, the sheet's XML, its bytes); 30,000 rows fit in a 48 MB heap, 50,000 do not fit in 64 MB,
 * and a Worker has 128 MB for everything (docs/stats.md, "Exports"). CSV streams and has no such limit.
 */
export const XLSX_MAX_ROWS = 30_000;

export interface XlsxOptions {
  /** The row limit; XLSX_MAX_ROWS unless a benchmark measures what lies past it. */
  maxRows?: number;
}

/** Excel refuses longer sheet names. */
export const SHEET_NAME_MAX_CHARS = 31;
/** Characters Excel refuses in a sheet name. */
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;
const SHEET_NAME_FALLBACK = 'Sheet1';
/** Column widths in characters: wide enough for the longest cell, never wider than this. */
const COLUMN_WIDTH_MAX = 50;
const COLUMN_WIDTH_MIN = 10;
/** Room a number format adds to a value's digits (currency sign, separators, decimals). */
const NUMBER_WIDTH_PADDING = 4;

/** Number formats per column type; text has none. The percent figure is stored as a fraction (12.5 -> 0.125). */
export const XLSX_NUMBER_FORMATS: Record<Exclude<ExportCellType, 'text'>, string> = {
  integer: '#,##0',
  decimal: '#,##0.00',
  money: '$#,##0.00',
  percent: '0.00%',
  date: 'yyyy-mm-dd',
};

const PERCENT = 100;
/** Significant digits a double holds exactly: enough for any percent figure, short of the noise of the division. */
const FRACTION_DIGITS = 15;

/**
 * The table as an .xlsx file: the title, one "label: value" line per filter, a blank line, the bold
 * header row, the rows and the bold totals row (labelled "Total"). Runs in Node and in the Worker.
 * More than XLSX_MAX_ROWS rows answer 400 (an HttpError) before the memory runs out.
 *
 * @example
 * const bytes = await xlsxFile({ title: 'Earnings by channel', filters: [], columns, rows, totals: null, fileName: 'earnings' });
 */
export async function xlsxFile(table: ExportTable, options: XlsxOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const maxRows = options.maxRows ?? XLSX_MAX_ROWS;
  const widths = table.columns.map((column) => Math.max(COLUMN_WIDTH_MIN, column.header.length + 2));
  const data: Row[] = [[{ value: table.title, type: String, fontWeight: 'bold' }]];
  for (const filter of table.filters) data.push([`${filter.label}: ${filter.value}`]);
  data.push([]);
  data.push(table.columns.map((column) => ({ value: column.header, type: String, fontWeight: 'bold' })));
  let count = 0;
  for (const row of table.rows) {
    if (++count > maxRows) throw tooManyRows(maxRows);
    data.push(tableRow(table.columns, row, widths, false));
  }
  if (table.totals) data.push(tableRow(table.columns, labelledTotals(table.columns, table.totals), widths, true));

  const buffer = await writeXlsxFile(data, {
    sheet: sheetName(table.title),
    columns: widths.map((width) => ({ width: Math.min(width, COLUMN_WIDTH_MAX) })),
    // The title, filters and header stay in view while the rows scroll.
    stickyRowsCount: table.filters.length + 3,
  }).toBuffer();
  // A Node Buffer is a view on a plain ArrayBuffer (never a shared one): the same bytes, no copy.
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}

function tooManyRows(maxRows: number) {
  return badRequest(
    `This table has more than ${maxRows.toLocaleString('en-US')} rows, more than one XLS download holds: ` +
      'choose a shorter period or fewer channels, or download it as CSV.',
  );
}

/**
 * The sheet's name from the table's title: Excel's forbidden characters dropped, 31 characters at most.
 *
 * @example
 * sheetName('Views [by day]: 2026/11') // 'Views by day 202611'
 */
export function sheetName(title: string): string {
  const name = title
    .replace(SHEET_NAME_FORBIDDEN, '')
    // Excel also refuses a name that starts or ends with an apostrophe.
    .replace(/^'+|'+$/g, '')
    .trim();
  // Cut by code points so a character outside the BMP is never halved.
  const cut = Array.from(name).slice(0, SHEET_NAME_MAX_CHARS).join('').trim();
  return cut.replace(/'+$/, '') || SHEET_NAME_FALLBACK;
}

function tableRow(columns: readonly ExportColumn[], row: ExportRow, widths: number[], bold: boolean): Row {
  return columns.map((column, index) => {
    const cell = typedCell(column, row);
    if (cell === null) return null;
    widths[index] = Math.max(widths[index] ?? 0, cellWidth(cell));
    return bold ? { ...cell, fontWeight: 'bold' } : cell;
  });
}

function typedCell(column: ExportColumn, row: ExportRow): CellObject | null {
  const raw = row[column.key];
  if (column.type === 'text') {
    const text = textValue(raw);
    return text === null ? null : { value: text, type: String };
  }
  if (column.type === 'date') {
    const day = dateValue(column, raw);
    return day === null ? null : { value: new Date(`${day}T00:00:00Z`), type: Date, format: XLSX_NUMBER_FORMATS.date };
  }
  const value = numberValue(column, raw);
  if (value === null) return null;
  return {
    value: column.type === 'percent' ? fraction(value) : value,
    type: Number,
    format: XLSX_NUMBER_FORMATS[column.type],
  };
}

function cellWidth(cell: CellObject): number {
  if (cell.type === String) return String(cell.value).length + 2;
  if (cell.type === Date) return XLSX_NUMBER_FORMATS.date.length + 2;
  return Math.round(Math.abs(Number(cell.value))).toString().length * 1.3 + NUMBER_WIDTH_PADDING;
}

/** The percent figure as the fraction Excel's % format expects, without float noise (3.7 -> 0.037, not 0.037000000000000005). */
function fraction(percent: number): number {
  return Number((percent / PERCENT).toPrecision(FRACTION_DIGITS));
}
