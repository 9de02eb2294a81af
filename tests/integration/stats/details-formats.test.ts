// The details tables, charts and downloads grouped by format: every figure summed here from the inserted
// format rows, earnings split by the statement as the formats call splits them, and a Total that is the
// ungrouped table's to the cent; refused (400) under the filters the format grain cannot split.
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DetailRow, DetailsAnswer, DetailsGraphAnswer, DetailsSummary } from '../../../src/lib/api/details';
import { xlsxCellValues } from '../../../src/server/export/test-support/xlsx-cells';
import { call } from '../http';
import type { Row } from '../rollup/factory';
import { data, failure } from './details-expect';
import { AUGUST, buildFormatsWorld, expectedMicros, FORMATS, type FormatsWorld, inRange, sumOf } from './formats-world';

let w: FormatsWorld;
beforeAll(async () => {
  w = await buildFormatsWorld();
});

const RANGE = { date_from: '2026-07-15', date_to: '2026-09-30' };
const NAMES = { short: 'Shorts', full: 'Long-form', live: 'Live', channel: 'Channel page' } as const;
const dollars = (micros: number) => Math.round(micros / 10_000) / 100;

const table = (body: Record<string, unknown>) =>
  data<DetailsAnswer>(w.owner, '/api/stat/details', { ...RANGE, group: 'formats', per_page: 100, ...body });

/** A format's sums over the range, from the inserted rows of both channels. */
function sums(type: string, from = RANGE.date_from, to = RANGE.date_to) {
  const rows = w.rows.filter((r: Row) => r.video_type === type && inRange(r, from, to));
  return {
    views: sumOf(rows, 'views'),
    engaged: sumOf(rows, 'engaged_views'),
    subscribers: sumOf(rows, 'subscribers_gained') - sumOf(rows, 'subscribers_lost'),
    likes: sumOf(rows, 'likes'),
    comments: sumOf(rows, 'comments'),
  };
}

const byKey = (rows: DetailRow[]) => new Map(rows.map((r) => [r.key, r]));

describe('POST /api/stat/details grouped by format', () => {
  it('answers a row per format with the sums of its rows, engaged views on the Shorts row only', async () => {
    const got = await table({ top_field: 'views' });
    const rows = byKey(got.rows);
    const micros = expectedMicros(w, [w.a, w.b], RANGE.date_from, RANGE.date_to);
    expect(got.rows.map((r) => r.key)).toEqual(['channel', 'live', 'full', 'short']);
    for (const type of FORMATS) {
      const s = sums(type);
      expect(rows.get(type), type).toMatchObject({
        name: NAMES[type],
        video_type: type,
        views: s.views,
        subscribers: s.subscribers,
        likes: s.likes,
        comments: s.comments,
        partner_revenue: dollars(micros.get(type) ?? 0),
        engaged_views: type === 'short' ? s.engaged : null,
      });
    }
    expect(rows.get('short')?.engaged_views).toBeLessThan(rows.get('short')?.views ?? 0);
    const allViews = FORMATS.reduce((t, type) => t + sums(type).views, 0);
    expect(got.totals.views).toBe(allViews);
    expect(got.totals.engaged_views).toBeUndefined();
  });

  it("splits a statement month by its Shorts, and its Total is the ungrouped table's on every page", async () => {
    const august = { date_from: '2026-08-01', date_to: '2026-08-31' };
    const got = await table({ ...august, top_field: 'partner_revenue' });
    const short = byKey(got.rows).get('short');
    const bShorts = sumOf(
      w.rows.filter((r) => r.channel_id === w.b && r.video_type === 'short' && inRange(r, august.date_from, august.date_to)),
      'partner_revenue_micros',
    );
    // Channel A's Shorts earn the statement's shorts_micros (its statement part), channel B's their estimates.
    expect(short?.partner_revenue).toBe(dollars(AUGUST.shorts + bShorts));
    expect(short?.finance).toBe(dollars(AUGUST.shorts));
    const financeMicros = got.rows.reduce((t, r) => t + Math.round(r.finance * 100), 0);
    expect(Math.abs(financeMicros - Math.round((AUGUST.revenue + AUGUST.adjustment) / 10_000))).toBeLessThanOrEqual(got.rows.length);
    for (const top_field of ['partner_revenue', 'views', 'subscribers'] as const) {
      for (const body of [RANGE, august, {}]) {
        const formats = await table({ ...body, top_field });
        const channels = await data<DetailsAnswer>(w.owner, '/api/stat/details', { ...RANGE, ...body, top_field, group: 'channels' });
        expect(formats.totals, `${top_field} ${JSON.stringify(body)}`).toEqual(channels.totals);
      }
    }
    const summary = await data<DetailsSummary>(w.owner, '/api/stat/details/total', {
      ...august,
      top_field: 'partner_revenue',
      group: 'formats',
    });
    expect(got.totals.partner_revenue).toBe(summary.partner_revenue);
  });

  it('sorts by engaged views on the formats table only, and reads only the channels the session may see', async () => {
    const sorted = await table({ top_field: 'views', sort: 'engaged_views', order: 'desc' });
    expect(sorted.rows[0]?.key).toBe('short');
    const refused = await failure(w.owner, '/api/stat/details', { ...RANGE, top_field: 'views', group: 'channels', sort: 'engaged_views' });
    expect(refused).toEqual({ status: 400, error: expect.stringMatching(/^sort: /) as unknown as string });
    const onlyB = await data<DetailsAnswer>(w.onlyB, '/api/stat/details', { ...RANGE, top_field: 'views', group: 'formats' });
    const bViews = w.rows.filter((r) => r.channel_id === w.b && r.video_type === 'full' && inRange(r, RANGE.date_from, RANGE.date_to));
    expect(byKey(onlyB.rows).get('full')?.views).toBe(sumOf(bViews, 'views'));
  });

  it('refuses a titles, countries or video type filter, naming it, while the other calls still answer', async () => {
    for (const [filter, value] of [
      ['countries', ['US']],
      ['titles', [1]],
      ['type_video', 'short'],
    ] as const) {
      const got = await failure(w.owner, '/api/stat/details', { ...RANGE, top_field: 'views', group: 'formats', [filter]: value });
      expect(got.status, filter).toBe(400);
      expect(got.error.startsWith(`${filter}: `), got.error).toBe(true);
    }
    const graph = await failure(w.owner, '/api/stat/details/graph', { ...RANGE, top_field: 'views', group: 'formats', countries: ['US'] });
    expect(graph.status).toBe(400);
    const summary = await call('/api/stat/details/total', {
      session: w.owner,
      body: { ...RANGE, top_field: 'views', group: 'formats', countries: ['US'] },
    });
    expect(summary.status).toBe(200);
  });
});

