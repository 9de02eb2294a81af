// The export writers inside the Worker runtime (workerd with nodejs_compat, as deployed): a 10,000-row
// details table written to xlsx and CSV and read back. read-excel-file cannot run here (its unzip
// starts a worker thread), so the xlsx is read from its XML; the unit tests read it with the library.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvStream } from '../../../src/server/export/csv';
import { detailsRows, detailsTable } from '../../../src/server/export/test-support/details-table';
import { xlsxCellStyles, xlsxCellValues } from '../../../src/server/export/test-support/xlsx-cells';
import { xlsxFile } from '../../../src/server/export/xlsx';

const ROWS = 10_000;
/** Title, two filter lines, the blank line and the header come before the first row (1-based, as in A6). */
const FIRST_ROW = 6;
/** Excel's serial day number of 1970-01-01 (its day 0 is 1899-12-30). */
const UNIX_EPOCH_SERIAL = 25_569;
const DAY_MS = 86_400_000;

describe('export writers in workerd', () => {
  it('runs inside the Worker runtime', () => {
    expect(navigator.userAgent).toBe('Cloudflare-Workers');
  });

  it('writes a 10,000-row xlsx whose rows, totals and formats read back', async () => {
    let views = 0;
    let revenue = 0;
    for (const row of detailsRows(ROWS)) {
      views += row.views as number;
      revenue += row.partner_revenue as number;
    }
    const bytes = await xlsxFile(detailsTable(ROWS));
    const cells = xlsxCellValues(bytes);
    expect(cells.get('A1')).toBe('Earnings by channel and day');
    expect(cells.get('A2')).toBe('Period: 2026-01-01 – 2026-12-31');
    expect(cells.get('F5')).toBe('CTR');

    let line = FIRST_ROW;
    let readViews = 0;
    for (const row of detailsRows(ROWS)) {
      expect(cells.get(`A${line}`)).toBe(row.channel);
      expect(cells.get(`B${line}`)).toBe(Date.parse(String(row.day)) / DAY_MS + UNIX_EPOCH_SERIAL);
      expect(cells.get(`E${line}`)).toBe(row.partner_revenue);
      readViews += cells.get(`C${line}`) as number;
      line++;
    }
    expect(readViews).toBe(views);
    const totals = FIRST_ROW + ROWS;
    expect(cells.get(`A${totals}`)).toBe('Total');
    expect(cells.get(`C${totals}`)).toBe(views);
    expect(cells.get(`E${totals}`) as number).toBeCloseTo(revenue, 6);
    expect(cells.has(`A${totals + 1}`)).toBe(false);

    const styles = xlsxCellStyles(bytes);
    const last = FIRST_ROW + ROWS - 1;
    expect(styles.get(`B${last}`)).toEqual({ format: 'yyyy-mm-dd', bold: false });
    expect(styles.get(`E${last}`)).toEqual({ format: '$#,##0.00', bold: false });
    expect(styles.get(`F${last}`)).toEqual({ format: '0.00%', bold: false });
    expect(styles.get(`A${FIRST_ROW + ROWS}`)).toEqual({ format: null, bold: true });
  });

  it('streams a 10,000-row CSV that papaparse reads back', async () => {
    const text = await new Response(csvStream(detailsTable(ROWS))).text();
    const data = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { newline: '\r\n', skipEmptyLines: true }).data;
    expect(data).toHaveLength(ROWS + 2);
    let index = 1;
    for (const row of detailsRows(ROWS)) expect(data[index++]?.[0]).toBe(row.channel);
  });
});
