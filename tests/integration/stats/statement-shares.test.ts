// Stored statement shares (migration 0020): the rollups spread each channel month's statement over its
// title and country months exactly as the documented running cut does, follow statements that arrive,
// change or go after the rollup, and untimed sums read them from months and years. Expected figures are
// computed from the fixture's daily rows in plain code (statement-shares-expect.ts).
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { refreshRollups } from '../../../src/server/ingest/rollup/index';
import { scopeFor } from '../../../src/server/stats/filters';
import { compileStatQuery, type DayRange } from '../../../src/server/stats/query';
import { LIFETIME_SPAN } from '../../../src/server/stats/request';
import { oneDatabase } from '../../../src/server/stats/stores';
import { createUser, sessionUserOf } from '../factories';
import { createChannel, createTitle, daysBetween, dump, insertRows, type Row } from '../rollup/factory';
import {
  answerKey,
  expectedDailyShares,
  expectedDayEarnings,
  expectedEarnings,
  expectedShares,
  type ShareFixture,
  type ShareGrain,
  storedShares,
} from './statement-shares-expect';

const CREATED_AT = 1_700_000_000;
const FIRST_DAY = '2024-12-20';
const LAST_DAY = '2026-02-10';
/** Today for the cover's choices (cover.ts): the day after the last data. */
const HORIZON = '2026-02-11';
const COUNTRIES = ['DE', 'FR', 'US'];
/** Three equal rows in March 2025: a statement of 1,000,001 micros leaves a remainder of 2. */
const EVEN_MONTH = '2025-03';
/** Channel A's own estimate is 0 in May 2025 (its titles and countries are not): the month stays the estimate. */
const ZERO_MONTH = '2025-05';
/** The countries add up to less than the channel in July 2025: the weight total is the channel's estimate. */
const SHORT_MONTH = '2025-07';

interface Fixture extends ShareFixture {
  user: Awaited<ReturnType<typeof createUser>>;
  a: number;
  b: number;
}

let f: Fixture;

/** Daily rows of one channel at the channel, title and country grains; estimates vary by day and key. */
function dailyRows(channelId: number, c: number, titles: Array<[number, string]>): Pick<ShareFixture, 'channel' | 'title' | 'country'> {
  const out: Pick<ShareFixture, 'channel' | 'title' | 'country'> = { channel: [], title: [], country: [] };
  daysBetween(FIRST_DAY, LAST_DAY).forEach((day, i) => {
    const month = day.slice(0, 7);
    const byTitle = titles.map((_, k) => (month === EVEN_MONTH ? 1000 : 3000 + ((i * 37 + k * 101 + c * 53) % 997) * 13 + k));
    const total = byTitle.reduce((s, v) => s + v, 0);
    const first = month === EVEN_MONTH ? 1000 : Math.floor(total * 0.5) + (i % 7);
    const second = month === EVEN_MONTH ? 1000 : Math.floor(total * 0.3);
    const third = total - first - second;
    const byCountry = [first, second, month === SHORT_MONTH ? Math.floor(third / 2) : third];
    const channelRevenue = c === 0 && month === ZERO_MONTH ? 0 : total;
    out.channel.push({ channel_id: channelId, day, views: 100 + i, partner_revenue_micros: channelRevenue });
    titles.forEach(([title_id, video_type], k) =>
      out.title.push({ channel_id: channelId, day, title_id, video_type, views: 10 + k, partner_revenue_micros: byTitle[k] ?? 0 }),
    );
    COUNTRIES.forEach((country_code, k) =>
      out.country.push({ channel_id: channelId, day, country_code, views: 20 + k, partner_revenue_micros: byCountry[k] ?? 0 }),
    );
  });
  return out;
}

/** Statements before the rollup runs: [revenue, adjustment] per month. */
const STATEMENTS: Record<'a' | 'b', Record<string, [number, number]>> = {
  a: {
    '2024-12': [55_555_555, 0],
    '2025-01': [123_456_789, -1_000],
    [EVEN_MONTH]: [1_000_001, 0],
    [ZERO_MONTH]: [9_999_999, 0],
    [SHORT_MONTH]: [77_777_777, 0],
    '2025-12': [33_333_333, 0],
    '2026-01': [44_444_441, 0],
  },
  b: { [EVEN_MONTH]: [7, 0], '2025-06': [-2_500_001, 0] },
};

