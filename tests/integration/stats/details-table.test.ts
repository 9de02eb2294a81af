// POST /api/stat/details: every grouping and top field against sums of the fixture rows, the earnings
// rule, ratios from sums, shares, sorting, paging, scoping and the 400s naming their field.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DetailRow, DetailsAnswer } from '../../../src/lib/api/details';
import { avd, channelEarnings, data, dollars, expectSharesAddUp, failure, percent, rpm, type Sums, sumsBy, svr } from './details-expect';
import { buildWorld, within, type World, type WorldChannel } from './world';

let w: World;
let names: Map<number, { title: string; icon: string }>;
beforeAll(async () => {
  w = await buildWorld();
  const rows = await env.DB.prepare('SELECT id, title, thumbnail_url FROM channels').all<{
    id: number;
    title: string;
    thumbnail_url: string;
  }>();
  names = new Map(rows.results.map((r) => [r.id, { title: r.title, icon: r.thumbnail_url }]));
});

/** Three whole months: every channel of A has statements for December and January, ch1 also for February. */
const WHOLE = { date_from: '2025-12-01', date_to: '2026-02-28' };
/** Cuts February and March: no statement counts, every figure is the estimate. */
const CUT = { date_from: '2026-02-03', date_to: '2026-03-08' };
const PATH = '/api/stat/details';

const channelsOfA = () => [w.ch1, w.ch2, w.inhouse, w.ugc];

function expectRatios(row: DetailRow, s: Sums, revenueMicros: number): void {
  expect(row.rpm).toBe(rpm(revenueMicros, s.views));
  expect(row.svr).toBe(svr(s.subscribers, s.views));
  expect(row.average_view_duration_seconds).toBe(avd(s.watch, s.views));
}

describe('details table by channel', () => {
  it('sums each channel by the earnings rule, with ratios from sums and shares of the total', async () => {
    const got = await data<DetailsAnswer>(w.a.session, PATH, { ...WHOLE, top_field: 'partner_revenue' });
    const range = within(
      channelsOfA().map((c) => c.id),
      WHOLE.date_from,
      WHOLE.date_to,
    );
    const sums = sumsBy(w.daily.filter(range), (r) => String(r.channel_id));
    const earnings = new Map(channelsOfA().map((c) => [c.id, channelEarnings(w, c.id, WHOLE.date_from, WHOLE.date_to)]));
    const totalMicros = [...earnings.values()].reduce((s, e) => s + e.total, 0);
    // ch1's February statement counts: finance is more than two months of statements there.
    expect(earnings.get(w.ch1.id)?.finance).toBeGreaterThan(earnings.get(w.ch2.id)?.finance ?? 0);
    expect(got.total_rows).toBe(4);
    expect(got.sort).toBe('partner_revenue');
    expect(got.order).toBe('desc');
    const expected = channelsOfA()
      .map((c: WorldChannel) => {
        const s = sums.get(String(c.id));
        const e = earnings.get(c.id);
        if (!s || !e) throw new Error('missing fixture sums');
        return {
          key: c.key,
          name: names.get(c.id)?.title,
          channel_id: c.key,
          channel_title: names.get(c.id)?.title,
          channel_ico: c.ugc ? '' : names.get(c.id)?.icon,
          channel_date: null,
          subscribers: s.subscribers,
          views: s.views,
          partner_revenue: dollars(e.total),
          finance: dollars(e.finance),
          likes: s.likes,
          comments: s.comments,
          rpm: rpm(e.total, s.views),
          svr: svr(s.subscribers, s.views),
          average_view_duration_seconds: avd(s.watch, s.views),
          percent: percent(e.total, totalMicros),
          micros: e.total,
        };
      })
      .sort((a, b) => b.micros - a.micros)
      .map(({ micros: _micros, ...row }, i) => ({ ...row, rank: i + 1 }));
    expect(got.rows).toEqual(expected);
    // Sorted by another column, each row keeps its place by earnings (its line's colour on the chart).
    const byName = await data<DetailsAnswer>(w.a.session, PATH, { ...WHOLE, top_field: 'partner_revenue', sort: 'name', order: 'asc' });
    expect(byName.rows.map((r) => [r.key, r.rank]).sort()).toEqual(expected.map((r) => [r.key, r.rank]).sort());
    expectSharesAddUp(got.rows.map((r) => r.percent));
    const all = [...sums.values()].reduce((t, s) => ({
      views: t.views + s.views,
      subscribers: t.subscribers + s.subscribers,
      watch: t.watch + s.watch,
      likes: t.likes + s.likes,
      comments: t.comments + s.comments,
      revenue: 0,
    }));
    expect(got.totals.views).toBe(all.views);
    expect(got.totals.subscribers).toBe(all.subscribers);
    expect(got.totals.likes).toBe(all.likes);
    expect(got.totals.partner_revenue).toBe(dollars(totalMicros));
    expect(got.totals.finance).toBe(dollars([...earnings.values()].reduce((s, e) => s + e.finance, 0)));
    expect(got.totals.percent).toBe(100);
    expectRatios(got.totals as DetailRow, all, totalMicros);
  });

  it('leaves out the in-house and UGC channels on subscribers, and shares among the rest', async () => {
    const got = await data<DetailsAnswer>(w.a.session, PATH, { ...CUT, top_field: 'subscribers' });
    const shown = [w.ch1, w.ch2];
    const sums = sumsBy(
      w.daily.filter(
        within(
          shown.map((c) => c.id),
          CUT.date_from,
          CUT.date_to,
        ),
      ),
      (r) => String(r.channel_id),
    );
    const total = shown.reduce((s, c) => s + (sums.get(String(c.id))?.subscribers ?? 0), 0);
    expect(got.rows.map((r) => r.key).sort()).toEqual(shown.map((c) => c.key).sort());
    for (const c of shown) {
      const row = got.rows.find((r) => r.key === c.key);
      expect(row?.subscribers).toBe(sums.get(String(c.id))?.subscribers);
      expect(row?.percent).toBe(percent(sums.get(String(c.id))?.subscribers ?? 0, total));
    }
    expect(got.totals.subscribers).toBe(total);
    expectSharesAddUp(got.rows.map((r) => r.percent));
  });

  it("never shows another user's channels", async () => {
    const got = await data<DetailsAnswer>(w.b.session, PATH, { ...CUT, top_field: 'views', channels: [w.ch1.key, w.chB.key] });
    expect(got.rows.map((r) => r.key)).toEqual([w.chB.key]);
    const all = await data<DetailsAnswer>(w.b.session, PATH, { ...CUT, top_field: 'views' });
    expect(all.rows.map((r) => r.key).sort()).toEqual([w.ch2.key, w.chB.key].sort());
  });
});

