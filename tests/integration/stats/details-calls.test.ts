// The details summary, months, chart, audience and map calls against sums of the fixture rows.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AudienceAnswer, DetailsGraphAnswer, DetailsMapAnswer, DetailsSummary, MonthlyReportItem } from '../../../src/lib/api/details';
import { AGE_BUCKETS } from '../../../src/lib/api/stats';
import type { Row } from '../rollup/factory';
import { channelEarnings, data, dollars, failure, percent, sumsBy } from './details-expect';
import { buildWorld, within, type World } from './world';

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});

const WHOLE = { date_from: '2025-12-01', date_to: '2026-02-28' };
const CUT = { date_from: '2026-02-03', date_to: '2026-03-08' };
const idsOfA = () => [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
const total = (rows: Row[], column: string) => rows.reduce((s, r) => s + Number(r[column]), 0);
const earningsOf = (ids: number[], from: string, to: string) =>
  ids.map((id) => channelEarnings(w, id, from, to)).reduce((s, e) => ({ total: s.total + e.total, finance: s.finance + e.finance }));

describe('details summary', () => {
  it('sums the range, its audience, and says which months are statements', async () => {
    const got = await data<DetailsSummary>(w.a.session, '/api/stat/details/total', { ...WHOLE, top_field: 'views' });
    const rows = w.daily.filter(within(idsOfA(), WHOLE.date_from, WHOLE.date_to));
    const e = earningsOf(idsOfA(), WHOLE.date_from, WHOLE.date_to);
    const audience = w.audience.filter((r) => idsOfA().includes(Number(r.channel_id)) && String(r.month) <= '2026-02');
    expect(got).toEqual({
      views: total(rows, 'views'),
      partner_revenue: dollars(e.total),
      subs: total(rows, 'subscribers_gained') - total(rows, 'subscribers_lost'),
      finance: dollars(e.finance),
      audience: {
        total_male: total(
          audience.filter((r) => r.gender === 'male'),
          'views',
        ),
        total_female: total(
          audience.filter((r) => r.gender === 'female'),
          'views',
        ),
        male_views_percent: percent(
          total(
            audience.filter((r) => r.gender === 'male'),
            'views',
          ),
          total(audience, 'views'),
        ),
        female_views_percent: percent(
          total(
            audience.filter((r) => r.gender === 'female'),
            'views',
          ),
          total(audience, 'views'),
        ),
      },
      // December and January: every channel has its statement; February only ch1.
      date: { finance: { from: '2025-12-01', to: '2026-02-28' }, estimate: { from: '2026-02-01', to: '2026-02-28' } },
      isWhole: false,
      range: { from: WHOLE.date_from, to: WHOLE.date_to },
    });
  });

  it("gives the audience's shares of all its views, user_specified included, as the audience table's total row does", async () => {
    const summary = await data<DetailsSummary>(w.b.session, '/api/stat/details/total', { ...WHOLE, top_field: 'views' });
    const table = await data<AudienceAnswer>(w.b.session, '/api/stat/details/audience', { ...WHOLE, top_field: 'views' });
    const cells = w.audience.filter((r) => [w.ch2.id, w.chB.id].includes(Number(r.channel_id)) && String(r.month) <= '2026-02');
    const views = (gender?: string) =>
      total(
        cells.filter((r) => gender === undefined || r.gender === gender),
        'views',
      );
    // The fixture has user_specified views, so a share of male + female alone would differ.
    expect(views('user_specified')).toBeGreaterThan(0);
    expect(summary.audience.male_views_percent).toBe(percent(views('male'), views()));
    expect(summary.audience.female_views_percent).toBe(percent(views('female'), views()));
    expect(table.total.male_views_percent).toBe(summary.audience.male_views_percent);
    expect(table.total.female_views_percent).toBe(summary.audience.female_views_percent);
  });

  it('is whole when every month has ended with every statement, and not when the range cuts a month', async () => {
    const whole = await data<DetailsSummary>(w.a.session, '/api/stat/details/total', {
      date_from: '2025-12-01',
      date_to: '2026-01-31',
      top_field: 'partner_revenue',
    });
    expect(whole.isWhole).toBe(true);
    expect(whole.date).toEqual({ finance: { from: '2025-12-01', to: '2026-01-31' }, estimate: null });
    const cut = await data<DetailsSummary>(w.a.session, '/api/stat/details/total', { ...CUT, top_field: 'partner_revenue' });
    expect(cut.isWhole).toBe(false);
    expect(cut.date).toEqual({ finance: null, estimate: { from: CUT.date_from, to: CUT.date_to } });
  });

  it('leaves out in-house and UGC on subscribers, and settles a lifetime to its fact days', async () => {
    const subs = await data<DetailsSummary>(w.a.session, '/api/stat/details/total', { ...CUT, top_field: 'subscribers' });
    const rows = w.daily.filter(within([w.ch1.id, w.ch2.id], CUT.date_from, CUT.date_to));
    expect(subs.subs).toBe(total(rows, 'subscribers_gained') - total(rows, 'subscribers_lost'));
    const life = await data<DetailsSummary>(w.b.session, '/api/stat/details/total', { top_field: 'views' });
    expect(life.range).toEqual({ from: '2025-11-20', to: '2026-03-10' });
    expect(life.views).toBe(total(w.daily.filter(within([w.ch2.id, w.chB.id], '2015-01-01', '2099-12-31')), 'views'));
  });
});

describe('details finance months', () => {
  it('gives each month of the range, clipped, by the earnings rule', async () => {
    const got = await data<MonthlyReportItem[]>(w.a.session, '/api/stat/details/finance', { ...WHOLE, top_field: 'partner_revenue' });
    const months = [
      ['2025-12-01', '2025-12-31'],
      ['2026-01-01', '2026-01-31'],
      ['2026-02-01', '2026-02-28'],
    ];
    expect(got).toEqual(
      months.map(([from = '', to = '']) => {
        const e = earningsOf(idsOfA(), from, to);
        return { range: { from, to }, finance: dollars(e.finance), partner_revenue: dollars(e.total) };
      }),
    );
    const cut = await data<MonthlyReportItem[]>(w.a.session, '/api/stat/details/finance', { ...CUT, top_field: 'partner_revenue' });
    expect(cut.map((m) => m.range)).toEqual([
      { from: '2026-02-03', to: '2026-02-28' },
      { from: '2026-03-01', to: '2026-03-08' },
    ]);
    expect(cut.map((m) => m.finance)).toEqual([0, 0]);
    expect(cut[1]?.partner_revenue).toBe(
      dollars(total(w.daily.filter(within(idsOfA(), '2026-03-01', '2026-03-08')), 'partner_revenue_micros')),
    );
  });
});

describe('details graph', () => {
  it('draws the total and each top row, each line adding up to its sum', async () => {
    const got = await data<DetailsGraphAnswer>(w.b.session, '/api/stat/details/graph', {
      ...CUT,
      top_field: 'views',
      group: 'countries',
      group_date: 'week',
    });
    const sums = sumsBy(w.country.filter(within([w.ch2.id, w.chB.id], CUT.date_from, CUT.date_to)), (r) => String(r.country_code));
    expect(got.period).toBe('week');
    expect(got.total.reduce((s, p) => s + p.value, 0)).toBe(
      total(w.daily.filter(within([w.ch2.id, w.chB.id], CUT.date_from, CUT.date_to)), 'views'),
    );
    expect(got.rows.map((r) => r.key)).toEqual([...sums.entries()].sort((a, b) => b[1].views - a[1].views).map(([k]) => k));
    for (const row of got.rows) expect(row.points.reduce((s, p) => s + p.value, 0)).toBe(sums.get(row.key)?.views);
    expect(got.rows.find((r) => r.key === 'BR')?.name).toBe('Brazil');
  });

  it('settles a lifetime and refuses a period the range cannot hold, naming group_date', async () => {
    const life = await data<DetailsGraphAnswer>(w.a.session, '/api/stat/details/graph', {
      top_field: 'partner_revenue',
      group_date: 'month',
    });
    expect(life.total.map((p) => p.date.slice(0, 7))).toEqual(['2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    // Each month bar is the month's earnings, its statements included (a lifetime reads whole months).
    const monthEnds = ['2025-11-30', '2025-12-31', '2026-01-31', '2026-02-28', '2026-03-31'];
    expect(life.total.map((p) => p.value)).toEqual(
      monthEnds.map((end) => dollars(earningsOf(idsOfA(), `${end.slice(0, 7)}-01`, end).total)),
    );
    expect(life.rows.map((r) => r.key).sort()).toEqual([w.ch1.key, w.ch2.key, w.inhouse.key, w.ugc.key].sort());
    const bad = await failure(w.a.session, '/api/stat/details/graph', {
      date_from: '2026-02-01',
      date_to: '2026-02-10',
      top_field: 'views',
      group_date: 'week',
    });
    expect(bad.status).toBe(400);
    expect(bad.error.startsWith('group_date:')).toBe(true);
  });
});

describe('details audience', () => {
  it('gives each channel and the total, with age rows and shares of their own totals', async () => {
    const got = await data<AudienceAnswer>(w.b.session, '/api/stat/details/audience', { ...WHOLE, top_field: 'views' });
    const cells = (id: number | null, gender: string, age?: string) =>
      total(
        w.audience.filter(
          (r) =>
            (id === null ? [w.ch2.id, w.chB.id].includes(Number(r.channel_id)) : Number(r.channel_id) === id) &&
            (gender === '' || r.gender === gender) &&
            (age === undefined || r.age_group === age),
        ),
        'views',
      );
    const expected = (id: number | null) => ({
      male_views: cells(id, 'male'),
      male_views_percent: percent(cells(id, 'male'), cells(id, '')),
      female_views: cells(id, 'female'),
      female_views_percent: percent(cells(id, 'female'), cells(id, '')),
      rows: AGE_BUCKETS.map((age) => ({
        age,
        male_views: cells(id, 'male', age),
        male_views_percent: percent(cells(id, 'male', age), cells(id, '', age)),
        female_views: cells(id, 'female', age),
        female_views_percent: percent(cells(id, 'female', age), cells(id, '', age)),
      })),
    });
    const order = [w.ch2, w.chB].sort((a, b) => cells(b.id, '') - cells(a.id, '')).map((c) => c.key);
    expect(got.rows.map((r) => r.channel_id)).toEqual(order);
    for (const c of [w.ch2, w.chB]) expect(got.rows.find((r) => r.channel_id === c.key)).toMatchObject(expected(c.id));
    expect(got.total).toEqual(expected(null));
    expect(got.total.rows.at(-1)?.age).toBe('65+');
  });
});

describe('details map', () => {
  it('gives the metric per country and per channel', async () => {
    const got = await data<DetailsMapAnswer>(w.a.session, '/api/stat/details/map', { ...CUT, top_field: 'views', graph: 'views' });
    const sums = sumsBy(w.country.filter(within(idsOfA(), CUT.date_from, CUT.date_to)), (r) => String(r.country_code));
    expect(got.countries).toEqual(
      [...sums.entries()]
        .sort((a, b) => b[1].views - a[1].views)
        .map(([code2, s]) => ({ code2, name: { US: 'United States', DE: 'Germany', FR: 'France', BR: 'Brazil' }[code2], value: s.views })),
    );
    const money = await data<DetailsMapAnswer>(w.a.session, '/api/stat/details/map', {
      ...WHOLE,
      top_field: 'views',
      graph: 'partner_revenue',
    });
    for (const c of [w.ch1, w.ch2, w.inhouse, w.ugc]) {
      expect(money.channels.find((s) => s.key === c.key)?.value).toBe(
        dollars(channelEarnings(w, c.id, WHOLE.date_from, WHOLE.date_to).total),
      );
    }
    expect(money.channels.some((s) => s.key === w.chB.key)).toBe(false);
    const subs = await data<DetailsMapAnswer>(w.a.session, '/api/stat/details/map', { ...CUT, top_field: 'views', graph: 'subscribers' });
    expect(subs.channels.map((s) => s.key).sort()).toEqual([w.ch1.key, w.ch2.key].sort());
  });

  it('refuses a bad metric and money by country under a titles filter, naming the field', async () => {
    const bad = await failure(w.a.session, '/api/stat/details/map', { top_field: 'views', graph: 'likes' });
    expect([bad.status, bad.error.split(':')[0]]).toEqual([400, 'graph']);
    const titles = await failure(w.a.session, '/api/stat/details/map', { top_field: 'views', graph: 'partner_revenue', titles: w.titles });
    expect([titles.status, titles.error.split(':')[0]]).toEqual([400, 'titles']);
  });
});
