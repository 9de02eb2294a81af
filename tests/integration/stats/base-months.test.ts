// The base card as the page asks for it (month buckets at 365 days and lifetime, day buckets below 90
// days, each with its comparison): series, sums, the earnings' finance and estimate parts and the
// comparison equal what the fixture's daily rows and statements give by the earnings rule, computed
// here in plain code. Whole months at the channel grain take their statement as it is; the months a
// range cuts stay estimates.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BaseAnswer, EarningsBasis } from '../../../src/lib/api/stats';
import { compileStatQuery } from '../../../src/server/stats/query';
import { resolveRequest } from '../../../src/server/stats/request';
import type { SessionUser } from '../../../src/server/auth/session-user';
import { createUser, sessionUserOf } from '../factories';
import { call, signIn } from '../http';
import { everyFactsDb, factsDb, insertPartnerRows, rebuildPartnerRollups, refreshPartnerRollups } from '../partner-facts';
import { createChannel, daysBetween, type Row } from '../rollup/factory';

const CREATED_AT = 1_700_000_000;
/** The data starts mid-month and ends before the end of its month. */
const FIRST = '2023-11-17';
const LAST = '2026-02-20';
const B_FIRST = '2023-12-17';
const C_FIRST = '2025-04-10';
/** Channel B earns nothing this month but has a statement for it: it stays its (zero) estimate. */
const B_ZERO_MONTH = '2025-03';

type Range = { from: string; to: string };
type Body = Record<string, unknown>;

interface Fixture {
  session: string;
  user: SessionUser;
  a: { id: number; key: string };
  daily: Row[];
  /** 'channel|month' -> revenue + adjustment (micros). */
  statements: Map<string, number>;
  visible: number[];
  /** Where the network's facts live (its store on a split install). */
  facts: D1Database;
}

let f: Fixture;

const monthsOf = (from: string, to: string) => [...new Set(daysBetween(from, to).map((d) => d.slice(0, 7)))];
const lastDay = (month: string) =>
  daysBetween(`${month}-01`, `${month}-31`)
    .filter((d) => d.startsWith(month))
    .at(-1) ?? '';

beforeAll(async () => {
  const net = await env.DB.prepare(
    "INSERT INTO networks (slug, name, is_partner, created_at) VALUES ('grain-net', 'Grain', 1, ?) RETURNING id",
  )
    .bind(CREATED_AT)
    .first<{ id: number }>();
  const networkId = net?.id ?? 0;
  const [a, b, c] = [await createChannel({ networkId }), await createChannel({ networkId }), await createChannel({ networkId })];
  // Another network's channel, with figures and statements in the same months: never counted.
  const foreign = await createChannel();
  const user = await createUser();
  await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, ?)')
    .bind(user.id, networkId, CREATED_AT)
    .run();
  const keyA = await env.DB.prepare('SELECT youtube_id FROM channels WHERE id = ?').bind(a).first<{ youtube_id: string }>();

  const daily: Row[] = [];
  let seed = 1;
  const starts: Array<[number, string]> = [
    [a ?? 0, FIRST],
    [b ?? 0, B_FIRST],
    [c ?? 0, C_FIRST],
    [foreign, FIRST],
  ];
  for (const [channel_id, first] of starts) {
    for (const day of daysBetween(first, LAST)) {
      seed += 1;
      const views = 100 + ((seed * 7919) % 901);
      // Estimates that are not whole cents, so every rounding shows.
      const revenue = channel_id === b && day.startsWith(B_ZERO_MONTH) ? 0 : views * 12_345 + (seed % 977);
      daily.push({
        channel_id,
        day,
        views,
        watch_time_minutes: views * 3 + (seed % 7),
        subscribers_gained: seed % 13,
        subscribers_lost: seed % 5,
        partner_revenue_micros: revenue,
      });
    }
  }
  await insertPartnerRows('channel_daily', daily);
  await refreshPartnerRollups({ channelDays: daily.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });

  const statements = new Map<string, number>();
  const finance: Row[] = [];
  const addStatement = (channel: number, month: string, revenue: number, adjustment: number) => {
    statements.set(`${channel}|${month}`, revenue + adjustment);
    finance.push({ channel_id: channel, month, revenue_micros: revenue, adjustment_micros: adjustment, finalized_at: CREATED_AT });
  };
  // A: every month of 2024 and 2025 but September 2024 (so some months are mixed), some with negative adjustments.
  monthsOf('2024-01-01', '2025-12-31')
    .filter((m) => m !== '2024-09')
    .forEach((m, i) => addStatement(a ?? 0, m, 300_000_000 + i * 1_234_567, i % 3 === 0 ? -2_500_001 : 0));
  // B: March 2024 to June 2025, its zero month included.
  monthsOf('2024-03-01', '2025-06-30').forEach((m, i) => addStatement(b ?? 0, m, 200_000_000 + i * 7_654_321, 0));
  // C: a statement for a month before its first figures: nothing to apply it to.
  addStatement(c ?? 0, '2024-06', 99_000_000, 0);
  monthsOf('2024-01-01', '2025-12-31').forEach((m) => addStatement(foreign, m, 777_000_000, 0));
  await insertPartnerRows('channel_finance_monthly', finance);

  f = {
    session: await signIn(user.email, user.password ?? ''),
    user: sessionUserOf(user),
    a: { id: a ?? 0, key: keyA?.youtube_id ?? '' },
    daily,
    statements,
    visible: [a ?? 0, b ?? 0, c ?? 0],
    facts: factsDb(networkId),
  };
});

