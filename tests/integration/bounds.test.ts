// Dates, ranges and sizes at their extremes on every route that takes them: a 4xx naming the field, never a hang or a 500.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { BREAKDOWN_METRICS } from '../../src/server/stats/metrics';
import { call } from './http';
import { insertPartnerRows } from './partner-facts';
import { buildWorld, LAST_DAY, metrics, type World } from './stats/world';
import { errorAnswer } from './error-answer';

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});

/** Days no real request names: the ends of four-digit years, past them, and before year 0. */
const EXTREME_DAYS = ['0000-01-01', '9999-12-31', '10000-01-01', '-000001-01-01', '+010000-01-01'];
const EXTREME_RANGES: Array<[string, string]> = [
  ...EXTREME_DAYS.map((d): [string, string] => [d, d]),
  ['2015-01-01', '9999-12-31'],
  ['2015-01-01', '5000-12-31'],
  ['0000-01-01', '9999-12-31'],
  ['2026-01-01', '10000-01-01'],
];
const HUGE_NUMBERS = ['100000000', '9999999999', '1e300', '99999999999999999999999', '-1', 'NaN', 'Infinity'];

const STAT_PATHS = ['base', 'base/subscribers/total', 'engagement', 'location', 'demographics', ...BREAKDOWN_METRICS].map(
  (p) => `/api/stat/${p}`,
);

/** A refused request: 4xx, the JSON envelope only, and a message naming `field`. */
async function expectRefused(res: Response, field: string): Promise<void> {
  const text = await res.text();
  expect(res.status, text).toBeGreaterThanOrEqual(400);
  expect(res.status, text).toBeLessThan(500);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['error', 'request_id']);
  expect(body.error).toMatch(new RegExp(`^(${field})(\\.\\d+)?: `));
}

async function stat(path: string, body: Record<string, unknown>): Promise<Response> {
  return call(path, { session: w.a.session, body });
}

