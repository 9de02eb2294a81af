// The xlsx writer: every cell read back with read-excel-file has the table's value and type, and the
// workbook's XML carries the money, percent, date and bold formats.
import readXlsxFile, { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import type { ExportRow, ExportTable } from './table';
import { CHANNEL_NAMES, DETAILS_COLUMNS, detailsRows, detailsTable } from './test-support/details-table';
import { xlsxCellStyles } from './test-support/xlsx-cells';
import { HttpError } from '../http/errors';
import { sheetName, XLSX_MAX_ROWS, xlsxFile } from './xlsx';

const ROWS = 40;
/** Title, two filter lines, the blank line and the header come before the first row. */
const FIRST_ROW = 5;

async function read(bytes: Uint8Array) {
  // The reader trims text by default; the writer keeps a name's spaces and the test checks that.
  return readSheet(Buffer.from(bytes), { trim: false });
}

/** A cell as read-excel-file gives it back, written out from a fixture value and its column type. */
function expectedCell(type: string, value: ExportRow[string] | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'date') return new Date(`${String(value)}T00:00:00Z`);
  if (type === 'percent') return Number(value) / 100;
  return value;
}

function expectCell(actual: unknown, expected: unknown, where: string) {
  if (typeof expected === 'number') {
    expect(typeof actual, where).toBe('number');
    expect(actual as number, where).toBeCloseTo(expected, 12);
  } else if (expected instanceof Date) {
    expect(actual, where).toBeInstanceOf(Date);
    expect((actual as Date).toISOString(), where).toBe(expected.toISOString());
  } else {
    expect(actual, where).toEqual(expected);
  }
}

