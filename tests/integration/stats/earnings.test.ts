// Earnings by one rule: per channel and month the finance statement where the channel has one, else the
// estimate; headline, bars, breakdowns, comparison and parts agree. Expected figures are computed here
// from the fixture's integers (micro-USD), independently of the SQL.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BaseAnswer as Base, BreakdownAnswer as Breakdown } from '../../../src/lib/api/stats';
import type { SessionUser } from '../../../src/server/auth/session-user';
import { scopeFor } from '../../../src/server/stats/filters';
import { getForecast } from '../../../src/server/stats/forecast';
import { statsDbFor } from '../../../src/server/stats/stores';
import { forecastMonth } from '../../../src/server/stats/forecast-model';
import { createUser, sessionUserOf } from '../factories';
import { call, signIn } from '../http';
import { insertPartnerRows, refreshPartnerRollups } from '../partner-facts';
import { createChannel, createTitle, daysBetween, type Row } from '../rollup/factory';
import { dollars } from './world';

const CREATED_AT = 1_700_000_000;
/** Statements in whole cents, so the Channels rows add up to the headline to the cent. */
const STATEMENTS = {
  a: { '2026-07': [455_550_000, -1_230_000], '2026-08': [512_340_000, 0] },
  b: { '2026-09': [301_230_000, 0] },
} as const;
/** Channel B joins mid-August: no facts before this day and no August statement. */
const B_FIRST_DAY = '2026-08-16';
const LAST_DAY = '2026-09-30';
/** Channel A's figures start two days into July: a lifetime still reads July whole (with its statement). */
const A_FIRST_DAY = '2026-07-03';

interface Fixture {
  session: string;
  user: SessionUser;
  a: { id: number; key: string };
  b: { id: number; key: string };
  t1: number;
  t2: number;
  daily: Row[];
  titleDaily: Row[];
}

let f: Fixture;

/** Estimates that are not whole cents, so every rounding shows. */
const estimateA = (i: number) => 15_000_000 + i * 12_345 + 7;
const estimateB = (i: number) => 9_876_543 + i * 1_001;