interface Figures {
  micros: number;
  finance: number;
  views: number;
  subscribers: number;
  watch: number;
}

const zero = (): Figures => ({ micros: 0, finance: 0, views: 0, subscribers: 0, watch: 0 });
const cents = (micros: number) => Math.round(micros / 10_000);
const dollars = (micros: number) => cents(micros) / 100;
const basisOf = (x: Figures): EarningsBasis => (x.finance === 0 ? 'estimate' : x.finance === x.micros ? 'finance' : 'mixed');
const split = (x: Figures) => ({ finance: cents(x.finance) / 100, estimate: (cents(x.micros) - cents(x.finance)) / 100 });

/**
 * The rule, in plain code: per channel and month inside `range`, the statement when the month is whole
 * in `basis`, the channel has one and its month's estimate is positive; else the estimates of the days.
 * Returns the figures per bucket key (bucketOf) and per basis month the channels of each kind.
 */
function expected(range: Range, basis: Range, channels: number[], bucketOf: (day: string) => string) {
  const buckets = new Map<string, Figures>();
  const counts = new Map<string, { finance: number; estimate: number }>();
  for (const channel of channels) {
    const rows = f.daily.filter((r) => r.channel_id === channel);
    const months = new Map<string, Row[]>();
    for (const r of rows) months.set(String(r.day).slice(0, 7), [...(months.get(String(r.day).slice(0, 7)) ?? []), r]);
    for (const [month, monthRows] of months) {
      const inRange = monthRows.filter((r) => String(r.day) >= range.from && String(r.day) <= range.to);
      if (inRange.length === 0) continue;
      const whole = basis.from <= `${month}-01` && basis.to >= lastDay(month);
      const monthEstimate = monthRows.reduce((s, r) => s + Number(r.partner_revenue_micros), 0);
      const statement = f.statements.get(`${channel}|${month}`);
      const usesStatement = whole && statement !== undefined && monthEstimate > 0;
      if (whole) {
        const count = counts.get(month) ?? { finance: 0, estimate: 0 };
        if (usesStatement) count.finance += 1;
        else count.estimate += 1;
        counts.set(month, count);
      }
      for (const r of inRange) {
        const x = buckets.get(bucketOf(String(r.day))) ?? zero();
        x.views += Number(r.views);
        x.subscribers += Number(r.subscribers_gained) - Number(r.subscribers_lost);
        x.watch += Number(r.watch_time_minutes);
        if (!usesStatement) x.micros += Number(r.partner_revenue_micros);
        buckets.set(bucketOf(String(r.day)), x);
      }
      if (usesStatement) {
        // A whole month in a month bucket: its statement lands in the month's bucket.
        const x = buckets.get(bucketOf(`${month}-01`)) ?? zero();
        x.micros += statement;
        x.finance += statement;
        buckets.set(bucketOf(`${month}-01`), x);
      }
    }
  }
  const total = zero();
  for (const x of buckets.values()) {
    total.micros += x.micros;
    total.finance += x.finance;
    total.views += x.views;
    total.subscribers += x.subscribers;
    total.watch += x.watch;
  }
  return { buckets, counts, total };
}

const byMonth = (day: string) => day.slice(0, 7);

