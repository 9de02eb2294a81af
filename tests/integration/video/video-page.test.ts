// GET /api/video/{id}: one video's figures, chart, countries, audience and traffic for the session's
// scope, every figure summed here from the rows the test inserts (statement shares by the documented cut).
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../http';
import { insertPartnerRows, refreshPartnerRollups } from '../partner-facts';
import { daysBetween, type Row } from '../rollup/factory';
import { buildWorld, metrics, reach, type World } from '../stats/world';

let w: World;
const video: Row[] = [];
const countries: Row[] = [];
const audience: Row[] = [];
const traffic: Row[] = [];
const VIDEO = 'vid00000001';
const OTHER = 'vid00000002';
const COUNTRY_CODES = ['US', 'DE', 'FR', 'BR', 'GB', 'IN', 'JP', 'MX', 'CA', 'ES', 'IT', 'PL'];
const AGES = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'];

beforeAll(async () => {
  w = await buildWorld();
  let seed = 500;
  for (const day of daysBetween('2025-11-20', '2026-03-10')) {
    for (const id of [VIDEO, OTHER]) {
      const m = metrics(seed);
      video.push({
        channel_id: w.ch1.id,
        day,
        video_id: id,
        ...m,
        ...reach(seed),
        shares: seed % 5,
        engaged_views: Number(m.views) - (seed % 17),
      });
      seed++;
    }
    // Some days a country is missing, so the top ten changes with the period.
    COUNTRY_CODES.forEach((code, i) => {
      if ((seed + i) % 4 !== 0)
        countries.push({ channel_id: w.ch1.id, day, video_id: VIDEO, country_code: code, views: 10 + ((seed * (i + 3)) % 97) * (12 - i) });
    });
    for (const source of [1, 3, 5, 24])
      traffic.push({
        channel_id: w.ch1.id,
        day,
        video_id: VIDEO,
        source_type: source,
        views: 5 + ((seed * source) % 50),
        engaged_views: 1,
        watch_time_minutes: 3 + (seed % 7),
      });
    AGES.forEach((age, i) =>
      ['male', 'female', 'user_specified'].forEach((gender, g) =>
        audience.push({ channel_id: w.ch1.id, day, video_id: VIDEO, age_group: age, gender, views: ((seed + i * 7 + g) % 13) + 0.25 }),
      ),
    );
    seed++;
  }
  await insertPartnerRows('video_daily', video);
  await insertPartnerRows('video_country_daily', countries);
  await insertPartnerRows('video_traffic_daily', traffic);
  await insertPartnerRows('video_audience_daily', audience);
  // The demographics load writes a video's audience months itself (not a FACT_GRAINS rollup): the rounded
  // sum of each cell's days, cells above zero.
  const months = new Map<string, Row>();
  for (const r of audience) {
    const key = `${String(r.day).slice(0, 7)}|${String(r.age_group)}|${String(r.gender)}`;
    const m: Row = months.get(key) ?? {
      channel_id: w.ch1.id,
      month: String(r.day).slice(0, 7),
      video_id: VIDEO,
      age_group: String(r.age_group),
      gender: String(r.gender),
      views: 0,
    };
    m.views = Number(m.views) + Number(r.views);
    months.set(key, m);
  }
  const monthRows = [...months.values()].map((m) => ({ ...m, views: Math.round(Number(m.views)) })).filter((m) => m.views > 0);
  await insertPartnerRows('video_audience_monthly', monthRows);
  await refreshPartnerRollups({ channelDays: video.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
});

interface Figures {
  views: number;
  engaged_views: number;
  watch_time_minutes: number;
  subscribers_gained: number;
  impressions: number;
  earnings_micros: number;
  finance_micros: number;
}
interface Answer {
  video: { video_id: string; channel_id: string; title: string | null };
  range: { from: string; to: string } | null;
  compare_range: { from: string; to: string } | null;
  chart_period: string;
  figures: Figures;
  compare: Figures | null;
  earnings_basis: string;
  series: Array<{ period: string; views: number; earnings_micros: number }>;
  countries: Array<{ country_code: string; views: number; share: number }>;
  other_countries_views: number;
  audience: Array<{ age_group: string; male: number; female: number; user_specified: number }>;
  traffic: Array<{ source_type: number; views: number; watch_time_minutes: number }>;
}

async function page(session: string, id: string, query = ''): Promise<Answer> {
  const res = await call(`/api/video/${id}${query}`, { session });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: Answer }).data;
}

