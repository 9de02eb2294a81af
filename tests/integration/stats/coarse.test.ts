// Untimed sums read the coarsest stored rows (years, partial years minus their rest, months, edge
// days): every figure must equal the sum of the daily rows (audience: the monthly rows) of its range,
// including ranges where a year's row holds days outside the range and must not be read as it is.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { refreshRollups } from '../../../src/server/ingest/rollup/index';
import type { Point } from '../../../src/lib/api/stats';
import type { SessionUser } from '../../../src/server/auth/session-user';
import { getBase } from '../../../src/server/stats/base';
import { getDemographics } from '../../../src/server/stats/demographics';
import { getEngagement } from '../../../src/server/stats/engagement';
import { getLocation } from '../../../src/server/stats/location';
import { microsToDollars } from '../../../src/server/stats/metrics';
import { compileStatQuery } from '../../../src/server/stats/query';
import { resolveRequest } from '../../../src/server/stats/request';
import { createUser, sessionUserOf } from '../factories';
import { createChannel, daysBetween, insertRows, type Row } from '../rollup/factory';
import { oneDatabase } from '../../../src/server/stats/stores';

/** The data starts mid-month (17 Nov 2023) and ends before the end of its month (20 Feb 2026). */
const FIRST = '2023-11-17';
const LAST = '2026-02-20';
/** Pinned, so the reads chosen (which depend on today) are the same on any calendar day. */
const TODAY = '2026-02-22';
const AGES = ['18-24', '25-34', '45-54'];
/** The first channel's one finance statement: a whole month inside most ranges. */
const STATEMENT_MONTH = '2025-06';
const STATEMENT_MICROS = 987_654_321;

const RANGES: Record<string, { date_from?: string; date_to?: string }> = {
  lifetime: {},
  '365 days to the latest day': { date_from: '2025-02-21', date_to: LAST },
  'this year so far': { date_from: '2026-01-01', date_to: LAST },
  'a partial year inside one year': { date_from: '2024-05-10', date_to: '2024-09-03' },
  'ending before the latest day': { date_from: '2024-06-15', date_to: '2026-02-10' },
  'starting mid-month after the first day': { date_from: '2023-11-20', date_to: LAST },
  'starting on the first day': { date_from: FIRST, date_to: '2025-12-31' },
  'starting before the data': { date_from: '2023-01-01', date_to: LAST },
  'one whole year': { date_from: '2024-01-01', date_to: '2024-12-31' },
};

let user: SessionUser;
let channels: number[];
const daily: Row[] = [];
const country: Row[] = [];
const audience: Row[] = [];
const videos: Row[] = [];

