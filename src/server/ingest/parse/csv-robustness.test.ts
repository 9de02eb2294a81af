// What real downloads do to a CSV (gzip, BOM, CRLF, no final newline, reordering) and bad files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReport, type ParsedReport } from './csv-report';
import { ReportError } from './report-error';
import { readRawCsv, writeRawCsv } from './test-support/raw-csv';
import { syntheticChannelBasicA3 } from './test-support/synthetic';

const FIXTURE = path.resolve(
  import.meta.dirname,
  '../../../..',
  'tests/fixtures/youtube/reporting_csv/channel_basic_a2.from_fivetran_seed.csv',
);
const TEXT = readFileSync(FIXTURE, 'utf8');
const NAME = 'channel_basic_a2_20210727.csv';
const encode = (text: string) => new TextEncoder().encode(text);
const parse = (text: string, name = NAME) => parseReport(name, encode(text), { schemaEveryRow: true });

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function rowsOf(report: ParsedReport) {
  if (report.family !== 'basic') throw new Error(report.family);
  return report.rows;
}

/** Replaces one field of one physical line (1 = header). */
function editField(text: string, line: number, column: string, value: string): string {
  const lines = text.split('\n');
  const at = (lines[0] ?? '').split(',').indexOf(column);
  const cells = (lines[line - 1] ?? '').split(',');
  cells[at] = value;
  lines[line - 1] = cells.join(',');
  return lines.join('\n');
}

async function errorOf(promise: Promise<unknown>): Promise<ReportError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ReportError)) throw new Error(`expected a ReportError, got ${String(error)}`);
  return error;
}

describe('equivalent encodings give identical records', () => {
  it('gzip, BOM, CRLF and a missing final newline', async () => {
    const plain = await parse(TEXT);
    expect(rowsOf(plain)).toHaveLength(200);
    const gzipped = await parseReport(`${NAME}.gz`, await gzip(encode(TEXT)));
    expect(gzipped).toEqual(plain);
    expect(await parse(`\uFEFF${TEXT}`)).toEqual(plain);
    expect(await parse(TEXT.replaceAll('\n', '\r\n'))).toEqual(plain);
    expect(TEXT.endsWith('\n')).toBe(true);
    expect(await parse(TEXT.slice(0, -1))).toEqual(plain);
  });

  it('columns in another order, and unknown columns, change nothing', async () => {
    const plain = await parse(TEXT);
    const table = readRawCsv(TEXT);
    const reversed = [...table.header].reverse();
    expect(await parse(writeRawCsv(table, reversed))).toEqual(plain);
    expect(await parse(writeRawCsv(table, ['brand_new_metric', ...table.header, 'another_one']))).toEqual(plain);
  });
});

describe('values YouTube really sends', () => {
  it('negative likes and dislikes are net values and load as such', async () => {
    const rows = rowsOf(await parse(editField(editField(TEXT, 3, 'likes', '-3'), 4, 'dislikes', '-1')));
    expect(rows[1]?.likes).toBe(-3);
    expect(rows[2]?.dislikes).toBe(-1);
    expect(rows.reduce((s, r) => s + r.likes, 0)).toBe(readRawCsv(TEXT).sum('likes') - 3 - Number(readRawCsv(TEXT).rows[1]?.[8]));
  });

  it('17-significant-digit floats keep every digit JavaScript can hold', async () => {
    const rows = rowsOf(await parse(editField(TEXT, 2, 'watch_time_minutes', '85.756416666666667')));
    expect(rows[0]?.watchTimeMinutes).toBe(85.756416666666667);
    expect(rows[0]?.watchTimeMinutes).toBe(Number('85.756416666666667'));
  });

  it('a header-only file is a day without activity: no rows, no error', async () => {
    const header = TEXT.slice(0, TEXT.indexOf('\n') + 1);
    for (const text of [header, header.trimEnd()]) {
      const report = await parse(text);
      expect(report.rows).toEqual([]);
      expect(report.dates).toEqual([]);
      expect(report.lineCount).toBe(1);
    }
  });

  it('a generated 20,000-row channel_basic_a3 file sums to what it was built from', async () => {
    const { csv, totals } = syntheticChannelBasicA3(20_000, 7);
    const report = await parseReport('channel_basic_a3_20260301.csv', encode(csv));
    const rows = rowsOf(report);
    expect(report.type).toBe('channel_basic_a3');
    expect(rows).toHaveLength(totals.rows);
    expect(rows.reduce((s, r) => s + r.views, 0)).toBe(totals.views);
    expect(rows.reduce((s, r) => s + r.likes, 0)).toBe(totals.likes);
    expect(rows.reduce((s, r) => s + r.subscribersGained, 0)).toBe(totals.subscribersGained);
    expect(report.dates).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
  });
});

describe('a bad file is refused whole, naming file:line and the reason', () => {
  it.each([
    ['views', 'abc', /column views: "abc" is not a whole number/],
    ['views', '1.5', /column views: "1.5" is not a whole number/],
    ['views', '-2', /column views: -2 is negative/],
    ['date', '20210230', /column date: "20210230" is not a date/],
    ['country_code', 'usa', /column country_code: "usa" is not a two-letter country code/],
    ['live_or_on_demand', 'LIVE', /column live_or_on_demand: "LIVE" is not one of live, on_demand/],
    ['watch_time_minutes', 'NaN', /column watch_time_minutes: "NaN" is not a number/],
  ])('%s = %s', async (column, value, reason) => {
    const error = await errorOf(parse(editField(TEXT, 57, column, value)));
    expect(error.line).toBe(57);
    expect(error.message).toMatch(new RegExp(`^${NAME}:57: ${reason.source}`));
  });

  it('counts physical lines through CRLF, blank lines and quoted line breaks', async () => {
    const lines = TEXT.split('\n');
    lines.splice(10, 0, '');
    const crlf = editField(lines.join('\n'), 58, 'views', 'x').replaceAll('\n', '\r\n');
    expect((await errorOf(parse(crlf))).line).toBe(58);
    const quoted = editField(TEXT, 5, 'channel_id', '"UC2vW_-qeIhF1ESszzuH2pyw\nsecond line"');
    expect((await errorOf(parse(editField(quoted, 21, 'views', 'x')))).line).toBe(21);
  });

  it('a row with a missing field', async () => {
    const lines = TEXT.split('\n');
    lines[29] = (lines[29] ?? '').replace(/,[^,]*$/, '');
    const error = await errorOf(parse(lines.join('\n')));
    expect(error.message).toBe(`${NAME}:30: expected 33 fields, found 32`);
  });

  it('a missing required column is named', async () => {
    const table = readRawCsv(TEXT);
    const error = await errorOf(
      parse(
        writeRawCsv(
          table,
          table.header.filter((c) => c !== 'subscribers_lost'),
        ),
      ),
    );
    expect(error.message).toBe(`${NAME}:1: missing required column subscribers_lost (channel_basic_a2)`);
  });

  it('empty, undecodable and truncated-gzip files', async () => {
    expect((await errorOf(parse(''))).message).toBe(`${NAME}: the file is empty (not even a header line)`);
    const latin1 = new Uint8Array([...encode(TEXT.slice(0, 300)), 0xe9, 0x0a]);
    expect((await errorOf(parseReport(NAME, latin1))).message).toBe(`${NAME}: not valid UTF-8 text`);
    const gz = await gzip(encode(TEXT));
    expect((await errorOf(parseReport(NAME, gz.slice(0, 100)))).message).toBe(`${NAME}: not a readable gzip file`);
  });
});