describe('xlsxFile', () => {
  it('writes the title, the filters, a blank line and the header above the rows', async () => {
    const table = detailsTable(ROWS);
    const sheet = await read(await xlsxFile(table));
    expect(sheet[0]?.[0]).toBe('Earnings by channel and day');
    expect(sheet[1]?.[0]).toBe('Period: 2026-01-01 – 2026-12-31');
    expect(sheet[2]?.[0]).toBe('Channels: All');
    expect(sheet[3]?.every((cell) => cell === null)).toBe(true);
    expect(sheet[4]).toEqual(['Channel', 'Day', 'Views', 'Watch time (hours)', 'Partner revenue', 'CTR']);
  });

  it('gives back every row cell for cell with its type: text, numbers, dates, nulls', async () => {
    const fixture = [...detailsRows(ROWS)];
    const sheet = await read(await xlsxFile({ ...detailsTable(ROWS), rows: fixture }));
    fixture.forEach((row, r) => {
      DETAILS_COLUMNS.forEach((column, c) => {
        const where = `row ${r} ${column.key}`;
        expectCell(sheet[FIRST_ROW + r]?.[c], expectedCell(column.type, row[column.key]), where);
      });
    });
    // Names that need escaping in XML or are not ASCII survive.
    expect(sheet.slice(FIRST_ROW).map((row) => row[0])).toEqual(expect.arrayContaining(CHANNEL_NAMES));
    // Every fifth CTR is missing in the fixture: an empty cell, not 0.
    expect(sheet[FIRST_ROW]?.[5]).toBeNull();
  });

  it('ends with the bold totals row labelled Total, summed from the rows', async () => {
    const fixture = [...detailsRows(ROWS)];
    let views = 0;
    let revenue = 0;
    for (const row of fixture) {
      views += row.views as number;
      revenue += row.partner_revenue as number;
    }
    const bytes = await xlsxFile(detailsTable(ROWS));
    const sheet = await read(bytes);
    const totals = sheet[FIRST_ROW + ROWS];
    expect(sheet).toHaveLength(FIRST_ROW + ROWS + 1);
    expect(totals?.[0]).toBe('Total');
    expect(totals?.[2]).toBe(views);
    expect(totals?.[4]).toBeCloseTo(revenue, 6);
    expect(totals?.[5]).toBeNull();
    const styles = xlsxCellStyles(bytes);
    const totalsRow = FIRST_ROW + ROWS + 1;
    expect(styles.get(`A${totalsRow}`)).toEqual({ format: null, bold: true });
    expect(styles.get(`C${totalsRow}`)).toEqual({ format: '#,##0', bold: true });
    expect(styles.get(`E${totalsRow}`)).toEqual({ format: '$#,##0.00', bold: true });
  });

  it('formats money as $#,##0.00, percent as %, dates as dates; only the title, header and totals are bold', async () => {
    const styles = xlsxCellStyles(await xlsxFile(detailsTable(ROWS)));
    expect(styles.get('A1')?.bold).toBe(true);
    expect(styles.get('A2')).toEqual({ format: null, bold: false });
    for (const column of 'ABCDEF') expect(styles.get(`${column}5`)?.bold, `header ${column}`).toBe(true);
    for (let row = FIRST_ROW + 1; row <= FIRST_ROW + ROWS; row++) {
      expect(styles.get(`A${row}`)).toEqual({ format: null, bold: false });
      expect(styles.get(`B${row}`)).toEqual({ format: 'yyyy-mm-dd', bold: false });
      expect(styles.get(`C${row}`)).toEqual({ format: '#,##0', bold: false });
      expect(styles.get(`D${row}`)).toEqual({ format: '#,##0.00', bold: false });
      expect(styles.get(`E${row}`)).toEqual({ format: '$#,##0.00', bold: false });
      // Null CTRs (every fifth fixture row) are not written at all.
      if ((row - FIRST_ROW - 1) % 5 !== 0) expect(styles.get(`F${row}`)).toEqual({ format: '0.00%', bold: false });
      else expect(styles.has(`F${row}`)).toBe(false);
    }
  });

  it('names the sheet after the title', async () => {
    const table: ExportTable = { ...detailsTable(1), title: 'Views [by day]: 2026/11 and some more words' };
    const [sheet] = await readXlsxFile(Buffer.from(await xlsxFile(table)));
    expect(sheet?.sheet).toBe('Views by day 202611 and some mo');
  });

  it('writes a table without filters, rows or totals', async () => {
    const table: ExportTable = { ...detailsTable(0), filters: [], totals: null };
    const sheet = await read(await xlsxFile(table));
    expect(sheet.map((row) => row[0])).toEqual(['Earnings by channel and day', null, 'Channel']);
  });

  it('answers 400 past the row limit, reading no further than one row past it', async () => {
    let consumed = 0;
    function* rows() {
      for (const row of detailsRows(XLSX_MAX_ROWS + 100)) {
        consumed++;
        yield row;
      }
    }
    const error = await xlsxFile({ ...detailsTable(0), rows: rows() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).message).toContain('more than 30,000 rows');
    expect(consumed).toBe(XLSX_MAX_ROWS + 1);
  });

  it('refuses a value of the wrong type, naming the column', async () => {
    const table: ExportTable = { ...detailsTable(0), rows: [{ channel: 'A', partner_revenue: '12.50' }] };
    await expect(xlsxFile(table)).rejects.toThrow(/partner_revenue/);
    const badDay: ExportTable = { ...detailsTable(0), rows: [{ channel: 'A', day: '1 Nov 2026' }] };
    await expect(xlsxFile(badDay)).rejects.toThrow(/"day"/);
    const nan: ExportTable = { ...detailsTable(0), rows: [{ channel: 'A', ctr: Number.NaN }] };
    await expect(xlsxFile(nan)).rejects.toThrow(/"ctr"/);
  });
});

describe('sheetName', () => {
  it('drops the characters Excel refuses and keeps 31 characters', () => {
    expect(sheetName('Views [by day]: 2026/11')).toBe('Views by day 202611');
    expect(sheetName('a*b?c\\d')).toBe('abcd');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName("'quoted'")).toBe('quoted');
  });

  it('never halves a character outside the BMP and never answers empty', () => {
    const name = sheetName(`${'a'.repeat(30)}🎵🎵`);
    expect(Array.from(name)).toHaveLength(31);
    expect(name.endsWith('🎵')).toBe(true);
    expect(sheetName('[]:*?/\\')).toBe('Sheet1');
  });
});