const monthOf = (day: unknown) => String(day).slice(0, 7);
const inRange = (from: string, to: string) => (r: Row) => r.video_id === VIDEO && String(r.day) >= from && String(r.day) <= to;
const total = (rows: Row[], metric: string) => rows.reduce((s, r) => s + Number(r[metric]), 0);

/** ch1's statement for a month (revenue + adjustment), or undefined. */
function statement(month: string): number | undefined {
  const f = w.finance.find((r) => r.channel_id === w.ch1.id && r.month === month);
  return f ? Number(f.revenue_micros) + Number(f.adjustment_micros) : undefined;
}

/**
 * The video's share of ch1's month statement, cut as docs/stats.md says: the channel's video months in
 * video id order, each the difference of trunc(statement × running estimate / channel estimate).
 */
function videoShare(month: string): number | null {
  const f = statement(month);
  const channelEstimate = total(
    w.daily.filter((r) => r.channel_id === w.ch1.id && monthOf(r.day) === month),
    'partner_revenue_micros',
  );
  if (f === undefined || channelEstimate <= 0) return null;
  const cut = (run: bigint) => (run === BigInt(channelEstimate) ? BigInt(f) : (BigInt(f) * run) / BigInt(channelEstimate));
  let run = 0n;
  for (const id of [VIDEO, OTHER].sort()) {
    const next =
      run +
      BigInt(
        total(
          video.filter((r) => r.video_id === id && monthOf(r.day) === month),
          'partner_revenue_micros',
        ),
      );
    if (id === VIDEO) return Number(cut(next) - cut(run));
    run = next;
  }
  return null;
}