beforeAll(async () => {
  const net = await env.DB.prepare(
    "INSERT INTO networks (slug, name, is_partner, created_at) VALUES ('earn-net', 'Earn', 1, ?) RETURNING id",
  )
    .bind(CREATED_AT)
    .first<{ id: number }>();
  const networkId = net?.id ?? 0;
  const ids = [await createChannel({ networkId }), await createChannel({ networkId })];
  const keys = await env.DB.prepare('SELECT id, youtube_id FROM channels WHERE id IN (?, ?) ORDER BY id')
    .bind(ids[0], ids[1])
    .all<{ id: number; youtube_id: string }>();
  const [a, b] = keys.results.map((r) => ({ id: r.id, key: r.youtube_id })) as [Fixture['a'], Fixture['b']];
  const t1 = await createTitle();
  const t2 = await createTitle();
  const user = await createUser({ showTitle: true });
  await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, ?)')
    .bind(user.id, networkId, CREATED_AT)
    .run();

  const daily: Row[] = [];
  const titleDaily: Row[] = [];
  daysBetween(A_FIRST_DAY, LAST_DAY).forEach((day, i) => {
    const revenue = estimateA(i);
    daily.push({ channel_id: a.id, day, views: 1000 + i, partner_revenue_micros: revenue });
    const first = Math.floor(revenue * 0.6);
    titleDaily.push({ channel_id: a.id, day, title_id: t1, video_type: 'full', views: 600, partner_revenue_micros: first });
    titleDaily.push({ channel_id: a.id, day, title_id: t2, video_type: 'full', views: 400, partner_revenue_micros: revenue - first });
  });
  daysBetween(B_FIRST_DAY, LAST_DAY).forEach((day, i) => {
    daily.push({ channel_id: b.id, day, views: 500 + i, partner_revenue_micros: estimateB(i) });
    titleDaily.push({ channel_id: b.id, day, title_id: t1, video_type: 'full', views: 500, partner_revenue_micros: estimateB(i) });
  });
  await insertPartnerRows('channel_daily', daily);
  await insertPartnerRows('channel_title_daily', titleDaily);
  await refreshPartnerRollups({ channelDays: daily.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
  const finance: Row[] = [];
  for (const [channel, months] of [
    [a.id, STATEMENTS.a],
    [b.id, STATEMENTS.b],
  ] as const) {
    for (const [month, [revenue, adjustment]] of Object.entries(months)) {
      finance.push({ channel_id: channel, month, revenue_micros: revenue, adjustment_micros: adjustment, finalized_at: CREATED_AT });
    }
  }
  await insertPartnerRows('channel_finance_monthly', finance);
  f = {
    session: await signIn(user.email, user.password ?? ''),
    user: sessionUserOf(user, { showTitle: true }),
    a,
    b,
    t1,
    t2,
    daily,
    titleDaily,
  };
});

async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const res = await call(path, { session: f.session, body });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

const statement = (channel: 'a' | 'b', month: string): number | null => {
  const row = (STATEMENTS[channel] as Record<string, readonly [number, number]>)[month];
  return row ? row[0] + row[1] : null;
};
const inMonth = (rows: Row[], channel: number, month: string, from = '0000', to = '9999') =>
  rows.filter((r) => r.channel_id === channel && String(r.day).startsWith(month) && String(r.day) >= from && String(r.day) <= to);
const total = (rows: Row[]) => rows.reduce((s, r) => s + Number(r.partner_revenue_micros), 0);

/**
 * The documented allocation, written again here: the statement's cut at a running estimate is
 * trunc(statement × run / month estimate), and a row gets the difference of its two cuts.
 */
function allocate(rows: Row[], finance: number, monthEstimate: number): Map<Row, number> {
  const cut = (run: bigint) => (run === BigInt(monthEstimate) ? BigInt(finance) : (BigInt(finance) * run) / BigInt(monthEstimate));
  const out = new Map<Row, number>();
  let run = 0n;
  for (const row of rows) {
    const next = run + BigInt(Number(row.partner_revenue_micros));
    out.set(row, Number(cut(next) - cut(run)));
    run = next;
  }
  return out;
}

/** Expected earnings (micros) of each day of one channel in [from, to], statements only for whole months. */
function expectedDays(channel: 'a' | 'b', from: string, to: string): Map<string, number> {
  const id = f[channel].id;
  const out = new Map<string, number>();
  for (const month of ['2026-07', '2026-08', '2026-09']) {
    const rows = inMonth(f.daily, id, month, from, to);
    const whole = from <= `${month}-01` && to >= `${month}-${month === '2026-09' ? '30' : '31'}`;
    const fin = whole ? statement(channel, month) : null;
    if (fin === null) rows.forEach((r) => out.set(String(r.day), Number(r.partner_revenue_micros)));
    else allocate(rows, fin, total(inMonth(f.daily, id, month))).forEach((v, r) => out.set(String(r.day), v));
  }
  return out;
}

const sumOf = (values: Iterable<number>) => [...values].reduce((s, v) => s + v, 0);
const cents = (n: number) => Math.round(n * 100);

describe('earnings: statement where the channel has one, else estimate', () => {
  it('August: one channel financed, the mid-month joiner estimated; headline, bars and Channels agree', async () => {
    const body = { date_from: '2026-08-01', date_to: '2026-08-31' };
    const byDay = await post<Base>('/api/stat/base', { ...body, chart_period: 'days' });
    const byWeek = await post<Base>('/api/stat/base', { ...body, chart_period: 'week' });
    const financeA = statement('a', '2026-08') ?? 0;
    const estimateB = total(inMonth(f.daily, f.b.id, '2026-08'));
    const expected = financeA + estimateB;
    expect(byDay.sum_partner_revenue).toBe(dollars(expected));
    expect(byWeek.sum_partner_revenue).toBe(dollars(expected));

    // Each day bar: channel A's share of its statement plus B's estimate.
    const daysA = expectedDays('a', body.date_from, body.date_to);
    const daysB = expectedDays('b', body.date_from, body.date_to);
    expect(sumOf(daysA.values())).toBe(financeA);
    for (const p of byDay.partner_revenue) expect(p.value, p.date).toBe(dollars((daysA.get(p.date) ?? 0) + (daysB.get(p.date) ?? 0)));
    expect(byDay.earnings.buckets.slice(0, 15).every((b) => b === 'finance')).toBe(true);
    expect(byDay.earnings.buckets.slice(15).every((b) => b === 'mixed')).toBe(true);

    const channels = await post<Breakdown>('/api/stat/partner_revenue', { ...body, group: 'channels' });
    expect(channels.rows.map((r) => [r.id, r.value])).toEqual([
      [f.a.key, dollars(financeA)],
      [f.b.key, dollars(estimateB)],
    ]);
    expect(sumOf(channels.rows.map((r) => cents(r.value)))).toBe(cents(byDay.sum_partner_revenue));
    for (const row of channels.rows) {
      const days = row.id === f.a.key ? daysA : daysB;
      for (const p of row.points) expect(p.value).toBe(dollars(days.get(p.date) ?? 0));
    }

    expect(byDay.earnings).toMatchObject({ finance: dollars(financeA), estimate: dollars(expected) - dollars(financeA) });
    expect(byDay.earnings.months).toEqual([
      {
        month: '2026-08',
        range: { from: '2026-08-01', to: '2026-08-31' },
        basis: 'mixed',
        finance: dollars(financeA),
        estimate: dollars(estimateB),
        finance_channels: 1,
        estimate_channels: 1,
      },
    ]);
  });

  it('reads the same total by month and by day, to the cent', async () => {
    const body = { date_from: '2026-07-01', date_to: '2026-09-30' };
    const byDay = await post<Base>('/api/stat/base', { ...body, chart_period: 'days' });
    const byMonth = await post<Base>('/api/stat/base', { ...body, chart_period: 'month' });
    const expected =
      sumOf(expectedDays('a', body.date_from, body.date_to).values()) + sumOf(expectedDays('b', body.date_from, body.date_to).values());
    expect(expected).toBe(
      (statement('a', '2026-07') ?? 0) +
        (statement('a', '2026-08') ?? 0) +
        total(inMonth(f.daily, f.a.id, '2026-09')) +
        total(inMonth(f.daily, f.b.id, '2026-08')) +
        (statement('b', '2026-09') ?? 0),
    );
    expect(byDay.sum_partner_revenue).toBe(dollars(expected));
    expect(byMonth.sum_partner_revenue).toBe(dollars(expected));
    expect(byMonth.partner_revenue.map((p) => p.value)).toEqual([
      dollars(statement('a', '2026-07') ?? 0),
      dollars((statement('a', '2026-08') ?? 0) + total(inMonth(f.daily, f.b.id, '2026-08'))),
      dollars(total(inMonth(f.daily, f.a.id, '2026-09')) + (statement('b', '2026-09') ?? 0)),
    ]);
    expect(byMonth.earnings.buckets).toEqual(['finance', 'mixed', 'mixed']);
    expect(byMonth.earnings.months.map((m) => [m.month, m.basis, m.finance_channels, m.estimate_channels])).toEqual([
      ['2026-07', 'finance', 1, 0],
      ['2026-08', 'mixed', 1, 1],
      ['2026-09', 'mixed', 1, 1],
    ]);
    expect(cents(byMonth.earnings.finance) + cents(byMonth.earnings.estimate)).toBe(cents(byMonth.sum_partner_revenue));
  });

  it('keeps a month cut by the range an estimate: a statement is for its whole month', async () => {
    const body = { date_from: '2026-08-10', date_to: '2026-09-30' };
    const data = await post<Base>('/api/stat/base', body);
    const expected =
      total(inMonth(f.daily, f.a.id, '2026-08', body.date_from)) +
      total(inMonth(f.daily, f.b.id, '2026-08')) +
      total(inMonth(f.daily, f.a.id, '2026-09')) +
      (statement('b', '2026-09') ?? 0);
    expect(data.sum_partner_revenue).toBe(dollars(expected));
    expect(data.earnings.months.map((m) => [m.month, m.basis, m.range.from, m.estimate_channels])).toEqual([
      ['2026-08', 'estimate', '2026-08-10', null],
      ['2026-09', 'mixed', '2026-09-01', 1],
    ]);
  });

  it('compares like with like: the comparison period follows the same rule', async () => {
    const data = await post<Base>('/api/stat/base', {
      date_from: '2026-08-01',
      date_to: '2026-08-31',
      compare_from: '2026-07-01',
      compare_to: '2026-07-31',
    });
    const july = statement('a', '2026-07') ?? 0;
    expect(data.compare).toMatchObject({ sum_partner_revenue: dollars(july), earnings: { finance: dollars(july), estimate: 0 } });
  });

  it('gives titles their share of the statement, and a title filter the same share', async () => {
    const body = { date_from: '2026-08-01', date_to: '2026-08-31' };
    const titles = await post<Breakdown>('/api/stat/partner_revenue', { ...body, group: 'titles' });
    // Title 1 comes first in channel A's rows, so its share is one cut of the statement.
    const financeA = BigInt(statement('a', '2026-08') ?? 0);
    const monthA = BigInt(total(inMonth(f.daily, f.a.id, '2026-08')));
    const t1A = BigInt(total(inMonth(f.titleDaily, f.a.id, '2026-08').filter((r) => r.title_id === f.t1)));
    const t1 = Number((financeA * t1A) / monthA) + total(inMonth(f.titleDaily, f.b.id, '2026-08'));
    const t2 = Number(financeA - (financeA * t1A) / monthA);
    expect(titles.rows.map((r) => [r.id, r.value])).toEqual([
      [f.t1, dollars(t1)],
      [f.t2, dollars(t2)],
    ]);
    const filtered = await post<Base>('/api/stat/base', { ...body, titles: [f.t1] });
    expect(filtered.sum_partner_revenue).toBe(dollars(t1));
    expect(filtered.earnings.months[0]?.basis).toBe('mixed');
    // The country grain goes through the same rule (this fixture has no country rows).
    const byCountry = await post<Base>('/api/stat/base', { ...body, countries: ['US'] });
    expect(byCountry.sum_partner_revenue).toBe(0);
  });

  it('a lifetime reads its first and last months whole, by day as by month', async () => {
    const byDay = await post<Base>('/api/stat/base', { chart_period: 'days' });
    const byMonth = await post<Base>('/api/stat/base', { chart_period: 'month' });
    expect(byDay.sum_partner_revenue).toBe(byMonth.sum_partner_revenue);
    expect(byDay.earnings.months.map((m) => m.basis)).toEqual(['finance', 'mixed', 'mixed']);
    expect(byDay.earnings.finance).toBe(
      dollars((statement('a', '2026-07') ?? 0) + (statement('a', '2026-08') ?? 0) + (statement('b', '2026-09') ?? 0)),
    );
  });

  it('feeds the forecast the history days of a financed month by the same rule, and the current month as estimates', async () => {
    // With 20 September as the latest day, the four-week history reaches back to 24 August, whose statement (A's) is shared
    // over those days in proportion to their estimates (running from the range's first day); September is still estimated.
    const asOf = '2026-09-20';
    const expected = new Map<string, number>();
    const add = (day: unknown, micros: number) => expected.set(String(day), (expected.get(String(day)) ?? 0) + micros);
    const augustA = inMonth(f.daily, f.a.id, '2026-08', '2026-08-24');
    allocate(augustA, statement('a', '2026-08') ?? 0, total(inMonth(f.daily, f.a.id, '2026-08'))).forEach((v, r) => add(r.day, v));
    for (const r of inMonth(f.daily, f.b.id, '2026-08', '2026-08-24')) add(r.day, Number(r.partner_revenue_micros));
    for (const id of [f.a.id, f.b.id])
      for (const r of inMonth(f.daily, id, '2026-09', '2026-09-01', asOf)) add(r.day, Number(r.partner_revenue_micros));
    const model = forecastMonth(expected, asOf);
    // The stats' database for the scope, as the route asks for it (one network: its store when split).
    const { db, scope } = await statsDbFor(env, scopeFor(f.user, {}));
    expect(await getForecast(db, scope, '2026-09-25', asOf)).toEqual({
      month: '2026-09',
      month_to_date: dollars(model.monthToDate),
      forecast: dollars(model.forecast),
      low: dollars(model.low),
      high: dollars(model.high),
      days_done: 20,
      days_in_month: 30,
      as_of: asOf,
    });
    expect(model.monthToDate).toBe(
      total([...inMonth(f.daily, f.a.id, '2026-09', '2026-09-01', asOf), ...inMonth(f.daily, f.b.id, '2026-09', '2026-09-01', asOf)]),
    );
  });
});
