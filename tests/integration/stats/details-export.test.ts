// The details downloads (GET /api/stat/details?to_csv=true, GET /api/stat/details/xlsx): every row of the
// table in its order with the same figures as the table call, typed cells in the xlsx, the filters above
// it, scoped like the table, and 400s naming the field.
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DetailRow, DetailsAnswer } from '../../../src/lib/api/details';
import { xlsxCellValues } from '../../../src/server/export/test-support/xlsx-cells';
import { call } from '../http';
import { data, sumsBy } from './details-expect';
import { buildWorld, within, type World } from './world';

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});

const CUT = { date_from: '2026-02-03', date_to: '2026-03-08' };
const query = (params: Record<string, string>) => new URLSearchParams({ ...CUT, ...params }).toString();

async function download(session: string, path: string): Promise<Response> {
  const res = await call(path, { session });
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return res;
}

/** The CSV's records: header first; the BOM checked and dropped. */
async function csvRecords(session: string, params: Record<string, string>): Promise<string[][]> {
  const res = await download(session, `/api/stat/details?to_csv=true&${query(params)}`);
  expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
  expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename=/);
  const text = await res.text();
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
}

/** Every row of the table call, all pages. */
async function tableRows(session: string, body: Record<string, unknown>): Promise<DetailsAnswer> {
  return data<DetailsAnswer>(session, '/api/stat/details', { ...CUT, ...body, per_page: 100 });
}

describe('CSV download', () => {
  it('holds every row of the table in its order, with its figures, then the totals', async () => {
    const params = { top_field: 'views', group: 'countries', sort: 'views', order: 'asc' };
    const [header, ...records] = await csvRecords(w.a.session, params);
    expect(header).toEqual([
      'Country',
      'RPM (earnings per 1,000 views)',
      'SVR (subscribers per 1,000 views)',
      'AVD (seconds)',
      'Views',
      'Share',
    ]);
    const table = await tableRows(w.a.session, { top_field: 'views', group: 'countries', sort: 'views', order: 'asc' });
    const totals = records.pop();
    const cell = (value: number | null, decimals?: number) =>
      value === null ? '' : decimals === undefined ? String(value) : value.toFixed(decimals);
    expect(records).toEqual(
      table.rows.map((r: DetailRow) => [
        r.name,
        cell(r.rpm, 2),
        cell(r.svr),
        cell(r.average_view_duration_seconds),
        cell(r.views),
        cell(r.percent, 2),
      ]),
    );
    // Views per country summed from the fixture rows, independently of the code under test.
    const mine = within([w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id], CUT.date_from, CUT.date_to);
    const views = sumsBy(w.country.filter(mine), (r) => String(r.country_code));
    const ascending = [...views.values()].map((s) => String(s.views)).sort((a, b) => Number(a) - Number(b));
    expect(records.map((r) => r[4])).toEqual(ascending);
    expect(totals?.[0]).toBe('Total');
    expect(totals?.[4]).toBe(String([...views.values()].reduce((s, v) => s + v.views, 0)));
  });

  it("never holds another user's channels, even when asked for by id", async () => {
    const [, ...records] = await csvRecords(w.b.session, { top_field: 'partner_revenue', channels: `${w.ch1.key},${w.chB.key}` });
    records.pop();
    const table = await tableRows(w.b.session, { top_field: 'partner_revenue', channels: [w.chB.key] });
    expect(records.map((r) => r[0])).toEqual(table.rows.map((r) => r.name));
    expect(table.rows.map((r) => r.key)).toEqual([w.chB.key]);
  });
});

describe('xlsx download', () => {
  /** Title, four filter lines (no titles or countries filter), a blank line, then the header (1-based rows). */
  const HEADER_ROW = 7;
  const UNIX_EPOCH_SERIAL = 25_569;

  it('writes the table as typed cells under its filters', async () => {
    const params = { top_field: 'partner_revenue', group: 'channels' };
    const res = await download(w.a.session, `/api/stat/details/xlsx?${query(params)}`);
    expect(res.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const cells = xlsxCellValues(new Uint8Array(await res.arrayBuffer()));
    expect(cells.get('A1')).toBe('Earnings by channel');
    expect(cells.get('A2')).toBe(`Period: ${CUT.date_from} – ${CUT.date_to}`);
    expect(cells.get('A3')).toBe('Channels: All');
    expect(cells.get('A4')).toBe('Grouped by: Channel');
    expect(cells.get('A5')).toBe('Sorted by: Earnings, descending');
    expect(cells.get(`A${HEADER_ROW}`)).toBe('Channel');
    const table = await tableRows(w.a.session, params);
    // Columns: Channel, Joined network, Subscribers, Views, RPM, SVR, AVD, Earnings, Share.
    table.rows.forEach((row, i) => {
      const n = HEADER_ROW + 1 + i;
      expect(cells.get(`A${n}`)).toBe(row.name);
      const joined = row.channel_date ? Date.parse(row.channel_date) / 86_400_000 + UNIX_EPOCH_SERIAL : undefined;
      expect(cells.get(`B${n}`)).toBe(joined);
      expect(cells.get(`C${n}`)).toBe(row.subscribers);
      expect(cells.get(`D${n}`)).toBe(row.views);
      expect(cells.get(`E${n}`)).toBe(row.rpm ?? undefined);
      expect(cells.get(`H${n}`)).toBe(row.partner_revenue);
      // A percent cell holds the fraction its format shows as a percent.
      expect(cells.get(`I${n}`)).toBeCloseTo((row.percent ?? 0) / 100, 12);
    });
    const last = HEADER_ROW + 1 + table.rows.length;
    expect(cells.get(`A${last}`)).toBe('Total');
    expect(cells.get(`D${last}`)).toBe(table.totals.views);
    expect(cells.get(`H${last}`)).toBe(table.totals.partner_revenue);
  });
});

describe('download refusals', () => {
  it('names the field it cannot accept, and changes nothing', async () => {
    const cases: Array<[string, RegExp]> = [
      [`/api/stat/details?to_csv=true&${query({ group: 'countries' })}`, /top_field/],
      [`/api/stat/details?${query({ top_field: 'views' })}`, /to_csv/],
      [`/api/stat/details/xlsx?${query({ top_field: 'views', titles: '1,x' })}`, /titles/],
      [`/api/stat/details/xlsx?${query({ top_field: 'views', sort: 'nope' })}`, /sort/],
      [`/api/stat/details/xlsx?top_field=views&date_from=2026-01-01`, /date_to/],
    ];
    for (const [path, field] of cases) {
      const res = await call(path, { session: w.a.session });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(field);
    }
  });

  it('asks for a session', async () => {
    const res = await call(`/api/stat/details/xlsx?${query({ top_field: 'views' })}`);
    expect(res.status).toBe(401);
  });
});

describe('title ids from the query string', () => {
  it('reads them as numbers', async () => {
    const [title] = w.titles;
    const [, ...records] = await csvRecords(w.a.session, { top_field: 'views', group: 'titles', titles: String(title) });
    records.pop();
    const table = await tableRows(w.a.session, { top_field: 'views', group: 'titles', titles: [title] });
    expect(records.map((r) => r[0])).toEqual(table.rows.map((r) => r.name));
    expect(table.rows.length).toBeGreaterThan(0);
  });
});
