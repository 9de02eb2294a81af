// Rows for the global stats tests: global totals in three periods, six channels with figures, two networks.
import { env } from 'cloudflare:test';
import { createChannel, createNetwork, insertRows, type Row } from '../rollup/factory';

/** channel_now's snapshot day: 45 days before it is in February, so 'now' compares with 2026-02. */
export const LATEST_DAY = '2026-03-20';

export interface StatRow {
  period: string;
  category_id: number;
  language_code: string;
  country_code: string;
  channels_count: number;
  subscriber_count: number;
  monthly_views: number;
  monthly_subs: number;
  video_count: number;
  watch_time_minutes: number;
}

function stat(period: string, category: number, lang: string, country: string, n: number): StatRow {
  return {
    period,
    category_id: category,
    language_code: lang,
    country_code: country,
    channels_count: (n % 3) + 1,
    subscriber_count: n * 1000 + 7,
    monthly_views: n * 100 + 3,
    monthly_subs: n * 10 + 1,
    video_count: n + 2,
    watch_time_minutes: n * 250,
  };
}

/** The totals table's rows: each period has the same keys with different figures, plus unknown keys. */
export const STATS: StatRow[] = [
  stat('2026-02', 20, 'en', 'US', 5),
  stat('2026-02', 10, 'es', 'MX', 3),
  stat('2026-02', 20, 'es', 'US', 2),
  stat('2026-02', 0, '', 'ZZ', 1),
  stat('2026-03', 20, 'en', 'US', 8),
  stat('2026-03', 10, 'es', 'MX', 4),
  stat('2026-03', 20, 'es', 'US', 6),
  stat('2026-03', 0, '', 'ZZ', 2),
  stat('2026-03', 10, 'en', 'GB', 9),
  stat('now', 20, 'en', 'US', 11),
  stat('now', 10, 'es', 'MX', 7),
  stat('now', 20, 'es', 'US', 3),
  stat('now', 0, '', 'ZZ', 4),
  stat('now', 10, 'en', 'GB', 12),
];

export interface Tracked {
  id: number;
  youtubeId: string;
  categoryId: number;
  languageCode: string;
  countryCode: string;
  networkId: number | null;
  now: { monthly_views: number; subscriber_count: number; monthly_subs: number };
  months: Record<string, { monthly_views: number; subscriber_count: number; monthly_subs: number }>;
}

export interface GlobalWorld {
  channels: Tracked[];
  networks: { id: number; slug: string; name: string }[];
}

const DIMENSIONS: [number, string, string][] = [
  [20, 'en', 'US'],
  [10, 'es', 'MX'],
  [20, 'es', 'US'],
  [10, 'en', 'GB'],
  [20, 'en', 'US'],
  [10, 'en', 'US'],
  [20, 'en', 'GB'],
];

/** Inserts the totals, the channels with their 'now' and month figures, and two public networks. */
export async function seedGlobalWorld(): Promise<GlobalWorld> {
  await insertRows('global_stats', STATS as unknown as Row[]);
  const netA = await createNetwork();
  const netB = await createNetwork();
  const hidden = await createNetwork(false);
  const networkOf = [netA, netB, netA, hidden, netB, null, netA];
  const channels: Tracked[] = [];
  for (const [i, [categoryId, languageCode, countryCode]] of DIMENSIONS.entries()) {
    const networkId = networkOf[i] ?? null;
    const id = await createChannel({ categoryId, languageCode, countryCode, networkId });
    const youtubeId = (await env.DB.prepare('SELECT youtube_id FROM channels WHERE id = ?').bind(id).first<{ youtube_id: string }>())!
      .youtube_id;
    const fig = (base: number) => ({ monthly_views: base, subscriber_count: base * 3 + i, monthly_subs: ((i * 37) % 11) + base / 100 });
    channels.push({
      id,
      youtubeId,
      categoryId,
      languageCode,
      countryCode,
      networkId,
      now: fig(10_000 + ((i * 7919) % 13) * 1000),
      months: { '2026-02': fig(9_000 + i * 500), '2026-03': fig(20_000 - i * 1500) },
    });
  }
  await insertRows(
    'channel_now',
    channels.map((c) => ({
      channel_id: c.id,
      day: LATEST_DAY,
      video_count: 5,
      view_count: 1_000_000,
      watch_time_minutes: 0,
      earnings_micros: 0,
      ...c.now,
    })),
  );
  await insertRows(
    'channel_history_monthly',
    channels.flatMap((c) =>
      Object.entries(c.months).map(([month, f]) => ({
        channel_id: c.id,
        month,
        video_count: 5,
        view_count: 1_000_000,
        watch_time_minutes: 0,
        earnings_micros: 0,
        ...f,
      })),
    ),
  );
  await insertRows('network_stats', [
    {
      network_id: netA,
      period: 'now',
      channels_count: 3,
      subscriber_count: 900,
      monthly_views: 5000,
      monthly_subs: 40,
      position: 1,
      previous_position: 2,
    },
    {
      network_id: netB,
      period: 'now',
      channels_count: 2,
      subscriber_count: 800,
      monthly_views: 4000,
      monthly_subs: 30,
      position: 2,
      previous_position: null,
    },
  ]);
  const { results } = await env.DB.prepare('SELECT id, slug, name FROM networks WHERE id IN (?, ?)')
    .bind(netA, netB)
    .all<{ id: number; slug: string; name: string }>();
  return { channels, networks: results };
}