async function writeStatement(channelId: number, month: string, revenue: number, adjustment = 0): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO channel_finance_monthly (channel_id, month, revenue_micros, adjustment_micros, finalized_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (channel_id, month) DO UPDATE SET revenue_micros = excluded.revenue_micros, adjustment_micros = excluded.adjustment_micros`,
  )
    .bind(channelId, month, revenue, adjustment, CREATED_AT)
    .run();
  f.statements.set(`${channelId}|${month}`, revenue + adjustment);
}

beforeEach(async () => {
  const user = await createUser({ showTitle: true });
  const [a, b] = [await createChannel(), await createChannel()];
  const [t1, t2] = [await createTitle(), await createTitle()];
  await insertRows(
    'channel_grants',
    [a, b].map((channel_id) => ({ user_id: user.id, channel_id, created_at: CREATED_AT })),
  );
  const titles: Array<[number, string]> = [
    [t1, 'full'],
    [t1, 'short'],
    [t2, 'full'],
  ];
  const rowsA = dailyRows(a, 0, titles);
  const rowsB = dailyRows(b, 1, titles);
  f = {
    user,
    a,
    b,
    channel: [...rowsA.channel, ...rowsB.channel],
    title: [...rowsA.title, ...rowsB.title],
    country: [...rowsA.country, ...rowsB.country],
    statements: new Map(),
  };
  await insertRows('channel_daily', f.channel);
  await insertRows('channel_title_daily', f.title);
  await insertRows('channel_country_daily', f.country);
  for (const [channel, months] of [
    [a, STATEMENTS.a],
    [b, STATEMENTS.b],
  ] as const) {
    for (const [month, [revenue, adjustment]] of Object.entries(months)) await writeStatement(channel, month, revenue, adjustment);
  }
  await refreshRollups(env.DB, { channelDays: f.channel.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
});

const TABLES: Record<ShareGrain, { monthly: string; yearly: string; order: string; dimension: 'title' | 'country' }> = {
  title: {
    monthly: 'channel_title_monthly',
    yearly: 'channel_title_yearly',
    order: 'channel_id, month, title_id, video_type',
    dimension: 'title',
  },
  country: {
    monthly: 'channel_country_monthly',
    yearly: 'channel_country_yearly',
    order: 'channel_id, month, country_code',
    dimension: 'country',
  },
};

const mine = (rows: Row[]) => rows.filter((r) => r.channel_id === f.a || r.channel_id === f.b);

async function expectStoredShares(grain: ShareGrain): Promise<Row[]> {
  const rows = mine(await dump(TABLES[grain].monthly, TABLES[grain].order));
  expect(storedShares(grain, rows)).toEqual(expectedShares(f, grain));
  return rows;
}

/** Earnings and finance micros by title or country over a range, read by the stats engine. */
async function engine(
  grain: ShareGrain,
  range: DayRange,
): Promise<{ sql: string; figures: Map<string, { earnings: number; finance: number }> }> {
  const scope = scopeFor(sessionUserOf(f.user, { showTitle: true }), {});
  const query = compileStatQuery({
    scope,
    metrics: ['partner_revenue', 'partner_revenue_finance', 'views'],
    dimensions: [TABLES[grain].dimension],
    range,
    earningsRange: range,
    horizon: HORIZON,
  });
  const [rows = []] = await oneDatabase(env.DB).read([query]);
  const figures = new Map<string, { earnings: number; finance: number }>();
  for (const row of rows) {
    if (Number(row.views) === 0) continue; // a country read only from subtracted rows (cover.ts)
    figures.set(answerKey(grain, row), { earnings: Number(row.partner_revenue), finance: Number(row.partner_revenue_finance) });
  }
  return { sql: query.sql, figures };
}

async function expectFigures(grain: ShareGrain, range: DayRange): Promise<string> {
  const { sql, figures } = await engine(grain, range);
  expect(figures).toEqual(expectedEarnings(f, grain, range.from, range.to));
  return sql;
}

/** The channel days' stored shares as expectedDailyShares keys them. */
async function expectStoredDailyShares(): Promise<void> {
  const rows = mine(await dump('channel_daily', 'channel_id, day'));
  const stored = new Map(
    rows.map((r) => [`${r.channel_id}|${r.day}`, r.statement_share_micros === null ? null : Number(r.statement_share_micros)]),
  );
  expect(stored).toEqual(expectedDailyShares(f));
}

/** The day chart's earnings and finance micros over a range (its own months the basis), as the engine reads them. */
async function expectDayChart(range: DayRange): Promise<string> {
  const scope = scopeFor(sessionUserOf(f.user, { showTitle: true }), {});
  const query = compileStatQuery({
    scope,
    metrics: ['partner_revenue', 'partner_revenue_finance'],
    dimensions: ['time'],
    range,
    period: 'days',
    earningsRange: range,
    horizon: HORIZON,
  });
  const [rows = []] = await oneDatabase(env.DB).read([query]);
  const figures = new Map(
    rows.map((r) => [String(r.bucket), { earnings: Number(r.partner_revenue), finance: Number(r.partner_revenue_finance) }]),
  );
  expect(figures).toEqual(expectedDayEarnings(f, range.from, range.to));
  return query.sql;
}

const DAY_RANGES: DayRange[] = [
  { from: FIRST_DAY, to: LAST_DAY },
  { from: '2025-01-15', to: '2026-01-31' },
  { from: '2025-03-01', to: '2025-03-31' },
];

describe('stored statement shares of channel days', () => {
  it("store each channel day's running cut of its month's statement, adding up to it to the micro", async () => {
    await expectStoredDailyShares();
    const days = mine(await dump('channel_daily', 'channel_id, day'));
    const month = (channel: number, m: string) => days.filter((r) => r.channel_id === channel && String(r.day).startsWith(m));
    const sum = (rows: typeof days) => rows.reduce((s, r) => s + Number(r.statement_share_micros), 0);
    expect(sum(month(f.a, '2025-01'))).toBe(123_456_789 - 1_000);
    expect(sum(month(f.b, '2025-06'))).toBe(-2_500_001);
    expect(month(f.a, ZERO_MONTH).every((r) => r.statement_share_micros === null)).toBe(true);
    expect(month(f.a, '2025-02').every((r) => r.statement_share_micros === null)).toBe(true);
  });

  it('a day chart reads the stored shares: whole months take them, cut months their estimates', async () => {
    for (const range of DAY_RANGES) expect(await expectDayChart(range)).not.toContain('OVER running');
  });

  it('a statement arriving, changing or going after the rollup moves the days with it', async () => {
    await writeStatement(f.a, '2025-09', 65_432_109);
    await writeStatement(f.b, EVEN_MONTH, 2_000_003);
    await env.DB.prepare('DELETE FROM channel_finance_monthly WHERE channel_id = ? AND month = ?').bind(f.a, '2024-12').run();
    f.statements.delete(`${f.a}|2024-12`);
    await expectStoredDailyShares();
    for (const range of DAY_RANGES) await expectDayChart(range);
  });

  it('a month refilled with new day estimates spreads its statement over them', async () => {
    const day = '2025-01-17';
    const changed = f.channel.filter((r) => r.channel_id === f.a && r.day === day);
    for (const row of changed) row.partner_revenue_micros = Number(row.partner_revenue_micros) + 3_333;
    await insertRows('channel_daily', changed, true);
    await refreshRollups(env.DB, { channelDays: [{ channelId: f.a, day }] });
    await expectStoredDailyShares();
    await expectDayChart({ from: FIRST_DAY, to: LAST_DAY });
  });
});

describe('stored statement shares', () => {
  it("store each title and country month's running cut of its statement, adding up to it to the micro", async () => {
    for (const grain of ['title', 'country'] as const) {
      const rows = await expectStoredShares(grain);
      const shares = (channel: number, month: string) =>
        rows.filter((r) => r.channel_id === channel && r.month === month).map((r) => r.statement_share_micros);
      // 1,000,001 over three equal rows: the remainder goes to the later cuts.
      expect(shares(f.a, EVEN_MONTH)).toEqual([333_333, 333_334, 333_334]);
      expect(shares(f.b, EVEN_MONTH)).toEqual([2, 2, 3]);
      // No positive channel estimate: nothing to spread over.
      expect(shares(f.a, ZERO_MONTH)).toEqual([null, null, null]);
      // A month without a statement has no shares.
      expect(shares(f.a, '2025-02')).toEqual([null, null, null]);
      expect(shares(f.b, '2025-06').reduce((s: number, v) => s + Number(v), 0)).toBe(-2_500_001);
    }
    const short = (await dump('channel_country_monthly', 'country_code')).filter((r) => r.channel_id === f.a && r.month === SHORT_MONTH);
    // The countries hold less than the channel's estimate: they get less than the whole statement.
    expect(short.reduce((s, r) => s + Number(r.statement_share_micros), 0)).toBeLessThan(77_777_777);
  });

  it('lifetime sums by title and by country read the yearly rows and equal the spread month by month', async () => {
    for (const grain of ['title', 'country'] as const) {
      const sql = await expectFigures(grain, LIFETIME_SPAN);
      expect(sql).toContain(`FROM ${TABLES[grain].yearly}`);
      expect(sql).not.toContain('OVER running');
    }
  });

  it('ranges cutting months and years: whole months take their shares, cut and outside months their estimates', async () => {
    // 2025 is read as its year minus 1..14 January for countries; January's statement must not count.
    for (const range of [
      { from: '2025-01-15', to: '2026-01-31' },
      { from: '2024-12-01', to: '2025-12-31' },
      { from: '2025-03-01', to: '2025-11-30' },
      { from: '2025-02-10', to: '2026-02-10' },
      { from: '2025-03-01', to: '2025-03-31' },
    ]) {
      await expectFigures('country', range);
      await expectFigures('title', range);
    }
  });

  it('a statement arriving after the rollup is spread over the stored months at once', async () => {
    await writeStatement(f.a, '2025-09', 65_432_109);
    await writeStatement(f.b, '2026-02', 1_000_001); // a month the data covers in part
    for (const grain of ['title', 'country'] as const) {
      await expectStoredShares(grain);
      await expectFigures(grain, LIFETIME_SPAN);
      await expectFigures(grain, { from: '2025-09-01', to: '2025-09-30' });
    }
  });

  it('a changed or removed statement changes the shares, and the yearly rows stay the sums of the months', async () => {
    await writeStatement(f.a, EVEN_MONTH, 2_000_003);
    await env.DB.prepare('DELETE FROM channel_finance_monthly WHERE channel_id = ? AND month = ?').bind(f.a, '2024-12').run();
    f.statements.delete(`${f.a}|2024-12`);
    for (const grain of ['title', 'country'] as const) {
      const months = await expectStoredShares(grain);
      await expectFigures(grain, LIFETIME_SPAN);
      const years = mine(await dump(TABLES[grain].yearly, TABLES[grain].order.replace('month', 'year')));
      for (const year of years) {
        const same = months.filter(
          (m) =>
            m.channel_id === year.channel_id &&
            String(m.month).startsWith(String(year.year)) &&
            (grain === 'title' ? m.title_id === year.title_id && m.video_type === year.video_type : m.country_code === year.country_code),
        );
        const sum = (value: (m: Row) => number) => same.reduce((s, m) => s + value(m), 0);
        expect(year.earnings_micros).toBe(sum((m) => Number(m.statement_share_micros ?? m.partner_revenue_micros)));
        expect(year.statement_share_micros).toBe(sum((m) => Number(m.statement_share_micros ?? 0)));
        expect(year.partner_revenue_micros).toBe(sum((m) => Number(m.partner_revenue_micros)));
        expect(year.views).toBe(sum((m) => Number(m.views)));
      }
    }
  });

  it('a month refilled with new estimates spreads its statement over them', async () => {
    const day = '2025-01-17';
    const bump = (rows: Row[], by: number) =>
      rows
        .filter((r) => r.channel_id === f.a && r.day === day)
        .forEach((r) => (r.partner_revenue_micros = Number(r.partner_revenue_micros) + by));
    bump(f.title, 1_111);
    bump(f.country, 1_111);
    bump(f.channel, 3_333);
    await insertRows(
      'channel_title_daily',
      f.title.filter((r) => r.channel_id === f.a && r.day === day),
      true,
    );
    await insertRows(
      'channel_country_daily',
      f.country.filter((r) => r.channel_id === f.a && r.day === day),
      true,
    );
    await insertRows(
      'channel_daily',
      f.channel.filter((r) => r.channel_id === f.a && r.day === day),
      true,
    );
    await refreshRollups(env.DB, { channelDays: [{ channelId: f.a, day }] });
    for (const grain of ['title', 'country'] as const) {
      await expectStoredShares(grain);
      await expectFigures(grain, LIFETIME_SPAN);
    }
  });
});