async function post(body: Body): Promise<BaseAnswer> {
  const res = await call('/api/stat/base', { session: f.session, body });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: BaseAnswer }).data;
}

function checkSums(got: Omit<BaseAnswer, 'compare'> | BaseAnswer['compare'], total: Figures) {
  expect(got?.sum_views).toBe(total.views);
  expect(got?.sum_subscribers).toBe(total.subscribers);
  expect(got?.sum_watch_time).toBe(total.watch);
  expect(got?.sum_partner_revenue).toBe(dollars(total.micros));
  expect({ finance: got?.earnings.finance, estimate: got?.earnings.estimate }).toEqual(split(total));
}

/** Month buckets: every series point, every month's parts and channel counts, the sums and the comparison. */
async function checkMonths(body: Body, range: Range, basis: Range, compare: Range | null, channels = f.visible) {
  const got = await post(body);
  const want = expected(range, basis, channels, byMonth);
  const keys = monthsOf(range.from, range.to);
  expect(got.views.map((p) => p.value)).toEqual(keys.map((k) => want.buckets.get(k)?.views ?? 0));
  expect(got.subscribers.map((p) => p.value)).toEqual(keys.map((k) => want.buckets.get(k)?.subscribers ?? 0));
  expect(got.watch_time.map((p) => p.value)).toEqual(keys.map((k) => want.buckets.get(k)?.watch ?? 0));
  expect(got.partner_revenue.map((p) => p.value)).toEqual(keys.map((k) => dollars(want.buckets.get(k)?.micros ?? 0)));
  expect(got.earnings.buckets).toEqual(keys.map((k) => basisOf(want.buckets.get(k) ?? zero())));
  checkSums(got, want.total);
  const months = keys
    .filter((k) => want.buckets.has(k))
    .map((k) => {
      const x = want.buckets.get(k) ?? zero();
      const count = want.counts.get(k);
      return {
        month: k,
        basis: basisOf(x),
        ...split(x),
        finance_channels: count?.finance ?? 0,
        estimate_channels: count ? count.estimate : null,
      };
    });
  expect(got.earnings.months.map(({ range: _range, ...m }) => m)).toEqual(months);
  if (!compare) {
    expect(got.compare).toBeNull();
    return;
  }
  checkSums(got.compare, expected(compare, compare, channels, byMonth).total);
}

/** The page's comparison: the same number of days just before. */
function previous(range: Range): Range {
  const days = daysBetween(range.from, range.to).length;
  const before = daysBetween('2015-01-01', range.from).slice(0, -1);
  return { from: before.at(-days) ?? '', to: before.at(-1) ?? '' };
}

function dated(range: Range, chartPeriod: 'month' | 'days', channels?: string[]): Body {
  const compare = previous(range);
  const body: Body = {
    date_from: range.from,
    date_to: range.to,
    chart_period: chartPeriod,
    compare_from: compare.from,
    compare_to: compare.to,
  };
  if (channels) body.channels = channels;
  return body;
}

const YEAR: Range = { from: '2025-02-21', to: LAST };
const CUT: Range = { from: '2024-05-10', to: '2025-03-20' };

describe('base by month, as the page asks', () => {
  it('365 days to the latest day: series, parts, channel counts and the comparison', async () => {
    await checkMonths(dated(YEAR, 'month'), YEAR, YEAR, previous(YEAR));
  });

  it('lifetime: every month whole, the first and last included, no comparison', async () => {
    await checkMonths({ chart_period: 'month' }, { from: FIRST, to: LAST }, { from: '2023-11-01', to: '2026-02-28' }, null);
  });

  it('a range whose first and last months are cut: those months stay estimates, in the comparison too', async () => {
    await checkMonths(dated(CUT, 'month'), CUT, CUT, previous(CUT));
  });

  it('one channel of the network: its own months only', async () => {
    await checkMonths(dated(YEAR, 'month', [f.a.key]), YEAR, YEAR, previous(YEAR), [f.a.id]);
  });
});