describe('GET /api/video/{id}', () => {
  // Whole February (ch1 has its statement) between edge days of January and March.
  const from = '2026-01-20';
  const to = '2026-03-05';
  const query = `?period=custom&date_from=${from}&date_to=${to}`;

  it('sums the period, its earnings by the statement rule, and the comparison before it', async () => {
    const answer = await page(w.a.session, VIDEO, query);
    const rows = video.filter(inRange(from, to));
    expect(answer.video).toMatchObject({ video_id: VIDEO, channel_id: w.ch1.key });
    expect(answer.figures.views).toBe(total(rows, 'views'));
    expect(answer.figures.engaged_views).toBe(total(rows, 'engaged_views'));
    expect(answer.figures.watch_time_minutes).toBe(total(rows, 'watch_time_minutes'));
    expect(answer.figures.subscribers_gained).toBe(total(rows, 'subscribers_gained'));
    expect(answer.figures.impressions).toBe(total(rows, 'impressions'));
    const february = videoShare('2026-02');
    expect(february).not.toBeNull();
    const edges = rows.filter((r) => monthOf(r.day) !== '2026-02');
    expect(answer.figures.finance_micros).toBe(february);
    expect(answer.figures.earnings_micros).toBe((february ?? 0) + total(edges, 'partner_revenue_micros'));
    expect(answer.earnings_basis).toBe('mixed');
    // The 45 days before: no whole month, every day its estimate.
    expect(answer.compare_range).toEqual({ from: '2025-12-06', to: '2026-01-19' });
    const before = video.filter(inRange('2025-12-06', '2026-01-19'));
    expect(answer.compare?.views).toBe(total(before, 'views'));
    expect(answer.compare?.earnings_micros).toBe(total(before, 'partner_revenue_micros'));
  });

  it('draws one bar a day, whose February days add up to its statement share exactly', async () => {
    const answer = await page(w.a.session, VIDEO, query);
    expect(answer.chart_period).toBe('day');
    expect(answer.series.map((p) => p.period)).toEqual(daysBetween(from, to));
    for (const p of answer.series) expect(p.views).toBe(total(video.filter(inRange(p.period, p.period)), 'views'));
    const feb = answer.series.filter((p) => monthOf(p.period) === '2026-02');
    expect(total(feb as unknown as Row[], 'earnings_micros')).toBe(videoShare('2026-02'));
    const march = answer.series.find((p) => p.period === '2026-03-01');
    expect(march?.earnings_micros).toBe(total(video.filter(inRange('2026-03-01', '2026-03-01')), 'partner_revenue_micros'));
  });

  it('lists countries, traffic sources and the audience grid from the period', async () => {
    const answer = await page(w.a.session, VIDEO, query);
    const byCountry = new Map<string, number>();
    for (const r of countries.filter(inRange(from, to)))
      byCountry.set(String(r.country_code), (byCountry.get(String(r.country_code)) ?? 0) + Number(r.views));
    const sorted = [...byCountry].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    expect(answer.countries.map((c) => [c.country_code, c.views])).toEqual(sorted.slice(0, 10));
    expect(answer.other_countries_views).toBe(sorted.slice(10).reduce((s, [, v]) => s + v, 0));
    const sources = [1, 3, 5, 24].map((source) => ({
      source_type: source,
      views: total(traffic.filter((r) => r.source_type === source).filter(inRange(from, to)), 'views'),
    }));
    expect(
      answer.traffic.map((s) => ({ source_type: s.source_type, views: s.views })).sort((a, b) => a.source_type - b.source_type),
    ).toEqual(sources);
    // Cells: whole February's rounded month plus the edge days' fractional views, shares of the grid.
    const cell = (age: string, gender: string) => {
      const rows = audience.filter((r) => r.age_group === age && r.gender === gender).filter(inRange(from, to));
      const feb = Math.round(
        total(
          rows.filter((r) => monthOf(r.day) === '2026-02'),
          'views',
        ),
      );
      return (
        feb +
        total(
          rows.filter((r) => monthOf(r.day) !== '2026-02'),
          'views',
        )
      );
    };
    const grid = AGES.flatMap((age) => ['male', 'female', 'user_specified'].map((g) => cell(age, g)));
    const sum = grid.reduce((s, v) => s + v, 0);
    const first = answer.audience.find((r) => r.age_group === '13-17');
    expect(first?.male).toBe(Math.round((cell('13-17', 'male') / sum) * 10_000) / 100);
  });

  it('reads a lifetime by month, every month by its statement where it has one', async () => {
    const answer = await page(w.a.session, VIDEO, '?period=life');
    expect(answer.range).toBeNull();
    expect(answer.chart_period).toBe('month');
    expect(answer.series.map((p) => p.period)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    let expected = 0;
    for (const month of ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03']) {
      const estimate = total(
        video.filter((r) => r.video_id === VIDEO && monthOf(r.day) === month),
        'partner_revenue_micros',
      );
      expected += videoShare(month) ?? estimate;
    }
    expect(answer.figures.earnings_micros).toBe(expected);
    expect(answer.figures.views).toBe(
      total(
        video.filter((r) => r.video_id === VIDEO),
        'views',
      ),
    );
  });

  it('answers 404 for a video outside the user scope, as for one that does not exist', async () => {
    // B sees chB and ch2, not ch1.
    for (const id of [VIDEO, 'zzzzzzzzzzz']) {
      const res = await call(`/api/video/${id}`, { session: w.b.session });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('Channel');
    }
    expect((await page(w.b.session, 'vid00000003')).video.video_id).toBe('vid00000003');
  });

  it('refuses a bad id, period or dates with a 400 that says what to fix, and a signed-out call with 401', async () => {
    for (const [path, field] of [
      ['/api/video/short', 'YouTube video id'],
      [`/api/video/${VIDEO}?period=42`, 'period'],
      [`/api/video/${VIDEO}?period=custom`, 'date_from'],
      [`/api/video/${VIDEO}?date_from=2026-02-01`, 'date_to'],
      [`/api/video/${VIDEO}?date_from=2026-02-10&date_to=2026-02-01`, 'date_to'],
      [`/api/video/${VIDEO}?date_from=2026-02-01&date_to=2999-01-01`, 'date_to'],
    ] as const) {
      const res = await call(path, { session: w.a.session });
      expect(res.status, path).toBe(400);
      expect(await res.text(), path).toContain(field);
    }
    expect((await call(`/api/video/${VIDEO}`)).status).toBe(401);
  });
});