describe('details table by title and country', () => {
  it('sums titles (views, likes, comments, earnings estimates) over the scope only', async () => {
    const got = await data<DetailsAnswer>(w.a.session, PATH, { ...CUT, top_field: 'views', group: 'titles' });
    const mine = within(
      channelsOfA().map((c) => c.id),
      CUT.date_from,
      CUT.date_to,
    );
    const sums = sumsBy(w.title.filter(mine), (r) => String(r.title_id));
    const total = [...sums.values()].reduce((s, x) => s + x.views, 0);
    expect(got.rows.map((r) => r.key).sort()).toEqual([...sums.keys()].sort());
    for (const [key, s] of sums) {
      const row = got.rows.find((r) => r.key === key);
      expect(row).toMatchObject({
        title_id: Number(key),
        title: expect.stringMatching(/^Show \d$/),
        views: s.views,
        likes: s.likes,
        comments: s.comments,
        subscribers: s.subscribers,
        partner_revenue: dollars(s.revenue),
        finance: 0,
        percent: percent(s.views, total),
      });
      if (row) expectRatios(row, s, s.revenue);
    }
    expectSharesAddUp(got.rows.map((r) => r.percent));
  });

  for (const top of ['views', 'partner_revenue', 'subscribers'] as const) {
    it(`sums countries ranked by ${top}`, async () => {
      const got = await data<DetailsAnswer>(w.b.session, PATH, { ...CUT, top_field: top, group: 'countries' });
      // B's scope: ch2 and chB (neither in-house nor UGC, so subscribers keep both).
      const sums = sumsBy(w.country.filter(within([w.ch2.id, w.chB.id], CUT.date_from, CUT.date_to)), (r) => String(r.country_code));
      const value = (s: Sums) => (top === 'views' ? s.views : top === 'subscribers' ? s.subscribers : s.revenue);
      const total = [...sums.values()].reduce((t, s) => t + value(s), 0);
      const order = [...sums.entries()].sort((a, b) => value(b[1]) - value(a[1]) || a[0].localeCompare(b[0])).map(([k]) => k);
      expect(got.rows.map((r) => r.key)).toEqual(order);
      for (const [code, s] of sums) {
        const row = got.rows.find((r) => r.key === code);
        expect(row).toMatchObject({
          country_code: code,
          views: s.views,
          subscribers: s.subscribers,
          partner_revenue: dollars(s.revenue),
          likes: s.likes,
          comments: s.comments,
          percent: percent(value(s), total),
        });
        if (row) expectRatios(row, s, s.revenue);
      }
      expect(got.rows.find((r) => r.key === 'DE')?.country_name).toBe('Germany');
      expectSharesAddUp(got.rows.map((r) => r.percent));
    });
  }
});

