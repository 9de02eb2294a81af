// The CSV writer: RFC 4180 text with a BOM that papaparse reads back to the table's rows, streamed
// in chunks, with formula-looking text defused.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_CHUNK_ROWS, csvStream } from './csv';
import type { ExportRow, ExportTable } from './table';
import { CHANNEL_NAMES, DETAILS_COLUMNS, detailsRows, detailsTable } from './test-support/details-table';

const ROWS = 40;

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<{ bytes: Uint8Array; chunks: number }> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { bytes, chunks: parts.length };
}

async function parsed(table: ExportTable): Promise<string[][]> {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode((await bytesOf(csvStream(table))).bytes);
  expect(text.startsWith('\uFEFF')).toBe(true);
  const result = Papa.parse<string[]>(text.slice(1), { newline: '\r\n', skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

/** A fixture row as the CSV should carry it: plain numbers, money with cents, empty for null. */
function expectedFields(row: ExportRow): string[] {
  return DETAILS_COLUMNS.map(({ key, type }) => {
    const value = row[key];
    if (value === null || value === undefined) return '';
    if (type === 'money') return (value as number).toFixed(2);
    return String(value);
  });
}

describe('csvStream', () => {
  it('starts with the UTF-8 BOM and ends every record with CRLF', async () => {
    const { bytes } = await bytesOf(csvStream(detailsTable(3)));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')[0]).toBe('Channel,Day,Views,Watch time (hours),Partner revenue,CTR');
  });

  it('reads back as the header, every row and the totals, names with quotes, commas, breaks and non-ASCII intact', async () => {
    const fixture = [...detailsRows(ROWS)];
    const data = await parsed(detailsTable(ROWS));
    expect(data[0]).toEqual(DETAILS_COLUMNS.map((column) => column.header));
    expect(data.slice(1, 1 + ROWS)).toEqual(fixture.map(expectedFields));
    expect(data.slice(1).map((fields) => fields[0])).toEqual(expect.arrayContaining(CHANNEL_NAMES));
    expect(data).toHaveLength(ROWS + 2);
  });

  it('writes the totals summed from the rows, labelled Total, and no filter lines', async () => {
    let views = 0;
    let revenue = 0;
    for (const row of detailsRows(ROWS)) {
      views += row.views as number;
      revenue += row.partner_revenue as number;
    }
    const data = await parsed(detailsTable(ROWS));
    expect(data.at(-1)).toEqual(['Total', '', String(views), '', revenue.toFixed(2), '']);
    expect(data.some((fields) => fields[0]?.startsWith('Period'))).toBe(false);
  });

  it('quotes only the fields that need it and doubles their quotes', async () => {
    const table: ExportTable = {
      ...detailsTable(0),
      totals: null,
      rows: [{ channel: 'Cooking, "Fast"', day: '2026-11-01', views: 3, watch_hours: 0.5, partner_revenue: 1, ctr: 12.5 }],
    };
    const text = new TextDecoder().decode((await bytesOf(csvStream(table))).bytes);
    expect(text.split('\r\n')[1]).toBe('"Cooking, ""Fast""",2026-11-01,3,0.5,1.00,12.5');
  });

  it('defuses text a spreadsheet would run as a formula, but leaves negative numbers alone', async () => {
    const table: ExportTable = {
      ...detailsTable(0),
      totals: null,
      rows: [
        { channel: '=HYPERLINK("http://x","y")', partner_revenue: -12.5, ctr: -3.25 },
        { channel: '@SUM(A1)', partner_revenue: null, ctr: null },
        { channel: '-12.5', partner_revenue: null, ctr: null },
      ],
    };
    const data = await parsed(table);
    expect(data[1]).toEqual([`'=HYPERLINK("http://x","y")`, '', '', '', '-12.50', '-3.25']);
    expect(data[2]?.[0]).toBe("'@SUM(A1)");
    expect(data[3]?.[0]).toBe('-12.5');
  });

  it('writes numbers plainly, never with an exponent', async () => {
    const table: ExportTable = { ...detailsTable(0), totals: null, rows: [{ watch_hours: 1e-7, views: 1e21 }] };
    const data = await parsed(table);
    expect(data[1]?.[3]).toBe('0.0000001');
    expect(data[1]?.[2]).toBe('1000000000000000000000');
  });

  it('streams a large table in chunks and reads its rows only as the reader pulls', async () => {
    let consumed = 0;
    const total = CSV_CHUNK_ROWS * 3;
    function* counted() {
      for (const row of detailsRows(total)) {
        consumed++;
        yield row;
      }
    }
    const reader = csvStream({ ...detailsTable(0), rows: counted() }).getReader();
    await reader.read();
    expect(consumed).toBeLessThanOrEqual(CSV_CHUNK_ROWS);
    await reader.cancel();

    const { chunks } = await bytesOf(csvStream(detailsTable(total)));
    expect(chunks).toBeGreaterThanOrEqual(3);
  });

  it('refuses a value of the wrong type, naming the column', async () => {
    const table: ExportTable = { ...detailsTable(0), rows: [{ views: 'many' }] };
    await expect(bytesOf(csvStream(table))).rejects.toThrow(/"views"/);
  });
});