beforeAll(async () => {
  user = sessionUserOf(await createUser());
  channels = [await createChannel(), await createChannel()];
  await insertRows(
    'channel_grants',
    channels.map((channel_id) => ({ user_id: user.id, channel_id, created_at: 1 })),
  );
  let seed = 1;
  const days = daysBetween(FIRST, LAST);
  channels.forEach((channel_id, c) => {
    // The second channel starts a month later: the scope's bounds are not every channel's.
    for (const day of c === 0 ? days : days.filter((d) => d >= '2023-12-17')) {
      seed += 1;
      const views = 100 + ((seed * 7919) % 901);
      daily.push({
        channel_id,
        day,
        views,
        likes: seed % 37,
        comments: seed % 11,
        watch_time_minutes: views * 2 + (seed % 7),
        partner_revenue_micros: views * 1234 + seed,
      });
      for (const [k, code] of ['US', 'DE'].entries()) country.push({ channel_id, day, country_code: code, views: views - k * (seed % 50) });
    }
    for (const month of [...new Set(days.map((d) => d.slice(0, 7)))]) {
      AGES.forEach((age_group, a) =>
        ['male', 'female'].forEach((gender, g) =>
          audience.push({
            channel_id,
            month,
            age_group,
            gender,
            views: ((c * 131 + month.length * 7 + a * 53 + g * 17 + Number(month.slice(5)) * 29) % 300) + 1,
          }),
        ),
      );
    }
  });
  await insertRows('channel_daily', daily);
  await insertRows('channel_country_daily', country);
  await insertRows('channel_audience_monthly', audience);
  // Videos before, inside and after the facts: a lifetime counts those published from its first to its last fact day.
  videos.push(
    ...['2023-06-01', FIRST, '2024-07-04', '2025-02-21', LAST, '2026-02-21'].map((day, i) => ({
      video_id: `coarsevid0${i}`,
      channel_id: channels[i % 2] ?? 0,
      video_title: `Video ${i}`,
      published_at: Date.parse(`${day}T12:00:00Z`) / 1000,
      type: 'full',
      day,
    })),
  );
  await insertRows(
    'videos',
    videos.map(({ day: _day, ...video }) => video),
  );
  await refreshRollups(env.DB, { channelDays: daily.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
  await insertRows('channel_finance_monthly', [
    { channel_id: channels[0] ?? 0, month: STATEMENT_MONTH, revenue_micros: STATEMENT_MICROS, adjustment_micros: 0, finalized_at: 1 },
  ]);
});

/**
 * The earnings of a range by the rule (docs/stats.md, "Earnings"): estimates, except the first
 * channel's statement month when the range covers it wholly.
 */
function earningsMicros(body: { date_from?: string; date_to?: string }): number {
  const where = inRange(body);
  const whole = !body.date_from || !body.date_to || (body.date_from <= `${STATEMENT_MONTH}-01` && body.date_to >= `${STATEMENT_MONTH}-30`);
  const statement = (r: Row) => whole && r.channel_id === channels[0] && String(r.day).startsWith(STATEMENT_MONTH);
  return sum(daily, 'partner_revenue_micros', (r) => where(r) && !statement(r)) + (whole ? STATEMENT_MICROS : 0);
}

const inRange = (body: { date_from?: string; date_to?: string }) => (r: Row) =>
  !body.date_from || !body.date_to || (String(r.day) >= body.date_from && String(r.day) <= body.date_to);
const sum = (rows: Row[], column: string, where: (r: Row) => boolean) => rows.filter(where).reduce((s, r) => s + Number(r[column]), 0);
const pct = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 100;

describe.each(Object.entries(RANGES))('%s', (_name, body) => {
  const request = () => resolveRequest(user, { ...body }, { today: TODAY });

  it('locates the views of the daily country rows', async () => {
    const got = await getLocation(oneDatabase(env.DB), await request());
    const where = inRange(body);
    expect(got.total_views).toBe(sum(country, 'views', where));
    for (const code of ['US', 'DE']) {
      expect(got.countries.find((c) => c.code2 === code)?.views).toBe(sum(country, 'views', (r) => where(r) && r.country_code === code));
    }
  });

  it('sums engagement and the base figures from the daily rows', async () => {
    const where = inRange(body);
    const engagement = await getEngagement(oneDatabase(env.DB), await request());
    expect(engagement.likes).toBe(sum(daily, 'likes', where));
    expect(engagement.comments).toBe(sum(daily, 'comments', where));
    expect(engagement.watch_time_minutes).toBe(sum(daily, 'watch_time_minutes', where));
    const published = videos.filter((v) => (body.date_from ? where(v) : String(v.day) >= FIRST && String(v.day) <= LAST));
    expect(engagement.video_count).toBe(published.length);
    const base = await getBase(oneDatabase(env.DB), await request());
    expect(base.sum_views).toBe(sum(daily, 'views', where));
    expect(base.sum_partner_revenue).toBe(microsToDollars(earningsMicros(body)));
  });

  it('draws buckets whose money and views are the daily rows inside each', async () => {
    const base = await getBase(oneDatabase(env.DB), await request());
    const within = (point: Point | undefined) => (r: Row) =>
      inRange(body)(r) && String(r.day) >= String(point?.range.from) && String(r.day) <= String(point?.range.to);
    for (const point of [base.views[0], base.views.at(-1)]) expect(point?.value).toBe(sum(daily, 'views', within(point)));
    // The last bucket is never the statement month: its money is the estimates.
    const last = base.partner_revenue.at(-1);
    expect(last?.value).toBe(microsToDollars(sum(daily, 'partner_revenue_micros', within(last))));
  });

  it('shares the audience of the months the range touches', async () => {
    const months = (r: Row) =>
      !body.date_from || !body.date_to || (String(r.month) >= body.date_from.slice(0, 7) && String(r.month) <= body.date_to.slice(0, 7));
    const [got] = await getDemographics(oneDatabase(env.DB), await request());
    const all = sum(audience, 'views', months);
    expect(got?.male).toBe(
      pct(
        sum(audience, 'views', (r) => months(r) && r.gender === 'male'),
        all,
      ),
    );
    expect(got?.ages.female_age['45-54']).toBe(
      pct(
        sum(audience, 'views', (r) => months(r) && r.gender === 'female' && r.age_group === '45-54'),
        all,
      ),
    );
    expect(got?.details).toHaveLength(2);
  });
});

describe('the reads chosen', () => {
  const sqlOf = async (body: { date_from?: string; date_to?: string }) => {
    const req = resolveRequest(user, body, { today: TODAY });
    return compileStatQuery({ scope: req.scope, metrics: ['views'], dimensions: ['country'], range: req.sumRange, horizon: TODAY }).sql;
  };

  it('reads a lifetime from the yearly rows alone, without its bounds', async () => {
    const sql = await sqlOf({});
    expect(sql).toContain('channel_country_yearly');
    expect(sql).not.toContain('channel_country_monthly');
    expect(sql).not.toContain('channel_country_daily');
  });

  it('reads 365 days to the latest day as the current year minus its empty rest, not as its days', async () => {
    const sql = await sqlOf(RANGES['365 days to the latest day'] ?? {});
    expect(sql).toContain('FROM channel_country_yearly');
    expect(sql).toContain('-views AS views');
  });

  it('reads the month buckets of 365 days with money as the last month minus its empty days', async () => {
    const req = resolveRequest(user, RANGES['365 days to the latest day'] ?? {}, { today: TODAY });
    const query = { scope: req.scope, dimensions: ['time'] as const, range: req.range, period: 'month' as const, horizon: TODAY };
    const { sql, params } = compileStatQuery({ ...query, metrics: ['views', 'partner_revenue'] });
    expect(sql).toContain('-partner_revenue_micros AS partner_revenue_micros');
    expect(params).toContain('2026-02-21');
  });

  it('has a first year whose row holds days before a range starting mid-month (so it must not be read as it is)', async () => {
    const row = await env.DB.prepare(
      `SELECT sum(views) AS views FROM channel_country_yearly WHERE year = '2023' AND channel_id IN (${channels.join(', ')})`,
    ).first<{ views: number }>();
    const from = RANGES['starting mid-month after the first day']?.date_from ?? '';
    expect(row?.views).toBeGreaterThan(sum(country, 'views', (r) => String(r.day) >= from && String(r.day) <= '2023-12-31'));
  });
});