describe('POST /api/stat/details/graph grouped by format', () => {
  it('draws a line per format that adds up to the Total line, bucket by bucket', async () => {
    const got = await data<DetailsGraphAnswer>(w.owner, '/api/stat/details/graph', {
      ...RANGE,
      top_field: 'views',
      group: 'formats',
      group_date: 'week',
    });
    expect(got.rows.map((r) => r.name).sort()).toEqual(Object.values(NAMES).sort());
    got.total.forEach((point, i) => {
      const lines = got.rows.reduce((t, row) => t + (row.points[i]?.value ?? 0), 0);
      expect(lines, point.date).toBe(point.value);
    });
    const short = got.rows.find((r) => r.key === 'short');
    expect(short?.points.reduce((t, p) => t + p.value, 0)).toBe(sums('short').views);
  });

  it('draws earnings by format by month, the statement month split as the table splits it', async () => {
    const months = { date_from: '2026-07-01', date_to: '2026-09-30' };
    const got = await data<DetailsGraphAnswer>(w.owner, '/api/stat/details/graph', {
      ...months,
      top_field: 'partner_revenue',
      group: 'formats',
      group_date: 'month',
    });
    const august = got.total.findIndex((p) => p.date.startsWith('2026-08'));
    const short = got.rows.find((r) => r.key === 'short');
    const bShorts = sumOf(
      w.rows.filter((r) => r.channel_id === w.b && r.video_type === 'short' && String(r.day).startsWith('2026-08')),
      'partner_revenue_micros',
    );
    expect(short?.points[august]?.value).toBe(dollars(AUGUST.shorts + bShorts));
    got.total.forEach((point, i) => {
      const cents = got.rows.reduce((t, row) => t + Math.round((row.points[i]?.value ?? 0) * 100), 0);
      expect(Math.abs(cents - Math.round(point.value * 100)), point.date).toBeLessThanOrEqual(got.rows.length);
    });
    const days = await data<DetailsGraphAnswer>(w.owner, '/api/stat/details/graph', {
      ...months,
      top_field: 'partner_revenue',
      group: 'formats',
      group_date: 'week',
    });
    expect(days.rows).toEqual([]);
    expect(days.rows_by_month_only).toBe(true);
  });
});

describe('downloads grouped by format', () => {
  const params = new URLSearchParams({ ...RANGE, top_field: 'views', group: 'formats' }).toString();

  it('writes the formats table as CSV with engaged views beside views', async () => {
    const res = await call(`/api/stat/details?to_csv=true&${params}`, { session: w.owner });
    expect(res.status).toBe(200);
    const [header, ...records] = Papa.parse<string[]>((await res.text()).slice(1), { skipEmptyLines: true }).data;
    const at = (name: string) => header?.indexOf(name) ?? -1;
    expect(header?.[0]).toBe('Format');
    expect(at('Engaged views')).toBe(at('Views') + 1);
    const totals = records.pop();
    const shorts = records.find((r) => r[0] === 'Shorts');
    expect(shorts?.[at('Views')]).toBe(String(sums('short').views));
    expect(shorts?.[at('Engaged views')]).toBe(String(sums('short').engaged));
    expect(records.find((r) => r[0] === 'Long-form')?.[at('Engaged views')]).toBe('');
    expect(totals?.[at('Views')]).toBe(String(FORMATS.reduce((t, type) => t + sums(type).views, 0)));
  });

  it('names the grouping above the xlsx table', async () => {
    const res = await call(`/api/stat/details/xlsx?${params}`, { session: w.owner });
    expect(res.status).toBe(200);
    const cells = xlsxCellValues(new Uint8Array(await res.arrayBuffer()));
    expect(cells.get('A1')).toBe('Views by format');
    expect(cells.get('A4')).toBe('Grouped by: Format');
    const refused = await call(`/api/stat/details/xlsx?${params}&countries=US`, { session: w.owner });
    expect(refused.status).toBe(400);
  });
});