describe('the reported requests', () => {
  it('answers 400 naming date_to for 2026-01-01 .. 9999-12-31 by week', async () => {
    const res = await stat('/api/stat/base', { date_from: '2026-01-01', date_to: '9999-12-31', chart_period: 'week' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorAnswer(expect.stringMatching(/^date_to: must be between 2015-01-01 and \d{4}-\d{2}-\d{2}$/)));
  });

  it('answers 400, not 500, for months to 9999 and for 2015 .. 5000 by day', async () => {
    await expectRefused(await stat('/api/stat/base', { date_from: '2026-01-01', date_to: '9999-12-31', chart_period: 'month' }), 'date_to');
    await expectRefused(await stat('/api/stat/base', { date_from: '2015-01-01', date_to: '5000-12-31', chart_period: 'days' }), 'date_to');
  });

  it('still answers every legitimate view: lifetime and 2015 onwards by day, week and month', async () => {
    for (const chart_period of ['days', 'week', 'month'] as const) {
      const res = await stat('/api/stat/base', { date_from: '2015-01-01', date_to: LAST_DAY, chart_period });
      expect(res.status, await res.clone().text()).toBe(200);
      const { data } = (await res.json()) as { data: { views: Array<{ date: string }> } };
      expect(data.views[0]?.date).toBe('2015-01-01');
    }
    const lifetime = await stat('/api/stat/views', { chart_period: 'days' });
    expect(lifetime.status).toBe(200);
  });

  it('draws a lifetime too long for day buckets by month instead of failing', async () => {
    // Facts from 2005 to 2040: 12,934 days, over MAX_CHART_BUCKETS; the client cannot know the length.
    await insertPartnerRows(
      'channel_daily',
      ['2005-01-03', '2040-06-01'].map((day, i) => ({ channel_id: w.ch1.id, day, ...metrics(900 + i) })),
    );
    const res = await stat('/api/stat/base', { chart_period: 'days' });
    expect(res.status, await res.clone().text()).toBe(200);
    const { data } = (await res.json()) as { data: { views: Array<{ date: string; range: { to: string } }> } };
    expect(data.views).toHaveLength(426);
    expect(data.views[1]).toMatchObject({ date: '2005-02-01', range: { to: '2005-02-28' } });
  });
});

describe('stat calls at the extremes', () => {
  const cases = STAT_PATHS.flatMap((path) => [
    ...EXTREME_RANGES.flatMap(([from, to]) =>
      (['days', 'week', 'month'] as const).map((period) => ({ path, body: { date_from: from, date_to: to, chart_period: period } })),
    ),
    // A comparison wholly before 2015 (0000-01-01 .. 0000-01-01) is dropped, not refused: stats/compare.test.ts.
    ...EXTREME_RANGES.filter(([, to]) => to >= '2015').map(([from, to]) => ({
      path,
      body: { date_from: '2026-01-01', date_to: '2026-02-01', compare_from: from, compare_to: to },
    })),
  ]);

  it.each(STAT_PATHS)('%s refuses every extreme range with a 4xx naming a date field', async (path) => {
    for (const { body } of cases.filter((c) => c.path === path)) {
      await expectRefused(await stat(path, body), '(date_from|date_to|compare_from|compare_to|chart_period)');
    }
  });

  it.each(['/api/stat/dates', '/api/stat/forecast', ...STAT_PATHS])('%s refuses oversized lists', async (path) => {
    await expectRefused(await stat(path, { titles: Array.from({ length: 2001 }, (_, i) => i + 1) }), 'titles');
  });
});

describe('details and analytics calls past the latest day', () => {
  // Each is refused with a 400 naming date_to, and nothing in the Worker is left rejecting unhandled
  // (vitest fails the run on one): these calls resolve their request in a helper of their own.
  const DETAILS = ['', '/total', '/finance', '/graph', '/audience', '/map'].map((p) => `/api/stat/details${p}`);
  const FAR = { date_from: '2026-01-01', date_to: '2099-01-01' };

  it.each(DETAILS)('%s refuses it', async (path) => {
    await expectRefused(await stat(path, { ...FAR, top_field: 'views', group: 'channels' }), 'date_to');
  });

  it('/api/stat/extended refuses it', async () => {
    await env.DB.prepare("UPDATE users SET dashboard = 'analytics' WHERE id = ?").bind(w.a.id).run();
    try {
      await expectRefused(await stat('/api/stat/extended', { ...FAR, group: 'channels' }), 'date_to');
    } finally {
      await env.DB.prepare('UPDATE users SET dashboard = NULL WHERE id = ?').bind(w.a.id).run();
    }
  });
});

/** Every compatibility path and the values its own required parameters need to reach the rest. */
const COMPAT_GET: Record<string, Record<string, string>> = {
  '/tools/get_langs': {},
  '/tools/get_periods': {},
  '/tools/get_categories': {},
  '/tools/get_countries': {},
  '/trends/countries': {},
  '/stat/get_top_channels': {},
  '/stat/get_top_networks': {},
  '/stat/get_channels_top_by_mcn': { network_mcn: 'some-network' },
  '/stat/get_diff_report': {},
  '/stat/get_main_graph': {},
  '/stat/get_country_reports': {},
  '/stat/get_category_reports': {},
  '/stat/get_language_reports': {},
  '/stat/top_random_channels': {},
  '/stat/get_global_top_channels': {},
  '/stat/get_global_top_networks': {},
  '/stat/channel_info': { channel_id: `UC${'a'.repeat(22)}` },
  '/stat/get_daily_data': { channel_id: `UC${'a'.repeat(22)}` },
  '/stat/archive': { channel_id: `UC${'a'.repeat(22)}` },
  '/stat/similar_channels': { channel_id: `UC${'a'.repeat(22)}` },
  '/stat/channel_uploads': { channel_id: `UC${'a'.repeat(22)}` },
  '/trends/main': {},
  '/trends/video': { video_id: 'abcdefghijk' },
  '/trends/channel': { channel_id: `UC${'a'.repeat(22)}` },
  '/stat/form_max_values': {},
  '/stat/user_search': { str: 'music' },
  '/tools/get_tags': { str: 'music' },
  '/trends/search': { str: 'music' },
};
/** Paths that read `period`: an out-of-range month is refused before anything runs. */
const PERIOD_PATHS = Object.keys(COMPAT_GET).filter((p) =>
  /get_top|by_mcn|get_diff|get_main|_reports|random|global_top|channel_info|daily_data|trends\/channel/.test(p),
);
const EXTREME_PERIODS = ['0000-01', '2013-12', '9999-12', '10000-01', '-000001-01', '0000-01-01', '9999-12-31', '+010000-01'];
/** The size and number parameters each path reads; the others get them all at once, and ignore them. */
const GLOBAL_PATH = /get_diff|get_main|_reports|random|global_top/;
const SIZE_KEYS_OF = (path: string): string[] =>
  (
    ({
      '/stat/get_top_channels': ['limit', 'page', 'category'],
      '/stat/get_top_networks': ['limit', 'page'],
      '/stat/get_channels_top_by_mcn': ['limit', 'page'],
      '/trends/main': ['limit', 'offset', 'hour'],
    }) as Record<string, string[]>
  )[path] ?? (GLOBAL_PATH.test(path) ? ['category'] : []);
const ALL_SIZE_KEYS = ['limit', 'page', 'offset', 'last', 'count', 'hour', 'category'];

const compat = (method: 'GET' | 'POST', path: string, values: Record<string, string>) => {
  const query = new URLSearchParams({ path: `/youtube/api${path}`, ...(method === 'GET' ? values : {}) });
  return method === 'GET'
    ? call(`/api/analytics?${query}`)
    : call(`/api/analytics?${query}`, {
        method,
        body: new URLSearchParams(values).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
};

/** Never a 5xx; a 4xx carries only the JSON envelope. */
async function expectNoServerError(res: Response, label: string): Promise<void> {
  const text = await res.text();
  expect(res.status, `${label}: ${text}`).toBeLessThan(500);
  if (res.status >= 400) expect(Object.keys(JSON.parse(text) as object), label).toEqual(['error', 'request_id']);
}

describe('compatibility paths at the extremes', () => {
  it.each(PERIOD_PATHS)('%s refuses a period outside 2014-01 .. this month', async (path) => {
    for (const period of EXTREME_PERIODS) await expectRefused(await compat('GET', path, { ...COMPAT_GET[path], period }), 'period');
  });

  it.each(Object.keys(COMPAT_GET))('%s never fails on extreme dates, hours or sizes', async (path) => {
    const base = COMPAT_GET[path] ?? {};
    for (const period of EXTREME_PERIODS)
      await expectNoServerError(await compat('GET', path, { ...base, period }), `${path} period=${period}`);
    for (const value of [...HUGE_NUMBERS, ...EXTREME_DAYS]) {
      for (const key of SIZE_KEYS_OF(path))
        await expectNoServerError(await compat('GET', path, { ...base, [key]: value }), `${path} ${key}=${value}`);
      const all = Object.fromEntries(ALL_SIZE_KEYS.map((key) => [key, value]));
      await expectNoServerError(await compat('GET', path, { ...all, ...base }), `${path} every size=${value}`);
    }
  });

  it('POST /stat/search refuses huge offsets, counts, bounds and category lists with a 400 naming them', async () => {
    // Bounds up to 10^15 are fair (larger than any YouTube counter); past that they are refused.
    const refused = {
      last: HUGE_NUMBERS,
      count: HUGE_NUMBERS,
      category: HUGE_NUMBERS.slice(2),
      form_subscriber_count_min: HUGE_NUMBERS.slice(2),
    };
    for (const [key, values] of Object.entries(refused)) {
      for (const value of values) {
        const res = await compat('POST', '/stat/search', { [key]: value });
        expect(res.status, `${key}=${value}`).toBe(400);
        await expectRefused(res, key);
      }
    }
    await expectRefused(await compat('POST', '/stat/search', { last: '1000001' }), 'last');
    await expectRefused(
      await compat('POST', '/stat/search', { category: Array.from({ length: 51 }, (_, i) => i + 1).join(',') }),
      'category',
    );
  });

  it('the rankings refuse limits over 200 and the trends page limits over 200', async () => {
    await expectRefused(await compat('GET', '/stat/get_top_channels', { limit: '201' }), 'limit');
    await expectRefused(await compat('GET', '/stat/get_top_channels', { page: '1000001' }), 'page');
    await expectRefused(await compat('GET', '/trends/main', { limit: '201' }), 'limit');
  });
});