describe('base by day', () => {
  it('a range around a whole month (one channel earning nothing that month): its sums, months, channel counts and the estimated days of the cut months', async () => {
    const range = { from: '2025-02-15', to: '2025-04-20' };
    const got = await post(dated(range, 'days'));
    const want = expected(range, range, f.visible, byMonth);
    checkSums(got, want.total);
    // Day charts count each month's channels by basis in a statement of their own.
    expect(got.earnings.months.map((m) => [m.month, m.basis, m.finance, m.estimate, m.finance_channels, m.estimate_channels])).toEqual(
      monthsOf(range.from, range.to).map((k) => {
        const x = want.buckets.get(k) ?? zero();
        const count = want.counts.get(k);
        return [k, basisOf(x), split(x).finance, split(x).estimate, count?.finance ?? 0, count ? count.estimate : null];
      }),
    );
    const days = expected(range, range, f.visible, (day) => day);
    expect(got.views.map((p) => p.value)).toEqual(daysBetween(range.from, range.to).map((d) => days.buckets.get(d)?.views ?? 0));
    const cutDays = got.partner_revenue.filter((p) => !p.date.startsWith('2025-03'));
    expect(cutDays.map((p) => p.value)).toEqual(cutDays.map((p) => dollars(days.buckets.get(p.date)?.micros ?? 0)));
    checkSums(got.compare, expected(previous(range), previous(range), f.visible, byMonth).total);
  });
});

describe('the reads chosen', () => {
  it('reads the statement months of a month chart as one row per channel and month, its statement on it', async () => {
    const req = resolveRequest(f.user, { date_from: YEAR.from, date_to: YEAR.to }, { today: '2026-02-22' });
    const query = { scope: req.scope, dimensions: ['time'] as const, range: req.range, period: 'month' as const, horizon: req.today };
    const { sql } = compileStatQuery({ ...query, metrics: ['views', 'partner_revenue', 'partner_revenue_finance'] });
    expect(sql).toContain('FROM channel_monthly');
    expect(sql).toContain('statement_micros');
    expect(sql).not.toContain('channel_finance_monthly');
    expect(sql).not.toContain('OVER running');
    // Day buckets inside a statement month read each day's stored share of it (migration 0033), no window.
    const days = compileStatQuery({
      ...query,
      range: { from: '2025-05-15', to: '2025-07-20' },
      period: 'days',
      metrics: ['partner_revenue'],
    });
    expect(days.sql).toContain('statement_share_micros');
    expect(days.sql).not.toContain('OVER running');
  });
});

describe('the statement on each monthly row', () => {
  const UPSERT = `INSERT INTO channel_finance_monthly (channel_id, month, revenue_micros, adjustment_micros, finalized_at)
    VALUES (?, ?, ?, ?, ?) ON CONFLICT (channel_id, month) DO UPDATE SET revenue_micros = excluded.revenue_micros,
    adjustment_micros = excluded.adjustment_micros, finalized_at = excluded.finalized_at`;

  /** Every channel_monthly row carries exactly its channel_finance_monthly statement (or none). */
  async function expectCarried() {
    for (const db of await everyFactsDb()) {
      const wrong = await db
        .prepare(
          `SELECT count(*) AS n FROM channel_monthly m LEFT JOIN channel_finance_monthly f ON f.channel_id = m.channel_id AND f.month = m.month
           WHERE m.statement_micros IS NOT f.revenue_micros + f.adjustment_micros`,
        )
        .first<{ n: number }>();
      expect(wrong?.n).toBe(0);
    }
    await checkMonths(dated(YEAR, 'month'), YEAR, YEAR, previous(YEAR));
  }

  it('follows statements loaded, replaced and deleted, rollup refreshes and a rebuild', async () => {
    const [a, b, c] = f.visible as [number, number, number];
    const upsert = (channel: number, month: string, revenue: number, adjustment: number) => {
      f.statements.set(`${channel}|${month}`, revenue + adjustment);
      return f.facts.prepare(UPSERT).bind(channel, month, revenue, adjustment, CREATED_AT).run();
    };
    await upsert(a, '2025-05', 111_111_111, -11);
    await upsert(c, '2025-07', 222_222_222, 5);
    await f.facts.prepare("DELETE FROM channel_finance_monthly WHERE channel_id = ? AND month = '2025-04'").bind(b).run();
    f.statements.delete(`${b}|2025-04`);
    await expectCarried();
    // A refresh deletes and re-inserts the months it touches: they take their statements again.
    await refreshPartnerRollups({
      channelDays: [
        { channelId: a, day: '2025-05-03' },
        { channelId: c, day: '2025-07-09' },
      ],
    });
    await expectCarried();
    await rebuildPartnerRollups();
    await expectCarried();
  });
});
