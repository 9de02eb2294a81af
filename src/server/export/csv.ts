// The CSV writer of an ExportTable: RFC 4180 (CRLF, quotes doubled, fields quoted when needed) in
// UTF-8 with a BOM, streamed a chunk of rows at a time. papaparse's unparse does the quoting.
import Papa from 'papaparse';
import { dateValue, labelledTotals, numberValue, textValue } from './cells';
import type { ExportColumn, ExportRow, ExportTable } from './table';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';

/** Rows written per chunk: big enough that the per-chunk overhead vanishes, small enough to stay a few hundred KB. */
export const CSV_CHUNK_ROWS = 1000;
/** Excel and Numbers read a file as UTF-8 only when it starts with the byte order mark. */
const BOM = '\uFEFF';
const CRLF = '\r\n';
const MONEY_DECIMALS = 2;
/**
 * A text field a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe: channel and video titles are written by third parties. A plain signed number
 * ("-12.5") is no formula and stays as it is.
 */
const FORMULA_START = /^[=+\-@\t\r](?![0-9]+(\.[0-9]+)?$)/;

/**
 * The table as a CSV byte stream: the header row, the rows, the totals row ("Total" in the first
 * text column). No title or filter lines, so the file stays machine readable. Numbers are plain
 * (money in dollars with 2 decimals, percent as the percent figure), dates 'YYYY-MM-DD', null empty.
 *
 * @example
 * return new Response(csvStream(table), { headers: { 'Content-Type': CSV_CONTENT_TYPE } });
 */
export function csvStream(table: ExportTable): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const columns = table.columns;
  const rows = table.rows[Symbol.iterator]();
  let started = false;
  let done = false;

  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (done) return;
      const lines: string[][] = [];
      if (!started) lines.push(columns.map((column) => column.header));
      while (lines.length < CSV_CHUNK_ROWS) {
        const next = rows.next();
        if (next.done) {
          done = true;
          if (table.totals) lines.push(csvFields(columns, labelledTotals(columns, table.totals)));
          break;
        }
        lines.push(csvFields(columns, next.value));
      }
      const text = Papa.unparse(lines, { newline: CRLF, escapeFormulae: FORMULA_START });
      if (text.length > 0 || !started) controller.enqueue(encoder.encode(`${started ? '' : BOM}${text}${CRLF}`));
      started = true;
      if (done) controller.close();
    },
    cancel() {
      rows.return?.();
    },
  });
}

/**
 * One row's fields in column order, as the CSV writes them.
 *
 * @example
 * csvFields([{ key: 'revenue', header: 'Revenue', type: 'money' }], { revenue: 12.5 }) // ['12.50']
 */
export function csvFields(columns: readonly ExportColumn[], row: ExportRow): string[] {
  return columns.map((column) => {
    const raw = row[column.key];
    if (column.type === 'text') return textValue(raw) ?? '';
    if (column.type === 'date') return dateValue(column, raw) ?? '';
    const value = numberValue(column, raw);
    if (value === null) return '';
    return column.type === 'money' ? value.toFixed(MONEY_DECIMALS) : plainNumber(value);
  });
}

/** A number in plain decimal notation: never an exponent, which a reader might not parse. */
function plainNumber(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return Math.abs(value) >= 1 ? BigInt(Math.round(value)).toString() : value.toFixed(20).replace(/\.?0+$/, '');
}
