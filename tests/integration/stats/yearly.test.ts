// Long ranges read the yearly totals (migration 0011): lifetime geography and demography must equal
// the sums of the monthly rows they replace, and stay equal when months are rewritten or deleted.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../factories';
import { call, signIn } from '../http';
import { createChannel, insertRows, type Row } from '../rollup/factory';

const MONTHS = [
  '2023-11',
  '2023-12',
  ...Array.from({ length: 24 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}`).map((m, i) =>
    i < 12 ? m : `2025-${String(i - 11).padStart(2, '0')}`,
  ),
  '2026-01',
  '2026-02',
];
// 2023-11 .. 2026-02: years 2024 and 2025 are whole, the rest are edge months.
const RANGE = { date_from: '2023-11-01', date_to: '2026-02-28' };
const AGES = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'];

let session: string;
let channels: number[];
let audience: Row[];
let countries: Row[];

beforeEach(async () => {
  const user = await createUser();
  channels = [await createChannel(), await createChannel(), await createChannel()];
  await insertRows(
    'channel_grants',
    channels.map((channel_id) => ({ user_id: user.id, channel_id, created_at: 1 })),
  );
  audience = [];
  countries = [];
  channels.forEach((channel_id, c) =>
    MONTHS.forEach((month, m) => {
      AGES.forEach((age_group, a) =>
        ['male', 'female'].forEach((gender, g) => {
          audience.push({ channel_id, month, age_group, gender, views: (((c + 1) * 97 + m * 13 + a * 7 + g * 29) % 400) + 10 });
        }),
      );
      ['US', 'DE', 'IN'].forEach((country_code, k) => {
        countries.push({ channel_id, month, country_code, views: (((c + 2) * 53 + m * 11 + k * 31) % 900) + 5 });
      });
    }),
  );
  await insertRows('channel_audience_monthly', audience);
  await insertRows('channel_country_monthly', countries);
  session = await signIn(user.email, user.password ?? '');
});

async function post<T>(path: string): Promise<T> {
  const res = await call(path, { session, body: RANGE });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

const total = (rows: Row[], where: (r: Row) => boolean = () => true) => rows.filter(where).reduce((s, r) => s + Number(r.views), 0);
const pct = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 100;

describe('lifetime ranges over the yearly totals', () => {
  it('geography equals the monthly sums per country', async () => {
    const got = await post<{ total_views: number; countries: Array<{ code2: string; views: number }> }>('/api/stat/location');
    expect(got.total_views).toBe(total(countries));
    for (const code of ['US', 'DE', 'IN']) {
      expect(got.countries.find((c) => c.code2 === code)?.views).toBe(total(countries, (r) => r.country_code === code));
    }
  });

  it('demography equals the monthly sums per cell, with the top channels in order', async () => {
    const [got] =
      await post<Array<{ male: number; ages: { female_age: Record<string, number> }; details: Array<{ channel_id: string }> }>>(
        '/api/stat/demographics',
      );
    const all = total(audience);
    expect(got?.male).toBe(
      pct(
        total(audience, (r) => r.gender === 'male'),
        all,
      ),
    );
    expect(got?.ages.female_age['35-44']).toBe(
      pct(
        total(audience, (r) => r.gender === 'female' && r.age_group === '35-44'),
        all,
      ),
    );
    const order = [...channels].sort(
      (a, b) => total(audience, (r) => r.channel_id === b) - total(audience, (r) => r.channel_id === a) || a - b,
    );
    const keys = await env.DB.prepare('SELECT id, youtube_id FROM channels WHERE id IN (?, ?, ?)')
      .bind(...channels)
      .all<{ id: number; youtube_id: string }>();
    const key = new Map(keys.results.map((r) => [r.id, r.youtube_id]));
    expect(got?.details.map((d) => d.channel_id)).toEqual(order.map((id) => key.get(id)));
  });

  it('follows months that are rewritten and deleted', async () => {
    await env.DB.prepare("UPDATE channel_country_monthly SET views = views + 1000 WHERE month = '2024-06' AND country_code = 'DE'").run();
    await env.DB.prepare("DELETE FROM channel_country_monthly WHERE month = '2025-03' AND country_code = 'US'").run();
    const expected = countries
      .filter((r) => !(r.month === '2025-03' && r.country_code === 'US'))
      .map((r) => (r.month === '2024-06' && r.country_code === 'DE' ? { ...r, views: Number(r.views) + 1000 } : r));
    const got = await post<{ total_views: number; countries: Array<{ code2: string; views: number }> }>('/api/stat/location');
    expect(got.total_views).toBe(total(expected));
    expect(got.countries.find((c) => c.code2 === 'DE')?.views).toBe(total(expected, (r) => r.country_code === 'DE'));
    expect(got.countries.find((c) => c.code2 === 'US')?.views).toBe(total(expected, (r) => r.country_code === 'US'));
  });
});