describe('details table sorting and paging', () => {
  it('sorts by a value both ways, by name, and pages without overlap', async () => {
    const body = { ...CUT, top_field: 'views', group: 'countries', sort: 'views' };
    const desc = await data<DetailsAnswer>(w.a.session, PATH, body);
    const asc = await data<DetailsAnswer>(w.a.session, PATH, { ...body, order: 'asc' });
    const views = desc.rows.map((r) => r.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(asc.rows.map((r) => r.key)).toEqual([...desc.rows.map((r) => r.key)].reverse());
    const byName = await data<DetailsAnswer>(w.a.session, PATH, { ...body, sort: 'name', order: 'asc' });
    expect(byName.rows.map((r) => r.name)).toEqual(['Brazil', 'France', 'Germany', 'United States']);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await data<DetailsAnswer>(w.a.session, PATH, { ...body, per_page: 2, page }));
    expect(pages.map((p) => p.total_rows)).toEqual([4, 4, 4]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.key))).toEqual(desc.rows.map((r) => r.key));
    expect(pages[2]?.rows).toEqual([]);
    expect(pages[0]?.per_page).toBe(2);
  });

  it('sorts channels by their RPM from sums', async () => {
    const got = await data<DetailsAnswer>(w.a.session, PATH, { ...CUT, top_field: 'views', sort: 'rpm', order: 'asc' });
    const rpms = got.rows.map((r) => r.rpm ?? 0);
    expect(rpms).toEqual([...rpms].sort((a, b) => a - b));
    expect(got.sort).toBe('rpm');
  });
});

describe('details table lifetime', () => {
  it('sums every fact of the scope, with statements for the whole months', async () => {
    const got = await data<DetailsAnswer>(w.a.session, PATH, { top_field: 'partner_revenue' });
    for (const c of channelsOfA()) {
      const e = channelEarnings(w, c.id, '2015-01-01', '2099-12-31');
      const views = w.daily.filter((r) => Number(r.channel_id) === c.id).reduce((s, r) => s + Number(r.views), 0);
      expect(got.rows.find((r) => r.key === c.key)).toMatchObject({
        partner_revenue: dollars(e.total),
        finance: dollars(e.finance),
        views,
      });
    }
  });
});

describe('details table reads', () => {
  it('reads whole months from the rollups, not the daily rows', async () => {
    const before = await data<DetailsAnswer>(w.a.session, PATH, { ...WHOLE, top_field: 'views', group: 'countries' });
    // Removed after the rollup: a table over whole months still sees them.
    for (const table of ['channel_daily', 'channel_country_daily', 'channel_title_daily'])
      await env.DB.prepare(`DELETE FROM ${table}`).run();
    const after = await data<DetailsAnswer>(w.a.session, PATH, { ...WHOLE, top_field: 'views', group: 'countries' });
    expect(after).toEqual(before);
    expect(after.totals.views).toBe(
      w.country
        .filter(
          within(
            channelsOfA().map((c) => c.id),
            WHOLE.date_from,
            WHOLE.date_to,
          ),
        )
        .reduce((s, r) => s + Number(r.views), 0),
    );
  });
});

describe('details table refusals', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['group', { top_field: 'views', group: 'videos' }, 'group'],
    ['top_field', { top_field: 'watch_time' }, 'top_field'],
    ['top_field missing', {}, 'top_field'],
    ['sort', { top_field: 'views', sort: 'dislikes' }, 'sort'],
    ['order', { top_field: 'views', order: 'up' }, 'order'],
    ['page', { top_field: 'views', page: 0 }, 'page'],
    ['per_page', { top_field: 'views', per_page: 101 }, 'per_page'],
    ['titles on subscribers', { top_field: 'subscribers', group: 'titles' }, 'group'],
    ['countries under a titles filter', { top_field: 'views', group: 'countries', titles: [1] }, 'titles'],
    ['titles under a countries filter', { top_field: 'views', group: 'titles', countries: ['US'] }, 'countries'],
    ['channel_date by country', { top_field: 'views', group: 'countries', sort: 'channel_date' }, 'sort'],
    ['dates', { top_field: 'views', date_from: '2026-01-01' }, 'date_to'],
  ];
  for (const [name, body, field] of cases) {
    it(`answers 400 naming ${field} (${name})`, async () => {
      const got = await failure(w.a.session, PATH, { ...CUT, date_from: undefined, date_to: undefined, ...body });
      expect(got.status).toBe(400);
      expect(got.error.startsWith(`${field}:`)).toBe(true);
    });
  }

  it('answers 403 for titles without show_title, and 401 signed out', async () => {
    expect((await failure(w.b.session, PATH, { top_field: 'views', group: 'titles' })).status).toBe(403);
    expect((await failure('', PATH, { top_field: 'views' })).status).toBe(401);
  });
});
